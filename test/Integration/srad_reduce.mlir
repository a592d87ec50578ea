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

// SRAD's reduction (after Rodinia): 1000 values in 256-thread blocks, the
// last block partial (threads past the end contribute 0); an interleaved
// tree whose stride doubles in an scf.while, with a barrier per step, sums
// each block, and the squares too.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reduce(%in: memref<1000xi32>, %sums: memref<4x2xi32>)
        workgroup(%s: memref<256xi32, #gpu.address_space<workgroup>>,
                  %q: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c256 = arith.constant 256 : index
      %c1000 = arith.constant 1000 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c256 : index
      %g = arith.addi %base, %tx : index
      %inRange = arith.cmpi ult, %g, %c1000 : index
      %x = scf.if %inRange -> (i32) {
        %v = memref.load %in[%g] : memref<1000xi32>
        scf.yield %v : i32
      } else {
        scf.yield %zero : i32
      }
      %x2 = arith.muli %x, %x : i32
      memref.store %x, %s[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %x2, %q[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %final = scf.while (%stride = %c1) : (index) -> index {
        %more = arith.cmpi ult, %stride, %c256 : index
        scf.condition(%more) %stride : index
      } do {
      ^bb0(%stride: index):
        %span = arith.muli %stride, %c2 : index
        %r = arith.remui %tx, %span : index
        %on = arith.cmpi eq, %r, %c0 : index
        scf.if %on {
          %o = arith.addi %tx, %stride : index
          %a = memref.load %s[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %b = memref.load %s[%o] : memref<256xi32, #gpu.address_space<workgroup>>
          %ab = arith.addi %a, %b : i32
          memref.store %ab, %s[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %c = memref.load %q[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %d = memref.load %q[%o] : memref<256xi32, #gpu.address_space<workgroup>>
          %cd = arith.addi %c, %d : i32
          memref.store %cd, %q[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        scf.yield %span : index
      }
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        %t = memref.load %s[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
        %t2 = memref.load %q[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
        memref.store %t, %sums[%bx, %c0] : memref<4x2xi32>
        memref.store %t2, %sums[%bx, %c1] : memref<4x2xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c11 = arith.constant 11 : index
    %c256 = arith.constant 256 : index
    %c1000 = arith.constant 1000 : index
    %h_in = memref.alloc() : memref<1000xi32>
    %h_sums = memref.alloc() : memref<4x2xi32>
    scf.for %i = %c0 to %c1000 step %c1 {
      %r = arith.remui %i, %c11 : index
      %v = arith.index_cast %r : index to i32
      memref.store %v, %h_in[%i] : memref<1000xi32>
    }
    %d_in = gpu.alloc () : memref<1000xi32>
    %d_sums = gpu.alloc () : memref<4x2xi32>
    gpu.memcpy %d_in, %h_in : memref<1000xi32>, memref<1000xi32>
    gpu.launch_func @kernels::@reduce blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%d_in : memref<1000xi32>, %d_sums : memref<4x2xi32>)
    gpu.memcpy %h_sums, %d_sums : memref<4x2xi32>, memref<4x2xi32>
    %u = memref.cast %h_sums : memref<4x2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [4, 2]
// CHECK-NEXT: {{\[\[}}1268,   8860],
// CHECK-NEXT: [1277,   8905],
// CHECK-NEXT: [1286,   9004],
// CHECK-NEXT: [1164,   8166{{\]\]}}
