// Upstream's mlir-opt with wc loaded as a plugin: the dialect plugin parses
// and prints wc ops, the pass plugin runs wc's passes and pipelines, named
// in --pass-pipeline (plugin passes are registered after the command line
// is parsed, so they are not flags of their own).
// RUN: %mlir_opt %s --load-dialect-plugin=%wc_plugin --load-pass-plugin=%wc_plugin \
// RUN:   --pass-pipeline="builtin.module(wc-consolidate)" 2>/dev/null | FileCheck %s --check-prefix=CONSOLIDATE
// RUN: %mlir_opt %s --load-dialect-plugin=%wc_plugin --load-pass-plugin=%wc_plugin \
// RUN:   --pass-pipeline="builtin.module(wc-consolidate,wc-lower-to-nvvm)" 2>/dev/null | FileCheck %s --check-prefix=BINARY
// RUN: %mlir_opt %s --load-dialect-plugin=%wc_plugin --load-pass-plugin=%wc_plugin \
// RUN:   --pass-pipeline="builtin.module(wc-aggregate)" 2>/dev/null \
// RUN:   | %mlir_opt --load-dialect-plugin=%wc_plugin | FileCheck %s --check-prefix=ROUNDTRIP
// Without the dialect plugin, mlir-opt does not know wc ops.
// RUN: %mlir_opt %s --load-dialect-plugin=%wc_plugin --load-pass-plugin=%wc_plugin \
// RUN:   --pass-pipeline="builtin.module(wc-aggregate)" 2>/dev/null \
// RUN:   | not %mlir_opt 2>&1 | FileCheck %s --check-prefix=NO-DIALECT

// CONSOLIDATE-LABEL: gpu.module @kernels
// CONSOLIDATE: gpu.func @sum
// CONSOLIDATE: wc.job_loop
// CONSOLIDATE: wc.warp_job block [64, 1, 1] virtual_threads 2
// CONSOLIDATE: wc.shuffle
// CONSOLIDATE-LABEL: func.func @host
// CONSOLIDATE: gpu.launch_func @kernels::@sum

// BINARY: gpu.binary @kernels
// BINARY-NOT: gpu.module

// ROUNDTRIP: wc.warp_job block [64, 1, 1] virtual_threads 2 {
// ROUNDTRIP: wc.vthreads

// NO-DIALECT: error: Dialect `wc' not found for custom op 'wc.warp_job'

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sum(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tree: memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c64 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<?xf32>
      memref.store %x, %tree[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %l = %c0 to %c6 step %c1 {
        %s = arith.shrui %c32, %l : index
        %act = arith.cmpi ult, %t, %s : index
        scf.if %act {
          %p = arith.addi %t, %s : index
          %a = memref.load %tree[%t] : memref<64xf32, #gpu.address_space<workgroup>>
          %y = memref.load %tree[%p] : memref<64xf32, #gpu.address_space<workgroup>>
          %z = arith.addf %a, %y : f32
          memref.store %z, %tree[%t] : memref<64xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %r = memref.load %tree[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
        memref.store %r, %out[%b] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @host(%in: memref<?xf32>, %out: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %blocks = arith.constant 100000 : index
    gpu.launch_func @kernels::@sum blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}
