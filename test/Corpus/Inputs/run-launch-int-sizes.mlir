// Corpus input (a program): gpu.launch_func with its grid and block sizes
// given as i32 values (one launch) and as i64 values (another), as front
// ends that compute sizes in fixed-width integers emit them, for kernels
// with a barrier and workgroup memory; a launch's sizes all have one type.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mirror(%buf: memref<128xi32>)
        workgroup(%sh: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c64 = arith.constant 64 : index
      %c63 = arith.constant 63 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %o = arith.muli %b, %c64 : index
      %i = arith.addi %o, %t : index
      %v = memref.load %buf[%i] : memref<128xi32>
      memref.store %v, %sh[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %m = arith.subi %c63, %t : index
      %w = memref.load %sh[%m] : memref<64xi32, #gpu.address_space<workgroup>>
      %k = arith.constant 1000 : i32
      %x = arith.muli %w, %k : i32
      %y = arith.addi %x, %v : i32
      memref.store %y, %buf[%i] : memref<128xi32>
      gpu.return
    }

    gpu.func @shift(%buf: memref<128xi32>)
        workgroup(%sh: memref<32xi32, #gpu.address_space<workgroup>>) kernel {
      %c1 = arith.constant 1 : index
      %c31 = arith.constant 31 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %n = gpu.block_dim x
      %o = arith.muli %b, %n : index
      %i = arith.addi %o, %t : index
      %v = memref.load %buf[%i] : memref<128xi32>
      memref.store %v, %sh[%t] : memref<32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %p = arith.addi %t, %c1 : index
      %q = arith.andi %p, %c31 : index
      %w = memref.load %sh[%q] : memref<32xi32, #gpu.address_space<workgroup>>
      %s = arith.subi %w, %v : i32
      memref.store %s, %buf[%i] : memref<128xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %h = memref.alloc() : memref<128xi32>
    scf.for %i = %c0 to %c128 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<128xi32>
    }
    %d = gpu.alloc () : memref<128xi32>
    gpu.memcpy %d, %h : memref<128xi32>, memref<128xi32>
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i64 = arith.constant 64 : i32
    gpu.launch_func @kernels::@mirror blocks in (%i2, %i1, %i1) threads in (%i64, %i1, %i1) : i32
        args(%d : memref<128xi32>)
    %l1 = arith.constant 1 : i64
    %l4 = arith.constant 4 : i64
    %l32 = arith.constant 32 : i64
    gpu.launch_func @kernels::@shift blocks in (%l4, %l1, %l1) threads in (%l32, %l1, %l1) : i64
        args(%d : memref<128xi32>)
    gpu.memcpy %h, %d : memref<128xi32>, memref<128xi32>
    %u = memref.cast %h : memref<128xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
