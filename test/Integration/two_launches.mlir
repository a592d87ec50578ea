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

// Two launches in a row on the same device buffer: the second sees what the
// first wrote (x -> 2x + 1, twice), and memory registered from the host is
// read directly by the kernel.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @step(%buf: memref<64xi32>, %bias: memref<64xi32>) kernel {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %i0 = arith.muli %b, %c32 : index
      %i = arith.addi %i0, %t : index
      %x = memref.load %buf[%i] : memref<64xi32>
      %k = memref.load %bias[%i] : memref<64xi32>
      %two = arith.constant 2 : i32
      %y = arith.muli %x, %two : i32
      %z = arith.addi %y, %k : i32
      memref.store %z, %buf[%i] : memref<64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1 : i32
    %h = memref.alloc() : memref<64xi32>
    %bias = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<64xi32>
      memref.store %one, %bias[%i] : memref<64xi32>
    }
    %cast = memref.cast %bias : memref<64xi32> to memref<*xi32>
    gpu.host_register %cast : memref<*xi32>
    %d = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d, %h : memref<64xi32>, memref<64xi32>
    gpu.launch_func @kernels::@step blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<64xi32>, %bias : memref<64xi32>)
    gpu.launch_func @kernels::@step blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<64xi32>, %bias : memref<64xi32>)
    gpu.memcpy %h, %d : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [64]
// CHECK-NEXT: [3,  7,  11,  15,  19,  23,  27,  31,  35,  39,  43,  47,  51,  55,  59,  63,  67,  71,  75,  79,  83,  87,  91,  95,  99,  103,  107,  111,  115,  119,  123,  127,  131,  135,  139,  143,  147,  151,  155,  159,  163,  167,  171,  175,  179,  183,  187,  191,  195,  199,  203,  207,  211,  215,  219,  223,  227,  231,  235,  239,  243,  247,  251,  255]
