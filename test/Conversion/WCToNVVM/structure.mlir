// RUN: wc-opt %s -split-input-file --convert-wc-to-nvvm --canonicalize --cse | FileCheck %s
// RUN: wc-opt %s -split-input-file --convert-wc-to-nvvm=chip=sm_75 --canonicalize --cse | FileCheck %s --check-prefix=SM75

// A 64-thread job: 2 virtual threads per lane (lane, lane + 32), unrolled;
// the values of phase 1 stay in registers for phase 2.
// CHECK-LABEL: func @two_phases
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[A:.*]] = memref.load %arg0[%[[LANE]]]
// CHECK: %[[T1:.*]] = arith.addi %[[LANE]], %c32
// CHECK: %[[B:.*]] = memref.load %arg0[%[[T1]]]
// CHECK: nvvm.bar.warp.sync
// CHECK: memref.store %[[A]], %arg1[%[[LANE]]]
// CHECK: memref.store %[[B]], %arg1[%[[T1]]]
// CHECK-NOT: wc.
// CHECK-NOT: vector.
func.func @two_phases(%in: memref<64xf32>, %out: memref<64xf32>) {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    %v = wc.vthreads (%vt, %tx, %ty, %tz) -> vector<2xf32> {
      %x = memref.load %in[%tx] : memref<64xf32>
      wc.yield %x : f32
    }
    wc.warp_sync
    wc.vthreads (%vt, %tx, %ty, %tz) {
      %x = vector.extract %v[%vt] : f32 from vector<2xf32>
      memref.store %x, %out[%tx] : memref<64xf32>
    }
  }
  return
}

// -----

// A 40-thread block: the second virtual thread group only runs lanes 0..7.
// CHECK-LABEL: func @partial_warp
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: memref.store %{{.*}}, %arg0[%[[LANE]]]
// CHECK: %[[T:.*]] = arith.addi %[[LANE]], %c32
// CHECK: %[[ACTIVE:.*]] = arith.cmpi ult, %[[T]], %c40
// CHECK: scf.if %[[ACTIVE]] {
// CHECK:   memref.store %{{.*}}, %arg0[%[[T]]]
func.func @partial_warp(%out: memref<40xindex>) {
  wc.warp_job block [40, 1, 1] virtual_threads 2 {
    wc.vthreads (%vt, %tx, %ty, %tz) {
      memref.store %vt, %out[%tx] : memref<40xindex>
    }
  }
  return
}

// -----

// 3-D blocks: thread ids are rebuilt x-fastest from the linear id.
// CHECK-LABEL: func @block_3d
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[X:.*]] = arith.remui %[[LANE]], %c4
// CHECK: %[[R:.*]] = arith.divui %[[LANE]], %c4
// CHECK: %[[Y:.*]] = arith.remui %[[R]], %c2
// CHECK: %[[Z:.*]] = arith.divui %[[R]], %c2
// CHECK: memref.store %{{.*}}, %arg0[%[[Z]], %[[Y]], %[[X]]]
func.func @block_3d(%out: memref<4x2x4xf32>) {
  wc.warp_job block [4, 2, 4] virtual_threads 1 {
    wc.vthreads (%vt, %tx, %ty, %tz) {
      %c = arith.constant 1.0 : f32
      memref.store %c, %out[%tz, %ty, %tx] : memref<4x2x4xf32>
    }
  }
  return
}

// -----

// Static schedule: agent a takes jobs a, a + A, ...; the throttle caps A.
// The agent passes through redux.sync (sm_80 and later), so that ptxas sees
// it is the same in every lane.
// Before sm_80 (no redux.sync) the agent is used as it is.
// CHECK-LABEL: func @static_schedule
// SM75-LABEL: func @static_schedule
// SM75-NOT: nvvm.redux.sync
// SM75: scf.for %{{.*}} = %arg3 to
// CHECK: %[[AG32:.*]] = arith.index_castui %arg3 : index to i32
// CHECK: %[[UAG32:.*]] = nvvm.redux.sync umin %[[AG32]], %c-1_i32
// CHECK: %[[AG:.*]] = arith.index_castui %[[UAG32]] : i32 to index
// CHECK: %[[JOBS:.*]] = arith.muli
// CHECK: %[[JOBS3:.*]] = arith.muli %[[JOBS]], %arg2
// CHECK: %[[A:.*]] = arith.minui %arg4, %c16
// CHECK: %[[ON:.*]] = arith.cmpi ult, %[[AG]], %[[A]]
// CHECK: scf.if %[[ON]] {
// CHECK:   scf.for %[[J:.*]] = %[[AG]] to %[[JOBS3]] step %[[A]] {
// CHECK:     %[[X:.*]] = arith.remui %[[J]], %arg0
// CHECK:     memref.store %{{.*}}, %arg5[%[[X]]]
func.func @static_schedule(%gx: index, %gy: index, %gz: index, %a: index, %n: index, %out: memref<?xindex>) {
  wc.job_loop (%bx, %by, %bz) in (%gx, %gy, %gz) agent %a of %n schedule static order x_major max_agents 16 {
    memref.store %by, %out[%bx] : memref<?xindex>
  }
  return
}

// -----

// Dynamic schedule: chunk q holds the jobs (q mod A) + A C (q div A) + k A,
// k < C, with C = max(1, jobs / (8 A)), in R rounds of A chunks; each
// agent runs its own chunks, agent + r A for the first S rounds, as the
// static schedule's first S C rounds, S = max(R - 8, min(R, 6)) (where
// tickets are taken, max(R, 14) - 8). Where S = R (R <= 6, exactly when
// jobs <= 6 A) that is the static schedule, and the else branch is its
// loop, with its own copy of the body. Otherwise the static schedule's loop
// over the jobs below (S - 1) A C (a second copy), then a loop over chunks
// from the agent's last own one: with K = min(16 counters, A) (512
// elements, one counter every 32), the agent's counter is g = agent mod K,
// at element 32 g; lane 0 takes a ticket t (adds 1) as a chunk starts, a
// shuffle after the chunk broadcasts it, and the next chunk is
// S A + g + K t; the chunks of the last round, R - 1, hold one job each
// (chunk (R - 1) A + i is job (R - 1) A C + i); the agent whose ticket is
// the counter's last, ceil((N - S A - g) / K) + ceil((A - g) / K) - 1 (N
// the chunks with a job: A per earlier round, and one per job of the last,
// (R - 1) A + jobs - (R - 1) A C), resets the counter.
// CHECK-LABEL: func @dynamic_schedule
// CHECK: %[[AG:.*]] = arith.index_castui %{{.*}} : i32 to index
// CHECK: %[[JOBS:.*]] = arith.muli %{{.*}}, %arg2 : index
// CHECK: scf.if
// CHECK: %[[SIXA:.*]] = arith.muli %arg4, %c6 : index
// CHECK: %[[USES:.*]] = arith.cmpi ugt, %[[JOBS]], %[[SIXA]] : index
// CHECK: scf.if %[[USES]] {
// CHECK:   %[[SHARE:.*]] = arith.muli %arg4, %c8 : index
// CHECK:   %[[PER:.*]] = arith.divui %[[JOBS]], %[[SHARE]] : index
// CHECK:   %[[CHUNK:.*]] = arith.maxui %[[PER]], %c1 : index
// CHECK:   %[[SPAN:.*]] = arith.muli %arg4, %[[CHUNK]] : index
// CHECK:   %[[ROUNDS:.*]] = arith.ceildivui %[[JOBS]], %[[SPAN]] : index
// CHECK:   %[[ATLEAST:.*]] = arith.maxui %[[ROUNDS]], %c14 : index
// CHECK:   %[[OWNROUNDS:.*]] = arith.subi %[[ATLEAST]], %c8 : index
// CHECK:   %[[SM1:.*]] = arith.subi %[[ATLEAST]], %c9 : index
// CHECK:   %[[OWNEND:.*]] = arith.muli %[[SPAN]], %[[SM1]] : index
// CHECK:   scf.for %{{.*}} = %[[AG]] to %[[OWNEND]] step %arg4 {
// CHECK:     memref.store
// CHECK:   }
// CHECK:   %[[TICKETED:.*]] = arith.muli %arg4, %[[OWNROUNDS]] : index
// CHECK:   %[[LASTROUND:.*]] = arith.subi %[[TICKETED]], %arg4 : index
// CHECK:   %[[RM1:.*]] = arith.subi %[[ROUNDS]], %c1 : index
// CHECK:   %[[LASTCHUNK:.*]] = arith.muli %arg4, %[[RM1]] : index
// CHECK:   %[[LASTJOB:.*]] = arith.muli %[[SPAN]], %[[RM1]] : index
// CHECK:   %[[LASTJOBS:.*]] = arith.subi %[[JOBS]], %[[LASTJOB]] : index
// CHECK:   %[[CHUNKS:.*]] = arith.addi %[[LASTCHUNK]], %[[LASTJOBS]] : index
// CHECK:   %[[K:.*]] = arith.minui %arg4, %c16 : index
// CHECK:   %[[G:.*]] = arith.remui %[[AG]], %[[K]] : index
// CHECK:   %[[SLOT:.*]] = arith.muli %[[G]], %c32 : index
// CHECK:   %[[NT:.*]] = arith.subi %[[CHUNKS]], %[[TICKETED]] : index
// CHECK:   %[[KM1:.*]] = arith.subi %[[K]], %c1 : index
// CHECK:   %[[AU:.*]] = arith.addi %arg4, %[[KM1]] : index
// CHECK:   %[[AUG:.*]] = arith.subi %[[AU]], %[[G]] : index
// CHECK:   %[[AGROUP:.*]] = arith.divui %[[AUG]], %[[K]] : index
// CHECK:   %[[NTG:.*]] = arith.maxui %[[NT]], %[[G]] : index
// CHECK:   %[[NU:.*]] = arith.addi %[[NTG]], %[[KM1]] : index
// CHECK:   %[[NUG:.*]] = arith.subi %[[NU]], %[[G]] : index
// CHECK:   %[[CGROUP:.*]] = arith.divui %[[NUG]], %[[K]] : index
// CHECK:   %[[DRAWS:.*]] = arith.addi %[[CGROUP]], %[[AGROUP]] : index
// CHECK:   %[[LASTT:.*]] = arith.subi %[[DRAWS]], %c1 : index
// CHECK:   %[[LASTT32:.*]] = arith.index_castui %[[LASTT]] : index to i32
// CHECK:   %[[BASE:.*]] = arith.addi %[[TICKETED]], %[[G]] : index
// CHECK:   %[[LANE:.*]] = gpu.lane_id
// CHECK:   %[[LEAD:.*]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK:   %[[A32:.*]] = arith.index_castui %arg4 : index to i32
// CHECK:   %[[LASTCHUNK32:.*]] = arith.index_castui %[[LASTCHUNK]] : index to i32
// CHECK:   %[[MYLAST:.*]] = arith.addi %[[AG]], %[[LASTROUND]] : index
// CHECK:   scf.while (%[[Q:.*]] = %[[MYLAST]]) : (index) -> (index, index) {
// CHECK:     %[[Q32:.*]] = arith.index_castui %[[Q]] : index to i32
// CHECK:     %[[ROUND:.*]] = arith.divui %[[Q32]], %[[A32]] : i32
// CHECK:     %[[BEFORE:.*]] = arith.muli %[[ROUND]], %[[A32]] : i32
// CHECK:     %[[OWNER:.*]] = arith.subi %[[Q32]], %[[BEFORE]] : i32
// CHECK:     %[[INROUNDS:.*]] = arith.cmpi ult, %[[Q32]], %[[LASTCHUNK32]] : i32
// CHECK:     %[[INLAST:.*]] = arith.subi %[[Q32]], %[[LASTCHUNK32]] : i32
// CHECK:     %[[INLASTX:.*]] = arith.index_castui %[[INLAST]] : i32 to index
// CHECK:     %[[SINGLE:.*]] = arith.addi %[[LASTJOB]], %[[INLASTX]] : index
// CHECK:     %[[ROUNDX:.*]] = arith.index_castui %[[ROUND]] : i32 to index
// CHECK:     %[[SKIP:.*]] = arith.muli %[[SPAN]], %[[ROUNDX]] : index
// CHECK:     %[[OWNERX:.*]] = arith.index_castui %[[OWNER]] : i32 to index
// CHECK:     %[[INCHUNK:.*]] = arith.addi %[[OWNERX]], %[[SKIP]] : index
// CHECK:     %[[START:.*]] = arith.select %[[INROUNDS]], %[[INCHUNK]], %[[SINGLE]] : index
// CHECK:     %[[WIDTH:.*]] = arith.select %[[INROUNDS]], %[[SPAN]], %c1 : index
// CHECK:     %[[END:.*]] = arith.addi %[[START]], %[[WIDTH]] : index
// CHECK:     %[[MORE:.*]] = arith.cmpi ult, %[[START]], %[[JOBS]]
// CHECK:     scf.condition(%[[MORE]]) %[[START]], %[[END]]
// CHECK:   } do {
// CHECK:   ^bb0(%[[FIRST:.*]]: index, %[[LAST:.*]]: index):
// CHECK:     %[[TICKET:.*]] = scf.if %[[LEAD]] -> (i32) {
// CHECK:       memref.atomic_rmw addi %c1_i32, %arg5[%[[SLOT]]]
// CHECK:     scf.for %{{.*}} = %[[FIRST]] to %[[LAST]] step %arg4
// CHECK:       memref.store
// CHECK:     }
// CHECK:     %[[BCAST:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[TICKET]]
// CHECK:     %[[T:.*]] = arith.index_castui %[[BCAST]]
// CHECK:     %[[KT:.*]] = arith.muli %[[K]], %[[T]] : index
// CHECK:     %[[NEXT:.*]] = arith.addi %[[BASE]], %[[KT]] : index
// CHECK:     %[[ISLAST:.*]] = arith.cmpi eq, %[[TICKET]], %[[LASTT32]] : i32
// CHECK:     %[[RESETS:.*]] = arith.andi %[[LEAD]], %[[ISLAST]] : i1
// CHECK:     scf.if %[[RESETS]] {
// CHECK:       memref.atomic_rmw assign %c0_i32, %arg5[%[[SLOT]]]
// CHECK:     }
// CHECK:     scf.yield %[[NEXT]] : index
// CHECK:   }
// CHECK: } else {
// CHECK:   scf.for %{{.*}} = %[[AG]] to %[[JOBS]] step %arg4 {
// CHECK:     memref.store
// CHECK:   }
// CHECK: }
// CHECK-NOT: atomic_rmw
// CHECK: return
func.func @dynamic_schedule(%gx: index, %gy: index, %gz: index, %a: index, %n: index, %ctr: memref<512xi32>, %out: memref<?xindex>) {
  wc.job_loop (%bx, %by, %bz) in (%gx, %gy, %gz) agent %a of %n schedule dynamic order x_major counter %ctr : memref<512xi32> {
    memref.store %by, %out[%bx] : memref<?xindex>
  }
  return
}

// -----

// The counters a counter memref holds: one per 32 elements, rounded up
// (memref<1xi32>: one, at element 0), from its size at run time where the
// type does not give it.
// CHECK-LABEL: func @one_counter
// CHECK: %[[K:.*]] = arith.minui %arg4, %c1 : index
// CHECK: arith.remui %{{.*}}, %[[K]] : index
// CHECK-LABEL: func @counters_at_run_time
// CHECK: %[[SIZE:.*]] = memref.dim %arg5, %c0 : memref<?xi32>
// CHECK: %[[COUNTERS:.*]] = arith.ceildivui %[[SIZE]], %c32 : index
// CHECK: %[[K:.*]] = arith.minui %[[COUNTERS]], %arg4 : index
// CHECK: arith.remui %{{.*}}, %[[K]] : index
func.func @one_counter(%gx: index, %gy: index, %gz: index, %a: index, %n: index, %ctr: memref<1xi32>, %out: memref<?xindex>) {
  wc.job_loop (%bx, %by, %bz) in (%gx, %gy, %gz) agent %a of %n schedule dynamic order x_major counter %ctr : memref<1xi32> {
    memref.store %by, %out[%bx] : memref<?xindex>
  }
  return
}
func.func @counters_at_run_time(%gx: index, %gy: index, %gz: index, %a: index, %n: index, %ctr: memref<?xi32>, %out: memref<?xindex>) {
  wc.job_loop (%bx, %by, %bz) in (%gx, %gy, %gz) agent %a of %n schedule dynamic order x_major counter %ctr : memref<?xi32> {
    memref.store %by, %out[%bx] : memref<?xindex>
  }
  return
}

// -----

// y-major order: y varies fastest.
// CHECK-LABEL: func @y_major
// CHECK: scf.for %[[J:.*]] =
// CHECK:   %[[Y:.*]] = arith.remui %[[J]], %arg1
// CHECK:   %[[R:.*]] = arith.divui %[[J]], %arg1
// CHECK:   %[[X:.*]] = arith.remui %[[R]], %arg0
// CHECK:   memref.store %[[Y]], %arg5[%[[X]]]
func.func @y_major(%gx: index, %gy: index, %gz: index, %a: index, %n: index, %out: memref<?xindex>) {
  wc.job_loop (%bx, %by, %bz) in (%gx, %gy, %gz) agent %a of %n schedule static order y_major {
    memref.store %by, %out[%bx] : memref<?xindex>
  }
  return
}

// -----

// A phase may yield a value defined outside it, as canonicalization leaves
// after hoisting a constant: every virtual thread yields that value, the
// partial last group too (zero where its lanes are past the block's end).
// CHECK-LABEL: func @yield_from_outside
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[T:.*]] = arith.addi %[[LANE]], %c32
// CHECK: %[[ACTIVE:.*]] = arith.cmpi ult, %[[T]], %c40
// CHECK: %[[V1:.*]] = arith.select %[[ACTIVE]], %[[C7]], %[[ZERO]] : i32
// CHECK: %[[S1:.*]] = arith.select %[[ACTIVE]], %arg1, %[[ZERO]] : i32
// CHECK: memref.store %[[C7]], %arg0[%[[LANE]]]
// CHECK: scf.if %[[ACTIVE]] {
// CHECK:   memref.store %[[V1]], %arg0[%[[T]]]
// CHECK: memref.store %arg1, %arg0[%[[LANE]]]
// CHECK: scf.if %[[ACTIVE]] {
// CHECK:   memref.store %[[S1]], %arg0[%[[T]]]
// CHECK-NOT: wc.
func.func @yield_from_outside(%out: memref<64xi32>, %s: i32) {
  %c7 = arith.constant 7 : i32
  wc.warp_job block [40, 1, 1] virtual_threads 2 {
    %r:2 = wc.vthreads (%vt, %tx, %ty, %tz) -> vector<2xi32>, vector<2xi32> {
      wc.yield %c7, %s : i32, i32
    }
    wc.vthreads (%vt, %tx, %ty, %tz) {
      %e = vector.extract %r#0[%vt] : i32 from vector<2xi32>
      memref.store %e, %out[%tx] : memref<64xi32>
    }
    wc.vthreads (%vt, %tx, %ty, %tz) {
      %e = vector.extract %r#1[%vt] : i32 from vector<2xi32>
      memref.store %e, %out[%tx] : memref<64xi32>
    }
  }
  return
}
