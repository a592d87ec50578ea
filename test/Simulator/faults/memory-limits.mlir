// Allocations the simulator cannot hold end the run with an error at the
// allocating op (they used to crash it): a byte size that overflows, one
// beyond --max-memory-mb, and buffers of vector elements.
// RUN: not wc-sim %s --entry=overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not wc-sim %s --entry=beyond_limit --max-memory-mb=1 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: wc-sim %s --entry=beyond_limit --max-memory-mb=2 | FileCheck %s --check-prefix=FITS
// RUN: not wc-sim %s --entry=vectors 2>&1 | FileCheck %s --check-prefix=VECTOR
// RUN: not wc-sim %s --entry=vector_view 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: not wc-sim %s --entry=device_overflow 2>&1 | FileCheck %s --check-prefix=DEVICE

// The workgroup buffers of a block are freed when it ends: 64 blocks of a
// 64 KiB buffer run in 1 MiB.
// RUN: wc-sim %s --entry=many_blocks --max-memory-mb=1 | FileCheck %s --check-prefix=BLOCKS

// OVERFLOW: error: cannot allocate 4611686018427387904 elements of 'f32': the program would hold more than the simulator's memory limit
// LIMIT: error: cannot allocate 300000 elements of 'f32': the program would hold more than the simulator's memory limit of 1048576 bytes (wc-sim --max-memory-mb)
// FITS: [7]
// VECTOR: error: buffers of 'vector<4xf32>' elements are not supported by the simulator
// VIEW: error: buffers of 'vector<2xf32>' elements are not supported by the simulator
// DEVICE: error: gpu.alloc of a negative or overflowing number of elements
// BLOCKS: [2016]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @big_shared(%out: memref<1xi32>) workgroup(%tile : memref<16384xf32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %f = arith.constant 1.0 : f32
      memref.store %f, %tile[%t] : memref<16384xf32, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %c0i = arith.constant 0 : index
      %is0 = arith.cmpi eq, %t, %c0 : index
      scf.if %is0 {
        %bi = arith.index_cast %b : index to i32
        %old = memref.atomic_rmw addi %bi, %out[%c0i] : (i32, memref<1xi32>) -> i32
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @overflow() {
    %m = memref.alloc() : memref<4611686018427387904xf32>
    return
  }
  func.func @beyond_limit() {
    %m = memref.alloc() : memref<300000xf32>
    %c0 = arith.constant 0 : index
    %seven = arith.constant 7 : i32
    %h = memref.alloc() : memref<1xi32>
    memref.store %seven, %h[%c0] : memref<1xi32>
    %u = memref.cast %h : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
  func.func @vectors() {
    %m = memref.alloc() : memref<4xvector<4xf32>>
    %c0 = arith.constant 0 : index
    %v = arith.constant dense<1.0> : vector<4xf32>
    memref.store %v, %m[%c0] : memref<4xvector<4xf32>>
    return
  }
  func.func @vector_view() {
    %bytes = memref.alloc() : memref<64xi8>
    %c0 = arith.constant 0 : index
    %v = memref.view %bytes[%c0][] : memref<64xi8> to memref<8xvector<2xf32>>
    return
  }
  func.func @device_overflow() {
    %n = arith.constant 4611686018427387904 : index
    %d = gpu.alloc (%n, %n) : memref<?x?xf32>
    return
  }
  func.func @many_blocks() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %d = gpu.alloc () : memref<1xi32>
    gpu.launch_func @kernels::@big_shared blocks in (%c64, %c1, %c1) threads in (%c64, %c1, %c1) args(%d : memref<1xi32>)
    %h = memref.alloc() : memref<1xi32>
    gpu.memcpy %h, %d : memref<1xi32>, memref<1xi32>
    %u = memref.cast %h : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
