// RUN: wc-opt %s -split-input-file --wc-consolidate -verify-diagnostics | FileCheck %s

// The cost model's decision for each kind of kernel, with its reason, and
// the stages it applied.

// A block reduction launched on more blocks than the resident agents:
// aggregated, remapped and delegated with the static schedule.
// CHECK-LABEL: gpu.module @many_jobs
// CHECK: gpu.func @sum(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index) kernel
// CHECK-NOT: workgroup
// CHECK: wc.job_loop {{.*}} schedule static order x_major {
// CHECK: wc.warp_job block [64, 1, 1] virtual_threads 2
// CHECK: wc.shuffle
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @many_jobs::@sum blocks in
module attributes {gpu.container_module} {
  gpu.module @many_jobs {
    // expected-remark @+6 {{wc-consolidate: aggregate and remap (2 barriers, workgroup memory)}}
    // expected-remark @+5 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 3 phases, 2 barriers became warp syncs}}
    // expected-remark @+4 {{wc-remap: workgroup buffer 0 (memref<64xf32, #gpu.address_space<workgroup>>) became '!wc.lane_array<64 x f32>' (2 slots per lane)}}
    // expected-remark @+3 {{wc-remap: 6 warp syncs removed}}
    // expected-remark @+2 {{wc-consolidate: delegate with the static schedule: up to 100000 jobs per launch over 4224 resident agents}}
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, static schedule, x-major}}
    gpu.func @sum(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tree: memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c64 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<?xf32>
      memref.store %x, %tree[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %l = %c0 to %c6 step %c1 {
        %s = arith.shrui %c32, %l : index
        %act = arith.cmpi ult, %t, %s : index
        scf.if %act {
          %p = arith.addi %t, %s : index
          %a = memref.load %tree[%t] : memref<64xf32, #gpu.address_space<workgroup>>
          %y = memref.load %tree[%p] : memref<64xf32, #gpu.address_space<workgroup>>
          %z = arith.addf %a, %y : f32
          memref.store %z, %tree[%t] : memref<64xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %r = memref.load %tree[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
        memref.store %r, %out[%b] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @host(%in: memref<?xf32>, %out: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %blocks = arith.constant 100000 : index
    gpu.launch_func @many_jobs::@sum blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}

// -----

// The same kernel on a small constant grid: every job has its own agent
// already, so it is not delegated.
// CHECK-LABEL: gpu.module @few_jobs
// CHECK-NOT: wc.job_loop
// CHECK: wc.warp_job block [64, 1, 1]
module attributes {gpu.container_module} {
  gpu.module @few_jobs {
    // expected-remark @+4 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+3 {{wc-consolidate: not delegated: at most 16 jobs per launch, no more than the 4224 agents delegation keeps resident (8 hyper-CTAs of 4 warps per SM of sm_90)}}
    // expected-remark @+2 {{wc-aggregate: coarsened}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0}}
    gpu.func @mirror(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xi32>
      memref.store %x, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %c63 = arith.constant 63 : index
      %last = arith.cmpi eq, %t, %c63 : index
      %i = arith.select %last, %t, %n : index
      %y = memref.load %buf[%i] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @host(%in: memref<?xi32>, %out: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @few_jobs::@mirror blocks in (%c16, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xi32>, %out : memref<?xi32>)
    return
  }
}

// -----

// No barrier, no workgroup memory, balanced: left exactly as it was.
// CHECK-LABEL: gpu.module @streaming
// CHECK: gpu.func @scale(%{{.*}}: memref<?xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>}
// CHECK-NEXT: gpu.global_id x
// CHECK: gpu.launch_func @streaming::@scale blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%c128, %c1, %c1)
module attributes {gpu.container_module} {
  gpu.module @streaming {
    // expected-remark @+1 {{wc-consolidate: left unchanged: no barrier, no workgroup memory and balanced jobs, where aggregation alone loses occupancy and delegation only recovers it}}
    gpu.func @scale(%a: memref<?xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %i = gpu.global_id x
      %x = memref.load %a[%i] : memref<?xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %a[%i] : memref<?xf32>
      gpu.return
    }
  }
  func.func @host(%a: memref<?xf32>, %blocks: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @streaming::@scale blocks in (%blocks, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%a : memref<?xf32>)
    return
  }
}

// -----

// No barrier but a loop whose trip count depends on the block: resized into
// one-warp blocks, which the block scheduler balances, and not delegated (a
// job loop around that loop would keep LLVM from unrolling it).
// CHECK-LABEL: gpu.module @triangle
// CHECK-NOT: wc.job_loop
// CHECK: gpu.func @rows
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK-LABEL: func.func @host
// CHECK-NOT: gpu.alloc
// CHECK: %[[GRID:.*]] = arith.muli %{{.*}}, %c2
// CHECK: gpu.launch_func @triangle::@rows blocks in (%[[GRID]], %{{.*}}, %{{.*}}) threads in (%c32
module attributes {gpu.container_module} {
  gpu.module @triangle {
    // expected-remark @+2 {{wc-consolidate: aggregate (one-warp blocks) without delegation: its jobs may differ in length ('scf.for' with a trip count that depends on the block or on data); the block scheduler balances one-warp blocks, and a job loop would keep LLVM from unrolling that loop}}
    // expected-remark @+1 {{wc-aggregate: resized 64-thread blocks into 2 one-warp blocks each (grid x scaled by 2)}}
    gpu.func @rows(%d: memref<?x64xi32>, %o: memref<?x64xi32>, %n: index) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %r = gpu.block_id x
      %s = scf.for %k = %r to %n step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %d[%k, %t] : memref<?x64xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %s, %o[%r, %t] : memref<?x64xi32>
      gpu.return
    }
  }
  func.func @host(%d: memref<?x64xi32>, %o: memref<?x64xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @triangle::@rows blocks in (%n, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<?x64xi32>, %o : memref<?x64xi32>, %n : index)
    return
  }
}

// -----

// A kernel wc-aggregate refuses stays as it was; the refusal and that the
// kernel was left are both reported.
// CHECK-LABEL: gpu.module @refused
// CHECK: gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @refused {
    // expected-remark @+2 {{wc-consolidate: left unchanged: wc-aggregate cannot coarsen it (its remark says why)}}
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: it uses 'gpu.rotate', whose meaning depends on which threads share a warp}}
    gpu.func @k(%a: memref<?xi32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<?xi32>
      %s, %valid = gpu.rotate %x, 1, 32 : i32
      gpu.barrier
      memref.store %s, %a[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @host(%a: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @refused::@k blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%a : memref<?xi32>)
    return
  }
}

// -----

// A grid-stride loop depends on the block id but does the same work in
// every block: balanced, so the kernel is left alone.
// CHECK-LABEL: gpu.module @grid_stride
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @grid_stride {
    // expected-remark @+1 {{wc-consolidate: left unchanged: no barrier, no workgroup memory and balanced jobs}}
    gpu.func @sum(%a: memref<?xi32>, %o: memref<?xi32>, %n: index) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %zero = arith.constant 0 : i32
      %c128 = arith.constant 128 : index
      %g = gpu.global_id x
      %gd = gpu.grid_dim x
      %stride = arith.muli %gd, %c128 : index
      %s = scf.for %i = %g to %n step %stride iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %a[%i] : memref<?xi32>
        %t = arith.addi %acc, %v : i32
        scf.yield %t : i32
      }
      memref.store %s, %o[%g] : memref<?xi32>
      gpu.return
    }
  }
  func.func @host(%a: memref<?xi32>, %o: memref<?xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @grid_stride::@sum blocks in (%c64, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%a : memref<?xi32>, %o : memref<?xi32>, %n : index)
    return
  }
}

// -----

// Threads that stream global memory before a block reduction (scalar
// product: 16 iterations per thread) are left at block granularity: a
// one-warp job would run the block's 4 streams one after another.
// CHECK-LABEL: gpu.module @long_stream
// CHECK-NOT: wc.warp_job
// CHECK: gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @long_stream {
    // expected-remark @+1 {{wc-consolidate: left unchanged: its threads stream global memory (a loop without barrier of up to 16 iterations per thread), which one warp per block would run one virtual thread after another with fewer loads in flight; its 1 barrier does not pay for that}}
    gpu.func @dot(%a: memref<?x2048xi32>, %out: memref<?xi32>)
        workgroup(%acc: memref<128xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %c2048 = arith.constant 2048 : index
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      // expected-note @+1 {{the loop}}
      %sum = scf.for %i = %t to %c2048 step %c128 iter_args(%s = %zero) -> (i32) {
        %x = memref.load %a[%b, %i] : memref<?x2048xi32>
        %n = arith.addi %s, %x : i32
        scf.yield %n : i32
      }
      memref.store %sum, %acc[%t] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %r = memref.load %acc[%c0] : memref<128xi32, #gpu.address_space<workgroup>>
        memref.store %r, %out[%b] : memref<?xi32>
      }
      gpu.return
    }
  }
}

// -----

// A grid-stride stream of a run-time length (bounding box) is left alone
// too.
// CHECK-LABEL: gpu.module @runtime_stream
// CHECK-NOT: wc.warp_job
module attributes {gpu.container_module} {
  gpu.module @runtime_stream {
    // expected-remark @+1 {{wc-consolidate: left unchanged: its threads stream global memory (a loop without barrier of a run-time number of iterations per thread)}}
    gpu.func @fold(%x: memref<?xi32>, %out: memref<?xi32>, %n: index)
        workgroup(%acc: memref<64xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %g = gpu.global_id x
      %grid = gpu.grid_dim x
      %c64 = arith.constant 64 : index
      %stride = arith.muli %grid, %c64 : index
      // expected-note @+1 {{the loop}}
      %m = scf.for %i = %g to %n step %stride iter_args(%s = %zero) -> (i32) {
        %v = memref.load %x[%i] : memref<?xi32>
        %w = arith.maxsi %s, %v : i32
        scf.yield %w : i32
      }
      memref.store %m, %acc[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = memref.load %acc[%c0] : memref<64xi32, #gpu.address_space<workgroup>>
      %b = gpu.block_id x
      memref.store %r, %out[%b] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// A short per-thread loop (at most 3 iterations, histogram merge) does not
// make a kernel streaming: it is consolidated.
// CHECK-LABEL: gpu.module @short_stream
// CHECK: wc.warp_job block [128, 1, 1]
module attributes {gpu.container_module} {
  gpu.module @short_stream {
    // expected-remark @+4 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+3 {{wc-consolidate: not delegated: at most 16 jobs per launch}}
    // expected-remark @+2 {{wc-aggregate: coarsened}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0}}
    gpu.func @merge(%partial: memref<300x128xi32>, %out: memref<?xi32>)
        workgroup(%acc: memref<128xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %c300 = arith.constant 300 : index
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %sum = scf.for %i = %t to %c300 step %c128 iter_args(%s = %zero) -> (i32) {
        %x = memref.load %partial[%i, %t] : memref<300x128xi32>
        %n = arith.addi %s, %x : i32
        scf.yield %n : i32
      }
      memref.store %sum, %acc[%t] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = memref.load %acc[%c0] : memref<128xi32, #gpu.address_space<workgroup>>
      memref.store %r, %out[%b] : memref<?xi32>
      gpu.return
    }
  }
  func.func @host(%partial: memref<300x128xi32>, %out: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @short_stream::@merge blocks in (%c16, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%partial : memref<300x128xi32>, %out : memref<?xi32>)
    return
  }
}

// -----

// A loop that accumulates into one fixed element of global memory (what
// linalg-to-loops gives for a matmul tile's output: load C[i, j], add,
// store C[i, j]) reads one address, not a stream: the tile kernel is
// consolidated. (The loop also reads A, which may alias C:
// wc-forward-stores keeps the element in a register only under a run-time
// test that it is not in A, and the original loop stays for when it is.)
// CHECK-LABEL: gpu.module @fixed_accumulator
// CHECK: wc.warp_job block [64, 1, 1]
module attributes {gpu.container_module} {
  gpu.module @fixed_accumulator {
    // expected-remark @+5 {{wc-forward-stores: 0 loads take a value the thread stored, 1 loop-carried elements kept in registers}}
    // expected-remark @+4 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+3 {{wc-consolidate: not delegated: at most 8 jobs per launch}}
    // expected-remark @+2 {{wc-aggregate: coarsened}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0}}
    gpu.func @tile(%a: memref<64xi32>, %c: memref<64xi32>)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<64xi32>
      memref.store %x, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      scf.for %k = %c0 to %c16 step %c1 {
        %old = memref.load %c[%t] : memref<64xi32>
        %y = memref.load %a[%t] : memref<64xi32>
        %sum = arith.addi %old, %v : i32
        %new = arith.addi %sum, %y : i32
        memref.store %new, %c[%t] : memref<64xi32>
      }
      gpu.return
    }
  }
  func.func @host(%a: memref<64xi32>, %c: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @fixed_accumulator::@tile blocks in (%c8, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%a : memref<64xi32>, %c : memref<64xi32>)
    return
  }
}

// -----

// A per-thread loop whose upper bound --scf-for-loop-peeling turned into an
// affine.apply of the thread id still runs at most 3 iterations (upstream's
// value bounds find the bound): not streaming, consolidated.
// CHECK-LABEL: gpu.module @peeled_stream
// CHECK: wc.warp_job block [256, 1, 1]
module attributes {gpu.container_module} {
  gpu.module @peeled_stream {
    // expected-remark @+4 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+3 {{wc-consolidate: not delegated: at most 16 jobs per launch}}
    // expected-remark @+2 {{wc-aggregate: coarsened}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0}}
    gpu.func @merge(%partial: memref<600x256xi32>, %out: memref<?xi32>)
        workgroup(%acc: memref<256xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %ub = affine.apply affine_map<()[s0] -> (s0 + ((600 - s0) floordiv 256) * 256)>()[%t]
      %sum = scf.for %i = %t to %ub step %c256 iter_args(%s = %zero) -> (i32) {
        %x = memref.load %partial[%i, %t] : memref<600x256xi32>
        %n = arith.addi %s, %x : i32
        scf.yield %n : i32
      }
      memref.store %sum, %acc[%t] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = memref.load %acc[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %r, %out[%b] : memref<?xi32>
      gpu.return
    }
  }
  func.func @host(%partial: memref<600x256xi32>, %out: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @peeled_stream::@merge blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%partial : memref<600x256xi32>, %out : memref<?xi32>)
    return
  }
}

// -----

// A copy loop clamped as tiling to a halo tile clamps it (upstream emits
// `max(min(10 - 2 t, 2), 0)` trips for a 10-wide tile over 8 threads) runs
// at most 2 iterations: not streaming, consolidated.
// CHECK-LABEL: gpu.module @clamped_copy
// CHECK: wc.warp_job block [64, 1, 1]
module attributes {gpu.container_module} {
  gpu.module @clamped_copy {
    // expected-remark @+4 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+3 {{wc-consolidate: not delegated: at most 4 jobs per launch}}
    // expected-remark @+2 {{wc-aggregate: coarsened}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<80xf32, #gpu.address_space<workgroup>>) stays in shared memory: index depends on the induction variable of a loop whose trip count may differ between threads}}
    gpu.func @halo(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tile: memref<80xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c80 = arith.constant 80 : index
      %cm2 = arith.constant -2 : index
      // expected-remark @+1 {{wc-async-copy: no tile copies: a piece of the copy is inside 'scf.for'}}
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c80 : index
      %left = arith.muli %t, %cm2 : index
      %rest = arith.addi %left, %c80 : index
      %clamp = arith.minsi %rest, %c2 : index
      %trips = arith.maxsi %clamp, %c0 : index
      %first = arith.muli %t, %c2 : index
      scf.for %i = %c0 to %trips step %c1 {
        %e = arith.addi %first, %i : index
        %g = arith.addi %base, %e : index
        %x = memref.load %in[%g] : memref<?xf32>
        // expected-note @+1 {{here}}
        memref.store %x, %tile[%e] : memref<80xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %v = memref.load %tile[%t] : memref<80xf32, #gpu.address_space<workgroup>>
      %o = arith.addi %base, %t : index
      memref.store %v, %out[%o] : memref<?xf32>
      gpu.return
    }
  }
  func.func @host(%in: memref<?xf32>, %out: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @clamped_copy::@halo blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}

// -----

// The same clamp to 64 iterations: a stream, left unchanged.
// CHECK-LABEL: gpu.module @clamped_stream
// CHECK-NOT: wc.warp_job
module attributes {gpu.container_module} {
  gpu.module @clamped_stream {
    // expected-remark @+1 {{wc-consolidate: left unchanged: its threads stream global memory (a loop without barrier of up to 64 iterations per thread)}}
    gpu.func @fold(%in: memref<?xf32>, %out: memref<?xf32>, %n: index)
        workgroup(%acc: memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %trips = arith.minsi %n, %c64 : index
      // expected-note @+1 {{the loop}}
      %s = scf.for %i = %c0 to %trips step %c1 iter_args(%a = %zero) -> (f32) {
        %e = arith.muli %i, %c64 : index
        %g = arith.addi %e, %t : index
        %x = memref.load %in[%g] : memref<?xf32>
        %y = arith.addf %a, %x : f32
        scf.yield %y : f32
      }
      memref.store %s, %acc[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = memref.load %acc[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      %b = gpu.block_id x
      memref.store %r, %out[%b] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// A loop whose global loads are the same address in every thread (a
// filter's weights, one broadcast load per warp) and a loop that computes
// much per load (a convolution's taps from shared memory around one load
// of its output) are not streams: consolidated.
// CHECK-LABEL: gpu.module @not_streams
// CHECK: wc.warp_job block [64, 1, 1]
module attributes {gpu.container_module} {
  gpu.module @not_streams {
    // expected-remark @+6 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+5 {{wc-consolidate: not delegated: at most 4 jobs per launch}}
    // expected-remark @+4 {{wc-aggregate: coarsened}}
    // expected-remark @+3 {{wc-remap: workgroup buffer 0 (memref<64xf32, #gpu.address_space<workgroup>>) stays in shared memory: index d0 mod 64 is neither}}
    // expected-remark @+2 {{wc-async-copy: 1 tile copies by cp.async}}
    // expected-remark @+1 {{wc-vectorize: 1 loops over consecutive elements per thread made 16-byte accesses (1 loads, 0 stores), each under a test of their alignment}}
    gpu.func @weigh(%w: memref<64xf32>, %in: memref<?x64xf32>, %out: memref<?x64xf32>)
        workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %x = memref.load %in[%b, %t] : memref<?x64xf32>
      memref.store %x, %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %s = scf.for %k = %c0 to %c64 step %c1 iter_args(%a = %zero) -> (f32) {
        %wk = memref.load %w[%k] : memref<64xf32>
        %y = arith.addf %a, %wk : f32
        scf.yield %y : f32
      }
      scf.for %j = %c0 to %c16 step %c1 {
        %o = memref.load %out[%j, %t] : memref<?x64xf32>
        %acc = scf.for %p = %c0 to %c3 step %c1 iter_args(%a = %o) -> (f32) {
          %acc2 = scf.for %q = %c0 to %c3 step %c1 iter_args(%a2 = %a) -> (f32) {
            %pq = arith.addi %p, %q : index
            %e = arith.addi %t, %pq : index
            %em = arith.remui %e, %c64 : index
            // expected-note @+1 {{here}}
            %v = memref.load %tile[%em] : memref<64xf32, #gpu.address_space<workgroup>>
            %m = arith.mulf %v, %s : f32
            %n = arith.addf %a2, %m : f32
            scf.yield %n : f32
          }
          scf.yield %acc2 : f32
        }
        memref.store %acc, %out[%j, %t] : memref<?x64xf32>
      }
      gpu.return
    }
  }
  func.func @host(%w: memref<64xf32>, %in: memref<?x64xf32>, %out: memref<?x64xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @not_streams::@weigh blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%w : memref<64xf32>, %in : memref<?x64xf32>, %out : memref<?x64xf32>)
    return
  }
}

// -----

// Jobs of 2 virtual threads but many ops per thread (a 64-thread block
// whose threads each fold a 16x16 window from shared memory), fewer than 32
// per agent: long enough for the block scheduler, not delegated (the ML
// set's pooling and convolution lost 4-5% delegated on the H100).
// CHECK-LABEL: gpu.module @long_short_jobs
// CHECK-NOT: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @long_short_jobs {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+4 {{wc-aggregate: coarsened}}
    // expected-remark @+3 {{wc-remap: workgroup buffer 0}}
    // expected-remark @+2 {{wc-consolidate: not delegated: jobs of 2 virtual threads but about 1303 ops per thread, at most 16384 per launch, fewer than 32 per agent of the 4224 agents}}
    // expected-remark @+1 {{wc-async-copy}}
    gpu.func @window(%in: memref<?x64xf32>, %out: memref<?x64xf32>)
        workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %x = memref.load %in[%b, %t] : memref<?x64xf32>
      memref.store %x, %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %s = scf.for %i = %c0 to %c16 step %c1 iter_args(%a = %zero) -> (f32) {
        %s2 = scf.for %j = %c0 to %c16 step %c1 iter_args(%a2 = %a) -> (f32) {
          %ij = arith.addi %i, %j : index
          %e = arith.addi %t, %ij : index
          %em = arith.remui %e, %c64 : index
          // expected-note @+1 {{here}}
          %v = memref.load %tile[%em] : memref<64xf32, #gpu.address_space<workgroup>>
          %n = arith.addf %a2, %v : f32
          scf.yield %n : f32
        }
        scf.yield %s2 : f32
      }
      memref.store %s, %out[%b, %t] : memref<?x64xf32>
      gpu.return
    }
  }
  func.func @host(%in: memref<?x64xf32>, %out: memref<?x64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %n = arith.constant 16384 : index
    gpu.launch_func @long_short_jobs::@window blocks in (%n, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?x64xf32>, %out : memref<?x64xf32>)
    return
  }
}

// -----

// A grid known only at run time: delegated, whatever its size.
// CHECK-LABEL: gpu.module @runtime_grid
// CHECK: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @runtime_grid {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+4 {{wc-aggregate: coarsened}}
    // expected-remark @+3 {{wc-remap: workgroup buffer 0}}
    // expected-remark @+2 {{wc-consolidate: delegate with the static schedule: a grid unknown at compile time over 4224 resident agents}}
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents}}
    gpu.func @mirror(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c63 = arith.constant 63 : index
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xi32>
      memref.store %x, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %last = arith.cmpi eq, %t, %c63 : index
      %i = arith.select %last, %t, %n : index
      %y = memref.load %buf[%i] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @host(%in: memref<?xi32>, %out: memref<?xi32>, %blocks: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @runtime_grid::@mirror blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xi32>, %out : memref<?xi32>)
    return
  }
}

// -----

// A buffer that stays in shared memory (run-time indices), 8 KiB per job:
// a hyper-CTA of 4 agents needs 32 KiB, so an SM keeps 6 of them (228 KiB,
// 1 KiB reserved per block), not 8: 132 x 6 x 4 = 3168 agents. With 4000
// jobs the cost model delegates, from the same figures wc-delegate then
// uses; with 3000 it does not.
// CHECK-LABEL: gpu.module @shared_limited
// CHECK: wc.job_loop
// CHECK-LABEL: gpu.module @shared_fits
// CHECK-NOT: wc.job_loop
// CHECK-LABEL: func.func @host
module attributes {gpu.container_module} {
  gpu.module @shared_limited {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+4 {{wc-aggregate: coarsened}}
    // expected-remark @+3 {{wc-remap: workgroup buffer 0 (memref<2048xf32, #gpu.address_space<workgroup>>) stays in shared memory}}
    // expected-remark @+2 {{wc-consolidate: delegate with the static schedule: up to 4000 jobs per launch over 3168 resident agents}}
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 6 per SM, at most 3168 agents, static schedule, x-major, 32768 bytes of workgroup memory per hyper-CTA}}
    gpu.func @gather(%in: memref<?xf32>, %idx: memref<?xindex>, %out: memref<?xf32>)
        workgroup(%buf: memref<2048xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      // expected-remark @+1 {{wc-async-copy: no tile copies: consecutive x threads do not copy consecutive elements}}
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xf32>
      memref.store %x, %buf[%t] : memref<2048xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %i = memref.load %idx[%t] : memref<?xindex>
      // expected-note @+1 {{here}}
      %y = memref.load %buf[%i] : memref<2048xf32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%t] : memref<?xf32>
      gpu.return
    }
  }
  gpu.module @shared_fits {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+4 {{wc-aggregate: coarsened}}
    // expected-remark @+3 {{wc-remap: workgroup buffer 0 (memref<2048xf32, #gpu.address_space<workgroup>>) stays in shared memory}}
    // expected-remark @+2 {{wc-consolidate: not delegated: at most 3000 jobs per launch, no more than the 3168 agents delegation keeps resident (6 hyper-CTAs of 4 warps per SM of sm_90)}}
    // expected-remark @+1 {{wc-async-copy: 1 tile copies by cp.async of 16 bytes per lane}}
    gpu.func @gather(%in: memref<?xf32>, %idx: memref<?xindex>, %out: memref<?xf32>)
        workgroup(%buf: memref<2048xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xf32>
      memref.store %x, %buf[%t] : memref<2048xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %i = memref.load %idx[%t] : memref<?xindex>
      // expected-note @+1 {{here}}
      %y = memref.load %buf[%i] : memref<2048xf32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%t] : memref<?xf32>
      gpu.return
    }
  }
  func.func @host(%in: memref<?xf32>, %idx: memref<?xindex>, %out: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c3000 = arith.constant 3000 : index
    %c4000 = arith.constant 4000 : index
    gpu.launch_func @shared_limited::@gather blocks in (%c4000, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %idx : memref<?xindex>, %out : memref<?xf32>)
    gpu.launch_func @shared_fits::@gather blocks in (%c3000, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %idx : memref<?xindex>, %out : memref<?xf32>)
    return
  }
}

// -----

// Jobs of different lengths on a grid unknown at compile time: delegated
// with the dynamic schedule (chunked tickets).
// CHECK-LABEL: gpu.module @imbalanced_runtime_grid
// CHECK: wc.job_loop {{.*}} schedule dynamic
module attributes {gpu.container_module} {
  gpu.module @imbalanced_runtime_grid {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+4 {{wc-aggregate: coarsened: one warp per 64-thread block}}
    // expected-remark @+3 {{wc-remap:}}
    // expected-remark @+2 {{wc-consolidate: delegate with the dynamic schedule: its jobs may differ in length ('scf.for' with a trip count that depends on the block or on data): a grid unknown at compile time over 4224 resident agents}}
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, dynamic schedule}}
    gpu.func @steps(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tree: memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c63 = arith.constant 63 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c64 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<?xf32>
      // Block b iterates b mod 8 times: the jobs differ in length.
      %n = arith.remui %b, %c8 : index
      %y = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x) -> (f32) {
        %w = arith.mulf %v, %v : f32
        scf.yield %w : f32
      }
      memref.store %y, %tree[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %a = memref.load %tree[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
        %z = memref.load %tree[%c63] : memref<64xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %a, %z : f32
        memref.store %s, %out[%b] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @host(%in: memref<?xf32>, %out: memref<?xf32>, %blocks: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @imbalanced_runtime_grid::@steps blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}

// -----

// 40000 jobs of different lengths, at least 8 per agent: delegated with the
// dynamic schedule.
// CHECK-LABEL: gpu.module @imbalanced_many_jobs
// CHECK: wc.job_loop {{.*}} schedule dynamic
module attributes {gpu.container_module} {
  gpu.module @imbalanced_many_jobs {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+4 {{wc-aggregate: coarsened: one warp per 64-thread block}}
    // expected-remark @+3 {{wc-remap:}}
    // expected-remark @+2 {{wc-consolidate: delegate with the dynamic schedule: its jobs may differ in length ('scf.for' with a trip count that depends on the block or on data): up to 40000 jobs per launch over 4224 resident agents}}
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, dynamic schedule}}
    gpu.func @steps(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tree: memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c63 = arith.constant 63 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c64 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<?xf32>
      // Block b iterates b mod 8 times: the jobs differ in length.
      %n = arith.remui %b, %c8 : index
      %y = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x) -> (f32) {
        %w = arith.mulf %v, %v : f32
        scf.yield %w : f32
      }
      memref.store %y, %tree[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %a = memref.load %tree[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
        %z = memref.load %tree[%c63] : memref<64xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %a, %z : f32
        memref.store %s, %out[%b] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @host(%in: memref<?xf32>, %out: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %blocks = arith.constant 40000 : index
    gpu.launch_func @imbalanced_many_jobs::@steps blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}

// -----

// 16384 jobs of different lengths, fewer than 8 per agent: every job would
// take a ticket, so the kernel keeps one-warp blocks, which the block
// scheduler balances.
// CHECK-LABEL: gpu.module @imbalanced_few_jobs
// CHECK-NOT: wc.job_loop
// CHECK: wc.warp_job block [64, 1, 1]
module attributes {gpu.container_module} {
  gpu.module @imbalanced_few_jobs {
    // expected-remark @+4 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+3 {{wc-aggregate: coarsened: one warp per 64-thread block}}
    // expected-remark @+2 {{wc-remap:}}
    // expected-remark @+1 {{wc-consolidate: not delegated: its jobs may differ in length ('scf.for' with a trip count that depends on the block or on data), and its at most 16384 jobs per launch are fewer than 8 per agent of the 4224 agents: the dynamic schedule would balance at most its last 2 rounds, one job per ticket, where the block scheduler balances one-warp blocks}}
    gpu.func @steps(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tree: memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c63 = arith.constant 63 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c64 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<?xf32>
      // Block b iterates b mod 8 times: the jobs differ in length.
      %n = arith.remui %b, %c8 : index
      %y = scf.for %i = %c0 to %n step %c1 iter_args(%v = %x) -> (f32) {
        %w = arith.mulf %v, %v : f32
        scf.yield %w : f32
      }
      memref.store %y, %tree[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %a = memref.load %tree[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
        %z = memref.load %tree[%c63] : memref<64xf32, #gpu.address_space<workgroup>>
        %s = arith.addf %a, %z : f32
        memref.store %s, %out[%b] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @host(%in: memref<?xf32>, %out: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %blocks = arith.constant 16384 : index
    gpu.launch_func @imbalanced_few_jobs::@steps blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}

// -----

// Long jobs (256-thread blocks, 8 virtual threads per lane), fewer than 32
// per agent: the block scheduler starts them fast enough, so they are not
// delegated; with 32 or more per agent they are.
// CHECK-LABEL: gpu.module @long_jobs
// CHECK-NOT: wc.job_loop
// CHECK: wc.warp_job block [256, 1, 1] virtual_threads 8
// CHECK-LABEL: gpu.module @long_jobs_many
// CHECK: wc.job_loop {{.*}} schedule static
// CHECK: wc.warp_job block [256, 1, 1] virtual_threads 8
module attributes {gpu.container_module} {
  gpu.module @long_jobs {
    // expected-remark @+4 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+3 {{wc-consolidate: not delegated: jobs of 8 virtual threads, at most 65536 per launch, fewer than 32 per agent of the 4224 agents: the block scheduler starts jobs this long fast enough, and keeps every SM busy to the end}}
    // expected-remark @+2 {{wc-aggregate: coarsened}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0}}
    gpu.func @shift(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%buf: memref<256xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c255 = arith.constant 255 : index
      %c256 = arith.constant 256 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c256 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<?xi32>
      memref.store %x, %buf[%t] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %last = arith.cmpi eq, %t, %c255 : index
      %i = arith.select %last, %t, %n : index
      %y = memref.load %buf[%i] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%g] : memref<?xi32>
      gpu.return
    }
  }
  gpu.module @long_jobs_many {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+4 {{wc-consolidate: delegate with the static schedule: up to 135168 jobs per launch over 4224 resident agents}}
    // expected-remark @+3 {{wc-aggregate: coarsened}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 0}}
    // expected-remark @+1 {{wc-delegate: persistent agents}}
    gpu.func @shift(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%buf: memref<256xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c255 = arith.constant 255 : index
      %c256 = arith.constant 256 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c256 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<?xi32>
      memref.store %x, %buf[%t] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %last = arith.cmpi eq, %t, %c255 : index
      %i = arith.select %last, %t, %n : index
      %y = memref.load %buf[%i] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%g] : memref<?xi32>
      gpu.return
    }
  }
  func.func @host(%in: memref<?xi32>, %out: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %few = arith.constant 65536 : index
    %many = arith.constant 135168 : index
    gpu.launch_func @long_jobs::@shift blocks in (%few, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<?xi32>, %out : memref<?xi32>)
    gpu.launch_func @long_jobs_many::@shift blocks in (%many, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<?xi32>, %out : memref<?xi32>)
    return
  }
}

// -----

// Long jobs, few per agent, but neighbouring blocks read neighbouring
// elements of the same rows (a histogram merge: thread t reads row t, block
// b column b): the agents of a hyper-CTA, which take neighbouring jobs,
// share those sectors in L1, so they are delegated.
// CHECK-LABEL: gpu.module @neighbour_sectors
// CHECK: wc.job_loop {{.*}} schedule static
module attributes {gpu.container_module} {
  gpu.module @neighbour_sectors {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+4 {{wc-consolidate: delegate with the static schedule: up to 8192 jobs per launch over 4224 resident agents; neighbouring jobs read the same sectors, which the agents of a hyper-CTA share in L1}}
    // expected-remark @+3 {{wc-aggregate: coarsened}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 0}}
    // expected-remark @+1 {{wc-delegate: persistent agents}}
    gpu.func @merge(%partial: memref<256x8192xi32>, %out: memref<8192x256xi32>)
        workgroup(%buf: memref<256xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c255 = arith.constant 255 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %x = memref.load %partial[%t, %b] : memref<256x8192xi32>
      memref.store %x, %buf[%t] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %last = arith.cmpi eq, %t, %c255 : index
      %i = arith.select %last, %t, %n : index
      %y = memref.load %buf[%i] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%b, %t] : memref<8192x256xi32>
      gpu.return
    }
  }
  func.func @host(%in: memref<256x8192xi32>, %out: memref<8192x256xi32>) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %jobs = arith.constant 8192 : index
    gpu.launch_func @neighbour_sectors::@merge blocks in (%jobs, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<256x8192xi32>, %out : memref<8192x256xi32>)
    return
  }
}
