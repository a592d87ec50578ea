// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// A thread-strided loop on i32 (`for i = tid; i < 256; i += 64`): the
// rewrite into `for k < 4` keeps the loop's type.
// wc-remap decides to unroll on the kernel as it stands, each access with
// every iteration substituted; the buffer becomes a lane array, and the
// program computes the same before and after.
// REMARKS-NOT: were unrolled, but
// REMARKS: remark: wc-remap: workgroup buffer 0 (memref<256xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<256 x i32>'
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @strided(%in: memref<256xi32>, %out: memref<256xi32>)
        workgroup(%buf: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %c255 = arith.constant 255 : index
      %tid = gpu.thread_id x
      %tid32 = arith.index_cast %tid : index to i32
      %c64_i32 = arith.constant 64 : i32
      %c256_i32 = arith.constant 256 : i32
      scf.for %i32 = %tid32 to %c256_i32 step %c64_i32 : i32 {
        %i = arith.index_cast %i32 : i32 to index
        %x = memref.load %in[%i] : memref<256xi32>
        memref.store %x, %buf[%i] : memref<256xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %i32 = %tid32 to %c256_i32 step %c64_i32 : i32 {
        %i = arith.index_cast %i32 : i32 to index
        %a = memref.load %buf[%i] : memref<256xi32, #gpu.address_space<workgroup>>
        %j = arith.addi %i, %c1 : index
        %jj = arith.andi %j, %c255 : index
        %b = memref.load %in[%jj] : memref<256xi32>
        %s = arith.addi %a, %b : i32
        memref.store %s, %out[%i] : memref<256xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %c13 = arith.constant 13 : index
    %h_in = memref.alloc() : memref<256xi32>
    %h_out = memref.alloc() : memref<256xi32>
    scf.for %i = %c0 to %c256 step %c1 {
      %r = arith.remui %i, %c13 : index
      %m = arith.muli %r, %i : index
      %v = arith.index_cast %m : index to i32
      memref.store %v, %h_in[%i] : memref<256xi32>
    }
    %d_in = gpu.alloc () : memref<256xi32>
    %d_out = gpu.alloc () : memref<256xi32>
    gpu.memcpy %d_in, %h_in : memref<256xi32>, memref<256xi32>
    gpu.launch_func @kernels::@strided blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_in : memref<256xi32>, %d_out : memref<256xi32>)
    gpu.memcpy %h_out, %d_out : memref<256xi32>, memref<256xi32>
    %u = memref.cast %h_out : memref<256xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [256] strides = [1] data =
// CHECK-NEXT: [1,  5,  13,  25,  41,  61,  85,  113,  145,  181,  221,  265,  144,  14,  44,  78,  116,  158,  204,  254,  308,  366,  428,  494,  564,  300,  27,  83,  143,  207,  275,  347,  423,  503,  587,  675,  767,  863,  456,  40,  122,  208,  298,  392,  490,  592,  698,  808,  922,  1040,  1162,  612,  53,  161,  273,  389,  509,  633,  761,  893,  1029,  1169,  1313,  1461,  768,  66,  200,  338,  480,  626,  776,  930,  1088,  1250,  1416,  1586,  1760,  924,  79,  239,  403,  571,  743,  919,  1099,  1283,  1471,  1663,  1859,  2059,  1080,  92,  278,  468,  662,  860,  1062,  1268,  1478,  1692,  1910,  2132,  2358,  1236,  105,  317,  533,  753,  977,  1205,  1437,  1673,  1913,  2157,  2405,  2657,  1392,  118,  356,  598,  844,  1094,  1348,  1606,  1868,  2134,  2404,  2678,  2956,  1548,  131,  395,  663,  935,  1211,  1491,  1775,  2063,  2355,  2651,  2951,  3255,  1704,  144,  434,  728,  1026,  1328,  1634,  1944,  2258,  2576,  2898,  3224,  3554,  1860,  157,  473,  793,  1117,  1445,  1777,  2113,  2453,  2797,  3145,  3497,  3853,  2016,  170,  512,  858,  1208,  1562,  1920,  2282,  2648,  3018,  3392,  3770,  4152,  2172,  183,  551,  923,  1299,  1679,  2063,  2451,  2843,  3239,  3639,  4043,  4451,  2328,  196,  590,  988,  1390,  1796,  2206,  2620,  3038,  3460,  3886,  4316,  4750,  2484,  209,  629,  1053,  1481,  1913,  2349,  2789,  3233,  3681,  4133,  4589,  5049,  2640,  222,  668,  1118,  1572,  2030,  2492,  2958,  3428,  3902,  4380,  4862,  5348,  2796,  235,  707,  1183,  1663,  2147,  2635,  3127,  3623,  4123,  4627,  5135,  5647,  2952,  248,  746,  1248,  1754,  2264,  2778,  3296,  3818,  2040]
