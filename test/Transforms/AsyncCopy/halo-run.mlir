// A tile with a halo, copied in pieces (wc-async-copy's boxes), run on
// wc-sim as written, aggregated and copied by 8-byte cp.async, and lowered,
// with the same output (the first line, the output's address, aside).
// The 8 x 8 block sums 2 x 2 windows of a 10 x 10 tile of each plane of `src`: every thread copies its own element, the
// threads with x >= 6 the columns 8 and 9 (as x + 4 = 10, 11 minus 2:
// `tile[ty][tx + 2]`), those with y >= 6 the rows 8 and 9, and those with
// both the corner. Together they copy rows 0-9, columns 0-9: 50 copies of
// 8 bytes, by threads 0-49. One test of the view before the plane loop
// chooses them; with the view one element further on (`shift` 1, a
// 4-byte offset) or rows of 21 elements (84 bytes apart), the test fails
// and the original loop runs: the same output again.
// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s | sed 1d > %t.ref
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy)' | sed 1d | diff %t.ref -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | sed 1d | diff %t.ref -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | sed 1d | diff %t.ref -
// RUN: wc-opt %s --wc-aggregate --wc-async-copy -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --wc-aggregate --wc-async-copy | FileCheck %s --check-prefix=IR
// REMARK: remark: wc-async-copy: 1 tiles copied whole by cp.async of 8 bytes
// REMARK: remark: wc-async-copy: 1 tile loops copy the next tile during this one (two of each tile)
// The plane loop copies the next plane's tile during this one: two tiles,
// the first plane's copied before the loop into tile 0, plane k + 1's
// into tile 1 - k mod 2 while plane k is read from tile k mod 2, and a
// wait for every group of copies but the newest. The original loop (the
// view not aligned) uses tile 0.
// IR: workgroup(%{{.*}} : memref<2x10x10xi32, #gpu.address_space<workgroup>> {llvm.align = 8 : i64})
// IR: scf.if
// IR: scf.if
// IR: arith.constant 50 : index
// IR: nvgpu.device_async_copy {{.*}}, %{{.*}}[%c0{{.*}}, %{{.*}}, %{{.*}}], 2 : memref<2x18x19xi32, strided<[360, 20, 1], offset: ?>> to memref<2x10x10xi32, #gpu.address_space<workgroup>>
// IR: nvgpu.device_async_create_group
// IR: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[STEP:[^ ]*]]
// IR: %[[HALF:.*]] = arith.remui %{{.*}}, %c2
// IR: %[[NEXT_HALF:.*]] = arith.subi %c1{{.*}}, %[[HALF]]
// IR: %[[NEXT:.*]] = arith.addi %[[K]], %[[STEP]]
// IR: scf.if
// IR: affine.apply {{.*}}[%[[NEXT]]
// IR: nvgpu.device_async_copy %{{.*}}, %{{.*}}[%[[NEXT_HALF]], %{{.*}}, %{{.*}}], 2
// IR: nvgpu.device_async_create_group
// IR: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
// IR: memref.load %{{.*}}[%[[HALF]], %{{.*}}, %{{.*}}] : memref<2x10x10xi32
// IR: } else {
// IR: memref.store {{.*}}[%c0{{.*}}, %{{.*}}, %{{.*}}] : memref<2x10x10xi32
// The copies of each plane waited for at once (no second tile):
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy{prefetch=false},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | sed 1d | diff %t.ref -
// The same after canonicalize, CSE and LICM:
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-opt %t.clean.mlir --wc-aggregate --wc-async-copy -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | sed 1d | diff %t.ref -
// The view one element on, and rows 84 bytes apart: the original loop.
// RUN: sed 's/shift = arith.constant 0 : index/shift = arith.constant 1 : index/' %s > %t.shifted.mlir
// RUN: wc-sim %t.shifted.mlir | sed 1d > %t.shifted.ref
// RUN: not diff -q %t.ref %t.shifted.ref
// RUN: wc-sim %t.shifted.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | sed 1d | diff %t.shifted.ref -
// RUN: sed 's/x20xi32/x21xi32/g; s/360, 20, 1/378, 21, 1/g; s/c20 = arith.constant 20/c20 = arith.constant 21/' %s > %t.wide.mlir
// RUN: wc-sim %t.wide.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | sed 1d | diff %t.ref -
//
// out[y][x] = sum over planes k < 2 and i, j < 2 of (1000 k + 100 (y + i)
// + x + j) = 4404 + 800 y + 8 x. (A 2 x 2 window reads the tile 2.56
// times per element copied; a 3 x 3 one, more than 4, is left to the
// original copy: boxes.mlir.)
// CHECK: sizes = [16, 16]
// CHECK-NEXT: {{\[}}[4404,   4412,   4420,
// CHECK-NEXT: [5204,   5212,
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @windows(%src: memref<2x18x19xi32, strided<[360, 20, 1], offset: ?>>,
                      %out: memref<16x16xi32>)
        workgroup(%tile: memref<10x10xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c6 = arith.constant 6 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row0 = arith.muli %by, %c8 : index
      %col0 = arith.muli %bx, %c8 : index
      %r = arith.addi %row0, %ty : index
      %c = arith.addi %col0, %tx : index
      %sum = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %src[%k, %r, %c] : memref<2x18x19xi32, strided<[360, 20, 1], offset: ?>>
        memref.store %v, %tile[%ty, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
        %right = arith.cmpi sge, %tx, %c6 : index
        %bottom = arith.cmpi sge, %ty, %c6 : index
        scf.if %right {
          %c2r = arith.addi %c, %c2 : index
          %tx2 = arith.addi %tx, %c2 : index
          %vr = memref.load %src[%k, %r, %c2r] : memref<2x18x19xi32, strided<[360, 20, 1], offset: ?>>
          memref.store %vr, %tile[%ty, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
        }
        scf.if %bottom {
          %r2 = arith.addi %r, %c2 : index
          %ty2 = arith.addi %ty, %c2 : index
          %vb = memref.load %src[%k, %r2, %c] : memref<2x18x19xi32, strided<[360, 20, 1], offset: ?>>
          memref.store %vb, %tile[%ty2, %tx] : memref<10x10xi32, #gpu.address_space<workgroup>>
        }
        %corner = arith.andi %right, %bottom : i1
        scf.if %corner {
          %r2 = arith.addi %r, %c2 : index
          %c2r = arith.addi %c, %c2 : index
          %ty2 = arith.addi %ty, %c2 : index
          %tx2 = arith.addi %tx, %c2 : index
          %vc = memref.load %src[%k, %r2, %c2r] : memref<2x18x19xi32, strided<[360, 20, 1], offset: ?>>
          memref.store %vc, %tile[%ty2, %tx2] : memref<10x10xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %rows = scf.for %i = %c0 to %c2 step %c1 iter_args(%ra = %acc) -> (i32) {
          %cols = scf.for %j = %c0 to %c2 step %c1 iter_args(%ca = %ra) -> (i32) {
            %ti = arith.addi %ty, %i : index
            %tj = arith.addi %tx, %j : index
            %t = memref.load %tile[%ti, %tj] : memref<10x10xi32, #gpu.address_space<workgroup>>
            %s = arith.addi %ca, %t : i32
            scf.yield %s : i32
          }
          scf.yield %cols : i32
        }
        gpu.barrier
        scf.yield %rows : i32
      }
      %ox = arith.addi %col0, %tx : index
      memref.store %sum, %out[%r, %ox] : memref<16x16xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c18 = arith.constant 18 : index
    %c20 = arith.constant 20 : index
    %c100 = arith.constant 100 : index
    %c1000 = arith.constant 1000 : index
    %shift = arith.constant 0 : index
    %host = memref.alloc() : memref<2x18x20xi32>
    scf.for %k = %c0 to %c2 step %c1 {
      scf.for %i = %c0 to %c18 step %c1 {
        scf.for %j = %c0 to %c20 step %c1 {
          %a = arith.muli %i, %c100 : index
          %b = arith.addi %a, %j : index
          %p = arith.muli %k, %c1000 : index
          %e = arith.addi %b, %p : index
          %v = arith.index_cast %e : index to i32
          memref.store %v, %host[%k, %i, %j] : memref<2x18x20xi32>
        }
      }
    }
    %dev = gpu.alloc () : memref<2x18x20xi32>
    gpu.memcpy %dev, %host : memref<2x18x20xi32>, memref<2x18x20xi32>
    %out = gpu.alloc () : memref<16x16xi32>
    %src = memref.subview %dev[0, 0, %shift] [2, 18, 19] [1, 1, 1] : memref<2x18x20xi32> to memref<2x18x19xi32, strided<[360, 20, 1], offset: ?>>
    gpu.launch_func @kernels::@windows blocks in (%c2, %c2, %c1) threads in (%c8, %c8, %c1)
        args(%src : memref<2x18x19xi32, strided<[360, 20, 1], offset: ?>>, %out : memref<16x16xi32>)
    %r = memref.alloc() : memref<16x16xi32>
    gpu.memcpy %r, %out : memref<16x16xi32>, memref<16x16xi32>
    %u = memref.cast %r : memref<16x16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
