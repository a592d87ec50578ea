// RUN: wc-opt %s --wc-consolidate -verify-diagnostics | FileCheck %s

// The cost model and loops of data-dependent trip count, in kernels
// without barriers or workgroup memory: a loop over a range read from
// memory per thread (a CSR row) is made collaborative (wc-collaborate); a
// loop whose trip count comes from the thread id alone (a triangle) is not,
// the kernel is resized into one-warp blocks as before. Run before and
// after on wc-sim in test/Integration/collaborate_spmv.mlir.

// CHECK-LABEL: gpu.func @rows
// CHECK: wc.vote ballot
// CHECK: wc.segmented_reduce add
// CHECK-LABEL: gpu.func @triangle
// CHECK-NOT: wc.vote
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+2 {{wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 512 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 1 reduction)}}
    // expected-remark @+1 {{wc-consolidate: collaborate: its jobs may differ in length ('scf.for' with a trip count that depends on the block or on data), a range read from memory per thread, which the warps share}}
    gpu.func @rows(%rowptr: memref<?xindex>, %vals: memref<?xi32>,
                   %y: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %row = gpu.global_id x
      %lo = memref.load %rowptr[%row] : memref<?xindex>
      %next = arith.addi %row, %c1 : index
      %hi = memref.load %rowptr[%next] : memref<?xindex>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %vals[%k] : memref<?xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }

    // expected-remark @+2 {{wc-consolidate: aggregate (one-warp blocks) without delegation}}
    // expected-remark @+1 {{wc-aggregate: resized 64-thread blocks into 2 one-warp blocks each}}
    gpu.func @triangle(%vals: memref<?xi32>, %y: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %row = gpu.global_id x
      %s = scf.for %k = %c0 to %row step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %vals[%k] : memref<?xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
}
