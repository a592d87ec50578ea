// RUN: not wc-sim %s 2>&1 | FileCheck %s
// RUN: wc-opt %s --wc-prepare 2>/dev/null | wc-sim - | FileCheck %s --check-prefix=PREPARED

// On a GPU every thread that reaches a memref.copy copies the whole
// buffer: here the copy of a fresh workgroup buffer (undefined contents,
// as upstream's bufferization emits for a promoted tensor.empty) races
// with thread 0's store of the initial value in the other warp's order.
// wc-sim runs the copy per thread, with its accesses in the race detector.
// wc-prepare removes such a copy; the program then prints 7 for each block.
// CHECK: error: [block (0, 0, 0) warp 0 lane 1] data race on workgroup memory {{.*}} element 0: write by thread 1 and earlier write by thread 0 with no warp sync or barrier between them
// CHECK-NEXT: memref.copy
// PREPARED: [7,  7]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @init(%out: memref<2xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %seven = arith.constant 7 : i32
      %fresh = memref.alloc() : memref<1xi32, #gpu.address_space<workgroup>>
      %acc = memref.alloc() : memref<1xi32, #gpu.address_space<workgroup>>
      memref.copy %fresh, %acc : memref<1xi32, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %first = arith.cmpi ult, %t, %c1 : index
      scf.if %first {
        memref.store %seven, %acc[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %v = memref.load %acc[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      scf.if %first {
        memref.store %v, %out[%b] : memref<2xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %d = gpu.alloc () : memref<2xi32>
    gpu.launch_func @k::@init blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1) args(%d : memref<2xi32>)
    %h = memref.alloc() : memref<2xi32>
    gpu.memcpy %h, %d : memref<2xi32>, memref<2xi32>
    %u = memref.cast %h : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
