// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// Each thread keeps its id in a private attribution across a barrier and
// stores it back: every thread must print its own id, whatever the stages
// do (wc-aggregate leaves such a kernel unchanged: its virtual threads would
// share one private copy per lane).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @keep(%out: memref<64xi32>)
        workgroup(%w: memref<64xi32, #gpu.address_space<workgroup>>)
        private(%p: memref<1xi32, #gpu.address_space<private>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c63 = arith.constant 63 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %p[%c0] : memref<1xi32, #gpu.address_space<private>>
      memref.store %ti, %w[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %p[%c0] : memref<1xi32, #gpu.address_space<private>>
      %m = arith.subi %c63, %t : index
      %x = memref.load %w[%m] : memref<64xi32, #gpu.address_space<workgroup>>
      %c63i = arith.constant 63 : i32
      %y = arith.subi %c63i, %x : i32
      %s = arith.addi %v, %y : i32
      %c1i = arith.constant 1 : i32
      %h = arith.shrui %s, %c1i : i32
      memref.store %h, %out[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %h = memref.alloc() : memref<64xi32>
    %d = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@keep blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<64xi32>)
    gpu.memcpy %h, %d : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// out[t] = (t + (63 - (63 - t))) / 2 = t.
// CHECK: sizes = [64] strides = [1] data =
// CHECK-NEXT: [0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  32,  33,  34,  35,  36,  37,  38,  39,  40,  41,  42,  43,  44,  45,  46,  47,  48,  49,  50,  51,  52,  53,  54,  55,  56,  57,  58,  59,  60,  61,  62,  63]
