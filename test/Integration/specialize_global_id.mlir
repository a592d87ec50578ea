// RUN: wc-sim %s > %t.original
// RUN: FileCheck %s < %t.original
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize)' | diff %t.original -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{producer-warps=2 stages=3})' | diff %t.original -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{aggregate-consumers=1})' | diff %t.original -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{aggregate-consumers=1 producer-warps=2 stages=3},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | diff %t.original -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate)' | diff %t.original -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | diff %t.original -

// A tile loop whose copy indexes the input with gpu.global_id: after
// wc-specialize (a block of consumer and producer warps, in x) and
// wc-aggregate (one warp per block), global ids are the original block's
// (block id x the original block size + the thread id); both once used the
// new block size.
// Found by a review that generated 131 tile-loop kernels; every pipeline
// must print what the program prints as written.
// CHECK: {{\[}}11105,  10472,  11190,  7656,  8176,  12846,  16380,  4979,
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%in: memref<?xi32>, %out: memref<?xi32>, %n: index, %nt: index)
        workgroup(%tile: memref<65xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %cB = arith.constant 64 : index
      %z = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %blk = arith.muli %bx, %cB : index
      %cBX = arith.constant 64 : index
      %lin0 = arith.muli %ty, %cBX : index
      %lin = arith.addi %lin0, %tx : index

      %res = scf.for %t = %c0 to %nt step %c1 iter_args(%acc = %z) -> (i32) {
        %tb = arith.muli %t, %cB : index
        %tb2 = arith.addi %tb, %tb : index
        %base = arith.addi %tb2, %blk : index
        %g = arith.addi %base, %lin : index
        %gix = gpu.global_id x
        %e = arith.addi %tb2, %gix : index
        %v = memref.load %in[%e] : memref<?xi32>
        memref.store %v, %tile[%lin] : memref<65xi32, #gpu.address_space<workgroup>>
        %isR = arith.cmpi eq, %lin, %c0 : index
        scf.if %isR {
          %e2 = arith.addi %base, %cB : index
          %v2 = memref.load %in[%e2] : memref<?xi32>
          %cBl = arith.constant 64 : index
          memref.store %v2, %tile[%cBl] : memref<65xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %a = memref.load %tile[%lin] : memref<65xi32, #gpu.address_space<workgroup>>
        %lin1 = arith.addi %lin, %c1 : index
        %b = memref.load %tile[%lin1] : memref<65xi32, #gpu.address_space<workgroup>>
        %b2 = arith.muli %b, %b : i32
        %ab = arith.addi %a, %b2 : i32
        %acc2 = arith.addi %acc, %ab : i32
        gpu.barrier
        scf.yield %acc2 : i32
      }
      %gid = arith.addi %blk, %lin : index
      memref.store %res, %out[%gid] : memref<?xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %c101 = arith.constant 101 : index
    %cB = arith.constant 64 : index
    %cBY = arith.constant 1 : index
    %nin = arith.constant 4096 : index
    %nout = arith.constant 128 : index
    %nn = arith.constant 1000 : index
    %ntt = arith.constant 3 : index
    %h_in = memref.alloc(%nin) : memref<?xi32>
    %h_out = memref.alloc(%nout) : memref<?xi32>
    scf.for %i = %c0 to %nin step %c1 {
      %a = arith.muli %i, %c7 : index
      %i2 = arith.muli %i, %i : index
      %s = arith.addi %a, %i2 : index
      %m = arith.remui %s, %c101 : index
      %v = arith.index_cast %m : index to i32
      memref.store %v, %h_in[%i] : memref<?xi32>
    }
    %d_in = gpu.alloc (%nin) : memref<?xi32>
    %d_out = gpu.alloc (%nout) : memref<?xi32>
    gpu.memcpy %d_in, %h_in : memref<?xi32>, memref<?xi32>
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1) threads in (%cB, %cBY, %c1)
        args(%d_in : memref<?xi32>, %d_out : memref<?xi32>, %nn : index, %ntt : index)
    gpu.memcpy %h_out, %d_out : memref<?xi32>, memref<?xi32>
    %u = memref.cast %h_out : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
