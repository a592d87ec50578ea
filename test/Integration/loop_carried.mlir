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

// A thread-dependent value carried by a uniform loop across two barriers
// per iteration: after aggregation it lives per virtual thread in the
// loop's carried vector. Thread t adds its mirror thread's value 4 times.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%buf: memref<64xi32>) workgroup(%t: memref<64xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c63 = arith.constant 63 : index
      %tid = gpu.thread_id x
      %m = arith.subi %c63, %tid : index
      %x = memref.load %buf[%tid] : memref<64xi32>
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> (i32) {
        memref.store %acc, %t[%tid] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %y = memref.load %t[%m] : memref<64xi32, #gpu.address_space<workgroup>>
        %z = arith.addi %acc, %y : i32
        gpu.barrier
        scf.yield %z : i32
      }
      memref.store %r, %buf[%tid] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %h = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<64xi32>
    }
    %d = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d, %h : memref<64xi32>, memref<64xi32>
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%d : memref<64xi32>)
    gpu.memcpy %h, %d : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [64]
// CHECK-NEXT: [504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504,  504]
