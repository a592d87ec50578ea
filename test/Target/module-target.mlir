// The wc passes plan each gpu.module for the chip of its #nvvm.target,
// without any chip option; a module without a target is planned for sm_90;
// a chip option overrides the IR.
// RUN: wc-opt %s --wc-aggregate --wc-delegate -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=IR
// RUN: wc-opt %s --wc-aggregate --wc-delegate=chip=sm_90 -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=OVERRIDE
// RUN: wc-opt %s --wc-consolidate -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=CONSOLIDATE

// sm_80 (A100): 108 SMs x 8 hyper-CTAs of 4 warps; sm_75 (T4): 40 SMs, 32
// warp slots (16 agents per SM, 4 hyper-CTAs); sm_90: 132 SMs.
// IR: module-target.mlir:[[# @LINE + 10]]:5: remark: wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 3456 agents
// IR: module-target.mlir:[[# @LINE + 20]]:5: remark: wc-delegate: persistent agents: hyper-CTAs of 4 warps, 4 per SM, at most 640 agents
// IR: module-target.mlir:[[# @LINE + 30]]:5: remark: wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents
// OVERRIDE-COUNT-3: remark: wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents
// The cost model's resident agents follow the module's chip too.
// CONSOLIDATE: module-target.mlir:[[# @LINE + 5]]:5: remark: wc-consolidate: not delegated: at most 1000 jobs per launch, no more than the 3456 agents delegation keeps resident (8 hyper-CTAs of 4 warps per SM of sm_80)
// CONSOLIDATE: module-target.mlir:[[# @LINE + 15]]:5: remark: wc-consolidate: delegate with the static schedule: up to 1000 jobs per launch over 640 resident agents
// CONSOLIDATE: module-target.mlir:[[# @LINE + 25]]:5: remark: wc-consolidate: not delegated: at most 1000 jobs per launch, no more than the 4224 agents delegation keeps resident (8 hyper-CTAs of 4 warps per SM of sm_90)
module attributes {gpu.container_module} {
  gpu.module @a100 [#nvvm.target<chip = "sm_80", features = "+ptx80">] {
    gpu.func @k(%buf: memref<?xf32>) workgroup(%tile : memref<32xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<?xf32>
      memref.store %v, %tile[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %w, %buf[%t] : memref<?xf32>
      gpu.return
    }
  }
  gpu.module @t4 [#nvvm.target<chip = "sm_75", features = "+ptx80">] {
    gpu.func @k(%buf: memref<?xf32>) workgroup(%tile : memref<32xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<?xf32>
      memref.store %v, %tile[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %w, %buf[%t] : memref<?xf32>
      gpu.return
    }
  }
  gpu.module @untargeted {
    gpu.func @k(%buf: memref<?xf32>) workgroup(%tile : memref<32xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<?xf32>
      memref.store %v, %tile[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%t] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %w, %buf[%t] : memref<?xf32>
      gpu.return
    }
  }
  func.func @host(%buf: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c1000 = arith.constant 1000 : index
    gpu.launch_func @a100::@k blocks in (%c1000, %c1, %c1) threads in (%c32, %c1, %c1) args(%buf : memref<?xf32>)
    gpu.launch_func @t4::@k blocks in (%c1000, %c1, %c1) threads in (%c32, %c1, %c1) args(%buf : memref<?xf32>)
    gpu.launch_func @untargeted::@k blocks in (%c1000, %c1, %c1) threads in (%c32, %c1, %c1) args(%buf : memref<?xf32>)
    return
  }
}
