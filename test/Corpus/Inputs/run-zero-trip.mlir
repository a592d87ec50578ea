// Corpus input (a program): loops with barriers that run zero times, one
// with a trip count from a kernel argument (0 here), one with a lower
// bound above its upper bound, next to a loop that runs.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @maybe_loop(%out: memref<64xi32>, %n: index)
        workgroup(%sh: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c5 = arith.constant 5 : index
      %c63 = arith.constant 63 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %sh[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %a = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %ti) -> (i32) {
        %m = arith.subi %c63, %t : index
        %y = memref.load %sh[%m] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        memref.store %acc, %sh[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %s = arith.addi %acc, %y : i32
        scf.yield %s : i32
      }
      %b = scf.for %i = %c5 to %c2 step %c1 iter_args(%acc = %a) -> (i32) {
        gpu.barrier
        %k = arith.constant 1000 : i32
        %s = arith.addi %acc, %k : i32
        scf.yield %s : i32
      }
      %c = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %b) -> (i32) {
        %ii = arith.index_cast %i : index to i32
        %s = arith.addi %acc, %ii : i32
        scf.yield %s : i32
      }
      memref.store %c, %out[%t] : memref<64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %h = memref.alloc() : memref<64xi32>
    %d = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@maybe_loop blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<64xi32>, %c0 : index)
    gpu.memcpy %h, %d : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
