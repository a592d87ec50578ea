// RUN: not wc-sim %s 2>&1 | FileCheck %s
// Only warp 0 reaches the barrier; warp 1 finishes without it.
// CHECK: partial-block-barrier.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0)] barrier 0 reached by only part of the block: warps 0 wait for 64 threads, 32 arrived; warps 1 finished without reaching it
// CHECK-NEXT: gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %low = arith.cmpi ult, %t, %c32 : index
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
