// Corpus input (a program): workgroup buffers declared as memref.global
// ops in workgroup memory inside the gpu.module and reached with
// memref.get_global, next to an in-kernel workgroup memref.alloca.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @stage : memref<32xf32, #gpu.address_space<workgroup>>
    memref.global "private" @flags : memref<32xi32, #gpu.address_space<workgroup>>

    gpu.func @exchange(%out: memref<2x32xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %stage = memref.get_global @stage : memref<32xf32, #gpu.address_space<workgroup>>
      %flags = memref.get_global @flags : memref<32xi32, #gpu.address_space<workgroup>>
      %tmp = memref.alloca() : memref<32xf32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      %bi = arith.index_cast %b : index to i32
      %bf = arith.sitofp %bi : i32 to f32
      %v = arith.addf %f, %bf : f32
      memref.store %v, %stage[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      %c3 = arith.constant 3 : i32
      %fl = arith.andi %ti, %c3 : i32
      memref.store %fl, %flags[%t] : memref<32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c5 = arith.constant 5 : index
      %c31 = arith.constant 31 : index
      %p = arith.addi %t, %c5 : index
      %q = arith.andi %p, %c31 : index
      %w = memref.load %stage[%q] : memref<32xf32, #gpu.address_space<workgroup>>
      %g = memref.load %flags[%q] : memref<32xi32, #gpu.address_space<workgroup>>
      %gf = arith.sitofp %g : i32 to f32
      %x = arith.mulf %w, %gf : f32
      memref.store %x, %tmp[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = arith.subi %c31, %t : index
      %y = memref.load %tmp[%r] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%b, %t] : memref<2x32xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %h = memref.alloc() : memref<2x32xf32>
    %d = gpu.alloc () : memref<2x32xf32>
    gpu.launch_func @kernels::@exchange blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<2x32xf32>)
    gpu.memcpy %h, %d : memref<2x32xf32>, memref<2x32xf32>
    %u = memref.cast %h : memref<2x32xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
