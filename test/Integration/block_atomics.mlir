// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics)' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-aggregate-atomics 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --wc-consolidate 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion | wc-sim --pass-pipeline='builtin.module(wc-aggregate-atomics)' | FileCheck %s
// On a GPU, printed buffers that depend on the order of the warps
// (utils/compare-gpu-outputs.py):
// GPU-ORDER: buffer 2 any: the values the atomics returned (`seen`), which depend on the order the warps reached the counters
// On the GPU the atomics' order, and so the old values seen, vary between
// runs; the sums do not:
// RUN: %if gpu-outputs %{ FileCheck %s --check-prefix=GPU < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s --check-prefix=GPU < %gpu_outputs/%{s:basename}.atomics.out %}
// RUN: %if gpu-outputs %{ FileCheck %s --check-prefix=GPU < %gpu_outputs/%{s:basename}.consolidated.out %}

// Atomic additions aggregated per block, run before and after on the
// simulator, lowered, and after the clean-ups stacks run: blocks of 32x3
// threads (3 warps),
// 4 blocks over 350 elements x_g = (13 g) mod 29 - 7 (the last block
// partly past the end). Each thread with a positive element adds it to
// counter (block id mod 3), its slot computed under the conditions, and
// stores the old value it saw; the elements are also counted in one 32-bit
// counter that every thread bumps unconditionally.
// REMARK: remark: wc-aggregate-atomics: 2 atomics to a block-wide address aggregated per block (one atomic per block, two barriers)
// The counters, then the old value each thread saw: the threads of a block
// in linear order, as the original program runs them here.
// CHECK: sizes = [3]
// CHECK-NEXT: [1237,  767,  774]
// CHECK: sizes = [384]
// CHECK-NEXT: [0,  0,  6,  25,  28,  0,  44,  0,  57,  0,  67,  74,  94,  98,  115,  116,  0,  130,  0,  141,  149,  170,  175,  193,  195,  0,  210,  0,  222,  0,  231,  237,  256,  259,  0,  275,  0,  288,  0,  298,  305,  325,  329,  346,  347,  0,  361,  0,  372,  380,  401,  406,  424,  426,  0,  441,  0,  453,  0,  462,  468,  487,  490,  0,  506,  0,  519,  0,  529,  536,  556,  560,  577,  578,  0,  592,  0,  603,  611,  632,  637,  655,  657,  0,  672,  0,  684,  0,  693,  699,  718,  721,  0,  737,  0,  750,  0,  0,  7,  27,  31,  48,  49,  0,  63,  0,  74,  82,  103,  108,  126,  128,  0,  143,  0,  155,  0,  164,  170,  189,  192,  0,  208,  0,  221,  0,  231,  238,  258,  262,  279,  280,  0,  294,  0,  305,  313,  334,  339,  357,  359,  0,  374,  0,  386,  0,  395,  401,  420,  423,  0,  439,  0,  452,  0,  462,  469,  489,  493,  510,  511,  0,  525,  0,  536,  544,  565,  570,  588,  590,  0,  605,  0,  617,  0,  626,  632,  651,  654,  0,  670,  0,  683,  0,  693,  700,  720,  724,  741,  742,  0,  756,  0,  0,  8,  29,  34,  52,  54,  0,  69,  0,  81,  0,  90,  96,  115,  118,  0,  134,  0,  147,  0,  157,  164,  184,  188,  205,  206,  0,  220,  0,  231,  239,  260,  265,  283,  285,  0,  300,  0,  312,  0,  321,  327,  346,  349,  0,  365,  0,  378,  0,  388,  395,  415,  419,  436,  437,  0,  451,  0,  462,  470,  491,  496,  514,  516,  0,  531,  0,  543,  0,  552,  558,  577,  580,  0,  596,  0,  609,  0,  619,  626,  646,  650,  667,  668,  0,  682,  0,  693,  701,  722,  727,  745,  747,  0,  762,  0,  760,  0,  769,  775,  794,  797,  0,  813,  0,  826,  0,  836,  843,  863,  867,  884,  885,  0,  899,  0,  910,  918,  939,  944,  962,  964,  0,  979,  0,  991,  0,  1000,  1006,  1025,  1028,  0,  1044,  0,  1057,  0,  1067,  1074,  1094,  1098,  1115,  1116,  0,  1130,  0,  1141,  1149,  1170,  1175,  1193,  1195,  0,  1210,  0,  1222,  0,  1231,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
// CHECK: sizes = [1]
// CHECK-NEXT: [350]
// GPU: sizes = [3]
// GPU-NEXT: [1237,  767,  774]
// GPU: sizes = [1]
// GPU-NEXT: [350]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @count(%in: memref<?xi64>, %seen: memref<?xi64>, %n: index,
                    %counters: memref<?xi64>, %total: memref<1xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %c32 = arith.constant 32 : index
      %c96 = arith.constant 96 : index
      %zero = arith.constant 0 : i64
      %one = arith.constant 1 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %b = gpu.block_id x
      %row = arith.muli %ty, %c32 : index
      %t = arith.addi %row, %tx : index
      %base = arith.muli %b, %c96 : index
      %g = arith.addi %base, %t : index
      %inside = arith.cmpi ult, %g, %n : index
      scf.if %inside {
        %x = memref.load %in[%g] : memref<?xi64>
        %positive = arith.cmpi sgt, %x, %zero : i64
        %bump = memref.atomic_rmw addi %one, %total[%c0] : (i32, memref<1xi32>) -> i32
        scf.if %positive {
          %slot = arith.remui %b, %c3 : index
          %old = memref.atomic_rmw addi %x, %counters[%slot] : (i64, memref<?xi64>) -> i64
          memref.store %old, %seen[%g] : memref<?xi64>
        }
      }
      gpu.return
    }
  }

  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c13 = arith.constant 13 : index
    %c29 = arith.constant 29 : index
    %c32 = arith.constant 32 : index
    %c350 = arith.constant 350 : index
    %c384 = arith.constant 384 : index
    %seven = arith.constant 7 : i64
    %z = arith.constant 0 : i64
    %z32 = arith.constant 0 : i32
    %h = memref.alloc() : memref<384xi64>
    scf.for %i = %c0 to %c384 step %c1 {
      %p = arith.muli %i, %c13 : index
      %q = arith.remui %p, %c29 : index
      %v = arith.index_cast %q : index to i64
      %w = arith.subi %v, %seven : i64
      memref.store %w, %h[%i] : memref<384xi64>
    }
    %in = gpu.alloc () : memref<384xi64>
    %seen = gpu.alloc () : memref<384xi64>
    %counters = gpu.alloc () : memref<3xi64>
    %total = gpu.alloc () : memref<1xi32>
    gpu.memcpy %in, %h : memref<384xi64>, memref<384xi64>
    // (No 64-bit gpu.memset on the device; zeros copied from the host.)
    %hz = memref.alloc() : memref<384xi64>
    scf.for %i = %c0 to %c384 step %c1 {
      memref.store %z, %hz[%i] : memref<384xi64>
    }
    %hz3 = memref.subview %hz[0] [3] [1] : memref<384xi64> to memref<3xi64>
    gpu.memcpy %seen, %hz : memref<384xi64>, memref<384xi64>
    gpu.memcpy %counters, %hz3 : memref<3xi64>, memref<3xi64>
    gpu.memset %total, %z32 : memref<1xi32>, i32
    %ind = memref.cast %in : memref<384xi64> to memref<?xi64>
    %seend = memref.cast %seen : memref<384xi64> to memref<?xi64>
    %countersd = memref.cast %counters : memref<3xi64> to memref<?xi64>
    gpu.launch_func @kernels::@count blocks in (%c4, %c1, %c1) threads in (%c32, %c3, %c1)
        args(%ind : memref<?xi64>, %seend : memref<?xi64>, %c350 : index,
             %countersd : memref<?xi64>, %total : memref<1xi32>)
    %hc = memref.alloc() : memref<3xi64>
    %hs = memref.alloc() : memref<384xi64>
    %ht = memref.alloc() : memref<1xi32>
    gpu.memcpy %hc, %counters : memref<3xi64>, memref<3xi64>
    gpu.memcpy %hs, %seen : memref<384xi64>, memref<384xi64>
    gpu.memcpy %ht, %total : memref<1xi32>, memref<1xi32>
    %u0 = memref.cast %hc : memref<3xi64> to memref<*xi64>
    call @printMemrefI64(%u0) : (memref<*xi64>) -> ()
    %u1 = memref.cast %hs : memref<384xi64> to memref<*xi64>
    call @printMemrefI64(%u1) : (memref<*xi64>) -> ()
    %u2 = memref.cast %ht : memref<1xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    return
  }
}
