// RUN: wc-opt %s -split-input-file --wc-prepare=strict=true -verify-diagnostics
// RUN: not wc-opt %s -split-input-file --wc-lower-to-nvvm 2>&1 | FileCheck %s

// A workgroup allocation that cannot become an attribution is an error in
// strict mode (and so in wc-lower-to-nvvm): the NVVM lowering would give
// each thread its own copy of a buffer the block shares.
// CHECK: error: wc-prepare: a workgroup allocation that is not a workgroup attribution of its kernel
module attributes {gpu.container_module} {
  gpu.module @dynamic {
    gpu.func @k(%n: index) kernel {
      // expected-remark @+2 {{wc-prepare: workgroup allocation left in place: it does not have a static shape and identity layout}}
      // expected-error @+1 {{wc-prepare: a workgroup allocation that is not a workgroup attribution of its kernel: the NVVM lowering would give every thread its own copy}}
      %tile = memref.alloc(%n) : memref<?xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
