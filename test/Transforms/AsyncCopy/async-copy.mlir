// RUN: wc-opt %s -split-input-file --wc-async-copy=element-copies=1 -verify-diagnostics | FileCheck %s

// A load of global memory whose only use is a store to workgroup memory
// becomes a copy by cp.async; the block's copies are waited for, in one
// group, before the barrier.
// CHECK-LABEL: gpu.func @stage
// CHECK: %[[A:.*]] = nvgpu.device_async_copy %arg0[%{{.*}}], %arg2[%{{.*}}], 1
// CHECK: %[[B:.*]] = nvgpu.device_async_copy %arg1[%{{.*}}], %arg3[%{{.*}}], 1
// CHECK-NOT: memref.store
// CHECK: %[[G:.*]] = nvgpu.device_async_create_group %[[A]], %[[B]]
// CHECK-NEXT: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
gpu.module @m {
  // expected-remark @+1 {{wc-async-copy: 2 copies from global to workgroup memory by cp.async}}
  gpu.func @stage(%a: memref<64xf32>, %b: memref<64xi64>)
      workgroup(%ta: memref<64xf32, #gpu.address_space<workgroup>>,
                %tb: memref<64xi64, #gpu.address_space<workgroup>>) kernel {
    %t = gpu.thread_id x
    %x = memref.load %a[%t] : memref<64xf32>
    memref.store %x, %ta[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    %y = memref.load %b[%t] : memref<64xi64>
    memref.store %y, %tb[%t] : memref<64xi64, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
}

// -----

// All loads first, then all stores (as wc-specialize's producers copy):
// the stores to workgroup memory between a load and its store cannot change
// global memory, so both become copies.
// CHECK-LABEL: gpu.func @loads_first
// CHECK: nvgpu.device_async_copy %arg0
// CHECK: nvgpu.device_async_copy %arg1
// CHECK-NOT: memref.store
// CHECK: nvgpu.device_async_create_group
gpu.module @m {
  // expected-remark @+1 {{2 copies}}
  gpu.func @loads_first(%a: memref<64xf32>, %b: memref<64xf32>)
      workgroup(%ta: memref<64xf32, #gpu.address_space<workgroup>>,
                %tb: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %t = gpu.thread_id x
    %x = memref.load %a[%t] : memref<64xf32>
    %y = memref.load %b[%t] : memref<64xf32>
    memref.store %x, %ta[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %y, %tb[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
}

// -----

// The wait comes before the thread's next access to workgroup memory.
// CHECK-LABEL: gpu.func @own_read
// CHECK: nvgpu.device_async_copy
// CHECK: nvgpu.device_async_wait
// CHECK-NEXT: memref.load %{{.*}} : memref<64xf32, #gpu.address_space<workgroup>>
gpu.module @m {
  // expected-remark @+1 {{1 copies}}
  gpu.func @own_read(%a: memref<64xf32>, %out: memref<64xf32>)
      workgroup(%ta: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %t = gpu.thread_id x
    %x = memref.load %a[%t] : memref<64xf32>
    memref.store %x, %ta[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    %v = memref.load %ta[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%t] : memref<64xf32>
    gpu.return
  }
}

// -----

// A loop's copies are waited for in its body: two iterations of one
// thread may copy to the same element, and copies in flight together
// complete in no defined order. Copies under an scf.if (run once) stay
// uncommitted there; the group committed after it, before the barrier,
// takes them (a commit takes all the thread's copies not in a group yet),
// and its wait completes them.
// CHECK-LABEL: gpu.func @loop
// CHECK: scf.for
// CHECK: %[[C:.*]] = nvgpu.device_async_copy
// CHECK-NEXT: %[[G:.*]] = nvgpu.device_async_create_group %[[C]]
// CHECK-NEXT: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
// CHECK-NEXT: }
// CHECK: scf.if
// CHECK: nvgpu.device_async_copy
// CHECK-NEXT: }
// CHECK-NEXT: %[[E:.*]] = nvgpu.device_async_create_group{{ *$}}
// CHECK-NEXT: nvgpu.device_async_wait %[[E]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
gpu.module @m {
  // expected-remark @+1 {{2 copies}}
  gpu.func @loop(%a: memref<256xf32>, %n: index)
      workgroup(%ta: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    %t = gpu.thread_id x
    scf.for %k = %c0 to %c4 step %c1 {
      %o = arith.muli %k, %c64 : index
      %i = arith.addi %o, %t : index
      %x = memref.load %a[%i] : memref<256xf32>
      memref.store %x, %ta[%i] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %in = arith.cmpi ult, %t, %n : index
    scf.if %in {
      %y = memref.load %a[%t] : memref<256xf32>
      memref.store %y, %ta[%t] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    gpu.return
  }
}

// -----

// A second copy into a buffer a pending copy writes waits for the first:
// they may write the same element.
// CHECK-LABEL: gpu.func @same_buffer
// CHECK: %[[A:.*]] = nvgpu.device_async_copy %arg0
// CHECK-NEXT: %[[G:.*]] = nvgpu.device_async_create_group %[[A]]
// CHECK-NEXT: nvgpu.device_async_wait %[[G]]
// CHECK-NEXT: nvgpu.device_async_copy %arg1
gpu.module @m {
  // expected-remark @+1 {{2 copies}}
  gpu.func @same_buffer(%a: memref<64xf32>, %b: memref<64xf32>)
      workgroup(%ta: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %t = gpu.thread_id x
    %x = memref.load %a[%t] : memref<64xf32>
    memref.store %x, %ta[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    %y = memref.load %b[%t] : memref<64xf32>
    memref.store %y, %ta[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
}

// -----

// Copies into one buffer at indices that differ by a constant (t and
// 64 + t, one element each) write different elements: one group, no wait
// between them (unlike @same_buffer).
// CHECK-LABEL: gpu.func @apart
// CHECK: %[[A:.*]] = nvgpu.device_async_copy %arg0
// CHECK-NEXT: arith.addi
// CHECK-NEXT: arith.addi
// CHECK-NEXT: %[[B:.*]] = nvgpu.device_async_copy %arg0
// CHECK-NEXT: %[[G:.*]] = nvgpu.device_async_create_group %[[A]], %[[B]]
// CHECK-NEXT: nvgpu.device_async_wait %[[G]]
// CHECK-NEXT: gpu.barrier
gpu.module @m {
  // expected-remark @+1 {{2 copies}}
  gpu.func @apart(%a: memref<128xf32>)
      workgroup(%ta: memref<128xf32, #gpu.address_space<workgroup>>) kernel {
    %c64 = arith.constant 64 : index
    %t = gpu.thread_id x
    %x = memref.load %a[%t] : memref<128xf32>
    memref.store %x, %ta[%t] : memref<128xf32, #gpu.address_space<workgroup>>
    %u = arith.addi %t, %c64 : index
    %y = memref.load %a[%u] : memref<128xf32>
    %w = arith.addi %c64, %t : index
    memref.store %y, %ta[%w] : memref<128xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
}

// -----

// A loop body that also reads workgroup memory waits in the body, before
// that read: the next iteration's read may not pass the copy.
// CHECK-LABEL: gpu.func @loop_reads
// CHECK: scf.for
// CHECK: nvgpu.device_async_copy
// CHECK: nvgpu.device_async_wait
// CHECK-NEXT: memref.load %{{.*}} : memref<256xf32, #gpu.address_space<workgroup>>
gpu.module @m {
  // expected-remark @+1 {{1 copies}}
  gpu.func @loop_reads(%a: memref<256xf32>, %out: memref<256xf32>)
      workgroup(%ta: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %t = gpu.thread_id x
    scf.for %k = %c0 to %c4 step %c1 {
      %i = arith.addi %k, %t : index
      %x = memref.load %a[%i] : memref<256xf32>
      memref.store %x, %ta[%i] : memref<256xf32, #gpu.address_space<workgroup>>
      %v = memref.load %ta[%t] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%i] : memref<256xf32>
    }
    gpu.return
  }
}

// -----

// Left as they are: a loaded value with another use; a store to memory
// between the load and the store; 2-byte elements; a copy within workgroup
// memory; a copy from a thread's private buffer; a kernel for sm_75 (no
// cp.async).
// CHECK-LABEL: gpu.func @kept
// CHECK-NOT: nvgpu.
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @old_chip
// CHECK-NOT: nvgpu.
gpu.module @m {
  gpu.func @kept(%a: memref<64xf32>, %h: memref<64xf16>, %out: memref<64xf32>)
      workgroup(%ta: memref<64xf32, #gpu.address_space<workgroup>>,
                %th: memref<64xf16, #gpu.address_space<workgroup>>,
                %tc: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %t = gpu.thread_id x
    %x = memref.load %a[%t] : memref<64xf32>
    memref.store %x, %ta[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %x, %out[%t] : memref<64xf32>
    %y = memref.load %a[%t] : memref<64xf32>
    memref.store %y, %out[%t] : memref<64xf32>
    memref.store %y, %tc[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    %z = memref.load %h[%t] : memref<64xf16>
    memref.store %z, %th[%t] : memref<64xf16, #gpu.address_space<workgroup>>
    %w = memref.load %ta[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %w, %tc[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    %p = memref.alloca() : memref<1xf32>
    %c0 = arith.constant 0 : index
    memref.store %w, %p[%c0] : memref<1xf32>
    %q = memref.load %p[%c0] : memref<1xf32>
    memref.store %q, %tc[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
}
gpu.module @old [#nvvm.target<chip = "sm_75">] {
  gpu.func @old_chip(%a: memref<64xf32>)
      workgroup(%ta: memref<64xf32, #gpu.address_space<workgroup>>) kernel {
    %t = gpu.thread_id x
    %x = memref.load %a[%t] : memref<64xf32>
    memref.store %x, %ta[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
}
