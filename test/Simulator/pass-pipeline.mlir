// The pipeline given to wc-sim runs before the simulation: a pass that
// fails on the kernel module proves it ran there.
// RUN: not wc-sim %s --pass-pipeline='builtin.module(gpu.module(convert-wc-to-nvvm{chip=sm_42}))' 2>&1 | FileCheck %s --check-prefix=RAN
// RAN: error: convert-wc-to-nvvm: unknown chip 'sm_42'
// The wc pipelines are registered in wc-sim as in wc-opt (its target check
// runs first here).
// RUN: not wc-sim %s --pass-pipeline='builtin.module(wc-pipeline{chip=sm_42})' 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: error: unknown chip 'sm_42' (known:
// RUN: not wc-sim %s --pass-pipeline='gpu.module(canonicalize)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: wc-sim: the pass pipeline must be anchored on builtin.module
// RUN: wc-sim %s --pass-pipeline='builtin.module(gpu.module(convert-wc-to-nvvm))' | FileCheck %s
// CHECK: [7]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<1xi32>) kernel {
      %c0 = arith.constant 0 : index
      %v = arith.constant 7 : i32
      %r = wc.reduce maxsi %v : i32
      memref.store %r, %out[%c0] : memref<1xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %h = memref.alloc() : memref<1xi32>
    %d = gpu.alloc () : memref<1xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%d : memref<1xi32>)
    gpu.memcpy %h, %d : memref<1xi32>, memref<1xi32>
    %u = memref.cast %h : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
