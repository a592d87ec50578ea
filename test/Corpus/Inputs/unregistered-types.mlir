// Corpus input (needs --allow-unregistered-dialect): a kernel whose
// arguments and values have types of an unregistered dialect, passed
// through a launch and across a barrier, and an unregistered attribute on
// the kernel.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @opaque(%h: !test.handle, %out: memref<32xi32>)
        workgroup(%sh: memref<32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {test.note = #test.tag<"kept">} {
      %t = gpu.thread_id x
      %v = "test.read_handle"(%h, %t) : (!test.handle, index) -> i32
      memref.store %v, %sh[%t] : memref<32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c31 = arith.constant 31 : index
      %m = arith.subi %c31, %t : index
      %w = memref.load %sh[%m] : memref<32xi32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%t] : memref<32xi32>
      gpu.return
    }
  }

  func.func @host(%out: memref<32xi32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %h = "test.make_handle"() : () -> !test.handle
    gpu.launch_func @kernels::@opaque blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%h : !test.handle, %out : memref<32xi32>)
    return
  }
}
