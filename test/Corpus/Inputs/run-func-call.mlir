// Corpus input (a program): device functions (func.func inside the
// gpu.module) that read gpu.thread_id, gpu.block_id and gpu.block_dim and
// are called from the kernel, one of them between two barriers; one
// carries the discardable gpu.known_block_size attribute.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @global_index() -> index attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %n = gpu.block_dim x
      %o = arith.muli %b, %n : index
      %g = arith.addi %o, %t : index
      return %g : index
    }

    func.func @neighbour_of_thread(%sh: memref<32xi32, #gpu.address_space<workgroup>>) -> i32 {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c31 = arith.constant 31 : index
      %n = arith.addi %t, %c1 : index
      %m = arith.andi %n, %c31 : index
      %v = memref.load %sh[%m] : memref<32xi32, #gpu.address_space<workgroup>>
      return %v : i32
    }

    gpu.func @calls(%out: memref<96xi32>)
        workgroup(%sh: memref<32xi32, #gpu.address_space<workgroup>>) kernel {
      %g = func.call @global_index() : () -> index
      %t = gpu.thread_id x
      %gi = arith.index_cast %g : index to i32
      memref.store %gi, %sh[%t] : memref<32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = func.call @neighbour_of_thread(%sh) : (memref<32xi32, #gpu.address_space<workgroup>>) -> i32
      gpu.barrier
      %k = arith.constant 1000 : i32
      %w = arith.muli %v, %k : i32
      %r = arith.addi %w, %gi : i32
      memref.store %r, %out[%g] : memref<96xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %h = memref.alloc() : memref<96xi32>
    %d = gpu.alloc () : memref<96xi32>
    gpu.launch_func @kernels::@calls blocks in (%c3, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<96xi32>)
    gpu.memcpy %h, %d : memref<96xi32>, memref<96xi32>
    %u = memref.cast %h : memref<96xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
