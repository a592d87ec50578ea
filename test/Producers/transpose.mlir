// RUN: wc-opt %s --transform-interpreter --symbol-dce --convert-linalg-to-loops \
// RUN:   --lower-affine --gpu-launch-sink-index-computations --gpu-kernel-outlining \
// RUN:   --canonicalize --cse -o %t.mlir
// RUN: FileCheck %s --check-prefix=STRIPPED --input-file=%t.mlir
// RUN: wc-sim %t.mlir | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}
// RUN: wc-sim %t.mlir %lowered | FileCheck %s
// RUN: wc-sim %t.mlir %aggregated | FileCheck %s
// RUN: wc-sim %t.mlir %aggregated_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %remapped | FileCheck %s
// RUN: wc-sim %t.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %delegated | FileCheck %s
// RUN: wc-sim %t.mlir %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %t.mlir %consolidated | FileCheck %s
// RUN: wc-sim %t.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-opt %t.mlir --wc-aggregate 2>&1 >/dev/null | FileCheck %s --check-prefix=AGG
// RUN: wc-opt %t.mlir --canonicalize --cse --loop-invariant-code-motion -o %t.licm.mlir
// RUN: wc-sim %t.licm.mlir | FileCheck %s
// RUN: wc-sim %t.licm.mlir %lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %aggregated | FileCheck %s
// RUN: wc-sim %t.licm.mlir %aggregated_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %remapped | FileCheck %s
// RUN: wc-sim %t.licm.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %delegated | FileCheck %s
// RUN: wc-sim %t.licm.mlir %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %t.licm.mlir %consolidated | FileCheck %s
// RUN: wc-sim %t.licm.mlir %consolidated_lowered | FileCheck %s
// The cost model measuring candidates (here with the ptxas stand-in's
// figures), on the generated and the cleaned-up kernel: the candidate does
// not spill, so the kernel is aggregated (its tile stays in shared memory,
// padded against bank conflicts); 6 jobs are too few for agents, so it is
// not delegated; it runs as before.
// RUN: env WC_FAKE_PTXAS=transpose_kernel@256=21,transpose_kernel@32=64,transpose_kernel@128=64 \
// RUN:   wc-opt %t.mlir --wc-consolidate=ptxas=%fake_ptxas -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MEASURED
// RUN: env WC_FAKE_PTXAS=transpose_kernel@256=21,transpose_kernel@32=64,transpose_kernel@128=64 \
// RUN:   wc-opt %t.licm.mlir --wc-consolidate=ptxas=%fake_ptxas -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MEASURED
// RUN: env WC_FAKE_PTXAS=transpose_kernel@256=21,transpose_kernel@32=64,transpose_kernel@128=64 \
// RUN:   wc-sim %t.licm.mlir %measured_lowered | FileCheck %s
// MEASURED: remark: wc-consolidate: aggregate and remap (2 barriers, workgroup memory)
// MEASURED: remark: wc-consolidate: not delegated: at most 6 jobs per launch
//
// The buffer-level route (transform.structured.promote: i8 alloc + memref.view + dealloc):
// RUN: wc-opt %s --transform-interpreter=entry-point=promote --symbol-dce \
// RUN:   --convert-linalg-to-loops --lower-affine --gpu-launch-sink-index-computations \
// RUN:   --gpu-kernel-outlining --canonicalize --cse -o %t.promote.mlir
// RUN: FileCheck %s --check-prefix=VIEW --input-file=%t.promote.mlir
// RUN: wc-sim %t.promote.mlir | FileCheck %s
// RUN: wc-sim %t.promote.mlir %lowered | FileCheck %s
// RUN: wc-sim %t.promote.mlir %aggregated | FileCheck %s
// RUN: wc-sim %t.promote.mlir %aggregated_lowered | FileCheck %s
// RUN: wc-sim %t.promote.mlir %remapped | FileCheck %s
// RUN: wc-sim %t.promote.mlir %remapped_lowered | FileCheck %s
// RUN: wc-sim %t.promote.mlir %delegated | FileCheck %s
// RUN: wc-sim %t.promote.mlir %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %t.promote.mlir %consolidated | FileCheck %s
// RUN: wc-sim %t.promote.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-opt %t.promote.mlir --wc-aggregate 2>&1 >/dev/null | FileCheck %s --check-prefix=AGG

// STRIPPED-NOT: transform.
// STRIPPED: gpu.module @transpose_kernel
// STRIPPED-NOT: transform.
// STRIPPED: memref.alloc() {{.*}} : memref<32x32xi32, #gpu.address_space<workgroup>>
// VIEW: memref.alloc() : memref<4096xi8, #gpu.address_space<workgroup>>
// VIEW: memref.view
// VIEW: memref.dealloc
// AGG: remark: wc-aggregate: coarsened: one warp per 256-thread block

// A 64x96 -> 96x64 i32 linalg.transpose as a GPU kernel from upstream MLIR's
// transform dialect: 32x32 output tiles to blocks, the input tile put into
// workgroup memory, the copy distributed over 32x8 threads so that each
// thread loads 4 rows of one column of the tile (coalesced), and the
// transpose distributed the same way over the output, so that each thread
// reads 4 elements of one row of the shared tile (the transposed read), then
// map_forall_to_blocks / map_nested_forall_to_threads. Two routes to
// workgroup memory: the default entry point works on tensors
// (promote_tensor, then one-shot bufferization: a typed memref.alloc),
// @promote on buffers (transform.structured.promote with memory_space =
// workgroup: memref.alloc of i8, memref.view, memref.dealloc at the end).

module attributes {gpu.container_module} {
  func.func @transpose(%in: memref<64x96xi32>, %out: memref<96x64xi32>) {
    %i = bufferization.to_tensor %in restrict : memref<64x96xi32> to tensor<64x96xi32>
    %o = bufferization.to_tensor %out restrict writable : memref<96x64xi32> to tensor<96x64xi32>
    %t = linalg.transpose ins(%i : tensor<64x96xi32>) outs(%o : tensor<96x64xi32>)
      permutation = [1, 0]
    bufferization.materialize_in_destination %t in restrict writable %out
      : (tensor<96x64xi32>, memref<96x64xi32>) -> ()
    return
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %h_in = memref.alloc() : memref<64x96xi32>
    %h_out = memref.alloc() : memref<96x64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      scf.for %j = %c0 to %c96 step %c1 {
        // in[i][j] = 96 i + j (all distinct)
        %row = arith.muli %i, %c96 : index
        %s = arith.addi %row, %j : index
        %v = arith.index_cast %s : index to i32
        memref.store %v, %h_in[%i, %j] : memref<64x96xi32>
      }
    }
    %d_in = gpu.alloc () : memref<64x96xi32>
    %d_out = gpu.alloc () : memref<96x64xi32>
    gpu.memcpy %d_in, %h_in : memref<64x96xi32>, memref<64x96xi32>
    call @transpose(%d_in, %d_out) : (memref<64x96xi32>, memref<96x64xi32>) -> ()
    gpu.memcpy %h_out, %d_out : memref<96x64xi32>, memref<96x64xi32>
    %u = memref.cast %h_out : memref<96x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }

  // The schedules; private, so --symbol-dce erases them after the interpreter.
  module @schedule attributes {transform.with_named_sequence, sym_visibility = "private"} {
    // Tensor-level route (the default entry point): the input tile of the
    // tiled transpose goes to workgroup memory with promote_tensor;
    // bufferization makes it a typed memref.alloc and the copy a
    // linalg.copy, then the copy and the transpose are distributed.
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %tr = transform.structured.match ops{["linalg.transpose"]} in %root
        : (!transform.any_op) -> !transform.any_op
      // Blocks: 32x32 tiles of the output.
      %t1, %blocks = transform.structured.tile_using_forall %tr tile_sizes [32, 32]
          (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      // The input tile into workgroup memory.
      %in = transform.get_operand %t1[0] : (!transform.any_op) -> !transform.any_value
      %p = transform.structured.promote_tensor to #gpu.address_space<workgroup> %in
        : !transform.any_value
      %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "transpose"} in %root
        : (!transform.any_op) -> !transform.any_op
      %bf = transform.bufferization.one_shot_bufferize %func {memcpy_op = "linalg.copy"}
        : (!transform.any_op) -> !transform.any_op
      // (CSE first, so that the self-copies bufferization leaves fold away.)
      transform.apply_cse to %bf : !transform.any_op
      transform.apply_patterns to %bf {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      // Copy in and transpose over 32 (x) by 8 (y) threads.
      %bl0 = transform.structured.match ops{["scf.forall"]}
          attributes {mapping = [#gpu.block<y>, #gpu.block<x>]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %copy = transform.structured.match ops{["linalg.copy"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %c, %cf = transform.structured.tile_using_forall %copy num_threads [8, 32]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %tr2 = transform.structured.match ops{["linalg.transpose"]} in %bl0
        : (!transform.any_op) -> !transform.any_op
      %t3, %tf = transform.structured.tile_using_forall %tr2 num_threads [8, 32]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      transform.apply_patterns to %bf {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      transform.apply_cse to %bf : !transform.any_op
      %bl = transform.structured.match ops{["scf.forall"]}
          attributes {mapping = [#gpu.block<y>, #gpu.block<x>]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %launch = transform.gpu.map_forall_to_blocks %bl generate_gpu_launch
        : (!transform.any_op) -> !transform.any_op
      %l2 = transform.gpu.map_nested_forall_to_threads %launch block_dims = [32, 8, 1]
        : (!transform.any_op) -> !transform.any_op
      transform.yield
    }

    // Buffer-level route (entry point @promote): bufferize first, then tile
    // and transform.structured.promote the input tile with memory_space =
    // workgroup (memref.alloc of i8 plus memref.view, memref.dealloc after).
    transform.named_sequence @promote(%root: !transform.any_op {transform.readonly}) {
      %func = transform.structured.match ops{["func.func"]} attributes {sym_name = "transpose"} in %root
        : (!transform.any_op) -> !transform.any_op
      %bf = transform.bufferization.one_shot_bufferize %func
        : (!transform.any_op) -> !transform.any_op
      %tr = transform.structured.match ops{["linalg.transpose"]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %t1, %blocks = transform.structured.tile_using_forall %tr tile_sizes [32, 32]
          (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %t2 = transform.structured.promote %t1
          {operands_to_promote = [0], memory_space = #gpu.address_space<workgroup>}
        : (!transform.any_op) -> !transform.any_op
      %copy = transform.structured.match ops{["linalg.copy"]} in %blocks
        : (!transform.any_op) -> !transform.any_op
      %c, %cf = transform.structured.tile_using_forall %copy num_threads [8, 32]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      %t3, %tf = transform.structured.tile_using_forall %t2 num_threads [8, 32]
          (mapping = [#gpu.thread<y>, #gpu.thread<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      transform.apply_patterns to %bf {
        transform.apply_patterns.canonicalization
      } : !transform.any_op
      transform.apply_cse to %bf : !transform.any_op
      %bl = transform.structured.match ops{["scf.forall"]}
          attributes {mapping = [#gpu.block<y>, #gpu.block<x>]} in %bf
        : (!transform.any_op) -> !transform.any_op
      %launch = transform.gpu.map_forall_to_blocks %bl generate_gpu_launch
        : (!transform.any_op) -> !transform.any_op
      %l2 = transform.gpu.map_nested_forall_to_threads %launch block_dims = [32, 8, 1]
        : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}

// Expected: out[j][i] = in[i][j] = 96 i + j, so row j of the output is
// j, 96 + j, 192 + j, ..., 6048 + j (python: [[96*i + j for i in range(64)] for j in range(96)]).
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 2 offset = 0 sizes = [96, 64] strides = [64, 1] data =
// CHECK-NEXT: {{\[\[}}0,   96,   192,   288,   384,   480,   576,   672,   768,   864,   960,   1056,   1152,   1248,   1344,   1440,   1536,   1632,   1728,   1824,   1920,   2016,   2112,   2208,   2304,   2400,   2496,   2592,   2688,   2784,   2880,   2976,   3072,   3168,   3264,   3360,   3456,   3552,   3648,   3744,   3840,   3936,   4032,   4128,   4224,   4320,   4416,   4512,   4608,   4704,   4800,   4896,   4992,   5088,   5184,   5280,   5376,   5472,   5568,   5664,   5760,   5856,   5952,   6048],
// CHECK-NEXT: [1,   97,   193,   289,   385,   481,   577,   673,   769,   865,   961,   1057,   1153,   1249,   1345,   1441,   1537,   1633,   1729,   1825,   1921,   2017,   2113,   2209,   2305,   2401,   2497,   2593,   2689,   2785,   2881,   2977,   3073,   3169,   3265,   3361,   3457,   3553,   3649,   3745,   3841,   3937,   4033,   4129,   4225,   4321,   4417,   4513,   4609,   4705,   4801,   4897,   4993,   5089,   5185,   5281,   5377,   5473,   5569,   5665,   5761,   5857,   5953,   6049],
// CHECK-NEXT: [2,   98,   194,   290,   386,   482,   578,   674,   770,   866,   962,   1058,   1154,   1250,   1346,   1442,   1538,   1634,   1730,   1826,   1922,   2018,   2114,   2210,   2306,   2402,   2498,   2594,   2690,   2786,   2882,   2978,   3074,   3170,   3266,   3362,   3458,   3554,   3650,   3746,   3842,   3938,   4034,   4130,   4226,   4322,   4418,   4514,   4610,   4706,   4802,   4898,   4994,   5090,   5186,   5282,   5378,   5474,   5570,   5666,   5762,   5858,   5954,   6050],
// CHECK-NEXT: [3,   99,   195,   291,   387,   483,   579,   675,   771,   867,   963,   1059,   1155,   1251,   1347,   1443,   1539,   1635,   1731,   1827,   1923,   2019,   2115,   2211,   2307,   2403,   2499,   2595,   2691,   2787,   2883,   2979,   3075,   3171,   3267,   3363,   3459,   3555,   3651,   3747,   3843,   3939,   4035,   4131,   4227,   4323,   4419,   4515,   4611,   4707,   4803,   4899,   4995,   5091,   5187,   5283,   5379,   5475,   5571,   5667,   5763,   5859,   5955,   6051],
// CHECK-NEXT: [4,   100,   196,   292,   388,   484,   580,   676,   772,   868,   964,   1060,   1156,   1252,   1348,   1444,   1540,   1636,   1732,   1828,   1924,   2020,   2116,   2212,   2308,   2404,   2500,   2596,   2692,   2788,   2884,   2980,   3076,   3172,   3268,   3364,   3460,   3556,   3652,   3748,   3844,   3940,   4036,   4132,   4228,   4324,   4420,   4516,   4612,   4708,   4804,   4900,   4996,   5092,   5188,   5284,   5380,   5476,   5572,   5668,   5764,   5860,   5956,   6052],
// CHECK-NEXT: [5,   101,   197,   293,   389,   485,   581,   677,   773,   869,   965,   1061,   1157,   1253,   1349,   1445,   1541,   1637,   1733,   1829,   1925,   2021,   2117,   2213,   2309,   2405,   2501,   2597,   2693,   2789,   2885,   2981,   3077,   3173,   3269,   3365,   3461,   3557,   3653,   3749,   3845,   3941,   4037,   4133,   4229,   4325,   4421,   4517,   4613,   4709,   4805,   4901,   4997,   5093,   5189,   5285,   5381,   5477,   5573,   5669,   5765,   5861,   5957,   6053],
// CHECK-NEXT: [6,   102,   198,   294,   390,   486,   582,   678,   774,   870,   966,   1062,   1158,   1254,   1350,   1446,   1542,   1638,   1734,   1830,   1926,   2022,   2118,   2214,   2310,   2406,   2502,   2598,   2694,   2790,   2886,   2982,   3078,   3174,   3270,   3366,   3462,   3558,   3654,   3750,   3846,   3942,   4038,   4134,   4230,   4326,   4422,   4518,   4614,   4710,   4806,   4902,   4998,   5094,   5190,   5286,   5382,   5478,   5574,   5670,   5766,   5862,   5958,   6054],
// CHECK-NEXT: [7,   103,   199,   295,   391,   487,   583,   679,   775,   871,   967,   1063,   1159,   1255,   1351,   1447,   1543,   1639,   1735,   1831,   1927,   2023,   2119,   2215,   2311,   2407,   2503,   2599,   2695,   2791,   2887,   2983,   3079,   3175,   3271,   3367,   3463,   3559,   3655,   3751,   3847,   3943,   4039,   4135,   4231,   4327,   4423,   4519,   4615,   4711,   4807,   4903,   4999,   5095,   5191,   5287,   5383,   5479,   5575,   5671,   5767,   5863,   5959,   6055],
// CHECK-NEXT: [8,   104,   200,   296,   392,   488,   584,   680,   776,   872,   968,   1064,   1160,   1256,   1352,   1448,   1544,   1640,   1736,   1832,   1928,   2024,   2120,   2216,   2312,   2408,   2504,   2600,   2696,   2792,   2888,   2984,   3080,   3176,   3272,   3368,   3464,   3560,   3656,   3752,   3848,   3944,   4040,   4136,   4232,   4328,   4424,   4520,   4616,   4712,   4808,   4904,   5000,   5096,   5192,   5288,   5384,   5480,   5576,   5672,   5768,   5864,   5960,   6056],
// CHECK-NEXT: [9,   105,   201,   297,   393,   489,   585,   681,   777,   873,   969,   1065,   1161,   1257,   1353,   1449,   1545,   1641,   1737,   1833,   1929,   2025,   2121,   2217,   2313,   2409,   2505,   2601,   2697,   2793,   2889,   2985,   3081,   3177,   3273,   3369,   3465,   3561,   3657,   3753,   3849,   3945,   4041,   4137,   4233,   4329,   4425,   4521,   4617,   4713,   4809,   4905,   5001,   5097,   5193,   5289,   5385,   5481,   5577,   5673,   5769,   5865,   5961,   6057],
// CHECK-NEXT: [10,   106,   202,   298,   394,   490,   586,   682,   778,   874,   970,   1066,   1162,   1258,   1354,   1450,   1546,   1642,   1738,   1834,   1930,   2026,   2122,   2218,   2314,   2410,   2506,   2602,   2698,   2794,   2890,   2986,   3082,   3178,   3274,   3370,   3466,   3562,   3658,   3754,   3850,   3946,   4042,   4138,   4234,   4330,   4426,   4522,   4618,   4714,   4810,   4906,   5002,   5098,   5194,   5290,   5386,   5482,   5578,   5674,   5770,   5866,   5962,   6058],
// CHECK-NEXT: [11,   107,   203,   299,   395,   491,   587,   683,   779,   875,   971,   1067,   1163,   1259,   1355,   1451,   1547,   1643,   1739,   1835,   1931,   2027,   2123,   2219,   2315,   2411,   2507,   2603,   2699,   2795,   2891,   2987,   3083,   3179,   3275,   3371,   3467,   3563,   3659,   3755,   3851,   3947,   4043,   4139,   4235,   4331,   4427,   4523,   4619,   4715,   4811,   4907,   5003,   5099,   5195,   5291,   5387,   5483,   5579,   5675,   5771,   5867,   5963,   6059],
// CHECK-NEXT: [12,   108,   204,   300,   396,   492,   588,   684,   780,   876,   972,   1068,   1164,   1260,   1356,   1452,   1548,   1644,   1740,   1836,   1932,   2028,   2124,   2220,   2316,   2412,   2508,   2604,   2700,   2796,   2892,   2988,   3084,   3180,   3276,   3372,   3468,   3564,   3660,   3756,   3852,   3948,   4044,   4140,   4236,   4332,   4428,   4524,   4620,   4716,   4812,   4908,   5004,   5100,   5196,   5292,   5388,   5484,   5580,   5676,   5772,   5868,   5964,   6060],
// CHECK-NEXT: [13,   109,   205,   301,   397,   493,   589,   685,   781,   877,   973,   1069,   1165,   1261,   1357,   1453,   1549,   1645,   1741,   1837,   1933,   2029,   2125,   2221,   2317,   2413,   2509,   2605,   2701,   2797,   2893,   2989,   3085,   3181,   3277,   3373,   3469,   3565,   3661,   3757,   3853,   3949,   4045,   4141,   4237,   4333,   4429,   4525,   4621,   4717,   4813,   4909,   5005,   5101,   5197,   5293,   5389,   5485,   5581,   5677,   5773,   5869,   5965,   6061],
// CHECK-NEXT: [14,   110,   206,   302,   398,   494,   590,   686,   782,   878,   974,   1070,   1166,   1262,   1358,   1454,   1550,   1646,   1742,   1838,   1934,   2030,   2126,   2222,   2318,   2414,   2510,   2606,   2702,   2798,   2894,   2990,   3086,   3182,   3278,   3374,   3470,   3566,   3662,   3758,   3854,   3950,   4046,   4142,   4238,   4334,   4430,   4526,   4622,   4718,   4814,   4910,   5006,   5102,   5198,   5294,   5390,   5486,   5582,   5678,   5774,   5870,   5966,   6062],
// CHECK-NEXT: [15,   111,   207,   303,   399,   495,   591,   687,   783,   879,   975,   1071,   1167,   1263,   1359,   1455,   1551,   1647,   1743,   1839,   1935,   2031,   2127,   2223,   2319,   2415,   2511,   2607,   2703,   2799,   2895,   2991,   3087,   3183,   3279,   3375,   3471,   3567,   3663,   3759,   3855,   3951,   4047,   4143,   4239,   4335,   4431,   4527,   4623,   4719,   4815,   4911,   5007,   5103,   5199,   5295,   5391,   5487,   5583,   5679,   5775,   5871,   5967,   6063],
// CHECK-NEXT: [16,   112,   208,   304,   400,   496,   592,   688,   784,   880,   976,   1072,   1168,   1264,   1360,   1456,   1552,   1648,   1744,   1840,   1936,   2032,   2128,   2224,   2320,   2416,   2512,   2608,   2704,   2800,   2896,   2992,   3088,   3184,   3280,   3376,   3472,   3568,   3664,   3760,   3856,   3952,   4048,   4144,   4240,   4336,   4432,   4528,   4624,   4720,   4816,   4912,   5008,   5104,   5200,   5296,   5392,   5488,   5584,   5680,   5776,   5872,   5968,   6064],
// CHECK-NEXT: [17,   113,   209,   305,   401,   497,   593,   689,   785,   881,   977,   1073,   1169,   1265,   1361,   1457,   1553,   1649,   1745,   1841,   1937,   2033,   2129,   2225,   2321,   2417,   2513,   2609,   2705,   2801,   2897,   2993,   3089,   3185,   3281,   3377,   3473,   3569,   3665,   3761,   3857,   3953,   4049,   4145,   4241,   4337,   4433,   4529,   4625,   4721,   4817,   4913,   5009,   5105,   5201,   5297,   5393,   5489,   5585,   5681,   5777,   5873,   5969,   6065],
// CHECK-NEXT: [18,   114,   210,   306,   402,   498,   594,   690,   786,   882,   978,   1074,   1170,   1266,   1362,   1458,   1554,   1650,   1746,   1842,   1938,   2034,   2130,   2226,   2322,   2418,   2514,   2610,   2706,   2802,   2898,   2994,   3090,   3186,   3282,   3378,   3474,   3570,   3666,   3762,   3858,   3954,   4050,   4146,   4242,   4338,   4434,   4530,   4626,   4722,   4818,   4914,   5010,   5106,   5202,   5298,   5394,   5490,   5586,   5682,   5778,   5874,   5970,   6066],
// CHECK-NEXT: [19,   115,   211,   307,   403,   499,   595,   691,   787,   883,   979,   1075,   1171,   1267,   1363,   1459,   1555,   1651,   1747,   1843,   1939,   2035,   2131,   2227,   2323,   2419,   2515,   2611,   2707,   2803,   2899,   2995,   3091,   3187,   3283,   3379,   3475,   3571,   3667,   3763,   3859,   3955,   4051,   4147,   4243,   4339,   4435,   4531,   4627,   4723,   4819,   4915,   5011,   5107,   5203,   5299,   5395,   5491,   5587,   5683,   5779,   5875,   5971,   6067],
// CHECK-NEXT: [20,   116,   212,   308,   404,   500,   596,   692,   788,   884,   980,   1076,   1172,   1268,   1364,   1460,   1556,   1652,   1748,   1844,   1940,   2036,   2132,   2228,   2324,   2420,   2516,   2612,   2708,   2804,   2900,   2996,   3092,   3188,   3284,   3380,   3476,   3572,   3668,   3764,   3860,   3956,   4052,   4148,   4244,   4340,   4436,   4532,   4628,   4724,   4820,   4916,   5012,   5108,   5204,   5300,   5396,   5492,   5588,   5684,   5780,   5876,   5972,   6068],
// CHECK-NEXT: [21,   117,   213,   309,   405,   501,   597,   693,   789,   885,   981,   1077,   1173,   1269,   1365,   1461,   1557,   1653,   1749,   1845,   1941,   2037,   2133,   2229,   2325,   2421,   2517,   2613,   2709,   2805,   2901,   2997,   3093,   3189,   3285,   3381,   3477,   3573,   3669,   3765,   3861,   3957,   4053,   4149,   4245,   4341,   4437,   4533,   4629,   4725,   4821,   4917,   5013,   5109,   5205,   5301,   5397,   5493,   5589,   5685,   5781,   5877,   5973,   6069],
// CHECK-NEXT: [22,   118,   214,   310,   406,   502,   598,   694,   790,   886,   982,   1078,   1174,   1270,   1366,   1462,   1558,   1654,   1750,   1846,   1942,   2038,   2134,   2230,   2326,   2422,   2518,   2614,   2710,   2806,   2902,   2998,   3094,   3190,   3286,   3382,   3478,   3574,   3670,   3766,   3862,   3958,   4054,   4150,   4246,   4342,   4438,   4534,   4630,   4726,   4822,   4918,   5014,   5110,   5206,   5302,   5398,   5494,   5590,   5686,   5782,   5878,   5974,   6070],
// CHECK-NEXT: [23,   119,   215,   311,   407,   503,   599,   695,   791,   887,   983,   1079,   1175,   1271,   1367,   1463,   1559,   1655,   1751,   1847,   1943,   2039,   2135,   2231,   2327,   2423,   2519,   2615,   2711,   2807,   2903,   2999,   3095,   3191,   3287,   3383,   3479,   3575,   3671,   3767,   3863,   3959,   4055,   4151,   4247,   4343,   4439,   4535,   4631,   4727,   4823,   4919,   5015,   5111,   5207,   5303,   5399,   5495,   5591,   5687,   5783,   5879,   5975,   6071],
// CHECK-NEXT: [24,   120,   216,   312,   408,   504,   600,   696,   792,   888,   984,   1080,   1176,   1272,   1368,   1464,   1560,   1656,   1752,   1848,   1944,   2040,   2136,   2232,   2328,   2424,   2520,   2616,   2712,   2808,   2904,   3000,   3096,   3192,   3288,   3384,   3480,   3576,   3672,   3768,   3864,   3960,   4056,   4152,   4248,   4344,   4440,   4536,   4632,   4728,   4824,   4920,   5016,   5112,   5208,   5304,   5400,   5496,   5592,   5688,   5784,   5880,   5976,   6072],
// CHECK-NEXT: [25,   121,   217,   313,   409,   505,   601,   697,   793,   889,   985,   1081,   1177,   1273,   1369,   1465,   1561,   1657,   1753,   1849,   1945,   2041,   2137,   2233,   2329,   2425,   2521,   2617,   2713,   2809,   2905,   3001,   3097,   3193,   3289,   3385,   3481,   3577,   3673,   3769,   3865,   3961,   4057,   4153,   4249,   4345,   4441,   4537,   4633,   4729,   4825,   4921,   5017,   5113,   5209,   5305,   5401,   5497,   5593,   5689,   5785,   5881,   5977,   6073],
// CHECK-NEXT: [26,   122,   218,   314,   410,   506,   602,   698,   794,   890,   986,   1082,   1178,   1274,   1370,   1466,   1562,   1658,   1754,   1850,   1946,   2042,   2138,   2234,   2330,   2426,   2522,   2618,   2714,   2810,   2906,   3002,   3098,   3194,   3290,   3386,   3482,   3578,   3674,   3770,   3866,   3962,   4058,   4154,   4250,   4346,   4442,   4538,   4634,   4730,   4826,   4922,   5018,   5114,   5210,   5306,   5402,   5498,   5594,   5690,   5786,   5882,   5978,   6074],
// CHECK-NEXT: [27,   123,   219,   315,   411,   507,   603,   699,   795,   891,   987,   1083,   1179,   1275,   1371,   1467,   1563,   1659,   1755,   1851,   1947,   2043,   2139,   2235,   2331,   2427,   2523,   2619,   2715,   2811,   2907,   3003,   3099,   3195,   3291,   3387,   3483,   3579,   3675,   3771,   3867,   3963,   4059,   4155,   4251,   4347,   4443,   4539,   4635,   4731,   4827,   4923,   5019,   5115,   5211,   5307,   5403,   5499,   5595,   5691,   5787,   5883,   5979,   6075],
// CHECK-NEXT: [28,   124,   220,   316,   412,   508,   604,   700,   796,   892,   988,   1084,   1180,   1276,   1372,   1468,   1564,   1660,   1756,   1852,   1948,   2044,   2140,   2236,   2332,   2428,   2524,   2620,   2716,   2812,   2908,   3004,   3100,   3196,   3292,   3388,   3484,   3580,   3676,   3772,   3868,   3964,   4060,   4156,   4252,   4348,   4444,   4540,   4636,   4732,   4828,   4924,   5020,   5116,   5212,   5308,   5404,   5500,   5596,   5692,   5788,   5884,   5980,   6076],
// CHECK-NEXT: [29,   125,   221,   317,   413,   509,   605,   701,   797,   893,   989,   1085,   1181,   1277,   1373,   1469,   1565,   1661,   1757,   1853,   1949,   2045,   2141,   2237,   2333,   2429,   2525,   2621,   2717,   2813,   2909,   3005,   3101,   3197,   3293,   3389,   3485,   3581,   3677,   3773,   3869,   3965,   4061,   4157,   4253,   4349,   4445,   4541,   4637,   4733,   4829,   4925,   5021,   5117,   5213,   5309,   5405,   5501,   5597,   5693,   5789,   5885,   5981,   6077],
// CHECK-NEXT: [30,   126,   222,   318,   414,   510,   606,   702,   798,   894,   990,   1086,   1182,   1278,   1374,   1470,   1566,   1662,   1758,   1854,   1950,   2046,   2142,   2238,   2334,   2430,   2526,   2622,   2718,   2814,   2910,   3006,   3102,   3198,   3294,   3390,   3486,   3582,   3678,   3774,   3870,   3966,   4062,   4158,   4254,   4350,   4446,   4542,   4638,   4734,   4830,   4926,   5022,   5118,   5214,   5310,   5406,   5502,   5598,   5694,   5790,   5886,   5982,   6078],
// CHECK-NEXT: [31,   127,   223,   319,   415,   511,   607,   703,   799,   895,   991,   1087,   1183,   1279,   1375,   1471,   1567,   1663,   1759,   1855,   1951,   2047,   2143,   2239,   2335,   2431,   2527,   2623,   2719,   2815,   2911,   3007,   3103,   3199,   3295,   3391,   3487,   3583,   3679,   3775,   3871,   3967,   4063,   4159,   4255,   4351,   4447,   4543,   4639,   4735,   4831,   4927,   5023,   5119,   5215,   5311,   5407,   5503,   5599,   5695,   5791,   5887,   5983,   6079],
// CHECK-NEXT: [32,   128,   224,   320,   416,   512,   608,   704,   800,   896,   992,   1088,   1184,   1280,   1376,   1472,   1568,   1664,   1760,   1856,   1952,   2048,   2144,   2240,   2336,   2432,   2528,   2624,   2720,   2816,   2912,   3008,   3104,   3200,   3296,   3392,   3488,   3584,   3680,   3776,   3872,   3968,   4064,   4160,   4256,   4352,   4448,   4544,   4640,   4736,   4832,   4928,   5024,   5120,   5216,   5312,   5408,   5504,   5600,   5696,   5792,   5888,   5984,   6080],
// CHECK-NEXT: [33,   129,   225,   321,   417,   513,   609,   705,   801,   897,   993,   1089,   1185,   1281,   1377,   1473,   1569,   1665,   1761,   1857,   1953,   2049,   2145,   2241,   2337,   2433,   2529,   2625,   2721,   2817,   2913,   3009,   3105,   3201,   3297,   3393,   3489,   3585,   3681,   3777,   3873,   3969,   4065,   4161,   4257,   4353,   4449,   4545,   4641,   4737,   4833,   4929,   5025,   5121,   5217,   5313,   5409,   5505,   5601,   5697,   5793,   5889,   5985,   6081],
// CHECK-NEXT: [34,   130,   226,   322,   418,   514,   610,   706,   802,   898,   994,   1090,   1186,   1282,   1378,   1474,   1570,   1666,   1762,   1858,   1954,   2050,   2146,   2242,   2338,   2434,   2530,   2626,   2722,   2818,   2914,   3010,   3106,   3202,   3298,   3394,   3490,   3586,   3682,   3778,   3874,   3970,   4066,   4162,   4258,   4354,   4450,   4546,   4642,   4738,   4834,   4930,   5026,   5122,   5218,   5314,   5410,   5506,   5602,   5698,   5794,   5890,   5986,   6082],
// CHECK-NEXT: [35,   131,   227,   323,   419,   515,   611,   707,   803,   899,   995,   1091,   1187,   1283,   1379,   1475,   1571,   1667,   1763,   1859,   1955,   2051,   2147,   2243,   2339,   2435,   2531,   2627,   2723,   2819,   2915,   3011,   3107,   3203,   3299,   3395,   3491,   3587,   3683,   3779,   3875,   3971,   4067,   4163,   4259,   4355,   4451,   4547,   4643,   4739,   4835,   4931,   5027,   5123,   5219,   5315,   5411,   5507,   5603,   5699,   5795,   5891,   5987,   6083],
// CHECK-NEXT: [36,   132,   228,   324,   420,   516,   612,   708,   804,   900,   996,   1092,   1188,   1284,   1380,   1476,   1572,   1668,   1764,   1860,   1956,   2052,   2148,   2244,   2340,   2436,   2532,   2628,   2724,   2820,   2916,   3012,   3108,   3204,   3300,   3396,   3492,   3588,   3684,   3780,   3876,   3972,   4068,   4164,   4260,   4356,   4452,   4548,   4644,   4740,   4836,   4932,   5028,   5124,   5220,   5316,   5412,   5508,   5604,   5700,   5796,   5892,   5988,   6084],
// CHECK-NEXT: [37,   133,   229,   325,   421,   517,   613,   709,   805,   901,   997,   1093,   1189,   1285,   1381,   1477,   1573,   1669,   1765,   1861,   1957,   2053,   2149,   2245,   2341,   2437,   2533,   2629,   2725,   2821,   2917,   3013,   3109,   3205,   3301,   3397,   3493,   3589,   3685,   3781,   3877,   3973,   4069,   4165,   4261,   4357,   4453,   4549,   4645,   4741,   4837,   4933,   5029,   5125,   5221,   5317,   5413,   5509,   5605,   5701,   5797,   5893,   5989,   6085],
// CHECK-NEXT: [38,   134,   230,   326,   422,   518,   614,   710,   806,   902,   998,   1094,   1190,   1286,   1382,   1478,   1574,   1670,   1766,   1862,   1958,   2054,   2150,   2246,   2342,   2438,   2534,   2630,   2726,   2822,   2918,   3014,   3110,   3206,   3302,   3398,   3494,   3590,   3686,   3782,   3878,   3974,   4070,   4166,   4262,   4358,   4454,   4550,   4646,   4742,   4838,   4934,   5030,   5126,   5222,   5318,   5414,   5510,   5606,   5702,   5798,   5894,   5990,   6086],
// CHECK-NEXT: [39,   135,   231,   327,   423,   519,   615,   711,   807,   903,   999,   1095,   1191,   1287,   1383,   1479,   1575,   1671,   1767,   1863,   1959,   2055,   2151,   2247,   2343,   2439,   2535,   2631,   2727,   2823,   2919,   3015,   3111,   3207,   3303,   3399,   3495,   3591,   3687,   3783,   3879,   3975,   4071,   4167,   4263,   4359,   4455,   4551,   4647,   4743,   4839,   4935,   5031,   5127,   5223,   5319,   5415,   5511,   5607,   5703,   5799,   5895,   5991,   6087],
// CHECK-NEXT: [40,   136,   232,   328,   424,   520,   616,   712,   808,   904,   1000,   1096,   1192,   1288,   1384,   1480,   1576,   1672,   1768,   1864,   1960,   2056,   2152,   2248,   2344,   2440,   2536,   2632,   2728,   2824,   2920,   3016,   3112,   3208,   3304,   3400,   3496,   3592,   3688,   3784,   3880,   3976,   4072,   4168,   4264,   4360,   4456,   4552,   4648,   4744,   4840,   4936,   5032,   5128,   5224,   5320,   5416,   5512,   5608,   5704,   5800,   5896,   5992,   6088],
// CHECK-NEXT: [41,   137,   233,   329,   425,   521,   617,   713,   809,   905,   1001,   1097,   1193,   1289,   1385,   1481,   1577,   1673,   1769,   1865,   1961,   2057,   2153,   2249,   2345,   2441,   2537,   2633,   2729,   2825,   2921,   3017,   3113,   3209,   3305,   3401,   3497,   3593,   3689,   3785,   3881,   3977,   4073,   4169,   4265,   4361,   4457,   4553,   4649,   4745,   4841,   4937,   5033,   5129,   5225,   5321,   5417,   5513,   5609,   5705,   5801,   5897,   5993,   6089],
// CHECK-NEXT: [42,   138,   234,   330,   426,   522,   618,   714,   810,   906,   1002,   1098,   1194,   1290,   1386,   1482,   1578,   1674,   1770,   1866,   1962,   2058,   2154,   2250,   2346,   2442,   2538,   2634,   2730,   2826,   2922,   3018,   3114,   3210,   3306,   3402,   3498,   3594,   3690,   3786,   3882,   3978,   4074,   4170,   4266,   4362,   4458,   4554,   4650,   4746,   4842,   4938,   5034,   5130,   5226,   5322,   5418,   5514,   5610,   5706,   5802,   5898,   5994,   6090],
// CHECK-NEXT: [43,   139,   235,   331,   427,   523,   619,   715,   811,   907,   1003,   1099,   1195,   1291,   1387,   1483,   1579,   1675,   1771,   1867,   1963,   2059,   2155,   2251,   2347,   2443,   2539,   2635,   2731,   2827,   2923,   3019,   3115,   3211,   3307,   3403,   3499,   3595,   3691,   3787,   3883,   3979,   4075,   4171,   4267,   4363,   4459,   4555,   4651,   4747,   4843,   4939,   5035,   5131,   5227,   5323,   5419,   5515,   5611,   5707,   5803,   5899,   5995,   6091],
// CHECK-NEXT: [44,   140,   236,   332,   428,   524,   620,   716,   812,   908,   1004,   1100,   1196,   1292,   1388,   1484,   1580,   1676,   1772,   1868,   1964,   2060,   2156,   2252,   2348,   2444,   2540,   2636,   2732,   2828,   2924,   3020,   3116,   3212,   3308,   3404,   3500,   3596,   3692,   3788,   3884,   3980,   4076,   4172,   4268,   4364,   4460,   4556,   4652,   4748,   4844,   4940,   5036,   5132,   5228,   5324,   5420,   5516,   5612,   5708,   5804,   5900,   5996,   6092],
// CHECK-NEXT: [45,   141,   237,   333,   429,   525,   621,   717,   813,   909,   1005,   1101,   1197,   1293,   1389,   1485,   1581,   1677,   1773,   1869,   1965,   2061,   2157,   2253,   2349,   2445,   2541,   2637,   2733,   2829,   2925,   3021,   3117,   3213,   3309,   3405,   3501,   3597,   3693,   3789,   3885,   3981,   4077,   4173,   4269,   4365,   4461,   4557,   4653,   4749,   4845,   4941,   5037,   5133,   5229,   5325,   5421,   5517,   5613,   5709,   5805,   5901,   5997,   6093],
// CHECK-NEXT: [46,   142,   238,   334,   430,   526,   622,   718,   814,   910,   1006,   1102,   1198,   1294,   1390,   1486,   1582,   1678,   1774,   1870,   1966,   2062,   2158,   2254,   2350,   2446,   2542,   2638,   2734,   2830,   2926,   3022,   3118,   3214,   3310,   3406,   3502,   3598,   3694,   3790,   3886,   3982,   4078,   4174,   4270,   4366,   4462,   4558,   4654,   4750,   4846,   4942,   5038,   5134,   5230,   5326,   5422,   5518,   5614,   5710,   5806,   5902,   5998,   6094],
// CHECK-NEXT: [47,   143,   239,   335,   431,   527,   623,   719,   815,   911,   1007,   1103,   1199,   1295,   1391,   1487,   1583,   1679,   1775,   1871,   1967,   2063,   2159,   2255,   2351,   2447,   2543,   2639,   2735,   2831,   2927,   3023,   3119,   3215,   3311,   3407,   3503,   3599,   3695,   3791,   3887,   3983,   4079,   4175,   4271,   4367,   4463,   4559,   4655,   4751,   4847,   4943,   5039,   5135,   5231,   5327,   5423,   5519,   5615,   5711,   5807,   5903,   5999,   6095],
// CHECK-NEXT: [48,   144,   240,   336,   432,   528,   624,   720,   816,   912,   1008,   1104,   1200,   1296,   1392,   1488,   1584,   1680,   1776,   1872,   1968,   2064,   2160,   2256,   2352,   2448,   2544,   2640,   2736,   2832,   2928,   3024,   3120,   3216,   3312,   3408,   3504,   3600,   3696,   3792,   3888,   3984,   4080,   4176,   4272,   4368,   4464,   4560,   4656,   4752,   4848,   4944,   5040,   5136,   5232,   5328,   5424,   5520,   5616,   5712,   5808,   5904,   6000,   6096],
// CHECK-NEXT: [49,   145,   241,   337,   433,   529,   625,   721,   817,   913,   1009,   1105,   1201,   1297,   1393,   1489,   1585,   1681,   1777,   1873,   1969,   2065,   2161,   2257,   2353,   2449,   2545,   2641,   2737,   2833,   2929,   3025,   3121,   3217,   3313,   3409,   3505,   3601,   3697,   3793,   3889,   3985,   4081,   4177,   4273,   4369,   4465,   4561,   4657,   4753,   4849,   4945,   5041,   5137,   5233,   5329,   5425,   5521,   5617,   5713,   5809,   5905,   6001,   6097],
// CHECK-NEXT: [50,   146,   242,   338,   434,   530,   626,   722,   818,   914,   1010,   1106,   1202,   1298,   1394,   1490,   1586,   1682,   1778,   1874,   1970,   2066,   2162,   2258,   2354,   2450,   2546,   2642,   2738,   2834,   2930,   3026,   3122,   3218,   3314,   3410,   3506,   3602,   3698,   3794,   3890,   3986,   4082,   4178,   4274,   4370,   4466,   4562,   4658,   4754,   4850,   4946,   5042,   5138,   5234,   5330,   5426,   5522,   5618,   5714,   5810,   5906,   6002,   6098],
// CHECK-NEXT: [51,   147,   243,   339,   435,   531,   627,   723,   819,   915,   1011,   1107,   1203,   1299,   1395,   1491,   1587,   1683,   1779,   1875,   1971,   2067,   2163,   2259,   2355,   2451,   2547,   2643,   2739,   2835,   2931,   3027,   3123,   3219,   3315,   3411,   3507,   3603,   3699,   3795,   3891,   3987,   4083,   4179,   4275,   4371,   4467,   4563,   4659,   4755,   4851,   4947,   5043,   5139,   5235,   5331,   5427,   5523,   5619,   5715,   5811,   5907,   6003,   6099],
// CHECK-NEXT: [52,   148,   244,   340,   436,   532,   628,   724,   820,   916,   1012,   1108,   1204,   1300,   1396,   1492,   1588,   1684,   1780,   1876,   1972,   2068,   2164,   2260,   2356,   2452,   2548,   2644,   2740,   2836,   2932,   3028,   3124,   3220,   3316,   3412,   3508,   3604,   3700,   3796,   3892,   3988,   4084,   4180,   4276,   4372,   4468,   4564,   4660,   4756,   4852,   4948,   5044,   5140,   5236,   5332,   5428,   5524,   5620,   5716,   5812,   5908,   6004,   6100],
// CHECK-NEXT: [53,   149,   245,   341,   437,   533,   629,   725,   821,   917,   1013,   1109,   1205,   1301,   1397,   1493,   1589,   1685,   1781,   1877,   1973,   2069,   2165,   2261,   2357,   2453,   2549,   2645,   2741,   2837,   2933,   3029,   3125,   3221,   3317,   3413,   3509,   3605,   3701,   3797,   3893,   3989,   4085,   4181,   4277,   4373,   4469,   4565,   4661,   4757,   4853,   4949,   5045,   5141,   5237,   5333,   5429,   5525,   5621,   5717,   5813,   5909,   6005,   6101],
// CHECK-NEXT: [54,   150,   246,   342,   438,   534,   630,   726,   822,   918,   1014,   1110,   1206,   1302,   1398,   1494,   1590,   1686,   1782,   1878,   1974,   2070,   2166,   2262,   2358,   2454,   2550,   2646,   2742,   2838,   2934,   3030,   3126,   3222,   3318,   3414,   3510,   3606,   3702,   3798,   3894,   3990,   4086,   4182,   4278,   4374,   4470,   4566,   4662,   4758,   4854,   4950,   5046,   5142,   5238,   5334,   5430,   5526,   5622,   5718,   5814,   5910,   6006,   6102],
// CHECK-NEXT: [55,   151,   247,   343,   439,   535,   631,   727,   823,   919,   1015,   1111,   1207,   1303,   1399,   1495,   1591,   1687,   1783,   1879,   1975,   2071,   2167,   2263,   2359,   2455,   2551,   2647,   2743,   2839,   2935,   3031,   3127,   3223,   3319,   3415,   3511,   3607,   3703,   3799,   3895,   3991,   4087,   4183,   4279,   4375,   4471,   4567,   4663,   4759,   4855,   4951,   5047,   5143,   5239,   5335,   5431,   5527,   5623,   5719,   5815,   5911,   6007,   6103],
// CHECK-NEXT: [56,   152,   248,   344,   440,   536,   632,   728,   824,   920,   1016,   1112,   1208,   1304,   1400,   1496,   1592,   1688,   1784,   1880,   1976,   2072,   2168,   2264,   2360,   2456,   2552,   2648,   2744,   2840,   2936,   3032,   3128,   3224,   3320,   3416,   3512,   3608,   3704,   3800,   3896,   3992,   4088,   4184,   4280,   4376,   4472,   4568,   4664,   4760,   4856,   4952,   5048,   5144,   5240,   5336,   5432,   5528,   5624,   5720,   5816,   5912,   6008,   6104],
// CHECK-NEXT: [57,   153,   249,   345,   441,   537,   633,   729,   825,   921,   1017,   1113,   1209,   1305,   1401,   1497,   1593,   1689,   1785,   1881,   1977,   2073,   2169,   2265,   2361,   2457,   2553,   2649,   2745,   2841,   2937,   3033,   3129,   3225,   3321,   3417,   3513,   3609,   3705,   3801,   3897,   3993,   4089,   4185,   4281,   4377,   4473,   4569,   4665,   4761,   4857,   4953,   5049,   5145,   5241,   5337,   5433,   5529,   5625,   5721,   5817,   5913,   6009,   6105],
// CHECK-NEXT: [58,   154,   250,   346,   442,   538,   634,   730,   826,   922,   1018,   1114,   1210,   1306,   1402,   1498,   1594,   1690,   1786,   1882,   1978,   2074,   2170,   2266,   2362,   2458,   2554,   2650,   2746,   2842,   2938,   3034,   3130,   3226,   3322,   3418,   3514,   3610,   3706,   3802,   3898,   3994,   4090,   4186,   4282,   4378,   4474,   4570,   4666,   4762,   4858,   4954,   5050,   5146,   5242,   5338,   5434,   5530,   5626,   5722,   5818,   5914,   6010,   6106],
// CHECK-NEXT: [59,   155,   251,   347,   443,   539,   635,   731,   827,   923,   1019,   1115,   1211,   1307,   1403,   1499,   1595,   1691,   1787,   1883,   1979,   2075,   2171,   2267,   2363,   2459,   2555,   2651,   2747,   2843,   2939,   3035,   3131,   3227,   3323,   3419,   3515,   3611,   3707,   3803,   3899,   3995,   4091,   4187,   4283,   4379,   4475,   4571,   4667,   4763,   4859,   4955,   5051,   5147,   5243,   5339,   5435,   5531,   5627,   5723,   5819,   5915,   6011,   6107],
// CHECK-NEXT: [60,   156,   252,   348,   444,   540,   636,   732,   828,   924,   1020,   1116,   1212,   1308,   1404,   1500,   1596,   1692,   1788,   1884,   1980,   2076,   2172,   2268,   2364,   2460,   2556,   2652,   2748,   2844,   2940,   3036,   3132,   3228,   3324,   3420,   3516,   3612,   3708,   3804,   3900,   3996,   4092,   4188,   4284,   4380,   4476,   4572,   4668,   4764,   4860,   4956,   5052,   5148,   5244,   5340,   5436,   5532,   5628,   5724,   5820,   5916,   6012,   6108],
// CHECK-NEXT: [61,   157,   253,   349,   445,   541,   637,   733,   829,   925,   1021,   1117,   1213,   1309,   1405,   1501,   1597,   1693,   1789,   1885,   1981,   2077,   2173,   2269,   2365,   2461,   2557,   2653,   2749,   2845,   2941,   3037,   3133,   3229,   3325,   3421,   3517,   3613,   3709,   3805,   3901,   3997,   4093,   4189,   4285,   4381,   4477,   4573,   4669,   4765,   4861,   4957,   5053,   5149,   5245,   5341,   5437,   5533,   5629,   5725,   5821,   5917,   6013,   6109],
// CHECK-NEXT: [62,   158,   254,   350,   446,   542,   638,   734,   830,   926,   1022,   1118,   1214,   1310,   1406,   1502,   1598,   1694,   1790,   1886,   1982,   2078,   2174,   2270,   2366,   2462,   2558,   2654,   2750,   2846,   2942,   3038,   3134,   3230,   3326,   3422,   3518,   3614,   3710,   3806,   3902,   3998,   4094,   4190,   4286,   4382,   4478,   4574,   4670,   4766,   4862,   4958,   5054,   5150,   5246,   5342,   5438,   5534,   5630,   5726,   5822,   5918,   6014,   6110],
// CHECK-NEXT: [63,   159,   255,   351,   447,   543,   639,   735,   831,   927,   1023,   1119,   1215,   1311,   1407,   1503,   1599,   1695,   1791,   1887,   1983,   2079,   2175,   2271,   2367,   2463,   2559,   2655,   2751,   2847,   2943,   3039,   3135,   3231,   3327,   3423,   3519,   3615,   3711,   3807,   3903,   3999,   4095,   4191,   4287,   4383,   4479,   4575,   4671,   4767,   4863,   4959,   5055,   5151,   5247,   5343,   5439,   5535,   5631,   5727,   5823,   5919,   6015,   6111],
// CHECK-NEXT: [64,   160,   256,   352,   448,   544,   640,   736,   832,   928,   1024,   1120,   1216,   1312,   1408,   1504,   1600,   1696,   1792,   1888,   1984,   2080,   2176,   2272,   2368,   2464,   2560,   2656,   2752,   2848,   2944,   3040,   3136,   3232,   3328,   3424,   3520,   3616,   3712,   3808,   3904,   4000,   4096,   4192,   4288,   4384,   4480,   4576,   4672,   4768,   4864,   4960,   5056,   5152,   5248,   5344,   5440,   5536,   5632,   5728,   5824,   5920,   6016,   6112],
// CHECK-NEXT: [65,   161,   257,   353,   449,   545,   641,   737,   833,   929,   1025,   1121,   1217,   1313,   1409,   1505,   1601,   1697,   1793,   1889,   1985,   2081,   2177,   2273,   2369,   2465,   2561,   2657,   2753,   2849,   2945,   3041,   3137,   3233,   3329,   3425,   3521,   3617,   3713,   3809,   3905,   4001,   4097,   4193,   4289,   4385,   4481,   4577,   4673,   4769,   4865,   4961,   5057,   5153,   5249,   5345,   5441,   5537,   5633,   5729,   5825,   5921,   6017,   6113],
// CHECK-NEXT: [66,   162,   258,   354,   450,   546,   642,   738,   834,   930,   1026,   1122,   1218,   1314,   1410,   1506,   1602,   1698,   1794,   1890,   1986,   2082,   2178,   2274,   2370,   2466,   2562,   2658,   2754,   2850,   2946,   3042,   3138,   3234,   3330,   3426,   3522,   3618,   3714,   3810,   3906,   4002,   4098,   4194,   4290,   4386,   4482,   4578,   4674,   4770,   4866,   4962,   5058,   5154,   5250,   5346,   5442,   5538,   5634,   5730,   5826,   5922,   6018,   6114],
// CHECK-NEXT: [67,   163,   259,   355,   451,   547,   643,   739,   835,   931,   1027,   1123,   1219,   1315,   1411,   1507,   1603,   1699,   1795,   1891,   1987,   2083,   2179,   2275,   2371,   2467,   2563,   2659,   2755,   2851,   2947,   3043,   3139,   3235,   3331,   3427,   3523,   3619,   3715,   3811,   3907,   4003,   4099,   4195,   4291,   4387,   4483,   4579,   4675,   4771,   4867,   4963,   5059,   5155,   5251,   5347,   5443,   5539,   5635,   5731,   5827,   5923,   6019,   6115],
// CHECK-NEXT: [68,   164,   260,   356,   452,   548,   644,   740,   836,   932,   1028,   1124,   1220,   1316,   1412,   1508,   1604,   1700,   1796,   1892,   1988,   2084,   2180,   2276,   2372,   2468,   2564,   2660,   2756,   2852,   2948,   3044,   3140,   3236,   3332,   3428,   3524,   3620,   3716,   3812,   3908,   4004,   4100,   4196,   4292,   4388,   4484,   4580,   4676,   4772,   4868,   4964,   5060,   5156,   5252,   5348,   5444,   5540,   5636,   5732,   5828,   5924,   6020,   6116],
// CHECK-NEXT: [69,   165,   261,   357,   453,   549,   645,   741,   837,   933,   1029,   1125,   1221,   1317,   1413,   1509,   1605,   1701,   1797,   1893,   1989,   2085,   2181,   2277,   2373,   2469,   2565,   2661,   2757,   2853,   2949,   3045,   3141,   3237,   3333,   3429,   3525,   3621,   3717,   3813,   3909,   4005,   4101,   4197,   4293,   4389,   4485,   4581,   4677,   4773,   4869,   4965,   5061,   5157,   5253,   5349,   5445,   5541,   5637,   5733,   5829,   5925,   6021,   6117],
// CHECK-NEXT: [70,   166,   262,   358,   454,   550,   646,   742,   838,   934,   1030,   1126,   1222,   1318,   1414,   1510,   1606,   1702,   1798,   1894,   1990,   2086,   2182,   2278,   2374,   2470,   2566,   2662,   2758,   2854,   2950,   3046,   3142,   3238,   3334,   3430,   3526,   3622,   3718,   3814,   3910,   4006,   4102,   4198,   4294,   4390,   4486,   4582,   4678,   4774,   4870,   4966,   5062,   5158,   5254,   5350,   5446,   5542,   5638,   5734,   5830,   5926,   6022,   6118],
// CHECK-NEXT: [71,   167,   263,   359,   455,   551,   647,   743,   839,   935,   1031,   1127,   1223,   1319,   1415,   1511,   1607,   1703,   1799,   1895,   1991,   2087,   2183,   2279,   2375,   2471,   2567,   2663,   2759,   2855,   2951,   3047,   3143,   3239,   3335,   3431,   3527,   3623,   3719,   3815,   3911,   4007,   4103,   4199,   4295,   4391,   4487,   4583,   4679,   4775,   4871,   4967,   5063,   5159,   5255,   5351,   5447,   5543,   5639,   5735,   5831,   5927,   6023,   6119],
// CHECK-NEXT: [72,   168,   264,   360,   456,   552,   648,   744,   840,   936,   1032,   1128,   1224,   1320,   1416,   1512,   1608,   1704,   1800,   1896,   1992,   2088,   2184,   2280,   2376,   2472,   2568,   2664,   2760,   2856,   2952,   3048,   3144,   3240,   3336,   3432,   3528,   3624,   3720,   3816,   3912,   4008,   4104,   4200,   4296,   4392,   4488,   4584,   4680,   4776,   4872,   4968,   5064,   5160,   5256,   5352,   5448,   5544,   5640,   5736,   5832,   5928,   6024,   6120],
// CHECK-NEXT: [73,   169,   265,   361,   457,   553,   649,   745,   841,   937,   1033,   1129,   1225,   1321,   1417,   1513,   1609,   1705,   1801,   1897,   1993,   2089,   2185,   2281,   2377,   2473,   2569,   2665,   2761,   2857,   2953,   3049,   3145,   3241,   3337,   3433,   3529,   3625,   3721,   3817,   3913,   4009,   4105,   4201,   4297,   4393,   4489,   4585,   4681,   4777,   4873,   4969,   5065,   5161,   5257,   5353,   5449,   5545,   5641,   5737,   5833,   5929,   6025,   6121],
// CHECK-NEXT: [74,   170,   266,   362,   458,   554,   650,   746,   842,   938,   1034,   1130,   1226,   1322,   1418,   1514,   1610,   1706,   1802,   1898,   1994,   2090,   2186,   2282,   2378,   2474,   2570,   2666,   2762,   2858,   2954,   3050,   3146,   3242,   3338,   3434,   3530,   3626,   3722,   3818,   3914,   4010,   4106,   4202,   4298,   4394,   4490,   4586,   4682,   4778,   4874,   4970,   5066,   5162,   5258,   5354,   5450,   5546,   5642,   5738,   5834,   5930,   6026,   6122],
// CHECK-NEXT: [75,   171,   267,   363,   459,   555,   651,   747,   843,   939,   1035,   1131,   1227,   1323,   1419,   1515,   1611,   1707,   1803,   1899,   1995,   2091,   2187,   2283,   2379,   2475,   2571,   2667,   2763,   2859,   2955,   3051,   3147,   3243,   3339,   3435,   3531,   3627,   3723,   3819,   3915,   4011,   4107,   4203,   4299,   4395,   4491,   4587,   4683,   4779,   4875,   4971,   5067,   5163,   5259,   5355,   5451,   5547,   5643,   5739,   5835,   5931,   6027,   6123],
// CHECK-NEXT: [76,   172,   268,   364,   460,   556,   652,   748,   844,   940,   1036,   1132,   1228,   1324,   1420,   1516,   1612,   1708,   1804,   1900,   1996,   2092,   2188,   2284,   2380,   2476,   2572,   2668,   2764,   2860,   2956,   3052,   3148,   3244,   3340,   3436,   3532,   3628,   3724,   3820,   3916,   4012,   4108,   4204,   4300,   4396,   4492,   4588,   4684,   4780,   4876,   4972,   5068,   5164,   5260,   5356,   5452,   5548,   5644,   5740,   5836,   5932,   6028,   6124],
// CHECK-NEXT: [77,   173,   269,   365,   461,   557,   653,   749,   845,   941,   1037,   1133,   1229,   1325,   1421,   1517,   1613,   1709,   1805,   1901,   1997,   2093,   2189,   2285,   2381,   2477,   2573,   2669,   2765,   2861,   2957,   3053,   3149,   3245,   3341,   3437,   3533,   3629,   3725,   3821,   3917,   4013,   4109,   4205,   4301,   4397,   4493,   4589,   4685,   4781,   4877,   4973,   5069,   5165,   5261,   5357,   5453,   5549,   5645,   5741,   5837,   5933,   6029,   6125],
// CHECK-NEXT: [78,   174,   270,   366,   462,   558,   654,   750,   846,   942,   1038,   1134,   1230,   1326,   1422,   1518,   1614,   1710,   1806,   1902,   1998,   2094,   2190,   2286,   2382,   2478,   2574,   2670,   2766,   2862,   2958,   3054,   3150,   3246,   3342,   3438,   3534,   3630,   3726,   3822,   3918,   4014,   4110,   4206,   4302,   4398,   4494,   4590,   4686,   4782,   4878,   4974,   5070,   5166,   5262,   5358,   5454,   5550,   5646,   5742,   5838,   5934,   6030,   6126],
// CHECK-NEXT: [79,   175,   271,   367,   463,   559,   655,   751,   847,   943,   1039,   1135,   1231,   1327,   1423,   1519,   1615,   1711,   1807,   1903,   1999,   2095,   2191,   2287,   2383,   2479,   2575,   2671,   2767,   2863,   2959,   3055,   3151,   3247,   3343,   3439,   3535,   3631,   3727,   3823,   3919,   4015,   4111,   4207,   4303,   4399,   4495,   4591,   4687,   4783,   4879,   4975,   5071,   5167,   5263,   5359,   5455,   5551,   5647,   5743,   5839,   5935,   6031,   6127],
// CHECK-NEXT: [80,   176,   272,   368,   464,   560,   656,   752,   848,   944,   1040,   1136,   1232,   1328,   1424,   1520,   1616,   1712,   1808,   1904,   2000,   2096,   2192,   2288,   2384,   2480,   2576,   2672,   2768,   2864,   2960,   3056,   3152,   3248,   3344,   3440,   3536,   3632,   3728,   3824,   3920,   4016,   4112,   4208,   4304,   4400,   4496,   4592,   4688,   4784,   4880,   4976,   5072,   5168,   5264,   5360,   5456,   5552,   5648,   5744,   5840,   5936,   6032,   6128],
// CHECK-NEXT: [81,   177,   273,   369,   465,   561,   657,   753,   849,   945,   1041,   1137,   1233,   1329,   1425,   1521,   1617,   1713,   1809,   1905,   2001,   2097,   2193,   2289,   2385,   2481,   2577,   2673,   2769,   2865,   2961,   3057,   3153,   3249,   3345,   3441,   3537,   3633,   3729,   3825,   3921,   4017,   4113,   4209,   4305,   4401,   4497,   4593,   4689,   4785,   4881,   4977,   5073,   5169,   5265,   5361,   5457,   5553,   5649,   5745,   5841,   5937,   6033,   6129],
// CHECK-NEXT: [82,   178,   274,   370,   466,   562,   658,   754,   850,   946,   1042,   1138,   1234,   1330,   1426,   1522,   1618,   1714,   1810,   1906,   2002,   2098,   2194,   2290,   2386,   2482,   2578,   2674,   2770,   2866,   2962,   3058,   3154,   3250,   3346,   3442,   3538,   3634,   3730,   3826,   3922,   4018,   4114,   4210,   4306,   4402,   4498,   4594,   4690,   4786,   4882,   4978,   5074,   5170,   5266,   5362,   5458,   5554,   5650,   5746,   5842,   5938,   6034,   6130],
// CHECK-NEXT: [83,   179,   275,   371,   467,   563,   659,   755,   851,   947,   1043,   1139,   1235,   1331,   1427,   1523,   1619,   1715,   1811,   1907,   2003,   2099,   2195,   2291,   2387,   2483,   2579,   2675,   2771,   2867,   2963,   3059,   3155,   3251,   3347,   3443,   3539,   3635,   3731,   3827,   3923,   4019,   4115,   4211,   4307,   4403,   4499,   4595,   4691,   4787,   4883,   4979,   5075,   5171,   5267,   5363,   5459,   5555,   5651,   5747,   5843,   5939,   6035,   6131],
// CHECK-NEXT: [84,   180,   276,   372,   468,   564,   660,   756,   852,   948,   1044,   1140,   1236,   1332,   1428,   1524,   1620,   1716,   1812,   1908,   2004,   2100,   2196,   2292,   2388,   2484,   2580,   2676,   2772,   2868,   2964,   3060,   3156,   3252,   3348,   3444,   3540,   3636,   3732,   3828,   3924,   4020,   4116,   4212,   4308,   4404,   4500,   4596,   4692,   4788,   4884,   4980,   5076,   5172,   5268,   5364,   5460,   5556,   5652,   5748,   5844,   5940,   6036,   6132],
// CHECK-NEXT: [85,   181,   277,   373,   469,   565,   661,   757,   853,   949,   1045,   1141,   1237,   1333,   1429,   1525,   1621,   1717,   1813,   1909,   2005,   2101,   2197,   2293,   2389,   2485,   2581,   2677,   2773,   2869,   2965,   3061,   3157,   3253,   3349,   3445,   3541,   3637,   3733,   3829,   3925,   4021,   4117,   4213,   4309,   4405,   4501,   4597,   4693,   4789,   4885,   4981,   5077,   5173,   5269,   5365,   5461,   5557,   5653,   5749,   5845,   5941,   6037,   6133],
// CHECK-NEXT: [86,   182,   278,   374,   470,   566,   662,   758,   854,   950,   1046,   1142,   1238,   1334,   1430,   1526,   1622,   1718,   1814,   1910,   2006,   2102,   2198,   2294,   2390,   2486,   2582,   2678,   2774,   2870,   2966,   3062,   3158,   3254,   3350,   3446,   3542,   3638,   3734,   3830,   3926,   4022,   4118,   4214,   4310,   4406,   4502,   4598,   4694,   4790,   4886,   4982,   5078,   5174,   5270,   5366,   5462,   5558,   5654,   5750,   5846,   5942,   6038,   6134],
// CHECK-NEXT: [87,   183,   279,   375,   471,   567,   663,   759,   855,   951,   1047,   1143,   1239,   1335,   1431,   1527,   1623,   1719,   1815,   1911,   2007,   2103,   2199,   2295,   2391,   2487,   2583,   2679,   2775,   2871,   2967,   3063,   3159,   3255,   3351,   3447,   3543,   3639,   3735,   3831,   3927,   4023,   4119,   4215,   4311,   4407,   4503,   4599,   4695,   4791,   4887,   4983,   5079,   5175,   5271,   5367,   5463,   5559,   5655,   5751,   5847,   5943,   6039,   6135],
// CHECK-NEXT: [88,   184,   280,   376,   472,   568,   664,   760,   856,   952,   1048,   1144,   1240,   1336,   1432,   1528,   1624,   1720,   1816,   1912,   2008,   2104,   2200,   2296,   2392,   2488,   2584,   2680,   2776,   2872,   2968,   3064,   3160,   3256,   3352,   3448,   3544,   3640,   3736,   3832,   3928,   4024,   4120,   4216,   4312,   4408,   4504,   4600,   4696,   4792,   4888,   4984,   5080,   5176,   5272,   5368,   5464,   5560,   5656,   5752,   5848,   5944,   6040,   6136],
// CHECK-NEXT: [89,   185,   281,   377,   473,   569,   665,   761,   857,   953,   1049,   1145,   1241,   1337,   1433,   1529,   1625,   1721,   1817,   1913,   2009,   2105,   2201,   2297,   2393,   2489,   2585,   2681,   2777,   2873,   2969,   3065,   3161,   3257,   3353,   3449,   3545,   3641,   3737,   3833,   3929,   4025,   4121,   4217,   4313,   4409,   4505,   4601,   4697,   4793,   4889,   4985,   5081,   5177,   5273,   5369,   5465,   5561,   5657,   5753,   5849,   5945,   6041,   6137],
// CHECK-NEXT: [90,   186,   282,   378,   474,   570,   666,   762,   858,   954,   1050,   1146,   1242,   1338,   1434,   1530,   1626,   1722,   1818,   1914,   2010,   2106,   2202,   2298,   2394,   2490,   2586,   2682,   2778,   2874,   2970,   3066,   3162,   3258,   3354,   3450,   3546,   3642,   3738,   3834,   3930,   4026,   4122,   4218,   4314,   4410,   4506,   4602,   4698,   4794,   4890,   4986,   5082,   5178,   5274,   5370,   5466,   5562,   5658,   5754,   5850,   5946,   6042,   6138],
// CHECK-NEXT: [91,   187,   283,   379,   475,   571,   667,   763,   859,   955,   1051,   1147,   1243,   1339,   1435,   1531,   1627,   1723,   1819,   1915,   2011,   2107,   2203,   2299,   2395,   2491,   2587,   2683,   2779,   2875,   2971,   3067,   3163,   3259,   3355,   3451,   3547,   3643,   3739,   3835,   3931,   4027,   4123,   4219,   4315,   4411,   4507,   4603,   4699,   4795,   4891,   4987,   5083,   5179,   5275,   5371,   5467,   5563,   5659,   5755,   5851,   5947,   6043,   6139],
// CHECK-NEXT: [92,   188,   284,   380,   476,   572,   668,   764,   860,   956,   1052,   1148,   1244,   1340,   1436,   1532,   1628,   1724,   1820,   1916,   2012,   2108,   2204,   2300,   2396,   2492,   2588,   2684,   2780,   2876,   2972,   3068,   3164,   3260,   3356,   3452,   3548,   3644,   3740,   3836,   3932,   4028,   4124,   4220,   4316,   4412,   4508,   4604,   4700,   4796,   4892,   4988,   5084,   5180,   5276,   5372,   5468,   5564,   5660,   5756,   5852,   5948,   6044,   6140],
// CHECK-NEXT: [93,   189,   285,   381,   477,   573,   669,   765,   861,   957,   1053,   1149,   1245,   1341,   1437,   1533,   1629,   1725,   1821,   1917,   2013,   2109,   2205,   2301,   2397,   2493,   2589,   2685,   2781,   2877,   2973,   3069,   3165,   3261,   3357,   3453,   3549,   3645,   3741,   3837,   3933,   4029,   4125,   4221,   4317,   4413,   4509,   4605,   4701,   4797,   4893,   4989,   5085,   5181,   5277,   5373,   5469,   5565,   5661,   5757,   5853,   5949,   6045,   6141],
// CHECK-NEXT: [94,   190,   286,   382,   478,   574,   670,   766,   862,   958,   1054,   1150,   1246,   1342,   1438,   1534,   1630,   1726,   1822,   1918,   2014,   2110,   2206,   2302,   2398,   2494,   2590,   2686,   2782,   2878,   2974,   3070,   3166,   3262,   3358,   3454,   3550,   3646,   3742,   3838,   3934,   4030,   4126,   4222,   4318,   4414,   4510,   4606,   4702,   4798,   4894,   4990,   5086,   5182,   5278,   5374,   5470,   5566,   5662,   5758,   5854,   5950,   6046,   6142],
// CHECK-NEXT: [95,   191,   287,   383,   479,   575,   671,   767,   863,   959,   1055,   1151,   1247,   1343,   1439,   1535,   1631,   1727,   1823,   1919,   2015,   2111,   2207,   2303,   2399,   2495,   2591,   2687,   2783,   2879,   2975,   3071,   3167,   3263,   3359,   3455,   3551,   3647,   3743,   3839,   3935,   4031,   4127,   4223,   4319,   4415,   4511,   4607,   4703,   4799,   4895,   4991,   5087,   5183,   5279,   5375,   5471,   5567,   5663,   5759,   5855,   5951,   6047,   6143{{\]\]}}

// The cost model decides the same before and after the clean-ups: the
// kernel is aggregated and the tile stays in shared memory (a transpose:
// each thread reads another row's element).
// RUN: wc-opt %t.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=DECIDE
// RUN: wc-opt %t.licm.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=DECIDE
// DECIDE: remark: wc-prepare: workgroup attributions from 1 allocation, 0 globals and 0 views
// DECIDE: remark: wc-aggregate: coarsened: one warp per 256-thread block, 8 virtual threads per lane, 2 phases
// DECIDE: remark: wc-consolidate: aggregate and remap (2 barriers, workgroup memory)
// DECIDE: remark: wc-remap: workgroup buffer 0 (memref<32x32xi32, #gpu.address_space<workgroup>>) stays in shared memory
