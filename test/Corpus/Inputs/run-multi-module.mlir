// Corpus input (a program): two gpu.modules, one with two kernels and one
// with a kernel of a partial warp (40 threads) and a barrier, launched one
// after another on the same buffer.
module attributes {gpu.container_module} {
  gpu.module @fill_mod {
    gpu.func @fill(%buf: memref<80xi32>, %v: i32) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %n = gpu.block_dim x
      %o = arith.muli %b, %n : index
      %i = arith.addi %o, %t : index
      %ii = arith.index_cast %i : index to i32
      %x = arith.addi %ii, %v : i32
      memref.store %x, %buf[%i] : memref<80xi32>
      gpu.return
    }
    gpu.func @double(%buf: memref<80xi32>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %n = gpu.block_dim x
      %o = arith.muli %b, %n : index
      %i = arith.addi %o, %t : index
      %x = memref.load %buf[%i] : memref<80xi32>
      %y = arith.addi %x, %x : i32
      memref.store %y, %buf[%i] : memref<80xi32>
      gpu.return
    }
  }
  gpu.module @mix_mod {
    gpu.func @mirror(%buf: memref<80xi32>)
        workgroup(%sh: memref<40xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 40, 1, 1>} {
      %c39 = arith.constant 39 : index
      %c40 = arith.constant 40 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %o = arith.muli %b, %c40 : index
      %i = arith.addi %o, %t : index
      %x = memref.load %buf[%i] : memref<80xi32>
      memref.store %x, %sh[%t] : memref<40xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %m = arith.subi %c39, %t : index
      %y = memref.load %sh[%m] : memref<40xi32, #gpu.address_space<workgroup>>
      %k = arith.constant 1000 : i32
      %z = arith.muli %y, %k : i32
      %w = arith.addi %z, %x : i32
      memref.store %w, %buf[%i] : memref<80xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c16 = arith.constant 16 : index
    %c40 = arith.constant 40 : index
    %seven = arith.constant 7 : i32
    %h = memref.alloc() : memref<80xi32>
    %d = gpu.alloc () : memref<80xi32>
    gpu.launch_func @fill_mod::@fill blocks in (%c5, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%d : memref<80xi32>, %seven : i32)
    gpu.launch_func @fill_mod::@double blocks in (%c2, %c1, %c1) threads in (%c40, %c1, %c1)
        args(%d : memref<80xi32>)
    gpu.launch_func @mix_mod::@mirror blocks in (%c2, %c1, %c1) threads in (%c40, %c1, %c1)
        args(%d : memref<80xi32>)
    gpu.memcpy %h, %d : memref<80xi32>, memref<80xi32>
    %u = memref.cast %h : memref<80xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
