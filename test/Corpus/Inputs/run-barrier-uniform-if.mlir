// Corpus input (a program): barriers inside scf.if ops whose conditions
// are the same for every thread of a block (a kernel argument, the block
// id), and a barrier after them at the top level.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reverse_some(%out: memref<3x32xi32>, %mode: i32)
        workgroup(%sh: memref<32xi32, #gpu.address_space<workgroup>>)
        kernel {
      %c31 = arith.constant 31 : index
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %ti = arith.index_cast %t : index to i32
      %bi = arith.index_cast %b : index to i32
      %ten = arith.constant 10 : i32
      %scaled = arith.muli %bi, %ten : i32
      %x = arith.addi %ti, %scaled : i32
      %rev = arith.cmpi eq, %mode, %one : i32
      %v = scf.if %rev -> (i32) {
        memref.store %x, %sh[%t] : memref<32xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %m = arith.subi %c31, %t : index
        %y = memref.load %sh[%m] : memref<32xi32, #gpu.address_space<workgroup>>
        scf.yield %y : i32
      } else {
        scf.yield %x : i32
      }
      %c1 = arith.constant 1 : index
      %odd_block = arith.cmpi eq, %b, %c1 : index
      scf.if %odd_block {
        gpu.barrier
        memref.store %v, %sh[%t] : memref<32xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      memref.store %v, %out[%b, %t] : memref<3x32xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %on = arith.constant 1 : i32
    %off = arith.constant 0 : i32
    %h = memref.alloc() : memref<3x32xi32>
    %d = gpu.alloc () : memref<3x32xi32>
    %u = memref.cast %h : memref<3x32xi32> to memref<*xi32>
    gpu.launch_func @kernels::@reverse_some blocks in (%c3, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<3x32xi32>, %on : i32)
    gpu.memcpy %h, %d : memref<3x32xi32>, memref<3x32xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.launch_func @kernels::@reverse_some blocks in (%c3, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<3x32xi32>, %off : i32)
    gpu.memcpy %h, %d : memref<3x32xi32>, memref<3x32xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
