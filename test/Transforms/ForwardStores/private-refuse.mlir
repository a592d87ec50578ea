// RUN: wc-opt %s -split-input-file --wc-forward-stores -verify-diagnostics | FileCheck %s

// Buffers some element of which two threads may touch stay in shared
// memory (no remark: nothing changed).

// The rest of the index reaches into the next thread's block (j < 5 with
// blocks of 4).
// CHECK-LABEL: gpu.func @overlap
// CHECK-NOT: memref.alloca
// CHECK: memref.store %{{.*}}, %{{.*}} : memref<260xf32, #gpu.address_space<workgroup>>
gpu.module @m {
  gpu.func @overlap(%in: memref<260xf32>, %out: memref<260xf32>)
      workgroup(%row: memref<260xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %t = gpu.thread_id x
    %base = arith.muli %t, %c4 : index
    scf.for %j = %c0 to %c5 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<260xf32>
      memref.store %x, %row[%i] : memref<260xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %y = memref.load %row[%base] : memref<260xf32, #gpu.address_space<workgroup>>
    memref.store %y, %out[%base] : memref<260xf32>
    gpu.return
  }
}

// -----

// Threads that differ in y only share the elements (the index names x).
// CHECK-LABEL: gpu.func @unnamed_y
// CHECK-NOT: memref.alloca
gpu.module @m {
  gpu.func @unnamed_y(%in: memref<256xf32>, %out: memref<2x256xf32>)
      workgroup(%row: memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 2, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tx = gpu.thread_id x
    %ty = gpu.thread_id y
    %base = arith.muli %tx, %c4 : index
    scf.for %j = %c0 to %c4 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<256xf32>
      memref.store %x, %row[%i] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %y = memref.load %row[%base] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %y, %out[%ty, %base] : memref<2x256xf32>
    gpu.return
  }
}

// -----

// A store in blocks of 4, a load in blocks of 2: thread 1 reads thread 0's
// elements 2 and 3.
// CHECK-LABEL: gpu.func @other_blocks
// CHECK-NOT: memref.alloca
gpu.module @m {
  gpu.func @other_blocks(%in: memref<256xf32>, %out: memref<128xf32>)
      workgroup(%row: memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %t = gpu.thread_id x
    %base = arith.muli %t, %c4 : index
    scf.for %j = %c0 to %c4 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<256xf32>
      memref.store %x, %row[%i] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %half = arith.muli %t, %c2 : index
    scf.for %j = %c0 to %c2 step %c1 {
      %i = arith.addi %half, %j : index
      %y = memref.load %row[%i] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%i] : memref<128xf32>
    }
    gpu.return
  }
}

// -----

// A use that is not a load or store (a view) and a block of 128 elements
// per thread (more than registers should hold) keep their buffers.
// CHECK-LABEL: gpu.func @view_and_large
// CHECK-NOT: memref.alloca
gpu.module @m {
  gpu.func @view_and_large(%in: memref<8192xf32>, %out: memref<8192xf32>)
      workgroup(%row: memref<256xf32, #gpu.address_space<workgroup>>,
                %big: memref<8192xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %t = gpu.thread_id x
    %base = arith.muli %t, %c4 : index
    scf.for %j = %c0 to %c4 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<8192xf32>
      memref.store %x, %row[%i] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %view = memref.subview %row[0] [4] [1] : memref<256xf32, #gpu.address_space<workgroup>> to memref<4xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %wide = arith.muli %t, %c128 : index
    scf.for %j = %c0 to %c128 step %c1 {
      %i = arith.addi %wide, %j : index
      %x = memref.load %in[%i] : memref<8192xf32>
      memref.store %x, %big[%i] : memref<8192xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %y = memref.load %view[%c0] : memref<4xf32, strided<[1]>, #gpu.address_space<workgroup>>
    %z = memref.load %big[%wide] : memref<8192xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %y, %z : f32
    memref.store %s, %out[%t] : memref<8192xf32>
    gpu.return
  }
}
