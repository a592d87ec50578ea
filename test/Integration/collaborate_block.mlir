// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %collaborated | FileCheck %s
// RUN: wc-sim %s %collaborated_lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{block-range=100})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{block-range=100},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{block-range=0})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{block-range=0},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-collaborate{block-range=0},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-collaborate,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{flatten=block},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-collaborate{flatten=block},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.collaborated.out %}

// The block level of wc-collaborate: the SpMV of collaborate_spmv.mlir
// (64 threads per block, a sum and a maximum) with rows of 600, 301 and
// 256 nonzeros, over 8 per thread of the block by default: each is run by
// the whole block, in rounds of 4 iterations per thread (2, 1 and 1
// rounds) and the rest one at a time (88, 45 and 0). With block-range=100
// the same rows go to the block; the others stay with their warps. With
// block-range=0 the warps run them, also in rounds of 4 iterations per lane
// (4, 2 and 2 rounds, then 88, 45 and 0); both forms also after
// canonicalize, CSE and LICM.
// REMARK: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 512 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 2 reductions)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @spmv(%rowptr: memref<101xi32>, %cols: memref<2048xi32>,
                   %vals: memref<2048xi32>, %x: memref<100xi32>,
                   %y: memref<100xi32>, %ymax: memref<100xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %in = arith.cmpi ult, %row, %n : index
      scf.if %in {
        %lo32 = memref.load %rowptr[%row] : memref<101xi32>
        %next = arith.addi %row, %c1 : index
        %hi32 = memref.load %rowptr[%next] : memref<101xi32>
        %lo = arith.index_cast %lo32 : i32 to index
        %hi = arith.index_cast %hi32 : i32 to index
        %zero = arith.constant 0 : i32
        %low = arith.constant -1000 : i32
        %r:2 = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero, %max = %low) -> (i32, i32) {
          %col32 = memref.load %cols[%k] : memref<2048xi32>
          %col = arith.index_cast %col32 : i32 to index
          %a = memref.load %vals[%k] : memref<2048xi32>
          %xv = memref.load %x[%col] : memref<100xi32>
          %p = arith.muli %a, %xv : i32
          %sum2 = arith.addi %sum, %p : i32
          %max2 = arith.maxsi %max, %p : i32
          scf.yield %sum2, %max2 : i32, i32
        }
        memref.store %r#0, %y[%row] : memref<100xi32>
        memref.store %r#1, %ymax[%row] : memref<100xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %c17 = arith.constant 17 : index
    %c40 = arith.constant 40 : index
    %c60 = arith.constant 60 : index
    %c64 = arith.constant 64 : index
    %c100 = arith.constant 100 : index
    %c70 = arith.constant 70 : index
    %c256 = arith.constant 256 : index
    %c301 = arith.constant 301 : index
    %c600 = arith.constant 600 : index
    %c2048 = arith.constant 2048 : index
    %zero = arith.constant 0 : i32
    %h_rowptr = memref.alloc() : memref<101xi32>
    %h_cols = memref.alloc() : memref<2048xi32>
    %h_vals = memref.alloc() : memref<2048xi32>
    %h_x = memref.alloc() : memref<100xi32>
    // Rows 5 and 70 have 600 and 301 nonzeros, row 3 has 256, the others
    // r mod 4.
    memref.store %zero, %h_rowptr[%c0] : memref<101xi32>
    %nnz = scf.for %r = %c0 to %c100 step %c1 iter_args(%at = %c0) -> (index) {
      %l2 = arith.remui %r, %c4 : index
      %is5 = arith.cmpi eq, %r, %c5 : index
      %is70 = arith.cmpi eq, %r, %c70 : index
      %is3 = arith.cmpi eq, %r, %c3 : index
      %la = arith.select %is5, %c600, %l2 : index
      %lb = arith.select %is70, %c301, %la : index
      %len = arith.select %is3, %c256, %lb : index
      %end = arith.addi %at, %len : index
      %r1 = arith.addi %r, %c1 : index
      %end32 = arith.index_cast %end : index to i32
      memref.store %end32, %h_rowptr[%r1] : memref<101xi32>
      scf.yield %end : index
    }
    // cols[k] = (7 k + 3) mod 100, vals[k] = k mod 11 - 5, x[c] = c mod 13 - 6.
    scf.for %k = %c0 to %c2048 step %c1 {
      %k7 = arith.muli %k, %c7 : index
      %k73 = arith.addi %k7, %c3 : index
      %col = arith.remui %k73, %c100 : index
      %col32 = arith.index_cast %col : index to i32
      memref.store %col32, %h_cols[%k] : memref<2048xi32>
      %m11 = arith.remui %k, %c11 : index
      %v = arith.subi %m11, %c5 : index
      %v32 = arith.index_cast %v : index to i32
      memref.store %v32, %h_vals[%k] : memref<2048xi32>
    }
    scf.for %c = %c0 to %c100 step %c1 {
      %m13 = arith.remui %c, %c13 : index
      %v = arith.subi %m13, %c6 : index
      %v32 = arith.index_cast %v : index to i32
      memref.store %v32, %h_x[%c] : memref<100xi32>
    }
    %d_rowptr = gpu.alloc () : memref<101xi32>
    %d_cols = gpu.alloc () : memref<2048xi32>
    %d_vals = gpu.alloc () : memref<2048xi32>
    %d_x = gpu.alloc () : memref<100xi32>
    %d_y = gpu.alloc () : memref<100xi32>
    %d_ymax = gpu.alloc () : memref<100xi32>
    gpu.memcpy %d_rowptr, %h_rowptr : memref<101xi32>, memref<101xi32>
    gpu.memcpy %d_cols, %h_cols : memref<2048xi32>, memref<2048xi32>
    gpu.memcpy %d_vals, %h_vals : memref<2048xi32>, memref<2048xi32>
    gpu.memcpy %d_x, %h_x : memref<100xi32>, memref<100xi32>
    gpu.launch_func @kernels::@spmv blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_rowptr : memref<101xi32>, %d_cols : memref<2048xi32>,
             %d_vals : memref<2048xi32>, %d_x : memref<100xi32>,
             %d_y : memref<100xi32>, %d_ymax : memref<100xi32>, %c100 : index)
    %h_y = memref.alloc() : memref<100xi32>
    gpu.memcpy %h_y, %d_y : memref<100xi32>, memref<100xi32>
    %u = memref.cast %h_y : memref<100xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.memcpy %h_y, %d_ymax : memref<100xi32>, memref<100xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [100]
// CHECK-NEXT: [0,  15,  -10,  2,  0,  -104,  0,  -1,  0,  6,  -18,  -31,  0,  16,  16,  1,  0,  6,  7,  -31,  0,  -18,  6,  11,  0,  0,  -19,  29,  0,  -6,  3,  5,  0,  -12,  30,  -29,  0,  0,  1,  -20,  0,  15,  35,  -1,  0,  0,  0,  41,  0,  0,  21,  8,  0,  -6,  -13,  -27,  0,  12,  -8,  1,  0,  0,  14,  -35,  0,  18,  3,  2,  0,  -9,  105,  11,  0,  0,  0,  41,  0,  0,  21,  8,  0,  -6,  -13,  -27,  0,  12,  -8,  1,  0,  0,  -14,  -35,  0,  18,  3,  2,  0,  -9,  6,  -12]
// CHECK: sizes = [100]
// CHECK-NEXT: [-1000,  15,  6,  30,  -1000,  30,  12,  4,  -1000,  6,  0,  4,  -1000,  16,  18,  5,  -1000,  6,  16,  4,  -1000,  -18,  6,  12,  -1000,  0,  5,  25,  -1000,  -6,  3,  10,  -1000,  -12,  20,  3,  -1000,  0,  1,  6,  -1000,  15,  20,  8,  -1000,  0,  4,  30,  -1000,  0,  24,  10,  -1000,  -6,  2,  8,  -1000,  12,  4,  6,  -1000,  0,  20,  0,  -1000,  18,  5,  6,  -1000,  -9,  30,  8,  -1000,  0,  4,  30,  -1000,  0,  24,  10,  -1000,  -6,  2,  8,  -1000,  12,  4,  6,  -1000,  0,  4,  0,  -1000,  18,  5,  6,  -1000,  -9,  16,  9]
