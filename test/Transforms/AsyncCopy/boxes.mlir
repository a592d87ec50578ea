// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-async-copy 2>/dev/null | FileCheck %s
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-async-copy 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Tiles copied in pieces (a halo), each piece by the threads a condition
// on the thread ids selects: when the pieces write disjoint boxes of the
// buffer that fill one box, at one offset from what they read, the box is
// copied whole by 8-byte cp.async (halo-run.mlir runs one); otherwise the
// pieces stay as they are, with a remark saying why.

// -----

// The own elements, two columns on the right, two rows below and the
// corner: rows 0-9, columns 0-9 of the view, 5 copies of 8 bytes per row
// by threads 0-49, after one test of the view; the pieces and their
// conditions are gone from the copying phase.
// CHECK-LABEL: gpu.func @halo
// CHECK-SAME: {llvm.align = 8 : i64}
// CHECK: scf.if
// CHECK: wc.vthreads
// CHECK-NOT: memref.store
// CHECK: arith.constant 50 : index
// CHECK: arith.divui %{{.*}}, %c5
// CHECK: nvgpu.device_async_copy {{.*}}, 2 : memref<?x?xi32> to memref<10x10xi32
// CHECK: } else {
// CHECK: memref.store
// CHECK: nvgpu.device_async_wait
// REMARK: remark: wc-async-copy: 1 tiles copied whole by cp.async of 8 bytes
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @halo(%src: memref<?x?xi32>, %out: memref<?x?xi32>, %n: index)
      workgroup(%tile: memref<10x10xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tx2 = arith.addi %tx, %c2 : index
    %ty2 = arith.addi %ty, %c2 : index
    %right = arith.cmpi sge, %tx, %c6 : index
    %bottom = arith.cmpi sge, %ty, %c6 : index
    %v = memref.load %src[%ty, %tx] : memref<?x?xi32>
    memref.store %v, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    scf.if %right {
      %p = memref.load %src[%ty, %tx2] : memref<?x?xi32>
      memref.store %p, %tile[%ty, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    scf.if %bottom {
      %p = memref.load %src[%ty2, %tx] : memref<?x?xi32>
      memref.store %p, %tile[%ty2, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    %corner = arith.andi %right, %bottom : i1
    scf.if %corner {
      %p = memref.load %src[%ty2, %tx2] : memref<?x?xi32>
      memref.store %p, %tile[%ty2, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<10x10xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xi32>
    gpu.return
  }
}

// -----

// A piece in an else-branch (x < 6) writes elements the threads' own
// copies write too.
// REMARK: remark: wc-async-copy: no tile copies: two pieces of the copy write the same elements
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @overlap(%src: memref<?x?xi32>, %out: memref<?x?xi32>, %n: index)
      workgroup(%tile: memref<10x10xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tx2 = arith.addi %tx, %c2 : index
    %ty2 = arith.addi %ty, %c2 : index
    %right = arith.cmpi sge, %tx, %c6 : index
    %bottom = arith.cmpi sge, %ty, %c6 : index
    %v = memref.load %src[%ty, %tx] : memref<?x?xi32>
    memref.store %v, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    scf.if %right {
    } else {
      %p = memref.load %src[%ty, %tx] : memref<?x?xi32>
      memref.store %p, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<10x10xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xi32>
    gpu.return
  }
}

// -----

// No corner: the pieces do not fill their bounding box.
// REMARK: remark: wc-async-copy: no tile copies: the pieces of the copy do not fill one box of the buffer
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @no_corner(%src: memref<?x?xi32>, %out: memref<?x?xi32>, %n: index)
      workgroup(%tile: memref<10x10xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tx2 = arith.addi %tx, %c2 : index
    %ty2 = arith.addi %ty, %c2 : index
    %right = arith.cmpi sge, %tx, %c6 : index
    %bottom = arith.cmpi sge, %ty, %c6 : index
    %v = memref.load %src[%ty, %tx] : memref<?x?xi32>
    memref.store %v, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    scf.if %right {
      %p = memref.load %src[%ty, %tx2] : memref<?x?xi32>
      memref.store %p, %tile[%ty, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    scf.if %bottom {
      %p = memref.load %src[%ty2, %tx] : memref<?x?xi32>
      memref.store %p, %tile[%ty2, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<10x10xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xi32>
    gpu.return
  }
}

// -----

// A condition on a kernel argument: which threads copy is not known.
// REMARK: remark: wc-async-copy: no tile copies: a copy's condition depends on more than the thread ids
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @data_condition(%src: memref<?x?xi32>, %out: memref<?x?xi32>, %n: index)
      workgroup(%tile: memref<10x10xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tx2 = arith.addi %tx, %c2 : index
    %ty2 = arith.addi %ty, %c2 : index
    %right = arith.cmpi sge, %tx, %c6 : index
    %bottom = arith.cmpi sge, %ty, %c6 : index
    %v = memref.load %src[%ty, %tx] : memref<?x?xi32>
    memref.store %v, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    %more = arith.cmpi ult, %tx, %n : index
    scf.if %more {
      %p = memref.load %src[%ty, %tx2] : memref<?x?xi32>
      memref.store %p, %tile[%ty, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<10x10xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xi32>
    gpu.return
  }
}

// -----

// The right columns read from one column further on than the own
// elements: no one offset between what the pieces read and write.
// REMARK: remark: wc-async-copy: no tile copies: the pieces of the copy read at different offsets from what they write
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @other_offset(%src: memref<?x?xi32>, %out: memref<?x?xi32>, %n: index)
      workgroup(%tile: memref<10x10xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tx2 = arith.addi %tx, %c2 : index
    %ty2 = arith.addi %ty, %c2 : index
    %right = arith.cmpi sge, %tx, %c6 : index
    %bottom = arith.cmpi sge, %ty, %c6 : index
    %v = memref.load %src[%ty, %tx] : memref<?x?xi32>
    memref.store %v, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    %tx3 = arith.addi %tx, %c2 : index
    %tx4 = arith.addi %tx3, %c1 : index
    scf.if %right {
      %p = memref.load %src[%ty, %tx4] : memref<?x?xi32>
      memref.store %p, %tile[%ty, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<10x10xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xi32>
    gpu.return
  }
}

// -----

// Rows of 9 elements: 36 bytes apart, not a multiple of 8.
// REMARK: remark: wc-async-copy: no tile copies: the buffer's rows are not a multiple of 8 bytes apart
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @odd_rows(%src: memref<?x?xi32>, %out: memref<?x?xi32>, %n: index)
      workgroup(%tile: memref<8x9xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tx2 = arith.addi %tx, %c2 : index
    %ty2 = arith.addi %ty, %c2 : index
    %right = arith.cmpi sge, %tx, %c6 : index
    %bottom = arith.cmpi sge, %ty, %c6 : index
    %v = memref.load %src[%ty, %tx] : memref<?x?xi32>
    memref.store %v, %tile[%ty, %tx] : memref<8x9xi32, #gpu.address_space<workgroup>>
    %first = arith.cmpi eq, %tx, %c1 : index
    scf.if %first {
      %p = memref.load %src[%ty, %c8] : memref<?x?xi32>
      memref.store %p, %tile[%ty, %c8] : memref<8x9xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x9xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xi32>
    gpu.return
  }
}

// -----

// The tile's rows start one element into the source rows: no 8-byte
// copy of the source is aligned where its rows are.
// REMARK: remark: wc-async-copy: no tile copies: the copy's rows do not start at a multiple of 8 bytes of its source
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @source_offset(%src: memref<?x?xi32>, %out: memref<?x?xi32>, %n: index)
      workgroup(%tile: memref<10x10xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tx2 = arith.addi %tx, %c2 : index
    %ty2 = arith.addi %ty, %c2 : index
    %right = arith.cmpi sge, %tx, %c6 : index
    %bottom = arith.cmpi sge, %ty, %c6 : index
    %tx1 = arith.addi %tx, %c1 : index
    %tx3 = arith.addi %tx2, %c1 : index
    scf.if %right {
      %p = memref.load %src[%ty, %tx3] : memref<?x?xi32>
      memref.store %p, %tile[%ty, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    %v = memref.load %src[%ty, %tx1] : memref<?x?xi32>
    memref.store %v, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<10x10xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xi32>
    gpu.return
  }
}

// -----

// A 3 x 3 window of the tile for each thread: 576 reads of 100 elements,
// more than 4 per element: the 8-byte copies through L1 would cost the
// reads more than the copy saves.
// REMARK: remark: wc-async-copy: no tile copies: the tile is read 5 times per element of the buffer, more than 4: 8-byte copies, which pass through L1, would slow its reads
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @many_reads(%src: memref<?x?xi32>, %out: memref<?x?xi32>, %n: index)
      workgroup(%tile: memref<10x10xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tx2 = arith.addi %tx, %c2 : index
    %ty2 = arith.addi %ty, %c2 : index
    %right = arith.cmpi sge, %tx, %c6 : index
    %bottom = arith.cmpi sge, %ty, %c6 : index
    %v = memref.load %src[%ty, %tx] : memref<?x?xi32>
    memref.store %v, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    scf.if %right {
      %p = memref.load %src[%ty, %tx2] : memref<?x?xi32>
      memref.store %p, %tile[%ty, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    scf.if %bottom {
      %p = memref.load %src[%ty2, %tx] : memref<?x?xi32>
      memref.store %p, %tile[%ty2, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    %corner = arith.andi %right, %bottom : i1
    scf.if %corner {
      %p = memref.load %src[%ty2, %tx2] : memref<?x?xi32>
      memref.store %p, %tile[%ty2, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %c3 = arith.constant 3 : index
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %w = scf.for %i = %c0 to %c3 step %c1 iter_args(%ra = %zero) -> (i32) {
      %ws = scf.for %j = %c0 to %c3 step %c1 iter_args(%ca = %ra) -> (i32) {
        %ti = arith.addi %ty, %i : index
        %tj = arith.addi %tx, %j : index
        %t = memref.load %tile[%ti, %tj] : memref<10x10xi32, #gpu.address_space<workgroup>>
        %s = arith.addi %ca, %t : i32
        scf.yield %s : i32
      }
      scf.yield %ws : i32
    }
    memref.store %w, %out[%ty, %tx] : memref<?x?xi32>
    gpu.return
  }
}

// -----

// A piece for the threads whose x is not 0: not one range of ids.
// REMARK: remark: wc-async-copy: no tile copies: a copy runs where two thread values differ
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @not_equal(%src: memref<?x?xi32>, %out: memref<?x?xi32>, %n: index)
      workgroup(%tile: memref<10x10xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tx2 = arith.addi %tx, %c2 : index
    %ty2 = arith.addi %ty, %c2 : index
    %right = arith.cmpi sge, %tx, %c6 : index
    %bottom = arith.cmpi sge, %ty, %c6 : index
    %v = memref.load %src[%ty, %tx] : memref<?x?xi32>
    memref.store %v, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    %notfirst = arith.cmpi ne, %tx, %c1 : index
    scf.if %notfirst {
      %p = memref.load %src[%ty, %tx2] : memref<?x?xi32>
      memref.store %p, %tile[%ty, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<10x10xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xi32>
    gpu.return
  }
}

// -----

// The tile read in a loop of a run-time trip count.
// REMARK: remark: wc-async-copy: no tile copies: the tile is read in a loop of unknown trip count
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @unknown_reads(%src: memref<?x?xi32>, %out: memref<?x?xi32>, %n: index)
      workgroup(%tile: memref<10x10xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %tx2 = arith.addi %tx, %c2 : index
    %ty2 = arith.addi %ty, %c2 : index
    %right = arith.cmpi sge, %tx, %c6 : index
    %bottom = arith.cmpi sge, %ty, %c6 : index
    %v = memref.load %src[%ty, %tx] : memref<?x?xi32>
    memref.store %v, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    scf.if %right {
      %p = memref.load %src[%ty, %tx2] : memref<?x?xi32>
      memref.store %p, %tile[%ty, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    scf.if %bottom {
      %p = memref.load %src[%ty2, %tx] : memref<?x?xi32>
      memref.store %p, %tile[%ty2, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    %corner = arith.andi %right, %bottom : i1
    scf.if %corner {
      %p = memref.load %src[%ty2, %tx2] : memref<?x?xi32>
      memref.store %p, %tile[%ty2, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    %w = scf.for %i = %c0 to %n step %c1 iter_args(%ra = %zero) -> (i32) {
      %t = memref.load %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
      %s = arith.addi %ra, %t : i32
      scf.yield %s : i32
    }
    memref.store %w, %out[%ty, %tx] : memref<?x?xi32>
    gpu.return
  }
}
