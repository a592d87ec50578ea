// A program in the style of upstream's CUDA integration tests (a host buffer
// registered with gpu.host_register, no gpu.alloc/memcpy of its own),
// compiled with a wc pipeline that delegates with the dynamic schedule,
// whose ticket counters (16 of 128 bytes) are a synchronous gpu.alloc and gpu.memset: in the
// default --async-region=auto, wc-compile decides after the extra passes
// that gpu-async-region is needed. The pipeline is given as
// `--pipeline "..."`, a value that starts with a dash.
// REQUIRES: cuda-runtime, ptxas
// RUN: rm -rf %t.d
// RUN: %wc-compile %s -o %t.exe --keep-temps %t.d \
// RUN:   --pipeline "--wc-aggregate --wc-delegate=schedule=dynamic" 2>/dev/null
// RUN: FileCheck %s --dump-input=never < %t.d/wc-compile-delegated.ll
// Without gpu-async-region the counter cannot be lowered, and wc-compile
// says so.
// RUN: not %wc-compile %s -o %t.never.exe --async-region never \
// RUN:   --pipeline "--wc-aggregate --wc-delegate=schedule=dynamic" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEVER

// CHECK-DAG: call void @mgpuMemHostRegisterMemRef
// CHECK-DAG: call ptr @mgpuMemAlloc(i64 2048,
// CHECK-DAG: call void @mgpuMemset32
// NEVER: wc-compile: error: the host code was not fully lowered to the LLVM dialect

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @double(%buf: memref<4096xi32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c64 = arith.constant 64 : index
      %i0 = arith.muli %b, %c64 : index
      %i = arith.addi %i0, %t : index
      %x = memref.load %buf[%i] : memref<4096xi32>
      %y = arith.addi %x, %x : i32
      memref.store %y, %buf[%i] : memref<4096xi32>
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c4096 = arith.constant 4096 : index
    %h = memref.alloc() : memref<4096xi32>
    scf.for %i = %c0 to %c4096 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<4096xi32>
    }
    %cast = memref.cast %h : memref<4096xi32> to memref<*xi32>
    gpu.host_register %cast : memref<*xi32>
    gpu.launch_func @kernels::@double blocks in (%c64, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%h : memref<4096xi32>)
    gpu.host_unregister %cast : memref<*xi32>
    memref.dealloc %h : memref<4096xi32>
    return
  }
}
