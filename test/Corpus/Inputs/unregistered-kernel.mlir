// Corpus input (needs --allow-unregistered-dialect): outlined kernels with
// unregistered ops: one computing a value read across a barrier, one
// whose unregistered op holds a gpu.barrier in its region, one one-warp
// kernel, and an unregistered op at the gpu.module level.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    "test.module_level"() : () -> ()

    gpu.func @shift(%out: memref<64xi32>)
        workgroup(%sh: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %v = "test.compute"(%t) : (index) -> i32
      memref.store %v, %sh[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c1 = arith.constant 1 : index
      %c63 = arith.constant 63 : index
      %n = arith.addi %t, %c1 : index
      %m = arith.andi %n, %c63 : index
      %w = memref.load %sh[%m] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%t] : memref<64xi32>
      gpu.return
    }

    gpu.func @wrapped_barrier(%out: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      "test.scope"() ({
        gpu.barrier
        "test.end"() : () -> ()
      }) : () -> ()
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %out[%t] : memref<64xi32>
      gpu.return
    }

    gpu.func @one_warp(%out: memref<32xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %x = "test.load_something"(%t) : (index) -> f32
      %s = gpu.subgroup_reduce add %x : (f32) -> f32
      memref.store %s, %out[%t] : memref<32xf32>
      gpu.return
    }
  }

  func.func @host(%a: memref<64xi32>, %b: memref<32xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@shift blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<64xi32>)
    gpu.launch_func @kernels::@wrapped_barrier blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<64xi32>)
    gpu.launch_func @kernels::@one_warp blocks in (%c4, %c1, %c1) threads in (%c32, %c1, %c1) args(%b : memref<32xf32>)
    return
  }
}
