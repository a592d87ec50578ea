// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{channels=named-barriers}))' | FileCheck %s
// RUN: wc-opt %s --wc-lower-to-nvvm="format=isa channels=named-barriers" | FileCheck %s --check-prefix=PTX
// RUN: wc-opt %s --wc-lower-to-nvvm=format=isa | FileCheck %s --check-prefix=MPTX

// The producer/consumer ring of warp_specialize.mlir with 3 stages and the
// stage as a run-time value, t mod 3, as a pipelined loop takes it: the
// producer refills stage t mod 3 from tile 3 on, after the consumers
// released it; the consumers release a stage while a later tile will
// refill it (t + 3 < 8). Lane l of consumer w gets
// (w + 1) * (896 + 8 l) on wc-sim, lowered, and (utils/gpu-run.sh) on the
// GPU.
// CHECK: sizes = [64]
// CHECK-NEXT: [896,  904,  912,  920,  928,  936,  944,  952,  960,  968,  976,  984,  992,  1000,  1008,  1016,  1024,  1032,  1040,  1048,  1056,  1064,  1072,  1080,  1088,  1096,  1104,  1112,  1120,  1128,  1136,  1144,  1792,  1808,  1824,  1840,  1856,  1872,  1888,  1904,  1920,  1936,  1952,  1968,  1984,  2000,  2016,  2032,  2048,  2064,  2080,  2096,  2112,  2128,  2144,  2160,  2176,  2192,  2208,  2224,  2240,  2256,  2272,  2288]

// The barrier id is 1 + 2 (t mod 3) for full, 2 + 2 (t mod 3) for empty,
// 96 threads (LLVM unrolls the 8-trip loops, so the ids end up constant):
// stage 2 uses barriers 5 and 6.
// PTX-DAG: bar.sync \095, 96;
// PTX-DAG: bar.sync \096, 96;
// PTX-DAG: bar.arrive
// On sm_90 (mbarriers): 2 signals x 3 stages, 8 bytes each; each wait
// takes the parity of its stage's phase (LLVM keeps the parity words in
// registers: no local memory).
// MPTX: .shared .align 8 .b8 __mbarrier[48];
// MPTX-DAG: mbarrier.try_wait.parity.shared.b64
// MPTX-DAG: mbarrier.arrive.shared.b64
// MPTX-NOT: .local
// MPTX-NOT: bar.arrive

// A stage past the ring (t mod 4 of a 3-stage ring) is an error at the op.
// RUN: sed 's/%c3 : index  \/\/ stages$/%c4 : index/' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=STAGE
// STAGE: error: {{.*}}stage 3 of a channel of 3 stages
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ring(%in: memref<256xi32>, %out: memref<64xi32>)
        workgroup(%ring: memref<3x32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 96, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0 : i32
      %lane = gpu.lane_id
      wc.warp_specialize warps [1, 2] channels [0 -> 1 stages 3] (%w: index) {
        scf.for %t = %c0 to %c8 step %c1 {
          %s = arith.remui %t, %c3 : index  // stages
          %refill = arith.cmpi uge, %t, %c3 : index
          scf.if %refill {
            wc.channel_wait empty channel 0 stage %s
          }
          %a = arith.muli %t, %c32 : index
          %g = arith.addi %a, %lane : index
          %v = memref.load %in[%g] : memref<256xi32>
          memref.store %v, %ring[%s, %lane] : memref<3x32xi32, #gpu.address_space<workgroup>>
          wc.channel_signal full channel 0 stage %s
        }
      }, (%w: index) {
        %w1 = arith.addi %w, %c1 : index
        %weight = arith.index_cast %w1 : index to i32
        %sum = scf.for %t = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
          %s = arith.remui %t, %c3 : index  // stages
          wc.channel_wait full channel 0 stage %s
          %x = memref.load %ring[%s, %lane] : memref<3x32xi32, #gpu.address_space<workgroup>>
          %later = arith.addi %t, %c3 : index
          %release = arith.cmpi ult, %later, %c8 : index
          scf.if %release {
            wc.channel_signal empty channel 0 stage %s
          }
          %q = arith.muli %x, %weight : i32
          %next = arith.addi %acc, %q : i32
          scf.yield %next : i32
        }
        %o = arith.muli %w, %c32 : index
        %at = arith.addi %o, %lane : index
        memref.store %sum, %out[%at] : memref<64xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c96 = arith.constant 96 : index
    %c256 = arith.constant 256 : index
    %h = memref.alloc() : memref<256xi32>
    scf.for %i = %c0 to %c256 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<256xi32>
    }
    %d = gpu.alloc () : memref<256xi32>
    %o = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d, %h : memref<256xi32>, memref<256xi32>
    gpu.launch_func @kernels::@ring blocks in (%c1, %c1, %c1) threads in (%c96, %c1, %c1)
        args(%d : memref<256xi32>, %o : memref<64xi32>)
    %r = memref.alloc() : memref<64xi32>
    gpu.memcpy %r, %o : memref<64xi32>, memref<64xi32>
    %u = memref.cast %r : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
