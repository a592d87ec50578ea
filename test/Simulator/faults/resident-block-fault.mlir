// RUN: not wc-sim --resident-blocks=2 %s 2>&1 | FileCheck %s
// With resident blocks, a fault in one block ends the run with that block's
// error, while another block waits for it (block 0 waits for a flag block 1
// would set after its out-of-bounds load): one error, no hang.
// CHECK: error: [block (1, 0, 0) warp 0 lane 0] out-of-bounds access: index [5]
// CHECK-NOT: error:
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
        %c5 = arith.constant 5 : index
        %bad = memref.load %flag[%c5] : memref<2xi32>
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
