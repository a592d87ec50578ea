// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// Backprop layer-forward (after Rodinia's bpnn_layerforward): 16 x 16
// blocks; column 0 stages the block's 16 inputs, every thread multiplies its
// weight by its row's input, then a tree over the rows (ty) sums each
// column, with a barrier after every step; column sums go out per block.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @layerforward(%input: memref<64xi32>, %weights: memref<64x16xi32>,
                           %partial: memref<4x16xi32>)
        workgroup(%node: memref<16xi32, #gpu.address_space<workgroup>>,
                  %matrix: memref<16x16xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c5 = arith.constant 5 : index
      %c16 = arith.constant 16 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %by = gpu.block_id y
      %rowBase = arith.muli %by, %c16 : index
      %row = arith.addi %rowBase, %ty : index
      %isCol0 = arith.cmpi eq, %tx, %c0 : index
      scf.if %isCol0 {
        %in = memref.load %input[%row] : memref<64xi32>
        memref.store %in, %node[%ty] : memref<16xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %w = memref.load %weights[%row, %tx] : memref<64x16xi32>
      memref.store %w, %matrix[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %m = memref.load %matrix[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      %n = memref.load %node[%ty] : memref<16xi32, #gpu.address_space<workgroup>>
      %p = arith.muli %m, %n : i32
      memref.store %p, %matrix[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %i = %c1 to %c5 step %c1 {
        %power = arith.shli %c1, %i : index
        %rem = arith.remui %ty, %power : index
        %on = arith.cmpi eq, %rem, %c0 : index
        scf.if %on {
          %half = arith.divui %power, %c2 : index
          %other = arith.addi %ty, %half : index
          %a = memref.load %matrix[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %b = memref.load %matrix[%other, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %s = arith.addi %a, %b : i32
          memref.store %s, %matrix[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      scf.if %isCol0 {
        %sum = memref.load %matrix[%c0, %ty] : memref<16x16xi32, #gpu.address_space<workgroup>>
        memref.store %sum, %partial[%by, %ty] : memref<4x16xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %h_in = memref.alloc() : memref<64xi32>
    %h_w = memref.alloc() : memref<64x16xi32>
    %h_p = memref.alloc() : memref<4x16xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %a = arith.remui %i, %c5 : index
      %ai = arith.index_cast %a : index to i32
      memref.store %ai, %h_in[%i] : memref<64xi32>
      scf.for %j = %c0 to %c16 step %c1 {
        %x = arith.muli %i, %c3 : index
        %y = arith.addi %x, %j : index
        %v = arith.remui %y, %c7 : index
        %vi = arith.index_cast %v : index to i32
        memref.store %vi, %h_w[%i, %j] : memref<64x16xi32>
      }
    }
    %d_in = gpu.alloc () : memref<64xi32>
    %d_w = gpu.alloc () : memref<64x16xi32>
    %d_p = gpu.alloc () : memref<4x16xi32>
    gpu.memcpy %d_in, %h_in : memref<64xi32>, memref<64xi32>
    gpu.memcpy %d_w, %h_w : memref<64x16xi32>, memref<64x16xi32>
    gpu.launch_func @kernels::@layerforward blocks in (%c1, %c4, %c1) threads in (%c16, %c16, %c1)
        args(%d_in : memref<64xi32>, %d_w : memref<64x16xi32>, %d_p : memref<4x16xi32>)
    gpu.memcpy %h_p, %d_p : memref<4x16xi32>, memref<4x16xi32>
    %u = memref.cast %h_p : memref<4x16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// Column sums of weight x input per block (read transposed, as the
// original kernel does: thread (0, ty) writes column ty's sum).
// CHECK: sizes = [4, 16]
// CHECK-NEXT: {{\[\[}}97,   85,   80,   82,   84,   93,   109,   97,   85,   80,   82,   84,   93,   109,   97,   85],
// CHECK-NEXT: [84,   87,   97,   114,   103,   85,   81,   84,   87,   97,   114,   103,   85,   81,   84,   87],
// CHECK-NEXT: [114,   104,   87,   84,   88,   99,   96,   114,   104,   87,   84,   88,   99,   96,   114,   104],
// CHECK-NEXT: [82,   87,   99,   97,   116,   107,   105,   82,   87,   99,   97,   116,   107,   105,   82,   87{{\]\]}}
