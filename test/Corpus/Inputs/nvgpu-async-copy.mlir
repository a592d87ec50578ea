// Corpus input: a kernel that stages a tile into workgroup memory with
// nvgpu.device_async_copy (cp.async), groups the copies with
// nvgpu.device_async_create_group, waits with nvgpu.device_async_wait and
// a barrier, then reads another thread's element; and a second kernel
// with two groups in flight (bypassing L1, with a source size).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stage(%in: memref<4x128xf32>, %out: memref<4x128xf32>)
        workgroup(%tile: memref<128xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c4 = arith.constant 4 : index
      %c127 = arith.constant 127 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %i = arith.muli %t, %c4 : index
      %cp = nvgpu.device_async_copy %in[%b, %i], %tile[%i], 4
          : memref<4x128xf32> to memref<128xf32, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group %cp
      nvgpu.device_async_wait %g {numGroups = 0 : i32}
      gpu.barrier
      %r = arith.subi %c127, %i : index
      %v = memref.load %tile[%r] : memref<128xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%b, %i] : memref<4x128xf32>
      gpu.return
    }

    gpu.func @two_groups(%a: memref<256xi32>, %b: memref<256xi32>, %out: memref<256xi32>, %n: index)
        workgroup(%ta: memref<256xi32, #gpu.address_space<workgroup>>,
                  %tb: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c4 = arith.constant 4 : index
      %c255 = arith.constant 255 : index
      %t = gpu.thread_id x
      %i = arith.muli %t, %c4 : index
      %c1 = nvgpu.device_async_copy %a[%i], %ta[%i], 4, %n {bypassL1}
          : memref<256xi32> to memref<256xi32, #gpu.address_space<workgroup>>
      %g1 = nvgpu.device_async_create_group %c1
      %c2 = nvgpu.device_async_copy %b[%i], %tb[%i], 4
          : memref<256xi32> to memref<256xi32, #gpu.address_space<workgroup>>
      %g2 = nvgpu.device_async_create_group %c2
      nvgpu.device_async_wait %g1 {numGroups = 1 : i32}
      nvgpu.device_async_wait %g2
      gpu.barrier
      %r = arith.subi %c255, %i : index
      %x = memref.load %ta[%r] : memref<256xi32, #gpu.address_space<workgroup>>
      %y = memref.load %tb[%i] : memref<256xi32, #gpu.address_space<workgroup>>
      %s = arith.addi %x, %y : i32
      memref.store %s, %out[%i] : memref<256xi32>
      gpu.return
    }
  }
}
