// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics)' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics{per-block=0},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// On a GPU, printed buffers that depend on the order of the warps
// (utils/compare-gpu-outputs.py):
// GPU-ORDER: buffer 2 permutation: the compacted elements: each went to the slot its atomic returned, so the slots depend on the order the warps arrived
// The cost model aggregates both (the kernels' threads meet only there):
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate)' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// The same after the clean-ups every stack runs: both atomics still
// aggregated (the counter per block, the histogram per warp), the same
// outputs.
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-aggregate-atomics,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %t.clean.mlir --wc-aggregate-atomics 2>&1 >/dev/null | FileCheck %s --check-prefix=CLEAN
// CLEAN-DAG: remark: wc-aggregate-atomics: 1 atomic aggregated per warp and address
// CLEAN-DAG: remark: wc-aggregate-atomics: 1 atomic to a block-wide address aggregated per block (one atomic per block, two barriers)

// The two atomic kernels of the benchmark suite (bench/suite: compaction
// and few_bins), at test sizes: stream compaction of the elements that are
// multiples of 8 through one counter (each kept element written to the
// slot its atomic returned, modulo n, so that repeated launches stay in
// bounds), and a histogram of 8 bins in global memory. 1000 elements in 4
// blocks of 256 threads (the last partial), x_i = (37 i) mod 101.
// CHECK: sizes = [1]
// CHECK-NEXT: [129]
// CHECK: sizes = [1000]
// CHECK-NEXT: [0,  40,  80,  16,  56,  96,  32,  72,  8,  48,  88,  24,  64,  0,  40,
// CHECK: sizes = [8]
// CHECK-NEXT: [129,  128,  129,  128,  129,  120,  119,  118]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @compact(%in: memref<?xi32>, %out: memref<?xi32>, %n: index,
                      %count: memref<1xi32>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %seven = arith.constant 7 : i32
      %g = gpu.global_id x
      %inside = arith.cmpi ult, %g, %n : index
      scf.if %inside {
        %x = memref.load %in[%g] : memref<?xi32>
        %low = arith.andi %x, %seven : i32
        %keep = arith.cmpi eq, %low, %zero : i32
        scf.if %keep {
          %slot = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
          %s = arith.index_castui %slot : i32 to index
          %at = arith.remui %s, %n : index
          memref.store %x, %out[%at] : memref<?xi32>
        }
      }
      gpu.return
    }

    gpu.func @few_bins(%in: memref<?xi32>, %n: index, %hist: memref<8xi32>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %one = arith.constant 1 : i32
      %seven = arith.constant 7 : i32
      %g = gpu.global_id x
      %inside = arith.cmpi ult, %g, %n : index
      scf.if %inside {
        %x = memref.load %in[%g] : memref<?xi32>
        %b = arith.andi %x, %seven : i32
        %bin = arith.index_castui %b : i32 to index
        %old = memref.atomic_rmw addi %one, %hist[%bin] : (i32, memref<8xi32>) -> i32
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
    %out = gpu.alloc () : memref<1000xi32>
    %count = gpu.alloc () : memref<1xi32>
    %hist = gpu.alloc () : memref<8xi32>
    gpu.memcpy %in, %h : memref<1000xi32>, memref<1000xi32>
    gpu.memset %out, %z : memref<1000xi32>, i32
    gpu.memset %count, %z : memref<1xi32>, i32
    gpu.memset %hist, %z : memref<8xi32>, i32
    %ind = memref.cast %in : memref<1000xi32> to memref<?xi32>
    %outd = memref.cast %out : memref<1000xi32> to memref<?xi32>
    gpu.launch_func @kernels::@compact blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%ind : memref<?xi32>, %outd : memref<?xi32>, %c1000 : index, %count : memref<1xi32>)
    gpu.launch_func @kernels::@few_bins blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%ind : memref<?xi32>, %c1000 : index, %hist : memref<8xi32>)
    %hc = memref.alloc() : memref<1xi32>
    %ho = memref.alloc() : memref<1000xi32>
    %hh = memref.alloc() : memref<8xi32>
    gpu.memcpy %hc, %count : memref<1xi32>, memref<1xi32>
    gpu.memcpy %ho, %out : memref<1000xi32>, memref<1000xi32>
    gpu.memcpy %hh, %hist : memref<8xi32>, memref<8xi32>
    %u0 = memref.cast %hc : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u0) : (memref<*xi32>) -> ()
    %u1 = memref.cast %ho : memref<1000xi32> to memref<*xi32>
    call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %u2 = memref.cast %hh : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    return
  }
}
