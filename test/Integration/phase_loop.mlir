// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-lower-to-nvvm=format=isa -o /dev/null
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}

// Per-thread loops with uniform bounds, each alone between barriers (so
// that aggregation gives each a phase of its own), in blocks of 80
// threads (3 virtual threads per lane, the last only half active): one of
// 8 constant iterations, one of %n. Thread t of a block computes
// 3 t + sum_k<8 (k + 1) tile[(t + k) mod 80] and t + sum_k<n tile[t k mod 80].
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%in: memref<160xi32>, %out1: memref<160xi32>, %out2: memref<160xi32>, %n: index)
        workgroup(%tile: memref<80xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 80, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c8 = arith.constant 8 : index
      %c80 = arith.constant 80 : index
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      %g = gpu.global_id x
      %x = memref.load %in[%g] : memref<160xi32>
      memref.store %x, %tile[%t] : memref<80xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %t3 = arith.muli %t, %c3 : index
      %init = arith.index_cast %t3 : index to i32
      %r1 = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (i32) {
        %s = arith.addi %t, %k : index
        %i = arith.remui %s, %c80 : index
        %y = memref.load %tile[%i] : memref<80xi32, #gpu.address_space<workgroup>>
        %k32 = arith.index_cast %k : index to i32
        %w = arith.addi %k32, %one : i32
        %p = arith.muli %y, %w : i32
        %next = arith.addi %acc, %p : i32
        scf.yield %next : i32
      }
      gpu.barrier
      %init2 = arith.index_cast %t : index to i32
      %r2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init2) -> (i32) {
        %s = arith.muli %t, %k : index
        %i = arith.remui %s, %c80 : index
        %y = memref.load %tile[%i] : memref<80xi32, #gpu.address_space<workgroup>>
        %next = arith.addi %acc, %y : i32
        scf.yield %next : i32
      }
      gpu.barrier
      memref.store %r1, %out1[%g] : memref<160xi32>
      memref.store %r2, %out2[%g] : memref<160xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %c80 = arith.constant 80 : index
    %c160 = arith.constant 160 : index
    %h = memref.alloc() : memref<160xi32>
    scf.for %i = %c0 to %c160 step %c1 {
      %a = arith.muli %i, %c7 : index
      %b = arith.remui %a, %c13 : index
      %v = arith.index_cast %b : index to i32
      memref.store %v, %h[%i] : memref<160xi32>
    }
    %d = gpu.alloc () : memref<160xi32>
    %o1 = gpu.alloc () : memref<160xi32>
    %o2 = gpu.alloc () : memref<160xi32>
    gpu.memcpy %d, %h : memref<160xi32>, memref<160xi32>
    gpu.launch_func @m::@k blocks in (%c2, %c1, %c1) threads in (%c80, %c1, %c1)
        args(%d : memref<160xi32>, %o1 : memref<160xi32>, %o2 : memref<160xi32>, %c5 : index)
    %u = memref.cast %h : memref<160xi32> to memref<*xi32>
    gpu.memcpy %h, %o1 : memref<160xi32>, memref<160xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.memcpy %h, %o2 : memref<160xi32>, memref<160xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [160]
// CHECK-NEXT: [214,  209,  256,  251,  298,  293,  236,  244,  200,  221,  190,  224,  206,  253,  248,  295,  290,  337,  332,  275,  283,  239,  260,  229,  263,  245,  292,  287,  334,  329,  376,  371,  314,  322,  278,  299,  268,  302,  284,  331,  326,  373,  368,  415,  410,  353,  361,  317,  338,  307,  341,  323,  370,  365,  412,  407,  454,  449,  392,  400,  356,  377,  346,  380,  362,  409,  404,  451,  446,  493,  488,  431,  439,  387,  401,  364,  393,  371,  415,  408,  250,  245,  292,  287,  230,  238,  194,  215,  184,  218,  200,  247,  242,  289,  284,  331,  326,  269,  277,  233,  254,  223,  257,  239,  286,  281,  328,  323,  370,  365,  308,  316,  272,  293,  262,  296,  278,  325,  320,  367,  362,  409,  404,  347,  355,  311,  332,  301,  335,  317,  364,  359,  406,  401,  448,  443,  386,  394,  350,  371,  340,  374,  356,  403,  398,  445,  440,  487,  482,  425,  433,  389,  410,  371,  398,  374,  416,  407,  451,  444]
// CHECK: sizes = [160]
// CHECK-NEXT: [0,  19,  12,  31,  24,  30,  36,  29,  35,  41,  34,  53,  46,  13,  32,  25,  44,  37,  43,  49,  41,  47,  53,  46,  65,  58,  38,  43,  36,  55,  48,  54,  60,  53,  59,  65,  58,  77,  70,  63,  54,  47,  66,  59,  65,  71,  77,  70,  76,  69,  88,  81,  87,  67,  59,  78,  71,  90,  83,  89,  81,  87,  80,  99,  92,  98,  91,  71,  90,  83,  102,  95,  101,  94,  100,  93,  112,  105,  111,  104,  5,  24,  17,  36,  29,  35,  28,  34,  27,  46,  39,  45,  38,  18,  37,  30,  49,  42,  48,  41,  46,  39,  58,  51,  57,  50,  30,  48,  41,  60,  53,  59,  65,  58,  64,  70,  63,  69,  62,  42,  59,  52,  71,  64,  70,  76,  69,  75,  81,  74,  80,  86,  66,  72,  64,  83,  76,  82,  88,  81,  86,  92,  85,  91,  97,  90,  83,  76,  95,  88,  94,  100,  106,  99,  105,  98,  104,  110,  103,  96]
