// RUN: wc-opt %s | FileCheck %s
// RUN: wc-opt %s | wc-opt | FileCheck %s
// RUN: wc-opt %s --mlir-print-op-generic | wc-opt | FileCheck %s

// CHECK-LABEL: func @warp_job
// CHECK: wc.warp_job block [256, 1, 1] virtual_threads 8 {
// CHECK:   %{{.*}} = wc.vthreads (%[[V:.*]], %[[TX:.*]], %[[TY:.*]], %[[TZ:.*]]) -> vector<8xf32> {
// CHECK:     memref.load %{{.*}}[%[[TX]]]
// CHECK:     wc.yield %{{.*}} : f32
// CHECK:   wc.warp_sync
// CHECK:   wc.vthreads (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {
func.func @warp_job(%in: memref<256xf32>) {
  wc.warp_job block [256, 1, 1] virtual_threads 8 {
    %v = wc.vthreads (%vt, %tx, %ty, %tz) -> vector<8xf32> {
      %x = memref.load %in[%tx] : memref<256xf32>
      wc.yield %x : f32
    }
    wc.warp_sync
    wc.vthreads (%vt, %tx, %ty, %tz) {
      %x = vector.extract %v[%vt] : f32 from vector<8xf32>
      memref.store %x, %in[%tx] : memref<256xf32>
    }
  }
  return
}

// CHECK-LABEL: func @job_loop
// CHECK: wc.job_loop (%{{.*}}, %{{.*}}, %{{.*}}) in (%arg0, %arg1, %arg2) agent %arg3 of %arg4 schedule static order x_major {
// CHECK: wc.job_loop (%{{.*}}, %{{.*}}, %{{.*}}) in (%arg0, %arg1, %arg2) agent %arg3 of %arg4 schedule dynamic order y_major max_agents 64 counter %arg5 : memref<2xi32> {
func.func @job_loop(%gx: index, %gy: index, %gz: index, %a: index, %n: index, %ctr: memref<2xi32>) {
  wc.job_loop (%bx, %by, %bz) in (%gx, %gy, %gz) agent %a of %n schedule static order x_major {
    wc.warp_sync
  }
  wc.job_loop (%bx, %by, %bz) in (%gx, %gy, %gz) agent %a of %n schedule dynamic order y_major max_agents 64 counter %ctr : memref<2xi32> {
    wc.warp_sync
  }
  return
}

// CHECK-LABEL: func @lane_arrays
// CHECK: %[[A:.*]] = wc.lane_array_splat %{{.*}} : !wc.lane_array<64 x f32>
// CHECK: %[[B:.*]] = wc.lane_write %{{.*}} into %[[A]][%{{.*}}] : !wc.lane_array<64 x f32>
// CHECK: wc.lane_read %[[B]][%{{.*}}] from %{{.*}} : !wc.lane_array<64 x f32>
// CHECK: wc.lane_array_splat %{{.*}} : !wc.lane_array<100 x i32, blocked>
func.func @lane_arrays(%x: f32, %lane: i32, %i: i32) -> f32 {
  %c1 = arith.constant 1 : index
  %a = wc.lane_array_splat %x : !wc.lane_array<64 x f32>
  %b = wc.lane_write %x into %a[%c1] : !wc.lane_array<64 x f32>
  %r = wc.lane_read %b[%c1] from %lane : !wc.lane_array<64 x f32>
  %c = wc.lane_array_splat %i : !wc.lane_array<100 x i32, blocked>
  return %r : f32
}

// CHECK-LABEL: func @collectives
// CHECK: wc.shuffle idx %{{.*}}, %{{.*}} : f32
// CHECK: wc.shuffle up %{{.*}}, %{{.*}} width 16 : i64
// CHECK: wc.shuffle down %{{.*}}, %{{.*}} width 8 mask %{{.*}} : f16
// CHECK: wc.shuffle xor %{{.*}}, %{{.*}} : index
// CHECK: wc.vote any %{{.*}} -> i1
// CHECK: wc.vote all %{{.*}} mask %{{.*}} -> i1
// CHECK: wc.vote ballot %{{.*}} -> i32
// CHECK: wc.vote uni %{{.*}} -> i1
// CHECK: wc.match any %{{.*}} : i32
// CHECK: wc.match all %{{.*}} mask %{{.*}} : i64
// CHECK: wc.elect
// CHECK: wc.elect mask %{{.*}}
// CHECK: wc.active_mask
// CHECK: wc.reduce add %{{.*}} : f32
// CHECK: wc.reduce maxsi %{{.*}} cluster(size = 8, stride = 2) : i32
// CHECK: wc.scan inclusive mul %{{.*}} : f32
// CHECK: wc.scan exclusive add %{{.*}} : i32
// CHECK: wc.segmented_reduce add %{{.*}}, %{{.*}} : f32
// CHECK: wc.aggregated_atomic_add %{{.*}}, %{{.*}}[%{{.*}}] : memref<256xi32>
// CHECK: wc.aggregated_atomic_add %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] mask %{{.*}} : memref<4x8xf32>
// CHECK: wc.aggregated_atomic_rmw maxsi %{{.*}}, %{{.*}}[%{{.*}}] : memref<256xi32>
// CHECK: wc.aggregated_atomic_rmw and %{{.*}}, %{{.*}}[%{{.*}}] mask %{{.*}} : memref<256xi32>
func.func @collectives(%f: f32, %l: i64, %h: f16, %ix: index, %i: i32, %p: i1,
                       %off: i32, %m: i32, %bins: memref<256xi32>,
                       %grid: memref<4x8xf32>, %k: index) {
  %0:2 = wc.shuffle idx %f, %off : f32
  %1:2 = wc.shuffle up %l, %off width 16 : i64
  %2:2 = wc.shuffle down %h, %off width 8 mask %m : f16
  %3:2 = wc.shuffle xor %ix, %off width 32 : index
  %4 = wc.vote any %p -> i1
  %5 = wc.vote all %p mask %m -> i1
  %6 = wc.vote ballot %p -> i32
  %7 = wc.vote uni %p -> i1
  %8:2 = wc.match any %i : i32
  %9:2 = wc.match all %l mask %m : i64
  %10 = wc.elect
  %11 = wc.elect mask %m
  %12 = wc.active_mask
  %13 = wc.reduce add %f : f32
  %14 = wc.reduce maxsi %i cluster(size = 8, stride = 2) : i32
  %15 = wc.scan inclusive mul %f : f32
  %16 = wc.scan exclusive add %i : i32
  %17 = wc.segmented_reduce add %f, %p : f32
  %18 = wc.aggregated_atomic_add %i, %bins[%k] : memref<256xi32>
  %19 = wc.aggregated_atomic_add %f, %grid[%k, %k] mask %m : memref<4x8xf32>
  %r19 = wc.aggregated_atomic_rmw maxsi %i, %bins[%k] : memref<256xi32>
  %r20 = wc.aggregated_atomic_rmw and %i, %bins[%k] mask %m : memref<256xi32>
  return
}

// CHECK-LABEL: func @sync
// CHECK: wc.warp_sync
// CHECK: wc.warp_sync mask %arg0
// CHECK: wc.named_barrier_sync 0
// CHECK: wc.named_barrier_sync 1 threads 128
// CHECK: wc.named_barrier_arrive 15 threads 64
func.func @sync(%m: i32) {
  wc.warp_sync
  wc.warp_sync mask %m
  wc.named_barrier_sync 0
  wc.named_barrier_sync 1 threads 128
  wc.named_barrier_arrive 15 threads 64
  return
}

// CHECK-LABEL: func @warp_specialize
// CHECK: wc.warp_specialize warps [1, 4] channels [0 -> 1 stages 2, 1 -> 0 stages 1] (%[[P:.*]]: index) {
// CHECK:   wc.channel_signal full channel 0 stage 1
// CHECK:   wc.channel_wait empty channel 0 stage 0
// CHECK:   wc.channel_wait full channel 1 stage 0
// CHECK: }, (%[[C:.*]]: index) {
// CHECK:   wc.channel_wait full channel 0 stage 1
// CHECK:   wc.channel_signal empty channel 0 stage 0
// CHECK:   wc.channel_signal full channel 1 stage 0
// CHECK: }
func.func @warp_specialize() {
  wc.warp_specialize warps [1, 4] channels [0 -> 1 stages 2, 1 -> 0 stages 1] (%p: index) {
    wc.channel_signal full channel 0 stage 1
    wc.channel_wait empty channel 0 stage 0
    wc.channel_wait full channel 1 stage 0
  }, (%c: index) {
    wc.channel_wait full channel 0 stage 1
    wc.channel_signal empty channel 0 stage 0
    wc.channel_signal full channel 1 stage 0
  }
  return
}

// Roles of whole warpgroups with their registers (setmaxnreg on sm_90a).
// CHECK-LABEL: func @warp_specialize_registers
// CHECK: wc.warp_specialize warps [4, 8] channels [0 -> 1 stages 2] attributes {registers = array<i64: 40, 232>}
func.func @warp_specialize_registers() {
  wc.warp_specialize warps [4, 8] channels [0 -> 1 stages 2] attributes {registers = array<i64: 40, 232>} (%p: index) {
  }, (%c: index) {
  }
  return
}

// CHECK-LABEL: func @role_sync
// CHECK: wc.role_sync
func.func @role_sync() {
  wc.warp_specialize warps [1, 4] channels [] (%p: index) {
    wc.role_sync
  }, (%c: index) {
    wc.role_sync
  }
  return
}

// A role's own barrier is synced by all its warps each time: an op with no
// channel may run again in a loop without a block barrier.
// CHECK-LABEL: func @role_sync_in_loop
// CHECK: scf.for
// CHECK: wc.role_sync
func.func @role_sync_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    wc.warp_specialize warps [4] channels [] (%w: index) {
      wc.role_sync
    }
  }
  return
}

// A block barrier after the condition, or in the loop after it,
// separates the op from the next.
// CHECK-LABEL: func @warp_specialize_separated
// CHECK-COUNT-3: wc.warp_specialize warps [1, 1]
func.func @warp_specialize_separated(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
      }, (%w: index) {
      }
    }
    gpu.barrier
  }
  scf.if %c {
    wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
    }, (%w: index) {
    }
  }
  gpu.barrier
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
  }, (%w: index) {
  }
  return
}

// CHECK-LABEL: func @channel_dynamic_stage
// CHECK: wc.channel_signal full channel 0 stage %arg0
// CHECK: wc.channel_wait full channel 0 stage %arg0
func.func @channel_dynamic_stage(%s: index) {
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 3] (%p: index) {
    wc.channel_signal full channel 0 stage %s
  }, (%c: index) {
    wc.channel_wait full channel 0 stage %s
  }
  return
}

// CHECK-LABEL: func @warp_specialize_no_channels
// CHECK: wc.warp_specialize warps [2] channels [] (%{{.*}}: index) {
func.func @warp_specialize_no_channels() {
  wc.warp_specialize warps [2] channels [] (%w: index) {
  }
  return
}

// Separated by block barriers, warp_specialize ops may follow each other
// and repeat in a loop.
// CHECK-LABEL: func @specialize_separated
// CHECK-COUNT-2: wc.warp_specialize
func.func @specialize_separated(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
    }, (%w: index) {
    }
    gpu.barrier
  }
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
  }, (%w: index) {
  }
  return
}

// A one-warp role may run a warp job: the warp does the consumer work of a
// whole block, signalling outside its virtual-thread phases.
// CHECK-LABEL: func @warp_job_role
// CHECK: wc.warp_specialize warps [1, 2] channels [1 -> 0 stages 1] (%{{.*}}: index) {
// CHECK-NEXT: wc.warp_job block [64, 1, 1] virtual_threads 2 {
// CHECK-NEXT: wc.channel_wait full channel 0 stage 0
// CHECK-NEXT: wc.vthreads
func.func @warp_job_role() {
  wc.warp_specialize warps [1, 2] channels [1 -> 0 stages 1] (%c: index) {
    wc.warp_job block [64, 1, 1] virtual_threads 2 {
      wc.channel_wait full channel 0 stage 0
      wc.vthreads (%v, %x, %y, %z) {
      }
    }
  }, (%p: index) {
    wc.channel_signal full channel 0 stage 0
  }
  return
}
