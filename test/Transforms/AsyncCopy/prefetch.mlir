// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-async-copy 2>/dev/null | FileCheck %s
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-async-copy 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// The lowering takes every form:
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-async-copy --gpu-kernel-outlining --wc-lower-to-nvvm=format=isa 2>/dev/null | sed 's/\\0A/\n/g; s/\\09/ /g' | FileCheck %s --check-prefix=LOWERED
// LOWERED: .entry prefetched
// LOWERED: cp.async.wait_group 1;
// LOWERED: .entry writes_global
// LOWERED-NOT: cp.async.wait_group 1;
// LOWERED: .entry nested

// The tile loop of a warp job copies the next tile during this one
// (wc-async-copy's prefetch): each tile doubled, the first tile's copy
// before the loop, the next one's at the top of each iteration (skipped in
// the last), and a wait for every group of copies but the newest. The
// refusals keep the loop as it is, with a remark at it. (halo-run.mlir and
// the integration tests run prefetched loops.)

// -----

// Row k of `src` into the tile, each thread reading another's element.
// CHECK-LABEL: gpu.func @prefetched
// CHECK-SAME: workgroup(%{{.*}} : memref<2x32xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: scf.if
// CHECK: %[[ANY:.*]] = arith.cmpi slt
// CHECK: scf.if %[[ANY]]
// CHECK: nvgpu.device_async_copy {{.*}}[%c0{{.*}}, %{{.*}}], 4 {bypassL1}
// CHECK: nvgpu.device_async_create_group
// CHECK: scf.for
// CHECK: arith.remui
// CHECK: %[[MORE:.*]] = arith.cmpi slt
// CHECK: scf.if %[[MORE]]
// CHECK: nvgpu.device_async_copy
// CHECK: nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// CHECK-NEXT: wc.warp_sync
// CHECK: } else {
// REMARK: remark: wc-async-copy: 1 tile loops copy the next tile during this one (two of each tile)
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @prefetched(%src: memref<?x?xf32>, %out: memref<?x?xf32>, %n: index)
      workgroup(%tile: memref<32xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %src[%k, %tx] : memref<?x?xf32>
      memref.store %v, %tile[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %rx = arith.subi %c31, %tx : index
      %w = memref.load %tile[%rx] : memref<32xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %w : f32
      gpu.barrier
      scf.yield %next : f32
    }
    memref.store %sum, %out[%bx, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// The loop writes global memory: the next tile, read one iteration early,
// could be what it writes.
// REMARK: remark: wc-async-copy: the next tile is not copied during this one: the loop writes memory other than workgroup memory
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @writes_global(%src: memref<?x?xf32>, %out: memref<?x?xf32>, %n: index)
      workgroup(%tile: memref<32xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %src[%k, %tx] : memref<?x?xf32>
      memref.store %v, %tile[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %rx = arith.subi %c31, %tx : index
      %w = memref.load %tile[%rx] : memref<32xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %w : f32
      memref.store %w, %out[%k, %tx] : memref<?x?xf32>
      gpu.barrier
      scf.yield %next : f32
    }
    memref.store %sum, %out[%bx, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// The tile read after the loop: its last tile would be in either half.
// REMARK: remark: wc-async-copy: the next tile is not copied during this one: a tile is used outside the loop
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @used_after(%src: memref<?x?xf32>, %out: memref<?x?xf32>, %n: index)
      workgroup(%tile: memref<32xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %src[%k, %tx] : memref<?x?xf32>
      memref.store %v, %tile[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %rx = arith.subi %c31, %tx : index
      %w = memref.load %tile[%rx] : memref<32xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %w : f32
      gpu.barrier
      scf.yield %next : f32
    }
    %last = memref.load %tile[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
    memref.store %last, %out[%c0, %tx] : memref<?x?xf32>
    memref.store %sum, %out[%bx, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// The copy's row carried by the loop.
// REMARK: remark: wc-async-copy: the next tile is not copied during this one: the copying phase uses a value the loop carries
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @carried(%src: memref<?x?xf32>, %out: memref<?x?xf32>, %n: index)
      workgroup(%tile: memref<32xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %sum, %rows = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %row = %c0) -> (f32, index) {
      %v = memref.load %src[%row, %tx] : memref<?x?xf32>
      memref.store %v, %tile[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %rx = arith.subi %c31, %tx : index
      %w = memref.load %tile[%rx] : memref<32xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %w : f32
      %r1 = arith.addi %row, %c1 : index
      gpu.barrier
      scf.yield %next, %r1 : f32, index
    }
    memref.store %sum, %out[%bx, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// Two of a 51200-byte tile exceed the static shared memory.
// REMARK: remark: wc-async-copy: the next tile is not copied during this one: two of each tile (102400 bytes of shared memory) exceed the block's static shared memory or leave fewer warps resident
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @too_big(%src: memref<?x?xf32>, %out: memref<?x?xf32>, %n: index)
      workgroup(%tile: memref<8x1600xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 8, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
      %y = arith.addi %k, %ty : index
      %v = memref.load %src[%y, %tx] : memref<?x?xf32>
      memref.store %v, %tile[%ty, %tx] : memref<8x1600xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %rx = arith.subi %c31, %tx : index
      %w = memref.load %tile[%ty, %rx] : memref<8x1600xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %w : f32
      gpu.barrier
      scf.yield %next : f32
    }
    memref.store %sum, %out[%bx, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// A loop compared unsigned.
// REMARK: remark: wc-async-copy: the next tile is not copied during this one: the loop compares its bounds unsigned
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @unsigned(%src: memref<?x?xf32>, %out: memref<?x?xf32>, %n: index)
      workgroup(%tile: memref<32xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %sum = scf.for unsigned %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %src[%k, %tx] : memref<?x?xf32>
      memref.store %v, %tile[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %rx = arith.subi %c31, %tx : index
      %w = memref.load %tile[%rx] : memref<32xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %w : f32
      gpu.barrier
      scf.yield %next : f32
    }
    memref.store %sum, %out[%bx, %tx] : memref<?x?xf32>
    gpu.return
  }
}

// -----

// A tile loop inside another loop of the job.
// REMARK: remark: wc-async-copy: the next tile is not copied during this one: the loop is inside 'scf.for' in its warp job
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @nested(%src: memref<?x?xf32>, %out: memref<?x?xf32>, %n: index)
      workgroup(%tile: memref<32xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c31 = arith.constant 31 : index
    %zero = arith.constant 0.0 : f32
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %bx = gpu.block_id x
    %outer = scf.for %j = %c0 to %n step %c1 iter_args(%o = %zero) -> (f32) {
    %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %src[%k, %tx] : memref<?x?xf32>
      memref.store %v, %tile[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %rx = arith.subi %c31, %tx : index
      %w = memref.load %tile[%rx] : memref<32xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %w : f32
      gpu.barrier
      scf.yield %next : f32
    }
    scf.yield %sum : f32
    }
    memref.store %outer, %out[%bx, %tx] : memref<?x?xf32>
    gpu.return
  }
}
