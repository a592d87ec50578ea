// RUN: wc-opt %s --transform-interpreter --symbol-dce --convert-linalg-to-loops \
// RUN:   --lower-affine --gpu-launch-sink-index-computations --gpu-kernel-outlining \
// RUN:   --canonicalize --cse -o %t.mlir
// RUN: FileCheck %s --check-prefix=STRIPPED --input-file=%t.mlir
// RUN: wc-sim %t.mlir | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}
// RUN: wc-sim %t.mlir %lowered | FileCheck %s
// RUN: wc-sim %t.mlir %aggregated_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-opt %t.mlir --canonicalize --cse --loop-invariant-code-motion -o %t.licm.mlir
// RUN: wc-sim %t.licm.mlir %consolidated_lowered | FileCheck %s

// STRIPPED-NOT: transform.
// STRIPPED: gpu.func @colsum_kernel
// STRIPPED: memref.subview %arg0[0, %{{.*}}] [128, 64] [1, 1]
// STRIPPED: gpu.barrier
// STRIPPED: memref.subview %{{.*}}[0, %thread_id_x] [128, 1] [1, 1]
// STRIPPED: scf.for %{{.*}} = %c0 to %c128 step %c1
// STRIPPED: gpu.barrier

// The sums of the columns of a 128x256 i32 matrix (linalg.reduce along
// dimension 0) as upstream MLIR's transform dialect generates it: 64
// columns per block (scf.forall on #gpu.block<x>, the zero fill fused), one
// column per thread (#gpu.thread<x>), each thread adding its column's 128
// rows into the output in global memory; no workgroup memory.

module attributes {gpu.container_module} {
  func.func @colsum(%in: memref<128x256xi32>, %out: memref<256xi32>) {
    %zero = arith.constant 0 : i32
    %t = bufferization.to_tensor %in restrict : memref<128x256xi32> to tensor<128x256xi32>
    %e = tensor.empty() : tensor<256xi32>
    %z = linalg.fill ins(%zero : i32) outs(%e : tensor<256xi32>) -> tensor<256xi32>
    // The sums of the columns: a reduction along dimension 0.
    %r = linalg.reduce ins(%t : tensor<128x256xi32>) outs(%z : tensor<256xi32>) dimensions = [0]
      (%a: i32, %acc: i32) {
        %s = arith.addi %a, %acc : i32
        linalg.yield %s : i32
      }
    bufferization.materialize_in_destination %r in restrict writable %out
      : (tensor<256xi32>, memref<256xi32>) -> ()
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c23 = arith.constant 23 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %h_in = memref.alloc() : memref<128x256xi32>
    %h_out = memref.alloc() : memref<256xi32>
    scf.for %i = %c0 to %c128 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        // in[i][j] = (3 i + 7 j) mod 23 - 11 + i mod 3
        %i3 = arith.muli %i, %c3 : index
        %j7 = arith.muli %j, %c7 : index
        %s = arith.addi %i3, %j7 : index
        %r = arith.remui %s, %c23 : index
        %v0 = arith.subi %r, %c11 : index
        %im = arith.remui %i, %c3 : index
        %v = arith.addi %v0, %im : index
        %vi = arith.index_cast %v : index to i32
        memref.store %vi, %h_in[%i, %j] : memref<128x256xi32>
      }
    }
    %d_in = gpu.alloc () : memref<128x256xi32>
    %d_out = gpu.alloc () : memref<256xi32>
    gpu.memcpy %d_in, %h_in : memref<128x256xi32>, memref<128x256xi32>
    call @colsum(%d_in, %d_out) : (memref<128x256xi32>, memref<256xi32>) -> ()
    gpu.memcpy %h_out, %d_out : memref<256xi32>, memref<256xi32>
    %u = memref.cast %h_out : memref<256xi32> to memref<*xi32>
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
      // Blocks: 64 columns each; the zero fill fused into the block loop.
      %rt, %blocks = transform.structured.tile_using_forall %red tile_sizes [0, 64]
          (mapping = [#gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %ff, %b1 = transform.structured.fuse_into_containing_op %fill into %blocks
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      // Threads: one column each, summing its 128 rows.
      %rt2, %tf = transform.structured.tile_using_forall %rt num_threads [0, 64]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %ff2, %tf2 = transform.structured.tile_using_forall %ff num_threads [64]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "colsum"} in %root
        : (!transform.any_op) -> !transform.any_op
      transform.apply_patterns to %func {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      transform.apply_cse to %func : !transform.any_op
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

// Expected: computed in python:
//   out[j] = sum over i < 128 of (3 i + 7 j) % 23 - 11 + i % 3
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [256] strides = [1] data =
// CHECK-NEXT: [103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124,  123,  122,  144,  120,  119,  141,  117,  116,  138,  137,  113,  135,  134,  110,  132,  131,  130,  106,  151,  127,  103,  148,  124]
