// RUN: wc-opt %s --wc-remap -verify-diagnostics | FileCheck %s
// RUN: wc-sim %s | FileCheck %s --check-prefix=EXEC
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-remap)' | FileCheck %s --check-prefix=EXEC
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-remap,gpu.module(convert-wc-to-nvvm))' | FileCheck %s --check-prefix=EXEC

// A lane array lives within one warp job: a workgroup buffer that the kernel
// also uses outside the job (after it, or in another job) stays in shared
// memory, with a note at the first such use; the kernel keeps the buffer,
// its loads and its stores (regression: the attribution was erased while
// still used, or erased once per job). The outputs are the same before and
// after wc-remap.

// CHECK-LABEL: gpu.func @after_job
// CHECK-SAME: workgroup(%[[BUF:[^ ]*]] : memref<64xi32, #gpu.address_space<workgroup>>)
// CHECK-NOT: wc.lane
// CHECK: memref.load %[[BUF]]
// CHECK-NOT: wc.lane
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: memref.load %[[BUF]][%[[C0]]]

// CHECK-LABEL: gpu.func @two_jobs
// CHECK-SAME: workgroup(%[[BUF:[^ ]*]] : memref<64xi32, #gpu.address_space<workgroup>>)
// CHECK-NOT: wc.lane
// CHECK: memref.store %{{.*}}, %[[BUF]]
// CHECK-NOT: wc.lane
// CHECK: memref.load %[[BUF]]
// CHECK-NOT: wc.lane

// CHECK-LABEL: gpu.func @mixed_jobs
// CHECK-SAME: workgroup(%[[BUF:[^ ]*]] : memref<64xi32, #gpu.address_space<workgroup>>)
// CHECK-NOT: wc.lane
// CHECK: memref.store %{{.*}}, %[[BUF]]
// CHECK-NOT: wc.lane
// CHECK: memref.load %[[BUF]]
// CHECK-NOT: wc.lane
// CHECK: memref.load %[[BUF]]
// CHECK-NOT: wc.lane
// CHECK: gpu.return

// EXEC: sizes = [64]
// EXEC-NEXT: [100,  100,  103,  102,  105,  104,  107,  106,  109,  108,  111,  110,  113,  112,  115,  114,  117,  116,  119,  118,  121,  120,  123,  122,  125,  124,  127,  126,  129,  128,  131,  130,  133,  132,  135,  134,  137,  136,  139,  138,  141,  140,  143,  142,  145,  144,  147,  146,  149,  148,  151,  150,  153,  152,  155,  154,  157,  156,  159,  158,  161,  160,  163,  162]
// EXEC: sizes = [64]
// EXEC-NEXT: [101,  100,  103,  102,  105,  104,  107,  106,  109,  108,  111,  110,  113,  112,  115,  114,  117,  116,  119,  118,  121,  120,  123,  122,  125,  124,  127,  126,  129,  128,  131,  130,  133,  132,  135,  134,  137,  136,  139,  138,  141,  140,  143,  142,  145,  144,  147,  146,  149,  148,  151,  150,  153,  152,  155,  154,  157,  156,  159,  158,  161,  160,  163,  162]
// EXEC: sizes = [64]
// EXEC-NEXT: [100,  101,  102,  103,  104,  105,  106,  107,  108,  109,  110,  111,  112,  113,  114,  115,  116,  117,  118,  119,  120,  121,  122,  123,  124,  125,  126,  127,  128,  129,  130,  131,  132,  133,  134,  135,  136,  137,  138,  139,  140,  141,  142,  143,  144,  145,  146,  147,  148,  149,  150,  151,  152,  153,  154,  155,  156,  157,  158,  159,  160,  161,  162,  163]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // The kernel reads the buffer after the job: out[0] = buf[0].
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) stays in shared memory: it is also used outside the warp job, by 'memref.load' (a lane array only lives within one job)}}
    gpu.func @after_job(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      wc.warp_job block [64, 1, 1] virtual_threads 2 {
        wc.vthreads (%v, %x, %y, %z) {
          %a = memref.load %in[%x] : memref<64xi32>
          memref.store %a, %buf[%x] : memref<64xi32, #gpu.address_space<workgroup>>
        }
        wc.warp_sync
        wc.vthreads (%v, %x, %y, %z) {
          %one = arith.constant 1 : index
          %n = arith.xori %x, %one : index
          %b = memref.load %buf[%n] : memref<64xi32, #gpu.address_space<workgroup>>
          memref.store %b, %out[%x] : memref<64xi32>
        }
      }
      %c0 = arith.constant 0 : index
      // expected-note @+1 {{here}}
      %q = memref.load %buf[%c0] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %q, %out[%c0] : memref<64xi32>
      gpu.return
    }

    // The second job reads what the first one stored: each job's accesses
    // alone could be remapped, but not the buffer they share.
    // expected-remark @+2 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) stays in shared memory: it is also used outside the warp job, by 'memref.load' (a lane array only lives within one job)}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) stays in shared memory: it is also used outside the warp job, by 'memref.store' (a lane array only lives within one job)}}
    gpu.func @two_jobs(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      wc.warp_job block [64, 1, 1] virtual_threads 2 {
        wc.vthreads (%v, %x, %y, %z) {
          %a = memref.load %in[%x] : memref<64xi32>
          // expected-note @+1 {{here}}
          memref.store %a, %buf[%x] : memref<64xi32, #gpu.address_space<workgroup>>
        }
      }
      wc.warp_job block [64, 1, 1] virtual_threads 2 {
        wc.warp_sync
        wc.vthreads (%v, %x, %y, %z) {
          %one = arith.constant 1 : index
          %n = arith.xori %x, %one : index
          // expected-note @+1 {{here}}
          %b = memref.load %buf[%n] : memref<64xi32, #gpu.address_space<workgroup>>
          memref.store %b, %out[%x] : memref<64xi32>
        }
      }
      gpu.return
    }

    // The second job's own access is refused (a run-time index) while the
    // first job's could be remapped.
    // expected-remark @+2 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) stays in shared memory: it is also used outside the warp job, by 'memref.load' (a lane array only lives within one job)}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) stays in shared memory: it is also used outside the warp job, by 'memref.store' (a lane array only lives within one job)}}
    gpu.func @mixed_jobs(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      wc.warp_job block [64, 1, 1] virtual_threads 2 {
        wc.vthreads (%v, %x, %y, %z) {
          %a = memref.load %in[%x] : memref<64xi32>
          // expected-note @+1 {{here}}
          memref.store %a, %buf[%x] : memref<64xi32, #gpu.address_space<workgroup>>
        }
        wc.warp_sync
        wc.vthreads (%v, %x, %y, %z) {
          %one = arith.constant 1 : index
          %n = arith.xori %x, %one : index
          %b = memref.load %buf[%n] : memref<64xi32, #gpu.address_space<workgroup>>
          memref.store %b, %out[%x] : memref<64xi32>
        }
      }
      wc.warp_job block [64, 1, 1] virtual_threads 2 {
        wc.warp_sync
        wc.vthreads (%v, %x, %y, %z) {
          %a = memref.load %out[%x] : memref<64xi32>
          %i = arith.index_cast %a : i32 to index
          %c100 = arith.constant 100 : index
          %j = arith.subi %i, %c100 : index
          %c1 = arith.constant 1 : index
          %k = arith.xori %j, %c1 : index
          // expected-note @+1 {{here}}
          %b = memref.load %buf[%k] : memref<64xi32, #gpu.address_space<workgroup>>
          memref.store %b, %out[%x] : memref<64xi32>
        }
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c100 = arith.constant 100 : i32
    %h = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      %w = arith.addi %v, %c100 : i32
      memref.store %w, %h[%i] : memref<64xi32>
    }
    %in = gpu.alloc () : memref<64xi32>
    %out = gpu.alloc () : memref<64xi32>
    %r = memref.alloc() : memref<64xi32>
    %u = memref.cast %r : memref<64xi32> to memref<*xi32>
    gpu.memcpy %in, %h : memref<64xi32>, memref<64xi32>
    gpu.launch_func @kernels::@after_job blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%in : memref<64xi32>, %out : memref<64xi32>)
    gpu.memcpy %r, %out : memref<64xi32>, memref<64xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.launch_func @kernels::@two_jobs blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%in : memref<64xi32>, %out : memref<64xi32>)
    gpu.memcpy %r, %out : memref<64xi32>, memref<64xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.launch_func @kernels::@mixed_jobs blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%in : memref<64xi32>, %out : memref<64xi32>)
    gpu.memcpy %r, %out : memref<64xi32>, memref<64xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
