// The tile copies of an aggregated kernel by 16 bytes per lane
// (wc-async-copy), run on wc-sim as written and lowered with the output of
// the original program. The source column is `c + skew`, `skew` a kernel
// argument that wc-prepare replaces by the constant every launch passes:
// with skew 0 the runs start at multiples of 4 of the view, and one test of
// the view before the phase chooses between the copies of 16 bytes and the
// original phase; with skew 1 each lane tests its run's address. With the
// view starting one element later (the original phase runs), or with skew
// 1 (every run is copied element by element), no run's source address is
// a multiple of 16: the same output, of the shifted source.
// RUN: wc-sim %s | FileCheck %s --check-prefix=ALIGNED
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy)' | FileCheck %s --check-prefix=ALIGNED
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s --check-prefix=ALIGNED
// RUN: wc-opt %s --wc-aggregate --wc-async-copy -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: remark: wc-async-copy: 1 tile copies by cp.async of 16 bytes per lane
// The same after canonicalize, CSE and LICM:
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-opt %t.clean.mlir --wc-aggregate --wc-async-copy -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s --check-prefix=ALIGNED
// RUN: sed 's/shift = arith.constant 0 : index/shift = arith.constant 1 : index/' %s > %t.shifted.mlir
// RUN: wc-sim %t.shifted.mlir | FileCheck %s --check-prefix=SHIFTED
// RUN: wc-sim %t.shifted.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy)' | FileCheck %s --check-prefix=SHIFTED
// RUN: wc-sim %t.shifted.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s --check-prefix=SHIFTED
// RUN: sed 's/skew = arith.constant 0 : index/skew = arith.constant 1 : index/' %s > %t.skewed.mlir
// RUN: wc-sim %t.skewed.mlir | FileCheck %s --check-prefix=SHIFTED
// RUN: wc-sim %t.skewed.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s --check-prefix=SHIFTED
//
// Each 8 x 8 block copies its tile of `src` (a 16 x 19 view of a 16 x 20
// matrix, element (i, j) = 100 i + j) into workgroup memory and writes it
// transposed: out[c][r] = src[r][c + skew]. Row 0 of `out` is column 0 of
// `src`.
// ALIGNED: [0,   100,   200,   300,   400,   500,   600,   700,   800,   900,   1000,   1100,   1200,   1300,   1400,   1500]
// ALIGNED-NEXT: [1,   101,   201,
// ALIGNED: [15,   115,   215,   315,   415,   515,   615,   715,   815,   915,   1015,   1115,   1215,   1315,   1415,   1515]
// SHIFTED: [1,   101,   201,   301,   401,   501,   601,   701,   801,   901,   1001,   1101,   1201,   1301,   1401,   1501]
// SHIFTED-NEXT: [2,   102,   202,
// SHIFTED: [16,   116,   216,   316,   416,   516,   616,   716,   816,   916,   1016,   1116,   1216,   1316,   1416,   1516]
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @transpose(%src: memref<16x19xi32, strided<[20, 1], offset: ?>>,
                        %out: memref<16x16xi32>, %skew: index)
        workgroup(%tile: memref<8x8xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
      %c8 = arith.constant 8 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row0 = arith.muli %by, %c8 : index
      %col0 = arith.muli %bx, %c8 : index
      %r = arith.addi %row0, %ty : index
      %c = arith.addi %col0, %tx : index
      %cs = arith.addi %c, %skew : index
      %v = memref.load %src[%r, %cs] : memref<16x19xi32, strided<[20, 1], offset: ?>>
      memref.store %v, %tile[%ty, %tx] : memref<8x8xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%tx, %ty] : memref<8x8xi32, #gpu.address_space<workgroup>>
      %orow = arith.addi %col0, %ty : index
      %ocol = arith.addi %row0, %tx : index
      memref.store %w, %out[%orow, %ocol] : memref<16x16xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c20 = arith.constant 20 : index
    %c100 = arith.constant 100 : index
    %shift = arith.constant 0 : index
    %skew = arith.constant 0 : index
    %host = memref.alloc() : memref<16x20xi32>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c20 step %c1 {
        %a = arith.muli %i, %c100 : index
        %b = arith.addi %a, %j : index
        %v = arith.index_cast %b : index to i32
        memref.store %v, %host[%i, %j] : memref<16x20xi32>
      }
    }
    %dev = gpu.alloc () : memref<16x20xi32>
    gpu.memcpy %dev, %host : memref<16x20xi32>, memref<16x20xi32>
    %src = memref.subview %dev[0, %shift] [16, 19] [1, 1] : memref<16x20xi32> to memref<16x19xi32, strided<[20, 1], offset: ?>>
    %out = gpu.alloc () : memref<16x16xi32>
    gpu.launch_func @kernels::@transpose blocks in (%c2, %c2, %c1) threads in (%c8, %c8, %c1)
        args(%src : memref<16x19xi32, strided<[20, 1], offset: ?>>, %out : memref<16x16xi32>, %skew : index)
    %r = memref.alloc() : memref<16x16xi32>
    gpu.memcpy %r, %out : memref<16x16xi32>, memref<16x16xi32>
    %u = memref.cast %r : memref<16x16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
