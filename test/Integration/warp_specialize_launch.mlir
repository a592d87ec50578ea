// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(convert-wc-to-nvvm)' | FileCheck %s
// RUN: wc-opt %s --convert-wc-to-nvvm | FileCheck %s --check-prefix=IR

// A warp-specialized gpu.launch body (not outlined): one producer warp
// hands 4 tiles to one consumer warp through a 1-stage channel. Lowered
// in place, the mbarriers and their parity words are set up at the start
// of the launch body (not in the host function). Lane l gets sum over tiles t of
// (32 t + l) = 192 + 4 l.
// CHECK: [192,  196,  200,  204,
// IR: gpu.launch
// IR-NEXT: nvgpu.mbarrier.create
// IR-NEXT: memref.alloca() : memref<2xi32>
// IR: nvgpu.mbarrier.try_wait.parity
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %h = memref.alloc() : memref<128xi32>
    scf.for %i = %c0 to %c128 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<128xi32>
    }
    %in = gpu.alloc () : memref<128xi32>
    %out = gpu.alloc () : memref<32xi32>
    gpu.memcpy %in, %h : memref<128xi32>, memref<128xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
               workgroup(%tile : memref<32xi32, #gpu.address_space<workgroup>>) {
      %lane = gpu.lane_id
      %zero = arith.constant 0 : i32
      wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
        scf.for %t = %c0 to %c4 step %c1 {
          %refill = arith.cmpi ugt, %t, %c0 : index
          scf.if %refill {
            wc.channel_wait empty channel 0 stage 0
          }
          %base = arith.muli %t, %c32 : index
          %g = arith.addi %base, %lane : index
          %v = memref.load %in[%g] : memref<128xi32>
          memref.store %v, %tile[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
          wc.channel_signal full channel 0 stage 0
        }
      }, (%w: index) {
        %sum = scf.for %t = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
          wc.channel_wait full channel 0 stage 0
          %x = memref.load %tile[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
          %c3 = arith.constant 3 : index
          %more = arith.cmpi ult, %t, %c3 : index
          scf.if %more {
            wc.channel_signal empty channel 0 stage 0
          }
          %next = arith.addi %acc, %x : i32
          scf.yield %next : i32
        }
        memref.store %sum, %out[%lane] : memref<32xi32>
      }
      gpu.terminator
    }
    %r = memref.alloc() : memref<32xi32>
    gpu.memcpy %r, %out : memref<32xi32>, memref<32xi32>
    %u = memref.cast %r : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
