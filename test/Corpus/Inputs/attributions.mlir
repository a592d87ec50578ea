// Corpus input: kernels with several workgroup and private attributions of
// different element types and ranks, in an outlined gpu.func and in an
// inline gpu.launch; a private buffer used as a per-thread stack across a
// barrier, and an attribution that is never used.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stacks(%in: memref<128xf32>, %out: memref<128xf32>)
        workgroup(%ws: memref<128xf32, #gpu.address_space<workgroup>>,
                  %wi: memref<4x32xi16, #gpu.address_space<workgroup>>,
                  %unused: memref<7xi64, #gpu.address_space<workgroup>>)
        private(%stack: memref<4xf32, #gpu.address_space<private>>,
                %count: memref<1xindex, #gpu.address_space<private>>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c127 = arith.constant 127 : index
      %t = gpu.thread_id x
      %v = memref.load %in[%t] : memref<128xf32>
      scf.for %k = %c0 to %c4 step %c1 {
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %e = arith.addf %v, %kf : f32
        memref.store %e, %stack[%k] : memref<4xf32, #gpu.address_space<private>>
      }
      memref.store %c4, %count[%c0] : memref<1xindex, #gpu.address_space<private>>
      memref.store %v, %ws[%t] : memref<128xf32, #gpu.address_space<workgroup>>
      %row = arith.divui %t, %c32 : index
      %col = arith.remui %t, %c32 : index
      %ti = arith.index_cast %t : index to i16
      memref.store %ti, %wi[%row, %col] : memref<4x32xi16, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = arith.subi %c127, %t : index
      %o = memref.load %ws[%r] : memref<128xf32, #gpu.address_space<workgroup>>
      %n = memref.load %count[%c0] : memref<1xindex, #gpu.address_space<private>>
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %o) -> (f32) {
        %e = memref.load %stack[%k] : memref<4xf32, #gpu.address_space<private>>
        %a = arith.addf %acc, %e : f32
        scf.yield %a : f32
      }
      %tr = memref.load %wi[%col, %row] : memref<4x32xi16, #gpu.address_space<workgroup>>
      %trf = arith.sitofp %tr : i16 to f32
      %res = arith.addf %sum, %trf : f32
      memref.store %res, %out[%t] : memref<128xf32>
      gpu.return
    }
  }

  func.func @inline_attributions(%buf: memref<2x64xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
               workgroup(%sh: memref<64xi32, #gpu.address_space<workgroup>>)
               private(%p: memref<2xi32, #gpu.address_space<private>>) {
      %c0 = arith.constant 0 : index
      %c63 = arith.constant 63 : index
      %v = memref.load %buf[%bx, %tx] : memref<2x64xi32>
      memref.store %v, %p[%c0] : memref<2xi32, #gpu.address_space<private>>
      memref.store %v, %sh[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %m = arith.subi %c63, %tx : index
      %w = memref.load %sh[%m] : memref<64xi32, #gpu.address_space<workgroup>>
      %mine = memref.load %p[%c0] : memref<2xi32, #gpu.address_space<private>>
      %s = arith.addi %w, %mine : i32
      memref.store %s, %buf[%bx, %tx] : memref<2x64xi32>
      gpu.terminator
    }
    return
  }
}
