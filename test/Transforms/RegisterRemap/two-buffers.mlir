// RUN: wc-opt %s --wc-aggregate --wc-remap -verify-diagnostics | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-remap)' | FileCheck %s --check-prefix=EXEC

// Two buffers stored in the same divergent scf.if: the second buffer's
// own element is carried through the scf.if that the first one already
// gave a result (regression: the carried values were read past the
// results of the rebuilt scf.if).
// CHECK-LABEL: gpu.func @k
// CHECK: %{{.*}}:2 = scf.if
// CHECK: scf.yield %[[S:.*]], %[[S]] : i32, i32
// CHECK: wc.yield %{{.*}}#0, %{{.*}}#1 : i32, i32
// EXEC: sizes = [64]
// EXEC-NEXT: [0,  2,  4,  6,  8,  10,  12,  14,  16,  18,  20,  22,  24,  26,  28,  30,  32,  34,  36,  38,  40,  42,  44,  46,  48,  50,  52,  54,  56,  58,  60,  62,  32,  33,  34,  35,  36,  37,  38,  39,  40,  41,  42,  43,  44,  45,  46,  47,  48,  49,  50,  51,  52,  53,  54,  55,  56,  57,  58,  59,  60,  61,  62,  63]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+4 {{wc-aggregate: coarsened}}
    // expected-remark @+3 {{wc-remap: workgroup buffer 0}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 1}}
    // expected-remark @+1 {{1 warp sync removed}}
    gpu.func @k(%x: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%a: memref<64xi32, #gpu.address_space<workgroup>>,
                  %b: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tx = gpu.thread_id x
      %v = memref.load %x[%tx] : memref<64xi32>
      memref.store %v, %a[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %v, %b[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c32 = arith.constant 32 : index
      %on = arith.cmpi ult, %tx, %c32 : index
      scf.if %on {
        %x0 = memref.load %a[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
        %s = arith.addi %x0, %x0 : i32
        memref.store %s, %a[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %s, %b[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %y = memref.load %b[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%tx] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %h = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<64xi32>
    }
    %d = gpu.alloc () : memref<64xi32>
    %o = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d, %h : memref<64xi32>, memref<64xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<64xi32>, %o : memref<64xi32>)
    gpu.memcpy %h, %o : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
