// RUN: wc-sim %s > %t.original
// RUN: FileCheck %s < %t.original
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize)' | diff %t.original -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{producer-warps=2 stages=3})' | diff %t.original -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{aggregate-consumers=1})' | diff %t.original -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{aggregate-consumers=1 producer-warps=2 stages=3},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | diff %t.original -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate)' | diff %t.original -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | diff %t.original -

// A tile loop whose copy first stores a zero into the tile and then, for
// the threads inside the input (an edge tile), overwrites it with the
// element under a condition: the producers must keep the two stores in
// order (they once moved all plain stores after the conditions, losing the
// elements).
// Found by a review that generated 131 tile-loop kernels; every pipeline
// must print what the program prints as written.
// CHECK: {{\[}}100,  42,  89,  39,  94,  153,  115,  182,  51,  126,  104,
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%in: memref<?xi32>, %out: memref<?xi32>, %n: index, %nt: index)
        workgroup(%tile: memref<32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cB = arith.constant 32 : index
      %z = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %blk = arith.muli %bx, %cB : index
      %res = scf.for %t = %c0 to %nt step %c1 iter_args(%acc = %z) -> (i32) {
        %tb = arith.muli %t, %cB : index
        %tb2 = arith.addi %tb, %tb : index
        %base = arith.addi %tb2, %blk : index
        %g = arith.addi %base, %tx : index
        %inb = arith.cmpi ult, %g, %n : index
        memref.store %z, %tile[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
        scf.if %inb {
          %v = memref.load %in[%g] : memref<?xi32>
          memref.store %v, %tile[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %a = memref.load %tile[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
        %acc2 = arith.addi %acc, %a : i32
        gpu.barrier
        scf.yield %acc2 : i32
      }
      %gid = arith.addi %blk, %tx : index
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
    %cB = arith.constant 32 : index
    %nin = arith.constant 2048 : index
    %nout = arith.constant 64 : index
    %nn = arith.constant 100 : index
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
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1) threads in (%cB, %c1, %c1)
        args(%d_in : memref<?xi32>, %d_out : memref<?xi32>, %nn : index, %ntt : index)
    gpu.memcpy %h_out, %d_out : memref<?xi32>, memref<?xi32>
    %u = memref.cast %h_out : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
