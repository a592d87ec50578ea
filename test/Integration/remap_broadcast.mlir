// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// For wc-remap: broadcasts through workgroup memory in 96-thread blocks
// (three 32-lane chunks, not a power of two): every thread reads the
// constant elements 0, 37 and 95 (one in each chunk) and its own element.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @broadcast(%in: memref<288xi32>, %out: memref<288xi32>)
        workgroup(%buf: memref<96xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 96, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c37 = arith.constant 37 : index
      %c95 = arith.constant 95 : index
      %c96 = arith.constant 96 : index
      %i3 = arith.constant 3 : i32
      %i5 = arith.constant 5 : i32
      %i7 = arith.constant 7 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c96 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<288xi32>
      memref.store %x, %buf[%tx] : memref<96xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %b0 = memref.load %buf[%c0] : memref<96xi32, #gpu.address_space<workgroup>>
      %b37 = memref.load %buf[%c37] : memref<96xi32, #gpu.address_space<workgroup>>
      %b95 = memref.load %buf[%c95] : memref<96xi32, #gpu.address_space<workgroup>>
      %own = memref.load %buf[%tx] : memref<96xi32, #gpu.address_space<workgroup>>
      // 5 * own + 3 * buf[0] - 7 * buf[37] + (buf[95] xor own)
      %o5 = arith.muli %own, %i5 : i32
      %z3 = arith.muli %b0, %i3 : i32
      %m7 = arith.muli %b37, %i7 : i32
      %lx = arith.xori %b95, %own : i32
      %s1 = arith.addi %o5, %z3 : i32
      %s2 = arith.subi %s1, %m7 : i32
      %v = arith.addi %s2, %lx : i32
      memref.store %v, %out[%gid] : memref<288xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c13 = arith.constant 13 : index
    %c96 = arith.constant 96 : index
    %c288 = arith.constant 288 : index
    %c1009 = arith.constant 1009 : index
    %c7919 = arith.constant 7919 : index
    %i500 = arith.constant 500 : i32
    %h_in = memref.alloc() : memref<288xi32>
    %h_out = memref.alloc() : memref<288xi32>
    scf.for %i = %c0 to %c288 step %c1 {
      %a = arith.muli %i, %c7919 : index
      %b = arith.addi %a, %c13 : index
      %m = arith.muli %b, %i : index
      %r = arith.remui %m, %c1009 : index
      %ri = arith.index_cast %r : index to i32
      %v = arith.subi %ri, %i500 : i32
      memref.store %v, %h_in[%i] : memref<288xi32>
    }
    %d_in = gpu.alloc () : memref<288xi32>
    %d_out = gpu.alloc () : memref<288xi32>
    gpu.memcpy %d_in, %h_in : memref<288xi32>, memref<288xi32>
    gpu.launch_func @kernels::@broadcast blocks in (%c3, %c1, %c1) threads in (%c96, %c1, %c1)
        args(%d_in : memref<288xi32>, %d_out : memref<288xi32>)
    gpu.memcpy %h_out, %d_out : memref<288xi32>, memref<288xi32>
    %u = memref.cast %h_out : memref<288xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [288]
// CHECK-NEXT: [-7074,  -1996,  -4804,  -3266,  -3524,  -5394,  -3490,  -3322,  -4954,  -2172,  -1642,  -2268,  -5274,  -3802,  -4706,  -6770,  -4996,  -4962,  -6596,  -4012,  -3548,  -4948,  -1938,  -6746,  -1634,  -3764,  -2188,  -2220,  -4564,  -2050,  -1780,  -3250,  -6516,  -5308,  -6412,  -3234,  -1724,  -1954,  -3852,  -1980,  -1908,  -3508,  -6844,  -6346,  -7068,  -3956,  -3028,  -3452,  -5548,  -3746,  -3740,  -5538,  -3434,  -3002,  -3858,  -7026,  -6292,  -6786,  -3442,  -1770,  -1962,  -3762,  -1788,  -1554,  -3052,  -6354,  -5242,  -6314,  -3164,  -1690,  -1948,  -3946,  -2042,  -2002,  -3570,  -7002,  -6532,  -1716,  -4722,  -3314,  -3770,  -6346,  -4700,  -4730,  -6492,  -3844,  -3508,  -4972,  -1962,  -6834,  -1786,  -4556,  -2980,  -3204,  -5036,  -3162,  3030,  1500,  3932,  -1078,  3736,  916,  2378,  1940,  -78,  1866,  1910,  246,  2416,  3390,  1952,  -1066,  390,  -566,  3336,  -1036,  -1126,  3066,  -1016,  -560,  4114,  898,  1964,  1066,  -1284,  264,  -24,  3586,  -54,  140,  -1438,  946,  2006,  782,  3968,  -736,  -1030,  2446,  -1456,  -1396,  2946,  -986,  -60,  -1290,  1634,  2530,  1910,  -610,  1024,  886,  -1024,  1476,  1884,  392,  3182,  3944,  3318,  536,  2036,  1700,  -664,  1574,  1848,  158,  2494,  3506,  2170,  -682,  556,  342,  3706,  -500,  -488,  3742,  402,  640,  -638,  2366,  3470,  2994,  426,  2012,  1890,  -132,  2000,  2104,  628,  3626,  -1522,  3602,  580,  2032,  4206,  1706,  3934,  4106,  2414,  4750,  5666,  4338,  1342,  2622,  2302,  5682,  1374,  1354,  5806,  2114,  2586,  1250,  4142,  5230,  4194,  1554,  3198,  2914,  1150,  3034,  3306,  2094,  4530,  5614,  4386,  1550,  3002,  2778,  6322,  2498,  2574,  850,  3090,  4046,  2622,  5866,  1034,  6186,  4030,  5774,  5650,  3730,  5774,  6274,  5166,  1682,  2674,  2126,  5470,  1002,  686,  4398,  670,  974,  5438,  1758,  2618,  1550,  4766,  6114,  5858,  3294,  5454,  5566,  3742,  5950,  786,  5610,  2542,  3698,  2798,  6314,  2194,  2110,  5918,  2362,  2766,  1114,  4126,  4830,  4250,  1290,  2802,  2714,  6330,  2574,  2782,  1186,  3754,  4258]
