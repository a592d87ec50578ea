// RUN: wc-opt %s --transform-interpreter --symbol-dce --convert-linalg-to-loops \
// RUN:   --lower-affine --gpu-launch-sink-index-computations --gpu-kernel-outlining \
// RUN:   --canonicalize --cse -o %t.mlir
// RUN: FileCheck %s --check-prefix=STRIPPED --input-file=%t.mlir
// RUN: wc-sim %t.mlir | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}
// RUN: wc-sim %t.mlir %lowered | FileCheck %s
// RUN: wc-sim %t.mlir %aggregated | FileCheck %s
// RUN: wc-sim %t.mlir %aggregated_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %remapped | FileCheck %s
// RUN: wc-sim %t.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %delegated | FileCheck %s
// RUN: wc-sim %t.mlir %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %consolidated | FileCheck %s
// RUN: wc-sim %t.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-opt %t.mlir --wc-aggregate 2>&1 >/dev/null | FileCheck %s --check-prefix=AGG
// RUN: wc-opt %t.mlir --wc-prepare --wc-forward-stores | FileCheck %s --check-prefix=FWD
// RUN: wc-opt %t.mlir --canonicalize --cse --loop-invariant-code-motion -o %t.licm.mlir
// RUN: wc-sim %t.licm.mlir | FileCheck %s
// RUN: wc-sim %t.licm.mlir %lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %aggregated | FileCheck %s
// RUN: wc-sim %t.licm.mlir %aggregated_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %remapped | FileCheck %s
// RUN: wc-sim %t.licm.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %delegated | FileCheck %s
// RUN: wc-sim %t.licm.mlir %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %delegated_ticketed_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %consolidated | FileCheck %s
// RUN: wc-sim %t.licm.mlir %consolidated_lowered | FileCheck %s

// STRIPPED-NOT: transform.
// STRIPPED: gpu.module @rowsum_kernel
// STRIPPED-NOT: transform.
// STRIPPED: memref.alloc() {{.*}} : memref<1x64xi32, #gpu.address_space<workgroup>>
// STRIPPED: memref.alloc() {{.*}} : memref<1x8xi32, #gpu.address_space<workgroup>>
// AGG: remark: wc-aggregate: coarsened: one warp per 64-thread block

// The output's zero fill (thread 0, before the tree's barriers) reaches the
// loop that adds the 8 partials to it, which now sums in registers and
// stores once; the fill itself stays (the input may alias the output).
// FWD-LABEL: gpu.func @rowsum_kernel
// FWD: scf.if %[[FIRST:.*]] {
// FWD-NEXT: memref.store %[[ZERO:.*]], %arg1[%{{.*}}] : memref<64xi32>
// FWD: scf.if %[[FIRST]] {
// FWD-NEXT: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (i32) {
// FWD-NOT: memref.load %arg1
// FWD: }
// FWD-NEXT: memref.store %[[SUM]], %arg1[%{{.*}}] : memref<64xi32>

// The sums of the rows of a 64x256 i32 matrix as a GPU kernel from upstream
// MLIR's transform dialect, tensor-level: one row per block (scf.forall on
// #gpu.block<x>, the output's zero fill fused into it), then the row's
// reduction split twice with transform.structured.tile_reduction_using_forall:
// 64 threads sum 4 elements each into a 1x64 partial buffer, 8 threads sum 8
// partials each into a 1x8 buffer, one thread sums the 8. Both partial
// buffers are promoted to workgroup memory (transform.structured.
// promote_tensor), the fills are distributed too, everything is bufferized
// (one_shot_bufferize), and the foralls become a gpu.launch with 64 threads
// and a gpu.barrier after each distributed loop: a three-level reduction
// tree (256 -> 64 -> 8 -> 1) through workgroup memory.

module attributes {gpu.container_module} {
  func.func @rowsum(%in: memref<64x256xi32>, %out: memref<64xi32>) {
    %zero = arith.constant 0 : i32
    %t = bufferization.to_tensor %in restrict : memref<64x256xi32> to tensor<64x256xi32>
    %e = tensor.empty() : tensor<64xi32>
    %z = linalg.fill ins(%zero : i32) outs(%e : tensor<64xi32>) -> tensor<64xi32>
    %r = linalg.reduce ins(%t : tensor<64x256xi32>) outs(%z : tensor<64xi32>) dimensions = [1]
      (%a: i32, %acc: i32) {
        %s = arith.addi %a, %acc : i32
        linalg.yield %s : i32
      }
    bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<64xi32>, memref<64xi32>) -> ()
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %h_in = memref.alloc() : memref<64x256xi32>
    %h_out = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        // in[i][j] = (7 i + 3 j) mod 13
        %i7 = arith.muli %i, %c7 : index
        %j3 = arith.muli %j, %c3 : index
        %s = arith.addi %i7, %j3 : index
        %r = arith.remui %s, %c13 : index
        %v = arith.index_cast %r : index to i32
        memref.store %v, %h_in[%i, %j] : memref<64x256xi32>
      }
    }
    %d_in = gpu.alloc () : memref<64x256xi32>
    %d_out = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d_in, %h_in : memref<64x256xi32>, memref<64x256xi32>
    call @rowsum(%d_in, %d_out) : (memref<64x256xi32>, memref<64xi32>) -> ()
    gpu.memcpy %h_out, %d_out : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h_out : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }

  // The schedule; private, so --symbol-dce erases it after the interpreter.
  module @schedule attributes {transform.with_named_sequence, sym_visibility = "private"} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %red = transform.structured.match ops{["linalg.reduce"]} in %root
        : (!transform.any_op) -> !transform.any_op
      %fill = transform.structured.match ops{["linalg.fill"]} in %root
        : (!transform.any_op) -> !transform.any_op
      // One row per block; the output's zero fill fused into the block loop.
      %rt, %blocks = transform.structured.tile_using_forall %red tile_sizes [1]
          (mapping = [#gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %ff, %blocks2 = transform.structured.fuse_into_containing_op %fill into %blocks
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      // Level 1: 64 threads, 4 elements each, into a 1x64 partial tensor.
      %pfill, %part, %comb, %tf = transform.structured.tile_reduction_using_forall %rt
          by num_threads = [0, 64] mapping = [#gpu.thread<x>]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      // Level 2: 8 threads, 8 partials each, into a 1x8 partial tensor.
      %pfill2, %part2, %comb2, %tf2 = transform.structured.tile_reduction_using_forall %comb
          by num_threads = [0, 8] mapping = [#gpu.thread<x>]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      // The partial tensors live in workgroup memory.
      %empties = transform.structured.match ops{["tensor.empty"]} in %blocks2
        : (!transform.any_op) -> !transform.any_op
      %ev = transform.get_result %empties[0] : (!transform.any_op) -> !transform.any_value
      %wg = transform.structured.promote_tensor to #gpu.address_space<workgroup> %ev
        : !transform.any_value
      // Level 3 on one thread; the fills distributed like their consumers.
      %fc, %ffor = transform.structured.tile_using_forall %comb2 num_threads [1]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %f1, %f1for = transform.structured.tile_using_forall %pfill num_threads [0, 64]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %f2, %f2for = transform.structured.tile_using_forall %pfill2 num_threads [0, 8]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %f0, %f0for = transform.structured.tile_using_forall %ff num_threads [1]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "rowsum"} in %root
        : (!transform.any_op) -> !transform.any_op
      transform.apply_patterns to %func {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      transform.apply_cse to %func : !transform.any_op
      // Bufferize; the output's tensor.empty becomes %out itself.
      transform.bufferization.eliminate_empty_tensors %func : !transform.any_op
      %bf = transform.bufferization.one_shot_bufferize %func
        : (!transform.any_op) -> !transform.any_op
      transform.apply_cse to %bf : !transform.any_op
      transform.apply_patterns to %bf {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      %bl = transform.structured.match ops{["scf.forall"]} attributes {mapping = [#gpu.block<x>]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %launch = transform.gpu.map_forall_to_blocks %bl generate_gpu_launch
        : (!transform.any_op) -> !transform.any_op
      %l2 = transform.gpu.map_nested_forall_to_threads %launch block_dims = [64, 1, 1]
        : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}

// Expected: out[i] = sum over j < 256 of (7 i + 3 j) mod 13, computed in python:
//   [sum((7*i + 3*j) % 13 for j in range(256)) for i in range(64)]
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [64] strides = [1] data =
// CHECK-NEXT: [1538,  1536,  1534,  1532,  1530,  1541,  1539,  1537,  1535,  1533,  1531,  1542,  1540,  1538,  1536,  1534,  1532,  1530,  1541,  1539,  1537,  1535,  1533,  1531,  1542,  1540,  1538,  1536,  1534,  1532,  1530,  1541,  1539,  1537,  1535,  1533,  1531,  1542,  1540,  1538,  1536,  1534,  1532,  1530,  1541,  1539,  1537,  1535,  1533,  1531,  1542,  1540,  1538,  1536,  1534,  1532,  1530,  1541,  1539,  1537,  1535,  1533,  1531,  1542]

// The cost model decides the same before and after the clean-ups: the
// zero fills are forwarded to the loops that accumulate, which keep their
// sums in registers (each level stores its partial once); the 8-element
// partial buffer becomes a lane array (its reads shuffles); the 64-element
// one stays, each thread reading 8 consecutive elements (of lanes that
// differ per thread).
// RUN: wc-opt %t.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=DECIDE
// RUN: wc-opt %t.licm.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=DECIDE
// DECIDE: remark: wc-prepare: workgroup attributions from 2 allocations, 0 globals and 0 views
// DECIDE: remark: wc-forward-stores: 3 loads take a value the thread stored, 3 loop-carried elements kept in registers, 2 overwritten stores removed
// DECIDE: remark: wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 5 phases, 3 barriers became warp syncs, 3 removed
// DECIDE: remark: wc-consolidate: aggregate and remap (6 barriers, workgroup memory)
// DECIDE: remark: wc-remap: workgroup buffer 0 (memref<1x64xi32, #gpu.address_space<workgroup>>) stays in shared memory: index d0 * 8 is neither
// DECIDE: remark: wc-remap: workgroup buffer 1 (memref<1x8xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<32 x i32>'
