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

// 256-bin histogram merge (after CUDA's histogram256 sample): block b sums
// bin b over 600 partial histograms, each thread a strided share, then a
// tree reduction over its 256 threads in workgroup memory.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @merge(%partial: memref<600x256xi32>, %hist: memref<256xi32>)
        workgroup(%sums: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %c600 = arith.constant 600 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %bin = gpu.block_id x
      %acc = scf.for %i = %tx to %c600 step %c256 iter_args(%s = %zero) -> (i32) {
        %v = memref.load %partial[%i, %bin] : memref<600x256xi32>
        %n = arith.addi %s, %v : i32
        scf.yield %n : i32
      }
      memref.store %acc, %sums[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %stride = arith.shrui %c128, %level : index
        %on = arith.cmpi ult, %tx, %stride : index
        scf.if %on {
          %p = arith.addi %tx, %stride : index
          %a = memref.load %sums[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %b = memref.load %sums[%p] : memref<256xi32, #gpu.address_space<workgroup>>
          %r = arith.addi %a, %b : i32
          memref.store %r, %sums[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %isFirst = arith.cmpi eq, %tx, %c0 : index
      scf.if %isFirst {
        %total = memref.load %sums[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
        memref.store %total, %hist[%bin] : memref<256xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %c256 = arith.constant 256 : index
    %c600 = arith.constant 600 : index
    %h_partial = memref.alloc() : memref<600x256xi32>
    %h_hist = memref.alloc() : memref<256xi32>
    scf.for %i = %c0 to %c600 step %c1 {
      scf.for %b = %c0 to %c256 step %c1 {
        %x = arith.muli %i, %c7 : index
        %y = arith.addi %x, %b : index
        %v = arith.remui %y, %c13 : index
        %vi = arith.index_cast %v : index to i32
        memref.store %vi, %h_partial[%i, %b] : memref<600x256xi32>
      }
    }
    %d_partial = gpu.alloc () : memref<600x256xi32>
    %d_hist = gpu.alloc () : memref<256xi32>
    gpu.memcpy %d_partial, %h_partial : memref<600x256xi32>, memref<600x256xi32>
    gpu.launch_func @kernels::@merge blocks in (%c256, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%d_partial : memref<600x256xi32>, %d_hist : memref<256xi32>)
    gpu.memcpy %h_hist, %d_hist : memref<256xi32>, memref<256xi32>
    %u = memref.cast %h_hist : memref<256xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [256]
// CHECK-NEXT: [3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598,  3600,  3602,  3604,  3606,  3595,  3597,  3599,  3601,  3603,  3605,  3594,  3596,  3598]
