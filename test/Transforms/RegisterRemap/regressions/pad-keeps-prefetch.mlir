// A tile loop whose tiles, doubled to copy the next one during this one,
// just fit the 48 KiB beside a large buffer: wc-remap does not pad them
// (two of each padded tile would not fit), as wc-consolidate does not
// (a review found wc-remap padded them and the copy ahead lost).
// RUN: wc-opt %s --wc-aggregate --wc-remap --wc-async-copy -o /dev/null 2>&1 | FileCheck %s
// RUN: wc-opt %s --wc-consolidate -o /dev/null 2>&1 | FileCheck %s
// RUN: wc-sim %s | sed 1d > %t.ref
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-remap,wc-async-copy)' | sed 1d | diff %t.ref -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate)' | sed 1d | diff %t.ref -
// CHECK-NOT: padded to
// CHECK: workgroup buffers not padded against bank conflicts: two of each padded tile would keep the tile loop from copying its next tile during this one
// CHECK-NOT: padded to
// CHECK: remark: wc-async-copy: 1 tile loops copy the next tile during this one
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scores(%q: memref<?x?xi32>, %kt: memref<?x?xi32>, %s: memref<?x?xi32>, %d: index)
        workgroup(%tileQ: memref<16x16xi32, #gpu.address_space<workgroup>>, %tileK: memref<16x16xi32, #gpu.address_space<workgroup>>, %big: memref<11264xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %rowBase = arith.muli %by, %c16 : index
      %row = arith.addi %rowBase, %ty : index
      %colBase = arith.muli %bx, %c16 : index
      %col = arith.addi %colBase, %tx : index
      %krow = arith.addi %colBase, %ty : index
      %tiles = arith.divui %d, %c16 : index

      %sum = scf.for %t = %c0 to %tiles step %c1 iter_args(%acc = %zero) -> (i32) {
        %base = arith.muli %t, %c16 : index
        %dc = arith.addi %base, %tx : index
        %qv = memref.load %q[%row, %dc] : memref<?x?xi32>
        memref.store %qv, %tileQ[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
        %kv = memref.load %kt[%krow, %dc] : memref<?x?xi32>
        memref.store %kv, %tileK[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %part = scf.for %kk = %c0 to %c16 step %c1 iter_args(%sa = %acc) -> (i32) {
          %qe = memref.load %tileQ[%ty, %kk] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %ke = memref.load %tileK[%tx, %kk] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %p = arith.muli %qe, %ke : i32
          %ns = arith.addi %sa, %p : i32
          scf.yield %ns : i32
        }
        gpu.barrier
        scf.yield %part : i32
      }
      %l0 = arith.muli %ty, %c16 : index
      %lin = arith.addi %l0, %tx : index
      memref.store %sum, %big[%lin] : memref<11264xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c255 = arith.constant 255 : index
      %o = arith.subi %c255, %lin : index
      %nb = memref.load %big[%o] : memref<11264xi32, #gpu.address_space<workgroup>>
      %r = arith.addi %sum, %nb : i32
      memref.store %r, %s[%row, %col] : memref<?x?xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c13 = arith.constant 13 : index
    %c97 = arith.constant 97 : index
    %c7919 = arith.constant 7919 : index
    %m = arith.constant 32 : index
    %d = arith.constant 48 : index
    %c50 = arith.constant 48 : i32
    %c6 = arith.constant 6 : i32
    %zero32 = arith.constant 0 : i32
    %h_q = memref.alloc(%m, %d) : memref<?x?xi32>
    %h_k = memref.alloc(%m, %d) : memref<?x?xi32>
    %h_s = memref.alloc(%m, %m) : memref<?x?xi32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %d step %c1 {
        %g0 = arith.muli %i, %d : index
        %g = arith.addi %g0, %j : index
        %a0 = arith.muli %g, %c7919 : index
        %a1 = arith.addi %a0, %c13 : index
        %a3 = arith.remui %a1, %c97 : index
        %a4 = arith.index_cast %a3 : index to i32
        %v = arith.subi %a4, %c50 : i32
        %qv = arith.addi %v, %zero32 : i32

        memref.store %qv, %h_q[%i, %j] : memref<?x?xi32>
        %b1 = arith.addi %a0, %c97 : index
        %b3 = arith.remui %b1, %c13 : index
        %b4 = arith.index_cast %b3 : index to i32
        %w = arith.subi %b4, %c6 : i32
        %kv = arith.addi %w, %zero32 : i32

        memref.store %kv, %h_k[%i, %j] : memref<?x?xi32>
      }
    }
    %d_q = gpu.alloc (%m, %d) : memref<?x?xi32>
    %d_k = gpu.alloc (%m, %d) : memref<?x?xi32>
    %d_s = gpu.alloc (%m, %m) : memref<?x?xi32>
    gpu.memcpy %d_q, %h_q : memref<?x?xi32>, memref<?x?xi32>
    gpu.memcpy %d_k, %h_k : memref<?x?xi32>, memref<?x?xi32>
    gpu.launch_func @kernels::@scores blocks in (%c2, %c2, %c1) threads in (%c16, %c16, %c1)
        args(%d_q : memref<?x?xi32>, %d_k : memref<?x?xi32>, %d_s : memref<?x?xi32>, %d : index)
    gpu.memcpy %h_s, %d_s : memref<?x?xi32>, memref<?x?xi32>
    %u = memref.cast %h_s : memref<?x?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
