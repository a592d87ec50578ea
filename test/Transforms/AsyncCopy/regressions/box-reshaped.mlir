// A 16 x 1 block copying a 2 x 16 tile as tile[t / 8][t mod 8]: the
// destination is not linear in the thread id (a review found it copied as
// row 0, columns 0-15).
// RUN: wc-sim %s | sed 1d > %t.ref
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | sed 1d | diff %t.ref -
// RUN: wc-opt %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: wc-async-copy: no tile copies: consecutive x threads do not copy consecutive elements
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%src: memref<2x16xi32>, %out: memref<2x16xi32>)
        workgroup(%tile: memref<2x16xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %c8 = arith.constant 8 : index
      %t = gpu.thread_id x
      %row = arith.divui %t, %c8 : index
      %col = arith.remui %t, %c8 : index
      %v = memref.load %src[%row, %col] : memref<2x16xi32>
      memref.store %v, %tile[%row, %col] : memref<2x16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%row, %col] : memref<2x16xi32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%row, %col] : memref<2x16xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c100 = arith.constant 100 : index
    %zero = arith.constant 0 : i32
    %host = memref.alloc() : memref<2x16xi32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %a = arith.muli %i, %c100 : index
        %b = arith.addi %a, %j : index
        %v = arith.index_cast %b : index to i32
        memref.store %v, %host[%i, %j] : memref<2x16xi32>
      }
    }
    %dev = gpu.alloc () : memref<2x16xi32>
    gpu.memcpy %dev, %host : memref<2x16xi32>, memref<2x16xi32>
    %out = gpu.alloc () : memref<2x16xi32>
    gpu.memset %out, %zero : memref<2x16xi32>, i32
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%dev : memref<2x16xi32>, %out : memref<2x16xi32>)
    %r = memref.alloc() : memref<2x16xi32>
    gpu.memcpy %r, %out : memref<2x16xi32>, memref<2x16xi32>
    %u = memref.cast %r : memref<2x16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
