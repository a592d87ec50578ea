// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{channels=named-barriers}))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-allocate-barriers)' | FileCheck %s
// RUN: wc-opt %s --wc-allocate-barriers | FileCheck %s --check-prefix=ALLOC
// RUN: wc-opt %s --wc-lower-to-nvvm="format=isa channels=named-barriers" | FileCheck %s --check-prefix=PTX
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}

// The 3-stage ring of warp_specialize_ring.mlir run twice in a row, over a
// second ring buffer, without a block barrier between: the warps done
// with the first op start the second while the others still wait on the
// first one's named barriers, so the second takes barriers 7-12 (the first
// 1-6), as wc-allocate-barriers gives them, the lowering too (named
// barriers), and wc-sim. Both halves of the output are the ring's.
// CHECK: sizes = [128]
// CHECK-NEXT: [896,  904,  912,  920,  928,  936,  944,  952,  960,  968,  976,  984,  992,  1000,  1008,  1016,  1024,  1032,  1040,  1048,  1056,  1064,  1072,  1080,  1088,  1096,  1104,  1112,  1120,  1128,  1136,  1144,  1792,  1808,  1824,  1840,  1856,  1872,  1888,  1904,  1920,  1936,  1952,  1968,  1984,  2000,  2016,  2032,  2048,  2064,  2080,  2096,  2112,  2128,  2144,  2160,  2176,  2192,  2208,  2224,  2240,  2256,  2272,  2288,  896,  904,  912,  920,  928,  936,  944,  952,  960,  968,  976,  984,  992,  1000,  1008,  1016,  1024,  1032,  1040,  1048,  1056,  1064,  1072,  1080,  1088,  1096,  1104,  1112,  1120,  1128,  1136,  1144,  1792,  1808,  1824,  1840,  1856,  1872,  1888,  1904,  1920,  1936,  1952,  1968,  1984,  2000,  2016,  2032,  2048,  2064,  2080,  2096,  2112,  2128,  2144,  2160,  2176,  2192,  2208,  2224,  2240,  2256,  2272,  2288]
// ALLOC: wc.warp_specialize warps [1, 2] channels [0 -> 1 stages 3] attributes {barrier_base = 1 : i64}
// ALLOC: wc.warp_specialize warps [1, 2] channels [0 -> 1 stages 3] attributes {barrier_base = 7 : i64}
// Stage 2 of the second ring: barriers 11 (full) and 12 (empty).
// PTX-DAG: bar.sync \095, 96;
// PTX-DAG: bar.sync \0911, 96;
// PTX-DAG: bar.sync \0912, 96;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ring(%in: memref<256xi32>, %out: memref<128xi32>)
        workgroup(%ring: memref<3x32xi32, #gpu.address_space<workgroup>>,
                  %ring2: memref<3x32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 96, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c8 = arith.constant 8 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0 : i32
      %lane = gpu.lane_id
      %out2 = memref.subview %out[64] [64] [1] : memref<128xi32> to memref<64xi32, strided<[1], offset: 64>>
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
        memref.store %sum, %out[%at] : memref<128xi32>
      }
      // No block barrier: warps done with the first ring go on to the second
      // while others still use the first one's barriers.
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
          memref.store %v, %ring2[%s, %lane] : memref<3x32xi32, #gpu.address_space<workgroup>>
          wc.channel_signal full channel 0 stage %s
        }
      }, (%w: index) {
        %w1 = arith.addi %w, %c1 : index
        %weight = arith.index_cast %w1 : index to i32
        %sum = scf.for %t = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
          %s = arith.remui %t, %c3 : index  // stages
          wc.channel_wait full channel 0 stage %s
          %x = memref.load %ring2[%s, %lane] : memref<3x32xi32, #gpu.address_space<workgroup>>
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
        memref.store %sum, %out2[%at] : memref<64xi32, strided<[1], offset: 64>>
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
    %o = gpu.alloc () : memref<128xi32>
    gpu.memcpy %d, %h : memref<256xi32>, memref<256xi32>
    gpu.launch_func @kernels::@ring blocks in (%c1, %c1, %c1) threads in (%c96, %c1, %c1)
        args(%d : memref<256xi32>, %o : memref<128xi32>)
    %r = memref.alloc() : memref<128xi32>
    gpu.memcpy %r, %o : memref<128xi32>, memref<128xi32>
    %u = memref.cast %r : memref<128xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
