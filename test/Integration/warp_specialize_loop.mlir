// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{channels=named-barriers}))' | FileCheck %s
// RUN: wc-opt %s --wc-lower-to-nvvm=format=isa | FileCheck %s --check-prefix=PTX

// A warp-specialized op run 3 times in a loop (a block barrier between
// runs), then a second op. In the loop, role 1 sends 3 tiles through a
// 2-stage ring (stage t mod 2) to role 0, which adds them to a sum kept in
// workgroup memory: stage 0 carries two tiles a run and stage 1 one, so on
// mbarriers (set up once, at the kernel's entry) the phases and each
// thread's parity bits go on from one run to the next unevenly. Then a
// 1-stage channel hands lane l's sum, plus one, to the other warp. With
// tile t of run k holding 10 k + t + l: out[l] = 9 l + 99, out[32 + l] =
// out[l] + 1.
// CHECK: [99,  108,  117,
// CHECK-SAME: 378,  100,  109,
// CHECK-SAME: 370,  379]
// Two mbarrier groups (4 and 2), each initialised once.
// PTX-COUNT-6: mbarrier.init.shared.b64
// PTX-NOT: mbarrier.init

// Mistakes: a producer that refills a stage without waiting for it to be
// empty (a race), and a consumer that releases a stage nobody refills: its
// arrival waits, unmatched, for the block's end (see also
// test/Simulator/faults/channel-missing-wait.mlir).
// RUN: sed 's/\(refill = arith.cmpi uge, .t, \)%c2/\1%c3/' %s | not wc-sim - %lowered 2>&1 | FileCheck %s --check-prefix=NOWAIT
// NOWAIT: error: {{.*}}data race on workgroup memory
// RUN: sed 's/\(rel = arith.cmpi ult, .t, \)%c1/\1%c2/' %s | not wc-sim - %lowered 2>&1 | FileCheck %s --check-prefix=EXTRA
// EXTRA: error: [block (0, 0, 0)] the block ends with phase 1 of mbarrier 3 incomplete, 32 of 64 threads arrived: an arrival without its partners
// RUN: sed 's/\(rel = arith.cmpi ult, .t, \)%c1/\1%c2/' %s | not wc-sim - --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{channels=named-barriers}))' 2>&1 | FileCheck %s --check-prefix=EXTRANAMED
// EXTRANAMED: error: [block (0, 0, 0)] the block ends with 32 of the 64 threads of barrier 4 arrived: an arrive that no sync completed
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @lr(%in: memref<32xi32>, %out: memref<64xi32>)
        workgroup(%ring: memref<2x32xi32, #gpu.address_space<workgroup>>, %acc: memref<32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c10 = arith.constant 10 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %lane = gpu.lane_id
      %tid = gpu.thread_id x
      %first = arith.cmpi ult, %tid, %c32 : index
      scf.if %first {
        memref.store %zero, %acc[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %k = %c0 to %c3 step %c1 {
        wc.warp_specialize warps [1, 1] channels [1 -> 0 stages 2] (%w: index) {
          %a0 = memref.load %acc[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
          %sum = scf.for %t = %c0 to %c3 step %c1 iter_args(%a = %a0) -> (i32) {
            %s = arith.remui %t, %c2 : index
            wc.channel_wait full channel 0 stage %s
            %x = memref.load %ring[%s, %lane] : memref<2x32xi32, #gpu.address_space<workgroup>>
            %rel = arith.cmpi ult, %t, %c1 : index
            scf.if %rel {
              wc.channel_signal empty channel 0 stage %s
            }
            %n = arith.addi %a, %x : i32
            scf.yield %n : i32
          }
          memref.store %sum, %acc[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
        }, (%w: index) {
          scf.for %t = %c0 to %c3 step %c1 {
            %s = arith.remui %t, %c2 : index
            %refill = arith.cmpi uge, %t, %c2 : index
            scf.if %refill {
              wc.channel_wait empty channel 0 stage %s
            }
            %k10 = arith.muli %k, %c10 : index
            %b = arith.addi %k10, %t : index
            %c = arith.addi %b, %lane : index
            %v = arith.index_cast %c : index to i32
            memref.store %v, %ring[%s, %lane] : memref<2x32xi32, #gpu.address_space<workgroup>>
            wc.channel_signal full channel 0 stage %s
          }
        }
        gpu.barrier
      }
      wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
        %a = memref.load %acc[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
        memref.store %a, %out[%lane] : memref<64xi32>
        %a1 = arith.addi %a, %one : i32
        memref.store %a1, %ring[%c0, %lane] : memref<2x32xi32, #gpu.address_space<workgroup>>
        wc.channel_signal full channel 0 stage 0
      }, (%w: index) {
        wc.channel_wait full channel 0 stage 0
        %x = memref.load %ring[%c0, %lane] : memref<2x32xi32, #gpu.address_space<workgroup>>
        %at = arith.addi %lane, %c32 : index
        memref.store %x, %out[%at] : memref<64xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k32 = arith.constant 32 : index
    %k64 = arith.constant 64 : index
    %h = memref.alloc() : memref<32xi32>
    scf.for %i = %k0 to %k32 step %k1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<32xi32>
    }
    %d = gpu.alloc () : memref<32xi32>
    %o = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d, %h : memref<32xi32>, memref<32xi32>
    gpu.launch_func @kernels::@lr blocks in (%k1, %k1, %k1) threads in (%k64, %k1, %k1)
        args(%d : memref<32xi32>, %o : memref<64xi32>)
    %r = memref.alloc() : memref<64xi32>
    gpu.memcpy %r, %o : memref<64xi32>, memref<64xi32>
    %u = memref.cast %r : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
