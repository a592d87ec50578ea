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

// The wc structure ops are region branches (RegionBranchOpInterface): the
// dataflow framework follows values into and out of them. Code of a warp job
// between its phases keeps the uniformity of its operands; a phase's ids
// and its gathered results vary; a uniform loop inside a phase has a uniform
// induction variable; the ids of a job loop vary (the agents of a block run
// different jobs).
gpu.module @wc_structure {
  gpu.func @job(%buf: memref<64xi32>, %n: index) kernel {
    wc.warp_job block [64, 1, 1] virtual_threads 2 {
      // expected-remark @+1 {{uniform}}
      %c0 = arith.constant 0 : index
      // expected-remark @+1 {{uniform}}
      %c1 = arith.constant 1 : index
      // expected-remark @+1 {{varying}}
      %v = wc.vthreads (%vt, %tx, %ty, %tz) -> vector<2xindex> {
        // expected-remark @+1 {{varying}}
        %i = arith.addi %tx, %c0 : index
        // expected-remark @+1 {{uniform}}
        %s = scf.for %k = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
          // expected-remark @+1 {{uniform}}
          %a2 = arith.addi %a, %k : index
          scf.yield %a2 : index
        }
        // expected-remark @+1 {{varying}}
        %j = arith.addi %i, %s : index
        wc.yield %j : index
      }
      // expected-remark @+1 {{uniform}}
      %m = arith.muli %n, %c1 : index
      wc.vthreads (%vt, %tx, %ty, %tz) {
        // expected-remark @+1 {{varying}}
        %x = vector.extract %v[%vt] : index from vector<2xindex>
        // expected-remark @+1 {{varying}}
        %y = arith.index_cast %x : index to i32
        memref.store %y, %buf[%m] : memref<64xi32>
      }
    }
    gpu.return
  }

  gpu.func @agents(%buf: memref<64xi32>, %g: index) kernel {
    // expected-remark @+1 {{uniform}}
    %c0 = arith.constant 0 : index
    // expected-remark @+1 {{uniform}}
    %c1 = arith.constant 1 : index
    // expected-remark @+1 {{varying}}
    %a = gpu.thread_id x
    wc.job_loop (%bx, %by, %bz) in (%g, %c1, %c1) agent %a of %g
        schedule static order x_major {
      // expected-remark @+1 {{varying}}
      %y = arith.index_cast %bx : index to i32
      memref.store %y, %buf[%c0] : memref<64xi32>
    }
    gpu.return
  }
}
