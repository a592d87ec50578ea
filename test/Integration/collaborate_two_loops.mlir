// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate)' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// A kernel with two loops of data-dependent trip count, one after the
// other over each thread's row: a sum, then a maximum. wc-collaborate
// rewrites one loop per kernel, the first, and says at the second that it
// stays per thread; both results are what they were.
// REMARK: collaborate_two_loops.mlir:32:12: remark: wc-collaborate: loop left per thread, not examined: the pass rewrites one loop of data-dependent trip count per kernel, and the one at line 25 is collaborative
// REMARK: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two(%rowptr: memref<65xi32>, %vals: memref<2048xi32>,
                  %sums: memref<64xi32>, %maxes: memref<64xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %lo32 = memref.load %rowptr[%t] : memref<65xi32>
      %t1 = arith.addi %t, %c1 : index
      %hi32 = memref.load %rowptr[%t1] : memref<65xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %vals[%k] : memref<2048xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %s, %sums[%t] : memref<64xi32>
      %low = arith.constant -1000 : i32
      %m = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %low) -> (i32) {
        %v = memref.load %vals[%k] : memref<2048xi32>
        %a = arith.maxsi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %m, %maxes[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %c17 = arith.constant 17 : index
    %c40 = arith.constant 40 : index
    %c64 = arith.constant 64 : index
    %c2048 = arith.constant 2048 : index
    %zero = arith.constant 0 : i32
    // Row r has (7 r) mod 40 values (row 9: 23, row 11: 37), vals[k] = (13 k) mod 17 - 8.
    %h_rowptr = memref.alloc() : memref<65xi32>
    %h_vals = memref.alloc() : memref<2048xi32>
    memref.store %zero, %h_rowptr[%c0] : memref<65xi32>
    %total = scf.for %r = %c0 to %c64 step %c1 iter_args(%at = %c0) -> (index) {
      %r7 = arith.muli %r, %c7 : index
      %len = arith.remui %r7, %c40 : index
      %end = arith.addi %at, %len : index
      %r1 = arith.addi %r, %c1 : index
      %end32 = arith.index_cast %end : index to i32
      memref.store %end32, %h_rowptr[%r1] : memref<65xi32>
      scf.yield %end : index
    }
    scf.for %k = %c0 to %c2048 step %c1 {
      %k13 = arith.muli %k, %c13 : index
      %m = arith.remui %k13, %c17 : index
      %m32 = arith.index_cast %m : index to i32
      %c8 = arith.constant 8 : i32
      %v = arith.subi %m32, %c8 : i32
      memref.store %v, %h_vals[%k] : memref<2048xi32>
    }
    %d_rowptr = gpu.alloc () : memref<65xi32>
    %d_vals = gpu.alloc () : memref<2048xi32>
    %d_sums = gpu.alloc () : memref<64xi32>
    %d_maxes = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d_rowptr, %h_rowptr : memref<65xi32>, memref<65xi32>
    gpu.memcpy %d_vals, %h_vals : memref<2048xi32>, memref<2048xi32>
    gpu.launch_func @kernels::@two blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_rowptr : memref<65xi32>, %d_vals : memref<2048xi32>,
             %d_sums : memref<64xi32>, %d_maxes : memref<64xi32>)
    %h_sums = memref.alloc() : memref<64xi32>
    %h_maxes = memref.alloc() : memref<64xi32>
    gpu.memcpy %h_sums, %d_sums : memref<64xi32>, memref<64xi32>
    gpu.memcpy %h_maxes, %d_maxes : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h_sums : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %w = memref.cast %h_maxes : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%w) : (memref<*xi32>) -> ()
    return
  }
}
// The sums, then the maxima (-1000 for the empty rows 0 and 40).
// CHECK: sizes = [64]
// CHECK-NEXT: [0,  -4,  -1,  -1,  3,  1,  -10,  12,  -8,  5,  7,  -12,  -4,  16,  -4,  -6,  0,  4,  2,  -8,  12,  -16,  0,  7,  -3,  12,  -9,  9,  -12,  3,  5,  0,  -5,  -3,  -4,  7,  -7,  8,  8,  0,  0,  -16,  9,  -3,  6,  -8,  6,  -1,  1,  2,  -8,  12,  -6,  2,  4,  -10,  1,  -7,  16,  -6,  2,  -4,  0,  -2]
// CHECK: sizes = [64]
// CHECK-NEXT: [-1000,  6,  8,  8,  8,  8,  -3,  8,  7,  8,  8,  8,  5,  8,  8,  8,  8,  8,  8,  7,  8,  8,  8,  7,  8,  8,  8,  8,  8,  5,  8,  8,  8,  8,  8,  7,  8,  8,  8,  8,  -1000,  5,  8,  8,  8,  8,  5,  7,  8,  8,  8,  8,  5,  8,  8,  8,  8,  8,  8,  7,  8,  8,  8,  -2]
