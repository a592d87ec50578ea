// RUN: wc-opt %s --wc-aggregate -verify-diagnostics | FileCheck %s
// RUN: wc-sim %s | FileCheck %s --check-prefix=EXEC
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate)' | FileCheck %s --check-prefix=EXEC
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,gpu.module(convert-wc-to-nvvm))' | FileCheck %s --check-prefix=EXEC

// The thread id itself carried into warp-level control flow (a loop's
// initial value, a value yielded by an scf.if holding a barrier): each
// virtual thread carries its own id, which a phase of its own yields
// (regression: the original gpu.thread_id was broadcast, then erased with
// the kernel body).

// CHECK-LABEL: gpu.func @loop_init
// CHECK: wc.warp_job block [40, 1, 1] virtual_threads 2 {
// CHECK:   arith.subi %c39
// CHECK:   %[[IDS:.*]] = wc.vthreads (%{{.*}}, %[[TX:.*]], %{{.*}}, %{{.*}}) -> vector<2xindex> {
// CHECK-NEXT: wc.yield %[[TX]] : index
// CHECK:   scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args(%{{.*}} = %[[IDS]]) -> (vector<2xindex>)
// CHECK-NOT: gpu.thread_id

// CHECK-LABEL: gpu.func @if_result
// CHECK: wc.warp_job block [64, 1, 1] virtual_threads 2 {
// CHECK:   scf.if %arg1 -> (vector<2xindex>) {
// CHECK:     %[[IDS:.*]] = wc.vthreads (%{{.*}}, %[[TX:.*]], %{{.*}}, %{{.*}}) -> vector<2xindex> {
// CHECK-NEXT:  wc.yield %[[TX]] : index
// CHECK:     scf.yield %[[IDS]] : vector<2xindex>
// CHECK:   } else {
// CHECK:     %[[ZERO:.*]] = vector.broadcast %c0 : index to vector<2xindex>
// CHECK:     scf.yield %[[ZERO]] : vector<2xindex>
// CHECK-NOT: gpu.thread_id

// EXEC: sizes = [40]
// EXEC-NEXT: [312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312,  312]
// EXEC: sizes = [64]
// EXEC-NEXT: [63,  62,  61,  60,  59,  58,  57,  56,  55,  54,  53,  52,  51,  50,  49,  48,  47,  46,  45,  44,  43,  42,  41,  40,  39,  38,  37,  36,  35,  34,  33,  32,  31,  30,  29,  28,  27,  26,  25,  24,  23,  22,  21,  20,  19,  18,  17,  16,  15,  14,  13,  12,  11,  10,  9,  8,  7,  6,  5,  4,  3,  2,  1,  0]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Each round adds the value of the mirrored thread: 4 rounds from the
    // thread ids give 8 * 39 for every thread.
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 40-thread block, 2 virtual threads per lane, 5 phases, 2 barriers became warp syncs}}
    gpu.func @loop_init(%out: memref<40xi32>)
        workgroup(%t: memref<40xindex, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 40, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c39 = arith.constant 39 : index
      %tid = gpu.thread_id x
      %m = arith.subi %c39, %tid : index
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %tid) -> (index) {
        memref.store %acc, %t[%tid] : memref<40xindex, #gpu.address_space<workgroup>>
        gpu.barrier
        %y = memref.load %t[%m] : memref<40xindex, #gpu.address_space<workgroup>>
        %z = arith.addi %acc, %y : index
        gpu.barrier
        scf.yield %z : index
      }
      %v = arith.index_cast %r : index to i32
      memref.store %v, %out[%tid] : memref<40xi32>
      gpu.return
    }

    // Each thread reads the id that the mirrored thread left in %t.
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 3 phases, 1 barrier became a warp sync, 1 removed}}
    gpu.func @if_result(%out: memref<64xi32>, %on: i1)
        workgroup(%t: memref<64xindex, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c63 = arith.constant 63 : index
      %tid = gpu.thread_id x
      %r = scf.if %on -> (index) {
        gpu.barrier
        scf.yield %tid : index
      } else {
        scf.yield %c0 : index
      }
      memref.store %r, %t[%tid] : memref<64xindex, #gpu.address_space<workgroup>>
      gpu.barrier
      %m = arith.subi %c63, %tid : index
      %y = memref.load %t[%m] : memref<64xindex, #gpu.address_space<workgroup>>
      %v = arith.index_cast %y : index to i32
      memref.store %v, %out[%tid] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    // The branch condition is a run-time kernel argument, not a constant.
    %flag = memref.alloc() : memref<1xi1>
    memref.store %true, %flag[%c0] : memref<1xi1>
    %on = memref.load %flag[%c0] : memref<1xi1>
    %h1 = memref.alloc() : memref<40xi32>
    %d1 = gpu.alloc () : memref<40xi32>
    gpu.launch_func @kernels::@loop_init blocks in (%c1, %c1, %c1) threads in (%c40, %c1, %c1)
        args(%d1 : memref<40xi32>)
    gpu.memcpy %h1, %d1 : memref<40xi32>, memref<40xi32>
    %u1 = memref.cast %h1 : memref<40xi32> to memref<*xi32>
    call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %h2 = memref.alloc() : memref<64xi32>
    %d2 = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@if_result blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d2 : memref<64xi32>, %on : i1)
    gpu.memcpy %h2, %d2 : memref<64xi32>, memref<64xi32>
    %u2 = memref.cast %h2 : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    return
  }
}
