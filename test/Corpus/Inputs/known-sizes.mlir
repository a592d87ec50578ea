// Corpus input: the same kernel body with and without known_block_size /
// known_grid_size / known_cluster_size, with NVVM launch-bound attributes
// (nvvm.maxntid, nvvm.reqntid, nvvm.minctasm), and with block dims read
// from gpu.block_dim where no size is known. (Launch sizes given as i32 or
// i64 values: run-launch-int-sizes.mlir.)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @none(%buf: memref<?xf32>)
        workgroup(%sh: memref<512xf32, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %n = gpu.block_dim x
      %v = memref.load %buf[%t] : memref<?xf32>
      memref.store %v, %sh[%t] : memref<512xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %l = arith.subi %n, %c1 : index
      %m = arith.subi %l, %t : index
      %w = memref.load %sh[%m] : memref<512xf32, #gpu.address_space<workgroup>>
      memref.store %w, %buf[%t] : memref<?xf32>
      gpu.return
    }

    gpu.func @block_only(%buf: memref<?xf32>)
        workgroup(%sh: memref<512xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %n = gpu.block_dim x
      %v = memref.load %buf[%t] : memref<?xf32>
      memref.store %v, %sh[%t] : memref<512xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %l = arith.subi %n, %c1 : index
      %m = arith.subi %l, %t : index
      %w = memref.load %sh[%m] : memref<512xf32, #gpu.address_space<workgroup>>
      memref.store %w, %buf[%t] : memref<?xf32>
      gpu.return
    }

    gpu.func @everything(%buf: memref<?xf32>)
        workgroup(%sh: memref<512xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 512, 1, 1>,
                           known_grid_size = array<i32: 8, 1, 1>,
                           known_cluster_size = array<i32: 2, 1, 1>} {
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %n = gpu.block_dim x
      %v = memref.load %buf[%t] : memref<?xf32>
      memref.store %v, %sh[%t] : memref<512xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %l = arith.subi %n, %c1 : index
      %m = arith.subi %l, %t : index
      %w = memref.load %sh[%m] : memref<512xf32, #gpu.address_space<workgroup>>
      memref.store %w, %buf[%t] : memref<?xf32>
      gpu.return
    }

    gpu.func @nvvm_bounds(%buf: memref<?xf32>)
        workgroup(%sh: memref<128xf32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.maxntid = array<i32: 128, 1, 1>,
                           nvvm.minctasm = 4 : i32} {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<?xf32>
      memref.store %v, %sh[%t] : memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c127 = arith.constant 127 : index
      %m = arith.subi %c127, %t : index
      %w = memref.load %sh[%m] : memref<128xf32, #gpu.address_space<workgroup>>
      memref.store %w, %buf[%t] : memref<?xf32>
      gpu.return
    }

    gpu.func @nvvm_required(%buf: memref<?xf32>)
        workgroup(%sh: memref<128xf32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<?xf32>
      memref.store %v, %sh[%t] : memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c127 = arith.constant 127 : index
      %m = arith.subi %c127, %t : index
      %w = memref.load %sh[%m] : memref<128xf32, #gpu.address_space<workgroup>>
      memref.store %w, %buf[%t] : memref<?xf32>
      gpu.return
    }
  }

  func.func @host(%buf: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c512 = arith.constant 512 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@none blocks in (%c8, %c1, %c1) threads in (%c512, %c1, %c1) args(%buf : memref<?xf32>)
    gpu.launch_func @kernels::@block_only blocks in (%c8, %c1, %c1) threads in (%c512, %c1, %c1) args(%buf : memref<?xf32>)
    gpu.launch_func @kernels::@everything clusters in (%c1, %c1, %c1) blocks in (%c8, %c1, %c1) threads in (%c512, %c1, %c1) args(%buf : memref<?xf32>)
    gpu.launch_func @kernels::@nvvm_bounds blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%buf : memref<?xf32>)
    gpu.launch_func @kernels::@nvvm_required blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%buf : memref<?xf32>)
    return
  }
}
