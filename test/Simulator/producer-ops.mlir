// RUN: wc-sim %s | FileCheck %s

// Ops that producers leave in kernels, run with the meaning upstream's
// lowering gives them: gpu.printf (one line per thread, lane order here),
// affine index ops, memref.view of a byte buffer, reinterpret_cast,
// expand_shape / collapse_shape, and 1-D vector transfers with padding past
// the bounds and a mask.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ops(%out: memref<8x8xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      gpu.printf "thread %d of %u: %.1f%%\n", %ti, %c2, %tf : i32, index, f32
      // Row 0: affine.apply, min, max, delinearize, linearize of t.
      %a = affine.apply affine_map<(d0)[s0] -> (d0 * 3 + s0 floordiv 2)>(%t)[%c7]
      %m = affine.min affine_map<(d0) -> (d0 + 5, 6)>(%t)
      %x = affine.max affine_map<(d0) -> (d0 - 1, 0)>(%t)
      %q:2 = affine.delinearize_index %a into (4) : index, index
      %l = affine.linearize_index [%q#0, %q#1] by (4) : index
      %s0 = arith.addi %a, %m : index
      %s1 = arith.addi %x, %q#0 : index
      %s2 = arith.addi %q#1, %l : index
      %s3 = arith.addi %s0, %s1 : index
      %s4 = arith.addi %s2, %s3 : index
      %v0 = arith.index_cast %s4 : index to i32
      memref.store %v0, %out[%c0, %t] : memref<8x8xi32>
      // Row 1: an i32 view of a thread's private byte buffer (element k is
      // k * k + t), read through a 2x4 reshape and a reinterpret_cast.
      %bytes = memref.alloca() : memref<64xi8>
      %c16 = arith.constant 16 : index
      %view = memref.view %bytes[%c16][] : memref<64xi8> to memref<8xi32>
      scf.for %k = %c0 to %c8 step %c1 {
        %ki = arith.index_cast %k : index to i32
        %kk = arith.muli %ki, %ki : i32
        %e = arith.addi %kk, %ti : i32
        memref.store %e, %view[%k] : memref<8xi32>
      }
      %grid = memref.expand_shape %view [[0, 1]] output_shape [2, 4] : memref<8xi32> into memref<2x4xi32>
      %row = arith.divui %t, %c2 : index
      %r4 = arith.remui %row, %c2 : index
      %col = arith.remui %t, %c2 : index
      %g = memref.load %grid[%r4, %col] : memref<2x4xi32>
      %flat = memref.collapse_shape %grid [[0, 1]] : memref<2x4xi32> into memref<8xi32>
      %cast = memref.reinterpret_cast %flat to offset: [1], sizes: [7], strides: [1] : memref<8xi32> to memref<7xi32, strided<[1], offset: 1>>
      %tm = affine.min affine_map<(d0) -> (d0, 6)>(%t)
      %h = memref.load %cast[%tm] : memref<7xi32, strided<[1], offset: 1>>
      %v1 = arith.addi %g, %h : i32
      memref.store %v1, %out[%c1, %t] : memref<8x8xi32>
      gpu.return
    }
    // Rows 2..4: transfers of 4 elements from column 6 of a row (two past
    // the end: padding), a masked write and a broadcast read.
    gpu.func @transfers(%out: memref<8x8xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c6 = arith.constant 6 : index
      %pad = arith.constant -7 : i32
      %v = vector.transfer_read %out[%c0, %c6], %pad : memref<8x8xi32>, vector<4xi32>
      vector.transfer_write %v, %out[%c2, %c0] : vector<4xi32>, memref<8x8xi32>
      %mask = vector.create_mask %c3 : vector<4xi1>
      %w = vector.transfer_read %out[%c0, %c0], %pad : memref<8x8xi32>, vector<4xi32>
      vector.transfer_write %w, %out[%c3, %c4], %mask {in_bounds = [true]} : vector<4xi32>, memref<8x8xi32>
      %b = vector.transfer_read %out[%c0, %c3], %pad {permutation_map = affine_map<(d0, d1) -> (0)>} : memref<8x8xi32>, vector<4xi32>
      vector.transfer_write %b, %out[%c4, %c0] : vector<4xi32>, memref<8x8xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %h = memref.alloc() : memref<8x8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        memref.store %zero, %h[%i, %j] : memref<8x8xi32>
      }
    }
    %d = gpu.alloc () : memref<8x8xi32>
    gpu.memcpy %d, %h : memref<8x8xi32>, memref<8x8xi32>
    gpu.launch_func @kernels::@ops blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%d : memref<8x8xi32>)
    gpu.launch_func @kernels::@transfers blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%d : memref<8x8xi32>)
    gpu.memcpy %h, %d : memref<8x8xi32>, memref<8x8xi32>
    %u = memref.cast %h : memref<8x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: thread 0 of 2: 0.0%
// CHECK-NEXT: thread 1 of 2: 1.0%
// CHECK: thread 7 of 2: 7.0%
// CHECK: sizes = [8, 8]
// Row 0: with a = 3 t + 3, m = min(t + 5, 6), x = max(t - 1, 0),
// (q0, q1) = (a / 4, a mod 4), l = 4 q0 + q1: q1 + l + a + m + x + q0.
// Row 1: with v[k] = k * k + t: v[4 ((t / 2) mod 2) + t mod 2] + v[1 + min(t, 6)].
// Row 2: row 0's columns 6, 7, then the padding -7 twice.
// Row 3: row 0's columns 0..2 at columns 4..6 (the mask keeps 3 of 4).
// Row 4: row 0's column 3, broadcast.
// CHECK-NEXT: {{\[\[}}14,   21,   28,   35,   45,   52,   59,   66],
// CHECK-NEXT: [1,   7,   29,   47,   33,   47,   77,   88],
// CHECK-NEXT: [59,   66,   -7,   -7,   0,   0,   0,   0],
// CHECK-NEXT: [0,   0,   0,   0,   14,   21,   28,   0],
// CHECK-NEXT: [35,   35,   35,   35,   0,   0,   0,   0],
