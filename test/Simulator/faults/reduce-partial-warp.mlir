// RUN: not wc-sim %s 2>&1 | FileCheck %s
// wc.reduce needs the whole warp; a 40-thread block has lanes 8..31 of
// warp 1 missing.
// CHECK: reduce-partial-warp.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0) warp 1 lanes 8,{{.*}},31] wc.reduce needs all 32 lanes; these are inactive
// CHECK-NEXT: %s = wc.reduce add %ti : i32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %s = wc.reduce add %ti : i32
      memref.store %s, %buf[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %n = arith.constant 40 : index
    %d = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
        args(%d : memref<64xi32>)
    return
  }
}
