// RUN: wc-opt %s '--scf-parallel-loop-tiling=parallel-loop-tile-sizes=64 no-min-max-bounds=true' \
// RUN:   --gpu-map-parallel-loops --convert-parallel-loops-to-gpu --lower-affine \
// RUN:   --canonicalize --gpu-launch-sink-index-computations --gpu-kernel-outlining --cse \
// RUN:   -o %t.mlir
// RUN: FileCheck %s --check-prefix=KERNEL --input-file=%t.mlir
// RUN: wc-sim %t.mlir | FileCheck %s
// RUN: wc-sim %t.mlir %collaborated | FileCheck %s
// RUN: wc-sim %t.mlir %collaborated_lowered | FileCheck %s
// RUN: wc-sim %t.mlir --pass-pipeline='builtin.module(wc-collaborate{flatten=block})' | FileCheck %s
// RUN: wc-sim %t.mlir --pass-pipeline='builtin.module(wc-collaborate{flatten=block},gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %t.mlir --resident-blocks=2 --schedule-seed=4 --pass-pipeline='builtin.module(wc-collaborate{flatten=block grid-range=64 grid-chunk=1},gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %t.mlir --wc-collaborate=flatten=block -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// The grid level in launches of its own before the kernel's (grid-split=1)
// needs to know that the buffers @spmv is passed are distinct: refused as
// it is, applied with its arguments marked llvm.noalias, on the outlined
// kernel and on the one left inline:
// RUN: wc-opt %t.mlir --wc-collaborate='grid-range=64 grid-chunk=1 grid-split=1' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT-HOST
// RUN: sed 's/\(%%\(rowptr\|cols\|vals\|x\|y\): memref<[^>]*>\)\([,)]\)/\1 {llvm.noalias}\3/g' %s > %t.noalias.mlir
// RUN: wc-opt %t.noalias.mlir '--scf-parallel-loop-tiling=parallel-loop-tile-sizes=64 no-min-max-bounds=true' \
// RUN:   --gpu-map-parallel-loops --convert-parallel-loops-to-gpu --lower-affine \
// RUN:   --canonicalize --gpu-launch-sink-index-computations --gpu-kernel-outlining --cse \
// RUN:   -o %t.split.mlir
// RUN: wc-sim %t.split.mlir --pass-pipeline='builtin.module(wc-collaborate{grid-range=64 grid-chunk=1 grid-split=1},gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %t.split.mlir --wc-collaborate='grid-range=64 grid-chunk=1 grid-split=1' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT-REMARK
// Left inline (no gpu-kernel-outlining), the kernel is outlined by
// wc-collaborate itself, collaborated, and computes the same.
// RUN: wc-opt %s '--scf-parallel-loop-tiling=parallel-loop-tile-sizes=64 no-min-max-bounds=true' \
// RUN:   --gpu-map-parallel-loops --convert-parallel-loops-to-gpu --lower-affine \
// RUN:   --canonicalize --cse -o %t.inline.mlir
// RUN: FileCheck %s --check-prefix=INLINE --input-file=%t.inline.mlir
// RUN: wc-sim %t.inline.mlir --pass-pipeline='builtin.module(wc-collaborate)' | FileCheck %s
// RUN: wc-opt %t.inline.mlir --wc-collaborate -o /dev/null 2>&1 | FileCheck %s --check-prefix=INLINE-REMARK
// RUN: wc-opt %t.noalias.mlir '--scf-parallel-loop-tiling=parallel-loop-tile-sizes=64 no-min-max-bounds=true' \
// RUN:   --gpu-map-parallel-loops --convert-parallel-loops-to-gpu --lower-affine \
// RUN:   --canonicalize --cse -o %t.split.inline.mlir
// RUN: wc-sim %t.split.inline.mlir --pass-pipeline='builtin.module(wc-collaborate{grid-range=64 grid-chunk=1 grid-split=1})' | FileCheck %s
// RUN: wc-opt %t.split.inline.mlir --wc-collaborate='grid-range=64 grid-chunk=1 grid-split=1' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT-REMARK
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.collaborated.out %}

// A CSR matrix times a vector written as an scf.parallel over the rows with
// an scf.for over each row's nonzeros, made a GPU kernel by upstream MLIR's
// parallel-loop path (tiles of 64 rows, one block each; the last tile's
// threads past row 200 under the bounds check the tiling leaves), then run
// by wc-collaborate: its default forms, and the block flattening its
// threads' rows (flatten=block), alone and with the grid level taking the
// rows over 64 nonzeros (every 17th row has 150-199, the others 0-12).
// KERNEL: gpu.func @spmv_kernel({{.*}}) kernel attributes {known_block_size = array<i32: 64, 1, 1>
// KERNEL: scf.if
// KERNEL: scf.for {{.*}} iter_args
// SPLIT-HOST: the grid level in the kernel, not in launches of its own: a launch passes buffers for an argument the body or bounds read and one the kernel writes that may be the same memory (each must be an allocation, or a host function's argument marked llvm.noalias)
// SPLIT-REMARK: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 64 iterations by the grid, in launches of their own before the kernel's (@spmv_kernel_grid_jobs, @spmv_kernel_grid_chunks) in chunks of 32 per warp,
// REMARK: remark: wc-collaborate: a loop of data-dependent trip count is run flattened over the block (the ranges' iterations split evenly between its warps; 1 reduction)
// INLINE: gpu.launch blocks
// INLINE-NOT: gpu.func
// INLINE-REMARK: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (

module attributes {gpu.container_module} {
  func.func @spmv(%rowptr: memref<201xindex>, %cols: memref<?xindex>,
                  %vals: memref<?xi32>, %x: memref<200xi32>,
                  %y: memref<200xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c200 = arith.constant 200 : index
    %zero = arith.constant 0 : i32
    scf.parallel (%i) = (%c0) to (%c200) step (%c1) {
      %lo = memref.load %rowptr[%i] : memref<201xindex>
      %i1 = arith.addi %i, %c1 : index
      %hi = memref.load %rowptr[%i1] : memref<201xindex>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
        %c = memref.load %cols[%k] : memref<?xindex>
        %a = memref.load %vals[%k] : memref<?xi32>
        %xv = memref.load %x[%c] : memref<200xi32>
        %p = arith.muli %a, %xv : i32
        %acc2 = arith.addi %acc, %p : i32
        scf.yield %acc2 : i32
      }
      memref.store %s, %y[%i] : memref<200xi32>
      scf.reduce
    }
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %c17 = arith.constant 17 : index
    %c50 = arith.constant 50 : index
    %c150 = arith.constant 150 : index
    %c200 = arith.constant 200 : index
    %c201 = arith.constant 201 : index
    // Row i: 150 + i mod 50 nonzeros when i mod 17 = 0, else 7 i mod 13.
    %h_rowptr = memref.alloc() : memref<201xindex>
    memref.store %c0, %h_rowptr[%c0] : memref<201xindex>
    %nnz = scf.for %i = %c0 to %c200 step %c1 iter_args(%at = %c0) -> (index) {
      %r17 = arith.remui %i, %c17 : index
      %long = arith.cmpi eq, %r17, %c0 : index
      %r50 = arith.remui %i, %c50 : index
      %l1 = arith.addi %r50, %c150 : index
      %i7 = arith.muli %i, %c7 : index
      %l2 = arith.remui %i7, %c13 : index
      %len = arith.select %long, %l1, %l2 : index
      %next = arith.addi %at, %len : index
      %i1 = arith.addi %i, %c1 : index
      memref.store %next, %h_rowptr[%i1] : memref<201xindex>
      scf.yield %next : index
    }
    // Nonzero k: column 13 k mod 200, value k mod 7 - 3; x[c] = c mod 5.
    %h_cols = memref.alloc(%nnz) : memref<?xindex>
    %h_vals = memref.alloc(%nnz) : memref<?xi32>
    scf.for %k = %c0 to %nnz step %c1 {
      %k13 = arith.muli %k, %c13 : index
      %col = arith.remui %k13, %c200 : index
      memref.store %col, %h_cols[%k] : memref<?xindex>
      %k7 = arith.remui %k, %c7 : index
      %v0 = arith.subi %k7, %c3 : index
      %v = arith.index_cast %v0 : index to i32
      memref.store %v, %h_vals[%k] : memref<?xi32>
    }
    %h_x = memref.alloc() : memref<200xi32>
    %h_y = memref.alloc() : memref<200xi32>
    scf.for %c = %c0 to %c200 step %c1 {
      %r = arith.remui %c, %c5 : index
      %v = arith.index_cast %r : index to i32
      memref.store %v, %h_x[%c] : memref<200xi32>
    }
    %d_rowptr = gpu.alloc () : memref<201xindex>
    %d_cols = gpu.alloc (%nnz) : memref<?xindex>
    %d_vals = gpu.alloc (%nnz) : memref<?xi32>
    %d_x = gpu.alloc () : memref<200xi32>
    %d_y = gpu.alloc () : memref<200xi32>
    gpu.memcpy %d_rowptr, %h_rowptr : memref<201xindex>, memref<201xindex>
    gpu.memcpy %d_cols, %h_cols : memref<?xindex>, memref<?xindex>
    gpu.memcpy %d_vals, %h_vals : memref<?xi32>, memref<?xi32>
    gpu.memcpy %d_x, %h_x : memref<200xi32>, memref<200xi32>
    call @spmv(%d_rowptr, %d_cols, %d_vals, %d_x, %d_y) : (memref<201xindex>, memref<?xindex>, memref<?xi32>, memref<200xi32>, memref<200xi32>) -> ()
    gpu.memcpy %h_y, %d_y : memref<200xi32>, memref<200xi32>
    %u = memref.cast %h_y : memref<200xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// y[i] = sum over the nonzeros k of row i of (k mod 7 - 3) * x[13 k mod 200],
// x[c] = c mod 5, computed in python from the same rows.
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [200] strides = [1] data =
// CHECK-NEXT: [-9,  8,  0,  -7,  9,  -7,  1,  7,  1,  -18,  15,  -6,  5,  0,  -7,  0,  2,  -2,  8,  -7,  3,  3,  2,  -15,  5,  11,  0,  -6,  -4,  -7,  9,  7,  -10,  16,  -22,  10,  -4,  5,  -7,  0,  11,  -6,  -3,  3,  13,  -15,  2,  -1,  15,  -5,  -18,  19,  0,  4,  -6,  -6,  -4,  2,  0,  0,  8,  -4,  -13,  8,  9,  0,  -4,  -2,  6,  -3,  -1,  -13,  10,  -2,  14,  -15,  2,  7,  0,  1,  0,  -10,  0,  8,  -7,  3,  3,  2,  -15,  5,  11,  0,  -6,  -4,  -7,  9,  7,  -10,  16,  -15,  8,  -5,  4,  -7,  0,  -7,  0,  10,  9,  -2,  1,  -14,  -3,  7,  15,  -16,  -7,  0,  8,  -7,  9,  6,  -2,  8,  -22,  9,  -3,  11,  -4,  -12,  0,  9,  0,  13,  -6,  -10,  8,  -9,  11,  -10,  -7,  16,  7,  0,  -1,  -9,  -13,  0,  10,  -2,  10,  -7,  -2,  0,  -2,  -7,  0,  9,  -1,  -2,  5,  2,  -6,  8,  -7,  9,  5,  -22,  8,  0,  -7,  8,  10,  -11,  6,  8,  -22,  15,  -9,  11,  -1,  -7,  0,  1,  9,  -2,  -3,  -10,  -4,  19,  -13,  7,  0,  -5,  -2,  0,  8,  0,  -7,  9]
