// Corpus input: math and float ops in a kernel that the NVVM lowering maps
// to libdevice calls or intrinsics (exp, log, sqrt, rsqrt, tanh, powf,
// fma, absf, floor, copysign, fpowi, on f32, f64 and f16), arith ops with
// fastmath flags, integer min/max and ceildiv, and atomics on global and
// workgroup memory.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @maths(%x: memref<256xf32>, %y: memref<256xf64>, %h: memref<256xf16>, %cnt: memref<1xi32>)
        workgroup(%hist: memref<8xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c8 = arith.constant 8 : index
      %t = gpu.thread_id x
      %a = memref.load %x[%t] : memref<256xf32>
      %e = math.exp %a : f32
      %l = math.log %e fastmath<fast> : f32
      %s = math.sqrt %l : f32
      %r = math.rsqrt %s : f32
      %th = math.tanh %r : f32
      %two = arith.constant 2.0 : f32
      %p = math.powf %th, %two : f32
      %f = math.fma %p, %a, %two : f32
      %ab = math.absf %f : f32
      %fl = math.floor %ab : f32
      %cs = math.copysign %fl, %a : f32
      %three = arith.constant 3 : i32
      %pi = math.fpowi %cs, %three : f32, i32
      memref.store %pi, %x[%t] : memref<256xf32>
      %b = memref.load %y[%t] : memref<256xf64>
      %be = math.exp2 %b : f64
      %bs = math.sin %be : f64
      %bc = math.cos %bs : f64
      %bm = arith.maximumf %bc, %b : f64
      memref.store %bm, %y[%t] : memref<256xf64>
      %c = memref.load %h[%t] : memref<256xf16>
      %ce = math.exp %c : f16
      %cq = arith.mulf %ce, %c fastmath<contract> : f16
      memref.store %cq, %h[%t] : memref<256xf16>
      %ti = arith.index_cast %t : index to i32
      %seven = arith.constant 7 : i32
      %mn = arith.minui %ti, %seven : i32
      %mx = arith.maxsi %mn, %three : i32
      %cd = arith.ceildivsi %ti, %seven : i32
      %bin = arith.index_cast %mx : i32 to index
      %first = arith.cmpi ult, %t, %c8 : index
      scf.if %first {
        %z = arith.constant 0 : i32
        memref.store %z, %hist[%t] : memref<8xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %one = arith.constant 1 : i32
      %old = memref.atomic_rmw addi %one, %hist[%bin] : (i32, memref<8xi32, #gpu.address_space<workgroup>>) -> i32
      gpu.barrier
      scf.if %first {
        %v = memref.load %hist[%t] : memref<8xi32, #gpu.address_space<workgroup>>
        %w = arith.addi %v, %cd : i32
        %g = memref.atomic_rmw maxs %w, %cnt[%c0] : (i32, memref<1xi32>) -> i32
      }
      gpu.return
    }
  }
}
