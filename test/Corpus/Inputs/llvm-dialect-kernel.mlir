// Corpus input: a kernel already partly in the llvm dialect, as a front end
// that lowers its own memory model emits it: bare pointers as arguments,
// llvm.getelementptr / llvm.load / llvm.store, an llvm.mlir.global in
// shared memory (address space 3) reached with llvm.mlir.addressof, and
// gpu ids and gpu.barrier among the llvm ops.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 4 : i64} : !llvm.array<128 x f32>

    gpu.func @ptrs(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i32) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %src = llvm.getelementptr %in[%ti] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %v = llvm.load %src : !llvm.ptr<1> -> f32
      %base = llvm.mlir.addressof @smem : !llvm.ptr<3>
      %slot = llvm.getelementptr %base[0, %ti] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<128 x f32>
      llvm.store %v, %slot : f32, !llvm.ptr<3>
      gpu.barrier
      %c127 = llvm.mlir.constant(127 : i32) : i32
      %m = llvm.sub %c127, %ti : i32
      %other = llvm.getelementptr %base[0, %m] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<128 x f32>
      %w = llvm.load %other : !llvm.ptr<3> -> f32
      %s = llvm.fadd %v, %w : f32
      %inb = llvm.icmp "slt" %ti, %n : i32
      llvm.cond_br %inb, ^store, ^done
    ^store:
      %dst = llvm.getelementptr %out[%ti] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      llvm.store %s, %dst : f32, !llvm.ptr<1>
      llvm.br ^done
    ^done:
      gpu.return
    }
  }
}
