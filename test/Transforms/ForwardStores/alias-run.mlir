// RUN: wc-opt %s --wc-forward-stores 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: remark: wc-forward-stores: 1 loads take a value the thread stored, 1 loop-carried elements kept in registers, 0 overwritten stores removed
// A column sum that accumulates into its output while it reads its input,
// both kernel arguments: the sum is carried in a register under a run-time
// test that the thread's output element is not in the input. Run on wc-sim
// with two buffers (the registers' loop runs), and with the output inside
// the input (the sums of the first columns are read back by the later
// rows: the original loop runs): as written, after wc-forward-stores, and
// that lowered, the same; and the second differs from the first.
// RUN: wc-sim %s > %t.before
// RUN: FileCheck %s --input-file=%t.before
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-forward-stores)' 2>/dev/null > %t.after
// RUN: diff %t.before %t.after
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-forward-stores,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' 2>/dev/null > %t.lowered
// RUN: diff %t.before %t.lowered
// RUN: sed 's/%inside = arith.constant 0 : index/%inside = arith.constant 1 : index/' %s > %t.alias.mlir
// RUN: wc-sim %t.alias.mlir > %t.alias.before
// RUN: FileCheck %s --check-prefix=ALIAS --input-file=%t.alias.before
// RUN: wc-sim %t.alias.mlir --pass-pipeline='builtin.module(wc-forward-stores)' 2>/dev/null > %t.alias.after
// RUN: diff %t.alias.before %t.alias.after
// Forced true, the test gives the aliased run the registers' loop, whose
// sums differ:
// RUN: wc-opt %t.alias.mlir --wc-forward-stores 2>/dev/null | sed 's/arith.cmpi ule/arith.cmpi ne/' > %t.forced.mlir
// RUN: wc-sim %t.forced.mlir > %t.forced
// RUN: not diff %t.alias.before %t.forced

// The input's element (r, c) is r + c; 8 columns of 4 rows.
// CHECK: [6,  10,  14,  18,  22,  26,  30,  34]
// In the aliased run the output is row 3 of the input: sums of the columns,
// each reading back its own partial sum at row 3.
// ALIAS: [6,  12,  18,  24,  30,  36,  42,  48]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @colsum(%in: memref<32xi32, strided<[1], offset: ?>>,
                     %out: memref<8xi32, strided<[1], offset: ?>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      memref.store %zero, %out[%tx] : memref<8xi32, strided<[1], offset: ?>>
      scf.for %r = %c0 to %c4 step %c1 {
        %acc = memref.load %out[%tx] : memref<8xi32, strided<[1], offset: ?>>
        %row = arith.muli %r, %c8 : index
        %i = arith.addi %row, %tx : index
        %x = memref.load %in[%i] : memref<32xi32, strided<[1], offset: ?>>
        %s = arith.addi %acc, %x : i32
        memref.store %s, %out[%tx] : memref<8xi32, strided<[1], offset: ?>>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %c40 = arith.constant 40 : index
    %inside = arith.constant 0 : index
    %host = memref.alloc() : memref<40xi32>
    scf.for %i = %c0 to %c40 step %c1 {
      %r = arith.divui %i, %c8 : index
      %c = arith.remui %i, %c8 : index
      %s = arith.addi %r, %c : index
      %v = arith.index_cast %s : index to i32
      memref.store %v, %host[%i] : memref<40xi32>
    }
    %dev = gpu.alloc () : memref<40xi32>
    gpu.memcpy %dev, %host : memref<40xi32>, memref<40xi32>
    %in = memref.subview %dev[%c0] [32] [1] : memref<40xi32> to memref<32xi32, strided<[1], offset: ?>>
    // The output: the last 8 elements of the allocation, or with %inside,
    // row 3 of the input.
    %aliased = arith.cmpi ne, %inside, %c0 : index
    %start = arith.select %aliased, %c24, %c32 : index
    %out = memref.subview %dev[%start] [8] [1] : memref<40xi32> to memref<8xi32, strided<[1], offset: ?>>
    gpu.launch_func @kernels::@colsum blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%in : memref<32xi32, strided<[1], offset: ?>>,
             %out : memref<8xi32, strided<[1], offset: ?>>)
    %hout = memref.alloc() : memref<8xi32>
    gpu.memcpy %hout, %out : memref<8xi32>, memref<8xi32, strided<[1], offset: ?>>
    %u = memref.cast %hout : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
