// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-opt %s --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %t.clean.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --wc-specialize -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPECIALIZE
// RUN: wc-sim %s %specialized | FileCheck %s
// RUN: wc-sim %s %specialized_lowered | FileCheck %s
// RUN: wc-sim %s %specialized_aggregated | FileCheck %s
// RUN: wc-sim %s %specialized_aggregated_lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{producer-warps=3 stages=3})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{aggregate-consumers=1 producer-warps=2 stages=3},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %t.clean.mlir %specialized_aggregated_lowered | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// A tiled 2-D convolution over channels (a tile loop): 16 x 16 blocks,
// each computing a 16 x 16 tile of out[y][x] = sum over channels c and
// i, j < 3 of in[c][y + i][x + j] * f[c][i][j]. For each channel the block
// stages an 18 x 18 tile of the input (its own 16 x 16 elements, and the
// two-element halo below and to the right loaded by the threads with
// tx < 2 or ty < 2), waits at a barrier, computes its 9 products from the
// tile, and waits again. The thread's indices (y, x, y + 16, x + 16, the
// halo conditions) are computed once at the top, as LICM leaves them: the
// aggregated kernel recomputes them in each phase from the virtual
// thread's ids instead of keeping 8 copies of each (which made it refuse
// the kernel: "about 128 registers per lane"). wc-specialize takes the
// halo's conditions into the producers' copy (each producer warp replays
// them for the threads it copies for). 3 channels, a 34 x 34 input: 2 x 2
// blocks.
// REMARK: remark: wc-aggregate: coarsened: one warp per 256-thread block, 8 virtual threads per lane
// The tile stays in shared memory; its rows, 48 elements apart, serve each
// read of two rows in one wavefront (the run above executes it so).
// REMARK: padded to 'memref<18x48xi32, #gpu.address_space<workgroup>>' against bank conflicts
// SPECIALIZE: remark: wc-specialize: 8 consumer warps and 1 producer warp over a 2-stage ring of 1 tile buffer (2592 bytes of shared memory)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @conv(%in: memref<?x?x?xi32>, %f: memref<?x3x3xi32>,
                   %out: memref<?x?xi32>, %channels: index)
        workgroup(%tile: memref<18x18xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %y0 = arith.muli %by, %c16 : index
      %x0 = arith.muli %bx, %c16 : index
      %y = arith.addi %y0, %ty : index
      %x = arith.addi %x0, %tx : index
      %ty16 = arith.addi %ty, %c16 : index
      %tx16 = arith.addi %tx, %c16 : index
      %y16 = arith.addi %y, %c16 : index
      %x16 = arith.addi %x, %c16 : index
      %right = arith.cmpi ult, %tx, %c2 : index
      %below = arith.cmpi ult, %ty, %c2 : index
      %sum = scf.for %c = %c0 to %channels step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %in[%c, %y, %x] : memref<?x?x?xi32>
        memref.store %v, %tile[%ty, %tx] : memref<18x18xi32, #gpu.address_space<workgroup>>
        scf.if %right {
          %vr = memref.load %in[%c, %y, %x16] : memref<?x?x?xi32>
          memref.store %vr, %tile[%ty, %tx16] : memref<18x18xi32, #gpu.address_space<workgroup>>
        }
        scf.if %below {
          %vb = memref.load %in[%c, %y16, %x] : memref<?x?x?xi32>
          memref.store %vb, %tile[%ty16, %tx] : memref<18x18xi32, #gpu.address_space<workgroup>>
          scf.if %right {
            %vc = memref.load %in[%c, %y16, %x16] : memref<?x?x?xi32>
            memref.store %vc, %tile[%ty16, %tx16] : memref<18x18xi32, #gpu.address_space<workgroup>>
          }
        }
        gpu.barrier
        %rows = scf.for %i = %c0 to %c3 step %c1 iter_args(%ra = %acc) -> (i32) {
          %cols = scf.for %j = %c0 to %c3 step %c1 iter_args(%ca = %ra) -> (i32) {
            %ti = arith.addi %ty, %i : index
            %tj = arith.addi %tx, %j : index
            %t = memref.load %tile[%ti, %tj] : memref<18x18xi32, #gpu.address_space<workgroup>>
            %w = memref.load %f[%c, %i, %j] : memref<?x3x3xi32>
            %p = arith.muli %t, %w : i32
            %s = arith.addi %ca, %p : i32
            scf.yield %s : i32
          }
          scf.yield %cols : i32
        }
        gpu.barrier
        scf.yield %rows : i32
      }
      memref.store %sum, %out[%y, %x] : memref<?x?xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c16 = arith.constant 16 : index
    %c31 = arith.constant 31 : index
    %c32 = arith.constant 32 : index
    %c34 = arith.constant 34 : index
    %c5_i32 = arith.constant 5 : i32
    %c15_i32 = arith.constant 15 : i32
    %h_in = memref.alloc(%c3, %c34, %c34) : memref<?x?x?xi32>
    %h_f = memref.alloc(%c3) : memref<?x3x3xi32>
    %h_out = memref.alloc(%c32, %c32) : memref<?x?xi32>
    // in[c][y][x] = (7 (c + y) + 11 x) mod 31 - 15, f[c][i][j] = (c + 3 i + j) mod 11 - 5.
    scf.for %c = %c0 to %c3 step %c1 {
      scf.for %y = %c0 to %c34 step %c1 {
        scf.for %x = %c0 to %c34 step %c1 {
          %cy = arith.addi %c, %y : index
          %a = arith.muli %cy, %c7 : index
          %b = arith.muli %x, %c11 : index
          %s = arith.addi %a, %b : index
          %m = arith.remui %s, %c31 : index
          %m32 = arith.index_cast %m : index to i32
          %v = arith.subi %m32, %c15_i32 : i32
          memref.store %v, %h_in[%c, %y, %x] : memref<?x?x?xi32>
        }
      }
      scf.for %i = %c0 to %c3 step %c1 {
        scf.for %j = %c0 to %c3 step %c1 {
          %i3 = arith.muli %i, %c3 : index
          %ci = arith.addi %c, %i3 : index
          %s = arith.addi %ci, %j : index
          %m = arith.remui %s, %c11 : index
          %m32 = arith.index_cast %m : index to i32
          %v = arith.subi %m32, %c5_i32 : i32
          memref.store %v, %h_f[%c, %i, %j] : memref<?x3x3xi32>
        }
      }
    }
    %d_in = gpu.alloc (%c3, %c34, %c34) : memref<?x?x?xi32>
    %d_f = gpu.alloc (%c3) : memref<?x3x3xi32>
    %d_out = gpu.alloc (%c32, %c32) : memref<?x?xi32>
    gpu.memcpy %d_in, %h_in : memref<?x?x?xi32>, memref<?x?x?xi32>
    gpu.memcpy %d_f, %h_f : memref<?x3x3xi32>, memref<?x3x3xi32>
    gpu.launch_func @kernels::@conv blocks in (%c2, %c2, %c1) threads in (%c16, %c16, %c1)
        args(%d_in : memref<?x?x?xi32>, %d_f : memref<?x3x3xi32>,
             %d_out : memref<?x?xi32>, %c3 : index)
    gpu.memcpy %h_out, %d_out : memref<?x?xi32>, memref<?x?xi32>
    %u = memref.cast %h_out : memref<?x?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [32, 32]
// CHECK-NEXT: {{\[\[}}20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20
// CHECK-NEXT: [-11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11],
// CHECK-NEXT: [-11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11],
// CHECK-NEXT: [20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20],
// CHECK-NEXT: [-11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11],
// CHECK-NEXT: [-11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11],
// CHECK-NEXT: [20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20],
// CHECK-NEXT: [82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82],
// CHECK-NEXT: [82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82],
// CHECK-NEXT: [20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20],
// CHECK-NEXT: [-11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11],
// CHECK-NEXT: [-11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11],
// CHECK-NEXT: [20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20],
// CHECK-NEXT: [-11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11],
// CHECK-NEXT: [-11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11],
// CHECK-NEXT: [-135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135],
// CHECK-NEXT: [-104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104],
// CHECK-NEXT: [-11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11],
// CHECK-NEXT: [82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82],
// CHECK-NEXT: [82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82],
// CHECK-NEXT: [-11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11],
// CHECK-NEXT: [-104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104],
// CHECK-NEXT: [-135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135],
// CHECK-NEXT: [-11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11],
// CHECK-NEXT: [-11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11],
// CHECK-NEXT: [20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20],
// CHECK-NEXT: [-11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11],
// CHECK-NEXT: [-11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11],
// CHECK-NEXT: [20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20],
// CHECK-NEXT: [82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82],
// CHECK-NEXT: [82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20,   20,   20,   82,   -11,   82],
// CHECK-NEXT: [20,   20,   20,   82,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   -11,   -104,   -135,   20,   20,   20,   -135,   -104,   -11,   -11,   82,   -11,   -11,   -11,   -11,   82,   -11,   82,   20,   20{{\]\]}}
