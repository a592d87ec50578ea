// RUN: wc-opt %s --wc-allocate-barriers -split-input-file -verify-diagnostics | FileCheck %s

// Ops that may run at the same time (no block barrier between) get
// disjoint named barriers; an op after a block barrier reuses them.
// CHECK-LABEL: func @sequence
// CHECK: wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 2] attributes {barrier_base = 1 : i64}
// CHECK: wc.warp_specialize warps [1, 2] channels [0 -> 1 stages 1] attributes {barrier_base = 5 : i64}
// CHECK: gpu.barrier
// CHECK: wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = 1 : i64}
// An op without channels takes none.
// CHECK: wc.warp_specialize warps [2] channels [] (
func.func @sequence() {
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 2] (%w: index) {
  }, (%w: index) {
  }
  wc.warp_specialize warps [1, 2] channels [0 -> 1 stages 1] (%w: index) {
  }, (%w: index) {
  }
  gpu.barrier
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
  }, (%w: index) {
  }
  wc.warp_specialize warps [2] channels [] (%w: index) {
  }
  return
}

// -----

// Under a condition, an op runs with what follows the condition; a given
// barrier_base is kept and the others avoid it.
// CHECK-LABEL: func @nested
// CHECK: wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = 3 : i64}
// CHECK: wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = 1 : i64}
// CHECK: wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = 5 : i64}
func.func @nested(%c: i1) {
  scf.if %c {
    wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = 3} (%w: index) {
    }, (%w: index) {
    }
  }
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
  }, (%w: index) {
  }
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

// Two ops of 8 barriers each that may run at the same time need 16
// besides barrier 0: refused.
func.func @too_many() {
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 4] (%w: index) {
  }, (%w: index) {
  }
  // expected-error @+1 {{needs 8 named barriers while the ops that may run at the same time (no 'gpu.barrier' between) hold barriers up to 8: more than the 15 a block has besides barrier 0}}
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 4] (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

// A block barrier between them: both use barriers 1-8.
// CHECK-LABEL: func @reuse
// CHECK-COUNT-2: attributes {barrier_base = 1 : i64}
func.func @reuse() {
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 4] (%w: index) {
  }, (%w: index) {
  }
  gpu.barrier
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 4] (%w: index) {
  }, (%w: index) {
  }
  return
}
