// Simulator speed benchmark: 64 blocks x 256 threads; every thread runs a
// uniform loop of 40 iterations of about 10 ops (arithmetic, a workgroup
// store and load, a barrier), so about 400 ops per thread and 6.5 million
// thread-ops in all. Run: bash bench/simulator/run.sh
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @work(%out: memref<16384xi32>)
        workgroup(%tile: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c40 = arith.constant 40 : index
      %c255 = arith.constant 255 : index
      %c256 = arith.constant 256 : index
      %ti = arith.index_cast %t : index to i32
      %mirror = arith.subi %c255, %t : index
      %three = arith.constant 3 : i32
      %seven = arith.constant 7 : i32
      %acc = scf.for %i = %c0 to %c40 step %c1 iter_args(%a = %ti) -> (i32) {
        %x = arith.muli %a, %three : i32
        %y = arith.addi %x, %seven : i32
        %m = arith.constant 1021 : i32
        %z = arith.remui %y, %m : i32
        memref.store %z, %tile[%t] : memref<256xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %tile[%mirror] : memref<256xi32, #gpu.address_space<workgroup>>
        %s = arith.addi %w, %a : i32
        gpu.barrier
        scf.yield %s : i32
      }
      %base = arith.muli %b, %c256 : index
      %g = arith.addi %base, %t : index
      memref.store %acc, %out[%g] : memref<16384xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %d = gpu.alloc () : memref<16384xi32>
    gpu.launch_func @kernels::@work blocks in (%c64, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%d : memref<16384xi32>)
    return
  }
}
