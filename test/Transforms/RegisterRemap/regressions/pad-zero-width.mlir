// A zero-width element (i0) is never padded (a review found a division
// by zero in the padding's planner).
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s
// RUN: wc-opt %s --wc-consolidate -o /dev/null 2>&1 | FileCheck %s
// CHECK: workgroup buffer 0 (memref<16x16xi0, #gpu.address_space<workgroup>>) stays in shared memory
// CHECK-NOT: padded
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%in: memref<32x32xi0>, %out: memref<32x32xi0>)
        workgroup(%tile: memref<16x16xi0, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %v = memref.load %in[%ty, %tx] : memref<32x32xi0>
      memref.store %v, %tile[%ty, %tx] : memref<16x16xi0, #gpu.address_space<workgroup>>
      gpu.barrier
      %t = memref.load %tile[%tx, %ty] : memref<16x16xi0, #gpu.address_space<workgroup>>
      memref.store %t, %out[%ty, %tx] : memref<32x32xi0>
      gpu.return
    }
  }
}
