// convert-wc-to-nvvm lowers for the chip of the gpu.module it runs on (here
// nested on each module: redux.sync on sm_80, shuffles on sm_75); run on a
// builtin.module whose gpu.modules target different chips, it cannot pick
// one and says so, unless a chip option is given (which then rules every
// module: shuffles for sm_75 in both).
// RUN: wc-opt %s --pass-pipeline='builtin.module(gpu.module(convert-wc-to-nvvm))' | FileCheck %s
// RUN: not wc-opt %s --convert-wc-to-nvvm -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=MIXED
// RUN: wc-opt %s --convert-wc-to-nvvm=chip=sm_75 | FileCheck %s --check-prefix=OPTION

// CHECK-LABEL: gpu.module @a100
// CHECK: nvvm.redux.sync max
// CHECK-LABEL: gpu.module @t4
// CHECK-NOT: nvvm.redux.sync
// CHECK: nvvm.shfl.sync bfly
// MIXED: error: convert-wc-to-nvvm: its gpu.modules target different chips (sm_80, sm_75): run it on each gpu.module, or give the chip
// OPTION-LABEL: gpu.module @a100
// OPTION-NOT: nvvm.redux.sync
// OPTION: nvvm.shfl.sync bfly
// OPTION-LABEL: gpu.module @t4
// OPTION-NOT: nvvm.redux.sync
// OPTION: nvvm.shfl.sync bfly
module attributes {gpu.container_module} {
  gpu.module @a100 [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @k(%buf: memref<32xi32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<32xi32>
      %m = wc.reduce maxsi %v : i32
      memref.store %m, %buf[%t] : memref<32xi32>
      gpu.return
    }
  }
  gpu.module @t4 [#nvvm.target<chip = "sm_75", features = "+ptx80">] {
    gpu.func @k(%buf: memref<32xi32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<32xi32>
      %m = wc.reduce maxsi %v : i32
      memref.store %m, %buf[%t] : memref<32xi32>
      gpu.return
    }
  }
}
