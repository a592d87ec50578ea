// A benchmark program for stamp-kernel.test: one kernel of 64 threads,
// launched once from main, which prints with printI64.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sum(%x: memref<128xi32>, %y: memref<64xi32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %t = gpu.thread_id x
      %zero = arith.constant 0 : i32
      %res = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (i32) {
        %i = arith.muli %t, %c2 : index
        %j = arith.addi %i, %k : index
        %v = memref.load %x[%j] : memref<128xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %res, %y[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printI64(i64)
  func.func private @printNewline()
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %x = gpu.alloc () : memref<128xi32>
    %y = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@sum blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%x : memref<128xi32>, %y : memref<64xi32>)
    return
  }
}
