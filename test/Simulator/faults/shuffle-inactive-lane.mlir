// RUN: not wc-sim %s 2>&1 | FileCheck %s
// A shuffle among the active lanes 0..15 reads lane 16, which is inactive.
// CHECK: shuffle-inactive-lane.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0) warp 0 lane 15] shuffle reads inactive lane 16
// CHECK-NEXT: %r, %ok = wc.shuffle down %ti, %one width 32 mask %m : i32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      %c16 = arith.constant 16 : index
      %low = arith.cmpi ult, %t, %c16 : index
      scf.if %low {
        %ti = arith.index_cast %t : index to i32
        %m = arith.constant 65535 : i32
        %one = arith.constant 1 : i32
        %r, %ok = wc.shuffle down %ti, %one width 32 mask %m : i32
        memref.store %r, %buf[%t] : memref<64xi32>
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
