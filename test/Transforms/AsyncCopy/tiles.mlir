// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-async-copy 2>/dev/null | FileCheck %s
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-async-copy 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// The pass alone on the aggregated kernels (no scf op in some of them):
// RUN: wc-opt %s -split-input-file --wc-aggregate 2>/dev/null | wc-opt -split-input-file --wc-async-copy 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// A tile copied row by row by consecutive x threads becomes copies of 16
// bytes: thread t < 16 of the 8 x 8 block (virtual thread 0) copies 4
// elements of row t / 2 from column 4 (t mod 2); the buffer is aligned to
// 16 bytes. The runs start at column 8 bx + 4 (t mod 2): every run is
// aligned when the view's first element and its rows are, one test before
// the phase, which is versioned on it: the original phase runs when the
// source is not aligned. The copies are committed and waited for before
// the warp sync.
// CHECK-LABEL: gpu.func @rows
// CHECK-SAME: workgroup(%[[TILE:.*]] : memref<8x8xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: memref.extract_strided_metadata
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: %[[ALIGNED:.*]] = arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-NEXT: scf.if %[[ALIGNED]] {
// CHECK-NEXT: wc.vthreads (%[[V:.*]], %{{.*}}, %{{.*}}, %{{.*}}) {
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[T:.*]] = arith.addi %{{.*}}, %[[LANE]]
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[T]], %c16
// CHECK: scf.if %[[IN]] {
// CHECK-NOT: scf.if
// CHECK: nvgpu.device_async_copy %{{.*}}, %[[TILE]][%{{.*}}, %{{.*}}], 4 {bypassL1}
// CHECK-NOT: nvgpu.device_async_create_group
// CHECK: } else {
// CHECK-NEXT: wc.vthreads
// CHECK-NEXT: arith.addi
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.store
// CHECK: nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.device_async_wait
// CHECK-NEXT: wc.warp_sync
// REMARK: remark: wc-async-copy: 1 tile copies by cp.async of 16 bytes per lane
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @rows(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %col0 = arith.muli %bx, %c8 : index
    %c = arith.addi %col0, %tx : index
    %v = memref.load %src[%ty, %c] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %c] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// Runs at column x + k, k a kernel argument: each lane tests the address
// of its run.
// CHECK-LABEL: gpu.func @skewed
// CHECK: wc.vthreads
// CHECK: scf.if
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: scf.if
// CHECK-NEXT: nvgpu.device_async_copy {{.*}}, 4 {bypassL1}
// REMARK: remark: wc-async-copy: 1 tile copies by cp.async of 16 bytes per lane
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @skewed(%src: memref<?x?xf32>, %out: memref<?x?xf32>, %k: index)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %c = arith.addi %tx, %k : index
    %v = memref.load %src[%ty, %c] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// A thread reading its own element back before the barrier: the copy
// stays with the thread.
// CHECK-LABEL: gpu.func @reads_back
// CHECK-NOT: nvgpu.device_async_copy
// REMARK: remark: wc-async-copy: no tile copies: the phase accesses the destination otherwise
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @reads_back(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %v = memref.load %src[%ty, %tx] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    %own = memref.load %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
    %sum = arith.addf %own, %w : f32
    memref.store %sum, %out[%ty, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// A write of global memory in the phase: another thread's copy could read
// the element before or after it.
// REMARK: remark: wc-async-copy: no tile copies: the phase may write global memory
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @writes_global(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %zero = arith.constant 0.0 : f32
    %v = memref.load %src[%ty, %tx] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %zero, %src[%tx, %ty] : memref<?x?xf32>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// Consecutive x threads copying a column: no run of consecutive elements.
// REMARK: remark: wc-async-copy: no tile copies: consecutive x threads do not copy consecutive elements
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @columns(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %v = memref.load %src[%tx, %ty] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// A block 6 threads wide: rows of 6 elements are no runs of 4, but rows
// of 24 bytes, 24 bytes apart, are 3 copies of 8 bytes each: the tile is
// copied whole by threads 0-23 (see boxes.mlir).
// CHECK-LABEL: gpu.func @narrow
// CHECK: arith.constant 24 : index
// CHECK: nvgpu.device_async_copy {{.*}}, 2 : memref<?x?xf32> to memref<8x6xf32
// REMARK: remark: wc-async-copy: 1 tiles copied whole by cp.async of 8 bytes
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @narrow(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x6xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 6, 8, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %v = memref.load %src[%ty, %tx] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %tx] : memref<8x6xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%ty, %tx] : memref<8x6xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%tx, %ty] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// Runs that would start 2 elements into the buffer's rows: their
// destination addresses are not multiples of 16, but those of the box
// (columns 2-9) are multiples of 8: 4 copies of 8 bytes per row.
// CHECK-LABEL: gpu.func @offset
// CHECK: arith.constant 32 : index
// CHECK: nvgpu.device_async_copy {{.*}}, 2 : memref<?x?xf32> to memref<8x12xf32
// REMARK: remark: wc-async-copy: 1 tiles copied whole by cp.async of 8 bytes
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @offset(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x12xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c2 = arith.constant 2 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %x2 = arith.addi %tx, %c2 : index
    %v = memref.load %src[%ty, %tx] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %x2] : memref<8x12xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%ty, %x2] : memref<8x12xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%tx, %ty] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// The copy in a loop whose barrier comes first, and the thread's own
// element read after the loop: leaving the loop, no warp sync comes
// between the last copy and the read.
// REMARK: remark: wc-async-copy: no tile copies: the destination is accessed, or global memory written, between the phase and a warp sync around it
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @loop_exit(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    scf.for %i = %c0 to %c2 step %c1 {
      gpu.barrier
      %i8 = arith.muli %i, %c8 : index
      %c = arith.addi %i8, %tx : index
      %v = memref.load %src[%ty, %c] : memref<?x?xf32>
      memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    }
    %own = memref.load %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %own, %out[%ty, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// The thread's element written before the loop and copied in its first
// iteration with no barrier between: entering the loop, another lane's
// copy would race with the thread's store.
// REMARK: remark: wc-async-copy: no tile copies: the destination is accessed, or global memory written, between the phase and a warp sync around it
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @loop_entry(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %zero = arith.constant 0.0 : f32
    memref.store %zero, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c2 step %c1 {
      %i8 = arith.muli %i, %c8 : index
      %c = arith.addi %i8, %tx : index
      %v = memref.load %src[%ty, %c] : memref<?x?xf32>
      memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%ty, %c] : memref<?x?xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// The thread writes its source element before the loop, with no barrier
// before the copy: another lane reading it could miss the write.
// REMARK: remark: wc-async-copy: no tile copies: the destination is accessed, or global memory written, between the phase and a warp sync around it
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @source_written(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %one = arith.constant 1.0 : f32
    memref.store %one, %src[%ty, %tx] : memref<?x?xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      %v = memref.load %src[%ty, %tx] : memref<?x?xf32>
      memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%ty, %tx] : memref<?x?xf32>
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// A view of the source per thread (its row): the lane that would copy
// the thread's element sees another view.
// REMARK: remark: wc-async-copy: no tile copies: the source view may differ between threads
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @view_per_thread(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %c32 = arith.constant 32 : index
    %flat = memref.reinterpret_cast %src to offset: [0], sizes: [64], strides: [1] : memref<?x?xf32> to memref<64xf32, strided<[1]>>
    %off = arith.muli %ty, %c8 : index
    %row = memref.reinterpret_cast %flat to offset: [%off], sizes: [8], strides: [1] : memref<64xf32, strided<[1]>> to memref<8xf32, strided<[1], offset: ?>>
    %v = memref.load %row[%tx] : memref<8xf32, strided<[1], offset: ?>>
    memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// An atomic update of the source in the phase (an op with a region whose
// own effect is the write).
// REMARK: remark: wc-async-copy: no tile copies: the phase may write global memory
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @atomic(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %v = memref.load %src[%ty, %tx] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    %x = memref.generic_atomic_rmw %src[%tx, %ty] : memref<?x?xf32> {
    ^bb0(%old: f32):
      %n = arith.addf %old, %old : f32
      memref.atomic_yield %n : f32
    }
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// 2-byte elements at a column only each lane can test for alignment: a
// run that is not aligned could not be copied element by element.
// REMARK: remark: wc-async-copy: no tile copies: elements of under 4 bytes, whose runs only each lane can test for alignment (cp.async copies 4, 8 or 16 bytes)
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @halves(%src: memref<?x?xf32>, %out: memref<?x?xf32>, %srch: memref<?x?xf16>, %outh: memref<?x?xf16>, %k: index)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>, %tileh: memref<8x8xf16, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %c = arith.addi %tx, %k : index
    %v = memref.load %srch[%ty, %c] : memref<?x?xf16>
    memref.store %v, %tileh[%ty, %tx] : memref<8x8xf16, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tileh[%tx, %ty] : memref<8x8xf16, #gpu.address_space<workgroup>>
    memref.store %w, %outh[%ty, %tx] : memref<?x?xf16>
    gpu.return
  }
}

// -----

// A value broadcast from a rank-0 memref: no rows.
// REMARK: remark: wc-async-copy: no tile copies: a memref of rank 0 has no rows to copy
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @rank0(%src: memref<?x?xf32>, %out: memref<?x?xf32>, %scalar: memref<f32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %v = memref.load %scalar[] : memref<f32>
    memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// A chip without cp.async: nothing changes, no remark.
// CHECK-LABEL: gpu.func @old_chip
// CHECK-NOT: nvgpu
// CHECK-NOT: llvm.align
gpu.module @m [#nvvm.target<chip = "sm_75">] {
  gpu.func @old_chip(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %v = memref.load %src[%ty, %tx] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%ty, %tx] : memref<?x?xf32>
    gpu.return
  }
}
// REMARK-NOT: wc-async-copy

// -----

// A thread reads its own element back in a later phase (a loop whose
// barrier comes after the read), with no warp sync between: the copy
// stays with the thread.
// CHECK-LABEL: gpu.func @read_later
// CHECK-NOT: nvgpu.device_async_copy
// REMARK: remark: wc-async-copy: no tile copies: the destination is accessed, or global memory written, between the phase and a warp sync around it
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @read_later(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile: memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %v = memref.load %src[%ty, %tx] : memref<?x?xf32>
    memref.store %v, %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c2 step %c1 {
      %own = memref.load %tile[%ty, %tx] : memref<8x8xf32, #gpu.address_space<workgroup>>
      %r = arith.addi %ty, %i : index
      memref.store %own, %out[%r, %tx] : memref<?x?xf32>
      gpu.barrier
    }
    gpu.return
  }
}
