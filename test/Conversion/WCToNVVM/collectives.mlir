// RUN: wc-opt %s -split-input-file --convert-wc-to-nvvm --cse | FileCheck %s
// RUN: wc-opt %s -split-input-file --convert-wc-to-nvvm="chip=sm_75" --cse | FileCheck %s --check-prefix=SM75

// CHECK-LABEL: func @shuffle_modes
// CHECK-DAG: %[[FULL:.*]] = arith.constant -1 : i32
// CHECK-DAG: %[[C31:.*]] = arith.constant 31 : i32
// CHECK: nvvm.shfl.sync idx %[[FULL]], %arg0, %arg1, %[[C31]] : f32 -> f32
// CHECK: %[[C0:.*]] = arith.constant 0 : i32
// CHECK: nvvm.shfl.sync up %[[FULL]], %arg0, %arg1, %[[C0]] : f32 -> f32
// Width 16: segment mask (32 - 16) << 8 | 31 = 4127.
// CHECK: %[[SEG:.*]] = arith.constant 4127 : i32
// CHECK: nvvm.shfl.sync down %[[FULL]], %arg0, %arg1, %[[SEG]] : f32 -> f32
// CHECK: nvvm.shfl.sync bfly %arg2, %arg0, %arg1, %{{.*}} : f32 -> f32
func.func @shuffle_modes(%x: f32, %o: i32, %m: i32) -> (f32, f32, f32, f32) {
  %0:2 = wc.shuffle idx %x, %o : f32
  %1:2 = wc.shuffle up %x, %o : f32
  %2:2 = wc.shuffle down %x, %o width 16 : f32
  %3:2 = wc.shuffle xor %x, %o mask %m : f32
  return %0#0, %1#0, %2#0, %3#0 : f32, f32, f32, f32
}

// -----

// The validity flag comes from the predicate form of shfl.sync.
// CHECK-LABEL: func @shuffle_valid
// CHECK: %[[S:.*]] = nvvm.shfl.sync down {{.*}} {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>
// CHECK-DAG: %[[OK:.*]] = llvm.extractvalue %[[S]][1]
// CHECK-DAG: %[[V:.*]] = llvm.extractvalue %[[S]][0]
// CHECK: return %[[V]], %[[OK]]
func.func @shuffle_valid(%x: i32, %o: i32) -> (i32, i1) {
  %0:2 = wc.shuffle down %x, %o : i32
  return %0#0, %0#1 : i32, i1
}

// -----

// 64-bit values move as two 32-bit halves.
// CHECK-LABEL: func @shuffle_f64
// CHECK: arith.bitcast %arg0 : f64 to i64
// CHECK: %[[LO:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: %[[HI:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %[[LO]]
// CHECK: nvvm.shfl.sync bfly %{{.*}}, %[[HI]]
// CHECK: arith.ori
// CHECK: arith.bitcast %{{.*}} : i64 to f64
func.func @shuffle_f64(%x: f64, %o: i32) -> f64 {
  %0:2 = wc.shuffle xor %x, %o : f64
  return %0#0 : f64
}

// -----

// Narrow values are widened to 32 bits.
// CHECK-LABEL: func @shuffle_f16
// CHECK: arith.bitcast %arg0 : f16 to i16
// CHECK: arith.extui %{{.*}} : i16 to i32
// CHECK: nvvm.shfl.sync idx
// CHECK: arith.trunci %{{.*}} : i32 to i16
// CHECK: arith.bitcast %{{.*}} : i16 to f16
func.func @shuffle_f16(%x: f16, %o: i32) -> f16 {
  %0:2 = wc.shuffle idx %x, %o : f16
  return %0#0 : f16
}

// -----

// CHECK-LABEL: func @shuffle_index
// CHECK: arith.index_castui %arg0 : index to i64
// CHECK-COUNT-2: nvvm.shfl.sync up
// CHECK: arith.index_castui %{{.*}} : i64 to index
func.func @shuffle_index(%x: index, %o: i32) -> index {
  %0:2 = wc.shuffle up %x, %o : index
  return %0#0 : index
}

// -----

// CHECK-LABEL: func @votes
// CHECK: nvvm.vote.sync any %{{.*}}, %arg0 -> i1
// CHECK: nvvm.vote.sync all %arg1, %arg0 -> i1
// CHECK: nvvm.vote.sync ballot %{{.*}}, %arg0 -> i32
// CHECK: nvvm.vote.sync uni %{{.*}}, %arg0 -> i1
func.func @votes(%p: i1, %m: i32) -> (i1, i1, i32, i1) {
  %0 = wc.vote any %p -> i1
  %1 = wc.vote all %p mask %m -> i1
  %2 = wc.vote ballot %p -> i32
  %3 = wc.vote uni %p -> i1
  return %0, %1, %2, %3 : i1, i1, i32, i1
}

// -----

// CHECK-LABEL: func @match_elect
// CHECK: nvvm.match.sync any %{{.*}}, %arg0 : i32 -> i32
// CHECK: %[[ALL:.*]] = nvvm.match.sync all %arg2, %arg1 : i64 -> !llvm.struct<(i32, i1)>
// CHECK: llvm.extractvalue %[[ALL]][0]
// CHECK: llvm.extractvalue %[[ALL]][1]
// CHECK: nvvm.elect.sync -> i1
// CHECK: nvvm.elect.sync %arg2 -> i1
// CHECK: llvm.inline_asm has_side_effects "activemask.b32 $0;", "=r"
func.func @match_elect(%x: i32, %y: i64, %m: i32) -> (i32, i32, i1, i1, i1, i32) {
  %0:2 = wc.match any %x : i32
  %1:2 = wc.match all %y mask %m : i64
  %2 = wc.elect
  %3 = wc.elect mask %m
  %4 = wc.active_mask
  return %0#0, %1#0, %1#1, %2, %3, %4 : i32, i32, i1, i1, i1, i32
}

// -----

// 32-bit integer reductions use redux.sync on sm_80+, shuffles before.
// CHECK-LABEL: func @reduce_i32
// CHECK: nvvm.redux.sync max %arg0, %{{.*}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// SM75-LABEL: func @reduce_i32
// SM75-NOT: nvvm.redux.sync
// SM75-COUNT-5: nvvm.shfl.sync bfly
func.func @reduce_i32(%x: i32) -> i32 {
  %0 = wc.reduce maxsi %x : i32
  return %0 : i32
}

// -----

// A float reduction is a 5-step butterfly: offsets 16, 8, 4, 2, 1.
// CHECK-LABEL: func @reduce_f32
// CHECK: %[[C16:.*]] = arith.constant 16 : i32
// CHECK: %[[S16:.*]] = nvvm.shfl.sync bfly %{{.*}}, %arg0, %[[C16]]
// CHECK: %[[R16:.*]] = arith.maxnumf %arg0, %[[S16]]
// CHECK: arith.constant 8 : i32
// CHECK: arith.constant 4 : i32
// CHECK: arith.constant 2 : i32
// CHECK: arith.constant 1 : i32
// CHECK: %[[S1:.*]] = nvvm.shfl.sync bfly
// CHECK: %[[R:.*]] = arith.maxnumf %{{.*}}, %[[S1]]
// CHECK: return %[[R]]
func.func @reduce_f32(%x: f32) -> f32 {
  %0 = wc.reduce maxnumf %x : f32
  return %0 : f32
}

// -----

// A cluster of 4 lanes at stride 8: offsets 16 and 8 only; never redux.
// CHECK-LABEL: func @reduce_cluster
// CHECK-NOT: redux
// CHECK: arith.constant 16 : i32
// CHECK: nvvm.shfl.sync bfly
// CHECK: arith.addi
// CHECK: arith.constant 8 : i32
// CHECK: nvvm.shfl.sync bfly
// CHECK: arith.addi
// CHECK-NOT: nvvm.shfl.sync
// CHECK: return
func.func @reduce_cluster(%x: i32) -> i32 {
  %0 = wc.reduce add %x cluster(size = 4, stride = 8) : i32
  return %0 : i32
}

// -----

// Inclusive scan: 5 predicated shfl.up steps; exclusive adds one more shift
// with the identity in lane 0.
// CHECK-LABEL: func @scans
// CHECK-COUNT-5: nvvm.shfl.sync up {{.*}} {return_value_and_is_valid}
// CHECK-NOT: nvvm.shfl.sync
// CHECK: arith.select
// CHECK-COUNT-6: nvvm.shfl.sync up {{.*}} {return_value_and_is_valid}
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[EX:.*]] = arith.select %{{.*}}, %{{.*}}, %[[ONE]] : f32
// CHECK: return %{{.*}}, %[[EX]]
func.func @scans(%x: i32, %y: f32) -> (i32, f32) {
  %0 = wc.scan inclusive add %x : i32
  %1 = wc.scan exclusive mul %y : f32
  return %0, %1 : i32, f32
}

// -----

// Segmented reduce: ballot of the heads finds each lane's segment start,
// then 5 shfl.up steps that stop at it.
// CHECK-LABEL: func @segmented
// CHECK: nvvm.vote.sync ballot %{{.*}}, %arg1 -> i32
// CHECK: math.ctlz
// CHECK-COUNT-5: nvvm.shfl.sync up
// CHECK: return
func.func @segmented(%x: f32, %h: i1) -> f32 {
  %0 = wc.segmented_reduce add %x, %h : f32
  return %0 : f32
}

// -----

// One atomic per group of lanes with the same address.
// CHECK-LABEL: func @aggregated_atomic
// CHECK: %[[ACTIVE:.*]] = llvm.inline_asm has_side_effects "activemask.b32 $0;"
// CHECK: memref.extract_aligned_pointer_as_index %arg1
// CHECK: %[[PEERS:.*]] = nvvm.match.sync any %[[ACTIVE]], %{{.*}} : i64 -> i32
// CHECK: %[[LEADER:.*]] = math.cttz %[[PEERS]] : i32
// CHECK: scf.while
// CHECK: nvvm.shfl.sync idx %[[PEERS]], %arg0
// CHECK: scf.if
// CHECK: memref.atomic_rmw addi %{{.*}}, %arg1[%arg2]
// CHECK: nvvm.shfl.sync idx %[[PEERS]], %{{.*}}, %[[LEADER]]
// CHECK: arith.addi
func.func @aggregated_atomic(%x: i32, %bins: memref<64xi32>, %i: index) -> i32 {
  %0 = wc.aggregated_atomic_add %x, %bins[%i] : memref<64xi32>
  return %0 : i32
}

// -----

// CHECK-LABEL: func @sync
// CHECK: %[[FULL:.*]] = arith.constant -1 : i32
// CHECK: nvvm.bar.warp.sync %[[FULL]] : i32
// CHECK: nvvm.bar.warp.sync %arg0 : i32
// CHECK: %[[ID1:.*]] = arith.constant 1 : i32
// CHECK: %[[N128:.*]] = arith.constant 128 : i32
// CHECK: nvvm.barrier id = %[[ID1]] number_of_threads = %[[N128]]
// CHECK: %[[ID0:.*]] = arith.constant 0 : i32
// CHECK: nvvm.barrier id = %[[ID0]]{{$}}
// CHECK: %[[ID2:.*]] = arith.constant 2 : i32
// CHECK: %[[N64:.*]] = arith.constant 64 : i32
// CHECK: nvvm.barrier.arrive id = %[[ID2]] number_of_threads = %[[N64]]
func.func @sync(%m: i32) {
  wc.warp_sync
  wc.warp_sync mask %m
  wc.named_barrier_sync 1 threads 128
  wc.named_barrier_sync 0
  wc.named_barrier_arrive 2 threads 64
  return
}
