// wc-lower-to-nvvm compiles each gpu.module for the chip of its
// #nvvm.target, and nothing else (upstream's attach step would add an sm_90
// object beside it); a module without target gets sm_90, or the chip of
// the options.
// RUN: wc-opt %s --wc-lower-to-nvvm | FileCheck %s
// RUN: wc-opt %s --wc-lower-to-nvvm | %extract-ptx | FileCheck %s --check-prefix=PTX
// RUN: wc-opt %s --wc-lower-to-nvvm="chip=sm_75" | FileCheck %s --check-prefix=CHIP75

// CHECK: gpu.binary @t4  [#gpu.object<#nvvm.target<chip = "sm_75", features = "+ptx80">
// CHECK-NOT: #nvvm.target<{{.*}}sm_90
// CHECK-SAME: ]
// CHECK: gpu.binary @untargeted  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">
// CHECK-SAME: ]
// CHIP75: gpu.binary @t4  [#gpu.object<#nvvm.target<chip = "sm_75"
// CHIP75: gpu.binary @untargeted  [#gpu.object<#nvvm.target<O = 3, chip = "sm_75"

// The warp reduction is lowered for the module's chip: shuffles on sm_75,
// redux.sync on sm_90.
// PTX: .target sm_75
// PTX-NOT: redux.sync
// PTX: shfl.sync.bfly
// PTX: .target sm_90
// PTX: redux.sync.max.s32

// A chip option that contradicts a module's target is an error: the module
// would be planned for one chip and compiled for another.
// RUN: not wc-opt %s --wc-lower-to-nvvm="chip=sm_90" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=CONFLICT
// RUN: not wc-opt %s --wc-pipeline="chip=sm_90" -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=CONFLICT
// CONFLICT: lowering-target.mlir:[[# @LINE + 3]]:3: error: the module's #nvvm.target<chip = "sm_75", features = "+ptx80"> differs from the options' chip=sm_90: drop the options or the target

module attributes {gpu.container_module} {
  gpu.module @t4 [#nvvm.target<chip = "sm_75", features = "+ptx80">] {
    gpu.func @k(%buf: memref<32xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<32xi32>
      %m = wc.reduce maxsi %v : i32
      memref.store %m, %buf[%t] : memref<32xi32>
      gpu.return
    }
  }
  gpu.module @untargeted {
    gpu.func @k(%buf: memref<32xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<32xi32>
      %m = wc.reduce maxsi %v : i32
      memref.store %m, %buf[%t] : memref<32xi32>
      gpu.return
    }
  }
}
