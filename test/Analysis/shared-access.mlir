// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-test-shared-access -o /dev/null 2>&1 | FileCheck %s

// A tree reduction over 128 threads, coarsened to 4 virtual threads per
// lane: the stride is a warp-uniform symbol (the loop computes it at warp
// level), the partner index is tid + stride.
// CHECK: remark: wc-aggregate: coarsened: one warp per 128-thread block, 4 virtual threads per lane, 3 phases
// CHECK: remark: buffer 0 store index d0 (own 0)
// CHECK: remark: buffer 0 load index d0 (own 0)
// CHECK: remark: buffer 0 load index d0 + s0 (uniform-offset)
// CHECK: remark: buffer 0 store index d0 (own 0)
// CHECK: remark: buffer 0 load index 0 (uniform)
// CHECK: remark: buffer 0: 5 accesses, static, stores own
module attributes {gpu.container_module} {
  gpu.module @tree {
    gpu.func @sum(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%tree: memref<128xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xi32>
      memref.store %x, %tree[%t] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %l = %c0 to %c7 step %c1 {
        %s = arith.shrui %c64, %l : index
        %on = arith.cmpi ult, %t, %s : index
        scf.if %on {
          %p = arith.addi %t, %s : index
          %a = memref.load %tree[%t] : memref<128xi32, #gpu.address_space<workgroup>>
          %b = memref.load %tree[%p] : memref<128xi32, #gpu.address_space<workgroup>>
          %r = arith.addi %a, %b : i32
          memref.store %r, %tree[%t] : memref<128xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %v = memref.load %tree[%c0] : memref<128xi32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%c0] : memref<?xi32>
      }
      gpu.return
    }
  }
}

// -----

// A 2-D tile (16 x 8 threads, rows padded to 17): neighbours in x and y linearise row-major,
// constant offsets fold in; a histogram bin read from memory is refused.
// Under the default layout the padded rows make the tile store foreign
// (another lane's element): it needs a layout of its own.
// CHECK: remark: wc-aggregate: coarsened: one warp per 128-thread block, 4 virtual threads per lane, 2 phases
// CHECK: remark: buffer 0 store index d1 * 17 + d0 (other)
// CHECK: remark: buffer 0 load index d1 * 17 + d0 + 1 (other)
// CHECK: remark: buffer 0 load index (d1 + 1) * 17 + d0 (other)
// CHECK: remark: buffer 0: 3 accesses, static, a store writes another lane's element
// CHECK: shared-access.mlir:[[@LINE+18]]:7: note: this store
// CHECK: remark: buffer 1 store not affine: index computed at run time by 'memref.load'
// CHECK: remark: buffer 1 load index (d1 * 16 + d0) mod 32 (other)
// CHECK: remark: buffer 1: 2 accesses, not static, a store writes another lane's element
module attributes {gpu.container_module} {
  gpu.module @stencil {
    gpu.func @k(%in: memref<?xf32>, %bins: memref<?xindex>, %out: memref<?xf32>)
        workgroup(%tile: memref<9x17xf32, #gpu.address_space<workgroup>>,
                  %hist: memref<32xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 16, 8, 1>} {
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c31 = arith.constant 31 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %lin0 = arith.muli %ty, %c16 : index
      %lin = arith.addi %lin0, %tx : index
      %x = memref.load %in[%lin] : memref<?xf32>
      memref.store %x, %tile[%ty, %tx] : memref<9x17xf32, #gpu.address_space<workgroup>>
      %bin = memref.load %bins[%lin] : memref<?xindex>
      memref.store %x, %hist[%bin] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %txe = arith.addi %tx, %c1 : index
      %tys = arith.addi %ty, %c1 : index
      %e = memref.load %tile[%ty, %txe] : memref<9x17xf32, #gpu.address_space<workgroup>>
      %s = memref.load %tile[%tys, %tx] : memref<9x17xf32, #gpu.address_space<workgroup>>
      %lane = arith.andi %lin, %c31 : index
      %h = memref.load %hist[%lane] : memref<32xf32, #gpu.address_space<workgroup>>
      %sum0 = arith.addf %e, %s : f32
      %sum = arith.addf %sum0, %h : f32
      memref.store %sum, %out[%lin] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// 1-D neighbour exchange over 64 threads (2 virtual threads per lane):
// offsets that are multiples of 32 stay in the lane, others shift;
// a constant index is the same element for every thread; `t xor m` is a
// butterfly (m = 32: the lane's other slot), other xor patterns are not
// classified; a clamp selects between two elements.
// CHECK: remark: wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases
// CHECK: remark: buffer 0 store index d0 (own 0)
// CHECK: remark: buffer 0 load index d0 + 32 (own 32)
// CHECK: remark: buffer 0 load index d0 + 1 (shift 1)
// CHECK: remark: buffer 0 load index d0 - 1 (shift -1)
// CHECK: remark: buffer 0 load index d0 + 33 (shift 33)
// CHECK: remark: buffer 0 load index 5 (uniform)
// CHECK: remark: buffer 0 load index (d0) xor 4 (butterfly 4)
// CHECK: remark: buffer 0 load index (d0) xor 32 (butterfly 32)
// CHECK: remark: buffer 0 load index (d0 + 1) xor 1 (other)
// CHECK: remark: buffer 0 load index d0 (own 0) or d0 - 1 (shift -1)
// CHECK: remark: buffer 0: 10 accesses, static, stores own
module attributes {gpu.container_module} {
  gpu.module @shift {
    gpu.func @k(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%buf: memref<128xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c32 = arith.constant 32 : index
      %c33 = arith.constant 33 : index
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<?xf32>
      memref.store %x, %buf[%t] : memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %i0 = arith.addi %t, %c32 : index
      %i1 = arith.addi %t, %c1 : index
      %i2 = arith.subi %t, %c1 : index
      %i3 = arith.addi %c33, %t : index
      %a = memref.load %buf[%i0] : memref<128xf32, #gpu.address_space<workgroup>>
      %b = memref.load %buf[%i1] : memref<128xf32, #gpu.address_space<workgroup>>
      %c = memref.load %buf[%i2] : memref<128xf32, #gpu.address_space<workgroup>>
      %d = memref.load %buf[%i3] : memref<128xf32, #gpu.address_space<workgroup>>
      %e = memref.load %buf[%c5] : memref<128xf32, #gpu.address_space<workgroup>>
      %s0 = arith.addf %a, %b : f32
      %s1 = arith.addf %s0, %c : f32
      %s2 = arith.addf %s1, %d : f32
      %c4 = arith.constant 4 : index
      %x4 = arith.xori %t, %c4 : index
      %f = memref.load %buf[%x4] : memref<128xf32, #gpu.address_space<workgroup>>
      %x32 = arith.xori %t, %c32 : index
      %g = memref.load %buf[%x32] : memref<128xf32, #gpu.address_space<workgroup>>
      %x1 = arith.xori %i1, %c1 : index
      %h = memref.load %buf[%x1] : memref<128xf32, #gpu.address_space<workgroup>>
      %s3 = arith.addf %s2, %e : f32
      %s4 = arith.addf %s3, %f : f32
      %s5 = arith.addf %s4, %g : f32
      %s6 = arith.addf %s5, %h : f32
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %t, %c0 : index
      %left = arith.select %first, %t, %i2 : index
      %l = memref.load %buf[%left] : memref<128xf32, #gpu.address_space<workgroup>>
      %s7 = arith.addf %s6, %l : f32
      memref.store %s7, %out[%t] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// Producer forms: indices through affine.apply (composed with the thread
// id and a warp-uniform loop stride), affine.min / max of constants, and
// affine.delinearize_index / linearize_index of the thread id; a minimum
// of thread-dependent expressions has no affine index.
// CHECK: remark: wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane
// CHECK: remark: buffer 0 store index d0 (own 0)
// CHECK: remark: buffer 0 load index d0 + 1 (shift 1)
// CHECK: remark: buffer 0 load index d0 + s0 * 2 (uniform-offset)
// CHECK: remark: buffer 0 load index 5 (uniform)
// CHECK: remark: buffer 0 load index (d0 floordiv 8) * 8 + d0 mod 8 (own 0)
// CHECK: remark: buffer 0 load index (d0 floordiv 8) * 8 + d0 mod 8 (own 0)
// CHECK: remark: buffer 0 load not affine: index is the minimum of expressions that are not all constants
module attributes {gpu.container_module} {
  gpu.module @affine_forms {
    gpu.func @k(%out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c9 = arith.constant 9 : index
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %i = %c0 to %c4 step %c1 {
        %n = affine.apply affine_map<(d0) -> (d0 + 1)>(%t)
        %m = affine.min affine_map<(d0) -> (d0, 63)>(%n)
        %a = memref.load %buf[%n] : memref<64xi32, #gpu.address_space<workgroup>>
        %k = affine.apply affine_map<(d0)[s0] -> (d0 + s0 * 2)>(%t)[%i]
        %b = memref.load %buf[%k] : memref<64xi32, #gpu.address_space<workgroup>>
        %f = affine.max affine_map<()[s0, s1] -> (s0, s1)>()[%c5, %c1]
        %c = memref.load %buf[%f] : memref<64xi32, #gpu.address_space<workgroup>>
        %rc:2 = affine.delinearize_index %t into (8, 8) : index, index
        %l = affine.linearize_index [%rc#0, %rc#1] by (8, 8) : index
        %d = memref.load %buf[%l] : memref<64xi32, #gpu.address_space<workgroup>>
        %back = affine.apply affine_map<(d0, d1) -> (d0 * 8 + d1)>(%rc#0, %rc#1)
        %e = memref.load %buf[%back] : memref<64xi32, #gpu.address_space<workgroup>>
        %g = memref.load %buf[%m] : memref<64xi32, #gpu.address_space<workgroup>>
        %s1 = arith.addi %a, %b : i32
        %s2 = arith.addi %c, %d : i32
        %s3 = arith.addi %e, %g : i32
        %s4 = arith.addi %s1, %s2 : i32
        %s5 = arith.addi %s3, %s4 : i32
        memref.store %s5, %out[%t] : memref<64xi32>
      }
      gpu.return
    }
  }
}

// -----

// After --arith-int-range-narrowing: the thread id passes through i32 and
// the butterfly is an i32 xor; still a butterfly. Through i8 the index may
// wrap: not affine.
// CHECK: remark: wc-aggregate: coarsened: one warp per 64-thread block
// CHECK: remark: buffer 0 store index d0 (own 0)
// CHECK: remark: buffer 0 load index (d0) xor 32 (butterfly 32)
// CHECK: remark: buffer 0 load not affine: index passes through an integer type narrower than 32 bits
module attributes {gpu.container_module} {
  gpu.module @narrowed {
    gpu.func @k(%out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c32 = arith.constant 32 : i32
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %t32 = arith.index_castui %t : index to i32
      %x = arith.xori %t32, %c32 : i32
      %p = arith.index_castui %x : i32 to index
      %a = memref.load %buf[%p] : memref<64xi32, #gpu.address_space<workgroup>>
      %t8 = arith.index_cast %t : index to i8
      %q = arith.index_cast %t8 : i8 to index
      %b = memref.load %buf[%q] : memref<64xi32, #gpu.address_space<workgroup>>
      %s = arith.addi %a, %b : i32
      memref.store %s, %out[%t] : memref<64xi32>
      gpu.return
    }
  }
}
