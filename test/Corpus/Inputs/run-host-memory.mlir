// Corpus input (a program): host-side gpu ops around a kernel: a host
// buffer registered with gpu.host_register that the kernel writes
// directly, gpu.memset of a device buffer, and gpu.memcpy from device to
// device and back to the host.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale_into_host(%src: memref<40xf32>, %dst: memref<40xf32>, %k: f32) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %n = gpu.block_dim x
      %o = arith.muli %b, %n : index
      %i = arith.addi %o, %t : index
      %v = memref.load %src[%i] : memref<40xf32>
      %it = arith.index_cast %i : index to i32
      %f = arith.sitofp %it : i32 to f32
      %p = arith.mulf %f, %k : f32
      %w = arith.addf %v, %p : f32
      memref.store %w, %dst[%i] : memref<40xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c10 = arith.constant 10 : index
    %fill = arith.constant 0.25 : f32
    %k = arith.constant 2.0 : f32
    %a = gpu.alloc () : memref<40xf32>
    %b = gpu.alloc () : memref<40xf32>
    gpu.memset %a, %fill : memref<40xf32>, f32
    gpu.memcpy %b, %a : memref<40xf32>, memref<40xf32>
    %host = memref.alloc() : memref<40xf32>
    %hu = memref.cast %host : memref<40xf32> to memref<*xf32>
    gpu.host_register %hu : memref<*xf32>
    gpu.launch_func @kernels::@scale_into_host blocks in (%c4, %c1, %c1) threads in (%c10, %c1, %c1)
        args(%b : memref<40xf32>, %host : memref<40xf32>, %k : f32)
    call @printMemrefF32(%hu) : (memref<*xf32>) -> ()
    gpu.host_unregister %hu : memref<*xf32>
    gpu.dealloc %a : memref<40xf32>
    gpu.dealloc %b : memref<40xf32>
    return
  }
}
