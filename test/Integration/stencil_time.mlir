// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-sim %s %specialized | FileCheck %s
// RUN: wc-sim %s %specialized_lowered | FileCheck %s
// RUN: wc-sim %s %specialized_aggregated_lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{producer-warps=2 stages=3})' | FileCheck %s
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-sim %t.clean.mlir %specialized_lowered | FileCheck %s
// RUN: wc-opt %s --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// A 1-D stencil over time frames (a tile loop): out[x] = sum over frames t
// of in[t][x] + 2 in[t][x + 1] + in[t][x + 2] (each frame padded by one
// element on either side). 128-thread blocks; for each frame the block
// stages 130 elements: its own 128, and the two halo elements that thread
// 0 and thread 127 load; a barrier, the 3-point stencil from the tile, a
// barrier. 5 frames of 256 (+ 2) elements, 2 blocks.
// REMARK: remark: wc-consolidate: not specialized: a tile loop, whose copy and compute share the load/store pipe that producer warps would not relieve; aggregated, one warp copies and computes its tiles
// REMARK: remark: wc-consolidate: aggregate, not remapped (2 barriers, workgroup memory): a tile loop copies its next tile by cp.async during this one
// CHECK: sizes = [256]
// CHECK-NEXT: {{\[}}45,  36,  -4,  -13,  9,  31,  53,  44,  4,  -5,  17,  8,  -1,  21,  43,  65,  56,  16,  7,  29,  20,  11,  33,  24,  -16,  -25,  -3,  19,  41,  32,  23,  45,  36,  -4,  -13,  9,  31,  53,  44,  4,  -5,  17,  8,  -1,  21,  43,  65,  56,  16,  7,  29,  20,  11,  33,  24,  -16,  -25,  -3,  19,  41,  32,  23,  45,  36,  -4,  -13,  9,  31,  53,  44,  4,  -5,  17,  8,  -1,  21,  43,  65,  56,  16,  7,  29,  20,  11,  33,  24,  -16,  -25,  -3,  19,  41,  32,  23,  45,  36,  -4,  -13,  9,  31,  53,  44,  4,  -5,  17,  8,  -1,  21,  43,  65,  56,  16,  7,  29,  20,  11,  33,  24,  -16,  -25,  -3,  19,  41,  32,  23,  45,  36,  -4,  -13,  9,  31,  53,  44,  4,  -5,  17,  8,  -1,  21,  43,  65,  56,  16,  7,  29,  20,  11,  33,  24,  -16,  -25,  -3,  19,  41,  32,  23,  45,  36,  -4,  -13,  9,  31,  53,  44,  4,  -5,  17,  8,  -1,  21,  43,  65,  56,  16,  7,  29,  20,  11,  33,  24,  -16,  -25,  -3,  19,  41,  32,  23,  45,  36,  -4,  -13,  9,  31,  53,  44,  4,  -5,  17,  8,  -1,  21,  43,  65,  56,  16,  7,  29,  20,  11,  33,  24,  -16,  -25,  -3,  19,  41,  32,  23,  45,  36,  -4,  -13,  9,  31,  53,  44,  4,  -5,  17,  8,  -1,  21,  43,  65,  56,  16,  7,  29,  20,  11,  33,  24,  -16,  -25,  -3,  19,  41,  32,  23,  45,  36,  -4,  -13,  9,  31,  53,  44{{\]}}
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @frames(%in: memref<?x?xi32>, %out: memref<?xi32>, %frames: index)
        workgroup(%tile: memref<130xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c127 = arith.constant 127 : index
      %c128 = arith.constant 128 : index
      %c129 = arith.constant 129 : index
      %zero = arith.constant 0 : i32
      %two = arith.constant 2 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %x0 = arith.muli %bx, %c128 : index
      %x = arith.addi %x0, %tx : index
      %sum = scf.for %t = %c0 to %frames step %c1 iter_args(%acc = %zero) -> (i32) {
        %x1 = arith.addi %x, %c1 : index
        %tx1 = arith.addi %tx, %c1 : index
        %v = memref.load %in[%t, %x1] : memref<?x?xi32>
        memref.store %v, %tile[%tx1] : memref<130xi32, #gpu.address_space<workgroup>>
        %first = arith.cmpi eq, %tx, %c0 : index
        scf.if %first {
          %l = memref.load %in[%t, %x] : memref<?x?xi32>
          memref.store %l, %tile[%c0] : memref<130xi32, #gpu.address_space<workgroup>>
        }
        %last = arith.cmpi eq, %tx, %c127 : index
        scf.if %last {
          %x2 = arith.addi %x, %c2 : index
          %r = memref.load %in[%t, %x2] : memref<?x?xi32>
          memref.store %r, %tile[%c129] : memref<130xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %a = memref.load %tile[%tx] : memref<130xi32, #gpu.address_space<workgroup>>
        %b = memref.load %tile[%tx1] : memref<130xi32, #gpu.address_space<workgroup>>
        %tx2 = arith.addi %tx, %c2 : index
        %c = memref.load %tile[%tx2] : memref<130xi32, #gpu.address_space<workgroup>>
        %b2 = arith.muli %b, %two : i32
        %ab = arith.addi %a, %b2 : i32
        %abc = arith.addi %ab, %c : i32
        %next = arith.addi %acc, %abc : i32
        gpu.barrier
        scf.yield %next : i32
      }
      memref.store %sum, %out[%x] : memref<?xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c13 = arith.constant 13 : index
    %c29 = arith.constant 29 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c258 = arith.constant 258 : index
    %c14 = arith.constant 14 : i32
    %h_in = memref.alloc(%c5, %c258) : memref<?x?xi32>
    // in[t][i] = (13 t + 29 i) mod 31 - 14.
    scf.for %t = %c0 to %c5 step %c1 {
      scf.for %i = %c0 to %c258 step %c1 {
        %a = arith.muli %t, %c13 : index
        %b = arith.muli %i, %c29 : index
        %s = arith.addi %a, %b : index
        %c31 = arith.constant 31 : index
        %m = arith.remui %s, %c31 : index
        %m32 = arith.index_cast %m : index to i32
        %v = arith.subi %m32, %c14 : i32
        memref.store %v, %h_in[%t, %i] : memref<?x?xi32>
      }
    }
    %d_in = gpu.alloc (%c5, %c258) : memref<?x?xi32>
    %d_out = gpu.alloc (%c256) : memref<?xi32>
    gpu.memcpy %d_in, %h_in : memref<?x?xi32>, memref<?x?xi32>
    gpu.launch_func @kernels::@frames blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%d_in : memref<?x?xi32>, %d_out : memref<?xi32>, %c5 : index)
    %h_out = memref.alloc(%c256) : memref<?xi32>
    gpu.memcpy %h_out, %d_out : memref<?xi32>, memref<?xi32>
    %u = memref.cast %h_out : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
