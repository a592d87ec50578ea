// RUN: wc-opt %s --wc-vectorize -split-input-file -verify-diagnostics | FileCheck %s
// Loops wc-vectorize leaves scalar, each with its remark at the loop, and
// the widths of other element sizes (16 bytes per access).

// CHECK-LABEL: gpu.func @refused
// CHECK-NOT: vector.
// CHECK: gpu.return
gpu.module @kernels {
  gpu.func @refused(%in: memref<?xf32>, %out: memref<?xf32>, %h: memref<?xf16>,
                    %n: memref<?xi32>, %const: memref<8xf32, 4>)
      workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %base = arith.muli %t, %c8 : index
    // Fewer iterations than elements per access: not a candidate.
    scf.for %j = %c0 to %c2 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<?xf32>
      memref.store %x, %out[%i] : memref<?xf32>
    }
    // A load after a store: the next element may be the one stored.
    // expected-remark @+1 {{wc-vectorize: loop left scalar: it loads global memory after it stores global memory}}
    scf.for %j = %c0 to %c8 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<?xf32>
      memref.store %x, %out[%i] : memref<?xf32>
      %y = memref.load %in[%i] : memref<?xf32>
      memref.store %y, %tile[%j] : memref<64xf32, #gpu.address_space<workgroup>>
    }
    // Every other element.
    // expected-remark @+1 {{wc-vectorize: loop left scalar: an access of global memory is not at the induction variable plus a loop-invariant value in its last index}}
    scf.for %j = %c0 to %c8 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<?xf32>
      %k = arith.muli %j, %c2 : index
      memref.store %x, %out[%k] : memref<?xf32>
    }
    // expected-remark @+1 {{wc-vectorize: loop left scalar: its body has 'memref.atomic_rmw', which has side effects}}
    scf.for %j = %c0 to %c8 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<?xf32>
      %r = memref.atomic_rmw addi %one, %n[%c0] : (i32, memref<?xi32>) -> i32
      memref.store %x, %out[%i] : memref<?xf32>
    }
    // Workgroup memory loaded and stored: the loads stay scalar, in
    // program order, which stores made once per step would not keep.
    // expected-remark @+1 {{wc-vectorize: loop left scalar: it loads and stores workgroup memory}}
    scf.for %j = %c0 to %c8 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<?xf32>
      %y = memref.load %tile[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      %z = arith.addf %x, %y : f32
      memref.store %z, %tile[%j] : memref<64xf32, #gpu.address_space<workgroup>>
    }
    // A store of workgroup memory at every other element.
    // expected-remark @+1 {{wc-vectorize: loop left scalar: an access of workgroup memory is not at the induction variable plus a loop-invariant value in its last index}}
    scf.for %j = %c0 to %c8 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<?xf32>
      %k = arith.muli %j, %c2 : index
      memref.store %x, %tile[%k] : memref<64xf32, #gpu.address_space<workgroup>>
    }
    // Memory of another address space (private, by its number).
    // expected-remark @+1 {{wc-vectorize: loop left scalar: it accesses memory of another address space}}
    scf.for %j = %c0 to %c8 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<?xf32>
      memref.store %x, %const[%j] : memref<8xf32, 4>
    }
    // expected-remark @+1 {{wc-vectorize: loop left scalar: its accesses are of elements of different or unsupported sizes}}
    scf.for %j = %c0 to %c8 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<?xf32>
      %y = arith.truncf %x : f32 to f16
      memref.store %y, %h[%i] : memref<?xf16>
    }
    // A grid-stride loop and a loop of a run-time trip count: not
    // candidates, no remark.
    %n0 = memref.dim %in, %c0 : memref<?xf32>
    scf.for %i = %t to %n0 step %c8 {
      %x = memref.load %in[%i] : memref<?xf32>
      memref.store %x, %out[%i] : memref<?xf32>
    }
    scf.for %j = %c0 to %n0 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<?xf32>
      memref.store %x, %out[%i] : memref<?xf32>
    }
    gpu.return
  }
}

// -----

// Eight halves or two 64-bit integers per access; 6 floats: one step of
// 4, then the last 2 one by one.
// CHECK-LABEL: gpu.func @widths
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<?xf16>, vector<8xf16>
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?xi64>, vector<2xi64>
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<?xi64>, vector<2xi64>
// CHECK: scf.if
// CHECK: scf.for %[[J:.*]] = %c0 to %c4{{.*}} step %c4
// CHECK: vector.load %{{.*}} : memref<?xf32>, vector<4xf32>
// CHECK: vector.store %{{.*}} : memref<?xf32>, vector<4xf32>
// CHECK: scf.for %{{.*}} = %c4{{.*}} to %c6 step %c1
// CHECK: memref.load %{{.*}} : memref<?xf32>
// CHECK: memref.store %{{.*}} : memref<?xf32>
// CHECK: } else {
gpu.module @kernels {
  // expected-remark @+1 {{wc-vectorize: 3 loops over consecutive elements per thread made 16-byte accesses (3 loads, 3 stores)}}
  gpu.func @widths(%h: memref<?xf16>, %l: memref<?xi64>, %f: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %c16 = arith.constant 16 : index
    %t = gpu.thread_id x
    %base = arith.muli %t, %c16 : index
    scf.for %j = %c0 to %c16 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %h[%i] : memref<?xf16>
      %y = arith.addf %x, %x : f16
      memref.store %y, %h[%i] : memref<?xf16>
    }
    scf.for %j = %c0 to %c16 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %l[%i] : memref<?xi64>
      %y = arith.addi %x, %x : i64
      memref.store %y, %l[%i] : memref<?xi64>
    }
    scf.for %j = %c0 to %c6 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %f[%i] : memref<?xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %f[%i] : memref<?xf32>
    }
    gpu.return
  }
}

// -----

// A thread's row of a tile copied into workgroup memory (a convolution's
// input tile, one pixel's channels per thread): the stores of workgroup
// memory are made 16 bytes at a time too, under the same test.
// CHECK-LABEL: gpu.func @tile_copy
// CHECK: scf.if
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK: vector.store %{{.*}} {alignment = 16 : i64} : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: } else {
gpu.module @kernels {
  // expected-remark @+1 {{wc-vectorize: 1 loops over consecutive elements per thread made 16-byte accesses (1 loads, 1 stores)}}
  gpu.func @tile_copy(%in: memref<?xf32>, %out: memref<?xf32>)
      workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %t = gpu.thread_id x
    %base = arith.muli %t, %c4 : index
    scf.for %j = %c0 to %c4 step %c1 {
      %i = arith.addi %base, %j : index
      %x = memref.load %in[%i] : memref<?xf32>
      memref.store %x, %tile[%i] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %x = memref.load %tile[%t] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %x, %out[%t] : memref<?xf32>
    gpu.return
  }
}
