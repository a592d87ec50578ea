// RUN: not wc-sim %s 2>&1 | FileCheck %s
// The most negative i64 divided by -1 overflows: arith and LLVM leave it
// undefined, so the run ends with an error at the op (it used to kill the
// simulator with SIGFPE). The i32 case is the same error, on a device lane.
// CHECK: signed-division-overflow.mlir:[[# @LINE + 13]]:{{[0-9]+}}: error: [block (0, 0, 0) warp 0 lane 3] signed integer division overflow (the most negative value divided by -1 is undefined)
// HOST: signed-division-overflow.mlir:[[# @LINE + 27]]:{{[0-9]+}}: error: signed integer division overflow
// RUN: not wc-sim %s --entry=host 2>&1 | FileCheck %s --check-prefix=HOST
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<32xi32>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %c3 = arith.constant 3 : i32
      %min = arith.constant -2147483648 : i32
      %is3 = arith.cmpi eq, %ti, %c3 : i32
      %d = arith.select %is3, %min, %ti : i32
      %m1 = arith.constant -1 : i32
      %q = arith.floordivsi %d, %m1 : i32
      memref.store %q, %out[%t] : memref<32xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %d = gpu.alloc () : memref<32xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%d : memref<32xi32>)
    return
  }
  func.func @host() {
    %a = arith.constant -9223372036854775808 : i64
    %b = arith.constant -1 : i64
    %r = arith.remsi %a, %b : i64
    return
  }
}
