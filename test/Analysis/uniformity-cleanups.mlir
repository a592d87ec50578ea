// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion \
// RUN:   --wc-test-uniformity -o /dev/null 2>&1 | FileCheck %s
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion \
// RUN:   --wc-test-uniformity -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE

// The uniformity analysis on the IR the usual clean-ups leave: loop-invariant
// code motion hoists a uniform loop bound and a thread-dependent guard out
// of the loop that uses them; the analysis follows the values to where they
// are now (the guard keeps the barrier under it divergent, the hoisted bound
// keeps the inner loop's barrier uniform).
gpu.module @m {
  gpu.func @k(%buf: memref<64xi32>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = gpu.thread_id x
    %b = gpu.block_id x
    scf.for %i = %c0 to %n step %c1 {
      // CHECK-DAG: uniformity-cleanups.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: uniform
      %lim = arith.addi %b, %n : index
      // CHECK-DAG: uniformity-cleanups.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: varying
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        // CHECK-DAG: uniformity-cleanups.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: barrier under thread-dependent control flow
        gpu.barrier
      }
      scf.for %j = %c0 to %lim step %c1 {
        // Only the guarded barrier is divergent.
        // ONE-COUNT-1: remark: barrier under thread-dependent control flow
        // ONE-NOT: remark: barrier under
        gpu.barrier
      }
      // CHECK-DAG: uniformity-cleanups.mlir:[[@LINE+1]]:{{[0-9]+}}: remark: uniform
      %bi = arith.index_cast %b : index to i32
      memref.store %bi, %buf[%i] : memref<64xi32>
    }
    gpu.return
  }
}
