// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-remap=pad-banks=false -verify-diagnostics | FileCheck %s

// A refused kernel is left exactly as wc-aggregate made it: compare the
// outputs with and without wc-remap up to the last split (@mixed, where one
// buffer is remapped). The padding of buffers that stay in shared memory is
// off here; pad-banks.mlir tests it.
// RUN: wc-opt %s -split-input-file --wc-aggregate 2>/dev/null | sed '/gpu.module @mixed/,$d' > %t.aggregated
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-remap=pad-banks=false 2>/dev/null | sed '/gpu.module @mixed/,$d' > %t.remapped
// RUN: diff %t.aggregated %t.remapped
// RUN: FileCheck %s --check-prefix=SAME < %t.remapped

// SAME: gpu.module @histogram
// SAME: gpu.module @matmul_tiles
// SAME: gpu.module @uniform_index
// SAME: gpu.module @transpose
// SAME: gpu.module @escape
// SAME: gpu.module @unguarded
// SAME: gpu.module @fixed_own
// SAME: gpu.module @offsets
// SAME: gpu.module @two_per_thread
// SAME: gpu.module @butterfly_shifted
// SAME: gpu.module @budget
// SAME: gpu.module @bools
// SAME-NOT: gpu.module @mixed

// Buffers that wc-remap leaves in shared memory, each with its reason (and
// a note at the access or use that decides it). The kernel keeps its
// workgroup attribution and its loads and stores.

// A histogram-style lookup: the bin is read from memory.

// CHECK-LABEL: gpu.module @histogram
// CHECK: gpu.func @hist(%{{.*}}) workgroup(%[[BUF:.*]] : memref<64xi32, #gpu.address_space<workgroup>>) kernel
// CHECK: wc.warp_job block [64, 1, 1] virtual_threads 2 {
// CHECK-NOT: wc.lane
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK: wc.warp_sync
// CHECK: memref.load %[[BUF]][%{{.*}}] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @histogram {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) stays in shared memory: index computed at run time by 'memref.load'}}
    gpu.func @hist(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%bins: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c64 = arith.constant 64 : index
      %c63 = arith.constant 63 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c64 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<?xi32>
      memref.store %x, %bins[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %xi = arith.index_cast %x : i32 to index
      %bin = arith.andi %xi, %c63 : index
      // expected-note @+1 {{here}}
      %count = memref.load %bins[%bin] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %count, %out[%gid] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// A matrix-multiply-style tile: tile[ty][k] in a loop whose bound is a
// kernel argument (the loop stays at warp level, it has barriers; it cannot
// be unrolled, so k is a warp-uniform symbol s0).

// CHECK-LABEL: gpu.module @matmul_tiles
// CHECK: gpu.func @rows(%{{.*}}) workgroup(%[[TILE:.*]] : memref<4x32xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[TILE]][%{{.*}}, %{{.*}}] : memref<4x32xf32, #gpu.address_space<workgroup>>
// CHECK: wc.warp_sync
// CHECK: memref.load %[[TILE]][%{{.*}}, %{{.*}}] : memref<4x32xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @matmul_tiles {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 128-thread block, 4 virtual threads per lane, 3 phases, 2 barriers became warp syncs}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<4x32xf32, #gpu.address_space<workgroup>>) stays in shared memory: index d1 * 32 + s0 is neither the thread's own element plus a constant, a butterfly partner, nor a constant element}}
    gpu.func @rows(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %out: memref<?x?xf32>, %n: index)
        workgroup(%tile: memref<4x32xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 4, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%ty, %tx] : memref<?x?xf32>
        memref.store %x, %tile[%ty, %tx] : memref<4x32xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        // expected-note @+1 {{here}}
        %v = memref.load %tile[%ty, %k] : memref<4x32xf32, #gpu.address_space<workgroup>>
        %w = memref.load %b[%k, %tx] : memref<?x?xf32>
        %p = arith.mulf %v, %w : f32
        %s = arith.addf %acc, %p : f32
        gpu.barrier
        scf.yield %s : f32
      }
      memref.store %sum, %out[%ty, %tx] : memref<?x?xf32>
      gpu.return
    }
  }
}

// -----

// A 1-D read of element k for a warp-level loop of a run-time trip count:
// a constant element in every iteration, but k is no constant.

// CHECK-LABEL: gpu.module @uniform_index
// CHECK: gpu.func @k(%{{.*}}) workgroup(%[[BUF:.*]] : memref<64xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK: scf.for
// CHECK: memref.load %[[BUF]][%{{.*}}] : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @uniform_index {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 3 phases, 2 barriers became warp syncs}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xf32, #gpu.address_space<workgroup>>) stays in shared memory: an index depends on a warp-uniform value that is not a constant (it comes from a loop of a run-time trip count)}}
    gpu.func @k(%a: memref<?xf32>, %out: memref<?xf32>, %n: index)
        workgroup(%buf: memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %x = memref.load %a[%tx] : memref<?xf32>
      memref.store %x, %buf[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        // expected-note @+1 {{here}}
        %v = memref.load %buf[%k] : memref<64xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %acc, %v : f32
        gpu.barrier
        scf.yield %s : f32
      }
      memref.store %sum, %out[%tx] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// One thread folds 64 partials in order (a float sum kept in order: no
// block reduction): each iteration reads a constant element, but a loop of
// 64 iterations is more than wc-remap unrolls.

// CHECK-LABEL: gpu.module @long_merge
// CHECK: gpu.func @k(%{{.*}}) workgroup(%[[BUF:.*]] : memref<64xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: scf.for
// CHECK: memref.load %[[BUF]][%{{.*}}] : memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @long_merge {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xf32, #gpu.address_space<workgroup>>) stays in shared memory: an index depends on a warp-uniform value that is not a constant (it comes from a loop of 64 iterations; wc-remap unrolls loops of at most 32)}}
    gpu.func @k(%a: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%buf: memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %x = memref.load %a[%tx] : memref<?xf32>
      memref.store %x, %buf[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        // expected-remark @+1 {{wc-forward-stores: one thread's float sum of the block's partials keeps its order}}
        %sum = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f32) {
          // expected-note @+1 {{here}}
          %v = memref.load %buf[%k] : memref<64xf32, #gpu.address_space<workgroup>>
          %s = arith.addf %acc, %v : f32
          scf.yield %s : f32
        }
        memref.store %sum, %out[%c0] : memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----

// A transpose on a 32x32 block: the store to tile[tx][ty] writes element
// 32 * tx + ty, which is no lane's own.

// CHECK-LABEL: gpu.module @transpose
// CHECK: gpu.func @transpose(%{{.*}}) workgroup(%[[TILE:.*]] : memref<32x32xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: wc.warp_job block [32, 32, 1] virtual_threads 32 {
// CHECK: wc.vthreads (%{{[^,]*}}, %[[TX:[^,]*]], %[[TY:[^,]*]], %{{[^)]*}})
// CHECK: memref.store %{{.*}}, %[[TILE]][%[[TX]], %[[TY]]] : memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK: wc.warp_sync
// CHECK: wc.vthreads (%{{[^,]*}}, %[[TX2:[^,]*]], %[[TY2:[^,]*]], %{{[^)]*}})
// CHECK: memref.load %[[TILE]][%[[TY2]], %[[TX2]]] : memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @transpose {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 1024-thread block, 32 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<32x32xf32, #gpu.address_space<workgroup>>) stays in shared memory: index d0 * 32 + d1 is neither the thread's own element plus a constant, a butterfly partner, nor a constant element}}
    gpu.func @transpose(%in: memref<32x32xf32>, %out: memref<32x32xf32>)
        workgroup(%tile: memref<32x32xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 32, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %x = memref.load %in[%ty, %tx] : memref<32x32xf32>
      // expected-note @+1 {{here}}
      memref.store %x, %tile[%tx, %ty] : memref<32x32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %t = memref.load %tile[%ty, %tx] : memref<32x32xf32, #gpu.address_space<workgroup>>
      memref.store %t, %out[%ty, %tx] : memref<32x32xf32>
      gpu.return
    }
  }
}

// -----

// The buffer escapes to an op other than a load or store.

// CHECK-LABEL: gpu.module @escape
// CHECK: gpu.func @copy(%{{.*}}) workgroup(%[[BUF:.*]] : memref<64xi32, #gpu.address_space<workgroup>>) kernel
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK: memref.copy %[[BUF]], %{{.*}} : memref<64xi32, #gpu.address_space<workgroup>> to memref<64xi32>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @escape {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) stays in shared memory: it is used by 'memref.copy', not only loaded and stored}}
    gpu.func @copy(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<64xi32>
      memref.store %x, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        // expected-note @+1 {{here}}
        memref.copy %buf, %out : memref<64xi32, #gpu.address_space<workgroup>> to memref<64xi32>
      }
      gpu.return
    }
  }
}

// -----

// A store to a fixed element by 4 threads (tid < 4), not one.

// CHECK-LABEL: gpu.module @unguarded
// CHECK: gpu.func @k(%{{.*}}) workgroup(%[[BUF:.*]] : memref<64xi32, #gpu.address_space<workgroup>>) kernel
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %[[BUF]][%c0] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK: wc.warp_sync
// CHECK: memref.load %[[BUF]][%c0] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @unguarded {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) stays in shared memory: a store to a fixed element is not guarded to one thread (a 'tid == c' condition)}}
    gpu.func @k(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<64xi32>
      %few = arith.cmpi ult, %tx, %c4 : index
      scf.if %few {
        // expected-note @+1 {{here}}
        memref.store %x, %buf[%c0] : memref<64xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %y = memref.load %buf[%c0] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%tx] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// Two guarded stores to fixed elements (5 and 9) in the phase where every
// thread stores its own element: both are own elements of other threads.
// The note points at the first in program order (regression: the culprit
// came from a pointer-keyed hash map and varied between runs).

// CHECK-LABEL: gpu.module @fixed_own
// CHECK: gpu.func @k(%{{.*}}) workgroup(%[[BUF:.*]] : memref<64xi32, #gpu.address_space<workgroup>>) kernel
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[BUF]][%c5] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[BUF]][%c9] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK: wc.warp_sync
// CHECK: memref.load %[[BUF]][%{{.*}}] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @fixed_own {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) stays in shared memory: a fixed element is also a thread's own stored element}}
    gpu.func @k(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c9 = arith.constant 9 : index
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<64xi32>
      memref.store %x, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      %is0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %is0 {
        // expected-note @+1 {{here}}
        memref.store %x, %buf[%c5] : memref<64xi32, #gpu.address_space<workgroup>>
      }
      %is1 = arith.cmpi eq, %tx, %c1 : index
      scf.if %is1 {
        memref.store %x, %buf[%c9] : memref<64xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %n = arith.xori %tx, %c1 : index
      %y = memref.load %buf[%n] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%tx] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// Stores to buf[tid] and, in a later phase, buf[tid + 1]: no layout makes
// both the storing lane's own element.

// CHECK-LABEL: gpu.module @offsets
// CHECK: gpu.func @k(%{{.*}}) workgroup(%[[BUF:.*]] : memref<65xi32, #gpu.address_space<workgroup>>) kernel
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<65xi32, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[BUF]][%{{.*}}] : memref<65xi32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<65xi32, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[BUF]][%{{.*}}] : memref<65xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @offsets {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 4 phases, 3 barriers became warp syncs}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<65xi32, #gpu.address_space<workgroup>>) stays in shared memory: stores write elements at offsets 0 and 1 from the thread, which no layout gives both to the storing lane}}
    gpu.func @k(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<65xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<64xi32>
      memref.store %x, %buf[%tx] : memref<65xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = memref.load %buf[%tx] : memref<65xi32, #gpu.address_space<workgroup>>
      %z = arith.addi %y, %y : i32
      gpu.barrier
      %p1 = arith.addi %tx, %c1 : index
      // expected-note @+1 {{here}}
      memref.store %z, %buf[%p1] : memref<65xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %buf[%tx] : memref<65xi32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%tx] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// One phase stores buf[tid] and buf[tid + 32]: one layout, but thread t
// and thread t + 32 both write element t + 32 (slot 1 of a lane), a race the
// per-slot write-back cannot order.

// CHECK-LABEL: gpu.module @two_per_thread
// CHECK: gpu.func @k(%{{.*}}) workgroup(%[[BUF:.*]] : memref<96xi32, #gpu.address_space<workgroup>>) kernel
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<96xi32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<96xi32, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[BUF]][%{{.*}}] : memref<96xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @two_per_thread {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<96xi32, #gpu.address_space<workgroup>>) stays in shared memory: a phase stores to several elements per thread that share a slot of the lane array}}
    gpu.func @k(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<96xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<64xi32>
      memref.store %x, %buf[%tx] : memref<96xi32, #gpu.address_space<workgroup>>
      %p = arith.addi %tx, %c32 : index
      // expected-note @+1 {{here}}
      memref.store %x, %buf[%p] : memref<96xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = memref.load %buf[%tx] : memref<96xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%tx] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// The store to buf[tid + 1] shifts the layout by 31; a butterfly read
// (tid xor 1) needs the unshifted one.

// CHECK-LABEL: gpu.module @butterfly_shifted
// CHECK: gpu.func @k(%{{.*}}) workgroup(%[[BUF:.*]] : memref<65xi32, #gpu.address_space<workgroup>>) kernel
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<65xi32, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[BUF]][%{{.*}}] : memref<65xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @butterfly_shifted {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<65xi32, #gpu.address_space<workgroup>>) stays in shared memory: a butterfly read needs the default layout but the stores need a shifted one}}
    gpu.func @k(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<65xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<64xi32>
      %p = arith.addi %tx, %c1 : index
      memref.store %x, %buf[%p] : memref<65xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %q = arith.xori %tx, %c1 : index
      // expected-note @+1 {{here}}
      %y = memref.load %buf[%q] : memref<65xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%tx] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// A 1024-thread block with memref<16384xf64>: 512 slots per lane of two
// registers each, over the register budget (a quarter of sm_90's 255).

// CHECK-LABEL: gpu.module @budget
// CHECK: gpu.func @k(%{{.*}}) workgroup(%[[BUF:.*]] : memref<16384xf64, #gpu.address_space<workgroup>>) kernel
// CHECK: wc.warp_job block [1024, 1, 1] virtual_threads 32 {
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<16384xf64, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[BUF]][%{{.*}}] : memref<16384xf64, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @budget {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 1024-thread block, 32 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<16384xf64, #gpu.address_space<workgroup>>) stays in shared memory: its lane array needs 1024 registers per lane, over the budget of 63 left}}
    gpu.func @k(%in: memref<?xf64>, %out: memref<?xf64>)
        workgroup(%buf: memref<16384xf64, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 1024, 1, 1>} {
      %c1024 = arith.constant 1024 : index
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<?xf64>
      memref.store %x, %buf[%tx] : memref<16384xf64, #gpu.address_space<workgroup>>
      gpu.barrier
      %p = arith.addi %tx, %c1024 : index
      %y = memref.load %buf[%p] : memref<16384xf64, #gpu.address_space<workgroup>>
      memref.store %y, %out[%tx] : memref<?xf64>
      gpu.return
    }
  }
}

// -----

// i1 elements: not a type a shuffle moves.

// CHECK-LABEL: gpu.module @bools
// CHECK: gpu.func @k(%{{.*}}) workgroup(%[[BUF:.*]] : memref<64xi1, #gpu.address_space<workgroup>>) kernel
// CHECK: memref.store %{{.*}}, %[[BUF]][%{{.*}}] : memref<64xi1, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[BUF]][%{{.*}}] : memref<64xi1, #gpu.address_space<workgroup>>
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @bools {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xi1, #gpu.address_space<workgroup>>) stays in shared memory: its elements are not scalars a shuffle can move}}
    gpu.func @k(%in: memref<64xi1>, %out: memref<64xi1>)
        workgroup(%buf: memref<64xi1, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<64xi1>
      memref.store %x, %buf[%tx] : memref<64xi1, #gpu.address_space<workgroup>>
      gpu.barrier
      %p = arith.xori %tx, %c1 : index
      %y = memref.load %buf[%p] : memref<64xi1, #gpu.address_space<workgroup>>
      memref.store %y, %out[%tx] : memref<64xi1>
      gpu.return
    }
  }
}

// -----

// The index t * k of a constant loop is planned before the loop is
// unrolled, with each k substituted: at k = 2 it is 2 t, no lane's element.
// The kernel is left as it is, loop included.

// CHECK-LABEL: gpu.module @unroll_refused
// CHECK: scf.for
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @unroll_refused {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<256xi32, #gpu.address_space<workgroup>>) stays in shared memory: index d0 * 2 is neither the thread's own element plus a constant, a butterfly partner, nor a constant element}}
    gpu.func @k(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<64xi32>
      memref.store %x, %buf[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
        %i = arith.muli %tx, %k : index
        // expected-note @+1 {{here}}
        %v = memref.load %buf[%i] : memref<256xi32, #gpu.address_space<workgroup>>
        %s = arith.addi %acc, %v : i32
        scf.yield %s : i32
      }
      memref.store %sum, %out[%tx] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// A thread-strided loop on i32 of 40 trips per thread, more than wc-remap
// unrolls: refused, and left as it is (not rewritten into `for k < 40`).

// CHECK-LABEL: gpu.module @strided_long
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @strided_long {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<2560xi32, #gpu.address_space<workgroup>>) stays in shared memory: index depends on the induction variable of a loop whose trip count may differ between threads}}
    gpu.func @k(%in: memref<2560xi32>, %out: memref<2560xi32>)
        workgroup(%buf: memref<2560xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %c64 = arith.constant 64 : i32
      %n = arith.constant 2560 : i32
      scf.for %i32 = %t to %n step %c64 : i32 {
        %i = arith.index_cast %i32 : i32 to index
        %x = memref.load %in[%i] : memref<2560xi32>
        // expected-note @+1 {{here}}
        memref.store %x, %buf[%i] : memref<2560xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %v = memref.load %buf[%tid] : memref<2560xi32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tid] : memref<2560xi32>
      gpu.return
    }
  }
}

// -----

// Two buffers in one kernel: %own (a butterfly) becomes a lane array,
// %bins (a run-time index) stays. The refusal is reported first; the kept
// buffer is workgroup buffer 1 of the input and the only one left after.
// The warp sync still orders the accesses to %bins.

// CHECK-LABEL: gpu.module @mixed
// CHECK: gpu.func @k(%{{[^:]*}}: memref<64xi32>, %{{[^:]*}}: memref<64xi32>) workgroup(%[[BINS:[^ ]*]] : memref<64xi32, #gpu.address_space<workgroup>>) kernel
// CHECK: wc.lane_array_splat %{{.*}} : !wc.lane_array<64 x i32>
// CHECK: wc.vthreads
// CHECK: memref.store %{{.*}}, %[[BINS]][%{{.*}}] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.store
// CHECK: wc.yield
// CHECK: wc.lane_write
// CHECK: wc.lane_write
// CHECK: wc.warp_sync
// CHECK: wc.shuffle xor
// CHECK: wc.shuffle xor
// CHECK: wc.vthreads
// CHECK: memref.load %[[BINS]][%{{.*}}] : memref<64xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @mixed {
    // expected-remark @+3 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 1 (memref<64xi32, #gpu.address_space<workgroup>>) stays in shared memory: index computed at run time by 'memref.load'}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<64 x i32>' (2 slots per lane): 2 register reads, 2 shuffles per job}}
    gpu.func @k(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%own: memref<64xi32, #gpu.address_space<workgroup>>,
                  %bins: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c63 = arith.constant 63 : index
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<64xi32>
      memref.store %x, %own[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %x, %bins[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n = arith.xori %tx, %c1 : index
      %y = memref.load %own[%n] : memref<64xi32, #gpu.address_space<workgroup>>
      %xi = arith.index_cast %x : i32 to index
      %bin = arith.andi %xi, %c63 : index
      // expected-note @+1 {{here}}
      %z = memref.load %bins[%bin] : memref<64xi32, #gpu.address_space<workgroup>>
      %s = arith.addi %y, %z : i32
      memref.store %s, %out[%tx] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// Each store on its own can be planned, so the constant loop is unrolled;
// together its stores write elements t and t + 1, which no layout gives
// both to the storing lane: the buffer stays, the loop is unrolled.

// CHECK-LABEL: gpu.module @unroll_then_refused
// CHECK-NOT: scf.for
// CHECK-NOT: wc.lane
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @unroll_then_refused {
    // expected-remark @+3 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 0 (memref<65xi32, #gpu.address_space<workgroup>>) stays in shared memory: stores write elements at offsets 0 and 1 from the thread, which no layout gives both to the storing lane}}
    // expected-remark @+1 {{wc-remap: the loops that decide buffer indices were unrolled, but no buffer became a lane array}}
    gpu.func @k(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<65xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %tx = gpu.thread_id x
      %x = memref.load %in[%tx] : memref<64xi32>
      scf.for %k = %c0 to %c2 step %c1 {
        %i = arith.addi %tx, %k : index
        // expected-note @+1 {{here}}
        memref.store %x, %buf[%i] : memref<65xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %v = memref.load %buf[%tx] : memref<65xi32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<64xi32>
      gpu.return
    }
  }
}
