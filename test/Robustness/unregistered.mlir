// Ops of unregistered dialects (the way upstream's outlining and sinking
// tests are written) are unknown to every stage: the kernel is left
// unchanged with a remark naming the op, and nothing crashes.

// RUN: wc-opt %s --allow-unregistered-dialect --wc-aggregate 2>&1 >/dev/null | FileCheck %s --check-prefix=AGG
// RUN: wc-opt %s --allow-unregistered-dialect --wc-consolidate 2>&1 >/dev/null | FileCheck %s --check-prefix=AGG
// RUN: wc-opt %s --allow-unregistered-dialect --wc-aggregate --wc-remap --wc-delegate 2>&1 >/dev/null | FileCheck %s --check-prefix=AGG
// RUN: wc-opt %s --allow-unregistered-dialect --canonicalize --cse --loop-invariant-code-motion --wc-consolidate 2>&1 >/dev/null | FileCheck %s --check-prefix=AGG
// RUN: wc-opt %s --allow-unregistered-dialect --wc-consolidate 2>/dev/null | FileCheck %s --check-prefix=SAME

// AGG: remark: wc-aggregate: kernel left unchanged: it uses 'foo.value', an op of an unregistered dialect whose meaning is unknown
// AGG: remark: wc-aggregate: kernel left unchanged: it uses 'foo.use', an op of an unregistered dialect whose meaning is unknown

// A one-warp kernel with one: wc-delegate refuses it too.
// RUN: wc-opt %s --allow-unregistered-dialect --wc-delegate 2>&1 >/dev/null | FileCheck %s --check-prefix=DELEGATE
// DELEGATE: remark: wc-delegate: kernel left unchanged: it uses 'foo.scale', whose meaning delegation would change

// SAME: gpu.func @reverse
// SAME-SAME: known_block_size = array<i32: 64, 1, 1>
// SAME: "foo.value"
// SAME: gpu.barrier
// SAME: gpu.func @host_kernel
// SAME: gpu.barrier
// SAME: "foo.use"
// SAME-NOT: wc.

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @reverse(%a: memref<64xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %sh = memref.alloca() : memref<64xf32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %v = "foo.value"(%t) : (index) -> f32
      memref.store %v, %sh[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c63 = arith.constant 63 : index
      %r = arith.subi %c63, %t : index
      %w = memref.load %sh[%r] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %w, %a[%t] : memref<64xf32>
      gpu.return
    }
  }

  gpu.module @warp {
    gpu.func @scale(%a: memref<32xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<32xf32>
      %w = "foo.scale"(%v) : (f32) -> f32
      memref.store %w, %a[%t] : memref<32xf32>
      gpu.return
    }
  }

  func.func @host(%a: memref<64xf32>, %x: f32) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @m::@reverse blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<64xf32>)
    %c32 = arith.constant 32 : index
    %b = memref.subview %a[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
    %bc = memref.cast %b : memref<32xf32, strided<[1]>> to memref<32xf32>
    gpu.launch_func @warp::@scale blocks in (%c64, %c1, %c1) threads in (%c32, %c1, %c1) args(%bc : memref<32xf32>)
    %y = "foo.host"(%x) : (f32) -> f32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %sh = memref.alloca() : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %y, %sh[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %sh[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      "foo.use"(%v) : (f32) -> ()
      gpu.terminator
    }
    return
  }
}
