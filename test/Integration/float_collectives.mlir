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

// Collectives on floating-point values of 16, 32 and 64 bits: values are
// small integers and halves, so every order of summation is exact and the
// simulator, the lowered program and the GPU must agree bit for bit.
// Lane l holds x = (l mod 5) - 1.5.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @floats(%out: memref<6x32xf32>) kernel {
      %t = gpu.thread_id x
      %l = arith.index_cast %t : index to i32
      %c5 = arith.constant 5 : i32
      %m = arith.remui %l, %c5 : i32
      %mf = arith.sitofp %m : i32 to f32
      %half = arith.constant 1.5 : f32
      %x = arith.subf %mf, %half : f32
      %r0 = wc.scan inclusive add %x : f32
      %r1 = wc.scan exclusive maxnumf %x : f32
      %h = arith.truncf %x : f32 to f16
      %hs = wc.reduce add %h cluster(size = 8, stride = 1) : f16
      %r2 = arith.extf %hs : f16 to f32
      %d = arith.extf %x : f32 to f64
      %c3 = arith.constant 3 : i32
      %ds, %dv = wc.shuffle up %d, %c3 : f64
      %r3 = arith.truncf %ds : f64 to f32
      %r4 = gpu.subgroup_reduce minimumf %x : (f32) -> f32
      %b = arith.truncf %x : f32 to bf16
      %bs = gpu.subgroup_reduce add %b cluster(size = 4) : (bf16) -> bf16
      %r5 = arith.extf %bs : bf16 to f32
      %k0 = arith.constant 0 : index
      %k1 = arith.constant 1 : index
      %k2 = arith.constant 2 : index
      %k3 = arith.constant 3 : index
      %k4 = arith.constant 4 : index
      %k5 = arith.constant 5 : index
      memref.store %r0, %out[%k0, %t] : memref<6x32xf32>
      memref.store %r1, %out[%k1, %t] : memref<6x32xf32>
      memref.store %r2, %out[%k2, %t] : memref<6x32xf32>
      memref.store %r3, %out[%k3, %t] : memref<6x32xf32>
      memref.store %r4, %out[%k4, %t] : memref<6x32xf32>
      memref.store %r5, %out[%k5, %t] : memref<6x32xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %h = memref.alloc() : memref<6x32xf32>
    %d = gpu.alloc () : memref<6x32xf32>
    gpu.launch_func @kernels::@floats blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<6x32xf32>)
    gpu.memcpy %h, %d : memref<6x32xf32>, memref<6x32xf32>
    %u = memref.cast %h : memref<6x32xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}

// Rows: inclusive add scan, exclusive maxnumf scan (lane 0: the -NaN
// identity), f16 sums of 8 lanes, f64 up 3, minimumf, bf16 sums of 4.
// CHECK: sizes = [6, 32]
// CHECK-NEXT: {{\[\[}}-1.5,   -2,   -1.5,   0,   2.5,   1,   0.5,   1,   2.5,   5,   3.5,   3,   3.5,   5,   7.5,   6,   5.5,   6,   7.5,   10,   8.5,   8,   8.5,   10,   12.5,   11,   10.5,   11,   12.5,   15,   13.5,   13],
// CHECK-NEXT: [-nan,   -1.5,   -0.5,   0.5,   1.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5,   2.5],
// CHECK-NEXT: [1,   1,   1,   1,   1,   1,   1,   1,   5,   5,   5,   5,   5,   5,   5,   5,   4,   4,   4,   4,   4,   4,   4,   4,   3,   3,   3,   3,   3,   3,   3,   3],
// CHECK-NEXT: [-1.5,   -0.5,   0.5,   -1.5,   -0.5,   0.5,   1.5,   2.5,   -1.5,   -0.5,   0.5,   1.5,   2.5,   -1.5,   -0.5,   0.5,   1.5,   2.5,   -1.5,   -0.5,   0.5,   1.5,   2.5,   -1.5,   -0.5,   0.5,   1.5,   2.5,   -1.5,   -0.5,   0.5,   1.5],
// CHECK-NEXT: [-1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5,   -1.5],
// CHECK-NEXT: [0,   0,   0,   0,   1,   1,   1,   1,   2,   2,   2,   2,   3,   3,   3,   3,   4,   4,   4,   4,   0,   0,   0,   0,   1,   1,   1,   1,   2,   2,   2,   2{{\]\]}}
