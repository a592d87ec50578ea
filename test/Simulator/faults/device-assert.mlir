// RUN: not wc-sim %s 2>&1 | FileCheck %s
// A cf.assert that fails in some threads of a kernel ends the run with its
// message and the failing lanes.
// CHECK: error: [block (1, 0, 0) warp 0 lane 5] assertion failed: the value must be small
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @check(%buf: memref<64xi32>) kernel {
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c32 : index
      %i = arith.addi %base, %t : index
      %v = memref.load %buf[%i] : memref<64xi32>
      %c100 = arith.constant 100 : i32
      %small = arith.cmpi slt, %v, %c100 : i32
      cf.assert %small, "the value must be small"
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c37 = arith.constant 37 : index
    %big = arith.constant 500 : i32
    %h = memref.alloc() : memref<64xi32>
    memref.store %big, %h[%c37] : memref<64xi32>
    %d = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d, %h : memref<64xi32>, memref<64xi32>
    gpu.launch_func @kernels::@check blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<64xi32>)
    return
  }
}
