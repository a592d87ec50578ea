// RUN: not wc-sim %s 2>&1 | FileCheck %s
// Every lane writes the same workgroup element.
// CHECK: write-write-race.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0) warp 0 lane 1] data race on workgroup memory {{.*}} element 0: write by thread 1 and earlier write by thread 0
// CHECK-NEXT: memref.store %ti, %tile[%c0]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %c0 = arith.constant 0 : index
      memref.store %ti, %tile[%c0] : memref<64xi32, #gpu.address_space<workgroup>>
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
