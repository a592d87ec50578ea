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
// RUN: wc-opt %t.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// The pick: the tile and the filter copies stay plain stores (each element
// of the tile is read 46 times, of the filter 64, where 8-byte cp.async
// copies through L1 would slow the reads); each thread's copy of a
// pixel's 4 channels into the tile, and its store of the 8 channels of its
// output, are made 16 bytes at a time.
// REMARKS: wc-async-copy: no tile copies: the tile is read 46 times per element of the buffer, more than 4
// REMARKS: wc-async-copy: no tile copies: the tile is read 64 times per element of the buffer, more than 4
// REMARKS: wc-vectorize: 2 loops over consecutive elements per thread made 16-byte accesses (1 loads, 2 stores)

// STRIPPED-NOT: transform.
// STRIPPED: gpu.func @conv_kernel
// STRIPPED: memref.subview %arg0[0, %{{.*}}, %{{.*}}, 0] [1, 10, 10, 4]
// STRIPPED: memref.alloc() {alignment = 64 : i64} : memref<1x10x10x4xf32, #gpu.address_space<workgroup>>
// STRIPPED: arith.minsi
// STRIPPED: arith.maxsi
// STRIPPED: memref.subview %alloc[0, %{{.*}}, %{{.*}}, 0] [1, %{{.*}}, %{{.*}}, 4]
// STRIPPED: gpu.barrier
// STRIPPED: memref.alloc() {alignment = 64 : i64} : memref<3x3x4x8xf32, #gpu.address_space<workgroup>>
// STRIPPED: scf.if
// STRIPPED: gpu.barrier

// A 3x3 convolution (linalg.conv_2d_nhwc_hwcf, f32) of an 18x18x4 image
// by a 3x3x4x8 filter, as upstream MLIR's transform dialect generates it:
// 8x8 output pixels (all 8 channels) per block, the zero fill fused, the
// 10x10x4 input tile (the pixels and their halo) and the filter promoted to
// workgroup memory (promote_tensor, one-shot bufferization with
// linalg.copy), then everything over 8x8 threads: the tile copy by
// num_threads [0, 8, 8], which does not divide 10, so upstream gives each
// thread a 2x2 patch whose sizes it clamps (affine.min / affine.max, after
// --lower-affine arith.minsi / arith.maxsi; threads 5 to 7 copy nothing),
// the filter copy over 4x8 threads (an scf.if skips the others), the fill
// and the convolution one output pixel per thread.

module attributes {gpu.container_module} {
  func.func @conv(%I: memref<1x18x18x4xf32> {llvm.noalias}, %F: memref<3x3x4x8xf32> {llvm.noalias},
                  %O: memref<1x16x16x8xf32> {llvm.noalias}) {
    %zero = arith.constant 0.0 : f32
    %in = bufferization.to_tensor %I restrict : memref<1x18x18x4xf32> to tensor<1x18x18x4xf32>
    %f = bufferization.to_tensor %F restrict : memref<3x3x4x8xf32> to tensor<3x3x4x8xf32>
    %e = tensor.empty() : tensor<1x16x16x8xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%in, %f : tensor<1x18x18x4xf32>, tensor<3x3x4x8xf32>)
        outs(%z : tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
    bufferization.materialize_in_destination %c in restrict writable %O
      : (tensor<1x16x16x8xf32>, memref<1x16x16x8xf32>) -> ()
    return
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c11 = arith.constant 11 : index
    %c18 = arith.constant 18 : index
    %quarter = arith.constant 0.25 : f32
    %hI = memref.alloc() : memref<1x18x18x4xf32>
    %hF = memref.alloc() : memref<3x3x4x8xf32>
    %hO = memref.alloc() : memref<1x16x16x8xf32>
    scf.for %h = %c0 to %c18 step %c1 {
      scf.for %w = %c0 to %c18 step %c1 {
        scf.for %ch = %c0 to %c4 step %c1 {
          // I[0][h][w][c] = (3 h + 5 w + 7 c) mod 11 - 5
          %h3 = arith.muli %h, %c3 : index
          %w5 = arith.muli %w, %c5 : index
          %c7c = arith.muli %ch, %c7 : index
          %s0 = arith.addi %h3, %w5 : index
          %s1 = arith.addi %s0, %c7c : index
          %r = arith.remui %s1, %c11 : index
          %v = arith.subi %r, %c5 : index
          %vi = arith.index_cast %v : index to i32
          %vf = arith.sitofp %vi : i32 to f32
          memref.store %vf, %hI[%c0, %h, %w, %ch] : memref<1x18x18x4xf32>
        }
      }
    }
    scf.for %kh = %c0 to %c3 step %c1 {
      scf.for %kw = %c0 to %c3 step %c1 {
        scf.for %ch = %c0 to %c4 step %c1 {
          scf.for %fo = %c0 to %c8 step %c1 {
            // F[kh][kw][c][f] = ((kh + 2 kw + 3 c + 5 f) mod 7 - 3) / 4
            %kw2 = arith.muli %kw, %c2 : index
            %c3c = arith.muli %ch, %c3 : index
            %f5 = arith.muli %fo, %c5 : index
            %s0 = arith.addi %kh, %kw2 : index
            %s1 = arith.addi %s0, %c3c : index
            %s2 = arith.addi %s1, %f5 : index
            %r = arith.remui %s2, %c7 : index
            %v = arith.subi %r, %c3 : index
            %vi = arith.index_cast %v : index to i32
            %vf = arith.sitofp %vi : i32 to f32
            %x = arith.mulf %vf, %quarter : f32
            memref.store %x, %hF[%kh, %kw, %ch, %fo] : memref<3x3x4x8xf32>
          }
        }
      }
    }
    %dI = gpu.alloc () : memref<1x18x18x4xf32>
    %dF = gpu.alloc () : memref<3x3x4x8xf32>
    %dO = gpu.alloc () : memref<1x16x16x8xf32>
    gpu.memcpy %dI, %hI : memref<1x18x18x4xf32>, memref<1x18x18x4xf32>
    gpu.memcpy %dF, %hF : memref<3x3x4x8xf32>, memref<3x3x4x8xf32>
    call @conv(%dI, %dF, %dO) : (memref<1x18x18x4xf32>, memref<3x3x4x8xf32>, memref<1x16x16x8xf32>) -> ()
    gpu.memcpy %hO, %dO : memref<1x16x16x8xf32>, memref<1x16x16x8xf32>
    %u = memref.cast %hO : memref<1x16x16x8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }

  // The schedule; private, so --symbol-dce erases it after the interpreter.
  module @schedule attributes {transform.with_named_sequence, sym_visibility = "private"} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %conv = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %root
        : (!transform.any_op) -> !transform.any_op
      %fill = transform.structured.match ops{["linalg.fill"]} in %root
        : (!transform.any_op) -> !transform.any_op
      // Blocks: 8x8 output pixels (all 8 output channels); the fill fused.
      %t1, %blocks = transform.structured.tile_using_forall %conv tile_sizes [0, 8, 8]
          (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %f1, %b1 = transform.structured.fuse_into_containing_op %fill into %blocks
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      // The 10x10 input tile (the 8x8 pixels and their halo) and the filter
      // into workgroup memory.
      %in = transform.get_operand %t1[0] : (!transform.any_op) -> !transform.any_value
      %flt = transform.get_operand %t1[1] : (!transform.any_op) -> !transform.any_value
      %pin = transform.structured.promote_tensor to #gpu.address_space<workgroup> %in
        : !transform.any_value
      %pflt = transform.structured.promote_tensor to #gpu.address_space<workgroup> %flt
        : !transform.any_value
      %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "conv"} in %root
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
      // Everything over 8x8 threads: the fill and the conv one pixel per
      // thread, the 10x10 tile copy 2x2 pixels per thread (threads 5 to 7
      // of each dimension copy none: upstream clamps the sizes), the filter
      // copy over 4x8 of the threads (the others skip it).
      %bl0 = transform.structured.match ops{["scf.forall"]}
          attributes {mapping = [#gpu.block<y>, #gpu.block<x>]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %fills = transform.structured.match ops{["linalg.fill"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %ft, %ff = transform.structured.tile_using_forall %fills num_threads [0, 8, 8]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %copies = transform.structured.match ops{["linalg.copy"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %cin, %cflt = transform.split_handle %copies : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %c1, %cf1 = transform.structured.tile_using_forall %cin num_threads [0, 8, 8]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %c2, %cf2 = transform.structured.tile_using_forall %cflt num_threads [0, 0, 4, 8]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %conv2 = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %t4, %tf = transform.structured.tile_using_forall %conv2 num_threads [0, 8, 8]
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

// Expected: computed in python (exact: integers times quarters):
//   I[0][h][w][c] = (3 h + 5 w + 7 c) % 11 - 5,
//   F[kh][kw][c][f] = ((kh + 2 kw + 3 c + 5 f) % 7 - 3) / 4,
//   O[0][h][w][f] = sum over kh, kw, c of I[0][h + kh][w + kw][c] F[kh][kw][c][f]
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 4 offset = 0 sizes = [1, 16, 16, 8] strides = [2048, 128, 8, 1] data =
// CHECK-NEXT: {{\[\[\[\[}}3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75{{\]\]}},
// CHECK-NEXT: {{\[\[}}-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25{{\]\]}},
// CHECK-NEXT: {{\[\[}}7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1{{\]\]}},
// CHECK-NEXT: {{\[\[}}-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5{{\]\]}},
// CHECK-NEXT: {{\[\[}}-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5{{\]\]}},
// CHECK-NEXT: {{\[\[}}-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25{{\]\]}},
// CHECK-NEXT: {{\[\[}}2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5{{\]\]}},
// CHECK-NEXT: {{\[\[}}-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0{{\]\]}},
// CHECK-NEXT: {{\[\[}}-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5{{\]\]}},
// CHECK-NEXT: {{\[\[}}18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4{{\]\]}},
// CHECK-NEXT: {{\[\[}}0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75{{\]\]}},
// CHECK-NEXT: {{\[\[}}3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75{{\]\]}},
// CHECK-NEXT: {{\[\[}}-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25{{\]\]}},
// CHECK-NEXT: {{\[\[}}7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1{{\]\]}},
// CHECK-NEXT: {{\[\[}}-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5{{\]\]}},
// CHECK-NEXT: {{\[\[}}-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5],
// CHECK-NEXT: [-1,     -4.25,     -4,     -7.25,     5.25,     5.5,     5.75,     -1],
// CHECK-NEXT: [-10.75,     0,     -5,     -4.75,     2.5,     16.75,     1.25,     -10.75],
// CHECK-NEXT: [-4,     -4,     -0.5,     -2.25,     13.5,     -2.25,     -0.5,     -4],
// CHECK-NEXT: [0,     -10.75,     1.25,     16.75,     2.5,     -4.75,     -5,     0],
// CHECK-NEXT: [-4.25,     -1,     5.75,     5.5,     5.25,     -7.25,     -4,     -4.25],
// CHECK-NEXT: [2.5,     -5,     10.25,     8,     -3,     -7,     -5.75,     2.5],
// CHECK-NEXT: [-7.25,     18.5,     9.25,     -8.75,     -5.75,     4.25,     -10.25,     -7.25],
// CHECK-NEXT: [7.75,     3.5,     2.75,     2,     -5.75,     -6.5,     -3.75,     7.75],
// CHECK-NEXT: [3.5,     7.75,     -3.75,     -6.5,     -5.75,     2,     2.75,     3.5],
// CHECK-NEXT: [18.5,     -7.25,     -10.25,     4.25,     -5.75,     -8.75,     9.25,     18.5],
// CHECK-NEXT: [-5,     2.5,     -5.75,     -7,     -3,     8,     10.25,     -5{{\]\]\]\]}}
