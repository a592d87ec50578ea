// The bandwidth probe of the suite: every thread copies one f32 of a
// 16384x1024 matrix (row-major, coalesced: 256 threads a block, 4 blocks a
// row). Its time is the memory's read-once-write-once bound for a kernel
// that reads and writes a tensor of this size (softmax, the norms);
// bench/suite/report.py divides the faster of it and its expert
// (cuda/probe_copy.expert.cu, 16 bytes per thread) by each such kernel's time.
module attributes {gpu.container_module} {
  gpu.module @probe {
    gpu.func @copy(%in: memref<16384x1024xf32>, %out: memref<16384x1024xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c256 = arith.constant 256 : index
      %c4 = arith.constant 4 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %row = arith.divui %b, %c4 : index
      %quarter = arith.remui %b, %c4 : index
      %base = arith.muli %quarter, %c256 : index
      %col = arith.addi %base, %t : index
      %x = memref.load %in[%row, %col] : memref<16384x1024xf32>
      memref.store %x, %out[%row, %col] : memref<16384x1024xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
