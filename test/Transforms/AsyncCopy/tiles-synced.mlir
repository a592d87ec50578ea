// RUN: wc-opt %s -split-input-file --wc-async-copy 2>&1 >/dev/null | FileCheck %s

// wc-async-copy on warp jobs as wc-aggregate writes them: a full warp sync
// after the copying phase fences it; one over some lanes only (a mask)
// does not, since the lanes outside it could read a run another lane
// copies.
// CHECK: remark: wc-async-copy: 1 tile copies by cp.async of 16 bytes per lane
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @full(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile : memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    wc.warp_job block [8, 8, 1] virtual_threads 2 {
      wc.vthreads (%v, %x, %y, %z) {
        %a = memref.load %src[%y, %x] : memref<?x?xf32>
        memref.store %a, %tile[%y, %x] : memref<8x8xf32, #gpu.address_space<workgroup>>
      }
      wc.warp_sync
      wc.vthreads (%v, %x, %y, %z) {
        %b = memref.load %tile[%x, %y] : memref<8x8xf32, #gpu.address_space<workgroup>>
        memref.store %b, %out[%y, %x] : memref<?x?xf32>
      }
    }
    gpu.return
  }
}

// -----

// CHECK: remark: wc-async-copy: no tile copies: the destination is accessed, or global memory written, between the phase and a warp sync around it
gpu.module @m [#nvvm.target<chip = "sm_90">] {
  gpu.func @masked(%src: memref<?x?xf32>, %out: memref<?x?xf32>)
      workgroup(%tile : memref<8x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    wc.warp_job block [8, 8, 1] virtual_threads 2 {
      wc.vthreads (%v, %x, %y, %z) {
        %a = memref.load %src[%y, %x] : memref<?x?xf32>
        memref.store %a, %tile[%y, %x] : memref<8x8xf32, #gpu.address_space<workgroup>>
      }
      %m = arith.constant 65535 : i32
      wc.warp_sync mask %m
      wc.vthreads (%v, %x, %y, %z) {
        %b = memref.load %tile[%x, %y] : memref<8x8xf32, #gpu.address_space<workgroup>>
        memref.store %b, %out[%y, %x] : memref<?x?xf32>
      }
    }
    gpu.return
  }
}
