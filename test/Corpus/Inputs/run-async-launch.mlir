// Corpus input (a program): asynchronous host code: gpu.wait async
// creates a token, allocations, copies and an inline gpu.launch chain on
// tokens, and a blocking gpu.wait joins them before the result is read.
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %host = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %host[%i] : memref<64xi32>
    }
    %t0 = gpu.wait async
    %buf, %t1 = gpu.alloc async [%t0] () : memref<64xi32>
    %t2 = gpu.memcpy async [%t1] %buf, %host : memref<64xi32>, memref<64xi32>
    %t3 = gpu.launch async [%t2]
        blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
        threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
        workgroup(%sh: memref<32xi32, #gpu.address_space<workgroup>>) {
      %o = arith.muli %bx, %c32 : index
      %i = arith.addi %o, %tx : index
      %v = memref.load %buf[%i] : memref<64xi32>
      memref.store %v, %sh[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c31 = arith.constant 31 : index
      %m = arith.subi %c31, %tx : index
      %w = memref.load %sh[%m] : memref<32xi32, #gpu.address_space<workgroup>>
      %s = arith.addi %v, %w : i32
      memref.store %s, %buf[%i] : memref<64xi32>
      gpu.terminator
    }
    %t4 = gpu.memcpy async [%t3] %host, %buf : memref<64xi32>, memref<64xi32>
    %t5 = gpu.dealloc async [%t4] %buf : memref<64xi32>
    gpu.wait [%t5]
    %u = memref.cast %host : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
