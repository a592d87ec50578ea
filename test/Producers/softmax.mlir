// RUN: wc-opt %s --transform-interpreter --symbol-dce --convert-linalg-to-loops \
// RUN:   --lower-affine --gpu-launch-sink-index-computations --gpu-kernel-outlining \
// RUN:   --canonicalize --cse -o %t.mlir
// RUN: FileCheck %s --check-prefix=STRIPPED --input-file=%t.mlir

// As generated, the kernel races: bufferization turned each promoted
// `tensor.empty` into a memref.copy from a fresh workgroup buffer, which
// every thread runs (copying undefined contents) while thread 0 stores the
// -inf the row maximum starts from; on an H100 a later warp's copy
// overwrote it with what the previous block had left there (the outputs
// then differ in their last bits: softmax subtracts another maximum).
// wc-sim reports the race; wc-prepare, which every wc pipeline and the
// NVVM lowering run first, removes the copies.
// RUN: not wc-sim %t.mlir 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: [block (0, 0, 0) warp 0 lane 1] data race on workgroup memory {{.*}} element 0: write by thread 1 and earlier write by thread 0
// RACE-NEXT: memref.copy
// RUN: wc-opt %t.mlir --wc-prepare -o /dev/null 2>&1 | FileCheck %s --check-prefix=PREPARE
// PREPARE: remark: wc-prepare: 2 memref.copy ops of a workgroup buffer that nothing had written removed
// RUN: wc-sim %t.mlir %prepared | FileCheck %s
// On a GPU, exp and division round differently from the host's libm in
// the last digits: the GPU's outputs are compared with wc-sim's within a
// relative 2e-5.
// RUN: wc-sim %t.mlir %prepared > %t.sim
// RUN: %if gpu-outputs %{ %compare-outputs %gpu_outputs/%{s:basename}.out %t.sim %}
// RUN: %if gpu-outputs %{ %compare-outputs %gpu_outputs/%{s:basename}.consolidated.out %t.sim %}
// RUN: %if gpu-outputs %{ %compare-outputs %gpu_outputs/%{s:basename}.remapped.out %t.sim %}
// RUN: %compare-outputs %t.sim %t.sim
// RUN: sed 's/0\.0116526/0.0116530/' %t.sim > %t.far.sim
// RUN: not %compare-outputs %t.far.sim %t.sim | FileCheck %s --check-prefix=FAR
// FAR: DIFFERS {{.*}}: token {{[0-9]+}}: GPU '0.0116530', wc-sim '0.0116526'
// RUN: wc-sim %t.mlir %prepared_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %aggregated_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-opt %t.mlir --canonicalize --cse --loop-invariant-code-motion -o %t.licm.mlir
// RUN: wc-sim %t.licm.mlir %consolidated_lowered | FileCheck %s

// The PTX of the plain lowering and of the pick: every workgroup buffer is
// declared with the 64-byte alignment its allocation asked for (at least
// 16 bytes), since LLVM widens the thread's reads of consecutive partials
// into ld.shared.v4 (the buffers were once declared with the 4 bytes of
// their element: a misaligned-address fault on the GPU).
// RUN: wc-opt %t.mlir --wc-lower-to-nvvm=format=isa | %extract-ptx | FileCheck %s --check-prefix=PTX
// RUN: wc-opt %t.mlir --wc-consolidate --wc-lower-to-nvvm=format=isa | %extract-ptx | FileCheck %s --check-prefix=PTX
// The thread's own block of the tile (a pooling window; softmax's row of
// exponentials, 4 per thread) becomes a private array, one per virtual
// thread once aggregated, and stays in registers: no local memory.
// RUN: wc-opt %t.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRIVATE
// PRIVATE: wc-forward-stores: {{.*}}, 1 workgroup buffers private to their threads made per-thread arrays
// PRIVATE: wc-aggregate: coarsened
// RUN: wc-opt %t.mlir --wc-consolidate --wc-lower-to-nvvm=format=isa | %extract-ptx | FileCheck %s --check-prefix=REGS
// With reassociate-floats the merges of the sums become block reductions
// too: no shared memory and no barrier left (the sums round differently:
// compared within a relative 2e-5).
// RUN: wc-sim %t.mlir --pass-pipeline='builtin.module(wc-consolidate{reassociate-floats=1})' 2>/dev/null > %t.reassoc.sim
// RUN: %compare-outputs %t.reassoc.sim %t.sim
// RUN: %if gpu-outputs %{ %compare-outputs %gpu_outputs/%{s:basename}.reassociated.out %t.sim %}
// RUN: wc-opt %t.mlir --wc-consolidate=reassociate-floats=1 --wc-lower-to-nvvm=format=isa | %extract-ptx | FileCheck %s --check-prefix=REASSOC
// Each thread's consecutive elements are loaded and stored 16 bytes at a
// time (wc-vectorize, the last stage of wc-consolidate).
// REASSOC: .entry softmax_kernel
// REASSOC-NOT: bar.sync
// REASSOC-NOT: .shared
// REASSOC: ld.global.v4.b32
// REASSOC-NOT: bar.sync
// REASSOC-NOT: .shared
// REASSOC: st.global.v4.b32
// REASSOC-NOT: bar.sync
// REASSOC-NOT: .shared
// REASSOC: ret;
// REGS: .entry softmax_kernel
// REGS-NOT: .local
// REGS: ld.global.v4.b32
// REGS-NOT: .local
// REGS: st.global.v4.b32
// REGS-NOT: .local
// REGS: ret;
// PTX-NOT: .shared .align {{[1248]}} .b8
// PTX: .shared .align {{16|32|64}} .b8
// PTX-NOT: .shared .align {{[1248]}} .b8
// PTX: ld.shared.v{{[24]}}

// STRIPPED-NOT: transform.
// STRIPPED: gpu.func @softmax_kernel
// STRIPPED: memref.alloc() {alignment = 64 : i64} : memref<1x64xf32, #gpu.address_space<workgroup>>
// STRIPPED: memref.alloc() {alignment = 64 : i64} : memref<1x256xf32, #gpu.address_space<workgroup>>

// A row softmax of a 16x256 f32 matrix as upstream MLIR's transform
// dialect generates it from linalg: one row per block (scf.forall on
// #gpu.block<x>, every op of the row fused into it), the row's maximum and
// its sum of exponentials each split by tile_reduction_using_forall into 64
// threads' partials (4 elements each) that one thread merges, the
// elementwise ops over 64 threads, and what the threads share (the maximum,
// the sum, their partials, the row of exponentials) promoted to workgroup
// memory (`memref.alloc() {alignment = 64}` in the kernel).

module attributes {gpu.container_module} {
  func.func @softmax(%in: memref<16x256xf32>, %out: memref<16x256xf32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %t = bufferization.to_tensor %in restrict : memref<16x256xf32> to tensor<16x256xf32>
    %e = tensor.empty() : tensor<16xf32>
    %mf = linalg.fill ins(%ninf : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %max = linalg.reduce ins(%t : tensor<16x256xf32>) outs(%mf : tensor<16xf32>) dimensions = [1]
      (%a: f32, %acc: f32) {
        %m = arith.maximumf %a, %acc : f32
        linalg.yield %m : f32
      }
    %e2 = tensor.empty() : tensor<16x256xf32>
    %ex = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                          iterator_types = ["parallel", "parallel"]}
        ins(%t, %max : tensor<16x256xf32>, tensor<16xf32>) outs(%e2 : tensor<16x256xf32>) {
      ^bb0(%x: f32, %m: f32, %o: f32):
        %d = arith.subf %x, %m : f32
        %y = math.exp %d : f32
        linalg.yield %y : f32
    } -> tensor<16x256xf32>
    %sf = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %sum = linalg.reduce ins(%ex : tensor<16x256xf32>) outs(%sf : tensor<16xf32>) dimensions = [1]
      (%a: f32, %acc: f32) {
        %s = arith.addf %a, %acc : f32
        linalg.yield %s : f32
      }
    %e3 = tensor.empty() : tensor<16x256xf32>
    %res = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                           iterator_types = ["parallel", "parallel"]}
        ins(%ex, %sum : tensor<16x256xf32>, tensor<16xf32>) outs(%e3 : tensor<16x256xf32>) {
      ^bb0(%x: f32, %s: f32, %o: f32):
        %y = arith.divf %x, %s : f32
        linalg.yield %y : f32
    } -> tensor<16x256xf32>
    bufferization.materialize_in_destination %res in restrict writable %out
      : (tensor<16x256xf32>, memref<16x256xf32>) -> ()
    return
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %quarter = arith.constant 0.25 : f32
    %h_in = memref.alloc() : memref<16x256xf32>
    %h_out = memref.alloc() : memref<16x256xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        // in[i][j] = ((7 i + 3 j) mod 13) / 4
        %i7 = arith.muli %i, %c7 : index
        %j3 = arith.muli %j, %c3 : index
        %s = arith.addi %i7, %j3 : index
        %r = arith.remui %s, %c13 : index
        %ri = arith.index_cast %r : index to i32
        %rf = arith.sitofp %ri : i32 to f32
        %v = arith.mulf %rf, %quarter : f32
        memref.store %v, %h_in[%i, %j] : memref<16x256xf32>
      }
    }
    %d_in = gpu.alloc () : memref<16x256xf32>
    %d_out = gpu.alloc () : memref<16x256xf32>
    gpu.memcpy %d_in, %h_in : memref<16x256xf32>, memref<16x256xf32>
    call @softmax(%d_in, %d_out) : (memref<16x256xf32>, memref<16x256xf32>) -> ()
    gpu.memcpy %h_out, %d_out : memref<16x256xf32>, memref<16x256xf32>
    %u = memref.cast %h_out : memref<16x256xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }

  module @schedule attributes {transform.with_named_sequence, sym_visibility = "private"} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %gens = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
      %exg, %resg = transform.split_handle %gens : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %reds = transform.structured.match ops{["linalg.reduce"]} in %root
        : (!transform.any_op) -> !transform.any_op
      %maxr, %sumr = transform.split_handle %reds : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %fills = transform.structured.match ops{["linalg.fill"]} in %root
        : (!transform.any_op) -> !transform.any_op
      %mfill, %sfill = transform.split_handle %fills : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      // One row per block; everything the row needs fused into the block loop.
      %rt, %blocks = transform.structured.tile_using_forall %resg tile_sizes [1]
          (mapping = [#gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %s1, %b1 = transform.structured.fuse_into_containing_op %sumr into %blocks
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      %sf1, %b2 = transform.structured.fuse_into_containing_op %sfill into %b1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      %ex1, %b3 = transform.structured.fuse_into_containing_op %exg into %b2
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      %m1, %b4 = transform.structured.fuse_into_containing_op %maxr into %b3
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      %mf1, %b5 = transform.structured.fuse_into_containing_op %mfill into %b4
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
      // The two reductions: 64 threads, 4 elements each, into 1x64 partials;
      // one thread merges the partials.
      %mpf, %mpart, %mcomb, %mtf = transform.structured.tile_reduction_using_forall %m1
          by num_threads = [0, 64] mapping = [#gpu.thread<x>]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      %spf, %spart, %scomb, %stf = transform.structured.tile_reduction_using_forall %s1
          by num_threads = [0, 64] mapping = [#gpu.thread<x>]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      // The elementwise ops over 64 threads.
      %ext, %exfor = transform.structured.tile_using_forall %ex1 num_threads [0, 64]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %rst, %rsfor = transform.structured.tile_using_forall %rt num_threads [0, 64]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %mc, %mcf = transform.structured.tile_using_forall %mcomb num_threads [1]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %sc, %scf2 = transform.structured.tile_using_forall %scomb num_threads [1]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %f1, %f1for = transform.structured.tile_using_forall %mpf num_threads [0, 64]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %f2, %f2for = transform.structured.tile_using_forall %spf num_threads [0, 64]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %f3, %f3for = transform.structured.tile_using_forall %mf1 num_threads [1]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %f4, %f4for = transform.structured.tile_using_forall %sf1 num_threads [1]
          (mapping = [#gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "softmax"} in %root
        : (!transform.any_op) -> !transform.any_op
      transform.apply_patterns to %func {
        transform.apply_patterns.canonicalization
        transform.apply_patterns.tensor.fold_tensor_empty
      } : !transform.any_op
      transform.apply_cse to %func : !transform.any_op
      // What the block's threads share (the row's maximum and sum, their
      // partials, the row of exponentials) lives in workgroup memory.
      %bl0 = transform.structured.match ops{["scf.forall"]} attributes {mapping = [#gpu.block<x>]} in %func
        : (!transform.any_op) -> !transform.any_op
      %empties = transform.structured.match ops{["tensor.empty"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %ev = transform.get_result %empties[0] : (!transform.any_op) -> !transform.any_value
      %wg = transform.structured.promote_tensor to #gpu.address_space<workgroup> %ev
        : !transform.any_value
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

// Expected (python, float64, rounded as printed): row 0 starts
//   [exp(x - m) / s for x in row][:6] = 0.000580146, 0.00122817, ...
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [16, 256] strides = [256, 1] data =
// CHECK-NEXT: {{\[\[}}0.000580146,   0.00122817,   0.00260004,   0.00550427,   0.0116526,   0.0009565,
// CHECK-NEXT: [0.00334841,   0.00708858,   0.000581866,   0.00123181,   0.00260774,   0.00552059,
