// RUN: wc-opt %s -split-input-file --wc-aggregate -verify-diagnostics | FileCheck %s

// A 256-thread kernel with no barrier and no workgroup memory: 8 one-warp
// blocks per original block; the original ids are rebuilt.
// CHECK-LABEL: gpu.module @resize_1d
// CHECK: gpu.func @scale(%[[BUF:.*]]: memref<?xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>}
// CHECK: %[[B:.*]] = gpu.block_id x
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[W:.*]] = arith.remui %[[B]], %[[C8]]
// CHECK: %[[OB:.*]] = arith.divui %[[B]], %[[C8]]
// CHECK: %[[L:.*]] = gpu.thread_id x
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[W32:.*]] = arith.muli %[[W]], %[[C32]]
// CHECK: %[[T:.*]] = arith.addi %[[W32]], %[[L]]
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[TX:.*]] = arith.remui %[[T]], %[[C256]]
// CHECK: %[[GRID:.*]] = gpu.grid_dim x
// CHECK: arith.divui %[[GRID]], %[[C8]]
// CHECK: %[[D:.*]] = arith.constant 256 : index
// CHECK: %[[BASE:.*]] = arith.muli %[[OB]], %[[D]]
// CHECK: %[[G:.*]] = arith.addi %[[BASE]], %[[TX]]
// CHECK: memref.load %[[BUF]][%[[G]]]
// CHECK-NOT: gpu.block_dim
// CHECK-LABEL: func.func @host
// CHECK: %[[C32H:.*]] = arith.constant 32 : index
// CHECK: %[[C1H:.*]] = arith.constant 1 : index
// CHECK: %[[GX:.*]] = arith.muli %arg1, %{{.*}} : index
// CHECK: gpu.launch_func @resize_1d::@scale blocks in (%[[GX]], %c1, %c1) threads in (%[[C32H]], %[[C1H]], %[[C1H]])
module attributes {gpu.container_module} {
  gpu.module @resize_1d {
    // expected-remark @+1 {{wc-aggregate: resized 256-thread blocks into 8 one-warp blocks each (grid x scaled by 8)}}
    gpu.func @scale(%buf: memref<?xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %base = arith.muli %b, %d : index
      %i = arith.addi %base, %t : index
      %x = memref.load %buf[%i] : memref<?xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %buf[%i] : memref<?xf32>
      gpu.return
    }
  }
  func.func @host(%buf: memref<?xf32>, %blocks: index) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @resize_1d::@scale blocks in (%blocks, %c1, %c1) threads in (%c256, %c1, %c1) args(%buf : memref<?xf32>)
    return
  }
}

// -----

// A 3-D block of 8 x 4 x 2 = 64 threads, size known from its launch only:
// the y and z thread ids come from the linear id, block y is unchanged.
// CHECK-LABEL: gpu.module @resize_3d
// CHECK: known_block_size = array<i32: 32, 1, 1>
// CHECK: %[[W:.*]] = arith.remui %block_id_x, %c2
// CHECK: %[[T:.*]] = arith.addi
// CHECK: %[[X:.*]] = arith.remui %[[T]], %c8
// CHECK: %[[R:.*]] = arith.divui %[[T]], %c8
// CHECK: %[[Y:.*]] = arith.remui %[[R]], %c4
// CHECK: %[[Z:.*]] = arith.divui %[[R]], %c4
// CHECK: %[[BY:.*]] = gpu.block_id y
// CHECK: memref.store %[[BY]], %arg0[%[[Z]], %[[Y]], %[[X]]]
// CHECK: %[[N:.*]] = arith.constant 2 : index
// CHECK: memref.store %[[N]], %arg1[%[[W]]]
// CHECK-NOT: gpu.subgroup_id
// CHECK-NOT: gpu.num_subgroups
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @resize_3d::@ids blocks in (%{{.*}}, %c3, %c1) threads in (%c32
module attributes {gpu.container_module} {
  gpu.module @resize_3d {
    // expected-remark @+1 {{wc-aggregate: resized 64-thread blocks into 2 one-warp blocks each (grid x scaled by 2)}}
    gpu.func @ids(%out: memref<2x4x8xindex>, %warps: memref<2xindex>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %tz = gpu.thread_id z
      %by = gpu.block_id y
      memref.store %by, %out[%tz, %ty, %tx] : memref<2x4x8xindex>
      %w = gpu.subgroup_id : index
      %n = gpu.num_subgroups : index
      memref.store %n, %warps[%w] : memref<2xindex>
      gpu.return
    }
  }
  func.func @host(%out: memref<2x4x8xindex>, %warps: memref<2xindex>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @resize_3d::@ids blocks in (%c1, %c3, %c1) threads in (%c8, %c4, %c2) args(%out : memref<2x4x8xindex>, %warps : memref<2xindex>)
    return
  }
}

// -----

// 40 threads: the second warp has 8 live lanes; the others are masked.
// CHECK-LABEL: gpu.module @resize_partial
// CHECK: %[[T:.*]] = arith.addi
// CHECK: %[[LIVE:.*]] = arith.cmpi ult, %[[T]], %c40
// CHECK: scf.if %[[LIVE]] {
// CHECK:   memref.store
// CHECK: }
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @resize_partial {
    // expected-remark @+1 {{wc-aggregate: resized 40-thread blocks into 2 one-warp blocks each (grid x scaled by 2); no launch in this module: a launch elsewhere must use 32-thread blocks and a grid x scaled by 2}}
    gpu.func @fill(%out: memref<40xindex>) kernel attributes {known_block_size = array<i32: 40, 1, 1>} {
      %t = gpu.thread_id x
      memref.store %t, %out[%t] : memref<40xindex>
      gpu.return
    }
  }
}
