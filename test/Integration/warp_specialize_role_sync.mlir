// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{channels=named-barriers}))' | FileCheck %s
// RUN: wc-opt %s --wc-allocate-barriers | FileCheck %s --check-prefix=ALLOC
// After cleanups, the same allocation, PTX and output:
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir %lowered | FileCheck %s
// RUN: wc-opt %t.clean.mlir --wc-allocate-barriers | FileCheck %s --check-prefix=ALLOC
// RUN: wc-opt %t.clean.mlir --wc-lower-to-nvvm="format=isa channels=named-barriers" | %extract-ptx | FileCheck %s --check-prefix=PTX
// RUN: wc-opt %s --wc-lower-to-nvvm="format=isa channels=named-barriers" | %extract-ptx | FileCheck %s --check-prefix=PTX
// Without the syncs, the roles' reads race with the other warps' writes:
// RUN: sed 's/^ *wc.role_sync$//' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}

// Roles that sync within themselves (wc.role_sync): the one-warp role 0
// writes a buffer, syncs, and reads it reversed, by bar.warp.sync (no named
// barrier); the four warps of role 1 do the same over 128 elements at
// their own named barrier, 3, after the channel's 1 and 2 (`bar.sync 3,
// 128`), and add what role 0 wrote, handed over by the channel.
// out[l] = 31 - l for the first 32; out[32 + t] = 159 - t + t mod 32.
// CHECK: sizes = [160]
// CHECK-NEXT: [31,  30,  29,  28,  27,  26,  25,  24,  23,  22,  21,  20,  19,  18,  17,  16,  15,  14,  13,  12,  11,  10,  9,  8,  7,  6,  5,  4,  3,  2,  1,  0,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  159,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  127,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  95,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63,  63]
// ALLOC: wc.warp_specialize warps [1, 4] channels [0 -> 1 stages 1] attributes {barrier_base = 1 : i64}
// PTX-DAG: bar.warp.sync -1;
// PTX-DAG: bar.arrive
// PTX-DAG: bar.sync 1, 160;
// PTX-DAG: bar.sync 3, 128;
// RACE: error: {{.*}} data race on workgroup memory
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @roles(%in: memref<160xi32>, %out: memref<160xi32>)
        workgroup(%one: memref<32xi32, #gpu.address_space<workgroup>>,
                  %four: memref<128xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 160, 1, 1>} {
      %c31 = arith.constant 31 : index
      %c32 = arith.constant 32 : index
      %c127 = arith.constant 127 : index
      %lane = gpu.lane_id
      wc.warp_specialize warps [1, 4] channels [0 -> 1 stages 1] (%w: index) {
        %v = memref.load %in[%lane] : memref<160xi32>
        memref.store %v, %one[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
        wc.role_sync
        %r = arith.subi %c31, %lane : index
        %u = memref.load %one[%r] : memref<32xi32, #gpu.address_space<workgroup>>
        memref.store %u, %out[%lane] : memref<160xi32>
        wc.channel_signal full channel 0 stage 0
      }, (%w: index) {
        %w32 = arith.muli %w, %c32 : index
        %t = arith.addi %w32, %lane : index
        %g = arith.addi %t, %c32 : index
        %v = memref.load %in[%g] : memref<160xi32>
        memref.store %v, %four[%t] : memref<128xi32, #gpu.address_space<workgroup>>
        wc.role_sync
        %r = arith.subi %c127, %t : index
        %u = memref.load %four[%r] : memref<128xi32, #gpu.address_space<workgroup>>
        wc.channel_wait full channel 0 stage 0
        %x = memref.load %one[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
        %s = arith.addi %u, %x : i32
        memref.store %s, %out[%g] : memref<160xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c160 = arith.constant 160 : index
    %h = memref.alloc() : memref<160xi32>
    scf.for %i = %c0 to %c160 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<160xi32>
    }
    %d = gpu.alloc () : memref<160xi32>
    %o = gpu.alloc () : memref<160xi32>
    gpu.memcpy %d, %h : memref<160xi32>, memref<160xi32>
    gpu.launch_func @kernels::@roles blocks in (%c1, %c1, %c1) threads in (%c160, %c1, %c1)
        args(%d : memref<160xi32>, %o : memref<160xi32>)
    %r = memref.alloc() : memref<160xi32>
    gpu.memcpy %r, %o : memref<160xi32>, memref<160xi32>
    %u = memref.cast %r : memref<160xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
