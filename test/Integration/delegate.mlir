// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-delegate{agents=4})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-delegate{schedule=dynamic agents=4},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-delegate{schedule=dynamic agents=3 warps=2})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-delegate{runtime-agents=true},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-delegate{order=y-major throttle=2 warps=2},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// The same kernel after upstream's clean-ups, delegated to 2 agents with
// the dynamic schedule: 15 jobs are more than 6 per agent, so the agents
// take tickets, from 2 of the 16 counters, through the lowering.
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-delegate{schedule=dynamic agents=2 warps=2},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// Persistent warp agents over a 5 x 3 grid of 64-thread blocks (15 jobs):
// each block mirrors its row through workgroup memory (an index wc-remap
// refuses, so the buffer stays and each agent gets its slice) and adds the
// result, scaled by the block's linear id + 1, to its output row. The
// kernel is launched twice from one launch site: every value is doubled
// only if every job ran exactly once per launch, which also needs the
// dynamic schedule's ticket counter to reset itself between the launches.
// The RUN lines vary the agents (fewer than the jobs, not dividing them),
// the schedule, the order, the hyper-CTA size and the throttle.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mirror(%in: memref<15x64xi32>, %out: memref<15x64xi32>)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c63 = arith.constant 63 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %r0 = arith.muli %by, %gx : index
      %row = arith.addi %r0, %bx : index
      %x = memref.load %in[%row, %tx] : memref<15x64xi32>
      memref.store %x, %tile[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %m = arith.subi %c63, %tx : index
      %y = memref.load %tile[%m] : memref<64xi32, #gpu.address_space<workgroup>>
      %r1 = arith.addi %row, %c1 : index
      %scale = arith.index_cast %r1 : index to i32
      %v = arith.muli %y, %scale : i32
      %old = memref.load %out[%row, %tx] : memref<15x64xi32>
      %new = arith.addi %old, %v : i32
      memref.store %new, %out[%row, %tx] : memref<15x64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c15 = arith.constant 15 : index
    %c64 = arith.constant 64 : index
    %c1009 = arith.constant 1009 : index
    %c7919 = arith.constant 7919 : index
    %c13 = arith.constant 13 : index
    %c500_i32 = arith.constant 500 : i32
    %zero = arith.constant 0 : i32
    %h_in = memref.alloc() : memref<15x64xi32>
    %h_out = memref.alloc() : memref<15x64xi32>
    scf.for %r = %c0 to %c15 step %c1 {
      scf.for %t = %c0 to %c64 step %c1 {
        %i0 = arith.muli %r, %c64 : index
        %i = arith.addi %i0, %t : index
        %a = arith.muli %i, %c7919 : index
        %b = arith.addi %a, %c13 : index
        %m = arith.muli %b, %i : index
        %q = arith.remui %m, %c1009 : index
        %qi = arith.index_cast %q : index to i32
        %v = arith.subi %qi, %c500_i32 : i32
        memref.store %v, %h_in[%r, %t] : memref<15x64xi32>
        memref.store %zero, %h_out[%r, %t] : memref<15x64xi32>
      }
    }
    %d_in = gpu.alloc () : memref<15x64xi32>
    %d_out = gpu.alloc () : memref<15x64xi32>
    gpu.memcpy %d_in, %h_in : memref<15x64xi32>, memref<15x64xi32>
    gpu.memcpy %d_out, %h_out : memref<15x64xi32>, memref<15x64xi32>
    scf.for %k = %c0 to %c2 step %c1 {
      gpu.launch_func @kernels::@mirror blocks in (%c5, %c3, %c1) threads in (%c64, %c1, %c1)
          args(%d_in : memref<15x64xi32>, %d_out : memref<15x64xi32>)
    }
    gpu.memcpy %h_out, %d_out : memref<15x64xi32>, memref<15x64xi32>
    %u = memref.cast %h_out : memref<15x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [15, 64]
// CHECK-NEXT: {{\[\[}}960,  842,  112,  788,  852,  304,  -856,  -610,  -976,  64,  492,  308,  -488,  122,  120,  -494,  298,  478,  46,  -998,  -636,  -886,  270,  814,  746,  66,  792,  906,  408,  -702,  -406,  -722,  368,  846,  712,  -34,  626,  674,  110,  952,  -836,  800,  -194,  218,  18,  -794,  -200,  -218,  -848,  -72,  92,  -356,  602,  948,  682,  -196,  332,  248,  -448,  262,  360,  -154,  738,  -1000],
// CHECK-NEXT: [1676,  -944,  -752,  -1784,  -4,  552,  -116,  2028,  -1088,  -1392,  1116,  -1636,  -1576,  1296,  -1092,  -668,  -1468,  544,  1332,  896,  -764,  388,  316,  -980,  536,  828,  -104,  1776,  -1604,  1864,  72,  1092,  888,  -540,  844,  1004,  -60,  1688,  -1824,  1512,  -412,  476,  140,  -1420,  -168,  -140,  -1336,  280,  672,  -160,  1820,  -1460,  -1928,  416,  1536,  1432,  104,  1588,  1848,  884,  -1304,  -680,  -1280,  932],
// CHECK-NEXT: [960,  -492,  2274,  -2850,  2298,  -444,  1032,  672,  -1524,  498,  684,  -966,  1602,  2334,  1230,  -1710,  -432,  -990,  2670,  -1560,  -1572,  2634,  -1050,  -516,  -1818,  1098,  2178,  1422,  -1170,  456,  246,  -1800,  372,  708,  -792,  1926,  2808,  1854,  -936,  492,  84,  -2160,  -186,  -48,  -1746,  774,  1458,  306,  -2682,  -1452,  -2058,  1554,  -2724,  -2784,  1374,  -2358,  -1872,  2832,  -354,  678,  -126,  -2766,  -1188,  -1446],
// CHECK-NEXT: [-2376,  -1008,  -2088,  2456,  -3520,  -3872,  1400,  -3848,  -3472,  2528,  -1992,  -888,  -2232,  2048,  3880,  3264,  200,  2760,  2872,  536,  3824,  -3408,  3056,  -1000,  568,  -312,  -3640,  -1344,  -1496,  3976,  -1072,  -496,  -2368,  1384,  2688,  1544,  -2048,  -16,  -432,  -3296,  -536,  -224,  -2360,  1128,  2168,  760,  -3096,  -1328,  -2008,  2936,  -2640,  -2592,  3080,  -1768,  -992,  -2664,  1288,  2792,  1848,  -1544,  688,  472,  -2192,  768],
// CHECK-NEXT: [570,  -3680,  -900,  -1180,  -4520,  -830,  -200,  -2630,  1970,  3510,  1990,  -2590,  -140,  -750,  -4420,  -1060,  -760,  -3520,  750,  1960,  110,  -4800,  -2680,  -3620,  2470,  -4590,  -4620,  2380,  -3770,  -2890,  5020,  -220,  1570,  300,  -4030,  -1330,  -1690,  4980,  -1500,  -950,  -3460,  1060,  2520,  920,  -3740,  -1370,  -2060,  4280,  -2530,  -2310,  4940,  -960,  170,  -1760,  3340,  -4710,  4360,  280,  3230,  3120,  -50,  3810,  4610,  2350],
// CHECK-NEXT: [2556,  2412,  -1404,  3216,  4164,  1440,  -4956,  -2916,  -4548,  2256,  5388,  4848,  636,  4860,  5412,  2292,  -4500,  -2856,  -4884,  1524,  4260,  3324,  -1284,  2544,  2700,  -816,  4104,  5352,  2928,  -3168,  -828,  -2160,  4944,  -3732,  -3972,  4224,  -3360,  -2508,  -5328,  288,  2232,  504,  -4896,  -1860,  -2496,  5304,  -2676,  -2220,  -5436,  -216,  1332,  -792,  5520,  -3948,  -4980,  2424,  -5952,  -5892,  2604,  -4680,  -3528,  6060,  -132,  2112],
// CHECK-NEXT: [2394,  -6118,  -4788,  6384,  -854,  1750,  70,  -5894,  -2016,  -2422,  7014,  -1960,  -1092,  -4508,  1918,  4060,  1918,  -4508,  -1092,  -1960,  7014,  -2422,  -2016,  -5894,  70,  1750,  -854,  6384,  -4788,  -6118,  2394,  6622,  6566,  2226,  -6398,  -5180,  5880,  -1470,  1022,  -770,  -6846,  -3080,  -3598,  5726,  -3360,  -2604,  -6132,  182,  2212,  -42,  -6580,  -3276,  -4256,  4606,  -4942,  -4648,  5488,  -2786,  -1218,  -3934,  3192,  6034,  4592,  -1134],
// CHECK-NEXT: [-1104,  -4224,  3904,  7136,  5472,  -1088,  3600,  3392,  -1712,  4432,  5680,  2032,  -6512,  -3808,  -6000,  3056,  7216,  6480,  848,  6464,  7184,  3008,  -6064,  -3888,  -6608,  1920,  5552,  4288,  -1872,  3216,  3408,  -1296,  5248,  6896,  3648,  -4496,  -1392,  -3184,  6272,  -5312,  -5648,  5264,  -4864,  -3744,  -7520,  -48,  2528,  208,  -7008,  -2976,  -3840,  6544,  -4112,  -3520,  -7824,  -880,  1168,  -1680,  6720,  -5920,  -7312,  2544,  7504,  7568],
// CHECK-NEXT: [9036,  -5202,  -6786,  4284,  -8316,  -8262,  4446,  -6516,  -4824,  -8640,  198,  3528,  1350,  -6336,  -1368,  -1908,  -7956,  -1350,  -252,  -4662,  3582,  6318,  3546,  -4734,  -360,  -1494,  -8136,  -2124,  -1620,  -6624,  1026,  3168,  -198,  9090,  -5292,  -7020,  3906,  -8838,  -8928,  3636,  -7470,  -5922,  8280,  -1188,  1998,  -324,  -8154,  -3330,  -4014,  7956,  -3744,  -2790,  -7344,  756,  3348,  432,  -7992,  -3762,  -5040,  6336,  -5958,  -5598,  7416,  -3240],
// CHECK-NEXT: [-2680,  9940,  -3740,  -3360,  -9100,  -780,  1420,  -2500,  7640,  -8520,  9560,  1340,  7180,  6900,  500,  8160,  9700,  5120,  -5580,  -2220,  -4980,  6320,  -8680,  -9620,  3500,  -9680,  -8800,  6140,  -5220,  -2520,  -5940,  4700,  9220,  7620,  -100,  6240,  6460,  560,  8720,  -9420,  6680,  -3520,  340,  -1920,  9880,  -4620,  -5060,  8560,  -4120,  -2740,  -7480,  1840,  5040,  2120,  -6920,  -1900,  -3000,  9960,  -3380,  -2660,  -8060,  600,  3140,  -440],
// CHECK-NEXT: [902,  1672,  -4290,  5214,  7986,  4026,  -6666,  -1892,  -3850,  9658,  -5764,  -5720,  9790,  -3630,  -1584,  -6270,  4510,  8558,  5874,  -3542,  2508,  1826,  -5588,  2464,  3784,  -1628,  8426,  -10450,  8338,  -1804,  3520,  2112,  -6028,  1298,  1892,  -4246,  5082,  7678,  3542,  -7326,  -2728,  -4862,  8470,  -7128,  -7260,  8074,  -5522,  -3652,  -8514,  2090,  5962,  3102,  -6490,  -616,  -1474,  -9064,  -1188,  -44,  -5632,  4246,  7392,  3806,  -6512,  -1364],
// CHECK-NEXT: [432,  11184,  -9624,  10656,  -624,  4968,  3216,  -5880,  1896,  2328,  -4584,  5376,  7992,  3264,  -8808,  -4008,  -6552,  7776,  -9456,  -9816,  6696,  -8352,  -6528,  12168,  -696,  3312,  -24,  -10704,  -4512,  -5664,  10056,  -5784,  -4752,  -11064,  -504,  2712,  -1416,  11328,  -7488,  -9432,  5496,  -11136,  -10896,  6216,  -8232,  -5808,  -10728,  1224,  5832,  3096,  -6984,  -192,  -744,  -8640,  336,  1968,  -3744,  7416,  11232,  7704,  -3168,  2832,  1488,  -7200],
// CHECK-NEXT: [-5278,  -9126,  5304,  11778,  10296,  858,  9698,  10582,  3510,  -11518,  -8268,  -12974,  598,  6214,  3874,  -6422,  1560,  1586,  -6344,  4004,  6396,  832,  -12688,  -7930,  -11128,  3952,  11076,  10244,  1456,  10946,  12480,  6058,  -8320,  -4420,  -8476,  5746,  12012,  10322,  676,  9308,  9984,  2704,  -12532,  -9490,  11830,  -1040,  4368,  1820,  -8684,  -910,  -1092,  -9230,  910,  3094,  -2678,  9828,  -11856,  10972,  -390,  6526,  5486,  -3510,  5772,  7098],
// CHECK-NEXT: [10836,  -9996,  -11144,  7392,  -10892,  -9492,  11592,  -4144,  -196,  -4816,  10248,  -11508,  -13580,  4032,  13076,  13552,  5460,  -11200,  -8176,  -13720,  420,  5992,  2996,  -8568,  -448,  -896,  -9912,  756,  2856,  -3612,  9604,  -14000,  10332,  -2156,  5040,  3668,  -6272,  3472,  4648,  -2744,  9548,  13272,  8428,  -4984,  1288,  -1008,  -11872,  -3052,  -2800,  -11116,  252,  3052,  -2716,  11200,  -11704,  13328,  1540,  9436,  8764,  -476,  9968,  11844,  5152,  -10108],
// CHECK-NEXT: [-6900,  13440,  -5670,  -3690,  -10890,  3000,  7710,  3240,  -10410,  -2970,  -4710,  14640,  -5460,  -4470,  -12660,  240,  3960,  -1500,  14130,  -9690,  -12420,  5940,  15120,  15120,  5940,  -12420,  -9690,  14130,  -1500,  3960,  240,  -12660,  -4470,  -5460,  14640,  -4710,  -2970,  -10410,  3240,  7710,  3000,  -10890,  -3690,  -5670,  13440,  -6900,  -6150,  -14580,  -1920,  1560,  -4140,  11250,  -12810,  14490,  2340,  11280,  11040,  1620,  13290,  -14490,  9090,  -6780,  -1560,  -5520{{\]\]}}
