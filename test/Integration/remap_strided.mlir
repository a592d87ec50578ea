// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// Several elements per thread, as producers distribute a tile larger than
// the block: 64 threads load a 256-element tile in a loop `for i = tid;
// i < 256; i += 64`, then each adds its elements' right neighbours
// (clamped at the end). Every thread runs the loop 4 times, so wc-remap
// rewrites it as `for k < 4` over elements `tid + 64 k`, unrolls it, and
// the tile becomes a lane array of 8 slots per lane.
// REMARKS: remark: wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases
// REMARKS: remark: wc-remap: workgroup buffer 0 (memref<256xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<256 x i32>' (8 slots per lane)
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%in: memref<256xi32>, %out: memref<256xi32>) workgroup(%buf: memref<256xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %c1 = arith.constant 1 : index
      %c255 = arith.constant 255 : index
      %tid = gpu.thread_id x
      scf.for %i = %tid to %c256 step %c64 {
        %x = memref.load %in[%i] : memref<256xi32>
        memref.store %x, %buf[%i] : memref<256xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %i = %tid to %c256 step %c64 {
        %a = memref.load %buf[%i] : memref<256xi32, #gpu.address_space<workgroup>>
        %last = arith.cmpi eq, %i, %c255 : index
        %n0 = arith.addi %i, %c1 : index
        %n = arith.select %last, %i, %n0 : index
        %b = memref.load %buf[%n] : memref<256xi32, #gpu.address_space<workgroup>>
        %s = arith.addi %a, %b : i32
        memref.store %s, %out[%i] : memref<256xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c13 = arith.constant 13 : index
    %h_in = memref.alloc() : memref<256xi32>
    %h_out = memref.alloc() : memref<256xi32>
    scf.for %i = %c0 to %c256 step %c1 {
      %m = arith.muli %i, %c7 : index
      %r = arith.remui %m, %c13 : index
      %v = arith.index_cast %r : index to i32
      memref.store %v, %h_in[%i] : memref<256xi32>
    }
    %d_in = gpu.alloc () : memref<256xi32>
    %d_out = gpu.alloc () : memref<256xi32>
    gpu.memcpy %d_in, %h_in : memref<256xi32>, memref<256xi32>
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%d_in : memref<256xi32>, %d_out : memref<256xi32>)
    gpu.memcpy %h_out, %d_out : memref<256xi32>, memref<256xi32>
    %u = memref.cast %h_out : memref<256xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// out[i] = in[i] + in[min(i + 1, 255)] with in[i] = 7 i mod 13.
// CHECK: sizes = [256] strides = [1] data =
// CHECK-NEXT: [7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  6,  7,  8,  9,  10,  11,  12,  13,  14,  8]
