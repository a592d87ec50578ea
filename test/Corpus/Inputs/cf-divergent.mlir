// Corpus input: unstructured control flow in kernels: a diamond of cf
// blocks on a thread-dependent condition that joins before a barrier, a
// cf.switch on the thread id, a block loop with a thread-dependent exit,
// and a barrier inside a branch that only some threads take (refused).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @diamond(%out: memref<128xi32>)
        workgroup(%sh: memref<128xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c2 = arith.constant 2 : index
      %c0 = arith.constant 0 : index
      %c127 = arith.constant 127 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %r = arith.remui %t, %c2 : index
      %even = arith.cmpi eq, %r, %c0 : index
      cf.cond_br %even, ^even, ^odd
    ^even:
      %k = arith.constant 10 : i32
      %e = arith.muli %ti, %k : i32
      cf.br ^join(%e : i32)
    ^odd:
      %n = arith.constant -1 : i32
      %o = arith.muli %ti, %n : i32
      cf.br ^join(%o : i32)
    ^join(%v: i32):
      memref.store %v, %sh[%t] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %m = arith.subi %c127, %t : index
      %w = memref.load %sh[%m] : memref<128xi32, #gpu.address_space<workgroup>>
      %c4 = arith.constant 4 : i32
      %sel = arith.remui %ti, %c4 : i32
      cf.switch %sel : i32, [
        default: ^done(%w : i32),
        0: ^zero,
        3: ^three(%w : i32)
      ]
    ^zero:
      %zz = arith.constant 0 : i32
      cf.br ^done(%zz : i32)
    ^three(%x: i32):
      %x2 = arith.addi %x, %x : i32
      cf.br ^done(%x2 : i32)
    ^done(%res: i32):
      memref.store %res, %out[%t] : memref<128xi32>
      gpu.return
    }

    gpu.func @block_loop(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      cf.br ^head(%ti, %zero : i32, i32)
    ^head(%x: i32, %steps: i32):
      %odd = arith.andi %x, %one : i32
      %is_odd = arith.cmpi ne, %odd, %zero : i32
      %big = arith.cmpi ugt, %x, %one : i32
      cf.cond_br %big, ^body(%is_odd : i1), ^exit
    ^body(%o: i1):
      %half = arith.shrui %x, %one : i32
      %s1 = arith.addi %steps, %one : i32
      cf.cond_br %o, ^head(%half, %s1 : i32, i32), ^head(%half, %steps : i32, i32)
    ^exit:
      memref.store %steps, %out[%t] : memref<64xi32>
      gpu.return
    }

    gpu.func @barrier_in_branch(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c16 = arith.constant 16 : index
      %low = arith.cmpi ult, %t, %c16 : index
      cf.cond_br %low, ^sync, ^skip
    ^sync:
      gpu.barrier
      cf.br ^skip
    ^skip:
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %out[%t] : memref<64xi32>
      gpu.return
    }
  }
}
