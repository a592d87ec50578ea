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

// Scalar product (after the CUDA SDK's scalarProd): block p of 256 threads
// takes the dot product of vector pair p (4096 elements): every thread sums
// a strided share of the products in a loop, stores its partial sum to
// workgroup memory, then a tree reduction with a barrier per step; thread 0
// writes the block's result. 6 pairs.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scalar_prod(%a: memref<?x4096xi32>, %b: memref<?x4096xi32>,
                          %out: memref<?xi32>)
        workgroup(%acc: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %c4096 = arith.constant 4096 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %pair = gpu.block_id x
      %sum = scf.for %i = %tx to %c4096 step %c256 iter_args(%s = %zero) -> (i32) {
        %x = memref.load %a[%pair, %i] : memref<?x4096xi32>
        %y = memref.load %b[%pair, %i] : memref<?x4096xi32>
        %p = arith.muli %x, %y : i32
        %n = arith.addi %s, %p : i32
        scf.yield %n : i32
      }
      memref.store %sum, %acc[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %stride = arith.shrui %c128, %level : index
        %on = arith.cmpi ult, %tx, %stride : index
        scf.if %on {
          %o = arith.addi %tx, %stride : index
          %u = memref.load %acc[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %v = memref.load %acc[%o] : memref<256xi32, #gpu.address_space<workgroup>>
          %w = arith.addi %u, %v : i32
          memref.store %w, %acc[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %isFirst = arith.cmpi eq, %tx, %c0 : index
      scf.if %isFirst {
        %total = memref.load %acc[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
        memref.store %total, %out[%pair] : memref<?xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c13 = arith.constant 13 : index
    %c17 = arith.constant 17 : index
    %c31 = arith.constant 31 : index
    %c211 = arith.constant 211 : index
    %c256 = arith.constant 256 : index
    %c1009 = arith.constant 1009 : index
    %c4096 = arith.constant 4096 : index
    %c7919 = arith.constant 7919 : index
    %i105 = arith.constant 105 : i32
    %i500 = arith.constant 500 : i32
    %pairs = arith.constant 6 : index
    %h_a = memref.alloc(%pairs) : memref<?x4096xi32>
    %h_b = memref.alloc(%pairs) : memref<?x4096xi32>
    %h_out = memref.alloc(%pairs) : memref<?xi32>
    scf.for %p = %c0 to %pairs step %c1 {
      scf.for %k = %c0 to %c4096 step %c1 {
        %pb = arith.muli %p, %c4096 : index
        %i = arith.addi %pb, %k : index
        %a0 = arith.muli %i, %c7919 : index
        %a1 = arith.addi %a0, %c13 : index
        %a2 = arith.muli %a1, %i : index
        %a3 = arith.remui %a2, %c1009 : index
        %a4 = arith.index_cast %a3 : index to i32
        %av = arith.subi %a4, %i500 : i32
        memref.store %av, %h_a[%p, %k] : memref<?x4096xi32>
        %b0 = arith.muli %i, %c31 : index
        %b1 = arith.addi %b0, %c17 : index
        %b2 = arith.muli %b1, %i : index
        %b3 = arith.remui %b2, %c211 : index
        %b4 = arith.index_cast %b3 : index to i32
        %bv = arith.subi %b4, %i105 : i32
        memref.store %bv, %h_b[%p, %k] : memref<?x4096xi32>
      }
    }
    %d_a = gpu.alloc (%pairs) : memref<?x4096xi32>
    %d_b = gpu.alloc (%pairs) : memref<?x4096xi32>
    %d_out = gpu.alloc (%pairs) : memref<?xi32>
    gpu.memcpy %d_a, %h_a : memref<?x4096xi32>, memref<?x4096xi32>
    gpu.memcpy %d_b, %h_b : memref<?x4096xi32>, memref<?x4096xi32>
    gpu.launch_func @kernels::@scalar_prod blocks in (%pairs, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%d_a : memref<?x4096xi32>, %d_b : memref<?x4096xi32>, %d_out : memref<?xi32>)
    gpu.memcpy %h_out, %d_out : memref<?xi32>, memref<?xi32>
    %u = memref.cast %h_out : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [6]
// CHECK-NEXT: [1142986,  -400101,  1397966,  1261636,  -2027411,  -113647]
