// RUN: wc-opt %s -split-input-file --wc-forward-stores -verify-diagnostics | FileCheck %s

// A linalg reduction's shape: thread 0 fills the output with the identity,
// and after the barriers of the tree it adds the partials to it in a loop.
// The loop keeps the element in a register, and the fill's constant reaches
// it; the fill stays, since %in may alias %out and is read in between.
// CHECK-LABEL: gpu.func @fill_then_accumulate
// CHECK: scf.if %[[FIRST:.*]] {
// CHECK-NEXT: memref.store %[[ZERO:.*]], %{{.*}}[%[[B:.*]]] : memref<64xi32>
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: %[[SUM:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (i32) {
// CHECK-NOT: memref.load %{{.*}} : memref<64xi32>
// CHECK: }
// CHECK-NEXT: memref.store %[[SUM]], %{{.*}}[%[[B]]] : memref<64xi32>
gpu.module @m {
  // expected-remark @+1 {{wc-forward-stores: 1 loads take a value the thread stored, 1 loop-carried elements kept in registers, 0 overwritten stores removed}}
  gpu.func @fill_then_accumulate(%in: memref<64x8xi32>, %out: memref<64xi32>)
      workgroup(%part: memref<8xi32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %b = gpu.block_id x
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      memref.store %zero, %out[%b] : memref<64xi32>
    }
    gpu.barrier
    %x = memref.load %in[%b, %t] : memref<64x8xi32>
    memref.store %x, %part[%t] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    scf.if %first {
      scf.for %k = %c0 to %c8 step %c1 {
        %p = memref.load %part[%k] : memref<8xi32, #gpu.address_space<workgroup>>
        %old = memref.load %out[%b] : memref<64xi32>
        %new = arith.addi %p, %old : i32
        memref.store %new, %out[%b] : memref<64xi32>
      }
    }
    gpu.return
  }
}

// -----

// Each thread zeroes its workgroup element, then accumulates into it: the
// zero reaches the loop, and the zeroing store, overwritten by the loop's
// result with nothing reading the element in between, goes.
// CHECK-LABEL: gpu.func @own_partial
// CHECK-NOT: memref.store %{{.*}}, %{{.*}} : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %c0_i32) -> (i32)
// CHECK: memref.store %[[SUM]], %{{.*}}[%{{.*}}] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.store
gpu.module @m {
  // expected-remark @+1 {{wc-forward-stores: 1 loads take a value the thread stored, 1 loop-carried elements kept in registers, 1 overwritten stores removed}}
  gpu.func @own_partial(%in: memref<64x4xi32>)
      workgroup(%part: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %t = gpu.thread_id x
    memref.store %zero, %part[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    scf.for %k = %c0 to %c4 step %c1 {
      %x = memref.load %in[%t, %k] : memref<64x4xi32>
      %c0_0 = arith.constant 0 : index
      %old = memref.load %part[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %new = arith.addi %x, %old : i32
      memref.store %new, %part[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// Another thread may write the element between the store and the load
// (thread t writes element 63 - t): nothing changes.
// CHECK-LABEL: gpu.func @other_thread_writes
// CHECK: memref.store %c0_i32
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[M:.*]]]
// CHECK: memref.load %{{.*}}[%{{.*}}] : memref<64xi32, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @other_thread_writes(%out: memref<64xi32>)
      workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
    %c63 = arith.constant 63 : index
    %zero = arith.constant 0 : i32
    %seven = arith.constant 7 : i32
    %t = gpu.thread_id x
    %m = arith.subi %c63, %t : index
    memref.store %zero, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    memref.store %seven, %buf[%m] : memref<64xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %v = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%t] : memref<64xi32>
    gpu.return
  }
}

// -----

// A write through another kernel argument, which may be the same buffer,
// between the store and the load: nothing changes.
// CHECK-LABEL: gpu.func @aliasing_argument
// CHECK: %[[V:.*]] = memref.load %arg1[%{{.*}}] : memref<64xi32>
// CHECK: arith.addi %[[V]]
gpu.module @m {
  gpu.func @aliasing_argument(%other: memref<64xi32>, %out: memref<64xi32>) kernel {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    memref.store %zero, %out[%t] : memref<64xi32>
    gpu.barrier
    memref.store %one, %other[%t] : memref<64xi32>
    gpu.barrier
    %v = memref.load %out[%t] : memref<64xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %out[%t] : memref<64xi32>
    gpu.return
  }
}

// -----

// The store runs under a condition the load does not have: nothing changes.
// CHECK-LABEL: gpu.func @other_condition
// CHECK: scf.if
// CHECK: memref.load %arg0
gpu.module @m {
  gpu.func @other_condition(%out: memref<64xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %t = gpu.thread_id x
    %low = arith.cmpi ult, %t, %c8 : index
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %low {
      memref.store %zero, %out[%t] : memref<64xi32>
    }
    gpu.barrier
    scf.if %first {
      %v = memref.load %out[%t] : memref<64xi32>
      %w = arith.addi %v, %v : i32
      memref.store %w, %out[%t] : memref<64xi32>
    }
    gpu.return
  }
}

// -----

// A thread's own computed value is not forwarded across the barrier: memory
// holds it for free, a register kept per virtual thread would not.
// CHECK-LABEL: gpu.func @computed_value
// CHECK: gpu.barrier
// CHECK-NEXT: memref.load %arg0
gpu.module @m {
  gpu.func @computed_value(%out: memref<64xi32>)
      workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
    %t = gpu.thread_id x
    %x = arith.index_cast %t : index to i32
    memref.store %x, %out[%t] : memref<64xi32>
    gpu.barrier
    %v = memref.load %out[%t] : memref<64xi32>
    memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Loops that keep the element in memory: one with a barrier (another thread
// may read the element between iterations), one that may run no iteration
// (the store after it would be new), one that reads another element of the
// same buffer, one whose element is global memory and reads a generic
// memref (their addresses are not compared across address spaces).
// Nothing changes.
// CHECK-LABEL: gpu.func @loops_kept
// CHECK-NOT: iter_args
gpu.module @m {
  gpu.func @loops_kept(%a: memref<64xi32>, %c: memref<64xi32>, %n: index,
                       %g: memref<64xi32, #gpu.address_space<global>>)
      workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t = gpu.thread_id x
    scf.for %k = %c0 to %c4 step %c1 {
      %old = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %new = arith.addi %old, %old : i32
      memref.store %new, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    scf.for %k = %c0 to %n step %c1 {
      %old = memref.load %c[%t] : memref<64xi32>
      %new = arith.addi %old, %old : i32
      memref.store %new, %c[%t] : memref<64xi32>
    }
    scf.for %k = %c0 to %c4 step %c1 {
      %old = memref.load %c[%t] : memref<64xi32>
      %y = memref.load %c[%k] : memref<64xi32>
      %new = arith.addi %old, %y : i32
      memref.store %new, %c[%t] : memref<64xi32>
    }
    scf.for %k = %c0 to %c4 step %c1 {
      %old = memref.load %g[%t] : memref<64xi32, #gpu.address_space<global>>
      %y = memref.load %a[%k] : memref<64xi32>
      %new = arith.addi %old, %y : i32
      memref.store %new, %g[%t] : memref<64xi32, #gpu.address_space<global>>
    }
    gpu.return
  }
}

// -----

// A loop that reads a buffer that may be the accumulated one (two kernel
// arguments): promoted under a run-time test that the element's 4 bytes
// lie outside of `a`'s, the original loop otherwise.
// CHECK-LABEL: gpu.func @may_alias
// CHECK-DAG: %[[C:.*]] = memref.extract_aligned_pointer_as_index %arg1
// CHECK-DAG: %[[A:.*]] = memref.extract_aligned_pointer_as_index %arg0
// CHECK: %[[BEFORE:.*]] = arith.cmpi ule, %{{.*}}, %{{.*}} : index
// CHECK: %[[AFTER:.*]] = arith.cmpi uge, %{{.*}}, %{{.*}} : index
// CHECK: %[[OUT:.*]] = arith.ori %[[BEFORE]], %[[AFTER]] : i1
// CHECK: scf.if %[[OUT]] {
// CHECK: %[[INIT:.*]] = memref.load %arg1[%{{.*}}] : memref<64xi32>
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (i32) {
// CHECK-NOT: memref.store
// CHECK: }
// CHECK-NEXT: memref.store %[[SUM]], %arg1
// CHECK: } else {
// CHECK: scf.for
// CHECK-NOT: iter_args
// CHECK: memref.store
// CHECK: gpu.return
gpu.module @m {
  // expected-remark @+1 {{wc-forward-stores: 0 loads take a value the thread stored, 1 loop-carried elements kept in registers, 0 overwritten stores removed}}
  gpu.func @may_alias(%a: memref<64xi32>, %c: memref<64xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t = gpu.thread_id x
    scf.for %k = %c0 to %c4 step %c1 {
      %old = memref.load %c[%t] : memref<64xi32>
      %y = memref.load %a[%k] : memref<64xi32>
      %new = arith.addi %old, %y : i32
      memref.store %new, %c[%t] : memref<64xi32>
    }
    gpu.return
  }
}

// -----

// The zero a thread stores is read by another thread before the thread
// overwrites it: the first store stays.
// CHECK-LABEL: gpu.func @read_before_overwrite
// CHECK: memref.store %c0_i32
// CHECK: memref.store %c1_i32
gpu.module @m {
  gpu.func @read_before_overwrite(%out: memref<64xi32>)
      workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
    %c63 = arith.constant 63 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %m = arith.subi %c63, %t : index
    memref.store %zero, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %v = memref.load %buf[%m] : memref<64xi32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%t] : memref<64xi32>
    gpu.barrier
    memref.store %one, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Buffers reached through a select, or a write inside a region of several
// blocks before the load: the written buffer may be the loaded one, and
// the region's earlier block runs before it. Nothing changes.
// CHECK-LABEL: gpu.func @unknown_buffer
// CHECK: %[[V:.*]] = memref.load %arg2
// CHECK: memref.store %[[V]]
// CHECK-LABEL: gpu.func @several_blocks
// CHECK: ^bb1:
// CHECK-NEXT: %[[W:.*]] = memref.load %arg1
// CHECK-NEXT: memref.store %[[W]]
gpu.module @m {
  gpu.func @unknown_buffer(%out: memref<4xi32>, %pick: i1)
      workgroup(%a: memref<4xi32, #gpu.address_space<workgroup>>,
                %b: memref<4xi32, #gpu.address_space<workgroup>>) kernel {
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %t = gpu.thread_id x
    %s = arith.select %pick, %a, %b : memref<4xi32, #gpu.address_space<workgroup>>
    memref.store %one, %a[%t] : memref<4xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    memref.store %two, %s[%t] : memref<4xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %v = memref.load %a[%t] : memref<4xi32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%t] : memref<4xi32>
    gpu.return
  }
  gpu.func @several_blocks(%out: memref<4xi32>)
      workgroup(%a: memref<4xi32, #gpu.address_space<workgroup>>) kernel {
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %t = gpu.thread_id x
    memref.store %one, %a[%t] : memref<4xi32, #gpu.address_space<workgroup>>
    scf.execute_region {
      memref.store %two, %a[%t] : memref<4xi32, #gpu.address_space<workgroup>>
      cf.br ^bb1
    ^bb1:
      %w = memref.load %a[%t] : memref<4xi32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%t] : memref<4xi32>
      scf.yield
    }
    gpu.return
  }
}
