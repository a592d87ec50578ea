// RUN: wc-opt %s --wc-aggregate-atomics=per-block=0 -verify-diagnostics | FileCheck %s

// Additions in device code become warp-aggregated (per block, the default
// where it applies: per-block.mlir), and, or, minima and maxima too
// (wc.aggregated_atomic_rmw); other kinds and widths, and host code, are
// left alone. Run before and after on wc-sim in
// test/Integration/aggregated_atomics.mlir.

// CHECK-LABEL: gpu.func @kernel
// CHECK: wc.aggregated_atomic_add %{{.*}}, %{{.*}}[%{{.*}}] : memref<8xi32, #gpu.address_space<workgroup>>
// CHECK: wc.aggregated_atomic_add %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi64>
// CHECK: memref.atomic_rmw addi %{{.*}} : (i16, memref<?xi16>) -> i16
// CHECK: memref.atomic_rmw addf %{{.*}} : (f64, memref<?xf64>) -> f64
// CHECK: memref.atomic_rmw addf %{{.*}} : (f32, memref<?xf32>) -> f32
// CHECK: wc.aggregated_atomic_rmw or %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi32>
// CHECK: wc.aggregated_atomic_rmw minui %{{.*}}, %{{.*}}[%{{.*}}] : memref<?xi64>
// CHECK: memref.atomic_rmw muli
// CHECK: memref.atomic_rmw xori
// CHECK: memref.atomic_rmw maxs %{{.*}} : (i16, memref<?xi16>) -> i16
// CHECK-LABEL: func.func @host
// CHECK: memref.atomic_rmw addi
// CHECK: gpu.launch
// CHECK: wc.aggregated_atomic_add
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-aggregate-atomics: 4 atomics aggregated per warp and address}}
    gpu.func @kernel(%a: memref<?xi64>, %b: memref<?xi16>, %c: memref<?xf64>,
                     %d: memref<?xf32>, %e: memref<?xi32>, %i: index)
        workgroup(%bins: memref<8xi32, #gpu.address_space<workgroup>>) kernel {
      %one = arith.constant 1 : i32
      %one64 = arith.constant 1 : i64
      %one16 = arith.constant 1 : i16
      %h = arith.constant 0.5 : f64
      %f = arith.constant 0.5 : f32
      %0 = memref.atomic_rmw addi %one, %bins[%i] : (i32, memref<8xi32, #gpu.address_space<workgroup>>) -> i32
      %1 = memref.atomic_rmw addi %one64, %a[%i] : (i64, memref<?xi64>) -> i64
      // expected-remark @+1 {{wc-aggregate-atomics: left unchanged: only 32- and 64-bit integer additions are aggregated}}
      %2 = memref.atomic_rmw addi %one16, %b[%i] : (i16, memref<?xi16>) -> i16
      // expected-remark @+1 {{wc-aggregate-atomics: left unchanged: only 32-bit float additions are aggregated}}
      %3 = memref.atomic_rmw addf %h, %c[%i] : (f64, memref<?xf64>) -> f64
      // expected-remark @+1 {{wc-aggregate-atomics: left unchanged: a float addition would be reassociated (the group's values summed before they reach memory); allow it with reassociate-floats}}
      %4 = memref.atomic_rmw addf %f, %d[%i] : (f32, memref<?xf32>) -> f32
      %5 = memref.atomic_rmw ori %one, %e[%i] : (i32, memref<?xi32>) -> i32
      %7 = memref.atomic_rmw minu %one64, %a[%i] : (i64, memref<?xi64>) -> i64
      // expected-remark @+1 {{wc-aggregate-atomics: left unchanged: 'muli' is not aggregated, only additions, and, or, min and max are}}
      %6 = memref.atomic_rmw muli %one, %e[%i] : (i32, memref<?xi32>) -> i32
      // expected-remark @+1 {{wc-aggregate-atomics: left unchanged: 'xori' is not aggregated, only additions, and, or, min and max are}}
      %8 = memref.atomic_rmw xori %one, %e[%i] : (i32, memref<?xi32>) -> i32
      // expected-remark @+1 {{wc-aggregate-atomics: left unchanged: 'maxs' is aggregated on 32- and 64-bit integers only}}
      %9 = memref.atomic_rmw maxs %one16, %b[%i] : (i16, memref<?xi16>) -> i16
      gpu.return
    }
  }
  func.func @host(%a: memref<?xi32>, %i: index) {
    %one = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %0 = memref.atomic_rmw addi %one, %a[%i] : (i32, memref<?xi32>) -> i32
    // expected-remark @+1 {{wc-aggregate-atomics: 1 atomic aggregated per warp and address}}
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
      %1 = memref.atomic_rmw addi %one, %a[%tx] : (i32, memref<?xi32>) -> i32
      gpu.terminator
    }
    return
  }
}
