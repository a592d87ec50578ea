// Synchronous host code, as in upstream's CUDA integration tests: a host
// buffer registered with gpu.host_register and written by a kernel, gpu.alloc,
// gpu.memset, gpu.memcpy both ways and device to device, a launch with 64 KiB
// of dynamic shared memory (past the 48 KiB every kernel gets), a cluster
// launch, and every printMemref and scalar print these programs use.
// REQUIRES: cuda-runtime, ptxas
// RUN: rm -rf %t.d
// RUN: %wc-compile %s -o %t.exe --keep-temps %t.d
// RUN: FileCheck %s --check-prefix=CALLS --dump-input=never < %t.d/gpu-host-sync.ll
//
// On a GPU machine: utils/gpu-run.sh gpu-host-sync.exe, then
//   FileCheck gpu-host-sync.mlir --check-prefix=GPU < gpu-host-sync.out

// gpu-async-region made the synchronous ops async on streams.
// CALLS-DAG: call void @mgpuMemHostRegisterMemRef(i64 1, ptr %{{.*}}, i64 4)
// CALLS-DAG: call void @mgpuMemHostUnregisterMemRef(i64 1, ptr %{{.*}}, i64 4)
// CALLS-DAG: call ptr @mgpuMemAlloc(i64 65536, ptr %{{.*}}, i8 0)
// CALLS-DAG: call void @mgpuMemset32(ptr %{{.*}}, i32 1071644672, i64 4, ptr %{{.*}})
// CALLS-DAG: call void @mgpuMemcpy(ptr %{{.*}}, ptr %{{.*}}, i64 65536, ptr %{{.*}})
// CALLS-DAG: call void @mgpuLaunchKernel(ptr %{{.*}}, i64 1, i64 1, i64 1, i64 256, i64 1, i64 1, i32 65536, ptr %{{.*}}, ptr %{{.*}}, ptr null, i64 10)
// CALLS-DAG: call void @mgpuLaunchClusterKernel(ptr %{{.*}}, i64 2, i64 1, i64 1, i64 8, i64 1, i64 1, i64 32, i64 1, i64 1, i32 0, ptr %{{.*}}, ptr %{{.*}}, ptr null)
// CALLS-DAG: call void @mgpuStreamSynchronize(
// CALLS-DAG: call void @mgpuMemFree(
// CALLS-DAG: call ptr @mgpuModuleLoad(ptr @kernels_binary, i64 {{[0-9]+}})

// GPU:      Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [8] strides = [1] data =
// GPU-NEXT: [0,  10,  20,  30,  40,  50,  60,  70]
// GPU-NEXT: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [4] strides = [1] data =
// GPU-NEXT: [1.75,  1.75,  1.75,  1.75]
// GPU-NEXT: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [4] strides = [1] data =
// GPU-NEXT: [16383,  16382,  16381,  16380]
// GPU-NEXT: Unranked Memref base@ = {{.*}} rank = 1 offset = 16380 sizes = [4] strides = [1] data =
// GPU-NEXT: [3,  2,  1,  0]
// GPU-NEXT: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [8] strides = [1] data =
// GPU-NEXT: [0,  1,  100,  101,  200,  201,  300,  301]
// GPU-NEXT: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
// GPU-NEXT: {{\[}}[0.5,   1.5],
// GPU-NEXT:  [2.5,   3.5]]
// GPU-NEXT: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
// GPU-NEXT: {{\[}}[0,   1],
// GPU-NEXT:  [2,   3]]
// GPU-NEXT: ( 16383, 1.75, 0.5 )
// GPU-NOT: {{.}}

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // out[i] = 10 * i.
    gpu.func @iota(%out: memref<8xi32>) kernel {
      %tid = gpu.thread_id x
      %i = arith.index_cast %tid : index to i32
      %c10 = arith.constant 10 : i32
      %v = arith.muli %i, %c10 : i32
      memref.store %v, %out[%tid] : memref<8xi32>
      gpu.return
    }

    // out = reversed in, through 64 KiB of dynamic shared memory.
    gpu.func @reverse(%in: memref<16384xf32>, %out: memref<16384xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c256 = arith.constant 256 : index
      %c16383 = arith.constant 16383 : index
      %tid = gpu.thread_id x
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %tile = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>>
          to memref<16384xf32, #gpu.address_space<workgroup>>
      scf.for %k = %c0 to %c64 step %c1 {
        %base = arith.muli %k, %c256 : index
        %i = arith.addi %base, %tid : index
        %x = memref.load %in[%i] : memref<16384xf32>
        memref.store %x, %tile[%i] : memref<16384xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %k = %c0 to %c64 step %c1 {
        %base = arith.muli %k, %c256 : index
        %i = arith.addi %base, %tid : index
        %j = arith.subi %c16383, %i : index
        %x = memref.load %tile[%j] : memref<16384xf32, #gpu.address_space<workgroup>>
        memref.store %x, %out[%i] : memref<16384xf32>
      }
      gpu.return
    }

    // out[block] = 100 * cluster id + rank of the block in its cluster.
    gpu.func @cluster_ids(%out: memref<8xindex>) kernel {
      %bid = gpu.block_id x
      %cluster = gpu.cluster_id x
      %rank = gpu.cluster_block_id x
      %c100 = arith.constant 100 : index
      %hundreds = arith.muli %cluster, %c100 : index
      %v = arith.addi %hundreds, %rank : index
      memref.store %v, %out[%bid] : memref<8xindex>
      gpu.return
    }

    // y[i][j] = x[i][j] + 0.5.
    gpu.func @add_half(%x: memref<2x2xf64>, %y: memref<2x2xf64>) kernel {
      %i = gpu.thread_id x
      %j = gpu.thread_id y
      %half = arith.constant 0.5 : f64
      %v = memref.load %x[%i, %j] : memref<2x2xf64>
      %w = arith.addf %v, %half : f64
      memref.store %w, %y[%i, %j] : memref<2x2xf64>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefF64(memref<*xf64>) attributes { llvm.emit_c_interface }
  func.func private @printMemrefInd(memref<*xindex>)
  func.func private @printOpen()
  func.func private @printClose()
  func.func private @printComma()
  func.func private @printNewline()
  func.func private @printI64(i64)
  func.func private @printF32(f32)
  func.func private @printF64(f64)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 16384 : index
    %smem = arith.constant 65536 : i32

    // A registered host buffer, written by the kernel in place.
    %h8 = memref.alloc() : memref<8xi32>
    %h8u = memref.cast %h8 : memref<8xi32> to memref<*xi32>
    gpu.host_register %h8u : memref<*xi32>
    gpu.launch_func @kernels::@iota blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%h8 : memref<8xi32>)
    gpu.host_unregister %h8u : memref<*xi32>
    call @printMemrefI32(%h8u) : (memref<*xi32>) -> ()

    // gpu.memset of a device buffer, copied back.
    %d4 = gpu.alloc () : memref<4xf32>
    %fill = arith.constant 1.75 : f32
    gpu.memset %d4, %fill : memref<4xf32>, f32
    %h4 = memref.alloc() : memref<4xf32>
    gpu.memcpy %h4, %d4 : memref<4xf32>, memref<4xf32>
    %h4u = memref.cast %h4 : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%h4u) : (memref<*xf32>) -> ()

    // 64 KiB of dynamic shared memory; the ends of the result, one through
    // a subview with an offset.
    %hin = memref.alloc() : memref<16384xf32>
    scf.for %i = %c0 to %n step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %hin[%i] : memref<16384xf32>
    }
    %din = gpu.alloc () : memref<16384xf32>
    %dout = gpu.alloc () : memref<16384xf32>
    gpu.memcpy %din, %hin : memref<16384xf32>, memref<16384xf32>
    gpu.launch_func @kernels::@reverse blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
        dynamic_shared_memory_size %smem args(%din : memref<16384xf32>, %dout : memref<16384xf32>)
    %hout = memref.alloc() : memref<16384xf32>
    gpu.memcpy %hout, %dout : memref<16384xf32>, memref<16384xf32>
    %head = memref.subview %hout[0] [4] [1] : memref<16384xf32> to memref<4xf32, strided<[1]>>
    %headu = memref.cast %head : memref<4xf32, strided<[1]>> to memref<*xf32>
    call @printMemrefF32(%headu) : (memref<*xf32>) -> ()
    %tail = memref.subview %hout[16380] [4] [1]
        : memref<16384xf32> to memref<4xf32, strided<[1], offset: 16380>>
    %tailu = memref.cast %tail : memref<4xf32, strided<[1], offset: 16380>> to memref<*xf32>
    call @printMemrefF32(%tailu) : (memref<*xf32>) -> ()

    // 4 clusters of 2 blocks.
    %dids = gpu.alloc () : memref<8xindex>
    gpu.launch_func @kernels::@cluster_ids clusters in (%c2, %c1, %c1)
        blocks in (%c8, %c1, %c1) threads in (%c32, %c1, %c1) args(%dids : memref<8xindex>)
    %hids = memref.alloc() : memref<8xindex>
    gpu.memcpy %hids, %dids : memref<8xindex>, memref<8xindex>
    %hidsu = memref.cast %hids : memref<8xindex> to memref<*xindex>
    call @printMemrefInd(%hidsu) : (memref<*xindex>) -> ()

    // 2-D f64, and a device-to-device copy back to the input's twin.
    %hx = memref.alloc() : memref<2x2xf64>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %r = arith.muli %i, %c2 : index
        %k = arith.addi %r, %j : index
        %ki = arith.index_cast %k : index to i64
        %kf = arith.sitofp %ki : i64 to f64
        memref.store %kf, %hx[%i, %j] : memref<2x2xf64>
      }
    }
    %dx = gpu.alloc () : memref<2x2xf64>
    %dy = gpu.alloc () : memref<2x2xf64>
    %dz = gpu.alloc () : memref<2x2xf64>
    gpu.memcpy %dx, %hx : memref<2x2xf64>, memref<2x2xf64>
    gpu.launch_func @kernels::@add_half blocks in (%c1, %c1, %c1) threads in (%c2, %c2, %c1)
        args(%dx : memref<2x2xf64>, %dy : memref<2x2xf64>)
    gpu.memcpy %dz, %dx : memref<2x2xf64>, memref<2x2xf64>
    %hy = memref.alloc() : memref<2x2xf64>
    %hz = memref.alloc() : memref<2x2xf64>
    gpu.memcpy %hy, %dy : memref<2x2xf64>, memref<2x2xf64>
    gpu.memcpy %hz, %dz : memref<2x2xf64>, memref<2x2xf64>
    %hyu = memref.cast %hy : memref<2x2xf64> to memref<*xf64>
    %hzu = memref.cast %hz : memref<2x2xf64> to memref<*xf64>
    call @printMemrefF64(%hyu) : (memref<*xf64>) -> ()
    call @printMemrefF64(%hzu) : (memref<*xf64>) -> ()

    // Scalars read back from the results.
    %first = memref.load %hout[%c0] : memref<16384xf32>
    %firsti = arith.fptosi %first : f32 to i64
    %fillread = memref.load %h4[%c0] : memref<4xf32>
    %y00 = memref.load %hy[%c0, %c0] : memref<2x2xf64>
    call @printOpen() : () -> ()
    call @printI64(%firsti) : (i64) -> ()
    call @printComma() : () -> ()
    call @printF32(%fillread) : (f32) -> ()
    call @printComma() : () -> ()
    call @printF64(%y00) : (f64) -> ()
    call @printClose() : () -> ()
    call @printNewline() : () -> ()

    gpu.dealloc %d4 : memref<4xf32>
    gpu.dealloc %din : memref<16384xf32>
    gpu.dealloc %dout : memref<16384xf32>
    gpu.dealloc %dids : memref<8xindex>
    gpu.dealloc %dx : memref<2x2xf64>
    gpu.dealloc %dy : memref<2x2xf64>
    gpu.dealloc %dz : memref<2x2xf64>
    memref.dealloc %h8 : memref<8xi32>
    memref.dealloc %h4 : memref<4xf32>
    memref.dealloc %hin : memref<16384xf32>
    memref.dealloc %hout : memref<16384xf32>
    memref.dealloc %hids : memref<8xindex>
    memref.dealloc %hx : memref<2x2xf64>
    memref.dealloc %hy : memref<2x2xf64>
    memref.dealloc %hz : memref<2x2xf64>
    return
  }
}
