// RUN: not wc-sim %s 2>&1 | FileCheck %s
// CHECK: division-by-zero.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0) warp 0 lane 0] integer division by zero
// CHECK-NEXT: %q = arith.divsi %c7, %ti : i32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %c7 = arith.constant 7 : i32
      %q = arith.divsi %c7, %ti : i32
      memref.store %q, %buf[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %n = arith.constant 32 : index
    %d = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
        args(%d : memref<64xi32>)
    return
  }
}
