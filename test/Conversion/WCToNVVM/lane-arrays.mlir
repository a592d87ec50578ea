// RUN: wc-opt %s -split-input-file --convert-wc-to-nvvm --cse | FileCheck %s

// A 64-element lane array is 2 registers per lane; reading the own lane is a
// register read, reading another lane a shuffle.
// CHECK-LABEL: func @read_write
// CHECK: %[[SPLAT:.*]] = vector.broadcast %arg0 : f32 to vector<2xf32>
// CHECK: %[[W:.*]] = vector.insert %arg1, %[[SPLAT]] [1] : f32 into vector<2xf32>
// CHECK: %[[OWN:.*]] = vector.extract %[[W]][1] : f32 from vector<2xf32>
// CHECK: %[[OTHER:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[OWN]], %arg2
// CHECK: return %[[OWN]], %[[OTHER]]
func.func @read_write(%zero: f32, %x: f32, %src: i32) -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %a = wc.lane_array_splat %zero : !wc.lane_array<64 x f32>
  %b = wc.lane_write %x into %a[%c1] : !wc.lane_array<64 x f32>
  %l = gpu.lane_id
  %li = arith.index_cast %l : index to i32
  %own = wc.lane_read %b[%c1] from %li : !wc.lane_array<64 x f32>
  %other = wc.lane_read %b[%c1] from %src : !wc.lane_array<64 x f32>
  return %own, %other : f32, f32
}

// -----

// Lane arrays flow through scf control flow as registers.
// CHECK-LABEL: func @through_loop
// CHECK: %[[INIT:.*]] = vector.broadcast %arg0 : i32 to vector<3xi32>
// CHECK: %[[R:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (vector<3xi32>)
// CHECK:   vector.insert %{{.*}}, %[[ACC]] [2]
// CHECK: vector.extract %[[R]][2]
func.func @through_loop(%x: i32, %n: index, %src: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = wc.lane_array_splat %x : !wc.lane_array<80 x i32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!wc.lane_array<80 x i32>) {
    %b = wc.lane_write %x into %acc[%c2] : !wc.lane_array<80 x i32>
    scf.yield %b : !wc.lane_array<80 x i32>
  }
  %v = wc.lane_read %r[%c2] from %src : !wc.lane_array<80 x i32>
  return %v : i32
}
