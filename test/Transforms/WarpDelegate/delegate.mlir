// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-delegate -verify-diagnostics -o %t
// RUN: FileCheck %s < %t
// RUN: FileCheck %s --check-prefix=BODY --implicit-check-not=gpu.thread_id --implicit-check-not=gpu.block_id --implicit-check-not=gpu.grid_dim --implicit-check-not=gpu.block_dim --implicit-check-not=gpu.global_id --implicit-check-not=gpu.subgroup_id --implicit-check-not=gpu.num_subgroups < %t

// The same kernels with the dynamic schedule, and with y-major order, a
// throttle and 2-warp hyper-CTAs. The remarks of these runs are checked on
// stderr, at the line of their kernel.
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-delegate=schedule=dynamic -mlir-print-op-on-diagnostic=false 2>%t.dyn.err | FileCheck %s --check-prefix=DYN
// RUN: FileCheck %s --check-prefix=DYN-REMARK < %t.dyn.err
// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-delegate="order=y-major throttle=100 warps=2" -mlir-print-op-on-diagnostic=false 2>%t.yt.err | FileCheck %s --check-prefix=YT
// RUN: FileCheck %s --check-prefix=YT-REMARK < %t.yt.err

// The BODY checks: each kernel computes its agent from the only launch ids
// left in it, before its job loop; inside the loop block and grid ids are
// the job's and the original grid, thread ids the lane (the
// implicit-check-nots).

// A tree reduction over 256-thread blocks: wc-aggregate coarsens it into a
// warp job (one warp per 256-thread block), wc-delegate wraps the warp job
// in a job loop. Hyper-CTAs of 4 warps, 8 per SM (32 agents of the 64 warp
// slots of sm_90, hence nvvm.minctasm = 8), 132 SMs: at most 4224 agents.
// The tree stays in shared memory (no wc-remap here): each agent indexes
// its slice by its warp in the hyper-CTA and syncs its lanes before its next
// job reuses the slice.

// CHECK-LABEL: gpu.module @reduce
// CHECK: gpu.func @block_sum(%{{.*}}: memref<?xf32>, %[[OUT:.*]]: memref<?xf32>, %[[GX:.*]]: index, %[[GY:.*]]: index, %[[GZ:.*]]: index) workgroup(%[[TREE:.*]] : memref<4x256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 8 : i32} {
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[WARP:.*]] = arith.divui %[[TID]], %[[C32]] : index
// CHECK-NEXT: %{{.*}} = arith.remui %[[TID]], %[[C32]] : index
// CHECK-NEXT: %[[BID:.*]] = gpu.block_id x
// CHECK-NEXT: %[[B4:.*]] = arith.muli %[[BID]], %[[C4]] : index
// CHECK-NEXT: %[[AGENT:.*]] = arith.addi %[[B4]], %[[WARP]] : index
// CHECK-NEXT: %[[GRID:.*]] = gpu.grid_dim x
// CHECK-NEXT: %[[AGENTS:.*]] = arith.muli %[[GRID]], %[[C4]] : index
// CHECK-NEXT: wc.job_loop (%[[JX:.*]], %{{.*}}, %{{.*}}) in (%[[GX]], %[[GY]], %[[GZ]]) agent %[[AGENT]] of %[[AGENTS]] schedule static order x_major {
// CHECK: wc.warp_job block [256, 1, 1] virtual_threads 8 {
// CHECK: %[[BASE:.*]] = arith.muli %[[JX]], %c256 : index
// CHECK: wc.vthreads (%{{.*}}, %[[T0:.*]], %{{.*}}, %{{.*}}) {
// CHECK-NEXT: arith.addi %[[BASE]], %[[T0]] : index
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.store %{{.*}}, %[[TREE]][%[[WARP]], %[[T0]]] : memref<4x256xf32, #gpu.address_space<workgroup>>
// CHECK: scf.for
// CHECK: wc.vthreads (%{{.*}}, %[[T1:.*]], %{{.*}}, %{{.*}}) {
// CHECK: %[[P:.*]] = arith.addi %[[T1]], %{{.*}} : index
// CHECK-NEXT: memref.load %[[TREE]][%[[WARP]], %[[T1]]] : memref<4x256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.load %[[TREE]][%[[WARP]], %[[P]]] : memref<4x256xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[TREE]][%[[WARP]], %[[T1]]] : memref<4x256xf32, #gpu.address_space<workgroup>>
// CHECK: %[[SUM:.*]] = memref.load %[[TREE]][%[[WARP]], %{{.*}}] : memref<4x256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store %[[SUM]], %[[OUT]][%[[JX]]] : memref<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: wc.warp_sync
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return

// The launch: min(jobs, 4224) agents in ceil(agents / 4) hyper-CTAs of 128
// threads; the original grid is passed.
// CHECK-LABEL: func.func @reduce_host(
// CHECK-SAME: %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[BLOCKS:.*]]: index) {
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[J1:.*]] = arith.muli %[[BLOCKS]], %[[C1]] : index
// CHECK-NEXT: %[[JOBS:.*]] = arith.muli %[[J1]], %[[C1]] : index
// CHECK-NEXT: %[[MAX:.*]] = arith.constant 4224 : index
// CHECK-NEXT: %[[AG:.*]] = arith.minui %[[JOBS]], %[[MAX]] : index
// CHECK-NEXT: %[[W:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[HB:.*]] = arith.ceildivui %[[AG]], %[[W]] : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[T128:.*]] = arith.constant 128 : index
// CHECK-NEXT: gpu.launch_func @reduce::@block_sum blocks in (%[[HB]], %[[ONE]], %[[ONE]]) threads in (%[[T128]], %[[ONE]], %[[ONE]]) args(%{{.*}} : memref<?xf32>, %{{.*}} : memref<?xf32>, %[[BLOCKS]] : index, %[[C1]] : index, %[[C1]] : index)
// CHECK-NEXT: return

// BODY-LABEL: gpu.module @reduce
// BODY: gpu.thread_id x
// BODY: gpu.block_id x
// BODY: gpu.grid_dim x
// BODY: wc.job_loop

// With the dynamic schedule the kernel takes its ticket counters too (16,
// 32 elements apart: memref<512xi32>); the host function allocates them and
// zeroes them first thing, passes them, and frees them before it returns.
// DYN-LABEL: gpu.module @reduce
// DYN: gpu.func @block_sum(%{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[GX:.*]]: index, %[[GY:.*]]: index, %[[GZ:.*]]: index, %[[CTR:.*]]: memref<512xi32>) workgroup(%{{.*}} : memref<4x256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 8 : i32} {
// DYN: wc.job_loop (%{{.*}}, %{{.*}}, %{{.*}}) in (%[[GX]], %[[GY]], %[[GZ]]) agent %{{.*}} of %{{.*}} schedule dynamic order x_major counter %[[CTR]] : memref<512xi32> {
// DYN: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xf32>
// DYN-NEXT: }
// DYN-NEXT: }
// DYN-NEXT: }
// DYN-NEXT: wc.warp_sync
// DYN-NEXT: }
// DYN-NEXT: gpu.return
// DYN-LABEL: func.func @reduce_host(
// DYN-SAME: %{{.*}}: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[BLOCKS:.*]]: index) {
// DYN-NEXT: %[[COUNTER:.*]] = gpu.alloc () : memref<512xi32>
// DYN-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// DYN-NEXT: gpu.memset %[[COUNTER]], %[[ZERO]] : memref<512xi32>, i32
// DYN-NEXT: %[[C1:.*]] = arith.constant 1 : index
// DYN: %[[AG:.*]] = arith.minui %{{.*}}, %c4224 : index
// DYN-NEXT: %[[W:.*]] = arith.constant 4 : index
// DYN-NEXT: %[[HB:.*]] = arith.ceildivui %[[AG]], %[[W]] : index
// DYN: gpu.launch_func @reduce::@block_sum blocks in (%[[HB]], %{{.*}}, %{{.*}}) threads in (%c128, %{{.*}}, %{{.*}}) args(%{{.*}} : memref<?xf32>, %{{.*}} : memref<?xf32>, %[[BLOCKS]] : index, %[[C1]] : index, %[[C1]] : index, %[[COUNTER]] : memref<512xi32>)
// DYN-NEXT: gpu.dealloc %[[COUNTER]] : memref<512xi32>
// DYN-NEXT: return

// y-major order, a throttle of 100 agents and 2-warp hyper-CTAs (64
// threads, 16 per SM): the loop says `order y_major max_agents 100`, each
// agent has a 256-element slice of a 2 x 256 buffer, and the launch starts
// min(jobs, 100) agents in hyper-CTAs of 64 threads.
// YT-LABEL: gpu.module @reduce
// YT: gpu.func @block_sum({{.*}}) workgroup(%[[TREE:.*]] : memref<2x256xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>, nvvm.minctasm = 16 : i32} {
// YT-NEXT: %[[C32:.*]] = arith.constant 32 : index
// YT-NEXT: %[[C2:.*]] = arith.constant 2 : index
// YT: arith.muli %block_id_x, %[[C2]] : index
// YT: arith.muli %grid_dim_x, %[[C2]] : index
// YT-NEXT: wc.job_loop ({{.*}}) in ({{.*}}) agent %{{.*}} of %{{.*}} schedule static order y_major max_agents 100 {
// YT: memref.store %{{.*}}, %[[TREE]][%{{.*}}, %{{.*}}] : memref<2x256xf32, #gpu.address_space<workgroup>>
// YT-LABEL: func.func @reduce_host(
// YT: %[[LIM:.*]] = arith.constant 100 : index
// YT-NEXT: %[[AG:.*]] = arith.minui %{{.*}}, %[[LIM]] : index
// YT-NEXT: %[[W:.*]] = arith.constant 2 : index
// YT-NEXT: %[[HB:.*]] = arith.ceildivui %[[AG]], %[[W]] : index
// YT-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// YT-NEXT: %[[T64:.*]] = arith.constant 64 : index
// YT-NEXT: gpu.launch_func @reduce::@block_sum blocks in (%[[HB]], %[[ONE]], %[[ONE]]) threads in (%[[T64]], %[[ONE]], %[[ONE]])
module attributes {gpu.container_module} {
  gpu.module @reduce {
    // expected-remark @+4 {{wc-aggregate: coarsened: one warp per 256-thread block, 8 virtual threads per lane, 3 phases, 2 barriers became warp syncs}}
    // expected-remark @+3 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, static schedule, x-major, 4096 bytes of workgroup memory per hyper-CTA}}
    // DYN-REMARK: delegate.mlir:[[@LINE+2]]:5: remark: wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, dynamic schedule, x-major, 4096 bytes of workgroup memory per hyper-CTA
    // YT-REMARK: delegate.mlir:[[@LINE+1]]:5: remark: wc-delegate: persistent agents: hyper-CTAs of 2 warps, 16 per SM, at most 4224 agents, static schedule, y-major, throttled to 100 agents, 2048 bytes of workgroup memory per hyper-CTA
    gpu.func @block_sum(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tree: memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c256 : index
      %gid = arith.addi %base, %tid : index
      %x = memref.load %in[%gid] : memref<?xf32>
      memref.store %x, %tree[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %stride = arith.shrui %c128, %level : index
        %active = arith.cmpi ult, %tid, %stride : index
        scf.if %active {
          %partner = arith.addi %tid, %stride : index
          %a = memref.load %tree[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %tree[%partner] : memref<256xf32, #gpu.address_space<workgroup>>
          %s = arith.addf %a, %b : f32
          memref.store %s, %tree[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %sum = memref.load %tree[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %sum, %out[%bid] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @reduce_host(%in: memref<?xf32>, %out: memref<?xf32>, %blocks: index) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @reduce::@block_sum blocks in (%blocks, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}

// -----

// SAXPY over 128-thread blocks, no barrier: wc-aggregate resizes it into
// one-warp blocks (grid x scaled by 4) and rebuilds the original ids from
// the new thread, block and grid ids. wc-delegate then gives those the
// lane (thread id mod 32), the job id and the grid argument, which the
// launch sets to the scaled grid. No workgroup memory: no warp sync.

// CHECK-LABEL: gpu.module @saxpy
// CHECK: gpu.func @saxpy(%{{.*}}: f32, %[[X:.*]]: memref<?xf32>, %{{.*}}: memref<?xf32>, %[[IDS:.*]]: memref<?xindex>, %[[GX:.*]]: index, %[[GY:.*]]: index, %[[GZ:.*]]: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 8 : i32} {
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: arith.constant 4 : index
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: arith.divui %[[TID]], %[[C32]] : index
// CHECK-NEXT: %[[LANE:.*]] = arith.remui %[[TID]], %[[C32]] : index
// CHECK: wc.job_loop (%[[JX:.*]], %{{.*}}, %{{.*}}) in (%[[GX]], %[[GY]], %[[GZ]]) agent %{{.*}} of %{{.*}} schedule static order x_major {
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[WARP:.*]] = arith.remui %[[JX]], %[[C4]] : index
// CHECK-NEXT: %[[BLOCK:.*]] = arith.divui %[[JX]], %[[C4]] : index
// CHECK-NEXT: %[[C32B:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[W32:.*]] = arith.muli %[[WARP]], %[[C32B]] : index
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[W32]], %[[LANE]] : index
// CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[TX:.*]] = arith.remui %[[T]], %[[C128]] : index
// CHECK: %[[GRID:.*]] = arith.divui %[[GX]], %[[C4]] : index
// CHECK: %[[B128:.*]] = arith.muli %[[BLOCK]], %{{.*}} : index
// CHECK-NEXT: %[[GID:.*]] = arith.addi %[[B128]], %[[TX]] : index
// CHECK: %[[B128I:.*]] = arith.muli %[[BLOCK]], %{{.*}} : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[B128I]], %[[TX]] : index
// CHECK-NEXT: memref.load %[[X]][%[[I]]] : memref<?xf32>
// CHECK: %[[N:.*]] = arith.muli %[[GRID]], %{{.*}} : index
// CHECK-NEXT: memref.store %[[N]], %[[IDS]][%[[GID]]] : memref<?xindex>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
// CHECK-LABEL: func.func @saxpy_host(
// CHECK: %[[SCALED:.*]] = arith.muli %{{.*}}, %c4 : index
// CHECK-NEXT: %[[J1:.*]] = arith.muli %[[SCALED]], %c1 : index
// CHECK-NEXT: %[[JOBS:.*]] = arith.muli %[[J1]], %c1 : index
// CHECK-NEXT: %[[MAX:.*]] = arith.constant 4224 : index
// CHECK-NEXT: %[[AG:.*]] = arith.minui %[[JOBS]], %[[MAX]] : index
// CHECK: %[[HB:.*]] = arith.ceildivui %[[AG]], %{{.*}} : index
// CHECK: gpu.launch_func @saxpy::@saxpy blocks in (%[[HB]], %{{.*}}, %{{.*}}) threads in (%c128{{.*}}, %{{.*}}, %{{.*}}) args(%{{.*}} : f32, %{{.*}} : memref<?xf32>, %{{.*}} : memref<?xf32>, %{{.*}} : memref<?xindex>, %[[SCALED]] : index, %c1 : index, %c1 : index)

// BODY-LABEL: gpu.module @saxpy
// BODY: gpu.thread_id x
// BODY: gpu.block_id x
// BODY: gpu.grid_dim x
// BODY: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @saxpy {
    // expected-remark @+2 {{wc-aggregate: resized 128-thread blocks into 4 one-warp blocks each (grid x scaled by 4)}}
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, static schedule, x-major}}
    gpu.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %ids: memref<?xindex>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %d = gpu.block_dim x
      %g = gpu.grid_dim x
      %gid = gpu.global_id x
      %base = arith.muli %b, %d : index
      %i = arith.addi %base, %t : index
      %xi = memref.load %x[%i] : memref<?xf32>
      %yi = memref.load %y[%i] : memref<?xf32>
      %ax = arith.mulf %a, %xi : f32
      %r = arith.addf %ax, %yi : f32
      memref.store %r, %y[%i] : memref<?xf32>
      %n = arith.muli %g, %d : index
      memref.store %n, %ids[%gid] : memref<?xindex>
      gpu.return
    }
  }
  func.func @saxpy_host(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %ids: memref<?xindex>, %blocks: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @saxpy::@saxpy blocks in (%blocks, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%a : f32, %x : memref<?xf32>, %y : memref<?xf32>, %ids : memref<?xindex>)
    return
  }
}

// -----

// Each 64-thread block of a 5 x 3 grid mirrors its row through workgroup
// memory (the kernel of test/Integration/delegate.mlir): the buffer stays
// in shared memory, 64 elements for each of the 4 agents of a hyper-CTA
// (1 KiB). Every access is prefixed with the agent's warp in the hyper-CTA;
// the 2-D block id is the 2-D job id.

// CHECK-LABEL: gpu.module @mirror
// CHECK: gpu.func @mirror(%[[IN:.*]]: memref<15x64xi32>, %[[OUT:.*]]: memref<15x64xi32>, %[[GX:.*]]: index, %{{.*}}: index, %{{.*}}: index) workgroup(%[[TILE:.*]] : memref<4x64xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 8 : i32} {
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[WARP:.*]] = arith.divui %[[TID]], %c32 : index
// CHECK: wc.job_loop (%[[JX:.*]], %[[JY:.*]], %{{.*}}) in
// CHECK: wc.warp_job block [64, 1, 1] virtual_threads 2 {
// CHECK: %[[R0:.*]] = arith.muli %[[JY]], %[[GX]] : index
// CHECK-NEXT: %[[ROW:.*]] = arith.addi %[[R0]], %[[JX]] : index
// CHECK-NEXT: wc.vthreads (%{{.*}}, %[[T0:.*]], %{{.*}}, %{{.*}}) {
// CHECK-NEXT: %[[V:.*]] = memref.load %[[IN]][%[[ROW]], %[[T0]]] : memref<15x64xi32>
// CHECK-NEXT: memref.store %[[V]], %[[TILE]][%[[WARP]], %[[T0]]] : memref<4x64xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: }
// CHECK-NEXT: wc.warp_sync
// CHECK-NEXT: wc.vthreads (%{{.*}}, %[[T1:.*]], %{{.*}}, %{{.*}}) {
// CHECK-NEXT: %[[M:.*]] = arith.subi %{{.*}}, %[[T1]] : index
// CHECK-NEXT: %[[Y:.*]] = memref.load %[[TILE]][%[[WARP]], %[[M]]] : memref<4x64xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store %[[Y]], %[[OUT]][%[[ROW]], %[[T1]]] : memref<15x64xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: wc.warp_sync
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
// CHECK-LABEL: func.func @mirror_host(
// CHECK: %[[J1:.*]] = arith.muli %c5, %c3 : index
// CHECK-NEXT: %[[JOBS:.*]] = arith.muli %[[J1]], %c1 : index
// CHECK: gpu.launch_func @mirror::@mirror blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%c128, %{{.*}}, %{{.*}}) args(%{{.*}} : memref<15x64xi32>, %{{.*}} : memref<15x64xi32>, %c5 : index, %c3 : index, %c1 : index)

// BODY-LABEL: gpu.module @mirror
// BODY: gpu.thread_id x
// BODY: gpu.block_id x
// BODY: gpu.grid_dim x
// BODY: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @mirror {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, static schedule, x-major, 1024 bytes of workgroup memory per hyper-CTA}}
    gpu.func @mirror(%in: memref<15x64xi32>, %out: memref<15x64xi32>)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c63 = arith.constant 63 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %r0 = arith.muli %by, %gx : index
      %row = arith.addi %r0, %bx : index
      %x = memref.load %in[%row, %tx] : memref<15x64xi32>
      memref.store %x, %tile[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %m = arith.subi %c63, %tx : index
      %y = memref.load %tile[%m] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%row, %tx] : memref<15x64xi32>
      gpu.return
    }
  }
  func.func @mirror_host(%in: memref<15x64xi32>, %out: memref<15x64xi32>) {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @mirror::@mirror blocks in (%c5, %c3, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<15x64xi32>, %out : memref<15x64xi32>)
    return
  }
}

// -----

// A kernel written with one-warp blocks (wc-aggregate leaves it alone) is
// delegated as it is. Every id op is replaced: thread id x by the lane,
// thread id y by 0, block ids by the job ids, block dims by 32 x 1, grid
// dims by the grid arguments, global ids by job x * 32 + lane and job y,
// subgroup id by 0 and the number of subgroups by 1; the lane id stays.

// CHECK-LABEL: gpu.module @ids
// CHECK: gpu.func @ids(%[[OUT:.*]]: memref<?x16xindex>, %[[GX:.*]]: index, %[[GY:.*]]: index, %[[GZ:.*]]: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 8 : i32} {
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: arith.divui %[[TID]], %c32 : index
// CHECK-NEXT: %[[LANE:.*]] = arith.remui %[[TID]], %c32 : index
// CHECK: wc.job_loop (%[[JX:.*]], %[[JY:.*]], %[[JZ:.*]]) in (%[[GX]], %[[GY]], %[[GZ]])
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[WS:.*]] = arith.constant 32 : index
// CHECK: %[[JX32:.*]] = arith.muli %[[JX]], %[[WS]] : index
// CHECK-NEXT: %[[IX:.*]] = arith.addi %[[JX32]], %[[LANE]] : index
// CHECK-NEXT: %[[LN:.*]] = gpu.lane_id
// CHECK-NEXT: memref.store %[[LANE]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[ZERO]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[JX]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[JY]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[JZ]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[WS]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[ONE]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[GX]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[GY]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[GZ]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[JY]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[ZERO]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[ONE]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: memref.store %[[LN]], %[[OUT]][%[[IX]], %{{.*}}]
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
// CHECK-LABEL: func.func @ids_host(
// CHECK-SAME: %{{.*}}: memref<?x16xindex>, %[[HX:.*]]: index, %[[HY:.*]]: index) {
// CHECK: %[[J1:.*]] = arith.muli %[[HX]], %[[HY]] : index
// CHECK-NEXT: %[[JOBS:.*]] = arith.muli %[[J1]], %c2 : index
// CHECK-NEXT: %[[MAX:.*]] = arith.constant 4224 : index
// CHECK-NEXT: arith.minui %[[JOBS]], %[[MAX]] : index
// CHECK: gpu.launch_func @ids::@ids blocks in (%{{.*}}, %[[ONE:[^,]+]], %[[ONE]]) threads in (%c128, %[[ONE]], %[[ONE]]) args(%{{.*}} : memref<?x16xindex>, %[[HX]] : index, %[[HY]] : index, %c2 : index)

// BODY-LABEL: gpu.module @ids
// BODY: gpu.thread_id x
// BODY: gpu.block_id x
// BODY: gpu.grid_dim x
// BODY: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @ids {
    // expected-remark @+2 {{wc-aggregate: kernel left unchanged: each block is already a single warp and it has no barrier}}
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, static schedule, x-major}}
    gpu.func @ids(%out: memref<?x16xindex>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %c10 = arith.constant 10 : index
      %c11 = arith.constant 11 : index
      %c12 = arith.constant 12 : index
      %c13 = arith.constant 13 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bz = gpu.block_id z
      %dx = gpu.block_dim x
      %dy = gpu.block_dim y
      %gx = gpu.grid_dim x
      %gy = gpu.grid_dim y
      %gz = gpu.grid_dim z
      %ix = gpu.global_id x
      %iy = gpu.global_id y
      %sg = gpu.subgroup_id : index
      %ns = gpu.num_subgroups : index
      %ln = gpu.lane_id
      memref.store %tx, %out[%ix, %c0] : memref<?x16xindex>
      memref.store %ty, %out[%ix, %c1] : memref<?x16xindex>
      memref.store %bx, %out[%ix, %c2] : memref<?x16xindex>
      memref.store %by, %out[%ix, %c3] : memref<?x16xindex>
      memref.store %bz, %out[%ix, %c4] : memref<?x16xindex>
      memref.store %dx, %out[%ix, %c5] : memref<?x16xindex>
      memref.store %dy, %out[%ix, %c6] : memref<?x16xindex>
      memref.store %gx, %out[%ix, %c7] : memref<?x16xindex>
      memref.store %gy, %out[%ix, %c8] : memref<?x16xindex>
      memref.store %gz, %out[%ix, %c9] : memref<?x16xindex>
      memref.store %iy, %out[%ix, %c10] : memref<?x16xindex>
      memref.store %sg, %out[%ix, %c11] : memref<?x16xindex>
      memref.store %ns, %out[%ix, %c12] : memref<?x16xindex>
      memref.store %ln, %out[%ix, %c13] : memref<?x16xindex>
      gpu.return
    }
  }
  func.func @ids_host(%out: memref<?x16xindex>, %gx: index, %gy: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @ids::@ids blocks in (%gx, %gy, %c2) threads in (%c32, %c1, %c1) args(%out : memref<?x16xindex>)
    return
  }
}

// -----

// 9 KiB of workgroup memory per one-warp block (wc-aggregate makes it a
// warp job of one virtual thread): 36 KiB per hyper-CTA, so the 228 KiB of
// shared memory of an SM keep 6 hyper-CTAs resident, not 8: minctasm 6 and
// at most 132 x 6 x 4 = 3168 agents. (6 also counting the 1 KiB the driver
// reserves per block: an H100 reports 6 blocks of 36 KiB per SM.)

// CHECK-LABEL: gpu.module @big_tile
// CHECK: gpu.func @big({{.*}}) workgroup(%[[BUF:.*]] : memref<4x2304xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.minctasm = 6 : i32} {
// CHECK: %[[WARP:.*]] = arith.divui %thread_id_x, %c32 : index
// CHECK: wc.job_loop
// CHECK: wc.warp_job block [32, 1, 1] virtual_threads 1 {
// CHECK: memref.store %{{.*}}, %[[BUF]][%[[WARP]], %{{.*}}] : memref<4x2304xf32, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[BUF]][%[[WARP]], %{{.*}}] : memref<4x2304xf32, #gpu.address_space<workgroup>>
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: wc.warp_sync
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
// CHECK-LABEL: func.func @big_host(
// CHECK: %[[MAX:.*]] = arith.constant 3168 : index
// CHECK-NEXT: arith.minui %{{.*}}, %[[MAX]] : index

// BODY-LABEL: gpu.module @big_tile
// BODY: gpu.thread_id x
// BODY: gpu.block_id x
// BODY: gpu.grid_dim x
// BODY: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @big_tile {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 32-thread block, 1 virtual thread per lane, 1 phase, no barrier}}
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 6 per SM, at most 3168 agents, static schedule, x-major, 36864 bytes of workgroup memory per hyper-CTA}}
    gpu.func @big(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%buf: memref<2304xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c2303 = arith.constant 2303 : index
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xf32>
      memref.store %x, %buf[%t] : memref<2304xf32, #gpu.address_space<workgroup>>
      %m = arith.subi %c2303, %t : index
      %y = memref.load %buf[%m] : memref<2304xf32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%t] : memref<?xf32>
      gpu.return
    }
  }
  func.func @big_host(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @big_tile::@big blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}

// -----

// Two launch sites of one kernel in a host function with two returns. With
// the dynamic schedule each site gets its own counter, allocated and zeroed
// at the start of the host function and freed before every return; each
// launch passes its own grid.

// CHECK-LABEL: func.func @sites_host(
// CHECK-NOT: gpu.alloc
// CHECK: gpu.launch_func @sites::@fill {{.*}} args(%{{.*}} : memref<?xi32>, %{{.*}} : index, %{{.*}} : index, %{{.*}} : index)
// CHECK: gpu.launch_func @sites::@fill {{.*}} args(%{{.*}} : memref<?xi32>, %{{.*}} : index, %{{.*}} : index, %{{.*}} : index)
// CHECK-NOT: gpu.dealloc

// BODY-LABEL: gpu.module @sites
// BODY: gpu.thread_id x
// BODY: gpu.block_id x
// BODY: gpu.grid_dim x
// BODY: wc.job_loop

// DYN-LABEL: gpu.module @sites
// DYN: gpu.func @fill(%{{.*}}: memref<?xi32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %[[CTR:.*]]: memref<512xi32>)
// DYN: wc.job_loop {{.*}} schedule dynamic order x_major counter %[[CTR]] : memref<512xi32> {
// DYN-LABEL: func.func @sites_host(
// DYN-SAME: %{{.*}}: memref<?xi32>, %[[N:.*]]: index, %{{.*}}: i1) {
// DYN-NEXT: %[[A:.*]] = gpu.alloc () : memref<512xi32>
// DYN-NEXT: %[[ZA:.*]] = arith.constant 0 : i32
// DYN-NEXT: gpu.memset %[[A]], %[[ZA]] : memref<512xi32>, i32
// DYN-NEXT: %[[B:.*]] = gpu.alloc () : memref<512xi32>
// DYN-NEXT: %[[ZB:.*]] = arith.constant 0 : i32
// DYN-NEXT: gpu.memset %[[B]], %[[ZB]] : memref<512xi32>, i32
// DYN-NEXT: %[[C1:.*]] = arith.constant 1 : index
// DYN: gpu.launch_func @sites::@fill {{.*}} args(%{{.*}} : memref<?xi32>, %[[N]] : index, %[[C1]] : index, %[[C1]] : index, %[[B]] : memref<512xi32>)
// DYN-NEXT: cf.cond_br
// DYN: gpu.launch_func @sites::@fill {{.*}} args(%{{.*}} : memref<?xi32>, %[[C1]] : index, %[[N]] : index, %[[C1]] : index, %[[A]] : memref<512xi32>)
// DYN-NEXT: gpu.dealloc %[[B]] : memref<512xi32>
// DYN-NEXT: gpu.dealloc %[[A]] : memref<512xi32>
// DYN-NEXT: return
// DYN-NEXT: ^bb2:
// DYN-NEXT: gpu.dealloc %[[B]] : memref<512xi32>
// DYN-NEXT: gpu.dealloc %[[A]] : memref<512xi32>
// DYN-NEXT: return
module attributes {gpu.container_module} {
  gpu.module @sites {
    // expected-remark @+3 {{wc-aggregate: kernel left unchanged: each block is already a single warp and it has no barrier}}
    // expected-remark @+2 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, static schedule, x-major}}
    // DYN-REMARK: delegate.mlir:[[@LINE+1]]:5: remark: wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, dynamic schedule, x-major
    gpu.func @fill(%out: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c32 : index
      %i = arith.addi %base, %t : index
      %v = arith.index_cast %i : index to i32
      memref.store %v, %out[%i] : memref<?xi32>
      gpu.return
    }
  }
  func.func @sites_host(%out: memref<?xi32>, %n: index, %twice: i1) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @sites::@fill blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1) args(%out : memref<?xi32>)
    cf.cond_br %twice, ^again, ^done
  ^again:
    gpu.launch_func @sites::@fill blocks in (%c1, %n, %c1) threads in (%c32, %c1, %c1) args(%out : memref<?xi32>)
    return
  ^done:
    return
  }
}
