// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-consolidate 2>&1 >/dev/null | FileCheck %s --check-prefix=PICK
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// The maximum of few bins in global memory (the suite's few_bins_max): bin
// x mod 8 keeps the largest x, at test size 1000 elements in 4 blocks of
// 256 threads (the last partial), x_i = (37 i) mod 101. The cost model
// aggregates the maximum per warp and address (its bin varies between the
// threads of a block).
// PICK: remark: wc-aggregate-atomics: aggregated per warp, not per block: its address may differ between the threads of a block
// PICK: remark: wc-aggregate-atomics: 1 atomic aggregated per warp and address
// CHECK: sizes = [8]
// CHECK-NEXT: [96,  97,  98,  99,  100,  93,  94,  95]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @few_max(%in: memref<?xi32>, %n: index, %hist: memref<8xi32>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %seven = arith.constant 7 : i32
      %g = gpu.global_id x
      %inside = arith.cmpi ult, %g, %n : index
      scf.if %inside {
        %x = memref.load %in[%g] : memref<?xi32>
        %b = arith.andi %x, %seven : i32
        %bin = arith.index_castui %b : i32 to index
        %old = memref.atomic_rmw maxs %x, %hist[%bin] : (i32, memref<8xi32>) -> i32
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c37 = arith.constant 37 : index
    %c101 = arith.constant 101 : index
    %c256 = arith.constant 256 : index
    %c1000 = arith.constant 1000 : index
    %z = arith.constant 0 : i32
    %h = memref.alloc() : memref<1000xi32>
    scf.for %i = %c0 to %c1000 step %c1 {
      %p = arith.muli %i, %c37 : index
      %q = arith.remui %p, %c101 : index
      %v = arith.index_cast %q : index to i32
      memref.store %v, %h[%i] : memref<1000xi32>
    }
    %in = gpu.alloc () : memref<1000xi32>
    %hist = gpu.alloc () : memref<8xi32>
    gpu.memcpy %in, %h : memref<1000xi32>, memref<1000xi32>
    gpu.memset %hist, %z : memref<8xi32>, i32
    %ind = memref.cast %in : memref<1000xi32> to memref<?xi32>
    gpu.launch_func @kernels::@few_max blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%ind : memref<?xi32>, %c1000 : index, %hist : memref<8xi32>)
    %hh = memref.alloc() : memref<8xi32>
    gpu.memcpy %hh, %hist : memref<8xi32>, memref<8xi32>
    %u = memref.cast %hh : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
