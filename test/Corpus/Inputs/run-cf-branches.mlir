// Corpus input (a program): unstructured control flow (cf.br and
// cf.cond_br with block arguments) in a kernel: a branch on the block id,
// the same for the whole block, with a barrier on one side, and a loop
// built from blocks whose trip count is a kernel argument.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @branches(%out: memref<2x32xi32>, %n: i32)
        workgroup(%sh: memref<32xi32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c31 = arith.constant 31 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %ti = arith.index_cast %t : index to i32
      %first = arith.cmpi eq, %b, %c0 : index
      cf.cond_br %first, ^swap, ^keep(%ti : i32)
    ^swap:
      memref.store %ti, %sh[%t] : memref<32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %m = arith.subi %c31, %t : index
      %y = memref.load %sh[%m] : memref<32xi32, #gpu.address_space<workgroup>>
      cf.br ^keep(%y : i32)
    ^keep(%v: i32):
      cf.br ^head(%zero, %v : i32, i32)
    ^head(%i: i32, %acc: i32):
      %more = arith.cmpi slt, %i, %n : i32
      cf.cond_br %more, ^body, ^exit
    ^body:
      %acc2 = arith.addi %acc, %ti : i32
      %i2 = arith.addi %i, %one : i32
      cf.br ^head(%i2, %acc2 : i32, i32)
    ^exit:
      memref.store %acc, %out[%b, %t] : memref<2x32xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %n = arith.constant 3 : i32
    %h = memref.alloc() : memref<2x32xi32>
    %d = gpu.alloc () : memref<2x32xi32>
    gpu.launch_func @kernels::@branches blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<2x32xi32>, %n : i32)
    gpu.memcpy %h, %d : memref<2x32xi32>, memref<2x32xi32>
    %u = memref.cast %h : memref<2x32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
