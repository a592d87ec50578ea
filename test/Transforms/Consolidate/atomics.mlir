// RUN: wc-opt %s --wc-consolidate -verify-diagnostics | FileCheck %s

// The cost model and atomics: a kernel whose threads meet only in atomic
// additions to the same addresses has those atomics aggregated and keeps
// its blocks (a counter every thread of the block bumps: per block; a
// histogram of 8 bins: per warp). An atomic that one thread of the block
// runs, or one into a large buffer at addresses of each thread's own, is
// not contended: those kernels are left alone. Run before and after on
// wc-sim in test/Integration/warp_atomics.mlir (wc-consolidate RUN lines).

// CHECK-LABEL: gpu.func @counter
// CHECK: wc.scan exclusive add
// CHECK: gpu.barrier
// CHECK: memref.atomic_rmw addi
// CHECK: gpu.barrier
// CHECK-LABEL: gpu.func @bins
// CHECK: wc.aggregated_atomic_add
// CHECK-LABEL: gpu.func @one_thread
// CHECK-NOT: wc.
// CHECK: memref.atomic_rmw addi
// CHECK-LABEL: gpu.func @scatter
// CHECK-NOT: wc.
// CHECK: memref.atomic_rmw addi
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+2 {{wc-aggregate-atomics: 1 atomic to a block-wide address aggregated per block (one atomic per block, two barriers)}}
    // expected-remark @+1 {{wc-consolidate: atomics aggregated, blocks kept: no barrier and no workgroup memory, its threads meet in contended atomics}}
    gpu.func @counter(%in: memref<?xi32>, %count: memref<1xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %g = gpu.global_id x
      %inside = arith.cmpi ult, %g, %n : index
      scf.if %inside {
        %old = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
      }
      gpu.return
    }

    // expected-remark @+2 {{wc-aggregate-atomics: 1 atomic aggregated per warp and address}}
    // expected-remark @+1 {{wc-consolidate: atomics aggregated, blocks kept: no barrier and no workgroup memory, its threads meet in contended atomics}}
    gpu.func @bins(%in: memref<?xi32>, %hist: memref<8xi32>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %one = arith.constant 1 : i32
      %seven = arith.constant 7 : i32
      %g = gpu.global_id x
      %x = memref.load %in[%g] : memref<?xi32>
      %b = arith.andi %x, %seven : i32
      %bin = arith.index_castui %b : i32 to index
      // expected-remark @+1 {{wc-aggregate-atomics: aggregated per warp, not per block: its address may differ between the threads of a block}}
      %old = memref.atomic_rmw addi %one, %hist[%bin] : (i32, memref<8xi32>) -> i32
      gpu.return
    }

    // expected-remark @+1 {{wc-consolidate: left unchanged: no barrier, no workgroup memory and balanced jobs}}
    gpu.func @one_thread(%count: memref<1xi32>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %old = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
      }
      gpu.return
    }

    // expected-remark @+1 {{wc-consolidate: left unchanged: no barrier, no workgroup memory and balanced jobs}}
    gpu.func @scatter(%in: memref<?xi32>, %out: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %g = gpu.global_id x
      %x = memref.load %in[%g] : memref<?xi32>
      %at = arith.index_castui %x : i32 to index
      %old = memref.atomic_rmw addi %x, %out[%at] : (i32, memref<?xi32>) -> i32
      gpu.return
    }
  }
}
