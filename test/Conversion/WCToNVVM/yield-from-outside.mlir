// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(canonicalize,gpu.module(convert-wc-to-nvvm))' | FileCheck %s

// Phases whose yields canonicalization hoists out of them: the constant and
// the kernel argument are yielded from outside the phase, by every virtual
// thread of a 40-thread block (the second group partial). The lowered kernel
// prints what the wc ops print on the simulator.
// CHECK: sizes = [40]
// CHECK-NEXT: [7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  32,  33,  34,  35,  36,  37,  38,  39,  40,  41,  42,  43,  44,  45,  46]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<40xi32>, %s: i32)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      wc.warp_job block [40, 1, 1] virtual_threads 2 {
        %r:2 = wc.vthreads (%vt, %tx, %ty, %tz) -> vector<2xi32>, vector<2xi32> {
          %c7 = arith.constant 7 : i32
          wc.yield %c7, %s : i32, i32
        }
        wc.warp_sync
        wc.vthreads (%vt, %tx, %ty, %tz) {
          %a = vector.extract %r#0[%vt] : i32 from vector<2xi32>
          %b = vector.extract %r#1[%vt] : i32 from vector<2xi32>
          %i = arith.index_cast %tx : index to i32
          %ab = arith.muli %a, %b : i32
          %v = arith.addi %ab, %i : i32
          memref.store %v, %out[%tx] : memref<40xi32>
        }
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %one = arith.constant 1 : i32
    %h = memref.alloc() : memref<40xi32>
    %d = gpu.alloc () : memref<40xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<40xi32>, %one : i32)
    gpu.memcpy %h, %d : memref<40xi32>, memref<40xi32>
    %u = memref.cast %h : memref<40xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
