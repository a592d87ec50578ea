// RUN: wc-opt %s -split-input-file --wc-aggregate -verify-diagnostics | FileCheck %s
// The launch contract: a kernel launched in the module gets its launches
// rewritten; one without a launch says what launches elsewhere must use.
// RUN: wc-opt %s -split-input-file --wc-aggregate 2>&1 >/dev/null | FileCheck %s --check-prefix=CONTRACT
// CONTRACT: one warp per 128-thread block, 4 virtual threads per lane, 3 phases, 2 barriers became warp syncs{{$}}
// CONTRACT: one warp per 64-thread block, {{.*}}; no launch in this module: a launch elsewhere must use 32-thread blocks{{$}}

// A tree reduction: barriers at top level and in a uniform loop. The loop
// stays at warp level with a phase inside; barriers become warp syncs; the
// launch gets one-warp blocks and the same grid.
// CHECK-LABEL: gpu.module @tree
// CHECK: gpu.func @sum{{.*}} kernel attributes {known_block_size = array<i32: 32, 1, 1>}
// CHECK: wc.warp_job block [128, 1, 1] virtual_threads 4 {
// CHECK:   wc.vthreads (%{{.*}}, %[[TX:.*]], %{{.*}}, %{{.*}}) {
// CHECK:     memref.store %{{.*}}, %{{.*}}[%[[TX]]]
// CHECK:   }
// CHECK:   wc.warp_sync
// CHECK:   scf.for %[[L:.*]] = %c0 to %c7 step %c1 {
// CHECK:     %[[S:.*]] = arith.shrui %c64, %[[L]]
// CHECK:     wc.vthreads (%{{.*}}, %[[T2:.*]], %{{.*}}, %{{.*}}) {
// CHECK:       arith.cmpi ult, %[[T2]], %[[S]]
// CHECK:     }
// CHECK:     wc.warp_sync
// CHECK:   }
// CHECK:   wc.vthreads
// CHECK: }
// CHECK-NOT: gpu.barrier
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @tree::@sum blocks in (%arg1, %c1, %c1) threads in (%c32{{.*}}, %c1{{.*}}, %c1{{.*}})
module attributes {gpu.container_module} {
  gpu.module @tree {
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 128-thread block, 4 virtual threads per lane, 3 phases, 2 barriers became warp syncs}}
    gpu.func @sum(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%tree: memref<128xi32, #gpu.address_space<workgroup>>) kernel {
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
  func.func @host(%in: memref<?xi32>, %blocks: index, %out: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @tree::@sum blocks in (%blocks, %c1, %c1) threads in (%c128, %c1, %c1) args(%in : memref<?xi32>, %out : memref<?xi32>)
    return
  }
}

// -----

// A value computed before a barrier and used after it is kept per virtual
// thread in a vector (registers), read back at the thread's own index.
// CHECK-LABEL: gpu.module @live
// CHECK: %[[V:.*]] = wc.vthreads (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) -> vector<2xf32> {
// CHECK:   %[[X:.*]] = memref.load
// CHECK:   %[[Y:.*]] = arith.mulf %[[X]], %[[X]]
// CHECK:   wc.yield %[[Y]] : f32
// CHECK: wc.warp_sync
// CHECK: wc.vthreads (%[[VT:.*]], %{{.*}}, %{{.*}}, %{{.*}}) {
// CHECK:   %[[MINE:.*]] = vector.extract %[[V]][%[[VT]]] : f32 from vector<2xf32>
// CHECK:   arith.addf %{{.*}}, %[[MINE]]
module attributes {gpu.container_module} {
  gpu.module @live {
    // No launch of this kernel in the module: the remark states the launch
    // contract that launches elsewhere must now follow.
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync; no launch in this module: a launch elsewhere must use 32-thread blocks}}
    gpu.func @k(%buf: memref<64xf32>)
        workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<64xf32>
      %y = arith.mulf %x, %x : f32
      memref.store %y, %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c63 = arith.constant 63 : index
      %m = arith.subi %c63, %t : index
      %z = memref.load %tile[%m] : memref<64xf32, #gpu.address_space<workgroup>>
      %s = arith.addf %z, %y : f32
      memref.store %s, %buf[%t] : memref<64xf32>
      gpu.return
    }
  }
}

// -----

// A barrier in a uniform scf.if and two barriers per loop iteration.
// CHECK-LABEL: gpu.module @branches
// CHECK: scf.if %arg1 {
// CHECK:   wc.vthreads
// CHECK:   wc.warp_sync
// CHECK:   wc.vthreads
// CHECK: }
// CHECK: scf.for
// CHECK:   wc.vthreads
// CHECK:   wc.warp_sync
// CHECK:   wc.vthreads
// CHECK:   wc.warp_sync
// CHECK: }
module attributes {gpu.container_module} {
  gpu.module @branches {
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 32-thread block, 1 virtual thread per lane, 5 phases, 3 barriers became warp syncs}}
    gpu.func @k(%buf: memref<32xi32>, %flag: i1, %n: index)
        workgroup(%tile: memref<32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c31 = arith.constant 31 : index
      %m = arith.subi %c31, %t : index
      scf.if %flag {
        %x = memref.load %buf[%t] : memref<32xi32>
        memref.store %x, %tile[%t] : memref<32xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %y = memref.load %tile[%m] : memref<32xi32, #gpu.address_space<workgroup>>
        memref.store %y, %buf[%t] : memref<32xi32>
      }
      scf.for %i = %c0 to %n step %c1 {
        %x = memref.load %buf[%t] : memref<32xi32>
        memref.store %x, %tile[%t] : memref<32xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %y = memref.load %tile[%m] : memref<32xi32, #gpu.address_space<workgroup>>
        memref.store %y, %buf[%t] : memref<32xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// A barrier with no memory communication at all disappears.
// CHECK-LABEL: gpu.module @pure
// CHECK: wc.warp_job
// CHECK-NOT: wc.warp_sync
// CHECK-NOT: gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @pure {
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier removed}}
    gpu.func @k(%a: i32) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %i = arith.index_cast %t : index to i32
      %x = arith.addi %i, %a : i32
      gpu.barrier
      %y = arith.muli %x, %x : i32
      gpu.return
    }
  }
}

// -----

// A partial last warp: 40 threads, 2 virtual threads per lane.
// CHECK-LABEL: gpu.module @partial
// CHECK: wc.warp_job block [40, 1, 1] virtual_threads 2
module attributes {gpu.container_module} {
  gpu.module @partial {
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 40-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    gpu.func @k(%buf: memref<40xindex>)
        workgroup(%tile: memref<40xindex, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 40, 1, 1>} {
      %t = gpu.thread_id x
      memref.store %t, %tile[%t] : memref<40xindex, #gpu.address_space<workgroup>>
      gpu.barrier
      %c39 = arith.constant 39 : index
      %m = arith.subi %c39, %t : index
      %v = memref.load %tile[%m] : memref<40xindex, #gpu.address_space<workgroup>>
      memref.store %v, %buf[%t] : memref<40xindex>
      gpu.return
    }
  }
}

// -----

// A barrier in a uniform scf.while: the loop stays at warp level with its
// uniform carried value a scalar there, and a phase before the barrier.
// CHECK-LABEL: gpu.module @while
// CHECK: %[[W:.*]] = scf.while (%[[S:.*]] = %c1) : (index) -> index {
// CHECK:   %[[MORE:.*]] = arith.cmpi ult, %[[S]], %c64
// CHECK:   scf.condition(%[[MORE]]) %[[S]] : index
// CHECK: } do {
// CHECK: ^bb0(%[[S2:.*]]: index):
// CHECK:   wc.vthreads
// CHECK:     memref.store %[[S2]]
// CHECK:   wc.warp_sync
// CHECK:   %[[N:.*]] = arith.addi %[[S2]], %[[S2]]
// CHECK:   scf.yield %[[N]] : index
// CHECK: wc.vthreads
// CHECK:   memref.store %[[W]]
module attributes {gpu.container_module} {
  gpu.module @while {
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    gpu.func @k(%buf: memref<64xindex>)
        workgroup(%tile: memref<64xindex, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      %r = scf.while (%s = %c1) : (index) -> index {
        %more = arith.cmpi ult, %s, %c64 : index
        scf.condition(%more) %s : index
      } do {
      ^bb0(%s: index):
        memref.store %s, %tile[%t] : memref<64xindex, #gpu.address_space<workgroup>>
        gpu.barrier
        %n = arith.addi %s, %s : index
        scf.yield %n : index
      }
      memref.store %r, %buf[%t] : memref<64xindex>
      gpu.return
    }
  }
}

// -----

// An inline gpu.launch is outlined first, then aggregated with its launch.
// CHECK-LABEL: func.func @inline
// CHECK: gpu.launch_func @inline_kernel::@inline_kernel blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%c32{{.*}}, %c1{{.*}}, %c1{{.*}})
// CHECK: gpu.module @inline_kernel
// CHECK: wc.warp_job block [64, 1, 1] virtual_threads 2
module attributes {gpu.container_module} {
  func.func @inline(%buf: memref<64xindex>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
               workgroup(%tile : memref<64xindex, #gpu.address_space<workgroup>>) {
      memref.store %tx, %tile[%tx] : memref<64xindex, #gpu.address_space<workgroup>>
      gpu.barrier
      %c63 = arith.constant 63 : index
      %m = arith.subi %c63, %tx : index
      %v = memref.load %tile[%m] : memref<64xindex, #gpu.address_space<workgroup>>
      memref.store %v, %buf[%tx] : memref<64xindex>
      gpu.terminator
    }
    return
  }
}

// -----

// Each barrier is judged on its own (upstream's barrier elimination): the
// one that orders a store and a load of workgroup memory becomes a warp
// sync; the one with no memory access after it vanishes.
// CHECK-LABEL: gpu.module @mixed
// CHECK: wc.warp_sync
// CHECK-NOT: wc.warp_sync
module attributes {gpu.container_module} {
  gpu.module @mixed {
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync, 1 removed}}
    gpu.func @k(%buf: memref<64xindex>)
        workgroup(%tile: memref<64xindex, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      memref.store %t, %tile[%t] : memref<64xindex, #gpu.address_space<workgroup>>
      gpu.barrier
      %c63 = arith.constant 63 : index
      %m = arith.subi %c63, %t : index
      %v = memref.load %tile[%m] : memref<64xindex, #gpu.address_space<workgroup>>
      memref.store %v, %buf[%t] : memref<64xindex>
      gpu.barrier
      gpu.return
    }
  }
}

// -----

// The register estimate counts the replicated values live at once: four
// f64 values per virtual thread (32 per lane) are each dead before the next
// is made, so 64 registers at the peak, within the budget of 127, although
// all four together would need 256.
// CHECK-LABEL: gpu.module @sequential_values
// CHECK: wc.warp_job block [1024, 1, 1] virtual_threads 32
module attributes {gpu.container_module} {
  gpu.module @sequential_values {
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 1024-thread block, 32 virtual threads per lane, 5 phases, 4 barriers became warp syncs}}
    gpu.func @k(%buf: memref<1024xf64>)
        workgroup(%tile: memref<1024xf64, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 1024, 1, 1>} {
      %t = gpu.thread_id x
      %a = memref.load %buf[%t] : memref<1024xf64>
      memref.store %a, %tile[%t] : memref<1024xf64, #gpu.address_space<workgroup>>
      gpu.barrier
      %x = memref.load %tile[%t] : memref<1024xf64, #gpu.address_space<workgroup>>
      %b = arith.addf %a, %x : f64
      gpu.barrier
      memref.store %b, %tile[%t] : memref<1024xf64, #gpu.address_space<workgroup>>
      %c = arith.mulf %b, %b : f64
      gpu.barrier
      %y = memref.load %tile[%t] : memref<1024xf64, #gpu.address_space<workgroup>>
      %d = arith.addf %c, %y : f64
      gpu.barrier
      memref.store %d, %buf[%t] : memref<1024xf64>
      gpu.return
    }
  }
}
