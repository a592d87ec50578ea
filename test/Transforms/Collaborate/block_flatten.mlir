// RUN: wc-opt %s -split-input-file --wc-collaborate=flatten=block -verify-diagnostics | FileCheck %s
// RUN: wc-opt %s -split-input-file --wc-collaborate=flatten=block\ grid-range=4096 2>&1 | FileCheck %s --check-prefix=GRID

// flatten=block: the block flattens its threads' ranges. An exclusive scan
// of the trip counts over the block (each warp's scan, its sum in
// workgroup memory, a barrier, the sums of the warps before), the starts and
// the ranges' first iterations in workgroup memory, a barrier; then each
// warp runs an equal share of the flattened iterations: rounds of 4 windows
// of 32 (the owner of each lane's iteration by a binary search over the
// starts, the 4 windows' loads first), each window's values combined by a
// segmented reduction whose last lanes add into their owners' workgroup
// accumulators by atomics; the rest one window at a time under a bound
// check; a barrier; each thread's sum from its accumulator. Ranges too long
// for 32-bit sums over the block (over 2^31 / 64 - 1 iterations) stay per
// thread. No warp-level or block-level form is built.
// CHECK-LABEL: gpu.func @row_sums
// CHECK: %[[BOUNDS:.*]]:2 = scf.if %[[IN:.*]] -> (index, index) {
// CHECK: %[[LONG:.*]] = arith.cmpi sgt, %{{.*}}, %c33554431 : index
// CHECK: wc.scan exclusive add
// CHECK: wc.reduce add
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK-COUNT-4: memref.load %arg1[%{{.*}}] : memref<?xi32>
// CHECK: wc.vote ballot
// CHECK: wc.segmented_reduce add
// CHECK: memref.atomic_rmw addi {{.*}} : (i32, memref<64xi32, #gpu.address_space<workgroup>>) -> i32
// CHECK-COUNT-3: wc.segmented_reduce add
// CHECK: scf.for {{.*}} step %c32_i32
// CHECK: scf.if
// CHECK: memref.load %arg1
// CHECK: wc.segmented_reduce add
// CHECK: memref.atomic_rmw addi
// CHECK: gpu.barrier
// CHECK: %[[ACC:.*]] = memref.load %{{.*}} : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK: %[[INIT:.*]] = arith.addi %c0_i32, %[[ACC]] : i32
// CHECK: %[[PER:.*]] = arith.andi %[[IN]], %[[LONG]] : i1
// CHECK: %[[SUM:.*]] = scf.if %[[PER]] -> (i32) {
// CHECK: scf.for %{{.*}} = %[[BOUNDS]]#0 to %[[BOUNDS]]#1 step %c1 iter_args(%{{.*}} = %[[INIT]])
// CHECK: } else {
// CHECK: scf.yield %[[INIT]]
// CHECK-NOT: wc.shuffle
// CHECK: scf.if %[[IN]] {
// CHECK-NEXT: memref.store %[[SUM]]
// With grid-range, no grid level for a kernel launched from outside the
// module (its launch sites pass the grid level's state; the kernel with the
// grid level and a launch site: test/Integration/collaborate_grid.mlir).
// GRID: remark: wc-collaborate: a loop of data-dependent trip count is run flattened over the block (the ranges' iterations split evenly between its warps; 1 reduction); no grid level: the kernel has no launch site in the module to pass the grid level's state
// GRID-NOT: memref<{{[0-9]+}}xi64>
gpu.module @m {
  // expected-remark @+1 {{wc-collaborate: a loop of data-dependent trip count is run flattened over the block (the ranges' iterations split evenly between its warps; 1 reduction)}}
  gpu.func @row_sums(%rowptr: memref<?xindex>, %vals: memref<?xi32>,
                     %y: memref<?xi32>, %n: index)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %row = gpu.thread_id x
    %in = arith.cmpi ult, %row, %n : index
    scf.if %in {
      %lo = memref.load %rowptr[%row] : memref<?xindex>
      %next = arith.addi %row, %c1 : index
      %hi = memref.load %rowptr[%next] : memref<?xindex>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %vals[%k] : memref<?xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
    }
    gpu.return
  }
}

// -----

// Where the block cannot flatten, the warp's forms as without the option,
// and the remark says why: a body that uses a value of its own thread
// (the warp's forms take it from the owner's lane by a shuffle), and a
// reduction no workgroup atomic combines (an index sum).
// CHECK-LABEL: gpu.func @own_value
// CHECK-NOT: memref.atomic_rmw
// CHECK: wc.shuffle idx
// CHECK-NOT: memref.atomic_rmw
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @index_sum
// CHECK-NOT: memref.atomic_rmw
// CHECK: wc.segmented_reduce add {{.*}} : index
// CHECK-NOT: memref.atomic_rmw
// CHECK: gpu.return
gpu.module @m {
  // expected-remark @+1 {{wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (long ranges by the whole warp, the others flattened or per thread; 1 reduction); not flattened over the block: the body uses a value that differs between the block's threads}}
  gpu.func @own_value(%rowptr: memref<?xindex>, %vals: memref<?xi32>,
                      %y: memref<?xi32>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %row = gpu.thread_id x
    %lo = memref.load %rowptr[%row] : memref<?xindex>
    %next = arith.addi %row, %c1 : index
    %hi = memref.load %rowptr[%next] : memref<?xindex>
    %w = memref.load %vals[%row] : memref<?xi32>
    %s = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %vals[%k] : memref<?xi32>
      %p = arith.muli %v, %w : i32
      %a = arith.addi %acc, %p : i32
      scf.yield %a : i32
    }
    memref.store %s, %y[%row] : memref<?xi32>
    gpu.return
  }

  // expected-remark @+1 {{wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 256 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 1 reduction); not flattened over the block: no workgroup-memory atomic combines a reduction of add on index}}
  gpu.func @index_sum(%rowptr: memref<?xindex>, %y: memref<?xindex>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %row = gpu.thread_id x
    %lo = memref.load %rowptr[%row] : memref<?xindex>
    %next = arith.addi %row, %c1 : index
    %hi = memref.load %rowptr[%next] : memref<?xindex>
    %s = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %c0) -> (index) {
      %v = memref.load %rowptr[%k] : memref<?xindex>
      %a = arith.addi %acc, %v : index
      scf.yield %a : index
    }
    memref.store %s, %y[%row] : memref<?xindex>
    gpu.return
  }
}

// -----

// The flattening's workgroup memory with the kernel's over the static 48
// KiB of a block: 1024 threads with five i64 sums need 4 x 32 bytes of warp
// sums, 12 bytes per thread of starts and first iterations, and 40 of
// accumulators: 53376 bytes. The warp's forms run.
// CHECK-LABEL: gpu.func @too_much_memory
// CHECK-NOT: memref.atomic_rmw
// CHECK: gpu.return
gpu.module @m {
  // expected-remark @+1 {{not flattened over the block: its workgroup memory with the kernel's would be 53376 bytes, over the static shared memory of a block (49152 bytes)}}
  gpu.func @too_much_memory(%rowptr: memref<?xindex>, %vals: memref<?xi64>,
                            %y: memref<?xi64>)
      kernel attributes {known_block_size = array<i32: 1024, 1, 1>} {
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i64
    %row = gpu.thread_id x
    %lo = memref.load %rowptr[%row] : memref<?xindex>
    %next = arith.addi %row, %c1 : index
    %hi = memref.load %rowptr[%next] : memref<?xindex>
    %s:5 = scf.for %k = %lo to %hi step %c1
        iter_args(%a = %zero, %b = %zero, %c = %zero, %d = %zero, %e = %zero)
        -> (i64, i64, i64, i64, i64) {
      %v = memref.load %vals[%k] : memref<?xi64>
      %a2 = arith.addi %a, %v : i64
      %b2 = arith.maxsi %b, %v : i64
      %c2 = arith.minsi %c, %v : i64
      %d2 = arith.xori %d, %v : i64
      %e2 = arith.ori %e, %v : i64
      scf.yield %a2, %b2, %c2, %d2, %e2 : i64, i64, i64, i64, i64
    }
    %t = arith.addi %s#0, %s#1 : i64
    %u = arith.addi %s#2, %s#3 : i64
    %w = arith.addi %t, %u : i64
    %x = arith.addi %w, %s#4 : i64
    memref.store %x, %y[%row] : memref<?xi64>
    gpu.return
  }
}
