// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{channels=named-barriers}))' | FileCheck %s
// RUN: wc-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wc-to-nvvm{channels=named-barriers}))' | FileCheck %s --check-prefix=LOWERED
// RUN: wc-opt %s --wc-lower-to-nvvm="format=isa channels=named-barriers" | FileCheck %s --check-prefix=PTX
// RUN: wc-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wc-to-nvvm))' | FileCheck %s --check-prefix=MBAR
// RUN: wc-opt %s --wc-lower-to-nvvm=format=isa | FileCheck %s --check-prefix=MPTX
// RUN: not wc-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wc-to-nvvm{chip=sm_80 channels=mbarriers}))' 2>&1 | FileCheck %s --check-prefix=OLD
// OLD: error: convert-wc-to-nvvm: channels=mbarriers needs sm_90 or later (mbarrier.try_wait), not sm_80
// RUN: wc-opt %s --wc-consolidate 2>&1 >/dev/null | FileCheck %s --check-prefix=KEEP
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s

// Aggregation would change what the roles mean: the cost model's stages
// leave a specialized kernel as it is.
// KEEP: wc-aggregate: kernel left unchanged: it uses 'wc.channel_wait', whose meaning aggregation would change

// A producer that refills stage 1 without waiting for it to be empty races
// with the consumers' reads; one that never signals stage 1 full leaves the
// consumers waiting: the simulator reports both.
// RUN: sed 's/^            wc.channel_wait empty channel 0 stage 1$//' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: sed 's/^          wc.channel_signal full channel 0 stage 1$//' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=STUCK
// The same two mistakes lowered to mbarriers (the default on sm_90).
// RUN: sed 's/^            wc.channel_wait empty channel 0 stage 1$//' %s | not wc-sim - %lowered 2>&1 | FileCheck %s --check-prefix=MRACE
// MRACE: error: [block (0, 0, 0) warp 0 lane 0] data race on workgroup memory 'workgroup attribution #2' element 32: write by thread 0 and earlier read by thread {{32|64}} with no barrier between them
// RUN: sed 's/^          wc.channel_signal full channel 0 stage 1$//' %s | not wc-sim - %lowered 2>&1 | FileCheck %s --check-prefix=MSTUCK
// MSTUCK: error: [block (0, 0, 0)] mbarrier 2 never completes its phase 0: warps 1 2 wait, 64 of 96 threads arrived
// RACE: error: [block (0, 0, 0) warp 0 lane 0] data race on workgroup memory 'workgroup attribution #2' element 32: write by thread 0 and earlier read by thread 32 with no barrier between them
// STUCK: error: [block (0, 0, 0)] barrier 3 reached by only part of the block: warps 2 1 wait for 96 threads, 64 arrived

// Warp specialization written by hand: a block of 3 warps, one producer
// warp that copies 8 tiles of 32 elements from global memory into a
// 2-stage ring in workgroup memory, and two consumer warps that add up each
// tile (consumer w weighs it by w + 1). The ring's stages are handed over
// with the channel's full and empty signals: the producer waits for a
// stage to be empty before refilling it (from the third tile on), the
// consumers release it after reading (up to the sixth tile, the last one
// the producer waits for). On the simulator (race detector on) and lowered
// to mbarriers or named barriers, all must give, for lane l of consumer w,
// (w + 1) * sum over tiles t of (32 t + l) = (w + 1) * (896 + 8 l).
// CHECK: sizes = [64]
// CHECK-NEXT: [896,  904,  912,  920,  928,  936,  944,  952,  960,  968,  976,  984,  992,  1000,  1008,  1016,  1024,  1032,  1040,  1048,  1056,  1064,  1072,  1080,  1088,  1096,  1104,  1112,  1120,  1128,  1136,  1144,  1792,  1808,  1824,  1840,  1856,  1872,  1888,  1904,  1920,  1936,  1952,  1968,  1984,  2000,  2016,  2032,  2048,  2064,  2080,  2096,  2112,  2128,  2144,  2160,  2176,  2192,  2208,  2224,  2240,  2256,  2272,  2288]

// Roles become a branch on the warp index; signals become named barriers:
// stage s of the channel is barrier 1 + 2 s (full) and 2 + 2 s (empty),
// counting the 3 warps' 96 threads. The producer signals full with a bare
// arrive; a consumer releasing a stage fences its reads first.
// The warp index goes through redux.sync, so that ptxas sees each role's
// branch as uniform.
// LOWERED-LABEL: gpu.func @ring
// LOWERED: %[[WARP:.*]] = arith.divui
// LOWERED: %[[WARP32:.*]] = arith.index_castui %[[WARP]] : index to i32
// LOWERED: nvvm.redux.sync umin %[[WARP32]]
// LOWERED-NOT: nvvm.memory.barrier
// LOWERED: nvvm.barrier.arrive id = %{{.*}} number_of_threads = %{{.*}}
// LOWERED-NOT: nvvm.memory.barrier
// LOWERED: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// LOWERED: nvvm.memory.barrier <cta>
// LOWERED-NEXT: nvvm.barrier.arrive id = %{{.*}} number_of_threads = %{{.*}}
// LOWERED-NOT: wc.
// PTX-DAG: bar.sync \091, 96;
// PTX-DAG: bar.sync \092, 96;
// PTX-DAG: bar.sync \093, 96;
// PTX-DAG: bar.sync \094, 96;
// PTX-DAG: bar.arrive
// PTX-DAG: membar.cta;

// On sm_90 the signals become mbarriers in workgroup memory, one per
// signal and stage in the named barriers' order, each counting the 96
// threads, initialised once at the kernel's entry by thread 0 before a
// block barrier. The signalling
// role arrives; the waiting one arrives and waits for the phase's parity,
// which each thread keeps in a private word per channel and signal.
// MBAR-LABEL: gpu.func @ring
// MBAR: nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 4>
// MBAR: memref.alloca() : memref<2xi32>
// MBAR-COUNT-4: nvgpu.mbarrier.init %{{.*}}[%{{.*}}], %c96
// MBAR: nvvm.barrier0
// MBAR: nvgpu.mbarrier.arrive
// MBAR: nvgpu.mbarrier.try_wait.parity
// MBAR-NOT: nvvm.barrier.arrive
// MBAR-NOT: nvvm.memory.barrier
// MBAR-NOT: wc.
// MPTX-DAG: mbarrier.init.shared.b64
// MPTX-DAG: mbarrier.arrive.shared.b64
// MPTX-DAG: mbarrier.try_wait.parity.shared.b64
// MPTX-NOT: bar.arrive
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ring(%in: memref<256xi32>, %out: memref<64xi32>)
        workgroup(%ring: memref<2x32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 96, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0 : i32
      %lane = gpu.lane_id
      wc.warp_specialize warps [1, 2] channels [0 -> 1 stages 2] (%w: index) {
        // Producer: tiles 2j and 2j + 1 into stages 0 and 1.
        scf.for %j = %c0 to %c4 step %c1 {
          %refill = arith.cmpi ugt, %j, %c0 : index
          %t0 = arith.muli %j, %c2 : index
          scf.if %refill {
            wc.channel_wait empty channel 0 stage 0
          }
          %a0 = arith.muli %t0, %c32 : index
          %g0 = arith.addi %a0, %lane : index
          %v0 = memref.load %in[%g0] : memref<256xi32>
          memref.store %v0, %ring[%c0, %lane] : memref<2x32xi32, #gpu.address_space<workgroup>>
          wc.channel_signal full channel 0 stage 0
          %t1 = arith.addi %t0, %c1 : index
          scf.if %refill {
            wc.channel_wait empty channel 0 stage 1
          }
          %a1 = arith.muli %t1, %c32 : index
          %g1 = arith.addi %a1, %lane : index
          %v1 = memref.load %in[%g1] : memref<256xi32>
          memref.store %v1, %ring[%c1, %lane] : memref<2x32xi32, #gpu.address_space<workgroup>>
          wc.channel_signal full channel 0 stage 1
        }
      }, (%w: index) {
        // Consumers: warp w weighs every element by w + 1.
        %w1 = arith.addi %w, %c1 : index
        %weight = arith.index_cast %w1 : index to i32
        %sum = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
          %release = arith.cmpi ult, %j, %c3 : index
          wc.channel_wait full channel 0 stage 0
          %x0 = memref.load %ring[%c0, %lane] : memref<2x32xi32, #gpu.address_space<workgroup>>
          scf.if %release {
            wc.channel_signal empty channel 0 stage 0
          }
          wc.channel_wait full channel 0 stage 1
          %x1 = memref.load %ring[%c1, %lane] : memref<2x32xi32, #gpu.address_space<workgroup>>
          scf.if %release {
            wc.channel_signal empty channel 0 stage 1
          }
          %p = arith.addi %x0, %x1 : i32
          %q = arith.muli %p, %weight : i32
          %next = arith.addi %acc, %q : i32
          scf.yield %next : i32
        }
        %o = arith.muli %w, %c32 : index
        %at = arith.addi %o, %lane : index
        memref.store %sum, %out[%at] : memref<64xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c96 = arith.constant 96 : index
    %c256 = arith.constant 256 : index
    %h = memref.alloc() : memref<256xi32>
    scf.for %i = %c0 to %c256 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<256xi32>
    }
    %d = gpu.alloc () : memref<256xi32>
    %o = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d, %h : memref<256xi32>, memref<256xi32>
    gpu.launch_func @kernels::@ring blocks in (%c1, %c1, %c1) threads in (%c96, %c1, %c1)
        args(%d : memref<256xi32>, %o : memref<64xi32>)
    %r = memref.alloc() : memref<64xi32>
    gpu.memcpy %r, %o : memref<64xi32>, memref<64xi32>
    %u = memref.cast %r : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
