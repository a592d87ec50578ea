// RUN: not wc-sim %s 2>&1 | FileCheck %s
// RUN: wc-sim %s --no-race-detection
// Each thread reads the element of its mirror thread, in the other warp,
// with no barrier between the write and the read.
// CHECK: race-between-warps.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0) warp 1 lane 0] data race on workgroup memory 'workgroup attribution #1' element 32: write by thread 32 and earlier read by thread 31 with no barrier between them
// CHECK-NEXT: memref.store %ti, %tile[%t]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %c63 = arith.constant 63 : index
      %mirror = arith.subi %c63, %t : index
      %v = memref.load %tile[%mirror] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %v, %buf[%t] : memref<64xi32>
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
