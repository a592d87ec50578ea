// RUN: not wc-opt %s --convert-gpu-subgroup-to-wc 2>&1 | FileCheck %s

// A 128-bit reduction has no warp lowering: the pass says so at the op.
// CHECK: invalid.mlir:[[# @LINE + 2]]:8: error: 'gpu.subgroup_reduce' op cannot be lowered for NVVM: operand type 'i128' is not a scalar of at most 64 bits or a 1-D vector of them
func.func @wide(%x: i128) -> i128 {
  %0 = gpu.subgroup_reduce add %x : (i128) -> i128
  return %0 : i128
}
