// Corpus input (a program): one-warp kernels without barriers (the kind
// wc-delegate runs on persistent warp agents) launched with grid and block
// sizes given as i32 values and as i64 values, over grids of many blocks.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @iota(%buf: memref<512xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %o = arith.muli %b, %c32 : index
      %i = arith.addi %o, %t : index
      %v = arith.index_cast %i : index to i32
      %k = arith.constant 3 : i32
      %w = arith.muli %v, %k : i32
      memref.store %w, %buf[%i] : memref<512xi32>
      gpu.return
    }

    gpu.func @add_block(%buf: memref<512xi32>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %n = gpu.block_dim x
      %o = arith.muli %b, %n : index
      %i = arith.addi %o, %t : index
      %v = memref.load %buf[%i] : memref<512xi32>
      %bi = arith.index_cast %b : index to i32
      %w = arith.addi %v, %bi : i32
      memref.store %w, %buf[%i] : memref<512xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %h = memref.alloc() : memref<512xi32>
    %d = gpu.alloc () : memref<512xi32>
    %i1 = arith.constant 1 : i32
    %i16 = arith.constant 16 : i32
    %i32 = arith.constant 32 : i32
    gpu.launch_func @kernels::@iota blocks in (%i16, %i1, %i1) threads in (%i32, %i1, %i1) : i32
        args(%d : memref<512xi32>)
    %l1 = arith.constant 1 : i64
    %l16 = arith.constant 16 : i64
    %l32 = arith.constant 32 : i64
    gpu.launch_func @kernels::@add_block blocks in (%l16, %l1, %l1) threads in (%l32, %l1, %l1) : i64
        args(%d : memref<512xi32>)
    gpu.memcpy %h, %d : memref<512xi32>, memref<512xi32>
    %u = memref.cast %h : memref<512xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
