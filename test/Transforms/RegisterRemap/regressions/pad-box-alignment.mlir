// A tile with a halo, copied whole by 8-byte cp.async (a box), read down
// its columns: bank padding keeps its rows a multiple of 8 bytes, which
// the box copy needs (a review found it padded to 34x11, which left the
// tile to the registers and its loop without the copy ahead).
// RUN: wc-opt %s --wc-aggregate --wc-remap --wc-async-copy -o /dev/null 2>&1 | FileCheck %s
// RUN: wc-sim %s | sed 1d > %t.ref
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-remap,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | sed 1d | diff %t.ref -
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate)' | sed 1d | diff %t.ref -
// CHECK-NOT: padded to
// CHECK: remark: wc-async-copy: 1 tiles copied whole by cp.async of 8 bytes
// CHECK: remark: wc-async-copy: 1 tile loops copy the next tile during this one
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @windows(%src: memref<2x66x18xi32>, %out: memref<64x16xi32>)
        workgroup(%tile: memref<34x10xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 8, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c6 = arith.constant 6 : index
      %c8 = arith.constant 8 : index
      %c30 = arith.constant 30 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %row0 = arith.muli %bx, %c32 : index
      %col0 = arith.muli %by, %c8 : index
      %r = arith.addi %row0, %tx : index
      %c = arith.addi %col0, %ty : index
      %sum = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %src[%k, %r, %c] : memref<2x66x18xi32>
        memref.store %v, %tile[%tx, %ty] : memref<34x10xi32, #gpu.address_space<workgroup>>
        %right = arith.cmpi sge, %ty, %c6 : index
        %bottom = arith.cmpi sge, %tx, %c30 : index
        scf.if %right {
          %c2r = arith.addi %c, %c2 : index
          %ty2 = arith.addi %ty, %c2 : index
          %vr = memref.load %src[%k, %r, %c2r] : memref<2x66x18xi32>
          memref.store %vr, %tile[%tx, %ty2] : memref<34x10xi32, #gpu.address_space<workgroup>>
        }
        scf.if %bottom {
          %r2 = arith.addi %r, %c2 : index
          %tx2 = arith.addi %tx, %c2 : index
          %vb = memref.load %src[%k, %r2, %c] : memref<2x66x18xi32>
          memref.store %vb, %tile[%tx2, %ty] : memref<34x10xi32, #gpu.address_space<workgroup>>
        }
        %corner = arith.andi %right, %bottom : i1
        scf.if %corner {
          %r2 = arith.addi %r, %c2 : index
          %c2r = arith.addi %c, %c2 : index
          %tx2 = arith.addi %tx, %c2 : index
          %ty2 = arith.addi %ty, %c2 : index
          %vc = memref.load %src[%k, %r2, %c2r] : memref<2x66x18xi32>
          memref.store %vc, %tile[%tx2, %ty2] : memref<34x10xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %rows = scf.for %i = %c0 to %c2 step %c1 iter_args(%ra = %acc) -> (i32) {
          %cols = scf.for %j = %c0 to %c2 step %c1 iter_args(%ca = %ra) -> (i32) {
            %ti = arith.addi %tx, %i : index
            %tj = arith.addi %ty, %j : index
            %t = memref.load %tile[%ti, %tj] : memref<34x10xi32, #gpu.address_space<workgroup>>
            %s = arith.addi %ca, %t : i32
            scf.yield %s : i32
          }
          scf.yield %cols : i32
        }
        gpu.barrier
        scf.yield %rows : i32
      }
      memref.store %sum, %out[%r, %c] : memref<64x16xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c66 = arith.constant 66 : index
    %c18 = arith.constant 18 : index
    %c100 = arith.constant 100 : index
    %c1000 = arith.constant 1000 : index
    %host = memref.alloc() : memref<2x66x18xi32>
    scf.for %k = %c0 to %c2 step %c1 {
      scf.for %i = %c0 to %c66 step %c1 {
        scf.for %j = %c0 to %c18 step %c1 {
          %a = arith.muli %i, %c100 : index
          %b = arith.addi %a, %j : index
          %p = arith.muli %k, %c1000 : index
          %e = arith.addi %b, %p : index
          %v = arith.index_cast %e : index to i32
          memref.store %v, %host[%k, %i, %j] : memref<2x66x18xi32>
        }
      }
    }
    %dev = gpu.alloc () : memref<2x66x18xi32>
    gpu.memcpy %dev, %host : memref<2x66x18xi32>, memref<2x66x18xi32>
    %out = gpu.alloc () : memref<64x16xi32>
    gpu.launch_func @kernels::@windows blocks in (%c2, %c2, %c1) threads in (%c32, %c8, %c1)
        args(%dev : memref<2x66x18xi32>, %out : memref<64x16xi32>)
    %r = memref.alloc() : memref<64x16xi32>
    gpu.memcpy %r, %out : memref<64x16xi32>, memref<64x16xi32>
    %u = memref.cast %r : memref<64x16xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
