// The lowering's optimisation level (opt-level, the O of the module's
// #nvvm.target) is LLVM's, 0 to 3; another is an error
// naming the pass and the option, before anything is compiled.
// RUN: not wc-opt %s --wc-lower-to-nvvm=opt-level=4 -o /dev/null 2>&1 | FileCheck %s --check-prefix=HIGH
// RUN: not wc-opt %s --wc-check-nvvm-target=O=-1 -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOW
// RUN: wc-opt %s --wc-lower-to-nvvm=opt-level=0 | FileCheck %s --check-prefix=ZERO
// HIGH: error: wc-check-nvvm-target: option O=4 is out of range: it must be in [0, 3]
// LOW: error: wc-check-nvvm-target: option O=-1 is out of range: it must be in [0, 3]
// ZERO: gpu.binary @kernels [#gpu.object<#nvvm.target<O = 0
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<32xi32>) kernel {
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %out[%t] : memref<32xi32>
      gpu.return
    }
  }
}
