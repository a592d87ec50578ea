// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// gpu.subgroup_reduce and wc.reduce of several kinds, whole-warp and
// clustered, over 2 warps. Lane l of warp w holds x = (7 l + 3 w) mod 11 - 3.
// Row k, column t: the result of reduction k in thread t.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reduce(%out: memref<9x64xi32>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %c32 = arith.constant 32 : i32
      %c7 = arith.constant 7 : i32
      %c3 = arith.constant 3 : i32
      %c11 = arith.constant 11 : i32
      %l = arith.remui %ti, %c32 : i32
      %w = arith.divui %ti, %c32 : i32
      %a = arith.muli %l, %c7 : i32
      %b = arith.muli %w, %c3 : i32
      %ab = arith.addi %a, %b : i32
      %m = arith.remui %ab, %c11 : i32
      %x = arith.subi %m, %c3 : i32
      %f = arith.sitofp %x : i32 to f32
      %r0 = gpu.subgroup_reduce add %x : (i32) -> i32
      %r1 = gpu.subgroup_reduce minsi %x : (i32) -> i32
      %r2 = gpu.subgroup_reduce maxui %x : (i32) -> i32
      %r3 = gpu.subgroup_reduce xor %x cluster(size = 4) : (i32) -> i32
      %r4 = gpu.subgroup_reduce add %x cluster(size = 8, stride = 2) : (i32) -> i32
      %fr = gpu.subgroup_reduce add %f : (f32) -> f32
      %r5 = arith.fptosi %fr : f32 to i32
      %fm = wc.reduce maxnumf %f : f32
      %r6 = arith.fptosi %fm : f32 to i32
      %r7 = wc.reduce mul %x cluster(size = 2, stride = 16) : i32
      %x64 = arith.extsi %x : i32 to i64
      %s64 = wc.reduce or %x64 : i64
      %r8 = arith.trunci %s64 : i64 to i32
      %k0 = arith.constant 0 : index
      %k1 = arith.constant 1 : index
      %k2 = arith.constant 2 : index
      %k3 = arith.constant 3 : index
      %k4 = arith.constant 4 : index
      %k5 = arith.constant 5 : index
      %k6 = arith.constant 6 : index
      %k7 = arith.constant 7 : index
      %k8 = arith.constant 8 : index
      memref.store %r0, %out[%k0, %t] : memref<9x64xi32>
      memref.store %r1, %out[%k1, %t] : memref<9x64xi32>
      memref.store %r2, %out[%k2, %t] : memref<9x64xi32>
      memref.store %r3, %out[%k3, %t] : memref<9x64xi32>
      memref.store %r4, %out[%k4, %t] : memref<9x64xi32>
      memref.store %r5, %out[%k5, %t] : memref<9x64xi32>
      memref.store %r6, %out[%k6, %t] : memref<9x64xi32>
      memref.store %r7, %out[%k7, %t] : memref<9x64xi32>
      memref.store %r8, %out[%k8, %t] : memref<9x64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %h = memref.alloc() : memref<9x64xi32>
    %d = gpu.alloc () : memref<9x64xi32>
    gpu.launch_func @kernels::@reduce blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<9x64xi32>)
    gpu.memcpy %h, %d : memref<9x64xi32>, memref<9x64xi32>
    %u = memref.cast %h : memref<9x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// Rows: add, minsi, maxui, xor in clusters of 4, add in clusters of 8
// lanes 2 apart, f32 add, wc maxnumf, wc mul in pairs 16 apart, i64 or.
// CHECK: sizes = [9, 64]
// CHECK-NEXT: {{\[\[}}65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62],
// CHECK-NEXT: [-3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3,   -3],
// CHECK-NEXT: [-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1],
// CHECK-NEXT: [-2,   -2,   -2,   -2,   -8,   -8,   -8,   -8,   7,   7,   7,   7,   0,   0,   0,   0,   5,   5,   5,   5,   -3,   -3,   -3,   -3,   -5,   -5,   -5,   -5,   -1,   -1,   -1,   -1,   -5,   -5,   -5,   -5,   -1,   -1,   -1,   -1,   -8,   -8,   -8,   -8,   -3,   -3,   -3,   -3,   -8,   -8,   -8,   -8,   -2,   -2,   -2,   -2,   -8,   -8,   -8,   -8,   7,   7,   7,   7],
// CHECK-NEXT: [16,   17,   16,   17,   16,   17,   16,   17,   16,   17,   16,   17,   16,   17,   16,   17,   10,   22,   10,   22,   10,   22,   10,   22,   10,   22,   10,   22,   10,   22,   10,   22,   18,   19,   18,   19,   18,   19,   18,   19,   18,   19,   18,   19,   18,   19,   18,   19,   12,   13,   12,   13,   12,   13,   12,   13,   12,   13,   12,   13,   12,   13,   12,   13],
// CHECK-NEXT: [65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   65,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62,   62],
// CHECK-NEXT: [7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7,   7],
// CHECK-NEXT: [3,   24,   0,   -14,   15,   -1,   -18,   8,   0,   35,   3,   3,   24,   0,   -14,   15,   3,   24,   0,   -14,   15,   -1,   -18,   8,   0,   35,   3,   3,   24,   0,   -14,   15,   0,   -14,   15,   -1,   -18,   8,   0,   35,   3,   3,   24,   0,   -14,   15,   -1,   -18,   0,   -14,   15,   -1,   -18,   8,   0,   35,   3,   3,   24,   0,   -14,   15,   -1,   -18],
// CHECK-NEXT: [-1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1,   -1{{\]\]}}
