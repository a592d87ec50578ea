// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir %lowered | FileCheck %s
// On a GPU, printed buffers that depend on the order of the warps
// (utils/compare-gpu-outputs.py):
// GPU-ORDER: buffer 2 any: which agent ran the sampled jobs: agents sharing a ticket counter take its chunks in the order they draw

// A dynamic job loop whose counter memref holds several ticket counters:
// memref<65xi32> holds ceil(65 / 32) = 3, at elements 0, 32 and 64. 1000
// jobs over 4 agents (2 hyper-CTAs of 2 warps): chunks of 31 jobs, span
// 124, 9 rounds, the first S = max(9 - 8, 6) = 6 the agents' own; the
// ticketed chunks are 24..31 (rounds 6 and 7, 31 jobs each) and 32..39
// (the last round, jobs 992..999, one job each): N = 40 chunks with a job.
// With K = min(3, 4) = 3 counters, agent a draws from counter a mod 3,
// whose ticket t names chunk 24 + (a mod 3) + 3 t: counter 0 (agents 0
// and 3) chunks 24, 27, ..., 39; counter 1 (agent 1) 25, 28, ..., 37;
// counter 2 (agent 2) 26, 29, ..., 38. A counter's last ticket is its
// chunks plus one per agent, minus one: 6 + 2 - 1 = 7, 5 + 1 - 1 = 5 and
// 5 + 1 - 1 = 5; its drawer resets the counter, so all three are zero
// after each of the 2 launches. A launch of 2 agents uses K = min(3, 2) =
// 2 counters (counter 2 stays untouched).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @jobs(%count: memref<1000xi32>, %by: memref<1000xi32>, %counter: memref<65xi32>) kernel {
      %b = gpu.block_id x
      %w = gpu.subgroup_id : index
      %wpb = gpu.num_subgroups : index
      %nb = gpu.grid_dim x
      %a0 = arith.muli %b, %wpb : index
      %agent = arith.addi %a0, %w : index
      %agents = arith.muli %nb, %wpb : index
      %c1000 = arith.constant 1000 : index
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %lane = gpu.lane_id
      %leader = arith.cmpi eq, %lane, %c0 : index
      %agent32 = arith.index_cast %agent : index to i32
      wc.job_loop (%x, %y, %z) in (%c1000, %c1, %c1) agent %agent of %agents schedule dynamic order x_major counter %counter : memref<65xi32> {
        scf.if %leader {
          %old = memref.load %count[%x] : memref<1000xi32>
          %new = arith.addi %old, %one : i32
          memref.store %new, %count[%x] : memref<1000xi32>
          memref.store %agent32, %by[%x] : memref<1000xi32>
        }
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  // Prints the fewest and most runs of a job, the agents that ran jobs
  // 747, 868, 869, 870, 871, 992, 993, 994, 995 and 999, and the three
  // counters.
  func.func @report(%count: memref<1000xi32>, %by: memref<1000xi32>, %ctr: memref<65xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1000 = arith.constant 1000 : index
    %zero = arith.constant 0 : i32
    %big = arith.constant 1000000 : i32
    %hcount = memref.alloc() : memref<1000xi32>
    %hby = memref.alloc() : memref<1000xi32>
    %hc = memref.alloc() : memref<65xi32>
    gpu.memcpy %hcount, %count : memref<1000xi32>, memref<1000xi32>
    gpu.memcpy %hby, %by : memref<1000xi32>, memref<1000xi32>
    gpu.memcpy %hc, %ctr : memref<65xi32>, memref<65xi32>
    %range:2 = scf.for %j = %c0 to %c1000 step %c1 iter_args(%lo = %big, %hi = %zero) -> (i32, i32) {
      %v = memref.load %hcount[%j] : memref<1000xi32>
      %l = arith.minsi %lo, %v : i32
      %h = arith.maxsi %hi, %v : i32
      scf.yield %l, %h : i32, i32
    }
    %runs = memref.alloc() : memref<2xi32>
    memref.store %range#0, %runs[%c0] : memref<2xi32>
    memref.store %range#1, %runs[%c1] : memref<2xi32>
    %r = memref.cast %runs : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%r) : (memref<*xi32>) -> ()
    %picks = memref.alloc() : memref<10xi32>
    %positions = arith.constant dense<[747, 868, 869, 870, 871, 992, 993, 994, 995, 999]> : vector<10xindex>
    %c10 = arith.constant 10 : index
    scf.for %p = %c0 to %c10 step %c1 {
      %at = vector.extract %positions[%p] : index from vector<10xindex>
      %v = memref.load %hby[%at] : memref<1000xi32>
      memref.store %v, %picks[%p] : memref<10xi32>
    }
    %s = memref.cast %picks : memref<10xi32> to memref<*xi32>
    call @printMemrefI32(%s) : (memref<*xi32>) -> ()
    %counters = memref.alloc() : memref<3xi32>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    scf.for %k = %c0 to %c3 step %c1 {
      %at = arith.muli %k, %c32 : index
      %v = memref.load %hc[%at] : memref<65xi32>
      memref.store %v, %counters[%k] : memref<3xi32>
    }
    %u = memref.cast %counters : memref<3xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0 : i32
    %minus = arith.constant -1 : i32
    %count = gpu.alloc () : memref<1000xi32>
    %by = gpu.alloc () : memref<1000xi32>
    %ctr = gpu.alloc () : memref<65xi32>
    gpu.memset %ctr, %zero : memref<65xi32>, i32
    %grids = arith.constant dense<[2, 1]> : vector<2xindex>
    scf.for %t = %c0 to %c2 step %c1 {
      %blocks = vector.extract %grids[%t] : index from vector<2xindex>
      gpu.memset %count, %zero : memref<1000xi32>, i32
      gpu.memset %by, %minus : memref<1000xi32>, i32
      scf.for %i = %c0 to %c2 step %c1 {
        gpu.launch_func @kernels::@jobs blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
            args(%count : memref<1000xi32>, %by : memref<1000xi32>, %ctr : memref<65xi32>)
      }
      func.call @report(%count, %by, %ctr) : (memref<1000xi32>, memref<1000xi32>, memref<65xi32>) -> ()
    }
    return
  }
}

// 4 agents: every job ran exactly twice (once per launch). Job 747
// (round 6, 744 + 3) is in chunk 27, 868 in 28, 869 in 29, 870 in 30, 871
// in 31, and jobs 992..999 are chunks 32..39: counter 0's chunks (of those,
// 27, 30, 33, 39: jobs 747, 870, 993, 999) went to agent 0, which the simulator
// runs to its end first, counter 1's (28, 31, 34: 868, 871, 994) to agent
// 1, counter 2's (29, 32, 35: 869, 992, 995) to agent 2; every counter is
// back to zero.
// CHECK: sizes = [2]
// CHECK-NEXT: [2,  2]
// CHECK: sizes = [10]
// CHECK-NEXT: [0,  1,  2,  0,  1,  2,  0,  1,  2,  0]
// CHECK: sizes = [3]
// CHECK-NEXT: [0,  0,  0]
// 2 agents (chunks of 62 jobs, span 124, 6 own rounds; the ticketed
// chunks 12..15, jobs 744 + 2k, 745 + 2k, 868 + 2k and 869 + 2k, and
// 16..23, jobs 992..999 one each): counter 0 gives agent 0 the even
// chunks 12..22 (jobs 868, 870, ..., 992, 994, 996, 998), counter 1 gives
// agent 1 the odd ones (747, 869, 871, ..., 993, 995, 997, 999). Every
// job ran twice, and the counters are zero.
// CHECK: sizes = [2]
// CHECK-NEXT: [2,  2]
// CHECK: sizes = [10]
// CHECK-NEXT: [1,  0,  1,  0,  1,  0,  1,  0,  1,  1]
// CHECK: sizes = [3]
// CHECK-NEXT: [0,  0,  0]
