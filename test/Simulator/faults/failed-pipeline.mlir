// RUN: not wc-sim %s --pass-pipeline='builtin.module(gpu.module(convert-wc-to-nvvm{chip=sm_42}))' 2>&1 | FileCheck %s
// When the pass pipeline fails, wc-sim stops there: it reports the pass's
// error only, not the missing entry function it would have run next.
// CHECK: error: convert-wc-to-nvvm: unknown chip 'sm_42'
// CHECK-NOT: no function @main
// Without the failing pass, the missing entry is what is reported.
// RUN: not wc-sim %s 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: error: no function @main with a body to run
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<1xi32>) kernel {
      gpu.return
    }
  }
}
