// RUN: not wc-sim %s 2>&1 | FileCheck %s
// An op the simulator does not implement is named at its location.
// CHECK: unsupported-op.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0) warp 0] unsupported operation 'math.atan' in the simulator
// CHECK-NEXT: %a = math.atan %f : f32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      %a = math.atan %f : f32
      %r = arith.fptosi %a : f32 to i32
      memref.store %r, %buf[%t] : memref<64xi32>
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
