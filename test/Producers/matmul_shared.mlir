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
// The transform dialect's tile copies by cp.async after aggregation
// (wc-async-copy), 16 bytes per lane, as written and lowered; the remark
// counts them.
// RUN: wc-sim %t.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy)' | FileCheck %s
// RUN: wc-sim %t.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %t.mlir --wc-aggregate --wc-async-copy -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASYNC
// ASYNC: remark: wc-async-copy: 2 tile copies by cp.async of 16 bytes per lane
// RUN: wc-sim %t.mlir %remapped | FileCheck %s
// RUN: wc-sim %t.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %delegated | FileCheck %s
// RUN: wc-sim %t.mlir %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %consolidated | FileCheck %s
// RUN: wc-sim %t.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %specialized | FileCheck %s
// RUN: wc-sim %t.mlir %specialized_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %specialized_aggregated | FileCheck %s
// RUN: wc-sim %t.mlir %specialized_aggregated_lowered | FileCheck %s
// RUN: wc-opt %t.mlir --wc-aggregate 2>&1 >/dev/null | FileCheck %s --check-prefix=AGG
//
// The same kernel after the usual clean-up (loop-invariant code motion
// hoists the thread's 1x1 subview of C out of the K loop):
// RUN: wc-opt %t.mlir --canonicalize --cse --loop-invariant-code-motion -o %t.licm.mlir
// RUN: wc-sim %t.licm.mlir | FileCheck %s
// RUN: wc-sim %t.licm.mlir %lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %aggregated | FileCheck %s
// RUN: wc-sim %t.licm.mlir %aggregated_lowered | FileCheck %s
// Warpgroup roles that set their registers (sm_90a), on the producer's IR
// and after LICM: 8 consumer and 4 producer warps, 232 and 40 registers.
// The consumers write C in the loop that the producers' copies of A and B
// run ahead of: the host function's arguments are marked llvm.noalias (the
// same promise as bufferization's `restrict`); without it, they may be the
// same memory and the kernel is left as it is.
// RUN: wc-opt %t.mlir --wc-specialize='producer-warps=4 set-registers=1 chip=sm_90a' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REGS
// REGS: remark: wc-specialize: 8 consumer warps and 4 producer warps {{.*}}; registers per thread: 232 for the consumers, 40 for the producers (setmaxnreg)
// RUN: sed 's/ {llvm.noalias}//g' %t.mlir | wc-opt --wc-specialize -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALIASES
// ALIASES: remark: wc-specialize: kernel left unchanged: arguments 0 (the copy loads it) and 2 (the consumers write it before a later copy) may be the same memory
// RUN: wc-sim %t.licm.mlir --pass-pipeline='builtin.module(wc-specialize{producer-warps=4 set-registers=1 chip=sm_90a},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_90a}))' | FileCheck %s
// RUN: wc-sim %t.licm.mlir %remapped | FileCheck %s
// RUN: wc-sim %t.licm.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %delegated | FileCheck %s
// RUN: wc-sim %t.licm.mlir %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %delegated_ticketed_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %consolidated | FileCheck %s
// RUN: wc-sim %t.licm.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %specialized_aggregated_lowered | FileCheck %s
// The specialized cleaned-up kernel with its channels on mbarriers (the
// default) and on named barriers.
// RUN: wc-sim %t.licm.mlir %specialized_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir --pass-pipeline='builtin.module(wc-specialize,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{channels=named-barriers}))' | FileCheck %s
// The cost model measuring candidates (here with the ptxas stand-in's
// figures) on the cleaned-up kernel: the job loop's registers leave fewer
// agents than one-warp blocks keep warps, so it is not delegated; with an
// aggregated kernel that spills, it is left as it is. Both run as before.
// RUN: env WC_FAKE_PTXAS=matmul_kernel@256=32,matmul_kernel@32=72,matmul_kernel@128=92 \
// RUN:   wc-sim %t.licm.mlir %measured_lowered | FileCheck %s
// RUN: env WC_FAKE_PTXAS=matmul_kernel@256=32,matmul_kernel@32=72,matmul_kernel@128=92 \
// RUN:   wc-opt %t.licm.mlir --wc-consolidate=ptxas=%fake_ptxas -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MEASURED
// RUN: env WC_FAKE_PTXAS=matmul_kernel@256=32,matmul_kernel@32=255:64 \
// RUN:   wc-sim %t.licm.mlir %measured_lowered | FileCheck %s
// RUN: env WC_FAKE_PTXAS=matmul_kernel@256=32,matmul_kernel@32=255:64 \
// RUN:   wc-opt %t.licm.mlir --wc-consolidate=ptxas=%fake_ptxas -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPILLS
// MEASURED: remark: wc-consolidate: not delegated: 20 agents per SM (92 registers in the job loop, registers limiting) are fewer than the 28 resident warps per SM (registers) of its one-warp blocks (72 registers)
// SPILLS: remark: wc-consolidate: left unchanged: aggregated and remapped, it spills (255 registers, 64 spilled bytes; the original 32 registers)
//
// The buffer-level route (transform.structured.promote: i8 alloca + memref.view):
// RUN: wc-opt %s --transform-interpreter=entry-point=promote --symbol-dce \
// RUN:   --convert-linalg-to-loops --lower-affine --gpu-launch-sink-index-computations \
// RUN:   --gpu-kernel-outlining --canonicalize --cse -o %t.promote.mlir
// RUN: FileCheck %s --check-prefix=VIEW --input-file=%t.promote.mlir
// RUN: wc-sim %t.promote.mlir | FileCheck %s
// RUN: wc-sim %t.promote.mlir %lowered | FileCheck %s
// RUN: wc-sim %t.promote.mlir %aggregated | FileCheck %s
// RUN: wc-sim %t.promote.mlir %aggregated_lowered | FileCheck %s
// RUN: wc-sim %t.promote.mlir %remapped | FileCheck %s
// RUN: wc-sim %t.promote.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.promote.mlir %delegated | FileCheck %s
// RUN: wc-sim %t.promote.mlir %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %t.promote.mlir %consolidated | FileCheck %s
// RUN: wc-sim %t.promote.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-sim %t.promote.mlir %specialized_aggregated_lowered | FileCheck %s
// RUN: wc-opt %t.promote.mlir --wc-aggregate 2>&1 >/dev/null | FileCheck %s --check-prefix=AGG

// STRIPPED-NOT: transform.
// STRIPPED: gpu.module @matmul_kernel
// STRIPPED-NOT: transform.
// STRIPPED: memref.alloc() {{.*}} : memref<16x16xi32, #gpu.address_space<workgroup>>
// STRIPPED: gpu.barrier
// VIEW: memref.alloca() : memref<1024xi8, #gpu.address_space<workgroup>>
// VIEW: memref.view
// AGG: remark: wc-aggregate: coarsened: one warp per 256-thread block

// A 64x64x64 i32 linalg.matmul turned into a GPU kernel by upstream MLIR's
// transform dialect: 16x16 output tiles to blocks (scf.forall), the K loop
// tiled by 16 (scf.for), the A and B tiles put into workgroup memory, the
// tile copies and the matmul tile distributed over 16x16 threads, then
// transform.gpu.map_forall_to_blocks (generate_gpu_launch) and
// transform.gpu.map_nested_forall_to_threads (a gpu.barrier after every
// distributed loop). Two routes to workgroup memory: the default entry point
// works on tensors (promote_tensor, then one-shot bufferization: typed
// memref.alloc's in the K loop), @promote on buffers
// (transform.structured.promote with memory_space = workgroup and
// use_alloca: memref.alloca of i8 plus memref.view in the K loop).

module attributes {gpu.container_module} {
  func.func @matmul(%A: memref<64x64xi32> {llvm.noalias}, %B: memref<64x64xi32> {llvm.noalias},
                    %C: memref<64x64xi32> {llvm.noalias}) {
    %a = bufferization.to_tensor %A restrict : memref<64x64xi32> to tensor<64x64xi32>
    %b = bufferization.to_tensor %B restrict : memref<64x64xi32> to tensor<64x64xi32>
    %c = bufferization.to_tensor %C restrict writable : memref<64x64xi32> to tensor<64x64xi32>
    %r = linalg.matmul ins(%a, %b : tensor<64x64xi32>, tensor<64x64xi32>)
                       outs(%c : tensor<64x64xi32>) -> tensor<64x64xi32>
    bufferization.materialize_in_destination %r in restrict writable %C
      : (tensor<64x64xi32>, memref<64x64xi32>) -> ()
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %c17 = arith.constant 17 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0 : i32
    %hA = memref.alloc() : memref<64x64xi32>
    %hB = memref.alloc() : memref<64x64xi32>
    %hC = memref.alloc() : memref<64x64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        // A[i][j] = (7 i + 3 j) mod 13
        %i7 = arith.muli %i, %c7 : index
        %j3 = arith.muli %j, %c3 : index
        %sa = arith.addi %i7, %j3 : index
        %ra = arith.remui %sa, %c13 : index
        %va = arith.index_cast %ra : index to i32
        memref.store %va, %hA[%i, %j] : memref<64x64xi32>
        // B[i][j] = (5 i + 11 j) mod 17
        %i5 = arith.muli %i, %c5 : index
        %j11 = arith.muli %j, %c11 : index
        %sb = arith.addi %i5, %j11 : index
        %rb = arith.remui %sb, %c17 : index
        %vb = arith.index_cast %rb : index to i32
        memref.store %vb, %hB[%i, %j] : memref<64x64xi32>
        memref.store %zero, %hC[%i, %j] : memref<64x64xi32>
      }
    }
    %dA = gpu.alloc () : memref<64x64xi32>
    %dB = gpu.alloc () : memref<64x64xi32>
    %dC = gpu.alloc () : memref<64x64xi32>
    gpu.memcpy %dA, %hA : memref<64x64xi32>, memref<64x64xi32>
    gpu.memcpy %dB, %hB : memref<64x64xi32>, memref<64x64xi32>
    gpu.memcpy %dC, %hC : memref<64x64xi32>, memref<64x64xi32>
    call @matmul(%dA, %dB, %dC) : (memref<64x64xi32>, memref<64x64xi32>, memref<64x64xi32>) -> ()
    gpu.memcpy %hC, %dC : memref<64x64xi32>, memref<64x64xi32>
    %u = memref.cast %hC : memref<64x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }

  // The schedules; private, so --symbol-dce erases them after the interpreter.
  module @schedule attributes {transform.with_named_sequence, sym_visibility = "private"} {
    // Tensor-level route (the default entry point): the A and B tiles of the
    // tiled matmul go to workgroup memory with promote_tensor; bufferization
    // makes them typed memref.alloc's in the K loop and the copies
    // linalg.copy's, which are then distributed over the threads.
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
      // Blocks: 16x16 tiles of C.
      %t1, %blocks = transform.structured.tile_using_forall %mm tile_sizes [16, 16]
          (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      // K loop, 16 at a time.
      %t2, %kloop = transform.structured.tile_using_for %t1 tile_sizes [0, 0, 16]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      // The A and B tiles into workgroup memory.
      %a = transform.get_operand %t2[0] : (!transform.any_op) -> !transform.any_value
      %b = transform.get_operand %t2[1] : (!transform.any_op) -> !transform.any_value
      %pa = transform.structured.promote_tensor to #gpu.address_space<workgroup> %a
        : !transform.any_value
      %pb = transform.structured.promote_tensor to #gpu.address_space<workgroup> %b
        : !transform.any_value
      %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "matmul"} in %root
        : (!transform.any_op) -> !transform.any_op
      %bf = transform.bufferization.one_shot_bufferize %func {memcpy_op = "linalg.copy"}
        : (!transform.any_op) -> !transform.any_op
      // (CSE first, so that the self-copies bufferization leaves fold away.)
      transform.apply_cse to %bf : !transform.any_op
      transform.apply_patterns to %bf {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      // The tile copies and the matmul tile over 16x16 threads.
      %bl0 = transform.structured.match ops{["scf.forall"]}
          attributes {mapping = [#gpu.block<y>, #gpu.block<x>]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %copies = transform.structured.match ops{["linalg.copy"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %c, %cf = transform.structured.tile_using_forall %copies num_threads [16, 16]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %mm2 = transform.structured.match ops{["linalg.matmul"]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %t4, %tf = transform.structured.tile_using_forall %mm2 num_threads [16, 16]
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

    // Buffer-level route (entry point @promote): bufferize first, then tile
    // and transform.structured.promote the A and B tiles with
    // memory_space = workgroup and use_alloca (memref.alloca of i8 plus
    // memref.view in the K loop).
    transform.named_sequence @promote(%root: !transform.any_op {transform.readonly}) {
      %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "matmul"} in %root
        : (!transform.any_op) -> !transform.any_op
      %bf = transform.bufferization.one_shot_bufferize %func
        : (!transform.any_op) -> !transform.any_op
      %mm = transform.structured.match ops{["linalg.matmul"]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %t1, %blocks = transform.structured.tile_using_forall %mm tile_sizes [16, 16]
          (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %t2, %kloop = transform.structured.tile_using_for %t1 tile_sizes [0, 0, 16]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %t3 = transform.structured.promote %t2
          {operands_to_promote = [0, 1], memory_space = #gpu.address_space<workgroup>, use_alloca}
        : (!transform.any_op) -> !transform.any_op
      %copies = transform.structured.match ops{["linalg.copy"]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %c, %cf = transform.structured.tile_using_forall %copies num_threads [16, 16]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %t4, %tf = transform.structured.tile_using_forall %t3 num_threads [16, 16]
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

// Expected: C = A B with A[i][k] = (7 i + 3 k) mod 13, B[k][j] = (5 k + 11 j) mod 17,
// computed independently of MLIR in python:
//   A = [[(7*i + 3*k) % 13 for k in range(64)] for i in range(64)]
//   B = [[(5*k + 11*j) % 17 for j in range(64)] for k in range(64)]
//   C = [[sum(A[i][k] * B[k][j] for k in range(64)) for j in range(64)] for i in range(64)]
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [64, 64] strides = [64, 1] data =
// CHECK-NEXT: {{\[\[}}2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186],
// CHECK-NEXT: [3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998],
// CHECK-NEXT: [2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044],
// CHECK-NEXT: [3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090],
// CHECK-NEXT: [2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928],
// CHECK-NEXT: [3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208],
// CHECK-NEXT: [3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968],
// CHECK-NEXT: [2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157],
// CHECK-NEXT: [3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930],
// CHECK-NEXT: [2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132],
// CHECK-NEXT: [3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918],
// CHECK-NEXT: [2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133],
// CHECK-NEXT: [3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932],
// CHECK-NEXT: [2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186],
// CHECK-NEXT: [3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998],
// CHECK-NEXT: [2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044],
// CHECK-NEXT: [3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090],
// CHECK-NEXT: [2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928],
// CHECK-NEXT: [3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208],
// CHECK-NEXT: [3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968],
// CHECK-NEXT: [2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157],
// CHECK-NEXT: [3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930],
// CHECK-NEXT: [2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132],
// CHECK-NEXT: [3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918],
// CHECK-NEXT: [2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133],
// CHECK-NEXT: [3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932],
// CHECK-NEXT: [2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186],
// CHECK-NEXT: [3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998],
// CHECK-NEXT: [2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044],
// CHECK-NEXT: [3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090],
// CHECK-NEXT: [2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928],
// CHECK-NEXT: [3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208],
// CHECK-NEXT: [3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968],
// CHECK-NEXT: [2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157],
// CHECK-NEXT: [3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930],
// CHECK-NEXT: [2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132],
// CHECK-NEXT: [3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918],
// CHECK-NEXT: [2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133],
// CHECK-NEXT: [3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932],
// CHECK-NEXT: [2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186],
// CHECK-NEXT: [3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998],
// CHECK-NEXT: [2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044],
// CHECK-NEXT: [3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090],
// CHECK-NEXT: [2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928],
// CHECK-NEXT: [3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208],
// CHECK-NEXT: [3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968],
// CHECK-NEXT: [2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157],
// CHECK-NEXT: [3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930],
// CHECK-NEXT: [2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132],
// CHECK-NEXT: [3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918],
// CHECK-NEXT: [2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133],
// CHECK-NEXT: [3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932,   2956,   2929,   3106,   3283,   3120,   3229,   3270,   3039,   3012,   2934,   3060,   3186,   3193,   3081,   3241,   3061,   2932],
// CHECK-NEXT: [2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186,   3116,   3097,   3180,   3042,   2887,   2902,   3070,   3068,   3168,   3098,   3130,   3043,   2956,   2852,   2918,   2967,   3186],
// CHECK-NEXT: [3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998,   2977,   2888,   3020,   3152,   3148,   3212,   3208,   3136,   3064,   2924,   3005,   3069,   3252,   3078,   3193,   3172,   2998],
// CHECK-NEXT: [2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044,   3150,   3069,   3107,   3145,   2928,   2898,   3021,   2957,   3233,   3101,   3088,   3160,   3028,   2862,   2883,   2870,   3044],
// CHECK-NEXT: [3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090,   3024,   2873,   2960,   3047,   3202,   3221,   3172,   3259,   3142,   2940,   2976,   2978,   3116,   3101,   3171,   3088,   3090],
// CHECK-NEXT: [2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928,   3210,   3067,   3060,   3274,   2995,   2920,   2998,   2872,   3103,   3130,   3072,   3082,   3126,   2898,   2874,   2799,   2928],
// CHECK-NEXT: [3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208,   3097,   2884,   2926,   2968,   3061,   3256,   3162,   3187,   3246,   2982,   2973,   2913,   3006,   3150,   3175,   3030,   3208],
// CHECK-NEXT: [3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968,   3127,   3286,   3156,   3247,   3270,   3072,   3027,   2982,   3090,   3198,   3238,   3108,   3250,   3103,   2956,   2962,   2968],
// CHECK-NEXT: [2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157,   3222,   2947,   2944,   2941,   2972,   3122,   3204,   3167,   3181,   3076,   3022,   2900,   2948,   3030,   3231,   3024,   3157],
// CHECK-NEXT: [3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930,   3044,   3141,   3187,   3233,   3194,   3172,   3082,   2975,   3038,   3084,   3300,   3108,   3205,   3217,   3025,   2969,   2930],
// CHECK-NEXT: [2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132,   3152,   3036,   2988,   2940,   2909,   3014,   3272,   3173,   3142,   3196,   3097,   2913,   2916,   2936,   3092,   3044,   3132],
// CHECK-NEXT: [3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918,   2987,   3022,   3244,   3245,   3144,   3298,   3163,   2994,   3012,   2996,   3167,   3134,   3186,   3136,   3120,   3002,   2918],
// CHECK-NEXT: [2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133,   3108,   3151,   3058,   2965,   2872,   2932,   3145,   3205,   3129,   3121,   3198,   2952,   2910,   2868,   2979,   3090,   3133{{\]\]}}

// The cost model decides the same before and after the clean-ups: the
// tiles become workgroup attributions, the kernel is aggregated, and both
// tiles stay in shared memory because every thread of a row (or column)
// reads the same element, a broadcast across lanes.
// RUN: wc-opt %t.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=DECIDE
// RUN: wc-opt %t.licm.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=DECIDE
// DECIDE: remark: wc-prepare: workgroup attributions from 2 allocations, 0 globals and 0 views
// DECIDE: remark: wc-aggregate: coarsened: one warp per 256-thread block, 8 virtual threads per lane, 3 phases, 3 barriers became warp syncs
// DECIDE: remark: wc-consolidate: aggregate and remap (3 barriers, workgroup memory)
// DECIDE: remark: wc-remap: workgroup buffer 0 (memref<16x16xi32, #gpu.address_space<workgroup>>) stays in shared memory: index d1 * 16 is neither
// DECIDE: remark: wc-remap: workgroup buffer 1 (memref<16x16xi32, #gpu.address_space<workgroup>>) stays in shared memory: index d0 is neither
// Its tiles are views made in the loop: each lane tests its run's
// alignment, a condition that may differ between iterations, and the loop
// accumulates into the output in global memory: the next tile is not
// copied early.
// DECIDE: remark: wc-async-copy: the next tile is not copied during this one: the copying phase copies to elements that differ between iterations
// DECIDE: remark: wc-async-copy: 2 tile copies by cp.async of 16 bytes per lane
