// RUN: env WC_FAKE_PTXAS=permute@256=21,permute@32=64,permute@128=64,permute_many@256=21,permute_many@32=64,permute_many@128=64,sum_limited@64=40,sum_limited@32=72,sum_limited@128=72,sum_fewer@64=40,sum_fewer@32=60,sum_fewer@128=92,sum_spills@64=40,sum_spills@32=255:64,sum_loop_spills@64=40,sum_loop_spills@32=60,sum_loop_spills@128=255:128,scale_keeps@128=64,scale_keeps@32=64,scale_loses@128=19,scale_loses@32=19 \
// RUN:   wc-opt %s -split-input-file --wc-consolidate=ptxas=%S/Inputs/fake-ptxas.py \
// RUN:   -verify-diagnostics | FileCheck %s
// RUN: not wc-opt %s -split-input-file --wc-consolidate=ptxas=%t.missing/ptxas \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=MISSING

// A ptxas option that names no executable is an error.
// MISSING: error: wc-consolidate: ptxas '{{.*}}missing/ptxas' is not an executable

// The cost model with ptxas: it compiles each candidate of a kernel (as it
// is, aggregated and remapped, delegated) and decides from the registers
// and spills ptxas reports. A stand-in for ptxas (Inputs/fake-ptxas.py)
// reports, per kernel and block size, the figures each case needs.

// The job loop takes 72 registers per thread: 7 hyper-CTAs of 4 warps fit an
// SM (not the 8 asked for), as many agents as the one-warp blocks of the
// aggregated kernel (72 registers) keep resident: delegated, with launch
// bounds that ask for 7 hyper-CTAs per SM, which leave 72 registers.
// CHECK-LABEL: gpu.module @limited
// CHECK: gpu.func @sum_limited
// CHECK-SAME: nvvm.minctasm = 7
// CHECK: wc.job_loop
// CHECK-LABEL: func.func @host
// CHECK: %[[AGENTS:.*]] = arith.minui %{{.*}}, %c3696
// CHECK: arith.ceildivui %[[AGENTS]], %c4
module attributes {gpu.container_module} {
  gpu.module @limited {
    // expected-remark @+6 {{wc-consolidate: aggregate and remap (2 barriers, workgroup memory)}}
    // expected-remark @+5 {{wc-aggregate: coarsened: one warp per 64-thread block}}
    // expected-remark @+4 {{wc-remap: workgroup buffer 0}}
    // expected-remark @+3 {{wc-remap: 6 warp syncs removed}}
    // expected-remark @+2 {{wc-consolidate: delegate with the static schedule: up to 100000 jobs per launch over 3696 resident agents}}
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 7 per SM, at most 3696 agents, static schedule, x-major, residency limited by registers (72 registers per thread)}}
    gpu.func @sum_limited(%in: memref<?xf32>, %out: memref<?xf32>)
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
    gpu.launch_func @limited::@sum_limited blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}


// -----

// The job loop takes 92 registers per thread: 20 agents per SM, fewer than
// the 32 one-warp blocks of 60 registers the hardware keeps resident: not
// delegated.
// CHECK-LABEL: gpu.module @fewer_agents
// CHECK-NOT: wc.job_loop
// CHECK: wc.warp_job block [64, 1, 1]
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @fewer_agents::@sum_fewer blocks in (%c100000, %c1, %c1) threads in (%c32,
module attributes {gpu.container_module} {
  gpu.module @fewer_agents {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (2 barriers, workgroup memory)}}
    // expected-remark @+4 {{wc-aggregate: coarsened: one warp per 64-thread block}}
    // expected-remark @+3 {{wc-remap: workgroup buffer 0}}
    // expected-remark @+2 {{wc-remap: 6 warp syncs removed}}
    // expected-remark @+1 {{wc-consolidate: not delegated: 20 agents per SM (92 registers in the job loop, registers limiting) are fewer than the 32 resident warps per SM (block slots) of its one-warp blocks (60 registers)}}
    gpu.func @sum_fewer(%in: memref<?xf32>, %out: memref<?xf32>)
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
    gpu.launch_func @fewer_agents::@sum_fewer blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}


// -----

// Aggregated and remapped, the kernel spills where the original does not:
// left unchanged.
// CHECK-LABEL: gpu.module @aggregate_spills
// CHECK-NOT: wc.warp_job
// CHECK: gpu.barrier
// CHECK-LABEL: func.func @host
// CHECK: threads in (%c64, %c1, %c1)
module attributes {gpu.container_module} {
  gpu.module @aggregate_spills {
    // expected-remark @+1 {{wc-consolidate: left unchanged: aggregated and remapped, it spills (255 registers, 64 spilled bytes; the original 40 registers)}}
    gpu.func @sum_spills(%in: memref<?xf32>, %out: memref<?xf32>)
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
    gpu.launch_func @aggregate_spills::@sum_spills blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}


// -----

// The job loop spills where the aggregated kernel does not: not delegated.
// CHECK-LABEL: gpu.module @loop_spills
// CHECK-NOT: wc.job_loop
// CHECK: wc.warp_job block [64, 1, 1]
module attributes {gpu.container_module} {
  gpu.module @loop_spills {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (2 barriers, workgroup memory)}}
    // expected-remark @+4 {{wc-aggregate: coarsened: one warp per 64-thread block}}
    // expected-remark @+3 {{wc-remap: workgroup buffer 0}}
    // expected-remark @+2 {{wc-remap: 6 warp syncs removed}}
    // expected-remark @+1 {{wc-consolidate: not delegated: the job loop spills (255 registers, 128 spilled bytes)}}
    gpu.func @sum_loop_spills(%in: memref<?xf32>, %out: memref<?xf32>)
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
    gpu.launch_func @loop_spills::@sum_loop_spills blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}


// -----

// No communication, and registers hold the original 128-thread blocks to 32
// warps per SM, as many as the one-warp blocks: resized.
// CHECK-LABEL: gpu.module @resize_keeps
// CHECK: gpu.func @scale_keeps
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK-LABEL: func.func @host
// CHECK: threads in (%c32
module attributes {gpu.container_module} {
  gpu.module @resize_keeps {
    // expected-remark @+2 {{wc-consolidate: aggregate (one-warp blocks): no barrier, no workgroup memory and balanced jobs; one-warp blocks (64 registers) keep 32 resident warps per SM (block slots), the original blocks (64 registers) 32 resident warps per SM (registers)}}
    // expected-remark @+1 {{wc-aggregate: resized 128-thread blocks into 4 one-warp blocks each}}
    gpu.func @scale_keeps(%a: memref<?xf32>) kernel
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
    gpu.launch_func @resize_keeps::@scale_keeps blocks in (%blocks, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%a : memref<?xf32>)
    return
  }
}


// -----

// With 19 registers, the original blocks keep 64 warps per SM resident,
// one-warp blocks only 32 (block slots): left unchanged.
// CHECK-LABEL: gpu.module @resize_loses
// CHECK: gpu.func @scale_loses
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
module attributes {gpu.container_module} {
  gpu.module @resize_loses {
    // expected-remark @+1 {{wc-consolidate: left unchanged: no barrier, no workgroup memory and balanced jobs; one-warp blocks (19 registers) keep 32 resident warps per SM (block slots), the original blocks (19 registers) 64 resident warps per SM (warp slots)}}
    gpu.func @scale_loses(%a: memref<?xf32>) kernel
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
    gpu.launch_func @resize_loses::@scale_loses blocks in (%blocks, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%a : memref<?xf32>)
    return
  }
}


// -----

// ptxas fails on the kernel (the stand-in has no figures for it): the
// estimates decide, as without ptxas.
// CHECK-LABEL: gpu.module @unmeasured
// CHECK: gpu.func @scale_unmeasured
// CHECK-SAME: known_block_size = array<i32: 128, 1, 1>
module attributes {gpu.container_module} {
  gpu.module @unmeasured {
    // expected-remark @+2 {{fake-ptxas.py' failed: fake-ptxas: no figures for 128-thread blocks of scale_unmeasured); its registers are estimated}}
    // expected-remark @+1 {{wc-consolidate: left unchanged: no barrier, no workgroup memory and balanced jobs, where aggregation alone loses occupancy}}
    gpu.func @scale_unmeasured(%a: memref<?xf32>) kernel
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
    gpu.launch_func @unmeasured::@scale_unmeasured blocks in (%blocks, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%a : memref<?xf32>)
    return
  }
}


// -----

// A block that meets once (one barrier, not in a loop) through a buffer
// that a permutation reads, which wc-remap cannot move to registers: the
// measured candidate does not spill, so the kernel is aggregated (and the
// tile stays in shared memory); 4096 jobs are fewer than the agents, so it
// is not delegated. With 262144 jobs, 62 per agent, it is delegated.
// (The suite's transform-dialect transpose has this shape: on the H200 it
// measured 1.38x over upstream aggregated, remapped and padded, in Nsight
// Compute's kernel time.)
// CHECK-LABEL: gpu.module @once
// CHECK: gpu.func @permute
// CHECK: wc.warp_job
// CHECK-NOT: wc.job_loop
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @once {
    // expected-remark @+4 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+3 {{wc-aggregate: coarsened: one warp per 256-thread block}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 0 (memref<256xi32, #gpu.address_space<workgroup>>) stays in shared memory}}
    // expected-remark @+1 {{wc-consolidate: not delegated: at most 4096 jobs per launch, no more than the 4224 agents delegation keeps resident}}
    gpu.func @permute(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%tile: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c17 = arith.constant 17 : index
      %c255 = arith.constant 255 : index
      // expected-remark @+1 {{wc-async-copy: no tile copies: source index computed at run time by 'gpu.block_id'}}
      %t = gpu.thread_id x
      %i = gpu.global_id x
      %x = memref.load %in[%i] : memref<?xi32>
      memref.store %x, %tile[%t] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %p = arith.muli %t, %c17 : index
      %q = arith.andi %p, %c255 : index
      // expected-note @+1 {{here}}
      %y = memref.load %tile[%q] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%i] : memref<?xi32>
      gpu.return
    }
  }
  func.func @host(%in: memref<?xi32>, %out: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %c4096 = arith.constant 4096 : index
    gpu.launch_func @once::@permute blocks in (%c4096, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<?xi32>, %out : memref<?xi32>)
    return
  }
}

// -----

// CHECK-LABEL: gpu.module @many
// CHECK: gpu.func @permute_many
// CHECK: wc.job_loop
module attributes {gpu.container_module} {
  gpu.module @many {
    // expected-remark @+5 {{wc-consolidate: aggregate and remap (1 barrier, workgroup memory)}}
    // expected-remark @+4 {{wc-aggregate: coarsened: one warp per 256-thread block}}
    // expected-remark @+3 {{wc-remap: workgroup buffer 0 (memref<256xi32, #gpu.address_space<workgroup>>) stays in shared memory}}
    // expected-remark @+2 {{wc-consolidate: delegate with the static schedule: up to 262144 jobs per launch over 4224 resident agents}}
    // expected-remark @+1 {{wc-delegate: persistent agents}}
    gpu.func @permute_many(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%tile: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c17 = arith.constant 17 : index
      %c255 = arith.constant 255 : index
      // expected-remark @+1 {{wc-async-copy: no tile copies: source index depends on a thread-dependent block argument}}
      %t = gpu.thread_id x
      %i = gpu.global_id x
      %x = memref.load %in[%i] : memref<?xi32>
      memref.store %x, %tile[%t] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %p = arith.muli %t, %c17 : index
      %q = arith.andi %p, %c255 : index
      // expected-note @+1 {{here}}
      %y = memref.load %tile[%q] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%i] : memref<?xi32>
      gpu.return
    }
  }
  func.func @host(%in: memref<?xi32>, %out: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %cmany = arith.constant 262144 : index
    gpu.launch_func @many::@permute_many blocks in (%cmany, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<?xi32>, %out : memref<?xi32>)
    return
  }
}
