// RUN: not wc-sim %s 2>&1 | FileCheck %s
// RUN: not wc-sim --entry=view_main %s 2>&1 | FileCheck %s --check-prefix=VIEW
// RUN: wc-sim --entry=aligned_main %s | FileCheck %s --check-prefix=ALIGNED
// The GPU faults on an access whose address is not a multiple of what it
// claims: a 16-byte vector load said to be aligned to 16 at element 1 of a
// workgroup buffer (the lowering emits ld.shared.v4 for it), and an i32
// element of a view at byte offset 2 of a byte buffer. The simulator
// reports both at the op; the same load at element 4 is fine.
// CHECK: misaligned.mlir:[[# @LINE + 16]]:{{[0-9]+}}: error: [block (0, 0, 0) warp 0 lane 0] misaligned vector access: 16 bytes said to be aligned to 16 at element 1 of 'workgroup attribution #2', a buffer aligned to 16 bytes (the GPU faults on it)
// VIEW: error: [block (0, 0, 0) warp 0 lane 0] misaligned access: element 0 of workgroup memory
// ALIGNED: [4,  5,  6,  7]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @load(%out: memref<4xf32>, %at: index)
        workgroup(%buf: memref<64xf32, #gpu.address_space<workgroup>>)
        kernel {
      %t = gpu.thread_id x
      %f = arith.index_cast %t : index to i32
      %v = arith.sitofp %f : i32 to f32
      memref.store %v, %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c0 = arith.constant 0 : index
      %is0 = arith.cmpi eq, %t, %c0 : index
      scf.if %is0 {
        %w = vector.load %buf[%at] {alignment = 16} : memref<64xf32, #gpu.address_space<workgroup>>, vector<4xf32>
        vector.store %w, %out[%c0] : memref<4xf32>, vector<4xf32>
      }
      gpu.return
    }
    gpu.func @view(%out: memref<1xi32>)
        workgroup(%bytes: memref<64xi8, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %v = memref.view %bytes[%c2][] : memref<64xi8, #gpu.address_space<workgroup>> to memref<4xi32, #gpu.address_space<workgroup>>
      %x = arith.constant 7 : i32
      memref.store %x, %v[%c0] : memref<4xi32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
  func.func @run(%at: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %d = gpu.alloc () : memref<4xf32>
    gpu.launch_func @k::@load blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<4xf32>, %at : index)
    %h = memref.alloc() : memref<4xf32>
    gpu.memcpy %h, %d : memref<4xf32>, memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    call @run(%c1) : (index) -> ()
    return
  }
  func.func @aligned_main() {
    %c4 = arith.constant 4 : index
    call @run(%c4) : (index) -> ()
    return
  }
  func.func @view_main() {
    %c1 = arith.constant 1 : index
    %d = gpu.alloc () : memref<1xi32>
    gpu.launch_func @k::@view blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%d : memref<1xi32>)
    return
  }
}
