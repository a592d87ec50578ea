// RUN: wc-opt %s --wc-module-to-binary=format=isa -split-input-file -verify-diagnostics
// RUN: not wc-opt %s --split-input-file --wc-module-to-binary=format=ptx 2>&1 | FileCheck %s --check-prefix=FORMAT

// A module without a target cannot be compiled: an error at the module, in
// both the sequential and the parallel case (more than one module).

module attributes {gpu.container_module} {
  // expected-error@+1 {{the module has no target attributes}}
  gpu.module @untargeted {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @fine [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  // expected-error@+1 {{the module has no target attributes}}
  gpu.module @untargeted {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// FORMAT: error: unknown format 'ptx' (known: isa, bin, fatbin, llvm)
module attributes {gpu.container_module} {
}
