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
// The thread's own block of the tile (a pooling window; softmax's row of
// exponentials, 4 per thread) becomes a private array, one per virtual
// thread once aggregated, and stays in registers: no local memory.
// RUN: wc-opt %t.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRIVATE
// PRIVATE: wc-forward-stores: {{.*}}, 1 workgroup buffers private to their threads made per-thread arrays
// PRIVATE: wc-aggregate: coarsened
// RUN: wc-opt %t.mlir --wc-consolidate --wc-lower-to-nvvm=format=isa | %extract-ptx | FileCheck %s --check-prefix=REGS
// REGS: .entry max_pool_kernel
// REGS-NOT: .local
// REGS-NOT: .shared
// REGS: ret;

// STRIPPED-NOT: transform.
// STRIPPED: gpu.func @max_pool_kernel
// STRIPPED: memref.subview %arg0[0, %{{.*}}, %{{.*}}, 0] [1, 16, 16, 4]
// STRIPPED: memref.alloc() {alignment = 64 : i64} : memref<1x16x16x4xf32, #gpu.address_space<workgroup>>
// STRIPPED: gpu.barrier
// STRIPPED: arith.maximumf
// STRIPPED: gpu.barrier

// 2x2 max pooling with stride 2 (linalg.pooling_nhwc_max, f32) of a
// 32x32x4 image, as upstream MLIR's transform dialect generates it: 8x8
// output pixels (all 4 channels) per block, the -inf fill fused, the 16x16x4
// input tile promoted to workgroup memory (promote_tensor, one-shot
// bufferization with linalg.copy), then over 8x8 threads the tile copy (2x2
// input pixels per thread), the fill and the pooling (one output pixel per
// thread, whose window is the patch the same thread copied).

module attributes {gpu.container_module} {
  func.func @max_pool(%I: memref<1x32x32x4xf32> {llvm.noalias}, %O: memref<1x16x16x4xf32> {llvm.noalias}) {
    %ninf = arith.constant 0xFF800000 : f32
    %in = bufferization.to_tensor %I restrict : memref<1x32x32x4xf32> to tensor<1x32x32x4xf32>
    %win = tensor.empty() : tensor<2x2xf32>
    %e = tensor.empty() : tensor<1x16x16x4xf32>
    %init = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x16x16x4xf32>) -> tensor<1x16x16x4xf32>
    // 2x2 windows, stride 2.
    %p = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
        ins(%in, %win : tensor<1x32x32x4xf32>, tensor<2x2xf32>)
        outs(%init : tensor<1x16x16x4xf32>) -> tensor<1x16x16x4xf32>
    bufferization.materialize_in_destination %p in restrict writable %O
      : (tensor<1x16x16x4xf32>, memref<1x16x16x4xf32>) -> ()
    return
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c17 = arith.constant 17 : index
    %c32 = arith.constant 32 : index
    %hI = memref.alloc() : memref<1x32x32x4xf32>
    %hO = memref.alloc() : memref<1x16x16x4xf32>
    scf.for %h = %c0 to %c32 step %c1 {
      scf.for %w = %c0 to %c32 step %c1 {
        scf.for %ch = %c0 to %c4 step %c1 {
          // I[0][h][w][c] = (5 h + 3 w + 7 c) mod 17 - 8
          %h5 = arith.muli %h, %c5 : index
          %w3 = arith.muli %w, %c3 : index
          %c7c = arith.muli %ch, %c7 : index
          %s0 = arith.addi %h5, %w3 : index
          %s1 = arith.addi %s0, %c7c : index
          %r = arith.remui %s1, %c17 : index
          %v = arith.subi %r, %c8 : index
          %vi = arith.index_cast %v : index to i32
          %vf = arith.sitofp %vi : i32 to f32
          memref.store %vf, %hI[%c0, %h, %w, %ch] : memref<1x32x32x4xf32>
        }
      }
    }
    %dI = gpu.alloc () : memref<1x32x32x4xf32>
    %dO = gpu.alloc () : memref<1x16x16x4xf32>
    gpu.memcpy %dI, %hI : memref<1x32x32x4xf32>, memref<1x32x32x4xf32>
    call @max_pool(%dI, %dO) : (memref<1x32x32x4xf32>, memref<1x16x16x4xf32>) -> ()
    gpu.memcpy %hO, %dO : memref<1x16x16x4xf32>, memref<1x16x16x4xf32>
    %u = memref.cast %hO : memref<1x16x16x4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }

  // The schedule; private, so --symbol-dce erases it after the interpreter.
  module @schedule attributes {transform.with_named_sequence, sym_visibility = "private"} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %pool = transform.structured.match ops{["linalg.pooling_nhwc_max"]} in %root
        : (!transform.any_op) -> !transform.any_op
      %fill = transform.structured.match ops{["linalg.fill"]} in %root
        : (!transform.any_op) -> !transform.any_op
      // Blocks: 8x8 output pixels (all 4 channels); the -inf fill fused.
      %t1, %blocks = transform.structured.tile_using_forall %pool tile_sizes [0, 8, 8]
          (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %f1, %b1 = transform.structured.fuse_into_containing_op %fill into %blocks
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      // The 16x16x4 input tile into workgroup memory.
      %in = transform.get_operand %t1[0] : (!transform.any_op) -> !transform.any_value
      %pin = transform.structured.promote_tensor to #gpu.address_space<workgroup> %in
        : !transform.any_value
      %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "max_pool"} in %root
        : (!transform.any_op) -> !transform.any_op
      transform.apply_patterns to %func {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      transform.apply_cse to %func : !transform.any_op
      transform.bufferization.eliminate_empty_tensors %func : !transform.any_op
      %bf = transform.bufferization.one_shot_bufferize %func {memcpy_op = "linalg.copy"}
        : (!transform.any_op) -> !transform.any_op
      transform.apply_cse to %bf : !transform.any_op
      transform.apply_patterns to %bf {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      // Over 8x8 threads: the tile copy 2x2 input pixels per thread, the
      // fill and the pooling one output pixel per thread.
      %bl0 = transform.structured.match ops{["scf.forall"]}
          attributes {mapping = [#gpu.block<y>, #gpu.block<x>]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %copy = transform.structured.match ops{["linalg.copy"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %c1, %cf1 = transform.structured.tile_using_forall %copy num_threads [0, 8, 8]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %fills = transform.structured.match ops{["linalg.fill"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %ft, %ff = transform.structured.tile_using_forall %fills num_threads [0, 8, 8]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %pool2 = transform.structured.match ops{["linalg.pooling_nhwc_max"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %t4, %tf = transform.structured.tile_using_forall %pool2 num_threads [0, 8, 8]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      transform.apply_patterns to %bf {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      transform.apply_cse to %bf : !transform.any_op
      %bl = transform.structured.match ops{["scf.forall"]}
          attributes {mapping = [#gpu.block<y>, #gpu.block<x>]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %launch = transform.gpu.map_forall_to_blocks %bl generate_gpu_launch
        : (!transform.any_op) -> !transform.any_op
      %l2 = transform.gpu.map_nested_forall_to_threads %launch block_dims = [8, 8, 1]
        : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}

// Expected: computed in python:
//   I[0][h][w][c] = (5 h + 3 w + 7 c) % 17 - 8,
//   O[0][h][w][c] = max over a, b < 2 of I[0][2 h + a][2 w + b][c]
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 16, 16, 4] strides = [1024, 64, 4, 1] data =
// CHECK-NEXT: {{\[\[\[\[}}0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6{{\]\]}},
// CHECK-NEXT: {{\[\[}}7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2{{\]\]}},
// CHECK-NEXT: {{\[\[}}3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7{{\]\]}},
// CHECK-NEXT: {{\[\[}}8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5{{\]\]}},
// CHECK-NEXT: {{\[\[}}6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7{{\]\]}},
// CHECK-NEXT: {{\[\[}}8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8{{\]\]}},
// CHECK-NEXT: {{\[\[}}6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1{{\]\]}},
// CHECK-NEXT: {{\[\[}}2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8{{\]\]}},
// CHECK-NEXT: {{\[\[}}7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4{{\]\]}},
// CHECK-NEXT: {{\[\[}}5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6{{\]\]}},
// CHECK-NEXT: {{\[\[}}7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7{{\]\]}},
// CHECK-NEXT: {{\[\[}}8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0{{\]\]}},
// CHECK-NEXT: {{\[\[}}1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7{{\]\]}},
// CHECK-NEXT: {{\[\[}}8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3{{\]\]}},
// CHECK-NEXT: {{\[\[}}4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6],
// CHECK-NEXT: [8,     7,     5,     7],
// CHECK-NEXT: [6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8{{\]\]}},
// CHECK-NEXT: {{\[\[}}6,     4,     8,     1],
// CHECK-NEXT: [3,     7,     0,     7],
// CHECK-NEXT: [6,     8,     6,     8],
// CHECK-NEXT: [7,     5,     7,     2],
// CHECK-NEXT: [4,     8,     1,     8],
// CHECK-NEXT: [7,     0,     7,     6],
// CHECK-NEXT: [8,     6,     8,     3],
// CHECK-NEXT: [5,     7,     2,     6],
// CHECK-NEXT: [8,     1,     8,     7],
// CHECK-NEXT: [0,     7,     6,     4],
// CHECK-NEXT: [6,     8,     3,     7],
// CHECK-NEXT: [7,     2,     6,     8],
// CHECK-NEXT: [1,     8,     7,     5],
// CHECK-NEXT: [7,     6,     4,     8],
// CHECK-NEXT: [8,     3,     7,     0],
// CHECK-NEXT: [2,     6,     8,     6{{\]\]\]\]}}
