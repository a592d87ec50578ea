// RUN: not wc-sim %s 2>&1 | FileCheck %s
// A thread writes past the end of a device buffer.
// CHECK: out-of-bounds.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0) warp 2 lane 0] out-of-bounds access: index [64] into a view of shape [64] of device memory
// CHECK-NEXT: memref.store %v, %buf[%t] : memref<64xi32>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      %v = arith.constant 1 : i32
      memref.store %v, %buf[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %n = arith.constant 67 : index
    %d = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
        args(%d : memref<64xi32>)
    return
  }
}
