// RUN: wc-sim %s | FileCheck %s
// mbarriers as the lowering of wc.warp_specialize's channels uses them: warp
// 0 writes a value into workgroup memory and arrives at mbarrier 0 (which
// counts both warps' 64 threads); warp 1 arrives and waits for phase 0
// (parity 0), then reads it. After a block barrier the same again, the
// reader waiting for phase 1 (parity 1).
// CHECK: [0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  100,  101,

// The mistakes the simulator reports at the op:
// - no mbarrier.init;
// RUN: sed 's/^        nvgpu.mbarrier.init .*$//' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=INIT
// INIT: error: {{.*}} mbarrier 0 used before mbarrier.init
// - a read without the wait races with the write;
// RUN: sed 's/^        nvgpu.mbarrier.try_wait.parity %bars\[%c0\], %even.*$//' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: {{.*}} data race on workgroup memory 'workgroup attribution #1' element 0: {{.*}} by thread {{0|32}} {{.*}} by thread {{0|32}} with no barrier between them
// - a wait for the parity of the phase before returns at once: the read
//   races with the second write;
// RUN: sed 's/%odd, %hint/%even, %hint/' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=PARITY
// PARITY: error: {{.*}} data race on workgroup memory 'workgroup attribution #1' element 0
// - more arrivals than the phase expects;
// RUN: sed 's/nvgpu.mbarrier.init %bars\[%c0\], %c64/nvgpu.mbarrier.init %bars[%c0], %c48/' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error: {{.*}} arrival of 32 threads at mbarrier 0, whose phase 0 expects only 16 more
// - a phase that never completes (the writer's second arrival missing).
// RUN: sed 's/^        %c = nvgpu.mbarrier.arrive.*$//' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=STUCK
// STUCK: error: [block (0, 0, 0)] mbarrier 0 never completes its phase 1: warps 1 wait, 32 of 64 threads arrived
!bars = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>, num_barriers = 1>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<64xi32>)
        workgroup(%buf: memref<32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c48 = arith.constant 48 : index
      %c64 = arith.constant 64 : index
      %c100 = arith.constant 100 : i32
      %hint = arith.constant 1000 : index
      %even = arith.constant false
      %odd = arith.constant true
      %t = gpu.thread_id x
      %bars = nvgpu.mbarrier.create -> !bars
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        nvgpu.mbarrier.init %bars[%c0], %c64 : !bars
      }
      gpu.barrier
      %producer = arith.cmpi ult, %t, %c32 : index
      %l = arith.subi %t, %c32 : index
      scf.if %producer {
        %v = arith.index_cast %t : index to i32
        memref.store %v, %buf[%t] : memref<32xi32, #gpu.address_space<workgroup>>
        %a = nvgpu.mbarrier.arrive %bars[%c0] : !bars -> !nvgpu.mbarrier.token
      } else {
        %a = nvgpu.mbarrier.arrive %bars[%c0] : !bars -> !nvgpu.mbarrier.token
        nvgpu.mbarrier.try_wait.parity %bars[%c0], %even, %hint : !bars
        %v = memref.load %buf[%l] : memref<32xi32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%l] : memref<64xi32>
      }
      gpu.barrier
      scf.if %producer {
        %v = arith.index_cast %t : index to i32
        %w = arith.addi %v, %c100 : i32
        memref.store %w, %buf[%t] : memref<32xi32, #gpu.address_space<workgroup>>
        %c = nvgpu.mbarrier.arrive %bars[%c0] : !bars -> !nvgpu.mbarrier.token
      } else {
        %b = nvgpu.mbarrier.arrive %bars[%c0] : !bars -> !nvgpu.mbarrier.token
        nvgpu.mbarrier.try_wait.parity %bars[%c0], %odd, %hint : !bars
        %w = memref.load %buf[%l] : memref<32xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%t] : memref<64xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %n = arith.constant 64 : index
    %d = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
        args(%d : memref<64xi32>)
    %h = memref.alloc() : memref<64xi32>
    gpu.memcpy %h, %d : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
