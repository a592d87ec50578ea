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
// RUN: wc-opt %s --wc-lower-to-nvvm -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOWER
// The NVVM lowering (upstream's all-reduce rewrite) takes only reductions
// marked uniform; wc-prepare marks the one every thread reaches.
// LOWER: remark: wc-prepare: 1 gpu.all_reduce reached by every thread of the block marked uniform

// gpu.all_reduce over a 100-thread block (4 warps, the last partial) in a
// uniform loop: every thread gets the block's sum, then its maximum.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @block_reduce(%out: memref<2x3xi32>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %ti = arith.index_cast %t : index to i32
      %bi = arith.index_cast %b : index to i32
      %c7 = arith.constant 7 : i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %m = arith.muli %ti, %c7 : i32
      %x = arith.addi %m, %bi : i32
      %sum = gpu.all_reduce add %x uniform {} : (i32) -> (i32)
      %max = gpu.all_reduce maxsi %x uniform {} : (i32) -> (i32)
      %min = gpu.all_reduce minsi %x {} : (i32) -> (i32)
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %sum, %out[%b, %c0] : memref<2x3xi32>
        memref.store %max, %out[%b, %c1] : memref<2x3xi32>
        %c2 = arith.constant 2 : index
        memref.store %min, %out[%b, %c2] : memref<2x3xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c100 = arith.constant 100 : index
    %h = memref.alloc() : memref<2x3xi32>
    %d = gpu.alloc () : memref<2x3xi32>
    gpu.launch_func @kernels::@block_reduce blocks in (%c2, %c1, %c1) threads in (%c100, %c1, %c1)
        args(%d : memref<2x3xi32>)
    gpu.memcpy %h, %d : memref<2x3xi32>, memref<2x3xi32>
    %u = memref.cast %h : memref<2x3xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [2, 3]
// CHECK-NEXT: {{\[\[}}34650,   693,   0],
// CHECK-NEXT: [34750,   694,   1{{\]\]}}
