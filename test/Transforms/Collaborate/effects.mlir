// RUN: wc-opt %s -split-input-file --wc-collaborate -verify-diagnostics | FileCheck %s
// RUN: wc-opt %s -split-input-file --wc-collaborate=reorder-atomics=true 2>&1 | FileCheck %s --check-prefix=REORDER

// What a body of wc-collaborate may write: the iterations of one thread run
// in any order and at once, on other lanes. A store to an index that
// differs in every iteration, of a buffer the body does not read, and
// atomics whose values nothing uses, on a buffer the kernel only updates
// so, are taken. In the flattened windows the body runs under the window's
// bounds check.
// CHECK-LABEL: gpu.func @taken
// CHECK: wc.scan exclusive add
// CHECK: scf.for
// CHECK: scf.if
// CHECK: memref.atomic_rmw addi
// CHECK: memref.store
gpu.module @m {
  // expected-remark @+1 {{wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 256 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 0 reductions)}}
  gpu.func @taken(%rowptr: memref<?xindex>, %vals: memref<?xi32>,
                  %count: memref<4xi32>, %out: memref<?xi32>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %lo = memref.load %rowptr[%t] : memref<?xindex>
    %next = arith.addi %t, %c1 : index
    %hi = memref.load %rowptr[%next] : memref<?xindex>
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      %vi = arith.index_castui %v : i32 to index
      %bin = arith.remui %vi, %c3 : index
      %old = memref.atomic_rmw addi %one, %count[%bin] : (i32, memref<4xi32>) -> i32
      %k2 = arith.muli %k, %c2 : index
      %at = arith.addi %k2, %c1 : index
      memref.store %v, %out[%at] : memref<?xi32>
    }
    gpu.return
  }
}

// -----

// Refused: what the thread's iterations would see in another order.
gpu.module @m {
  gpu.func @refused(%rowptr: memref<?xindex>, %vals: memref<?xi32>,
                    %out: memref<?xi32>, %count: memref<4xi32>,
                    %seen: memref<4xi32>, %slots: memref<1xi32>,
                    %queue: memref<?xi32>, %a: memref<4xi32>,
                    %b: memref<4xi32>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %lo = memref.load %rowptr[%t] : memref<?xindex>
    %next = arith.addi %t, %c1 : index
    %hi = memref.load %rowptr[%next] : memref<?xindex>
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body stores to a buffer twice}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      memref.store %v, %out[%k] : memref<?xi32>
      %k1 = arith.addi %k, %c1 : index
      // expected-note @+1 {{here}}
      memref.store %v, %out[%k1] : memref<?xi32>
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body stores to an element that other iterations may store to (no index differs in every iteration)}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      %vi = arith.index_castui %v : i32 to index
      // expected-note @+1 {{here}}
      memref.store %v, %out[%vi] : memref<?xi32>
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body updates a buffer with atomics of two kinds, which do not commute}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      %x = memref.atomic_rmw addi %v, %count[%c0] : (i32, memref<4xi32>) -> i32
      // expected-note @+1 {{here}}
      %y = memref.atomic_rmw maxs %v, %count[%c0] : (i32, memref<4xi32>) -> i32
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body reads a buffer it updates with atomics}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %count[%c1] : memref<4xi32>
      // expected-note @+1 {{here}}
      %x = memref.atomic_rmw addi %v, %count[%c0] : (i32, memref<4xi32>) -> i32
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body uses the value an atomic returns, which depends on the order of the thread's iterations (reorder-atomics allows it)}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      // expected-note @+1 {{here}}
      %old = memref.atomic_rmw mins %v, %a[%c0] : (i32, memref<4xi32>) -> i32
      %o = arith.index_castui %old : i32 to index
      %w = memref.load %vals[%o] : memref<?xi32>
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body stores to a slot taken from a counter, whose order would change (reorder-atomics allows it)}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      %slot = memref.atomic_rmw addi %one, %slots[%c0] : (i32, memref<1xi32>) -> i32
      %s = arith.index_cast %slot : i32 to index
      // expected-note @+1 {{here}}
      memref.store %v, %queue[%s] : memref<?xi32>
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the kernel accesses a buffer that the loop updates with atomics other than by atomics whose values it does not use, and could see the updates in another order (reorder-atomics allows it)}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      %x = memref.atomic_rmw addi %v, %seen[%c0] : (i32, memref<4xi32>) -> i32
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body writes memory other than by memref.store and memref.atomic_rmw ('memref.copy')}}
    scf.for %k = %lo to %hi step %c1 {
      // expected-note @+1 {{here}}
      memref.copy %a, %b : memref<4xi32> to memref<4xi32>
    }
    // expected-note @+1 {{here}}
    %s = memref.load %seen[%c0] : memref<4xi32>
    memref.store %s, %out[%t] : memref<?xi32>
    gpu.return
  }
}
// With reorder-atomics the first loop whose atomics' values are used is
// taken.
// REORDER: wc-collaborate: loop left per thread: the loop body reads a buffer it updates with atomics
// REORDER: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide

// -----

// Refused in both modes (found by a review that tried ~400 generated
// kernels): a "slot" from a counter that is also counted down, so slots
// repeat; a view of the buffer the loop stores to, read in the body; float
// sums and `assign` atomics, whose results depend on the order; indices
// that repeat through a narrowing cast or a product that wraps.
gpu.module @m {
  gpu.func @refused_more(%rowptr: memref<?xindex>, %vals: memref<?xi32>,
                         %out: memref<?xi32>, %cnt: memref<2xi32>,
                         %fout: memref<1xf32>, %last: memref<1xi32>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %huge = arith.constant 4611686018427387904 : index
    %one = arith.constant 1 : i32
    %minus = arith.constant -1 : i32
    %fone = arith.constant 1.0 : f32
    %t = gpu.thread_id x
    %lo = memref.load %rowptr[%t] : memref<?xindex>
    %next = arith.addi %t, %c1 : index
    %hi = memref.load %rowptr[%next] : memref<?xindex>
    %view = memref.cast %out : memref<?xi32> to memref<?xi32>
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body stores to an element that other iterations may store to (no index differs in every iteration)}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      %slot = memref.atomic_rmw addi %one, %cnt[%c0] : (i32, memref<2xi32>) -> i32
      %s = arith.index_cast %slot : i32 to index
      // expected-note @+1 {{here}}
      memref.store %v, %out[%s] : memref<?xi32>
      %back = memref.atomic_rmw addi %minus, %cnt[%c0] : (i32, memref<2xi32>) -> i32
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body stores to a buffer it also reads or updates}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %view[%k] : memref<?xi32>
      %k1 = arith.addi %k, %c1 : index
      // expected-note @+1 {{here}}
      memref.store %v, %out[%k1] : memref<?xi32>
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body updates memory with atomic 'addf', whose result depends on the order of the updates (a float sum or product needs reassociate-floats)}}
    scf.for %k = %lo to %hi step %c1 {
      // expected-note @+1 {{here}}
      %x = memref.atomic_rmw addf %fone, %fout[%c0] : (f32, memref<1xf32>) -> f32
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body updates memory with atomic 'assign', whose result depends on the order of the updates (a float sum or product needs reassociate-floats)}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      // expected-note @+1 {{here}}
      %x = memref.atomic_rmw assign %v, %last[%c0] : (i32, memref<1xi32>) -> i32
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body stores to an element that other iterations may store to (no index differs in every iteration)}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      %k8 = arith.index_cast %k : index to i8
      %at = arith.index_castui %k8 : i8 to index
      // expected-note @+1 {{here}}
      memref.store %v, %out[%at] : memref<?xi32>
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body stores to an element that other iterations may store to (no index differs in every iteration)}}
    scf.for %k = %lo to %hi step %c1 {
      %v = memref.load %vals[%k] : memref<?xi32>
      %at = arith.muli %k, %huge : index
      // expected-note @+1 {{here}}
      memref.store %v, %out[%at] : memref<?xi32>
    }
    gpu.return
  }
}
