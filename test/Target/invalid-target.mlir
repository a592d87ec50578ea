// A module whose #nvvm.target names a chip wc does not know is an error at
// the module, for the wc passes and for the lowering; so is a module whose
// targets are not NVVM targets.
// RUN: not wc-opt %s -split-input-file --wc-consolidate -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: not wc-opt %s -split-input-file --wc-lower-to-nvvm -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=LOWER

// PASS: invalid-target.mlir:[[# @LINE + 3]]:3: error: wc-consolidate: unknown chip 'sm_100' (known: sm_90, sm_90a, sm_89, sm_86, sm_80, sm_75, sm_70); it is the chip of the module's #nvvm.target
// LOWER: invalid-target.mlir:[[# @LINE + 2]]:3: error: unknown chip 'sm_100' of the module's #nvvm.target (known: sm_90,
module attributes {gpu.container_module} {
  gpu.module @future [#nvvm.target<chip = "sm_100">] {
    gpu.func @k(%buf: memref<32xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      gpu.barrier
      gpu.return
    }
  }
}

// -----

// LOWER: invalid-target.mlir:[[# @LINE + 2]]:3: error: PTX ISA 6.0 (features '+ptx60' of the module's #nvvm.target) does not support sm_90
module attributes {gpu.container_module} {
  gpu.module @old_ptx [#nvvm.target<chip = "sm_90", features = "+ptx60">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// LOWER: invalid-target.mlir:[[# @LINE + 2]]:3: error: the module targets [#rocdl.target{{.*}}], which the NVVM lowering cannot compile for
module attributes {gpu.container_module} {
  gpu.module @amd [#rocdl.target<chip = "gfx90a">] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
