// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %lowered --resident-blocks=2 --schedule-seed=3 | FileCheck %s --check-prefix=RESIDENT
// On a GPU, printed buffers that depend on the order of the warps
// (utils/compare-gpu-outputs.py):
// GPU-ORDER: buffer 2 any: which agent ran the sampled jobs: the ticketed chunks go to whichever agent draws first
// GPU-ORDER: buffer 7 any: the same, for the second launch
// GPU-ORDER: buffer 10 any: the same, for the third

// The dynamic schedule takes jobs in chunks of max(1, jobs / (8 x agents)):
// 1000 jobs over 4 agents (2 hyper-CTAs of 2 warps) give chunks of 31
// jobs, 4 apart: chunk q holds jobs (q mod 4) + 124 (q div 4) + 4k, k < 31.
// The jobs make 9 rounds of 124; the agents run S = max(9 - 8, 6) = 6 of
// them as their own, the last 3 are taken by ticket: agent a first runs
// its own chunks a, a + 4, ..., a + 20 (jobs a, a + 4, ..., as the static
// schedule's first 6 x 31 rounds would); ticket t names chunk 24 + t,
// taken when the agent starts its last own chunk or the ticket's chunk
// before. Chunks 24..31 hold rounds 6 and 7, 31 jobs each; the last round,
// jobs 992..999, comes in chunks of one job: chunk 32 + i is job 992 + i,
// up to chunk 39. Every job runs exactly once per launch
// (each of 2 launches adds 1 to its cell) and the counter is back to zero
// after each (the second launch's tickets start at 0 again, or it would
// skip chunks).
// Each job also records the ticket counter it sees: on the simulator,
// which runs one agent until it finds no job, that is the counter after
// the agent took the ticket of its next chunk, so the chunks show, as the
// op defines and as the NVVM lowering (%lowered) implements them.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @jobs(%count: memref<1000xi32>, %seen: memref<1000xi32>, %counter: memref<1xi32>) kernel {
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
      wc.job_loop (%x, %y, %z) in (%c1000, %c1, %c1) agent %agent of %agents schedule dynamic order x_major counter %counter : memref<1xi32> {
        scf.if %leader {
          %old = memref.load %count[%x] : memref<1000xi32>
          %new = arith.addi %old, %one : i32
          memref.store %new, %count[%x] : memref<1000xi32>
          %ticket = memref.load %counter[%c0] : memref<1xi32>
          memref.store %ticket, %seen[%x] : memref<1000xi32>
        }
      }
      gpu.return
    }
    // 20 jobs over the same 4 agents: chunks of 1 job in 5 rounds, all of
    // them the agents' own (a grid of at most 6 rounds).
    gpu.func @few(%seen: memref<20xi32>, %counter: memref<1xi32>) kernel {
      %b = gpu.block_id x
      %w = gpu.subgroup_id : index
      %wpb = gpu.num_subgroups : index
      %nb = gpu.grid_dim x
      %a0 = arith.muli %b, %wpb : index
      %agent = arith.addi %a0, %w : index
      %agents = arith.muli %nb, %wpb : index
      %c20 = arith.constant 20 : index
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %lane = gpu.lane_id
      %leader = arith.cmpi eq, %lane, %c0 : index
      wc.job_loop (%x, %y, %z) in (%c20, %c1, %c1) agent %agent of %agents schedule dynamic order x_major counter %counter : memref<1xi32> {
        scf.if %leader {
          %ticket = memref.load %counter[%c0] : memref<1xi32>
          memref.store %ticket, %seen[%x] : memref<20xi32>
        }
      }
      gpu.return
    }
    // %n jobs over the same 4 agents, in chunks of 1 job (n < 32); each job
    // records the agent that ran it.
    gpu.func @ones(%count: memref<41xi32>, %by: memref<41xi32>, %counter: memref<1xi32>, %n: index) kernel {
      %b = gpu.block_id x
      %w = gpu.subgroup_id : index
      %wpb = gpu.num_subgroups : index
      %nb = gpu.grid_dim x
      %a0 = arith.muli %b, %wpb : index
      %agent = arith.addi %a0, %w : index
      %agents = arith.muli %nb, %wpb : index
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %lane = gpu.lane_id
      %leader = arith.cmpi eq, %lane, %c0 : index
      %agent32 = arith.index_cast %agent : index to i32
      wc.job_loop (%x, %y, %z) in (%n, %c1, %c1) agent %agent of %agents schedule dynamic order x_major counter %counter : memref<1xi32> {
        scf.if %leader {
          %old = memref.load %count[%x] : memref<41xi32>
          %new = arith.addi %old, %one : i32
          memref.store %new, %count[%x] : memref<41xi32>
          memref.store %agent32, %by[%x] : memref<41xi32>
        }
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0 : i32
    %hcount = memref.alloc() : memref<1000xi32>
    %hseen = memref.alloc() : memref<1000xi32>
    %hc = memref.alloc() : memref<1xi32>
    %count = gpu.alloc () : memref<1000xi32>
    %seen = gpu.alloc () : memref<1000xi32>
    %ctr = gpu.alloc () : memref<1xi32>
    gpu.memset %count, %zero : memref<1000xi32>, i32
    gpu.memset %ctr, %zero : memref<1xi32>, i32
    scf.for %i = %c0 to %c2 step %c1 {
      gpu.launch_func @kernels::@jobs blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
          args(%count : memref<1000xi32>, %seen : memref<1000xi32>, %ctr : memref<1xi32>)
    }
    gpu.memcpy %hcount, %count : memref<1000xi32>, memref<1000xi32>
    gpu.memcpy %hseen, %seen : memref<1000xi32>, memref<1000xi32>
    gpu.memcpy %hc, %ctr : memref<1xi32>, memref<1xi32>

    // Fewest and most runs of a job, over all jobs.
    %big = arith.constant 1000000 : i32
    %range:2 = scf.for %j = %c0 to %c64 step %c1 iter_args(%lo = %big, %hi = %zero) -> (i32, i32) {
      %c1000 = arith.constant 1000 : index
      %lo2, %hi2 = scf.for %k = %j to %c1000 step %c64 iter_args(%l = %lo, %h = %hi) -> (i32, i32) {
        %v = memref.load %hcount[%k] : memref<1000xi32>
        %l2 = arith.minsi %l, %v : i32
        %h2 = arith.maxsi %h, %v : i32
        scf.yield %l2, %h2 : i32, i32
      }
      scf.yield %lo2, %hi2 : i32, i32
    }
    %runs = memref.alloc() : memref<2xi32>
    memref.store %range#0, %runs[%c0] : memref<2xi32>
    memref.store %range#1, %runs[%c1] : memref<2xi32>
    %r = memref.cast %runs : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%r) : (memref<*xi32>) -> ()

    // The counter seen by jobs 0, 4, 1, 124, 125, 992, 996 and 999.
    %picks = memref.alloc() : memref<8xi32>
    %positions = arith.constant dense<[0, 4, 1, 124, 125, 992, 996, 999]> : vector<8xindex>
    %c8 = arith.constant 8 : index
    scf.for %p = %c0 to %c8 step %c1 {
      %at = vector.extract %positions[%p] : index from vector<8xindex>
      %v = memref.load %hseen[%at] : memref<1000xi32>
      memref.store %v, %picks[%p] : memref<8xi32>
    }
    %s = memref.cast %picks : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%s) : (memref<*xi32>) -> ()
    %uc = memref.cast %hc : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()

    %fseen = gpu.alloc () : memref<20xi32>
    %c20 = arith.constant 20 : index
    %minus = arith.constant -1 : i32
    gpu.memset %fseen, %minus : memref<20xi32>, i32
    gpu.launch_func @kernels::@few blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%fseen : memref<20xi32>, %ctr : memref<1xi32>)
    %hf = memref.alloc() : memref<20xi32>
    gpu.memcpy %hf, %fseen : memref<20xi32>, memref<20xi32>
    %uf = memref.cast %hf : memref<20xi32> to memref<*xi32>
    call @printMemrefI32(%uf) : (memref<*xi32>) -> ()
    gpu.memcpy %hc, %ctr : memref<1xi32>, memref<1xi32>
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()

    %ocount = gpu.alloc () : memref<41xi32>
    %oby = gpu.alloc () : memref<41xi32>
    %hocount = memref.alloc() : memref<41xi32>
    %hoby = memref.alloc() : memref<41xi32>
    %uoc = memref.cast %hocount : memref<41xi32> to memref<*xi32>
    %uob = memref.cast %hoby : memref<41xi32> to memref<*xi32>
    %sizes = arith.constant dense<[41, 27]> : vector<2xindex>
    scf.for %t = %c0 to %c2 step %c1 {
      %n = vector.extract %sizes[%t] : index from vector<2xindex>
      gpu.memset %ocount, %zero : memref<41xi32>, i32
      gpu.memset %oby, %minus : memref<41xi32>, i32
      scf.for %i = %c0 to %c2 step %c1 {
        gpu.launch_func @kernels::@ones blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
            args(%ocount : memref<41xi32>, %oby : memref<41xi32>, %ctr : memref<1xi32>, %n : index)
      }
      gpu.memcpy %hocount, %ocount : memref<41xi32>, memref<41xi32>
      gpu.memcpy %hoby, %oby : memref<41xi32>, memref<41xi32>
      func.call @printMemrefI32(%uoc) : (memref<*xi32>) -> ()
      func.call @printMemrefI32(%uob) : (memref<*xi32>) -> ()
      gpu.memcpy %hc, %ctr : memref<1xi32>, memref<1xi32>
      func.call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    }
    return
  }
}

// Every job ran exactly twice (once per launch).
// CHECK: sizes = [2]
// CHECK-NEXT: [2,  2]
// Agent 0 runs first: its own chunks q = 0, 4, ..., 20 (jobs 0 and 4 in
// chunk 0, job 124 in chunk 4) saw the counter at 0; as it starts its last
// own chunk (q = 20) it takes ticket 0, which names chunk 24 + 0; chunk
// 24 + t then sees the counter at t + 2: chunk 32 (job 992) at 10, chunk
// 36 (job 996) at 14 and chunk 39 (job 999) at 17, when it takes ticket
// 16, a chunk past the jobs. Agents 1, 2 and 3 then run only their own
// chunks: jobs 1 and 125 (chunks 1 and 5) saw 17.
// CHECK: sizes = [8]
// CHECK-NEXT: [0,  0,  17,  0,  17,  10,  14,  17]
// Each agent draws tickets until one names a chunk past the jobs: agent 0
// drew tickets 0-16 (chunks 24-40), agents 1, 2 and 3 one each, 17-19
// (chunks 41-43), and agent 3, whose ticket named the last of those,
// (40 - 24) + 4 - 1, reset the counter.
// CHECK: sizes = [1]
// CHECK-NEXT: [0]
// 20 jobs: the agents run all 5 rounds as their own and take no ticket:
// every job ran (the cells were -1) and saw the counter at 0, and the
// counter is still 0.
// CHECK: sizes = [20]
// CHECK-NEXT: [0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
// CHECK: sizes = [1]
// CHECK-NEXT: [0]
// 41 jobs of 1-job chunks, run twice: every job twice. 11 rounds, the
// first 6 the agents' own (S = max(11 - 8, 6)): jobs 0-23, run by agent
// job mod 4; the chunks of rounds 6 to 10, jobs 24-40, went by ticket, all
// to agent 0, which the simulator runs to its end first. The drawer of the last ticket reset the counter.
// CHECK: sizes = [41]
// CHECK-NEXT: [2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2]
// CHECK: sizes = [41]
// CHECK-NEXT: [0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
// CHECK: sizes = [1]
// CHECK-NEXT: [0]
// 27 jobs: 7 rounds, the first 6 the agents' own (S = max(R - 8, 6)),
// jobs 24-26 by ticket; jobs 27-40 never ran.
// CHECK: sizes = [41]
// CHECK-NEXT: [2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
// CHECK: sizes = [41]
// CHECK-NEXT: [0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  0,  0,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1,  -1]
// CHECK: sizes = [1]
// CHECK-NEXT: [0]

// With the two blocks interleaved (wc-sim's resident blocks), the agents
// take tickets in another order and the chunks see other counter values,
// but every job still runs exactly once per launch, and the drawer of the
// last ticket resets the counter:
// RESIDENT: sizes = [2]
// RESIDENT-NEXT: [2,  2]
// RESIDENT: sizes = [1]
// RESIDENT-NEXT: [0]
// RESIDENT: sizes = [1]
// RESIDENT-NEXT: [0]
// RESIDENT: sizes = [41]
// RESIDENT-NEXT: [2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2]
// RESIDENT: sizes = [1]
// RESIDENT-NEXT: [0]
// RESIDENT: sizes = [41]
// RESIDENT-NEXT: [2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  2,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
// RESIDENT: sizes = [1]
// RESIDENT-NEXT: [0]
