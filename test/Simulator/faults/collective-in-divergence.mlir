// RUN: not wc-sim %s 2>&1 | FileCheck %s
// A full-warp vote (default mask) reached by only half of the warp.
// CHECK: collective-in-divergence.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0) warp 0 lanes 16,{{.*}},31] wc.vote names lanes that are not executing it (listed)
// CHECK-NEXT: %b = wc.vote ballot %p -> i32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      %c16 = arith.constant 16 : index
      %low = arith.cmpi ult, %t, %c16 : index
      scf.if %low {
        %c8 = arith.constant 8 : index
        %p = arith.cmpi ult, %t, %c8 : index
        %b = wc.vote ballot %p -> i32
        memref.store %b, %buf[%t] : memref<64xi32>
      }
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
