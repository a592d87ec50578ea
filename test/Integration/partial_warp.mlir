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

// Blocks of 40 threads: warp 1 has only lanes 0..7. Each thread reverses
// its block's values through workgroup memory (barrier between write and
// read), and warp votes run over the lanes that exist.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reverse(%in: memref<80xi32>, %out: memref<80xi32>, %votes: memref<2x2xi32>)
        workgroup(%tile: memref<40xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c40 = arith.constant 40 : index
      %c39 = arith.constant 39 : index
      %base = arith.muli %b, %c40 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<80xi32>
      memref.store %x, %tile[%t] : memref<40xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = arith.subi %c39, %t : index
      %y = memref.load %tile[%r] : memref<40xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%g] : memref<80xi32>
      // Ballot of "x is odd" over the lanes of each warp that exist.
      %one = arith.constant 1 : i32
      %bit = arith.andi %x, %one : i32
      %odd = arith.cmpi eq, %bit, %one : i32
      %active = wc.active_mask
      %ballot = wc.vote ballot %odd mask %active -> i32
      %lane = gpu.lane_id
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %lane, %c0 : index
      scf.if %first {
        %w = gpu.subgroup_id : index
        memref.store %ballot, %votes[%b, %w] : memref<2x2xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c40 = arith.constant 40 : index
    %c80 = arith.constant 80 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %h_in = memref.alloc() : memref<80xi32>
    %h_out = memref.alloc() : memref<80xi32>
    %h_votes = memref.alloc() : memref<2x2xi32>
    scf.for %i = %c0 to %c80 step %c1 {
      %m = arith.muli %i, %c3 : index
      %r = arith.remui %m, %c5 : index
      %v = arith.index_cast %r : index to i32
      memref.store %v, %h_in[%i] : memref<80xi32>
    }
    %d_in = gpu.alloc () : memref<80xi32>
    %d_out = gpu.alloc () : memref<80xi32>
    %d_votes = gpu.alloc () : memref<2x2xi32>
    gpu.memcpy %d_in, %h_in : memref<80xi32>, memref<80xi32>
    gpu.launch_func @kernels::@reverse blocks in (%c2, %c1, %c1) threads in (%c40, %c1, %c1)
        args(%d_in : memref<80xi32>, %d_out : memref<80xi32>, %d_votes : memref<2x2xi32>)
    gpu.memcpy %h_out, %d_out : memref<80xi32>, memref<80xi32>
    gpu.memcpy %h_votes, %d_votes : memref<2x2xi32>, memref<2x2xi32>
    %u = memref.cast %h_out : memref<80xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %v = memref.cast %h_votes : memref<2x2xi32> to memref<*xi32>
    call @printMemrefI32(%v) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [80]
// CHECK-NEXT: [2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0,  2,  4,  1,  3,  0]
// CHECK: sizes = [2, 2]
// CHECK-NEXT: {{\[\[}}-1939662650,   49],
// CHECK-NEXT: [-1939662650,   49{{\]\]}}
