// RUN: wc-opt %s --gpu-map-parallel-loops --convert-parallel-loops-to-gpu --lower-affine \
// RUN:   --canonicalize --gpu-launch-sink-index-computations --gpu-kernel-outlining --cse \
// RUN:   -o %t.mlir
// RUN: FileCheck %s --check-prefix=STRIPPED --input-file=%t.mlir
// The plain lowering compiles (upstream's all-reduce rewrite: shuffles
// within each warp, the warps' values through workgroup memory).
// RUN: wc-opt %t.mlir --wc-lower-to-nvvm=format=isa | %extract-ptx | FileCheck %s --check-prefix=PTX
// PTX: shfl.sync.bfly.b32
// PTX: st.shared.b32
// PTX: bar.sync
// PTX: ld.shared.b32
// The pick coarsens it: one warp per 256-thread row, each lane adding its
// 8 virtual threads' values, then a warp reduction (no shared memory, no
// barrier left).
// RUN: wc-opt %t.mlir --wc-consolidate 2>&1 -o %t.picked.mlir | FileCheck %s --check-prefix=PICK
// PICK: remark: wc-aggregate: coarsened: one warp per 256-thread block, 8 virtual threads per lane, 2 phases, no barrier, 1 block or warp reduction made warp reductions of the job
// PICK: remark: wc-consolidate: aggregate and remap (0 barriers, 1 block reduction)
// RUN: FileCheck %s --check-prefix=PICKED --input-file=%t.picked.mlir
// PICKED-NOT: gpu.all_reduce
// PICKED: wc.reduce add %{{.*}} : i32
// RUN: wc-opt %t.mlir --wc-consolidate --wc-lower-to-nvvm=format=isa | %extract-ptx | FileCheck %s --check-prefix=PICKPTX
// PICKPTX: .entry rowsum_kernel
// PICKPTX-NOT: bar.sync
// PICKPTX-NOT: .shared
// PICKPTX: redux.sync.add
// wc-sim runs the region form, as written and after each pipeline:
// RUN: wc-sim %t.mlir | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}
// RUN: wc-sim %t.mlir %lowered | FileCheck %s
// RUN: wc-sim %t.mlir %aggregated_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-opt %t.mlir --canonicalize --cse --loop-invariant-code-motion -o %t.licm.mlir
// RUN: wc-sim %t.licm.mlir %consolidated_lowered | FileCheck %s
// A region that is not one block is refused by name.
// RUN: sed -e 's/^\( *\)gpu.yield %\([0-9]*\) : i32/\1cf.br ^bb1(%\2 : i32)\n\1^bb1(%y: i32):\n\1gpu.yield %y : i32/' %t.mlir > %t.blocks.mlir
// RUN: not wc-sim %t.blocks.mlir 2>&1 | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: error: {{.*}}gpu.all_reduce whose region has several blocks is not supported by the simulator

// STRIPPED-NOT: scf.parallel
// STRIPPED: gpu.launch_func @rowsum_kernel::@rowsum_kernel blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
// STRIPPED: gpu.func @rowsum_kernel
// STRIPPED: %[[V:.*]] = memref.load %arg0[%block_id_x, %thread_id_x] : memref<16x256xi32>
// STRIPPED: %[[S:.*]] = gpu.all_reduce %[[V]] uniform {
// STRIPPED-NEXT: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
// STRIPPED-NEXT: %[[R:.*]] = arith.addi %[[A]], %[[B]] : i32
// STRIPPED-NEXT: gpu.yield %[[R]] : i32
// STRIPPED-NEXT: } : (i32) -> i32
// STRIPPED: memref.store %[[S]], %arg1[%block_id_x] : memref<16xi32>

// The sums of the rows of a 16x256 i32 matrix written as an scf.parallel
// over the rows around an scf.parallel over the columns whose scf.reduce
// adds the elements, made a GPU kernel by upstream MLIR's parallel-loop
// path: --gpu-map-parallel-loops (the outer loop to blocks, the inner one to
// threads), --convert-parallel-loops-to-gpu (gpu.launch; the scf.reduce of
// the loop mapped to threads becomes a gpu.all_reduce with a region), then
// --gpu-launch-sink-index-computations and --gpu-kernel-outlining. Every
// thread of a block stores the block's sum (the same value) to its row's
// element.

module attributes {gpu.container_module} {
  func.func @rowsum(%in: memref<16x256xi32>, %out: memref<16xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0 : i32
    scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
      %s = scf.parallel (%j) = (%c0) to (%c256) step (%c1) init (%zero) -> i32 {
        %v = memref.load %in[%i, %j] : memref<16x256xi32>
        scf.reduce(%v : i32) {
        ^bb0(%a: i32, %b: i32):
          %r = arith.addi %a, %b : i32
          scf.reduce.return %r : i32
        }
      }
      memref.store %s, %out[%i] : memref<16xi32>
      scf.reduce
    }
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c9 = arith.constant 9 : index
    %c16 = arith.constant 16 : index
    %c19 = arith.constant 19 : index
    %c256 = arith.constant 256 : index
    %h_in = memref.alloc() : memref<16x256xi32>
    %h_out = memref.alloc() : memref<16xi32>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        // in[i][j] = (5 i + j) mod 19 - 9
        %i5 = arith.muli %i, %c5 : index
        %s = arith.addi %i5, %j : index
        %r = arith.remui %s, %c19 : index
        %v = arith.subi %r, %c9 : index
        %vi = arith.index_cast %v : index to i32
        memref.store %vi, %h_in[%i, %j] : memref<16x256xi32>
      }
    }
    %d_in = gpu.alloc () : memref<16x256xi32>
    %d_out = gpu.alloc () : memref<16xi32>
    gpu.memcpy %d_in, %h_in : memref<16x256xi32>, memref<16x256xi32>
    call @rowsum(%d_in, %d_out) : (memref<16x256xi32>, memref<16xi32>) -> ()
    gpu.memcpy %h_out, %d_out : memref<16xi32>, memref<16xi32>
    %u = memref.cast %h_out : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// Expected (what the RUN lines of all_reduce_rows.pending check): computed
// in python:
//   out[i] = sum over j < 256 of (5 i + j) % 19 - 9
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [16] strides = [1] data =
// CHECK-NEXT: [-45,  0,  45,  -5,  -36,  9,  35,  -15,  -27,  18,  25,  -25,  -18,  27,  15,  -35]
