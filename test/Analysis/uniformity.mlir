// RUN: wc-opt %s --wc-test-uniformity -verify-diagnostics -o /dev/null

gpu.module @m {
  gpu.func @k(%buf: memref<64xi32>, %n: index) kernel {
    // expected-remark @+1 {{uniform}}
    %c0 = arith.constant 0 : index
    // expected-remark @+1 {{uniform}}
    %c1 = arith.constant 1 : index
    // expected-remark @+1 {{uniform}}
    %b = gpu.block_id x
    // expected-remark @+1 {{uniform}}
    %d = gpu.block_dim x
    // expected-remark @+1 {{uniform}}
    %base = arith.muli %b, %d : index
    // expected-remark @+1 {{varying}}
    %t = gpu.thread_id x
    // expected-remark @+1 {{varying}}
    %i = arith.addi %base, %t : index
    // A load may see another thread's write: varying.
    // expected-remark @+1 {{varying}}
    %x = memref.load %buf[%c0] : memref<64xi32>
    // Uniform bounds, uniform loop-carried value.
    // expected-remark @+1 {{uniform, varying}}
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%u = %c0, %v = %c0) -> (index, index) {
      // expected-remark @+1 {{uniform}}
      %u2 = arith.addi %u, %k : index
      // expected-remark @+1 {{varying}}
      %v2 = arith.addi %v, %t : index
      scf.yield %u2, %v2 : index, index
    }
    // A uniform condition: results as uniform as the yields.
    // expected-remark @+1 {{uniform}}
    %cond = arith.cmpi ult, %b, %n : index
    // expected-remark @+1 {{uniform}}
    %sel = scf.if %cond -> (index) {
      scf.yield %b : index
    } else {
      scf.yield %c1 : index
    }
    // A thread-dependent condition: everything it yields is varying, and a
    // barrier inside it is under divergent control.
    // expected-remark @+1 {{varying}}
    %low = arith.cmpi ult, %t, %c1 : index
    // expected-remark @+1 {{varying}}
    %div = scf.if %low -> (index) {
      // expected-remark @+1 {{barrier under thread-dependent control flow}}
      gpu.barrier
      scf.yield %b : index
    } else {
      scf.yield %b : index
    }
    gpu.barrier
    gpu.return
  }
}
