// Corpus input (a program): an inline gpu.launch whose body reads host
// values: constants, index arithmetic done on the host, an i32 scalar and
// two device buffers of dynamic size. Outlining sinks the constants and
// the arithmetic on them into the kernel and passes the rest as arguments.
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %n = arith.muli %c3, %c16 : index
    %shift = arith.addi %c1, %c1 : index
    %bias = arith.constant 100 : i32
    %host = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %v = arith.index_cast %i : index to i32
      %sq = arith.muli %v, %v : i32
      memref.store %sq, %host[%i] : memref<?xi32>
    }
    %in = gpu.alloc (%n) : memref<?xi32>
    %out = gpu.alloc (%n) : memref<?xi32>
    gpu.memcpy %in, %host : memref<?xi32>, memref<?xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
      %base = arith.muli %bx, %c16 : index
      %i = arith.addi %base, %tx : index
      %k = arith.addi %i, %shift : index
      %j = arith.remui %k, %n : index
      %v = memref.load %in[%j] : memref<?xi32>
      %w = arith.addi %v, %bias : i32
      memref.store %w, %out[%i] : memref<?xi32>
      gpu.terminator
    }
    gpu.memcpy %host, %out : memref<?xi32>, memref<?xi32>
    %u = memref.cast %host : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %in : memref<?xi32>
    gpu.dealloc %out : memref<?xi32>
    memref.dealloc %host : memref<?xi32>
    return
  }
}
