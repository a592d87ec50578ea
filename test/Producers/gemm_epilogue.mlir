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
// STRIPPED: gpu.func @gemm_epilogue_kernel
// STRIPPED: scf.for
// STRIPPED: memref.alloc() {alignment = 64 : i64} : memref<16x16xf32, #gpu.address_space<workgroup>>
// STRIPPED: gpu.barrier
// STRIPPED: memref.alloc() {alignment = 64 : i64} : memref<16x16xf32, #gpu.address_space<workgroup>>
// STRIPPED: gpu.barrier
// STRIPPED: arith.maximumf

// C = relu(A B + bias) for a 32x64 by 64x48 f32 product, as upstream MLIR's
// transform dialect generates it from linalg: the epilogue (a linalg.generic
// in place on the product) tiled into 16x16 output tiles on blocks, the
// matmul and its zero fill fused into the block loop, the K loop tiled by 16
// (scf.for), the A and B tiles promoted to workgroup memory (promote_tensor;
// one-shot bufferization makes them typed memref.alloc's in the K loop and
// the copies linalg.copy's), the accumulator made C itself
// (eliminate_empty_tensors), then the fill, the tile copies, the matmul tile
// and the epilogue distributed over 16x16 threads (a gpu.barrier after
// each) and map_forall_to_blocks / map_nested_forall_to_threads.

module attributes {gpu.container_module} {
  func.func @gemm_epilogue(%A: memref<32x64xf32> {llvm.noalias}, %B: memref<64x48xf32> {llvm.noalias},
                           %bias: memref<48xf32> {llvm.noalias}, %C: memref<32x48xf32> {llvm.noalias}) {
    %zero = arith.constant 0.0 : f32
    %a = bufferization.to_tensor %A restrict : memref<32x64xf32> to tensor<32x64xf32>
    %b = bufferization.to_tensor %B restrict : memref<64x48xf32> to tensor<64x48xf32>
    %bv = bufferization.to_tensor %bias restrict : memref<48xf32> to tensor<48xf32>
    %e = tensor.empty() : tensor<32x48xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<32x48xf32>) -> tensor<32x48xf32>
    %mm = linalg.matmul ins(%a, %b : tensor<32x64xf32>, tensor<64x48xf32>)
                        outs(%z : tensor<32x48xf32>) -> tensor<32x48xf32>
    // The epilogue, in place on the product: relu(acc + bias[j]).
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%bv : tensor<48xf32>) outs(%mm : tensor<32x48xf32>) {
      ^bb0(%bj: f32, %acc: f32):
        %s = arith.addf %acc, %bj : f32
        %y = arith.maximumf %s, %zero : f32
        linalg.yield %y : f32
    } -> tensor<32x48xf32>
    bufferization.materialize_in_destination %r in restrict writable %C
      : (tensor<32x48xf32>, memref<32x48xf32>) -> ()
    return
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %c17 = arith.constant 17 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %quarter = arith.constant 0.25 : f32
    %two = arith.constant 2.0 : f32
    %hA = memref.alloc() : memref<32x64xf32>
    %hB = memref.alloc() : memref<64x48xf32>
    %hbias = memref.alloc() : memref<48xf32>
    %hC = memref.alloc() : memref<32x48xf32>
    scf.for %i = %c0 to %c32 step %c1 {
      scf.for %k = %c0 to %c64 step %c1 {
        // A[i][k] = (7 i + 3 k) mod 13 - 6
        %i7 = arith.muli %i, %c7 : index
        %k3 = arith.muli %k, %c3 : index
        %s = arith.addi %i7, %k3 : index
        %r = arith.remui %s, %c13 : index
        %v = arith.subi %r, %c6 : index
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        memref.store %vf, %hA[%i, %k] : memref<32x64xf32>
      }
    }
    scf.for %k = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c48 step %c1 {
        // B[k][j] = ((5 k + 11 j) mod 17 - 8) / 4
        %k5 = arith.muli %k, %c5 : index
        %j11 = arith.muli %j, %c11 : index
        %s = arith.addi %k5, %j11 : index
        %r = arith.remui %s, %c17 : index
        %v = arith.subi %r, %c8 : index
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        %x = arith.mulf %vf, %quarter : f32
        memref.store %x, %hB[%k, %j] : memref<64x48xf32>
      }
    }
    scf.for %j = %c0 to %c48 step %c1 {
      // bias[j] = 2 (j mod 7 - 3)
      %r = arith.remui %j, %c7 : index
      %v = arith.subi %r, %c3 : index
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      %x = arith.mulf %vf, %two : f32
      memref.store %x, %hbias[%j] : memref<48xf32>
    }
    %dA = gpu.alloc () : memref<32x64xf32>
    %dB = gpu.alloc () : memref<64x48xf32>
    %dbias = gpu.alloc () : memref<48xf32>
    %dC = gpu.alloc () : memref<32x48xf32>
    gpu.memcpy %dA, %hA : memref<32x64xf32>, memref<32x64xf32>
    gpu.memcpy %dB, %hB : memref<64x48xf32>, memref<64x48xf32>
    gpu.memcpy %dbias, %hbias : memref<48xf32>, memref<48xf32>
    call @gemm_epilogue(%dA, %dB, %dbias, %dC)
      : (memref<32x64xf32>, memref<64x48xf32>, memref<48xf32>, memref<32x48xf32>) -> ()
    gpu.memcpy %hC, %dC : memref<32x48xf32>, memref<32x48xf32>
    %u = memref.cast %hC : memref<32x48xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }

  // The schedule; private, so --symbol-dce erases it after the interpreter.
  module @schedule attributes {transform.with_named_sequence, sym_visibility = "private"} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %ep = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
      %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
      %fill = transform.structured.match ops{["linalg.fill"]} in %root
        : (!transform.any_op) -> !transform.any_op
      // Blocks: 16x16 tiles of C; the matmul and its zero fill fused into
      // the epilogue's block loop.
      %ept, %blocks = transform.structured.tile_using_forall %ep tile_sizes [16, 16]
          (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %mm1, %b1 = transform.structured.fuse_into_containing_op %mm into %blocks
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      %f1, %b2 = transform.structured.fuse_into_containing_op %fill into %b1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      // K loop, 16 at a time.
      %mm2, %kloop = transform.structured.tile_using_for %mm1 tile_sizes [0, 0, 16]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      // The A and B tiles into workgroup memory.
      %a = transform.get_operand %mm2[0] : (!transform.any_op) -> !transform.any_value
      %b = transform.get_operand %mm2[1] : (!transform.any_op) -> !transform.any_value
      %pa = transform.structured.promote_tensor to #gpu.address_space<workgroup> %a
        : !transform.any_value
      %pb = transform.structured.promote_tensor to #gpu.address_space<workgroup> %b
        : !transform.any_value
      %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "gemm_epilogue"} in %root
        : (!transform.any_op) -> !transform.any_op
      // (The fused-away fill and matmul, dead now, are erased.)
      transform.apply_patterns to %func {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      transform.apply_cse to %func : !transform.any_op
      // The accumulator is C itself (its tensor.empty becomes the output).
      transform.bufferization.eliminate_empty_tensors %func : !transform.any_op
      %bf = transform.bufferization.one_shot_bufferize %func {memcpy_op = "linalg.copy"}
        : (!transform.any_op) -> !transform.any_op
      transform.apply_cse to %bf : !transform.any_op
      transform.apply_patterns to %bf {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      // The fill, the tile copies, the matmul tile and the epilogue over
      // 16x16 threads.
      %bl0 = transform.structured.match ops{["scf.forall"]}
          attributes {mapping = [#gpu.block<y>, #gpu.block<x>]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %fills = transform.structured.match ops{["linalg.fill"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %ft, %ff = transform.structured.tile_using_forall %fills num_threads [16, 16]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %copies = transform.structured.match ops{["linalg.copy"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %c, %cf = transform.structured.tile_using_forall %copies num_threads [16, 16]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %mm3 = transform.structured.match ops{["linalg.matmul"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %t4, %tf = transform.structured.tile_using_forall %mm3 num_threads [16, 16]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %ep2 = transform.structured.match ops{["linalg.generic"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %t5, %ef = transform.structured.tile_using_forall %ep2 num_threads [16, 16]
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
      %l2 = transform.gpu.map_nested_forall_to_threads %launch block_dims = [16, 16, 1]
        : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}

// Expected: computed in python (exact: integers times quarters):
//   A[i][k] = (7 i + 3 k) % 13 - 6, B[k][j] = ((5 k + 11 j) % 17 - 8) / 4,
//   bias[j] = 2 (j % 7 - 3), C[i][j] = max(sum_k A[i][k] B[k][j] + bias[j], 0)
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [32, 48] strides = [48, 1] data =
// CHECK-NEXT: {{\[\[}}0,   0,   0,   5.5,   22,   21.5,   21,   2.25,   0,   0,   0,   0.25,   46.5,   20.5,   18.75,   31,   0,   0,   0,   0,   11.5,   14,   13.5,   13,   8.25,   0,   0,   0,   0,   38.5,   12.5,   24.75,   37,   0,   0,   0,   0,   3.5,   20,   19.5,   19,   14.25,   0,   0,   0,   0,   44.5,   18.5],
// CHECK-NEXT: [13.5,   21,   11.5,   10.5,   0,   0,   0,   0,   34,   7.5,   27.75,   39.5,   0,   0,   0,   0,   3.5,   19.5,   27,   17.5,   16.5,   0,   0,   0,   2.75,   40,   13.5,   33.75,   31.5,   0,   0,   0,   0,   9.5,   25.5,   19,   9.5,   8.5,   0,   0,   0,   8.75,   32,   5.5,   25.75,   37.5,   0,   0],
// CHECK-NEXT: [0,   0,   0,   0,   40.25,   24.25,   12.5,   33.5,   0,   0,   0,   0,   13,   31,   13.75,   14.75,   15.75,   0,   0,   0,   0,   32.25,   16.25,   4.5,   39.5,   0,   0,   0,   0,   5,   23,   19.75,   20.75,   21.75,   0,   0,   0,   0,   38.25,   22.25,   10.5,   45.5,   0,   0,   0,   0,   11,   29],
// CHECK-NEXT: [29,   25.25,   4.5,   43.25,   5.5,   0,   0,   0,   2,   15.25,   24.25,   20.5,   12.5,   0,   0,   0,   0,   35,   31.25,   10.5,   49.25,   0,   0,   0,   0,   8,   21.25,   30.25,   12.5,   4.5,   0,   0,   0,   0,   41,   23.25,   2.5,   41.25,   3.5,   0,   0,   0,   0,   13.25,   22.25,   18.5,   10.5,   0],
// CHECK-NEXT: [0,   0,   0,   0,   9.75,   33.5,   10.5,   16,   18.5,   0,   0,   0,   0,   48,   15.25,   5,   50,   0,   0,   0,   0,   1.75,   25.5,   2.5,   22,   24.5,   0,   0,   0,   0,   40,   21.25,   11,   56,   3.25,   0,   0,   0,   7.75,   31.5,   8.5,   28,   16.5,   0,   0,   0,   0,   46],
// CHECK-NEXT: [0,   36,   4,   27.25,   33.5,   0,   0,   0,   0,   29.5,   27.25,   8,   44,   7.75,   0,   0,   0,   1.75,   42,   10,   33.25,   25.5,   0,   0,   0,   0,   35.5,   33.25,   0,   36,   0,   0,   0,   0,   7.75,   34,   2,   25.25,   31.5,   0,   0,   0,   0,   27.5,   25.25,   6,   42,   5.75],
// CHECK-NEXT: [36,   0,   0,   0,   0,   26.5,   28,   0,   25.5,   5.75,   0,   0,   0,   3.25,   46,   5,   19.25,   42,   0,   0,   0,   0,   18.5,   20,   4.5,   31.5,   11.75,   0,   0,   0,   0,   52,   11,   25.25,   48,   0,   0,   0,   0,   24.5,   26,   10.5,   23.5,   3.75,   0,   0,   0,   1.25],
// CHECK-NEXT: [0,   4.5,   16.5,   24.25,   19.25,   10,   0,   0,   0,   1.5,   43.25,   8.5,   33.25,   41,   0,   0,   0,   0,   10.5,   22.5,   30.25,   11.25,   2,   0,   0,   0,   7.5,   49.25,   0.5,   25.25,   33,   0,   0,   0,   0,   2.5,   14.5,   22.25,   17.25,   8,   0,   0,   0,   0,   41.25,   6.5,   31.25,   39],
// CHECK-NEXT: [19,   5,   0,   0,   0,   0,   45.5,   0.5,   16.25,   36.25,   0,   0,   0,   0,   11.75,   14.75,   17.75,   25,   11,   0,   0,   0,   0,   37.5,   6.5,   22.25,   42.25,   0,   0,   0,   0,   17.75,   20.75,   23.75,   31,   3,   0,   0,   0,   0,   43.5,   12.5,   14.25,   34.25,   0,   0,   0,   0],
// CHECK-NEXT: [0,   0,   35.5,   27.75,   11.5,   42,   8.75,   0,   0,   0,   10.5,   15.5,   29,   25.5,   0,   0,   0,   0,   0,   41.5,   33.75,   3.5,   34,   0.75,   0,   0,   0,   16.5,   7.5,   21,   17.5,   5.5,   0,   0,   0,   0,   33.5,   25.75,   9.5,   40,   6.75,   0,   0,   0,   8.5,   13.5,   27,   23.5],
// CHECK-NEXT: [8.5,   38.5,   0,   0,   0,   0,   14.25,   9,   13.5,   18,   5.5,   0,   0,   0,   0,   31,   22.75,   14.5,   44.5,   2.25,   0,   0,   0,   6.25,   15,   19.5,   24,   11.5,   0,   0,   0,   0,   37,   28.75,   20.5,   36.5,   0,   0,   0,   0,   12.25,   21,   11.5,   16,   3.5,   0,   0,   0],
// CHECK-NEXT: [0,   0,   5.75,   37.75,   10.25,   25.25,   36,   0,   0,   0,   0,   29,   31.25,   16.5,   30.25,   0,   0,   0,   0,   11.75,   43.75,   2.25,   17.25,   28,   0,   0,   0,   0,   21,   23.25,   8.5,   36.25,   4.5,   0,   0,   0,   3.75,   35.75,   8.25,   23.25,   34,   0,   0,   0,   0,   27,   29.25,   14.5],
// CHECK-NEXT: [4.5,   23.25,   25,   0,   0,   0,   0,   24,   17.25,   6.25,   37.75,   9.75,   0,   0,   0,   0,   34.25,   10.5,   29.25,   31,   0,   0,   0,   0,   30,   23.25,   12.25,   43.75,   1.75,   0,   0,   0,   4.5,   40.25,   16.5,   21.25,   23,   0,   0,   0,   0,   36,   15.25,   4.25,   35.75,   7.75,   0,   0],
// CHECK-NEXT: [0,   0,   0,   5.5,   22,   21.5,   21,   2.25,   0,   0,   0,   0.25,   46.5,   20.5,   18.75,   31,   0,   0,   0,   0,   11.5,   14,   13.5,   13,   8.25,   0,   0,   0,   0,   38.5,   12.5,   24.75,   37,   0,   0,   0,   0,   3.5,   20,   19.5,   19,   14.25,   0,   0,   0,   0,   44.5,   18.5],
// CHECK-NEXT: [13.5,   21,   11.5,   10.5,   0,   0,   0,   0,   34,   7.5,   27.75,   39.5,   0,   0,   0,   0,   3.5,   19.5,   27,   17.5,   16.5,   0,   0,   0,   2.75,   40,   13.5,   33.75,   31.5,   0,   0,   0,   0,   9.5,   25.5,   19,   9.5,   8.5,   0,   0,   0,   8.75,   32,   5.5,   25.75,   37.5,   0,   0],
// CHECK-NEXT: [0,   0,   0,   0,   40.25,   24.25,   12.5,   33.5,   0,   0,   0,   0,   13,   31,   13.75,   14.75,   15.75,   0,   0,   0,   0,   32.25,   16.25,   4.5,   39.5,   0,   0,   0,   0,   5,   23,   19.75,   20.75,   21.75,   0,   0,   0,   0,   38.25,   22.25,   10.5,   45.5,   0,   0,   0,   0,   11,   29],
// CHECK-NEXT: [29,   25.25,   4.5,   43.25,   5.5,   0,   0,   0,   2,   15.25,   24.25,   20.5,   12.5,   0,   0,   0,   0,   35,   31.25,   10.5,   49.25,   0,   0,   0,   0,   8,   21.25,   30.25,   12.5,   4.5,   0,   0,   0,   0,   41,   23.25,   2.5,   41.25,   3.5,   0,   0,   0,   0,   13.25,   22.25,   18.5,   10.5,   0],
// CHECK-NEXT: [0,   0,   0,   0,   9.75,   33.5,   10.5,   16,   18.5,   0,   0,   0,   0,   48,   15.25,   5,   50,   0,   0,   0,   0,   1.75,   25.5,   2.5,   22,   24.5,   0,   0,   0,   0,   40,   21.25,   11,   56,   3.25,   0,   0,   0,   7.75,   31.5,   8.5,   28,   16.5,   0,   0,   0,   0,   46],
// CHECK-NEXT: [0,   36,   4,   27.25,   33.5,   0,   0,   0,   0,   29.5,   27.25,   8,   44,   7.75,   0,   0,   0,   1.75,   42,   10,   33.25,   25.5,   0,   0,   0,   0,   35.5,   33.25,   0,   36,   0,   0,   0,   0,   7.75,   34,   2,   25.25,   31.5,   0,   0,   0,   0,   27.5,   25.25,   6,   42,   5.75],
// CHECK-NEXT: [36,   0,   0,   0,   0,   26.5,   28,   0,   25.5,   5.75,   0,   0,   0,   3.25,   46,   5,   19.25,   42,   0,   0,   0,   0,   18.5,   20,   4.5,   31.5,   11.75,   0,   0,   0,   0,   52,   11,   25.25,   48,   0,   0,   0,   0,   24.5,   26,   10.5,   23.5,   3.75,   0,   0,   0,   1.25],
// CHECK-NEXT: [0,   4.5,   16.5,   24.25,   19.25,   10,   0,   0,   0,   1.5,   43.25,   8.5,   33.25,   41,   0,   0,   0,   0,   10.5,   22.5,   30.25,   11.25,   2,   0,   0,   0,   7.5,   49.25,   0.5,   25.25,   33,   0,   0,   0,   0,   2.5,   14.5,   22.25,   17.25,   8,   0,   0,   0,   0,   41.25,   6.5,   31.25,   39],
// CHECK-NEXT: [19,   5,   0,   0,   0,   0,   45.5,   0.5,   16.25,   36.25,   0,   0,   0,   0,   11.75,   14.75,   17.75,   25,   11,   0,   0,   0,   0,   37.5,   6.5,   22.25,   42.25,   0,   0,   0,   0,   17.75,   20.75,   23.75,   31,   3,   0,   0,   0,   0,   43.5,   12.5,   14.25,   34.25,   0,   0,   0,   0],
// CHECK-NEXT: [0,   0,   35.5,   27.75,   11.5,   42,   8.75,   0,   0,   0,   10.5,   15.5,   29,   25.5,   0,   0,   0,   0,   0,   41.5,   33.75,   3.5,   34,   0.75,   0,   0,   0,   16.5,   7.5,   21,   17.5,   5.5,   0,   0,   0,   0,   33.5,   25.75,   9.5,   40,   6.75,   0,   0,   0,   8.5,   13.5,   27,   23.5],
// CHECK-NEXT: [8.5,   38.5,   0,   0,   0,   0,   14.25,   9,   13.5,   18,   5.5,   0,   0,   0,   0,   31,   22.75,   14.5,   44.5,   2.25,   0,   0,   0,   6.25,   15,   19.5,   24,   11.5,   0,   0,   0,   0,   37,   28.75,   20.5,   36.5,   0,   0,   0,   0,   12.25,   21,   11.5,   16,   3.5,   0,   0,   0],
// CHECK-NEXT: [0,   0,   5.75,   37.75,   10.25,   25.25,   36,   0,   0,   0,   0,   29,   31.25,   16.5,   30.25,   0,   0,   0,   0,   11.75,   43.75,   2.25,   17.25,   28,   0,   0,   0,   0,   21,   23.25,   8.5,   36.25,   4.5,   0,   0,   0,   3.75,   35.75,   8.25,   23.25,   34,   0,   0,   0,   0,   27,   29.25,   14.5],
// CHECK-NEXT: [4.5,   23.25,   25,   0,   0,   0,   0,   24,   17.25,   6.25,   37.75,   9.75,   0,   0,   0,   0,   34.25,   10.5,   29.25,   31,   0,   0,   0,   0,   30,   23.25,   12.25,   43.75,   1.75,   0,   0,   0,   4.5,   40.25,   16.5,   21.25,   23,   0,   0,   0,   0,   36,   15.25,   4.25,   35.75,   7.75,   0,   0],
// CHECK-NEXT: [0,   0,   0,   5.5,   22,   21.5,   21,   2.25,   0,   0,   0,   0.25,   46.5,   20.5,   18.75,   31,   0,   0,   0,   0,   11.5,   14,   13.5,   13,   8.25,   0,   0,   0,   0,   38.5,   12.5,   24.75,   37,   0,   0,   0,   0,   3.5,   20,   19.5,   19,   14.25,   0,   0,   0,   0,   44.5,   18.5],
// CHECK-NEXT: [13.5,   21,   11.5,   10.5,   0,   0,   0,   0,   34,   7.5,   27.75,   39.5,   0,   0,   0,   0,   3.5,   19.5,   27,   17.5,   16.5,   0,   0,   0,   2.75,   40,   13.5,   33.75,   31.5,   0,   0,   0,   0,   9.5,   25.5,   19,   9.5,   8.5,   0,   0,   0,   8.75,   32,   5.5,   25.75,   37.5,   0,   0],
// CHECK-NEXT: [0,   0,   0,   0,   40.25,   24.25,   12.5,   33.5,   0,   0,   0,   0,   13,   31,   13.75,   14.75,   15.75,   0,   0,   0,   0,   32.25,   16.25,   4.5,   39.5,   0,   0,   0,   0,   5,   23,   19.75,   20.75,   21.75,   0,   0,   0,   0,   38.25,   22.25,   10.5,   45.5,   0,   0,   0,   0,   11,   29],
// CHECK-NEXT: [29,   25.25,   4.5,   43.25,   5.5,   0,   0,   0,   2,   15.25,   24.25,   20.5,   12.5,   0,   0,   0,   0,   35,   31.25,   10.5,   49.25,   0,   0,   0,   0,   8,   21.25,   30.25,   12.5,   4.5,   0,   0,   0,   0,   41,   23.25,   2.5,   41.25,   3.5,   0,   0,   0,   0,   13.25,   22.25,   18.5,   10.5,   0],
// CHECK-NEXT: [0,   0,   0,   0,   9.75,   33.5,   10.5,   16,   18.5,   0,   0,   0,   0,   48,   15.25,   5,   50,   0,   0,   0,   0,   1.75,   25.5,   2.5,   22,   24.5,   0,   0,   0,   0,   40,   21.25,   11,   56,   3.25,   0,   0,   0,   7.75,   31.5,   8.5,   28,   16.5,   0,   0,   0,   0,   46],
// CHECK-NEXT: [0,   36,   4,   27.25,   33.5,   0,   0,   0,   0,   29.5,   27.25,   8,   44,   7.75,   0,   0,   0,   1.75,   42,   10,   33.25,   25.5,   0,   0,   0,   0,   35.5,   33.25,   0,   36,   0,   0,   0,   0,   7.75,   34,   2,   25.25,   31.5,   0,   0,   0,   0,   27.5,   25.25,   6,   42,   5.75{{\]\]}}
