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

// Pathfinder (after Rodinia): each 256-thread block runs a dynamic program
// down 8 rows over its 256 columns, keeping the previous row in workgroup
// memory; each step reads the left, own and right neighbours (clamped at
// the block's edges) between two barriers.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dynproc(%wall: memref<8x512xi32>, %out: memref<512xi32>)
        workgroup(%prev: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c255 = arith.constant 255 : index
      %c256 = arith.constant 256 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c256 : index
      %col = arith.addi %base, %tx : index
      %first = memref.load %wall[%c0, %col] : memref<8x512xi32>
      memref.store %first, %prev[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %row = %c1 to %c8 step %c1 {
        %isLeft = arith.cmpi eq, %tx, %c0 : index
        %l0 = arith.subi %tx, %c1 : index
        %left = arith.select %isLeft, %tx, %l0 : index
        %isRight = arith.cmpi eq, %tx, %c255 : index
        %r0 = arith.addi %tx, %c1 : index
        %right = arith.select %isRight, %tx, %r0 : index
        %a = memref.load %prev[%left] : memref<256xi32, #gpu.address_space<workgroup>>
        %b = memref.load %prev[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
        %c = memref.load %prev[%right] : memref<256xi32, #gpu.address_space<workgroup>>
        %ab = arith.minsi %a, %b : i32
        %m = arith.minsi %ab, %c : i32
        %w = memref.load %wall[%row, %col] : memref<8x512xi32>
        %v = arith.addi %m, %w : i32
        gpu.barrier
        memref.store %v, %prev[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
        gpu.barrier
      }
      %result = memref.load %prev[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %result, %out[%col] : memref<512xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c10 = arith.constant 10 : index
    %c37 = arith.constant 37 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %h_wall = memref.alloc() : memref<8x512xi32>
    %h_out = memref.alloc() : memref<512xi32>
    scf.for %r = %c0 to %c8 step %c1 {
      scf.for %c = %c0 to %c512 step %c1 {
        %rc = arith.muli %r, %c37 : index
        %s = arith.addi %rc, %c : index
        %m = arith.muli %s, %c : index
        %v = arith.remui %m, %c10 : index
        %vi = arith.index_cast %v : index to i32
        memref.store %vi, %h_wall[%r, %c] : memref<8x512xi32>
      }
    }
    %d_wall = gpu.alloc () : memref<8x512xi32>
    %d_out = gpu.alloc () : memref<512xi32>
    gpu.memcpy %d_wall, %h_wall : memref<8x512xi32>, memref<8x512xi32>
    gpu.launch_func @kernels::@dynproc blocks in (%c2, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%d_wall : memref<8x512xi32>, %d_out : memref<512xi32>)
    gpu.memcpy %h_out, %d_out : memref<512xi32>, memref<512xi32>
    %u = memref.cast %h_out : memref<512xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [512]
// CHECK-NEXT: [0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0,  5,  16,  12,  10,  10,  8,  12,  2,  0,  0]
