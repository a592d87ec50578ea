// RUN: wc-opt %s --wc-aggregate --wc-vectorize 2>/dev/null | FileCheck %s
// After aggregation the loops are in phases of a warp job, each lane
// running them for its virtual threads. Where a thread's part of every
// address is a multiple of 16 bytes (`t * 8` floats), the test of the
// alignment is the same for all virtual threads and lanes: it is made once,
// before the phase, which it versions, so that the virtual threads' vector
// loads are issued together. Where it is not (`t * 6` floats), each loop
// keeps its own test.
// The outputs as written, aggregated, aggregated and vectorized, and that
// lowered, with the view aligned (the vector phase runs) and starting one
// element later (the scalar phase runs): the same.
// RUN: wc-sim %s | sed 's/base@ = [0-9a-fx]*//' > %t.before
// RUN: FileCheck %s --check-prefix=EXEC --input-file=%t.before
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-vectorize)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.after
// RUN: diff %t.before %t.after
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-vectorize,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.lowered
// RUN: diff %t.before %t.lowered
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-vectorize)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.clean
// RUN: diff %t.before %t.clean
// RUN: sed 's/shift = arith.constant 0 : index/shift = arith.constant 1 : index/' %s > %t.shifted.mlir
// RUN: wc-sim %t.shifted.mlir | sed 's/base@ = [0-9a-fx]*//' > %t.shifted.before
// RUN: wc-sim %t.shifted.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-vectorize)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.shifted.after
// RUN: diff %t.shifted.before %t.shifted.after
// RUN: not diff %t.before %t.shifted.before
// Made true always, the hoisted test lets the shifted view's vector loads
// run, misaligned, which the simulator reports as the GPU would fault:
// RUN: wc-opt %t.shifted.mlir --wc-aggregate --wc-vectorize 2>/dev/null | sed 's/arith.cmpi eq,/arith.cmpi sge,/' > %t.untested.mlir
// RUN: not wc-sim %t.untested.mlir 2>&1 | FileCheck %s --check-prefix=UNTESTED
// UNTESTED: error: {{.*}}misaligned vector access: 16 bytes said to be aligned to 16
// In the PTX, the vector phase: both virtual threads' loads with no test
// or branch between them.
// RUN: wc-opt %s --wc-aggregate --wc-vectorize --wc-lower-to-nvvm=format=isa 2>/dev/null | %extract-ptx | FileCheck %s --check-prefix=PTX
// PTX: .entry sums
// PTX: ld.global.v4.b32
// PTX-NOT: {{bra|setp}}
// PTX: ld.global.v4.b32
// PTX-NOT: {{bra|setp}}
// PTX: ld.global.v4.b32 {{.*}}+1024]
// PTX-NOT: {{bra|setp}}
// PTX: ld.global.v4.b32 {{.*}}+1040]
// PTX: ret;

// CHECK-LABEL: gpu.func @sums
// CHECK: wc.warp_job block [64, 1, 1] virtual_threads 2 {
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: wc.vthreads
// CHECK-NOT: scf.if
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<2x512xf32, strided<[516, 1], offset: ?>>, vector<4xf32>
// CHECK: } else {
// CHECK-NEXT: wc.vthreads
// CHECK: memref.load %{{.*}} : memref<2x512xf32, strided<[516, 1], offset: ?>>
// CHECK: wc.warp_sync
// The thread's 6 floats: a test per loop, in the phase.
// CHECK: wc.vthreads
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: scf.if
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<2x512xf32, strided<[516, 1], offset: ?>>, vector<4xf32>
// CHECK: gpu.return

// Row r of `in` is 10 r + (i mod 7): the sums of each thread's 8 elements,
// then each thread's 4 first elements of its 6 minus the first sum.
// EXEC: sizes = [2, 64] strides = [64, 1] data =
// EXEC-NEXT: {{\[\[}}21,   22,   23,   24,   25,   26,   27,   21,
// EXEC: sizes = [2, 64] strides = [64, 1] data =
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @sums(%in: memref<2x512xf32, strided<[516, 1], offset: ?>>,
                   %sum: memref<2x64xf32>, %out: memref<2x64xf32>)
        workgroup(%part: memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c6 = arith.constant 6 : index
      %c8 = arith.constant 8 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %t, %c8 : index
      %s = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %zero) -> (f32) {
        %i = arith.addi %base, %j : index
        %x = memref.load %in[%b, %i] : memref<2x512xf32, strided<[516, 1], offset: ?>>
        %y = arith.addf %a, %x : f32
        scf.yield %y : f32
      }
      memref.store %s, %part[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %s, %sum[%b, %t] : memref<2x64xf32>
      gpu.barrier
      %first = memref.load %part[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      %base6 = arith.muli %t, %c6 : index
      %d = scf.for %j = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (f32) {
        %i = arith.addi %base6, %j : index
        %x = memref.load %in[%b, %i] : memref<2x512xf32, strided<[516, 1], offset: ?>>
        %y = arith.addf %a, %x : f32
        scf.yield %y : f32
      }
      %r = arith.subf %d, %first : f32
      memref.store %r, %out[%b, %t] : memref<2x64xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %c64 = arith.constant 64 : index
    %c516 = arith.constant 516 : index
    %shift = arith.constant 0 : index
    %host = memref.alloc() : memref<2x516xf32>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %i = %c0 to %c516 step %c1 {
        %a = arith.muli %r, %c10 : index
        %m = arith.remui %i, %c7 : index
        %s = arith.addi %a, %m : index
        %v = arith.index_cast %s : index to i32
        %f = arith.sitofp %v : i32 to f32
        memref.store %f, %host[%r, %i] : memref<2x516xf32>
      }
    }
    %dev = gpu.alloc () : memref<2x516xf32>
    gpu.memcpy %dev, %host : memref<2x516xf32>, memref<2x516xf32>
    %in = memref.subview %dev[0, %shift] [2, 512] [1, 1] : memref<2x516xf32> to memref<2x512xf32, strided<[516, 1], offset: ?>>
    %sum = gpu.alloc () : memref<2x64xf32>
    %out = gpu.alloc () : memref<2x64xf32>
    gpu.launch_func @kernels::@sums blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<2x512xf32, strided<[516, 1], offset: ?>>,
             %sum : memref<2x64xf32>, %out : memref<2x64xf32>)
    %hsum = memref.alloc() : memref<2x64xf32>
    gpu.memcpy %hsum, %sum : memref<2x64xf32>, memref<2x64xf32>
    %u0 = memref.cast %hsum : memref<2x64xf32> to memref<*xf32>
    call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
    %hout = memref.alloc() : memref<2x64xf32>
    gpu.memcpy %hout, %out : memref<2x64xf32>, memref<2x64xf32>
    %u1 = memref.cast %hout : memref<2x64xf32> to memref<*xf32>
    call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
    return
  }
}
