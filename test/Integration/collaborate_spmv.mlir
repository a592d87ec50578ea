// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %collaborated | FileCheck %s
// RUN: wc-sim %s %collaborated_lowered | FileCheck %s
// RUN: wc-opt %s --wc-collaborate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Each form for every warp: the whole warp per nonempty range, the
// flattened windows, the long ranges by the warp with the others flattened,
// and the loop per thread.
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{flatten=always},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{long-range=100000 flatten=never})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{long-range=0})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{long-range=0},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{long-range=100000 flatten=always})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{long-range=100000 flatten=always},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// The whole block per range: the three long rows (block-range=40), or
// every row of more than one nonzero (block-range=1), the rest as above.
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{block-range=40})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{block-range=40},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{block-range=1 flatten=never})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{block-range=1},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate=block-range=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOBLOCK
// The cost model's pick (collaboration: a range read from memory):
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=PICK
// PICK: remark: wc-consolidate: collaborate:
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.licm.mlir
// RUN: wc-sim %t.licm.mlir %collaborated | FileCheck %s
// RUN: wc-sim %t.licm.mlir %collaborated_lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{flatten=block})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{flatten=block},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %t.licm.mlir --pass-pipeline='builtin.module(wc-collaborate{flatten=block},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate=flatten=block -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCKFLAT
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.collaborated.out %}

// Sparse matrix times vector in CSR, one row per thread (the shape of the
// classic kernel): a sum and a maximum of the row's products. No row is long
// enough for the whole block by default (over 8 iterations per thread). Three rows
// of the 100 have 60-62 nonzeros, the others 0-3: by default the warps of
// rows 0-31 and 32-63 run their long rows with the whole warp (and flatten
// or keep the short ones as these decide), the warp of rows 96-127 (0-3
// nonzeros in rows 96-99, the rest past the end) flattens its rows (its
// longest is more than twice the mean), and the warp of rows 64-95 (0-3
// each, balanced) keeps the loop per thread.
// REMARK: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 512 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 2 reductions)
// With flatten=block the block flattens its threads' rows (a scan over the
// block, an equal share of the iterations per warp, workgroup atomics into
// the rows' sums and maxima), also after canonicalize, CSE and LICM.
// BLOCKFLAT: remark: wc-collaborate: a loop of data-dependent trip count is run flattened over the block (the ranges' iterations split evenly between its warps; 2 reductions)
// NOBLOCK: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (long ranges by the whole warp, the others flattened or per thread; 2 reductions)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @spmv(%rowptr: memref<101xi32>, %cols: memref<1024xi32>,
                   %vals: memref<1024xi32>, %x: memref<100xi32>,
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
          %col32 = memref.load %cols[%k] : memref<1024xi32>
          %col = arith.index_cast %col32 : i32 to index
          %a = memref.load %vals[%k] : memref<1024xi32>
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
    %c1024 = arith.constant 1024 : index
    %zero = arith.constant 0 : i32
    %h_rowptr = memref.alloc() : memref<101xi32>
    %h_cols = memref.alloc() : memref<1024xi32>
    %h_vals = memref.alloc() : memref<1024xi32>
    %h_x = memref.alloc() : memref<100xi32>
    // Row r has 60 + r mod 7 nonzeros when r mod 17 = 0 and r < 40, else
    // r mod 4.
    memref.store %zero, %h_rowptr[%c0] : memref<101xi32>
    %nnz = scf.for %r = %c0 to %c100 step %c1 iter_args(%at = %c0) -> (index) {
      %m17 = arith.remui %r, %c17 : index
      %is17 = arith.cmpi eq, %m17, %c0 : index
      %early = arith.cmpi ult, %r, %c40 : index
      %long = arith.andi %is17, %early : i1
      %m7 = arith.remui %r, %c7 : index
      %l1 = arith.addi %m7, %c60 : index
      %l2 = arith.remui %r, %c4 : index
      %len = arith.select %long, %l1, %l2 : index
      %end = arith.addi %at, %len : index
      %r1 = arith.addi %r, %c1 : index
      %end32 = arith.index_cast %end : index to i32
      memref.store %end32, %h_rowptr[%r1] : memref<101xi32>
      scf.yield %end : index
    }
    // cols[k] = (7 k + 3) mod 100, vals[k] = k mod 11 - 5, x[c] = c mod 13 - 6.
    scf.for %k = %c0 to %c1024 step %c1 {
      %k7 = arith.muli %k, %c7 : index
      %k73 = arith.addi %k7, %c3 : index
      %col = arith.remui %k73, %c100 : index
      %col32 = arith.index_cast %col : index to i32
      memref.store %col32, %h_cols[%k] : memref<1024xi32>
      %m11 = arith.remui %k, %c11 : index
      %v = arith.subi %m11, %c5 : index
      %v32 = arith.index_cast %v : index to i32
      memref.store %v32, %h_vals[%k] : memref<1024xi32>
    }
    scf.for %c = %c0 to %c100 step %c1 {
      %m13 = arith.remui %c, %c13 : index
      %v = arith.subi %m13, %c6 : index
      %v32 = arith.index_cast %v : index to i32
      memref.store %v32, %h_x[%c] : memref<100xi32>
    }
    %d_rowptr = gpu.alloc () : memref<101xi32>
    %d_cols = gpu.alloc () : memref<1024xi32>
    %d_vals = gpu.alloc () : memref<1024xi32>
    %d_x = gpu.alloc () : memref<100xi32>
    %d_y = gpu.alloc () : memref<100xi32>
    %d_ymax = gpu.alloc () : memref<100xi32>
    gpu.memcpy %d_rowptr, %h_rowptr : memref<101xi32>, memref<101xi32>
    gpu.memcpy %d_cols, %h_cols : memref<1024xi32>, memref<1024xi32>
    gpu.memcpy %d_vals, %h_vals : memref<1024xi32>, memref<1024xi32>
    gpu.memcpy %d_x, %h_x : memref<100xi32>, memref<100xi32>
    gpu.launch_func @kernels::@spmv blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_rowptr : memref<101xi32>, %d_cols : memref<1024xi32>,
             %d_vals : memref<1024xi32>, %d_x : memref<100xi32>,
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
// CHECK-NEXT: [-59,  0,  8,  21,  0,  30,  11,  0,  0,  1,  -4,  14,  0,  -16,  -4,  1,  0,  33,  0,  -3,  0,  -16,  30,  -2,  0,  -3,  4,  7,  0,  30,  24,  5,  0,  0,  -97,  15,  0,  -4,  30,  -5,  0,  -6,  -6,  -5,  0,  -20,  -3,  -4,  0,  0,  5,  9,  0,  -30,  18,  3,  0,  -4,  -9,  10,  0,  -12,  1,  1,  0,  12,  -24,  -14,  0,  0,  11,  -6,  0,  9,  8,  -7,  0,  6,  -4,  21,  0,  0,  -35,  22,  0,  -3,  -5,  4,  0,  -15,  -12,  -19,  0,  0,  -4,  -7,  0,  30,  11,  0]
// CHECK: sizes = [100]
// CHECK-NEXT: [25,  0,  10,  24,  -1000,  30,  15,  4,  -1000,  1,  6,  15,  -1000,  -16,  6,  1,  -1000,  30,  0,  6,  -1000,  -16,  15,  8,  -1000,  -3,  4,  15,  -1000,  30,  24,  10,  -1000,  0,  25,  15,  -1000,  -4,  30,  8,  -1000,  -6,  0,  8,  -1000,  -20,  12,  4,  -1000,  0,  8,  20,  -1000,  -30,  18,  5,  -1000,  -4,  3,  20,  -1000,  -12,  9,  2,  -1000,  12,  0,  5,  -1000,  0,  12,  2,  -1000,  9,  20,  10,  -1000,  6,  0,  18,  -1000,  0,  -5,  20,  -1000,  -3,  0,  12,  -1000,  -15,  8,  2,  -1000,  0,  2,  8,  -1000,  30,  15,  4]
