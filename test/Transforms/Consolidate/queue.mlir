// RUN: wc-opt %s --wc-consolidate -verify-diagnostics | FileCheck %s
// RUN: wc-opt %s --wc-consolidate=reorder-atomics=true 2>&1 | FileCheck %s --check-prefix=REORDER
// RUN: wc-opt %s --wc-pipeline='reorder-atomics=true format=isa' 2>&1 | FileCheck %s --check-prefix=PIPELINE

// The cost model on a breadth-first search level with a queue (the kernel
// of bench/collaborate/bfs_rmat.mlir; run on wc-sim before and after in
// test/Integration/collaborate_effects.mlir): the atomic counter of the
// queue is in the loop over a vertex's neighbours, whose bounds are read
// from memory, so it is not aggregated (its lanes reach it in different
// iterations); wc-collaborate refuses the push without reorder-atomics, so
// the kernel gets one-warp blocks. With reorder-atomics the loop is
// collaborated, and its atomics stay as they are.
// CHECK-LABEL: gpu.func @expand
// CHECK-NOT: wc.aggregated_atomic_add
// CHECK-NOT: wc.scan
// CHECK: gpu.return
// REORDER: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide
// REORDER: remark: wc-consolidate: collaborate: its jobs may differ in length
// REORDER-NOT: wc-aggregate-atomics
// REORDER: gpu.func @expand
// REORDER-NOT: wc.aggregated_atomic_add
// REORDER: wc.scan exclusive add
// REORDER-NOT: wc.aggregated_atomic_add
// REORDER: gpu.return
// PIPELINE: remark: wc-consolidate: collaborate: its jobs may differ in length
// PIPELINE: gpu.binary
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+2 {{wc-consolidate: aggregate (one-warp blocks) without delegation}}
    // expected-remark @+1 {{wc-aggregate: resized 128-thread blocks into 4 one-warp blocks each}}
    gpu.func @expand(%rowptr: memref<?xi32>, %cols: memref<?xi32>,
                     %level: memref<?xi32>, %frontier: memref<?xi32>,
                     %size: memref<1xi32>, %queue: memref<?xi32>,
                     %count: memref<1xi32>, %depth: i32)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %one = arith.constant 1 : i32
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c128 : index
      %i = arith.addi %first, %t : index
      %n32 = memref.load %size[%c0] : memref<1xi32>
      %n = arith.index_cast %n32 : i32 to index
      %d1 = arith.addi %depth, %one : i32
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %v32 = memref.load %frontier[%i] : memref<?xi32>
        %v = arith.index_cast %v32 : i32 to index
        %lo32 = memref.load %rowptr[%v] : memref<?xi32>
        %v1 = arith.addi %v, %c1 : index
        %hi32 = memref.load %rowptr[%v1] : memref<?xi32>
        %lo = arith.index_cast %lo32 : i32 to index
        %hi = arith.index_cast %hi32 : i32 to index
        // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body stores to a slot taken from a counter, whose order would change (reorder-atomics allows it)}}
        scf.for %k = %lo to %hi step %c1 {
          %u32 = memref.load %cols[%k] : memref<?xi32>
          %u = arith.index_cast %u32 : i32 to index
          %old = memref.atomic_rmw mins %d1, %level[%u] : (i32, memref<?xi32>) -> i32
          %claimed = arith.cmpi sgt, %old, %d1 : i32
          scf.if %claimed {
            %slot32 = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
            %slot = arith.index_cast %slot32 : i32 to index
            // expected-note @+1 {{here}}
            memref.store %u32, %queue[%slot] : memref<?xi32>
          }
        }
      }
      gpu.return
    }
  }

  func.func @main(%rowptr: memref<?xi32>, %cols: memref<?xi32>,
                  %level: memref<?xi32>, %frontier: memref<?xi32>,
                  %size: memref<1xi32>, %queue: memref<?xi32>,
                  %count: memref<1xi32>, %depth: i32, %blocks: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@expand blocks in (%blocks, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%rowptr : memref<?xi32>, %cols : memref<?xi32>,
             %level : memref<?xi32>, %frontier : memref<?xi32>,
             %size : memref<1xi32>, %queue : memref<?xi32>,
             %count : memref<1xi32>, %depth : i32)
    return
  }
}
