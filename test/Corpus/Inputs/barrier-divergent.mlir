// Corpus input: barriers in control flow that depends on the thread id
// (undefined behaviour on a GPU unless every thread takes the same path):
// under a thread-dependent scf.if, in a loop whose trip count depends on
// the thread, and in a thread-dependent scf.while. The wc stages must
// refuse these kernels (or leave them alone), not crash.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @if_divergent(%out: memref<64xi32>)
        workgroup(%sh: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %sh[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %low = arith.cmpi ult, %t, %c32 : index
      scf.if %low {
        gpu.barrier
        %p = arith.addi %t, %c32 : index
        %v = memref.load %sh[%p] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%t] : memref<64xi32>
      }
      gpu.return
    }

    gpu.func @loop_divergent(%out: memref<64xi32>)
        workgroup(%sh: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %t = gpu.thread_id x
      %n = arith.remui %t, %c8 : index
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
        %z = arith.constant 0 : i32
        memref.store %z, %sh[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %a = arith.addi %acc, %i : index
        scf.yield %a : index
      }
      %ri = arith.index_cast %r : index to i32
      memref.store %ri, %out[%t] : memref<64xi32>
      gpu.return
    }

    gpu.func @while_divergent(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : i32
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %r = scf.while (%x = %ti) : (i32) -> i32 {
        %z = arith.constant 0 : i32
        %go = arith.cmpi sgt, %x, %z : i32
        scf.condition(%go) %x : i32
      } do {
      ^bb0(%y: i32):
        gpu.barrier
        %s = arith.shrui %y, %c1 : i32
        scf.yield %s : i32
      }
      memref.store %r, %out[%t] : memref<64xi32>
      gpu.return
    }
  }

  // The same as an inline launch: a barrier under a test of the thread id.
  func.func @host(%out: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %c2 = arith.constant 2 : index
      %c0 = arith.constant 0 : index
      %m = arith.remui %tx, %c2 : index
      %even = arith.cmpi eq, %m, %c0 : index
      scf.if %even {
        gpu.barrier
      } else {
        gpu.barrier
      }
      gpu.terminator
    }
    return
  }
}
