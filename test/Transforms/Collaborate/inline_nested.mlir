// RUN: wc-opt %s --wc-collaborate -verify-diagnostics | FileCheck %s
// RUN: wc-opt %s --wc-aggregate -o /dev/null 2>&1 | FileCheck %s --check-prefix=PREPARE

// wc-collaborate outlines inline gpu.launch kernels before it rewrites
// gpu.func kernels. Upstream's outlining works on the functions of the
// module the pass runs on, not on those of a nested module: a launch left
// inline there is left unchanged, and a remark says so; the passes that
// prepare kernels with wc-prepare (here wc-aggregate) say the same.
// PREPARE: remark: wc-prepare: inline gpu.launch left unchanged: it was not outlined (run gpu-kernel-outlining on its module first)
// CHECK: module attributes {gpu.container_module}
// CHECK: gpu.launch blocks
// CHECK-NOT: gpu.func
module {
  module attributes {gpu.container_module} {
    func.func @run(%rowptr: memref<65xi32>, %vals: memref<4096xi32>, %y: memref<64xi32>) {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0 : i32
      // expected-remark @+1 {{wc-collaborate: inline gpu.launch left unchanged: it was not outlined (run gpu-kernel-outlining on its module first)}}
      gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
                 threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
        %lo32 = memref.load %rowptr[%tx] : memref<65xi32>
        %next = arith.addi %tx, %c1 : index
        %hi32 = memref.load %rowptr[%next] : memref<65xi32>
        %lo = arith.index_cast %lo32 : i32 to index
        %hi = arith.index_cast %hi32 : i32 to index
        %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
          %a = memref.load %vals[%k] : memref<4096xi32>
          %sum2 = arith.addi %sum, %a : i32
          scf.yield %sum2 : i32
        }
        memref.store %s, %y[%tx] : memref<64xi32>
        gpu.terminator
      }
      return
    }
  }
}
