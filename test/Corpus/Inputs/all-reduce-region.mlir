// Corpus input: gpu.all_reduce with a body region instead of an operation
// kind (a sum, a maximum written with select, an or of integers)
// and a kind reduction nested in a uniform loop and under a uniform if.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @custom(%out: memref<4xf32>, %flag: i1) kernel attributes {known_block_size = array<i32: 96, 1, 1>} {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %x = arith.sitofp %ti : i32 to f32
      %sum = gpu.all_reduce %x {
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        gpu.yield %s : f32
      } : (f32) -> (f32)
      %max = gpu.all_reduce %x uniform {
      ^bb0(%a: f32, %b: f32):
        %gt = arith.cmpf ogt, %a, %b : f32
        %m = arith.select %gt, %a, %b : f32
        gpu.yield %m : f32
      } : (f32) -> (f32)
      %c7 = arith.constant 7 : index
      %tm = arith.remui %t, %c7 : index
      %tmi = arith.index_cast %tm : index to i32
      %ixi = gpu.all_reduce %tmi {
      ^bb0(%a: i32, %b: i32):
        %o = arith.ori %a, %b : i32
        gpu.yield %o : i32
      } : (i32) -> (i32)
      %ixf = arith.sitofp %ixi : i32 to f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %acc = scf.for %k = %c0 to %c3 step %c1 iter_args(%a = %x) -> (f32) {
        %r = gpu.all_reduce add %a uniform {} : (f32) -> (f32)
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %n = arith.addf %r, %kf : f32
        scf.yield %n : f32
      }
      %last = scf.if %flag -> (f32) {
        %r = gpu.all_reduce maxnumf %acc {} : (f32) -> (f32)
        scf.yield %r : f32
      } else {
        scf.yield %acc : f32
      }
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %c2 = arith.constant 2 : index
        memref.store %sum, %out[%c0] : memref<4xf32>
        memref.store %max, %out[%c1] : memref<4xf32>
        memref.store %ixf, %out[%c2] : memref<4xf32>
        memref.store %last, %out[%c3] : memref<4xf32>
      }
      gpu.return
    }
  }
}
