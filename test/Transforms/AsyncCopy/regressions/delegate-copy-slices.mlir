// wc-delegate after wc-async-copy: a slice per agent of a 136-byte tile
// would misalign the 16-byte copies into it (a review found them
// misaligned).
// RUN: wc-sim %s | sed 1d > %t.ref
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy{prefetch=false},wc-delegate{warps=2},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | sed 1d | diff %t.ref -
// RUN: wc-opt %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy{prefetch=false},wc-delegate{warps=2},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: wc-delegate: kernel left unchanged: a workgroup buffer of 136 bytes, which a slice per agent would leave misaligned for its copies of 16 bytes
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%src: memref<4x32xi32>, %out: memref<4x32xi32>)
        workgroup(%tile: memref<34xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c31 = arith.constant 31 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %src[%k, %tx] : memref<4x32xi32>
        memref.store %v, %tile[%tx] : memref<34xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %rx = arith.subi %c31, %tx : index
        %w = memref.load %tile[%rx] : memref<34xi32, #gpu.address_space<workgroup>>
        %n = arith.addi %acc, %w : i32
        gpu.barrier
        scf.yield %n : i32
      }
      memref.store %sum, %out[%bx, %tx] : memref<4x32xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c100 = arith.constant 100 : index
    %host = memref.alloc() : memref<4x32xi32>
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c32 step %c1 {
        %a = arith.muli %i, %c100 : index
        %b = arith.addi %a, %j : index
        %v = arith.index_cast %b : index to i32
        memref.store %v, %host[%i, %j] : memref<4x32xi32>
      }
    }
    %dev = gpu.alloc () : memref<4x32xi32>
    gpu.memcpy %dev, %host : memref<4x32xi32>, memref<4x32xi32>
    %out = gpu.alloc () : memref<4x32xi32>
    gpu.launch_func @kernels::@k blocks in (%c4, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%dev : memref<4x32xi32>, %out : memref<4x32xi32>)
    %r = memref.alloc() : memref<4x32xi32>
    gpu.memcpy %r, %out : memref<4x32xi32>, memref<4x32xi32>
    %u = memref.cast %r : memref<4x32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
