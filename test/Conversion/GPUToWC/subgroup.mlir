// RUN: wc-opt %s -split-input-file --convert-gpu-subgroup-to-wc | FileCheck %s

// CHECK-LABEL: func @reduce_kinds
// CHECK: wc.reduce add %arg0 : f32
// CHECK: wc.reduce maximumf %arg0 : f32
// CHECK: wc.reduce minui %arg1 : i32
// CHECK: wc.reduce xor %arg2 : i64
// CHECK: wc.reduce mul %arg3 : f16
// CHECK: wc.reduce maxsi %arg1 cluster(size = 8, stride = 2) : i32
// CHECK-NOT: gpu.subgroup_reduce
func.func @reduce_kinds(%f: f32, %i: i32, %l: i64, %h: f16) -> (f32, f32, i32, i64, f16, i32) {
  %0 = gpu.subgroup_reduce add %f : (f32) -> f32
  %1 = gpu.subgroup_reduce maximumf %f uniform : (f32) -> f32
  %2 = gpu.subgroup_reduce minui %i : (i32) -> i32
  %3 = gpu.subgroup_reduce xor %l : (i64) -> i64
  %4 = gpu.subgroup_reduce mul %h : (f16) -> f16
  %5 = gpu.subgroup_reduce maxsi %i cluster(size = 8, stride = 2) : (i32) -> i32
  return %0, %1, %2, %3, %4, %5 : f32, f32, i32, i64, f16, i32
}

// -----

// Vectors are reduced element by element.
// CHECK-LABEL: func @reduce_vector
// CHECK: %[[E0:.*]] = vector.extract %arg0[0]
// CHECK: %[[R0:.*]] = wc.reduce add %[[E0]] : f32
// CHECK: %[[E1:.*]] = vector.extract %arg0[1]
// CHECK: %[[R1:.*]] = wc.reduce add %[[E1]] : f32
// CHECK: vector.from_elements %[[R0]], %[[R1]] : vector<2xf32>
func.func @reduce_vector(%v: vector<2xf32>) -> vector<2xf32> {
  %0 = gpu.subgroup_reduce add %v : (vector<2xf32>) -> vector<2xf32>
  return %0 : vector<2xf32>
}

// -----

// CHECK-LABEL: func @ids
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[TX:.*]] = gpu.thread_id x
// CHECK: %[[TY:.*]] = gpu.thread_id y
// CHECK: %[[TZ:.*]] = gpu.thread_id z
// CHECK: %[[BX:.*]] = gpu.block_dim x
// CHECK: %[[BY:.*]] = gpu.block_dim y
// CHECK: %[[YZ:.*]] = arith.muli %[[BY]], %[[TZ]]
// CHECK: %[[INNER:.*]] = arith.addi %[[TY]], %[[YZ]]
// CHECK: %[[SCALED:.*]] = arith.muli %[[BX]], %[[INNER]]
// CHECK: %[[LINEAR:.*]] = arith.addi %[[TX]], %[[SCALED]]
// CHECK: %[[SID:.*]] = arith.divui %[[LINEAR]], %[[C32]]
// CHECK: return %[[SID]]
func.func @ids() -> index {
  %0 = gpu.subgroup_id : index
  return %0 : index
}

// -----

// CHECK-LABEL: func @num_subgroups
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[BX:.*]] = gpu.block_dim x
// CHECK: %[[BY:.*]] = gpu.block_dim y
// CHECK: %[[BZ:.*]] = gpu.block_dim z
// CHECK: %[[XY:.*]] = arith.muli %[[BX]], %[[BY]]
// CHECK: %[[XYZ:.*]] = arith.muli %[[XY]], %[[BZ]]
// CHECK: %[[N:.*]] = arith.ceildivui %[[XYZ]], %[[C32]]
// CHECK: return %[[N]]
func.func @num_subgroups() -> index {
  %0 = gpu.num_subgroups : index
  return %0 : index
}

// -----

// gpu.subgroup_size is the warp size.
// CHECK-LABEL: func @subgroup_size
// CHECK: %[[C:.*]] = arith.constant 32 : index
// CHECK: return %[[C]]
func.func @subgroup_size() -> index {
  %0 = gpu.subgroup_size : index
  return %0 : index
}

// -----

// Rotation by 3 within 16 lanes: idx shuffle from lane + 3 in segments of 16.
// CHECK-LABEL: func @rotate
// CHECK: %[[LANE:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[SRC:.*]] = arith.addi %[[LANE]], %c3_i32
// CHECK: %[[R:.*]], %{{.*}} = wc.shuffle idx %arg0, %[[SRC]] width 16 : f32
// CHECK: %[[VALID:.*]] = arith.cmpi ult, %[[LANE]], %c16_i32
// CHECK: return %[[R]], %[[VALID]]
func.func @rotate(%x: f32) -> (f32, i1) {
  %0, %1 = gpu.rotate %x, 3, 16 : f32
  return %0, %1 : f32, i1
}

// -----

// CHECK-LABEL: func @broadcast
// CHECK: %[[S:.*]], %{{.*}} = wc.shuffle idx %arg0, %arg1 : i32
// CHECK: %[[ACTIVE:.*]] = wc.active_mask
// CHECK: %[[FIRST:.*]] = math.cttz %[[ACTIVE]] : i32
// CHECK: %[[F:.*]], %{{.*}} = wc.shuffle idx %arg0, %[[FIRST]] mask %[[ACTIVE]] : i32
// CHECK: return %[[S]], %[[F]]
func.func @broadcast(%x: i32, %lane: i32) -> (i32, i32) {
  %0 = gpu.subgroup_broadcast %x, specific_lane %lane : i32
  %1 = gpu.subgroup_broadcast %x, first_active_lane : i32
  return %0, %1 : i32, i32
}
