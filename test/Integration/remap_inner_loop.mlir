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

// A constant-trip loop inside a phase reads the first four elements of the
// block's buffer (the same for every thread): wc-remap unrolls it, and the
// reads become broadcasts.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @weights(%in: memref<128xi32>, %out: memref<128xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c64 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<128xi32>
      memref.store %x, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %own = memref.load %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %own) -> (i32) {
        %v = memref.load %buf[%k] : memref<64xi32, #gpu.address_space<workgroup>>
        %k1 = arith.addi %k, %c1 : index
        %w = arith.index_cast %k1 : index to i32
        %p = arith.muli %v, %w : i32
        %next = arith.addi %acc, %p : i32
        scf.yield %next : i32
      }
      memref.store %sum, %out[%gid] : memref<128xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c500 = arith.constant 500 : index
    %c1009 = arith.constant 1009 : index
    %c7919 = arith.constant 7919 : index
    %c13 = arith.constant 13 : index
    %h_in = memref.alloc() : memref<128xi32>
    %h_out = memref.alloc() : memref<128xi32>
    scf.for %i = %c0 to %c128 step %c1 {
      %a = arith.muli %i, %c7919 : index
      %b = arith.addi %a, %c13 : index
      %m = arith.muli %b, %i : index
      %r = arith.remui %m, %c1009 : index
      %ri = arith.index_cast %r : index to i32
      %c500_i32 = arith.constant 500 : i32
      %v = arith.subi %ri, %c500_i32 : i32
      memref.store %v, %h_in[%i] : memref<128xi32>
    }
    %d_in = gpu.alloc () : memref<128xi32>
    %d_out = gpu.alloc () : memref<128xi32>
    gpu.memcpy %d_in, %h_in : memref<128xi32>, memref<128xi32>
    gpu.launch_func @kernels::@weights blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_in : memref<128xi32>, %d_out : memref<128xi32>)
    gpu.memcpy %h_out, %d_out : memref<128xi32>, memref<128xi32>
    %u = memref.cast %h_out : memref<128xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [128]
// CHECK-NEXT: [227,  1096,  650,  907,  858,  503,  851,  893,  629,  1068,  1201,  1028,  549,  773,  691,  303,  618,  627,  330,  736,  836,  630,  1127,  309,  1203,  782,  1064,  1040,  710,  1083,  1150,  911,  366,  524,  376,  931,  1180,  1123,  760,  1100,  1134,  862,  284,  409,  228,  750,  966,  876,  480,  787,  788,  483,  881,  973,  759,  239,  422,  299,  879,  1153,  1121,  783,  1148,  1207,  -1988,  -2541,  -2391,  -2547,  -2000,  -1759,  -1824,  -2195,  -1863,  -1837,  -2117,  -2703,  -2586,  -1766,  -2261,  -2053,  -2151,  -2555,  -2256,  -2263,  -2576,  -2186,  -2102,  -2324,  -1843,  -2677,  -1799,  -2236,  -1970,  -2010,  -2356,  -1999,  -1948,  -2203,  -1755,  -2622,  -1777,  -2247,  -2014,  -2087,  -2466,  -2142,  -2124,  -2412,  -1997,  -1888,  -2085,  -2588,  -2388,  -2494,  -1897,  -2615,  -2630,  -1942,  -2569,  -2493,  -1714,  -2250,  -2083,  -2222,  -2667,  -2409,  -2457,  -1802]
