// RUN: wc-sim --resident-blocks=2 %s | FileCheck %s
// RUN: wc-sim --resident-blocks=4 --schedule-seed=7 %s | FileCheck %s
// RUN: not wc-sim --max-steps=200000 %s 2>&1 | FileCheck %s --check-prefix=ALONE
// Resident blocks run interleaved: block 0 waits (an atomic read and a
// nanosleep per round) for a flag that block 1 sets, as blocks that are on
// the GPU at the same time can. Run one after the other (the default),
// block 0 waits for good and the run ends at the step limit.
// CHECK: [42, 1]
// ALONE: error: [block (0, 0, 0) warp 0 lanes 0{{.*}}] step limit reached
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @handoff(%flag: memref<2xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %v = arith.constant 42 : i32
      %sleep = arith.constant 100 : i32
      %b = gpu.block_id x
      %first = arith.cmpi eq, %b, %c0 : index
      scf.if %first {
        scf.while : () -> () {
          %f = memref.atomic_rmw ori %zero, %flag[%c1] : (i32, memref<2xi32>) -> i32
          %unset = arith.cmpi eq, %f, %zero : i32
          scf.condition(%unset)
        } do {
          nvvm.nanosleep %sleep
          scf.yield
        }
        %t = gpu.thread_id x
        %lead = arith.cmpi eq, %t, %c0 : index
        scf.if %lead {
          memref.store %v, %flag[%c0] : memref<2xi32>
        }
      } else {
        %old = memref.atomic_rmw assign %one, %flag[%c1] : (i32, memref<2xi32>) -> i32
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0 : i32
    %flag = gpu.alloc () : memref<2xi32>
    gpu.memset %flag, %zero : memref<2xi32>, i32
    gpu.launch_func @kernels::@handoff blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%flag : memref<2xi32>)
    %host = memref.alloc() : memref<2xi32>
    gpu.memcpy %host, %flag : memref<2xi32>, memref<2xi32>
    %u = memref.cast %host : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
