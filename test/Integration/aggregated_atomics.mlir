// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics)' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics{reassociate-floats=1})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics{reassociate-floats=1},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics{per-block=0})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics{per-block=0},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-aggregate-atomics 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --wc-aggregate-atomics=reassociate-floats=1 2>/dev/null | FileCheck %s --check-prefix=BLOCK
// RUN: wc-opt %s --wc-aggregate-atomics="reassociate-floats=1 per-block=0" 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: wc-opt %s --wc-aggregate-atomics --wc-lower-to-nvvm=format=isa 2>/dev/null | FileCheck %s --check-prefix=PTX
// On a GPU, printed buffers that depend on the order of the warps
// (utils/compare-gpu-outputs.py):
// GPU-ORDER: buffer 2 permutation: the compacted elements: each went to the slot its atomic returned, so the slots depend on the order the warps arrived
// GPU-ORDER: buffer 5 any: the values the 64-bit atomics returned (`seen`), which depend on that order

// Atomics that many threads of a warp aim at few addresses, run before and
// after wc-aggregate-atomics on the simulator, and lowered:
// - stream compaction: the threads holding a multiple of 3 take a slot from
//   a counter (the returned old value) and write their element there;
// - a histogram of 4 bins in global memory;
// - a 64-bit sum of the elements, each thread keeping the old value it saw;
// - a float sum (aggregated only with reassociate-floats; the values are
//   small integers, whose sums are exact in either order).
// 2 blocks of 96 threads over 192 elements x_i = (7 i) mod 31.
// The counter, the 64-bit sum and the maximum, at the same address in
// every thread of a block, are aggregated per block (the counter's atomic
// taken out of its condition); the histogram, whose bin varies, per warp.
// REMARK: remark: wc-aggregate-atomics: aggregated per warp, not per block: its address may differ between the threads of a block
// REMARK: remark: wc-aggregate-atomics: left unchanged: a float addition would be reassociated (the group's values summed before they reach memory); allow it with reassociate-floats
// REMARK: remark: wc-aggregate-atomics: 1 atomic aggregated per warp and address
// REMARK: remark: wc-aggregate-atomics: 3 atomics to a block-wide address aggregated per block (one atomic per block, two barriers)
// Per block: each warp's exclusive scan, its total and activity in
// workgroup memory, a barrier, warp 0 scans the totals and one lane
// updates memory, a barrier; 3 warps.
// BLOCK-LABEL: gpu.func @atomics
// BLOCK-SAME: workgroup(%{{.*}} : memref<4xi32, #gpu.address_space<workgroup>>, %{{.*}} : memref<3xi32, #gpu.address_space<workgroup>>, %{{.*}} : memref<4xi64, #gpu.address_space<workgroup>>, %{{.*}} : memref<3xi32, #gpu.address_space<workgroup>>, %{{.*}} : memref<4xi32, #gpu.address_space<workgroup>>, %{{.*}} : memref<3xi32, #gpu.address_space<workgroup>>)
// BLOCK: wc.scan exclusive add %{{.*}} : i32
// BLOCK: gpu.barrier
// BLOCK: wc.scan exclusive add %{{.*}} : i32
// BLOCK: memref.atomic_rmw addi %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<1xi32>) -> i32
// BLOCK: gpu.barrier
// BLOCK: wc.aggregated_atomic_add %{{.*}}, %{{.*}}[%{{.*}}] : memref<4xi32>
// BLOCK: wc.scan exclusive add %{{.*}} : i64
// BLOCK: memref.atomic_rmw addi %{{.*}}, %{{.*}}[%{{.*}}] : (i64, memref<1xi64>) -> i64
// BLOCK: wc.aggregated_atomic_add %{{.*}}, %{{.*}}[%{{.*}}] : memref<1xf32>
// BLOCK: wc.scan exclusive maxsi %{{.*}} : i32
// BLOCK: memref.atomic_rmw maxs %{{.*}}, %{{.*}}[%{{.*}}] : (i32, memref<1xi32>) -> i32
// IR-LABEL: gpu.func @atomics
// IR-NOT: memref.atomic_rmw addi
// IR-COUNT-4: wc.aggregated_atomic_add
// IR: wc.aggregated_atomic_rmw maxsi %{{.*}}, %{{.*}}[%{{.*}}] : memref<1xi32>
// A constant increment is counted with population counts; the 64-bit sum
// of varying values walks the lanes of each address.
// PTX: match.any.sync.b64
// PTX: popc.b32
// The counter ends at the 68 multiples of 3, the compacted elements in the
// order the warps' lanes took their slots; the histogram; the 64-bit sum and
// the old value each thread saw; the float sum; the maximum (not
// aggregated).
// CHECK: sizes = [1]
// CHECK-NEXT: [68]
// CHECK: sizes = [192]
// CHECK-NEXT: [0,  21,  18,  15,  12,  9,  30,  6,  27,  3,  24,  0,  21,  18,  15,  12,  9,  30,  6,  27,  3,  24,  0,  21,  18,  15,  12,  9,  30,  6,  27,  3,  24,  0,  21,  18,  15,  12,  9,  30,  6,  27,  3,  24,  0,  21,  18,  15,  12,  9,  30,  6,  27,  3,  24,  0,  21,  18,  15,  12,  9,  30,  6,  27,  3,  24,  0,  21,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
// CHECK: sizes = [4]
// CHECK-NEXT: [51,  49,  49,  43]
// CHECK: sizes = [1]
// CHECK-NEXT: [2864]
// CHECK: sizes = [192]
// CHECK-NEXT: [0,  0,  7,  21,  42,  70,  74,  85,  103,  128,  129,  137,  152,  174,  203,  208,  220,  239,  265,  267,  276,  292,  315,  345,  351,  364,  384,  411,  414,  424,  441,  465,  465,  472,  486,  507,  535,  539,  550,  568,  593,  594,  602,  617,  639,  668,  673,  685,  704,  730,  732,  741,  757,  780,  810,  816,  829,  849,  876,  879,  889,  906,  930,  930,  937,  951,  972,  1000,  1004,  1015,  1033,  1058,  1059,  1067,  1082,  1104,  1133,  1138,  1150,  1169,  1195,  1197,  1206,  1222,  1245,  1275,  1281,  1294,  1314,  1341,  1344,  1354,  1371,  1395,  1395,  1402,  1416,  1437,  1465,  1469,  1480,  1498,  1523,  1524,  1532,  1547,  1569,  1598,  1603,  1615,  1634,  1660,  1662,  1671,  1687,  1710,  1740,  1746,  1759,  1779,  1806,  1809,  1819,  1836,  1860,  1860,  1867,  1881,  1902,  1930,  1934,  1945,  1963,  1988,  1989,  1997,  2012,  2034,  2063,  2068,  2080,  2099,  2125,  2127,  2136,  2152,  2175,  2205,  2211,  2224,  2244,  2271,  2274,  2284,  2301,  2325,  2325,  2332,  2346,  2367,  2395,  2399,  2410,  2428,  2453,  2454,  2462,  2477,  2499,  2528,  2533,  2545,  2564,  2590,  2592,  2601,  2617,  2640,  2670,  2676,  2689,  2709,  2736,  2739,  2749,  2766,  2790,  2790,  2797,  2811,  2832,  2860]
// CHECK: sizes = [1]
// CHECK-NEXT: [2864]
// CHECK: sizes = [1]
// CHECK-NEXT: [30]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @atomics(%in: memref<192xi32>, %out: memref<192xi32>,
                      %count: memref<1xi32>, %hist: memref<4xi32>,
                      %sum: memref<1xi64>, %seen: memref<192xi64>,
                      %fsum: memref<1xf32>, %max: memref<1xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c96 = arith.constant 96 : index
      %one = arith.constant 1 : i32
      %three = arith.constant 3 : i32
      %four = arith.constant 4 : i32
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c96 : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<192xi32>
      %r = arith.remui %x, %three : i32
      %keep = arith.cmpi eq, %r, %zero : i32
      scf.if %keep {
        %slot = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
        %s = arith.index_cast %slot : i32 to index
        memref.store %x, %out[%s] : memref<192xi32>
      }
      %binv = arith.remui %x, %four : i32
      %bin = arith.index_cast %binv : i32 to index
      %h = memref.atomic_rmw addi %one, %hist[%bin] : (i32, memref<4xi32>) -> i32
      %x64 = arith.extui %x : i32 to i64
      %old = memref.atomic_rmw addi %x64, %sum[%c0] : (i64, memref<1xi64>) -> i64
      memref.store %old, %seen[%g] : memref<192xi64>
      %xf = arith.uitofp %x : i32 to f32
      %f = memref.atomic_rmw addf %xf, %fsum[%c0] : (f32, memref<1xf32>) -> f32
      %m = memref.atomic_rmw maxs %x, %max[%c0] : (i32, memref<1xi32>) -> i32
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c96 = arith.constant 96 : index
    %c192 = arith.constant 192 : index
    %c7 = arith.constant 7 : index
    %c31 = arith.constant 31 : index
    %z32 = arith.constant 0 : i32
    %z64 = arith.constant 0 : i64
    %zf = arith.constant 0.0 : f32
    %hin = memref.alloc() : memref<192xi32>
    scf.for %i = %c0 to %c192 step %c1 {
      %p = arith.muli %i, %c7 : index
      %q = arith.remui %p, %c31 : index
      %v = arith.index_cast %q : index to i32
      memref.store %v, %hin[%i] : memref<192xi32>
    }
    %in = gpu.alloc () : memref<192xi32>
    %out = gpu.alloc () : memref<192xi32>
    %count = gpu.alloc () : memref<1xi32>
    %hist = gpu.alloc () : memref<4xi32>
    %sum = gpu.alloc () : memref<1xi64>
    %seen = gpu.alloc () : memref<192xi64>
    %fsum = gpu.alloc () : memref<1xf32>
    %max = gpu.alloc () : memref<1xi32>
    gpu.memcpy %in, %hin : memref<192xi32>, memref<192xi32>
    gpu.memset %out, %z32 : memref<192xi32>, i32
    gpu.memset %count, %z32 : memref<1xi32>, i32
    gpu.memset %hist, %z32 : memref<4xi32>, i32
    // (A 64-bit gpu.memset has no lowering in upstream's gpu-to-llvm: the
    // zero comes from the host, so that the program also runs on a GPU.)
    %hzero = memref.alloc() : memref<1xi64>
    memref.store %z64, %hzero[%c0] : memref<1xi64>
    gpu.memcpy %sum, %hzero : memref<1xi64>, memref<1xi64>
    gpu.memset %fsum, %zf : memref<1xf32>, f32
    gpu.memset %max, %z32 : memref<1xi32>, i32
    gpu.launch_func @kernels::@atomics blocks in (%c2, %c1, %c1) threads in (%c96, %c1, %c1)
        args(%in : memref<192xi32>, %out : memref<192xi32>, %count : memref<1xi32>,
             %hist : memref<4xi32>, %sum : memref<1xi64>, %seen : memref<192xi64>,
             %fsum : memref<1xf32>, %max : memref<1xi32>)
    %hout = memref.alloc() : memref<192xi32>
    %hcount = memref.alloc() : memref<1xi32>
    %hhist = memref.alloc() : memref<4xi32>
    %hsum = memref.alloc() : memref<1xi64>
    %hseen = memref.alloc() : memref<192xi64>
    %hfsum = memref.alloc() : memref<1xf32>
    %hmax = memref.alloc() : memref<1xi32>
    gpu.memcpy %hout, %out : memref<192xi32>, memref<192xi32>
    gpu.memcpy %hcount, %count : memref<1xi32>, memref<1xi32>
    gpu.memcpy %hhist, %hist : memref<4xi32>, memref<4xi32>
    gpu.memcpy %hsum, %sum : memref<1xi64>, memref<1xi64>
    gpu.memcpy %hseen, %seen : memref<192xi64>, memref<192xi64>
    gpu.memcpy %hfsum, %fsum : memref<1xf32>, memref<1xf32>
    gpu.memcpy %hmax, %max : memref<1xi32>, memref<1xi32>
    %u0 = memref.cast %hcount : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u0) : (memref<*xi32>) -> ()
    %u1 = memref.cast %hout : memref<192xi32> to memref<*xi32>
    call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %u2 = memref.cast %hhist : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    %u3 = memref.cast %hsum : memref<1xi64> to memref<*xi64>
    call @printMemrefI64(%u3) : (memref<*xi64>) -> ()
    %u4 = memref.cast %hseen : memref<192xi64> to memref<*xi64>
    call @printMemrefI64(%u4) : (memref<*xi64>) -> ()
    %u5 = memref.cast %hfsum : memref<1xf32> to memref<*xf32>
    call @printMemrefF32(%u5) : (memref<*xf32>) -> ()
    %u6 = memref.cast %hmax : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u6) : (memref<*xi32>) -> ()
    return
  }
}
