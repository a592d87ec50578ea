// RUN: not wc-sim %s 2>&1 | FileCheck %s
// A barrier inside a branch only half of a warp takes.
// CHECK: divergent-barrier.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0) warp 0 lanes 16,17,{{.*}},31] barrier reached by part of a warp: these lanes diverged away from it
// CHECK-NEXT: gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      %c16 = arith.constant 16 : index
      %low = arith.cmpi ult, %t, %c16 : index
      scf.if %low {
        gpu.barrier
      }
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %n = arith.constant 64 : index
    %d = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
        args(%d : memref<64xi32>)
    return
  }
}
