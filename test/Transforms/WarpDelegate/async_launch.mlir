// RUN: wc-opt %s -split-input-file --wc-delegate=schedule=dynamic -verify-diagnostics | FileCheck %s
// RUN: wc-opt %s -split-input-file --wc-delegate 2>&1 >/dev/null | FileCheck %s --check-prefix=STATIC

// The dynamic schedule's ticket counters are a buffer of the launch site,
// freed at the host function's return. An asynchronous launch whose token
// the function returns may still run then: the kernel is left unchanged.
// The static schedule adds no buffer and delegates it.
// CHECK-LABEL: gpu.func @returned
// CHECK-NOT: wc.job_loop
// CHECK-LABEL: func.func @h_returned
// CHECK-NOT: gpu.alloc
// STATIC: remark: wc-delegate: persistent agents: {{.*}} static schedule
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: the launch at}}
    gpu.func @returned(%a: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<?xi32>
      %y = arith.addi %x, %x : i32
      memref.store %y, %a[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @h_returned(%a: memref<?xi32>, %n: index) -> !gpu.async.token {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @m::@returned blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<?xi32>)
    return %t1 : !gpu.async.token
  }
}

// -----

// Waited for by a synchronous gpu.wait in its block, the launch keeps its
// counters until the kernel is done: delegated with the dynamic schedule.
// CHECK-LABEL: gpu.func @waited
// CHECK: wc.job_loop {{.*}} schedule dynamic
// CHECK-LABEL: func.func @h_waited
// CHECK: gpu.alloc
// CHECK: gpu.launch_func async
// CHECK-NEXT: gpu.wait [%
// CHECK-NEXT: gpu.dealloc
// STATIC: remark: wc-delegate: persistent agents: {{.*}} static schedule
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-delegate: persistent agents}}
    gpu.func @waited(%a: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<?xi32>
      %y = arith.addi %x, %x : i32
      memref.store %y, %a[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @h_waited(%a: memref<?xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @m::@waited blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<?xi32>)
    gpu.wait [%t1]
    return
  }
}

// -----

// A launch in a host scf.parallel, whose iterations may run at once, would
// share the site's counters between launches in flight: left unchanged
// with the dynamic schedule.
// CHECK-LABEL: gpu.func @parallel
// CHECK-NOT: wc.job_loop
// STATIC: remark: wc-delegate: persistent agents: {{.*}} static schedule
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-delegate: kernel left unchanged: the launch at}}
    gpu.func @parallel(%a: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<?xi32>
      %y = arith.addi %x, %x : i32
      memref.store %y, %a[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @h_parallel(%a: memref<?xi32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      gpu.launch_func @m::@parallel blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : memref<?xi32>)
      scf.reduce
    }
    return
  }
}
