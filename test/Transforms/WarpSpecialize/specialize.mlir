// RUN: wc-opt %s --wc-specialize -verify-diagnostics | FileCheck %s
// RUN: wc-opt %s --wc-specialize='producer-warps=2 stages=3' 2>/dev/null | FileCheck %s --check-prefix=WIDE
// RUN: wc-opt %s --wc-specialize='aggregate-consumers=1 producer-warps=2' 2>/dev/null | FileCheck %s --check-prefix=AGG
// RUN: wc-opt %s --wc-specialize='aggregate-consumers=1 producer-warps=2' 2>&1 >/dev/null | FileCheck %s --check-prefix=AGG-REMARK
// RUN: wc-opt %s --wc-specialize='producer-warps=4 set-registers=1 chip=sm_90a' 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: wc-opt %s --wc-specialize='producer-warps=4 set-registers=1 producer-registers=56 chip=sm_90a' 2>&1 >/dev/null | FileCheck %s --check-prefix=REGS56
// RUN: wc-opt %s --wc-specialize='producer-warps=4 set-registers=1 producer-registers=44 chip=sm_90a' 2>&1 >/dev/null | FileCheck %s --check-prefix=REGS44
// RUN: not wc-opt %s --wc-specialize='producer-warps=4 set-registers=1 producer-registers=264 chip=sm_90a' 2>&1 >/dev/null | FileCheck %s --check-prefix=REGS264
// RUN: not wc-opt %s --wc-specialize='stages=8' 2>&1 >/dev/null | FileCheck %s --check-prefix=STAGES
// RUN: not wc-opt %s --wc-specialize='producer-warps=0' 2>&1 >/dev/null | FileCheck %s --check-prefix=PRODUCERS
// RUN: wc-opt %s --wc-specialize='producer-warps=1 set-registers=1 chip=sm_90a' 2>&1 >/dev/null | FileCheck %s --check-prefix=NOT-WARPGROUPS
// RUN: wc-opt %s --wc-specialize='producer-warps=4 set-registers=1 chip=sm_90' 2>&1 >/dev/null | FileCheck %s --check-prefix=NOT-SM90A

// A tiled matrix product (16x16 block, A and B tiles): the block's 8 warps
// become consumers, one producer warp copies the tiles into 2-stage rings.
// Run before and after on wc-sim in test/Integration/matmul_tile.mlir.
// CHECK-LABEL: gpu.func @matmul
// CHECK-SAME: workgroup(%[[A:.*]] : memref<2x16x16xi32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<2x16x16xi32, #gpu.address_space<workgroup>>)
// CHECK-SAME: known_block_size = array<i32: 288, 1, 1>
// CHECK: wc.warp_specialize warps [8, 1] channels [1 -> 0 stages 2] (%{{.*}}: index) {
// The consumers: wait for the stage, compute from it, release it while a
// later tile refills it.
// CHECK:   scf.for
// CHECK:     %[[S:.*]] = arith.remui %{{.*}}, %c2{{.*}} : index
// CHECK:     wc.channel_wait full channel 0 stage %[[S]]
// CHECK:     scf.for
// CHECK:       memref.load %[[A]][%[[S]], %{{.*}}, %{{.*}}]
// CHECK:       memref.load %[[B]][%[[S]], %{{.*}}, %{{.*}}]
// CHECK:     scf.if
// CHECK:       wc.channel_signal empty channel 0 stage %[[S]]
// CHECK:   memref.store
// CHECK: }, (%{{.*}}: index) {
// The producer: wait for the stage from the third tile on, copy for the 256
// original threads (8 rounds of 32, unrolled: the 16 loads, then the 16
// stores), signal it full.
// CHECK:   scf.for
// CHECK:     %[[P:.*]] = arith.remui %{{.*}}, %c2{{.*}} : index
// CHECK:     scf.if
// CHECK:       wc.channel_wait empty channel 0 stage %[[P]]
// CHECK-NOT: scf.for
// CHECK-COUNT-16: memref.load %arg{{[01]}}[
// CHECK-NOT: memref.load
// CHECK-COUNT-8: memref.store %{{.*}}, %[[A]][%[[P]], %{{.*}}, %{{.*}}]
// CHECK:     wc.channel_signal full channel 0 stage %[[P]]
// CHECK-NOT: gpu.barrier
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @kernels::@matmul blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%c288, %c1{{.*}}, %c1{{.*}})
// With set-registers, on sm_90a, 8 consumer and 4 producer warps (whole
// warpgroups): a block of 384 threads has 170 registers per thread; the
// producers take 40, the consumers the rest (232, the block compiled with
// 168); where not, the remark says why.
// REGS: remark: wc-specialize: 8 consumer warps and 4 producer warps over a 2-stage ring of 2 tile buffers ({{.*}}); registers per thread: 232 for the consumers, 40 for the producers (setmaxnreg)
// REGS: wc.warp_specialize warps [8, 4] channels [1 -> 0 stages 2] attributes {registers = array<i64: 232, 40>}
// REGS56: registers per thread: 224 for the consumers, 56 for the producers (setmaxnreg)
// REGS44: registers not set: producer-registers 44 is not a multiple of 8 in 24..256
// REGS264: error: wc-specialize: option producer-registers=264 is out of range: it must be in [24, 256]
// STAGES: error: wc-specialize: option stages=8 is out of range: it must be in [1, 7]
// PRODUCERS: error: wc-specialize: option producer-warps=0 is out of range: it must be in [1, 31]
// NOT-WARPGROUPS: registers not set: a role of 1 warp is not whole warpgroups
// NOT-SM90A: registers not set: the target (sm_90) has no setmaxnreg (sm_90a)
// WIDE: memref<3x16x16xi32, #gpu.address_space<workgroup>>
// WIDE: known_block_size = array<i32: 320, 1, 1>
// WIDE: wc.warp_specialize warps [8, 2] channels [1 -> 0 stages 3]
// WIDE: wc.channel_signal full
// With aggregated consumers, one warp runs the compute part of the 256
// threads as 8 virtual threads: a warp job in the consumer role, whose
// tile loop waits where the first barrier was and releases where the
// second was; two producer warps copy for 128 threads each.
// AGG-REMARK: remark: wc-specialize: 1 consumer warp running the block's 256 threads as 8 virtual threads and 2 producer warps over a 2-stage ring of 2 tile buffers (4096 bytes of shared memory)
// AGG-LABEL: gpu.func @matmul
// AGG-SAME: known_block_size = array<i32: 96, 1, 1>
// AGG: wc.warp_specialize warps [1, 2] channels [1 -> 0 stages 2] (%{{.*}}: index) {
// AGG-NEXT: wc.warp_job block [16, 16, 1] virtual_threads 8 {
// AGG: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<8xi32>)
// AGG: %[[S:.*]] = arith.remui
// AGG: wc.channel_wait full channel 0 stage %[[S]]
// AGG-NOT: wc.warp_sync
// AGG: wc.vthreads
// AGG-NOT: wc.warp_sync
// AGG: scf.if
// AGG-NEXT: wc.channel_signal empty channel 0 stage %[[S]]
// AGG: }, (%{{.*}}: index) {
// AGG-NOT: wc.warp_job
// AGG-COUNT-8: memref.load %arg{{[01]}}[
// AGG-NOT: memref.load
// AGG: wc.channel_signal full channel 0 stage
// AGG-LABEL: func.func @host
// AGG: threads in (%c96, %c1{{.*}}, %c1{{.*}})
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{wc-specialize: 8 consumer warps and 1 producer warp over a 2-stage ring of 2 tile buffers (4096 bytes of shared memory)}}
    gpu.func @matmul(%a: memref<?x?xi32>, %b: memref<?x?xi32>,
                     %c: memref<?x?xi32>, %k: index)
        workgroup(%tileA: memref<16x16xi32, #gpu.address_space<workgroup>>,
                  %tileB: memref<16x16xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %rowBase = arith.muli %by, %c16 : index
      %row = arith.addi %rowBase, %ty : index
      %colBase = arith.muli %bx, %c16 : index
      %col = arith.addi %colBase, %tx : index
      %tiles = arith.divui %k, %c16 : index
      %sum = scf.for %t = %c0 to %tiles step %c1 iter_args(%acc = %zero) -> (i32) {
        %base = arith.muli %t, %c16 : index
        %ac = arith.addi %base, %tx : index
        %av = memref.load %a[%row, %ac] : memref<?x?xi32>
        memref.store %av, %tileA[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
        %br = arith.addi %base, %ty : index
        %bv = memref.load %b[%br, %col] : memref<?x?xi32>
        memref.store %bv, %tileB[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %part = scf.for %kk = %c0 to %c16 step %c1 iter_args(%s = %acc) -> (i32) {
          %x = memref.load %tileA[%ty, %kk] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %y = memref.load %tileB[%kk, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %p = arith.muli %x, %y : i32
          %ns = arith.addi %s, %p : i32
          scf.yield %ns : i32
        }
        gpu.barrier
        scf.yield %part : i32
      }
      memref.store %sum, %c[%row, %col] : memref<?x?xi32>
      gpu.return
    }
  }
  func.func @host(%a: memref<?x?xi32>, %b: memref<?x?xi32>, %c: memref<?x?xi32>, %k: index) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @kernels::@matmul blocks in (%c4, %c4, %c1) threads in (%c16, %c16, %c1)
        args(%a : memref<?x?xi32>, %b : memref<?x?xi32>, %c : memref<?x?xi32>, %k : index)
    return
  }
}
