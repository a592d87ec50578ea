// RUN: not wc-sim %s 2>&1 | FileCheck %s --check-prefix=SIM
// RUN: not wc-sim %s %lowered 2>&1 | FileCheck %s --check-prefix=MBAR
// A producer that refills a 1-stage channel without waiting for the
// consumers to release it. Directly (and on named barriers) its arrivals
// at `full` pile up on one barrier generation and the consumers' second
// wait never completes. On mbarriers, whose phases count both
// roles, the producer's second arrival at `full` completes the phase the
// consumers wait on, so their reads are ordered after the refill and read
// tile 1 twice; what gives the mistake away is the `empty` phase that the
// consumers' release left incomplete when the block ends (before that
// check, the lowered run printed the wrong sums without an error).
// SIM: error: [block (0, 0, 0)] barrier 1 reached by only part of the block: warps 1 2 wait for 96 threads, 64 arrived; warps 0 finished without reaching it
// MBAR: error: [block (0, 0, 0)] the block ends with phase 0 of mbarrier 1 incomplete, 64 of 96 threads arrived: an arrival without its partners
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @m1(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 96, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0 : i32
      %lane = gpu.lane_id
      wc.warp_specialize warps [1, 2] channels [0 -> 1 stages 1] (%w: index) {
        scf.for %t = %c0 to %c2 step %c1 {
          // (no wait for the stage to be empty before refilling it)
          %a = arith.muli %t, %c32 : index
          %g = arith.addi %a, %lane : index
          %v = memref.load %in[%g] : memref<64xi32>
          memref.store %v, %buf[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
          wc.channel_signal full channel 0 stage 0
        }
      }, (%w: index) {
        %sum = scf.for %t = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (i32) {
          wc.channel_wait full channel 0 stage 0
          %x = memref.load %buf[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
          %first = arith.cmpi eq, %t, %c0 : index
          scf.if %first {
            wc.channel_signal empty channel 0 stage 0
          }
          %n = arith.addi %acc, %x : i32
          scf.yield %n : i32
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
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k64 = arith.constant 64 : index
    %k96 = arith.constant 96 : index
    %h = memref.alloc() : memref<64xi32>
    scf.for %i = %k0 to %k64 step %k1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<64xi32>
    }
    %d = gpu.alloc () : memref<64xi32>
    %o = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d, %h : memref<64xi32>, memref<64xi32>
    gpu.launch_func @kernels::@m1 blocks in (%k1, %k1, %k1) threads in (%k96, %k1, %k1)
        args(%d : memref<64xi32>, %o : memref<64xi32>)
    %r = memref.alloc() : memref<64xi32>
    gpu.memcpy %r, %o : memref<64xi32>, memref<64xi32>
    %u = memref.cast %r : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
