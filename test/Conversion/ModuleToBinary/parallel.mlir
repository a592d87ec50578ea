// RUN: wc-opt %s --wc-module-to-binary=format=isa | FileCheck %s
// RUN: wc-opt %s --wc-module-to-binary=format=isa --mlir-disable-threading | FileCheck %s
// RUN: wc-opt %s --wc-module-to-binary=format=isa | sed -e 's/ToISATimeInMs = [0-9]*//g' > %t.parallel
// RUN: wc-opt %s --gpu-module-to-binary=format=isa | sed -e 's/ToISATimeInMs = [0-9]*//g' > %t.upstream
// RUN: diff %t.parallel %t.upstream

// Every gpu.module becomes a gpu.binary in place, with one object per target
// (two targets: two objects), and the same text as upstream's
// gpu-module-to-binary, whether the modules are compiled in parallel or not.

// CHECK-NOT: gpu.module
// CHECK: gpu.binary @first [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">
// CHECK-SAME: .entry first_kernel
// CHECK-SAME: #gpu.object<#nvvm.target<chip = "sm_80", features = "+ptx80">
// CHECK-SAME: .target sm_80
// CHECK: func.func @host
// CHECK: gpu.binary @second [#gpu.object<#nvvm.target<chip = "sm_90", features = "+ptx80">
// CHECK-SAME: .entry second_kernel
// CHECK-SAME: ld.param
// CHECK: gpu.binary @third {{.*}}.entry third_kernel
// CHECK-NOT: gpu.module

module attributes {gpu.container_module} {
  gpu.module @first [#nvvm.target<chip = "sm_90", features = "+ptx80">,
                     #nvvm.target<chip = "sm_80", features = "+ptx80">] {
    llvm.func @first_kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  func.func @host() {
    return
  }
  gpu.module @second [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.func @second_kernel(%p: !llvm.ptr, %v: i32) attributes {gpu.kernel, nvvm.kernel} {
      llvm.store %v, %p : i32, !llvm.ptr
      llvm.return
    }
  }
  gpu.module @third [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    llvm.func @third_kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
