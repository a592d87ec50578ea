// RUN: wc-opt %s --wc-vectorize 2>/dev/null | FileCheck %s
// RUN: wc-opt %s --wc-vectorize -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// Each thread of a block walks 8 consecutive floats of its block's row
// (`t * 8 + j`, the blocked layout of producers): the loops load and store
// 4 elements per access, under a test of the alignment of every access.
// The outputs as written, vectorized, vectorized and lowered, and after
// canonicalize, CSE and LICM: the same, with the view aligned (the vector
// loops run) and starting one element later (the scalar loops run).
// RUN: wc-sim %s | sed 's/base@ = [0-9a-fx]*//' > %t.before
// RUN: FileCheck %s --check-prefix=EXEC --input-file=%t.before
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-vectorize)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.after
// RUN: diff %t.before %t.after
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-vectorize,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.lowered
// RUN: diff %t.before %t.lowered
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-opt %t.clean.mlir --wc-vectorize -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-vectorize)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.clean
// RUN: diff %t.before %t.clean
// RUN: sed 's/shift = arith.constant 0 : index/shift = arith.constant 1 : index/' %s > %t.shifted.mlir
// RUN: wc-sim %t.shifted.mlir | sed 's/base@ = [0-9a-fx]*//' > %t.shifted.before
// RUN: FileCheck %s --check-prefix=SHIFTED --input-file=%t.shifted.before
// RUN: wc-sim %t.shifted.mlir --pass-pipeline='builtin.module(wc-vectorize)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.shifted.after
// RUN: diff %t.shifted.before %t.shifted.after
// Without its test the shifted view's vector loads are misaligned, which
// the simulator reports as the GPU would fault (the test compares the low
// bits of the address with 0; `sge` makes it always true):
// RUN: wc-opt %t.shifted.mlir --wc-vectorize 2>/dev/null | sed 's/arith.cmpi eq,/arith.cmpi sge,/' > %t.untested.mlir
// RUN: not wc-sim %t.untested.mlir 2>&1 | FileCheck %s --check-prefix=UNTESTED
// UNTESTED: error: {{.*}}misaligned vector access: 16 bytes said to be aligned to 16 at element 1 of
// In the PTX, 16-byte global loads and stores, the private array in
// registers.
// RUN: wc-opt %s --wc-vectorize --wc-lower-to-nvvm=format=isa 2>/dev/null | %extract-ptx | FileCheck %s --check-prefix=PTX
// PTX: .entry rows
// PTX-NOT: .local
// PTX: ld.global.v4
// PTX: st.global.v4
// PTX: ret;

// REMARK: remark: wc-vectorize: 5 loops over consecutive elements per thread made 16-byte accesses (5 loads, 2 stores), each under a test of their alignment

// The thread's maximum: a loop-carried value threaded through 4 copies of
// the body per step.
// CHECK-LABEL: gpu.func @rows
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: %[[MAX:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK: scf.for %{{.*}} = %c0 to %c8{{.*}} step %c4{{.*}} iter_args
// CHECK: %[[V:.*]] = vector.load %{{.*}} {alignment = 16 : i64} : memref<2x64xf32, strided<[68, 1], offset: ?>>, vector<4xf32>
// CHECK: vector.extract %[[V]][0]
// CHECK: arith.maximumf
// CHECK: vector.extract %[[V]][3]
// CHECK: arith.maximumf
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c1
// CHECK: memref.load
// An elementwise loop: two loads, one store per step.
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<2x64xf32, strided<[68, 1], offset: ?>>, vector<4xf32>
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
// CHECK: %[[OUT:.*]] = vector.from_elements
// CHECK: vector.store %[[OUT]], %{{.*}} {alignment = 16 : i64} : memref<2x64xf32>, vector<4xf32>
// The loops of a private array are unrolled in both versions: no loop
// indexes the array.
// CHECK: memref.alloca() : memref<8xf32>
// CHECK-NOT: scf.for
// CHECK: gpu.return

// The input row b, element i: 10 b + (i mod 7); with shift 1 it is the
// element after. The threads' maxima and sums of their first 6 elements;
// out = in * w + the thread's maximum, w[i] = i mod 3; twice = 2 in.
// EXEC: {{\[\[}}6,   6,   6,   6,   6,   6,   6,   6,   15,   21,   20,   19,   18,   17,   16,   15],
// EXEC-NEXT: [16,   16,   16,   16,   16,   16,   16,   16,   75,   81,   80,   79,   78,   77,   76,   75]]
// EXEC: {{\[\[}}6,   7,   10,   6,   10,   16,   6,   6,   8,   6,   9,   14,
// EXEC-NEXT: [16,   27,   40,   16,   30,   46,   16,   26,   38,   16,   29,
// EXEC: {{\[\[}}0,   2,   4,   6,   8,   10,   12,   0,   2,   4,   6,
// EXEC-NEXT: [20,   22,   24,   26,   28,   30,   32,   20,   22,   24,
// SHIFTED: {{\[\[}}6,   6,   6,   6,   6,   6,   6,   6,   21,   20,   19,   18,   17,   16,   15,   21],
// SHIFTED-NEXT: [16,   16,   16,   16,   16,   16,   16,   16,   81,   80,   79,   78,   77,   76,   75,   81]]
// SHIFTED: {{\[\[}}6,   8,   12,   6,   11,   18,   6,   7,   10,   6,   10,   16,
// SHIFTED-NEXT: [16,   28,   42,   16,   31,   48,   16,   27,   40,   16,   30,
// SHIFTED: {{\[\[}}2,   4,   6,   8,   10,   12,   0,   2,   4,   6,   8,
// SHIFTED-NEXT: [22,   24,   26,   28,   30,   32,   20,   22,   24,   26,
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @rows(%in: memref<2x64xf32, strided<[68, 1], offset: ?>>,
                   %w: memref<64xf32>, %max: memref<2x16xf32>,
                   %out: memref<2x64xf32>, %twice: memref<2x64xf32>)
        kernel attributes {known_block_size = array<i32: 8, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %ninf = arith.constant 0xFF800000 : f32
      %two = arith.constant 2.0 : f32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %t, %c8 : index
      %m = scf.for %j = %c0 to %c8 step %c1 iter_args(%a = %ninf) -> (f32) {
        %i = arith.addi %base, %j : index
        %x = memref.load %in[%b, %i] : memref<2x64xf32, strided<[68, 1], offset: ?>>
        %y = arith.maximumf %a, %x : f32
        scf.yield %y : f32
      }
      memref.store %m, %max[%b, %t] : memref<2x16xf32>
      // The sum of the thread's first 6 elements: one step of 4, then 2
      // one by one.
      %zero = arith.constant 0.0 : f32
      %c6 = arith.constant 6 : index
      %s6 = scf.for %j = %c0 to %c6 step %c1 iter_args(%a = %zero) -> (f32) {
        %i = arith.addi %base, %j : index
        %x = memref.load %in[%b, %i] : memref<2x64xf32, strided<[68, 1], offset: ?>>
        %y = arith.addf %a, %x : f32
        scf.yield %y : f32
      }
      %t8 = arith.addi %t, %c8 : index
      memref.store %s6, %max[%b, %t8] : memref<2x16xf32>
      scf.for %j = %c0 to %c8 step %c1 {
        %i = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%base, %j]
        %x = memref.load %in[%b, %i] : memref<2x64xf32, strided<[68, 1], offset: ?>>
        %wi = memref.load %w[%i] : memref<64xf32>
        %y = arith.mulf %x, %wi : f32
        %z = arith.addf %y, %m : f32
        memref.store %z, %out[%b, %i] : memref<2x64xf32>
      }
      // A private array: stored by one loop, read by the next.
      %p = memref.alloca() : memref<8xf32>
      scf.for %j = %c0 to %c8 step %c1 {
        %i = arith.addi %j, %base : index
        %x = memref.load %in[%b, %i] : memref<2x64xf32, strided<[68, 1], offset: ?>>
        %y = arith.mulf %x, %two : f32
        memref.store %y, %p[%j] : memref<8xf32>
      }
      scf.for %j = %c0 to %c8 step %c1 {
        %y = memref.load %p[%j] : memref<8xf32>
        %i = arith.addi %base, %j : index
        memref.store %y, %twice[%b, %i] : memref<2x64xf32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c10 = arith.constant 10 : index
    %c64 = arith.constant 64 : index
    %c68 = arith.constant 68 : index
    %shift = arith.constant 0 : index
    %host = memref.alloc() : memref<2x68xf32>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %i = %c0 to %c68 step %c1 {
        %a = arith.muli %r, %c10 : index
        %m = arith.remui %i, %c7 : index
        %s = arith.addi %a, %m : index
        %v = arith.index_cast %s : index to i32
        %f = arith.sitofp %v : i32 to f32
        memref.store %f, %host[%r, %i] : memref<2x68xf32>
      }
    }
    %hw = memref.alloc() : memref<64xf32>
    scf.for %i = %c0 to %c64 step %c1 {
      %m = arith.remui %i, %c3 : index
      %v = arith.index_cast %m : index to i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %hw[%i] : memref<64xf32>
    }
    %dev = gpu.alloc () : memref<2x68xf32>
    gpu.memcpy %dev, %host : memref<2x68xf32>, memref<2x68xf32>
    %in = memref.subview %dev[0, %shift] [2, 64] [1, 1] : memref<2x68xf32> to memref<2x64xf32, strided<[68, 1], offset: ?>>
    %w = gpu.alloc () : memref<64xf32>
    gpu.memcpy %w, %hw : memref<64xf32>, memref<64xf32>
    %max = gpu.alloc () : memref<2x16xf32>
    %out = gpu.alloc () : memref<2x64xf32>
    %twice = gpu.alloc () : memref<2x64xf32>
    gpu.launch_func @kernels::@rows blocks in (%c2, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%in : memref<2x64xf32, strided<[68, 1], offset: ?>>, %w : memref<64xf32>,
             %max : memref<2x16xf32>, %out : memref<2x64xf32>, %twice : memref<2x64xf32>)
    %hmax = memref.alloc() : memref<2x16xf32>
    gpu.memcpy %hmax, %max : memref<2x16xf32>, memref<2x16xf32>
    %u0 = memref.cast %hmax : memref<2x16xf32> to memref<*xf32>
    call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
    %hout = memref.alloc() : memref<2x64xf32>
    gpu.memcpy %hout, %out : memref<2x64xf32>, memref<2x64xf32>
    %u1 = memref.cast %hout : memref<2x64xf32> to memref<*xf32>
    call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
    %htwice = memref.alloc() : memref<2x64xf32>
    gpu.memcpy %htwice, %twice : memref<2x64xf32>, memref<2x64xf32>
    %u2 = memref.cast %htwice : memref<2x64xf32> to memref<*xf32>
    call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
    return
  }
}
