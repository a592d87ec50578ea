// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics{per-block=0})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics{per-block=0},gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics{per-block=0},gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_75}))' | FileCheck %s
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-aggregate-atomics,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-aggregate-atomics 2>&1 | FileCheck %s --check-prefix=IR
// On a GPU, printed buffers that depend on the order of the warps
// (utils/compare-gpu-outputs.py):
// GPU-ORDER: buffer 7 any: the values the atomics returned (`seen`): each thread's old value depends on the order its warp reached the address
// On the GPU the warps update in any order, so only the bins are checked:
// RUN: %if gpu-outputs %{ FileCheck %s --check-prefix=GPU < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s --check-prefix=GPU < %gpu_outputs/%{s:basename}.atomics.out %}
// RUN: wc-opt %s --wc-aggregate-atomics --wc-lower-to-nvvm=format=isa 2>/dev/null | FileCheck %s --check-prefix=PTX
// RUN: wc-opt %s --wc-aggregate-atomics --wc-lower-to-nvvm="format=isa chip=sm_75" 2>/dev/null | FileCheck %s --check-prefix=PTX75

// Warp-aggregated and, or, minima and maxima at addresses that differ
// between the lanes of a warp (bin x mod 3), on the lanes holding an even
// x: each lane keeps the old value its atomic saw (i32 signed maximum,
// unsigned minimum, and, or; an i64 signed minimum), and one unsigned
// maximum's old value is unused. 2 blocks of 64 threads over x_i =
// (7 i) mod 31. The aggregated atomics have the meaning of the lanes
// updating in lane order, which is the order the simulator runs the
// original atomics in, so every old value is the same before and after,
// lowered for sm_90 (a walk over each address's lanes where the old
// values are used, redux.sync where not) and for sm_75 (no redux.sync).
// IR: remark: wc-aggregate-atomics: aggregated per warp, not per block: its address may differ between the threads of a block
// IR: remark: wc-aggregate-atomics: 6 atomics aggregated per warp and address
// IR: wc.aggregated_atomic_rmw maxsi %{{.*}}, %{{.*}}[%{{.*}}] : memref<3xi32>
// IR: wc.aggregated_atomic_rmw minui %{{.*}}, %{{.*}}[%{{.*}}] : memref<3xi32>
// IR: wc.aggregated_atomic_rmw and %{{.*}}, %{{.*}}[%{{.*}}] : memref<3xi32>
// IR: wc.aggregated_atomic_rmw or %{{.*}}, %{{.*}}[%{{.*}}] : memref<3xi32>
// IR: wc.aggregated_atomic_rmw minsi %{{.*}}, %{{.*}}[%{{.*}}] : memref<3xi64>
// IR: wc.aggregated_atomic_rmw maxui %{{.*}}, %{{.*}}[%{{.*}}] : memref<3xi32>
// PTX: match.any.sync.b64
// PTX: atom.global.max.s32
// PTX: atom.global.min.u32
// PTX: atom.global.and.b32
// PTX: atom.global.or.b32
// PTX: atom.global.min.s64
// PTX: redux.sync.max.u32
// PTX: atom.global.max.u32
// PTX75-NOT: redux.sync
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kinds(%in: memref<128xi32>, %mx: memref<3xi32>, %mn: memref<3xi32>,
                    %an: memref<3xi32>, %orr: memref<3xi32>, %mn64: memref<3xi64>,
                    %ux: memref<3xi32>, %seen: memref<5x128xi32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i32
      %two = arith.constant 2 : i32
      %three = arith.constant 3 : i32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c64 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<128xi32>
      %r2 = arith.remsi %x, %two : i32
      %even = arith.cmpi eq, %r2, %z : i32
      scf.if %even {
        %r3 = arith.remsi %x, %three : i32
        %bin = arith.index_cast %r3 : i32 to index
        %o1 = memref.atomic_rmw maxs %x, %mx[%bin] : (i32, memref<3xi32>) -> i32
        memref.store %o1, %seen[%c0, %g] : memref<5x128xi32>
        %o2 = memref.atomic_rmw minu %x, %mn[%bin] : (i32, memref<3xi32>) -> i32
        memref.store %o2, %seen[%c1, %g] : memref<5x128xi32>
        %o3 = memref.atomic_rmw andi %x, %an[%bin] : (i32, memref<3xi32>) -> i32
        memref.store %o3, %seen[%c2, %g] : memref<5x128xi32>
        %o4 = memref.atomic_rmw ori %x, %orr[%bin] : (i32, memref<3xi32>) -> i32
        memref.store %o4, %seen[%c3, %g] : memref<5x128xi32>
        %x64 = arith.extsi %x : i32 to i64
        %o5 = memref.atomic_rmw mins %x64, %mn64[%bin] : (i64, memref<3xi64>) -> i64
        %o5t = arith.trunci %o5 : i64 to i32
        memref.store %o5t, %seen[%c4, %g] : memref<5x128xi32>
        %o6 = memref.atomic_rmw maxu %x, %ux[%bin] : (i32, memref<3xi32>) -> i32
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %c31 = arith.constant 31 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %z = arith.constant 0 : i32
    %ones = arith.constant -1 : i32
    %big = arith.constant 1000 : i64
    %h = memref.alloc() : memref<128xi32>
    scf.for %i = %c0 to %c128 step %c1 {
      %p = arith.muli %i, %c7 : index
      %q = arith.remui %p, %c31 : index
      %v = arith.index_cast %q : index to i32
      memref.store %v, %h[%i] : memref<128xi32>
    }
    %in = gpu.alloc () : memref<128xi32>
    gpu.memcpy %in, %h : memref<128xi32>, memref<128xi32>
    %mx = gpu.alloc () : memref<3xi32>
    %mn = gpu.alloc () : memref<3xi32>
    %an = gpu.alloc () : memref<3xi32>
    %orr = gpu.alloc () : memref<3xi32>
    %mn64 = gpu.alloc () : memref<3xi64>
    %ux = gpu.alloc () : memref<3xi32>
    %seen = gpu.alloc () : memref<5x128xi32>
    gpu.memset %mx, %z : memref<3xi32>, i32
    gpu.memset %mn, %ones : memref<3xi32>, i32
    gpu.memset %an, %ones : memref<3xi32>, i32
    gpu.memset %orr, %z : memref<3xi32>, i32
    %h64init = memref.alloc() : memref<3xi64>
    %c3 = arith.constant 3 : index
    scf.for %i = %c0 to %c3 step %c1 {
      memref.store %big, %h64init[%i] : memref<3xi64>
    }
    gpu.memcpy %mn64, %h64init : memref<3xi64>, memref<3xi64>
    gpu.memset %ux, %z : memref<3xi32>, i32
    gpu.memset %seen, %ones : memref<5x128xi32>, i32
    gpu.launch_func @kernels::@kinds blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<128xi32>, %mx : memref<3xi32>, %mn : memref<3xi32>,
             %an : memref<3xi32>, %orr : memref<3xi32>, %mn64 : memref<3xi64>,
             %ux : memref<3xi32>, %seen : memref<5x128xi32>)
    %hb = memref.alloc() : memref<3xi32>
    %ub = memref.cast %hb : memref<3xi32> to memref<*xi32>
    gpu.memcpy %hb, %mx : memref<3xi32>, memref<3xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    gpu.memcpy %hb, %mn : memref<3xi32>, memref<3xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    gpu.memcpy %hb, %an : memref<3xi32>, memref<3xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    gpu.memcpy %hb, %orr : memref<3xi32>, memref<3xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    gpu.memcpy %hb, %ux : memref<3xi32>, memref<3xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    %h64 = memref.alloc() : memref<3xi64>
    gpu.memcpy %h64, %mn64 : memref<3xi64>, memref<3xi64>
    %u64 = memref.cast %h64 : memref<3xi64> to memref<*xi64>
    call @printMemrefI64(%u64) : (memref<*xi64>) -> ()
    %hs = memref.alloc() : memref<5x128xi32>
    gpu.memcpy %hs, %seen : memref<5x128xi32>, memref<5x128xi32>
    %us = memref.cast %hs : memref<5x128xi32> to memref<*xi32>
    call @printMemrefI32(%us) : (memref<*xi32>) -> ()
    return
  }
}

// The bins after the launch, as the original atomics leave them (x even:
// 0, 2, ..., 30; bin 0 holds 0, 6, ..., 30, bin 1 4, 10, ..., 28, bin 2
// 2, 8, ..., 26): signed maximum, unsigned minimum, and, or, unsigned
// maximum, i64 minimum; then each lane's old values (rows: maximum,
// minimum, and, or, i64 minimum; -1 where x is odd), in lane order per
// warp and bin.
// CHECK: sizes = [3]
// GPU: sizes = [3]
// CHECK-NEXT: [30,  28,  26]
// GPU-NEXT: [30,  28,  26]
// CHECK: sizes = [3]
// GPU: sizes = [3]
// CHECK-NEXT: [0,  4,  2]
// GPU-NEXT: [0,  4,  2]
// CHECK: sizes = [3]
// GPU: sizes = [3]
// CHECK-NEXT: [0,  0,  0]
// GPU-NEXT: [0,  0,  0]
// CHECK: sizes = [3]
// GPU: sizes = [3]
// CHECK-NEXT: [30,  30,  30]
// GPU-NEXT: [30,  30,  30]
// CHECK: sizes = [3]
// GPU: sizes = [3]
// CHECK-NEXT: [30,  28,  26]
// GPU-NEXT: [30,  28,  26]
// CHECK: sizes = [3]
// GPU: sizes = [3]
// CHECK-NEXT: [0,  4,  2]
// GPU-NEXT: [0,  4,  2]
// CHECK: sizes = [5, 128]
// CHECK-NEXT: {{\[\[}}0,   -1,   0,   -1,   0,   28,   -1,   0,   -1,   -1,   14,   -1,   28,   -1,   -1,   18,   -1,   14,   26,   -1,   28,   -1,   18,   30,   -1,   26,   -1,   -1,   28,   -1,   30,   30,   -1,   26,   -1,   28,   28,   -1,   30,   -1,   -1,   26,   -1,   28,   -1,   -1,   30,   -1,   26,   26,   -1,   28,   -1,   30,   30,   -1,   26,   -1,   -1,   28,   -1,   30,   30,   -1,   26,   -1,   28,   28,   -1,   30,   -1,   -1,   26,   -1,   28,   -1,   -1,   30,   -1,   26,   26,   -1,   28,   -1,   30,   30,   -1,   26,   -1,   -1,   28,   -1,   30,   30,   -1,   26,   -1,   28,   28,   -1,   30,   -1,   -1,   26,   -1,   28,   -1,   -1,   30,   -1,   26,   26,   -1,   28,   -1,   30,   30,   -1,   26,   -1,   -1,   28,   -1,   30,   30,   -1,   26,   -1],
// CHECK-NEXT: [-1,   -1,   -1,   -1,   -1,   28,   -1,   0,   -1,   -1,   14,   -1,   4,   -1,   -1,   0,   -1,   8,   8,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   4,   4,   -1,   0,   -1,   -1,   2,   -1,   4,   -1,   -1,   0,   -1,   2,   2,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   4,   4,   -1,   0,   -1,   -1,   2,   -1,   4,   -1,   -1,   0,   -1,   2,   2,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   4,   4,   -1,   0,   -1,   -1,   2,   -1,   4,   -1,   -1,   0,   -1,   2,   2,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   -1,   4,   -1,   0,   0,   -1,   2,   -1],
// CHECK-NEXT: [-1,   -1,   -1,   -1,   -1,   28,   -1,   0,   -1,   -1,   14,   -1,   4,   -1,   -1,   0,   -1,   8,   8,   -1,   4,   -1,   0,   0,   -1,   0,   -1,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   -1,   0,   -1,   0,   -1,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   -1,   0,   -1,   0,   -1,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   -1,   0,   -1,   0,   -1,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   0,   0,   -1,   0,   -1,   -1,   0,   -1,   0,   0,   -1,   0,   -1],
// CHECK-NEXT: [0,   -1,   0,   -1,   0,   28,   -1,   0,   -1,   -1,   14,   -1,   28,   -1,   -1,   18,   -1,   14,   30,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   -1,   30,   -1,   30,   -1,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   -1,   30,   -1,   30,   -1,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   -1,   30,   -1,   30,   -1,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   30,   30,   -1,   30,   -1,   -1,   30,   -1,   30,   30,   -1,   30,   -1],
// CHECK-NEXT: [1000,   -1,   1000,   -1,   1000,   28,   -1,   0,   -1,   -1,   14,   -1,   4,   -1,   -1,   0,   -1,   8,   8,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   4,   4,   -1,   0,   -1,   -1,   2,   -1,   4,   -1,   -1,   0,   -1,   2,   2,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   4,   4,   -1,   0,   -1,   -1,   2,   -1,   4,   -1,   -1,   0,   -1,   2,   2,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   4,   4,   -1,   0,   -1,   -1,   2,   -1,   4,   -1,   -1,   0,   -1,   2,   2,   -1,   4,   -1,   0,   0,   -1,   2,   -1,   -1,   4,   -1,   0,   0,   -1,   2,   -1]]
