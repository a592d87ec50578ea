// Corpus input: inline gpu.launch ops in a host function that is not an
// entry point: the launch sizes come from memref.dim of an argument, the
// body uses host constants, host index arithmetic, a subview made on the
// host and a scalar argument. Outlining has to sink the constants (and
// may sink the pure arithmetic) and pass the memrefs as kernel arguments.
module attributes {gpu.container_module} {
  func.func @saxpy_rows(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %a: f32, %row: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %rows = memref.dim %x, %c0 : memref<?x?xf32>
    %cols = memref.dim %x, %c1 : memref<?x?xf32>
    %tiles0 = arith.addi %cols, %c32 : index
    %tiles1 = arith.subi %tiles0, %c1 : index
    %tiles = arith.divui %tiles1, %c32 : index
    %one = arith.constant 1.0 : f32
    %a1 = arith.addf %a, %one : f32
    %line = memref.subview %y[%row, 0] [1, %cols] [1, 1]
        : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %tiles, %gy = %rows, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %o = arith.muli %bx, %c32 : index
      %j = arith.addi %o, %tx : index
      %in = arith.cmpi ult, %j, %cols : index
      scf.if %in {
        %xv = memref.load %x[%by, %j] : memref<?x?xf32>
        %yv = memref.load %y[%by, %j] : memref<?x?xf32>
        %p = arith.mulf %xv, %a1 : f32
        %s = arith.addf %p, %yv : f32
        memref.store %s, %y[%by, %j] : memref<?x?xf32>
      }
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %tiles, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %o = arith.muli %bx, %c32 : index
      %j = arith.addi %o, %tx : index
      %in = arith.cmpi ult, %j, %cols : index
      scf.if %in {
        %v = memref.load %line[%j] : memref<?xf32, strided<[1], offset: ?>>
        %z = arith.mulf %v, %a : f32
        memref.store %z, %line[%j] : memref<?xf32, strided<[1], offset: ?>>
      }
      gpu.terminator
    }
    return
  }

  // A launch inside a host loop: the induction variable is captured.
  func.func @per_step(%buf: memref<8x64xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    scf.for %s = %c0 to %c8 step %c1 {
      %si = arith.index_cast %s : index to i32
      gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
                 threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
        %ti = arith.index_cast %tx : index to i32
        %v = arith.muli %ti, %si : i32
        memref.store %v, %buf[%s, %tx] : memref<8x64xi32>
        gpu.terminator
      }
    }
    return
  }
}
