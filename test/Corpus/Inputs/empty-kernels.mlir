// Corpus input: kernels that do nothing: an outlined kernel with no
// arguments, one with arguments it ignores and only a barrier, an empty
// gpu.module, a kernel-less module with a device function, and inline
// launches with an empty body and with constants and a barrier only.
module attributes {gpu.container_module} {
  gpu.module @nothing {
  }

  gpu.module @kernels {
    gpu.func @empty() kernel {
      gpu.return
    }

    gpu.func @ignores(%a: memref<16xf32>, %x: i32, %y: f64) kernel attributes {known_block_size = array<i32: 1, 1, 1>} {
      gpu.barrier
      gpu.return
    }

    gpu.func @helper(%x: i32) -> i32 {
      gpu.return %x : i32
    }
  }

  gpu.module @no_kernels {
    func.func @device_only(%x: f32) -> f32 {
      return %x : f32
    }
  }

  func.func @host() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %z = arith.constant 0 : i32
    %d = arith.constant 0.0 : f64
    %buf = gpu.alloc () : memref<16xf32>
    gpu.launch_func @kernels::@empty blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @kernels::@ignores blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%buf : memref<16xf32>, %z : i32, %d : f64)
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %k = arith.constant 7 : i32
      %l = arith.addi %k, %z : i32
      gpu.barrier
      gpu.terminator
    }
    gpu.dealloc %buf : memref<16xf32>
    return
  }
}
