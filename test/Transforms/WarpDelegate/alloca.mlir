// RUN: wc-opt %s --wc-delegate -verify-diagnostics | FileCheck %s

// A workgroup buffer allocated in the body (not an attribution) is also
// given one slice per agent, allocated once per hyper-CTA before the agents
// split, and the agent syncs its lanes between jobs, which reuse the slice.
// CHECK-LABEL: gpu.func @k
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[W:.*]] = arith.divui %[[TID]], %c32
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<4x32xi32, #gpu.address_space<workgroup>>
// CHECK: wc.job_loop
// CHECK: memref.store %{{.*}}, %[[BUF]][%[[W]], %{{.*}}] : memref<4x32xi32, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[BUF]][%[[W]], %{{.*}}] : memref<4x32xi32, #gpu.address_space<workgroup>>
// CHECK: wc.warp_sync
// CHECK-NEXT: }
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-delegate: persistent agents: hyper-CTAs of 4 warps, 8 per SM, at most 4224 agents, static schedule, x-major, 512 bytes of workgroup memory per hyper-CTA}}
    gpu.func @k(%a: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %buf = memref.alloca() : memref<32xi32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<?xi32>
      memref.store %x, %buf[%t] : memref<32xi32, #gpu.address_space<workgroup>>
      %c31 = arith.constant 31 : index
      %m = arith.subi %c31, %t : index
      %y = memref.load %buf[%m] : memref<32xi32, #gpu.address_space<workgroup>>
      memref.store %y, %a[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @h(%a: memref<?xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @m::@k blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<?xi32>)
    return
  }
}
