// A piece under tx / 2 == 0: the condition is not linear in the thread id
// (a review found it taken as always true).
// RUN: wc-sim %s | sed 1d > %t.ref
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | sed 1d | diff %t.ref -
// RUN: wc-opt %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: wc-async-copy: no tile copies: a copy's condition is not linear in one thread id
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%src: memref<8x16xi32>, %out: memref<8x16xi32>)
        workgroup(%tile: memref<8x16xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %m1 = arith.constant -1 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %tx8 = arith.addi %tx, %c8 : index
      memref.store %m1, %tile[%ty, %tx8] : memref<8x16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %src[%ty, %tx] : memref<8x16xi32>
      memref.store %v, %tile[%ty, %tx] : memref<8x16xi32, #gpu.address_space<workgroup>>
      %h = arith.divui %tx, %c2 : index
      %first = arith.cmpi eq, %h, %c0 : index
      scf.if %first {
        %p = memref.load %src[%ty, %tx8] : memref<8x16xi32>
        memref.store %p, %tile[%ty, %tx8] : memref<8x16xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %a = memref.load %tile[%ty, %tx] : memref<8x16xi32, #gpu.address_space<workgroup>>
      %b = memref.load %tile[%ty, %tx8] : memref<8x16xi32, #gpu.address_space<workgroup>>
      memref.store %a, %out[%ty, %tx] : memref<8x16xi32>
      memref.store %b, %out[%ty, %tx8] : memref<8x16xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c100 = arith.constant 100 : index
    %host = memref.alloc() : memref<8x16xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %a = arith.muli %i, %c100 : index
        %b = arith.addi %a, %j : index
        %v = arith.index_cast %b : index to i32
        memref.store %v, %host[%i, %j] : memref<8x16xi32>
      }
    }
    %dev = gpu.alloc () : memref<8x16xi32>
    gpu.memcpy %dev, %host : memref<8x16xi32>, memref<8x16xi32>
    %out = gpu.alloc () : memref<8x16xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c8, %c8, %c1)
        args(%dev : memref<8x16xi32>, %out : memref<8x16xi32>)
    %r = memref.alloc() : memref<8x16xi32>
    gpu.memcpy %r, %out : memref<8x16xi32>, memref<8x16xi32>
    %u = memref.cast %r : memref<8x16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
