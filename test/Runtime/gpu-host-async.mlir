// Explicitly asynchronous host code: two streams of work (gpu.wait async
// starts each) joined by `gpu.wait async [%a, %b]` (events), gpu.memset of
// f32 and f16, a host_shared (managed) buffer written by a kernel and read on
// the host, and printMemrefF16 through the C interface.
// REQUIRES: cuda-runtime, ptxas
// RUN: rm -rf %t.d
// RUN: %wc-compile %s -o %t.exe --keep-temps %t.d
// RUN: FileCheck %s --check-prefix=CALLS --dump-input=never < %t.d/gpu-host-async.ll
//
// On a GPU machine: utils/gpu-run.sh gpu-host-async.exe, then
//   FileCheck gpu-host-async.mlir --check-prefix=GPU < gpu-host-async.out

// The program is async already: no gpu-async-region, no extra streams.
// CALLS-DAG: call ptr @mgpuMemAlloc(i64 16, ptr null, i8 1)
// CALLS-DAG: call void @mgpuMemset16(ptr %{{.*}}, i16 13312, i64 4, ptr %{{.*}})
// CALLS-DAG: call void @mgpuEventRecord(
// CALLS-DAG: call void @mgpuStreamWaitEvent(
// CALLS-DAG: call void @mgpuEventDestroy(
// CALLS-DAG: call void @_mlir_ciface_printMemrefF16(ptr %{{.*}})

// GPU:      Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [4] strides = [1] data =
// GPU-NEXT: [2.75,  2.75,  2.75,  2.75]
// GPU-NEXT: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [4] strides = [1] data =
// GPU-NEXT: [0.25,  0.25,  0.25,  0.25]
// GPU-NOT: {{.}}

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // z[i] = x[i] + y[i], y in f16.
    gpu.func @add_f16(%x: memref<4xf32>, %y: memref<4xf16>, %z: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %a = memref.load %x[%i] : memref<4xf32>
      %b = memref.load %y[%i] : memref<4xf16>
      %bf = arith.extf %b : f16 to f32
      %s = arith.addf %a, %bf : f32
      memref.store %s, %z[%i] : memref<4xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefF16(memref<*xf16>) attributes { llvm.emit_c_interface }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %two = arith.constant 2.5 : f32
    %quarter = arith.constant 0.25 : f16
    %s0 = gpu.wait async
    %x, %t1 = gpu.alloc async [%s0] () : memref<4xf32>
    %t2 = gpu.memset async [%t1] %x, %two : memref<4xf32>, f32
    %s1 = gpu.wait async
    %y, %t3 = gpu.alloc async [%s1] () : memref<4xf16>
    %t4 = gpu.memset async [%t3] %y, %quarter : memref<4xf16>, f16
    %z = gpu.alloc host_shared () : memref<4xf32>
    %joined = gpu.wait async [%t2, %t4]
    %t5 = gpu.launch_func async [%joined] @kernels::@add_f16
        blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%x : memref<4xf32>, %y : memref<4xf16>, %z : memref<4xf32>)
    %hy = memref.alloc() : memref<4xf16>
    %t6 = gpu.memcpy async [%t5] %hy, %y : memref<4xf16>, memref<4xf16>
    gpu.wait [%t6]
    %zu = memref.cast %z : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%zu) : (memref<*xf32>) -> ()
    %hyu = memref.cast %hy : memref<4xf16> to memref<*xf16>
    call @printMemrefF16(%hyu) : (memref<*xf16>) -> ()
    %s2 = gpu.wait async
    %t7 = gpu.dealloc async [%s2] %x : memref<4xf32>
    %t8 = gpu.dealloc async [%t7] %y : memref<4xf16>
    %t9 = gpu.dealloc async [%t8] %z : memref<4xf32>
    gpu.wait [%t9]
    memref.dealloc %hy : memref<4xf16>
    return
  }
}
