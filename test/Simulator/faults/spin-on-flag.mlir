// RUN: not wc-sim --max-steps=100000 %s 2>&1 | FileCheck %s
// A kernel that spins on a flag only another launch would set (two kernels
// meant to run concurrently) ends at the step limit, naming the block and
// warp that wait.
// CHECK: error: [block (0, 0, 0) warp 0 lanes 0,{{.*}}] step limit reached: 100000 operations executed
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wait(%flag: memref<1xi32>) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      scf.while : () -> () {
        %f = memref.load %flag[%c0] : memref<1xi32>
        %unset = arith.cmpi eq, %f, %zero : i32
        scf.condition(%unset)
      } do {
        scf.yield
      }
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %flag = gpu.alloc () : memref<1xi32>
    gpu.launch_func @kernels::@wait blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%flag : memref<1xi32>)
    return
  }
}
