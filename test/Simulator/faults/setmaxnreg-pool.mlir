// RUN: wc-sim %s | FileCheck %s
// setmaxnreg as the lowering of wc.warp_specialize's registers uses it, in
// a kernel compiled with 64 registers per thread (nvvm.maxnreg): the first
// warpgroup releases 32 per thread to the block's pool, the second takes
// them (its setmaxnreg.inc waits for the release), then both return to 64
// after a block barrier. Thread t writes t.
// CHECK: [0,  1,  2,  3,
// CHECK-SAME: 254,  255]

// The mistakes the simulator reports at the op:
// - a request the pool never holds (4 warps x 32 threads x 40 more, and
//   the other warpgroup releases 4 x 32 x 32): the last warp waits forever;
// RUN: sed 's/increase 96/increase 104/' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=STUCK
// STUCK: error: [block (0, 0, 0)] setmaxnreg.inc never gets its registers: warp {{[4-7]}} waits for 104 registers per thread, 1280 more, and the block's pool holds 256
// - a decrease to more registers than the warp has;
// RUN: sed 's/decrease 32/decrease 72/' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=DEC
// DEC: error: {{.*}} setmaxnreg.dec to 72 registers per thread in a warp that has 64
// - a kernel whose registers at entry are not known.
// RUN: sed 's/nvvm.maxnreg = 64 : i32, //' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: {{.*}} setmaxnreg in a kernel without 'nvvm.maxnreg': the registers its warps start with are not known
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<256xi32>)
        kernel attributes {nvvm.maxnreg = 64 : i32, known_block_size = array<i32: 256, 1, 1>} {
      %c128 = arith.constant 128 : index
      %t = gpu.thread_id x
      %first = arith.cmpi ult, %t, %c128 : index
      scf.if %first {
        nvvm.setmaxregister decrease 32
      } else {
        nvvm.setmaxregister increase 96
      }
      nvvm.barrier0
      scf.if %first {
        nvvm.setmaxregister increase 64
      } else {
        nvvm.setmaxregister decrease 64
      }
      %v = arith.index_cast %t : index to i32
      memref.store %v, %out[%t] : memref<256xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %o = gpu.alloc () : memref<256xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%o : memref<256xi32>)
    %r = memref.alloc() : memref<256xi32>
    gpu.memcpy %r, %o : memref<256xi32>, memref<256xi32>
    %u = memref.cast %r : memref<256xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
