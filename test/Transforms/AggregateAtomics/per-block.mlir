// RUN: wc-opt %s --wc-aggregate-atomics -verify-diagnostics -split-input-file | FileCheck %s

// An addition to a counter that every thread of the block addresses alike,
// under two thread-dependent conditions, becomes one atomic per block: the
// ops before it move into preludes on the same conditions, the counter's
// index (computed under the conditions from the block id) is recomputed
// before them, every thread takes part in the scans and barriers with zero
// where it would not have added, and the ops after it stay under their
// conditions. 64x2 threads: 4 warps.

// CHECK-LABEL: gpu.func @counter
// CHECK-SAME: workgroup(%[[TOTALS:.*]] : memref<5xi64, #gpu.address_space<workgroup>>, %[[FLAGS:.*]] : memref<4xi32, #gpu.address_space<workgroup>>)
// CHECK: %[[SLOT:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK: %[[OUTER:.*]]:2 = scf.if %{{.*}} -> (i64, i1)
// CHECK-NOT: gpu.block_id
// CHECK: scf.yield
// CHECK: %[[ACTIVE:.*]] = arith.andi %{{.*}}, %[[OUTER]]#1 : i1
// CHECK: %[[VALUE:.*]] = arith.select %[[ACTIVE]], %[[OUTER]]#0, %{{.*}} : i64
// CHECK: wc.scan exclusive add %[[VALUE]] : i64
// CHECK: wc.reduce add %[[VALUE]] : i64
// CHECK: wc.reduce or %{{.*}} : i32
// CHECK: memref.store %{{.*}}, %[[TOTALS]][%{{.*}}]
// CHECK: memref.store %{{.*}}, %[[FLAGS]][%{{.*}}]
// CHECK: gpu.barrier
// CHECK: wc.scan exclusive add %{{.*}} : i64
// CHECK: memref.atomic_rmw addi %{{.*}}, %{{.*}}[%[[SLOT]]] : (i64, memref<?xi64>) -> i64
// CHECK: gpu.barrier
// CHECK-NOT: memref.atomic_rmw
// CHECK: scf.if
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi64>
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-aggregate-atomics: 1 atomic to a block-wide address aggregated per block (one atomic per block, two barriers)}}
    gpu.func @counter(%in: memref<?xi64>, %out: memref<?xi64>,
                      %counts: memref<?xi64>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
      %c3 = arith.constant 3 : index
      %zero = arith.constant 0 : i64
      %t = gpu.thread_id x
      %inside = arith.cmpi ult, %t, %n : index
      scf.if %inside {
        %x = memref.load %in[%t] : memref<?xi64>
        %positive = arith.cmpi sgt, %x, %zero : i64
        scf.if %positive {
          %b = gpu.block_id x
          %slot = arith.remui %b, %c3 : index
          %old = memref.atomic_rmw addi %x, %counts[%slot] : (i64, memref<?xi64>) -> i64
          memref.store %old, %out[%t] : memref<?xi64>
        }
      }
      gpu.return
    }
  }
}

// -----

// What stays per warp, with the reason.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-aggregate-atomics: 5 atomics aggregated per warp and address}}
    gpu.func @refused(%a: memref<?xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      // expected-remark @+1 {{wc-aggregate-atomics: aggregated per warp, not per block: its address may differ between the threads of a block}}
      %0 = memref.atomic_rmw addi %one, %a[%t] : (i32, memref<?xi32>) -> i32
      scf.for %i = %c0 to %n step %c1 {
        // expected-remark @+1 {{wc-aggregate-atomics: aggregated per warp, not per block: it is nested in 'scf.for', not only in conditions}}
        %1 = memref.atomic_rmw addi %one, %a[%c0] : (i32, memref<?xi32>) -> i32
      }
      %small = arith.cmpi ult, %t, %n : index
      scf.if %small {
      } else {
        // expected-remark @+1 {{wc-aggregate-atomics: aggregated per warp, not per block: it is in the else branch of a condition}}
        %2 = memref.atomic_rmw addi %one, %a[%c0] : (i32, memref<?xi32>) -> i32
      }
      %r = scf.if %small -> (i32) {
        // expected-remark @+1 {{wc-aggregate-atomics: aggregated per warp, not per block: a condition around it has results}}
        %3 = memref.atomic_rmw addi %one, %a[%c0] : (i32, memref<?xi32>) -> i32
        scf.yield %3 : i32
      } else {
        scf.yield %one : i32
      }
      scf.if %small {
        %view = memref.subview %a[%t] [1] [1] : memref<?xi32> to memref<1xi32, strided<[1], offset: ?>>
        // expected-remark @+1 {{wc-aggregate-atomics: aggregated per warp, not per block: a value of type memref<1xi32, strided<[1], offset: ?>> computed under its conditions is used after it}}
        %4 = memref.atomic_rmw addi %one, %a[%c0] : (i32, memref<?xi32>) -> i32
        memref.store %4, %view[%c0] : memref<1xi32, strided<[1], offset: ?>>
      }
      gpu.return
    }

    // expected-remark @+1 {{wc-aggregate-atomics: 1 atomic aggregated per warp and address}}
    gpu.func @partial_warp(%a: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 48, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      // expected-remark @+1 {{wc-aggregate-atomics: aggregated per warp, not per block: the block is not a whole number of warps, at most 32}}
      %0 = memref.atomic_rmw addi %one, %a[%c0] : (i32, memref<?xi32>) -> i32
      gpu.return
    }
  }
}
