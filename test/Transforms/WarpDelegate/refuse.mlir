// RUN: wc-opt %s -split-input-file --wc-delegate -verify-diagnostics | FileCheck %s

// Every refused kernel, and its launches, is left exactly as it was: the
// output with wc-delegate is the output without it, up to @twice (the last
// split, which is delegated).
// RUN: wc-opt %s -split-input-file 2>/dev/null | sed '/gpu.module @twice/,$d' > %t.before
// RUN: wc-opt %s -split-input-file --wc-delegate 2>/dev/null | sed '/gpu.module @twice/,$d' > %t.after
// RUN: diff %t.before %t.after
// RUN: FileCheck %s --check-prefix=SAME < %t.after

// SAME: gpu.module @wide
// SAME: gpu.module @barrier
// SAME: gpu.module @block_collectives
// SAME: gpu.module @call
// SAME: gpu.module @delegated
// SAME: gpu.module @copy
// SAME: gpu.module @dynamic_smem
// SAME: gpu.module @branches
// SAME: gpu.module @too_big
// SAME: gpu.module @sreg
// SAME: gpu.module @view
// SAME: gpu.module @cluster
// SAME: gpu.module @unknown
// SAME: gpu.module @disagree
// SAME: gpu.module @no_launch
// SAME: gpu.module @library
// SAME-NOT: gpu.module @twice

// The pass run twice after wc-aggregate: the second run leaves everything
// as the first made it, refusing the delegated kernel for its job loop
// (with 4-warp or one-warp hyper-CTAs).
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-delegate 2>/dev/null > %t.once
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-delegate --wc-delegate -mlir-print-op-on-diagnostic=false 2>%t.twice.err > %t.twice
// RUN: diff %t.once %t.twice
// RUN: FileCheck %s --check-prefix=TWICE < %t.twice.err
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-delegate=warps=1 2>/dev/null > %t.once1
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-delegate=warps=1 --wc-delegate -mlir-print-op-on-diagnostic=false 2>%t.twice1.err > %t.twice1
// RUN: diff %t.once1 %t.twice1
// RUN: FileCheck %s --check-prefix=TWICE1 < %t.twice1.err

// Bad options fail the pass with an error.
// RUN: not wc-opt %s -split-input-file --wc-delegate=schedule=foo -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=SCHEDULE
// RUN: not wc-opt %s -split-input-file --wc-delegate=order=z-major -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=ORDER
// RUN: not wc-opt %s -split-input-file --wc-delegate=warps=64 -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=WARPS
// RUN: not wc-opt %s -split-input-file --wc-delegate=chip=sm_100 -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=CHIP
// SCHEDULE: error: wc-delegate: unknown schedule 'foo' (static or dynamic)
// ORDER: error: wc-delegate: unknown order 'z-major' (x-major or y-major)
// CHIP: error: wc-delegate: unknown chip 'sm_100' (known: sm_90, sm_90a, sm_89, sm_86, sm_80, sm_75, sm_70)
// 64 warps are 2048 threads, over the 1024 of a block.
// WARPS: error: wc-delegate: 64 warps per hyper-CTA do not fit a block of sm_90
// RUN: not wc-opt %s -split-input-file --wc-delegate=throttle=-5 -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: wc-delegate: option throttle=-5 is out of range: it must be in [0, 2147483647]
// RUN: not wc-opt %s -split-input-file --wc-delegate=agents=4294967296 -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=AGENTS
// AGENTS: error: wc-delegate: option agents=4294967296 is out of range: it must be in [0, 2147483647]
// RUN: not wc-opt %s -split-input-file --wc-delegate=agents-per-sm=65 -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=PERSM
// PERSM: error: wc-delegate: agents-per-sm 65 exceeds the 64 warp slots of an SM of sm_90

// Blocks of 64 threads: wc-delegate needs one-warp blocks (wc-aggregate
// makes them). The launch keeps its 64-thread blocks and its grid.
// CHECK-LABEL: gpu.module @wide
// CHECK: gpu.func @wide(%{{.*}}: memref<?xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
// CHECK-NOT: wc.job_loop
// CHECK-LABEL: func.func @wide_host(
// CHECK: gpu.launch_func @wide::@wide blocks in (%arg1, %c1, %c1) threads in (%c64, %c1, %c1) args(%arg0 : memref<?xi32>)
// CHECK-NEXT: return
module attributes {gpu.container_module} {
  gpu.module @wide {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: its blocks of 64 x 1 x 1 threads are not single warps (run wc-aggregate first)}}
    gpu.func @wide(%out: memref<?xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @wide_host(%out: memref<?xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @wide::@wide blocks in (%n, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<?xi32>)
    return
  }
}

// -----

// A block barrier in a one-warp kernel: in a hyper-CTA it would wait for
// the other agents. (wc-aggregate would make it a warp sync.)
// CHECK-LABEL: gpu.module @barrier
// CHECK: gpu.barrier
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @barrier {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: it uses 'gpu.barrier', a block barrier, which would join the agents of a hyper-CTA}}
    gpu.func @barrier(%in: memref<?xi32>, %out: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c31 = arith.constant 31 : index
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xi32>
      memref.store %x, %out[%t] : memref<?xi32>
      gpu.barrier
      %m = arith.subi %c31, %t : index
      %y = memref.load %out[%m] : memref<?xi32>
      memref.store %y, %in[%t] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// Block-wide collectives and named barriers of one-warp blocks: in a
// hyper-CTA they would combine (or wait for) the jobs of the other agents.
// Found by utils/wc-fuzz.py: a delegated 32-thread block's gpu.all_reduce
// reduced over four agents' jobs, and deadlocked once an agent ran out of
// jobs.
// CHECK-LABEL: gpu.module @block_collectives
// CHECK: gpu.all_reduce
// CHECK: wc.named_barrier_sync 1
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @block_collectives {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: it uses 'gpu.all_reduce', a block-wide reduction, which would combine the jobs of the agents of a hyper-CTA}}
    gpu.func @reduce(%in: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xi32>
      %s = gpu.all_reduce add %x uniform {} : (i32) -> (i32)
      memref.store %s, %in[%t] : memref<?xi32>
      gpu.return
    }
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: it uses 'wc.named_barrier_sync', a block barrier, which would join the agents of a hyper-CTA}}
    gpu.func @named(%in: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xi32>
      wc.named_barrier_sync 1
      memref.store %x, %in[%t] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// A call: the callee could read ids the pass cannot see.
// CHECK-LABEL: gpu.module @call
// CHECK: func.call @double
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @call {
    func.func @double(%x: i32) -> i32 {
      %y = arith.addi %x, %x : i32
      return %y : i32
    }
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: it uses 'func.call', whose meaning delegation would change}}
    gpu.func @call(%out: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      %w = func.call @double(%v) : (i32) -> i32
      memref.store %w, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// A kernel already delegated (here with one-warp hyper-CTAs, so that its
// block size does not refuse it first): its job loop is left alone.
// CHECK-LABEL: gpu.module @delegated
// CHECK: gpu.func @delegated(%{{.*}}: memref<?xi32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index) kernel
// CHECK-COUNT-1: wc.job_loop
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @delegated {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: it is already delegated (it has a 'wc.job_loop')}}
    gpu.func @delegated(%out: memref<?xi32>, %gx: index, %gy: index, %gz: index) kernel attributes {known_block_size = array<i32: 32, 1, 1>, nvvm.minctasm = 32 : i32} {
      %c32 = arith.constant 32 : index
      %tid = gpu.thread_id x
      %lane = arith.remui %tid, %c32 : index
      %bid = gpu.block_id x
      %grid = gpu.grid_dim x
      wc.job_loop (%jx, %jy, %jz) in (%gx, %gy, %gz) agent %bid of %grid schedule static order x_major {
        %base = arith.muli %jx, %c32 : index
        %i = arith.addi %base, %lane : index
        %v = arith.index_cast %i : index to i32
        memref.store %v, %out[%i] : memref<?xi32>
      }
      gpu.return
    }
  }
}

// -----

// A workgroup buffer written by memref.copy: only loads and stores can be
// redirected to an agent's slice.
// CHECK-LABEL: gpu.module @copy
// CHECK: workgroup(%[[BUF:.*]] : memref<32xi32, #gpu.address_space<workgroup>>)
// CHECK: memref.copy %{{.*}}, %[[BUF]]
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @copy {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: workgroup buffer used by 'memref.copy' (only loads, stores, atomics and asynchronous copies can be given a slice per agent)}}
    gpu.func @copy(%in: memref<32xi32>, %out: memref<?xi32>) workgroup(%buf: memref<32xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c31 = arith.constant 31 : index
      %t = gpu.thread_id x
      memref.copy %in, %buf : memref<32xi32> to memref<32xi32, #gpu.address_space<workgroup>>
      %m = arith.subi %c31, %t : index
      %y = memref.load %buf[%m] : memref<32xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// A launch with dynamic shared memory: the pass cannot give each agent a
// slice of it. The launch keeps its configuration.
// CHECK-LABEL: gpu.module @dynamic_smem
// CHECK-NOT: wc.job_loop
// CHECK: gpu.launch_func @dynamic_smem::@dynamic_smem blocks in (%arg1, %c1, %c1) threads in (%c32, %c1, %c1) dynamic_shared_memory_size %{{.*}} args(%arg0 : memref<?xi32>)
module attributes {gpu.container_module} {
  gpu.module @dynamic_smem {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: a launch uses dynamic shared memory}}
    gpu.func @dynamic_smem(%out: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @dynamic_smem_host(%out: memref<?xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %bytes = arith.constant 128 : i32
    gpu.launch_func @dynamic_smem::@dynamic_smem blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1) dynamic_shared_memory_size %bytes args(%out : memref<?xi32>)
    return
  }
}

// -----

// A body of several blocks: a job loop has a single-block body.
// CHECK-LABEL: gpu.module @branches
// CHECK: cf.cond_br
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @branches {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: its body has several blocks (unstructured control flow)}}
    gpu.func @branches(%out: memref<?xi32>, %flag: i1) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      cf.cond_br %flag, ^yes, ^no
    ^yes:
      memref.store %c1, %out[%t] : memref<?xi32>
      gpu.return
    ^no:
      memref.store %c0, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// 16 KiB of workgroup memory per one-warp block: 4 agents would need 64 KiB
// of static shared memory, more than the 48 KiB a block can declare.
// CHECK-LABEL: gpu.module @too_big
// CHECK: workgroup(%{{.*}} : memref<4096xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @too_big {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: its workgroup memory for 4 agents (65536 bytes) exceeds the static shared memory of a block (49152 bytes)}}
    gpu.func @too_big(%in: memref<?xf32>, %out: memref<?xf32>) workgroup(%buf: memref<4096xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c4095 = arith.constant 4095 : index
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xf32>
      memref.store %x, %buf[%t] : memref<4096xf32, #gpu.address_space<workgroup>>
      %m = arith.subi %c4095, %t : index
      %y = memref.load %buf[%m] : memref<4096xf32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%t] : memref<?xf32>
      gpu.return
    }
  }
  func.func @too_big_host(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @too_big::@too_big blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1) args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}

// -----

// NVVM special registers (here the block id): the pass rewrites only the
// gpu dialect's ids.
// CHECK-LABEL: gpu.module @sreg
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @sreg {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: it uses 'nvvm.read.ptx.sreg.ctaid.x', whose meaning delegation would change}}
    gpu.func @sreg(%out: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c = nvvm.read.ptx.sreg.ctaid.x : i32
      memref.store %c, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// A view of a workgroup buffer: only the buffer itself can be multiplexed.
// CHECK-LABEL: gpu.module @view
// CHECK: memref.subview
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @view {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: it uses 'memref.subview', a workgroup buffer the pass cannot give each agent a slice of}}
    gpu.func @view(%out: memref<?xi32>) workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      %half = memref.subview %buf[32] [32] [1] : memref<64xi32, #gpu.address_space<workgroup>> to memref<32xi32, strided<[1], offset: 32>, #gpu.address_space<workgroup>>
      memref.store %v, %half[%t] : memref<32xi32, strided<[1], offset: 32>, #gpu.address_space<workgroup>>
      %y = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// A launch with thread-block clusters.
// CHECK-LABEL: gpu.module @cluster
// CHECK-NOT: wc.job_loop
// CHECK: gpu.launch_func @cluster::@cluster clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
module attributes {gpu.container_module} {
  gpu.module @cluster {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: a launch uses thread-block clusters}}
    gpu.func @cluster(%out: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @cluster_host(%out: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @cluster::@cluster clusters in (%c2, %c1, %c1) blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1) args(%out : memref<?xi32>)
    return
  }
}

// -----

// No known_block_size and a launch whose block size is a run-time value.
// CHECK-LABEL: gpu.module @unknown
// CHECK-NOT: wc.job_loop
// CHECK: gpu.launch_func @unknown::@unknown blocks in (%c1, %c1, %c1) threads in (%arg1, %c1, %c1)
module attributes {gpu.container_module} {
  gpu.module @unknown {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: the block size is not known: no known_block_size attribute and a launch with a non-constant block size}}
    gpu.func @unknown(%out: memref<?xi32>) kernel {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @unknown_host(%out: memref<?xi32>, %threads: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @unknown::@unknown blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%out : memref<?xi32>)
    return
  }
}

// -----

// Launch sites with different block sizes (one warp and two).
// CHECK-LABEL: gpu.module @disagree
// CHECK-NOT: wc.job_loop
// CHECK: threads in (%c32, %c1, %c1)
// CHECK: threads in (%c64, %c1, %c1)
module attributes {gpu.container_module} {
  gpu.module @disagree {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: launch sites disagree on the block size}}
    gpu.func @disagree(%out: memref<?xi32>) kernel {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @disagree_host(%out: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @disagree::@disagree blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%out : memref<?xi32>)
    gpu.launch_func @disagree::@disagree blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<?xi32>)
    return
  }
}

// -----

// No known_block_size and no launch in the module.
// CHECK-LABEL: gpu.module @no_launch
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @no_launch {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: the block size is not known: no known_block_size attribute and no launch in the module}}
    gpu.func @no_launch(%out: memref<?xi32>) kernel {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// One-warp blocks but no launch in the module: the kernel's new arguments
// would have nobody to pass them.
// CHECK-LABEL: gpu.module @library
// CHECK: gpu.func @library(%{{.*}}: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @library {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: no launch in the module: delegation adds kernel arguments that every launch must pass}}
    gpu.func @library(%out: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// Last: a kernel that wc-delegate does delegate, for the runs of the pass
// twice (at the top). The diff of the refused kernels stops before it.
// CHECK-LABEL: gpu.module @twice
// CHECK: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @twice {
    // expected-remark @+7 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, static schedule, x-major}}
    // TWICE: refuse.mlir:[[@LINE+6]]:5: remark: wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, static schedule, x-major
    // TWICE-NEXT: {{^}}    gpu.func @twice(
    // TWICE-NEXT: {{^}}    ^
    // TWICE-NEXT: refuse.mlir:[[@LINE+3]]:5: remark: wc-delegate: kernel left unchanged: it is already delegated (it has a 'wc.job_loop')
    // TWICE1: refuse.mlir:[[@LINE+2]]:5: remark: wc-delegate: persistent agents: hyper-CTAs of 1 warp, 32 per SM, at most 4224 agents, static schedule, x-major
    // TWICE1: refuse.mlir:[[@LINE+1]]:5: remark: wc-delegate: kernel left unchanged: it is already delegated (it has a 'wc.job_loop')
    gpu.func @twice(%in: memref<?xf32>, %out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c32 : index
      %i = arith.addi %base, %t : index
      %x = memref.load %in[%i] : memref<?xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %out[%i] : memref<?xf32>
      gpu.return
    }
  }
  func.func @twice_host(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @twice::@twice blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1) args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}
