// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// For wc-remap: a 5-point stencil in 32 x 4 blocks over a 4 x 32 workgroup
// tile (clamped at the tile's edges with select): W/E neighbours are one
// lane apart; own and N/S reads (one row = 32 elements apart) become
// register reads after remapping.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stencil(%in: memref<8x64xi32>, %out: memref<8x64xi32>)
        workgroup(%tile: memref<4x32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 4, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c31 = arith.constant 31 : index
      %c32 = arith.constant 32 : index
      %i2 = arith.constant 2 : i32
      %i3 = arith.constant 3 : i32
      %i4 = arith.constant 4 : i32
      %i13 = arith.constant 13 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %colBase = arith.muli %bx, %c32 : index
      %col = arith.addi %colBase, %tx : index
      %rowBase = arith.muli %by, %c4 : index
      %row = arith.addi %rowBase, %ty : index
      %x = memref.load %in[%row, %col] : memref<8x64xi32>
      memref.store %x, %tile[%ty, %tx] : memref<4x32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %isTop = arith.cmpi eq, %ty, %c0 : index
      %ym1 = arith.subi %ty, %c1 : index
      %north = arith.select %isTop, %ty, %ym1 : index
      %isBottom = arith.cmpi eq, %ty, %c3 : index
      %yp1 = arith.addi %ty, %c1 : index
      %south = arith.select %isBottom, %ty, %yp1 : index
      %isLeft = arith.cmpi eq, %tx, %c0 : index
      %xm1 = arith.subi %tx, %c1 : index
      %west = arith.select %isLeft, %tx, %xm1 : index
      %isRight = arith.cmpi eq, %tx, %c31 : index
      %xp1 = arith.addi %tx, %c1 : index
      %east = arith.select %isRight, %tx, %xp1 : index
      %c = memref.load %tile[%ty, %tx] : memref<4x32xi32, #gpu.address_space<workgroup>>
      %n = memref.load %tile[%north, %tx] : memref<4x32xi32, #gpu.address_space<workgroup>>
      %s = memref.load %tile[%south, %tx] : memref<4x32xi32, #gpu.address_space<workgroup>>
      %w = memref.load %tile[%ty, %west] : memref<4x32xi32, #gpu.address_space<workgroup>>
      %e = memref.load %tile[%ty, %east] : memref<4x32xi32, #gpu.address_space<workgroup>>
      // 13 * c - n - 2 * s - 3 * w - 4 * e
      %wc = arith.muli %c, %i13 : i32
      %ws = arith.muli %s, %i2 : i32
      %ww = arith.muli %w, %i3 : i32
      %we = arith.muli %e, %i4 : i32
      %t1 = arith.subi %wc, %n : i32
      %t2 = arith.subi %t1, %ws : i32
      %t3 = arith.subi %t2, %ww : i32
      %v = arith.subi %t3, %we : i32
      memref.store %v, %out[%row, %col] : memref<8x64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c13 = arith.constant 13 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c1009 = arith.constant 1009 : index
    %c7919 = arith.constant 7919 : index
    %i500 = arith.constant 500 : i32
    %h_in = memref.alloc() : memref<8x64xi32>
    %h_out = memref.alloc() : memref<8x64xi32>
    scf.for %r = %c0 to %c8 step %c1 {
      scf.for %c = %c0 to %c64 step %c1 {
        %rb = arith.muli %r, %c64 : index
        %i = arith.addi %rb, %c : index
        %a = arith.muli %i, %c7919 : index
        %b = arith.addi %a, %c13 : index
        %m = arith.muli %b, %i : index
        %q = arith.remui %m, %c1009 : index
        %qi = arith.index_cast %q : index to i32
        %v = arith.subi %qi, %i500 : i32
        memref.store %v, %h_in[%r, %c] : memref<8x64xi32>
      }
    }
    %d_in = gpu.alloc () : memref<8x64xi32>
    %d_out = gpu.alloc () : memref<8x64xi32>
    gpu.memcpy %d_in, %h_in : memref<8x64xi32>, memref<8x64xi32>
    gpu.launch_func @kernels::@stencil blocks in (%c2, %c2, %c1) threads in (%c32, %c4, %c1)
        args(%d_in : memref<8x64xi32>, %d_out : memref<8x64xi32>)
    gpu.memcpy %h_out, %d_out : memref<8x64xi32>, memref<8x64xi32>
    %u = memref.cast %h_out : memref<8x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [8, 64]
// CHECK-NEXT: {{\[\[}}-6442,   6876,   -2411,   2519,   1486,   -4501,   702,   1960,   -3754,   1722,   3253,   3866,   -2493,   320,   1206,   -4880,   224,   1383,   -4430,   947,   2379,   -3161,   6525,   -7914,   5990,   -1204,   1783,   2843,   -3069,   2209,   3542,   -241,   -2983,   15,   -5351,   2491,   2352,   3313,   -2698,   2481,   3715,   2013,   -4643,   -109,   -5574,   151,   1931,   2793,   -3317,   1763,   880,   -2939,   2414,   1804,   2294,   -4188,   -1498,   -4771,   1128,   3082,   4118,   -1818,   3436,   1739],
// CHECK-NEXT: [4592,   -4152,   1053,   -4750,   1646,   4097,   2603,   -1827,   3924,   2703,   2582,   -4511,   -5459,   7810,   -2037,   3342,   1749,   -4798,   854,   1552,   -4722,   1203,   2174,   -2818,   6407,   -8493,   5959,   -3714,   1839,   2438,   -3935,   2095,   3619,   -2328,   7807,   -8201,   6152,   -3620,   1834,   2334,   -4138,   1589,   1353,   -2828,   3172,   2200,   2328,   -4516,   839,   -4814,   5768,   -4748,   -5083,   5772,   -4471,   -3524,   7604,   -2366,   1881,   165,   -4487,   -976,   -4437,   3679],
// CHECK-NEXT: [-2043,   861,   -5263,   812,   1933,   -3918,   6466,   -4248,   -4781,   5876,   -4565,   -5834,   7114,   -4063,   -1023,   -4955,   1294,   3598,   1957,   -4638,   966,   1616,   -4706,   1171,   2094,   -2946,   2195,   4400,   2660,   -4034,   1471,   574,   -3313,   1379,   185,   -2936,   2106,   4212,   2373,   -4420,   986,   -4616,   8035,   -4448,   -4732,   6174,   -4018,   1016,   -4958,   1267,   2538,   3900,   -2719,   1852,   1469,   -2859,   1985,   1875,   -2180,   7982,   -9008,   7390,   -2355,   1861],
// CHECK-NEXT: [2105,   -3340,   1588,   1562,   -3418,   1783,   2030,   2368,   -3257,   290,   -3135,   6648,   -3658,   -3783,   6273,   -2751,   424,   -4382,   993,   2423,   1926,   -3525,   1205,   981,   -4197,   806,   855,   -4050,   1226,   2557,   1961,   -2653,   340,   -3317,   6541,   -2681,   296,   -4708,   469,   1701,   -3030,   6456,   -8183,   6530,   -1873,   1923,   2783,   -2320,   2758,   2882,   2088,   -3660,   773,   -3784,   5876,   -3544,   -4801,   5132,   -4015,   -4999,   6216,   -3667,   667,   -1861],
// CHECK-NEXT: [-81,   3325,   2199,   -1863,   3247,   2394,   -1395,   8024,   -8700,   6955,   -2524,   196,   -3047,   6918,   -3206,   -3149,   7089,   -2762,   -414,   -4029,   1528,   3140,   1816,   -4462,   450,   -2619,   7520,   -2430,   -181,   -3895,   1563,   342,   -1846,   7384,   -2938,   -5097,   4943,   -5106,   -4974,   5339,   -4437,   4,   -5554,   78,   1765,   2534,   -3669,   1318,   342,   -5588,   -328,   987,   -4670,   863,   2451,   3121,   -3181,   1707,   632,   -5397,   -236,   980,   -4776,   1134],
// CHECK-NEXT: [1731,   -3808,   6531,   -4228,   -4806,   5806,   -4680,   -7003,   6909,   -4313,   -5354,   7822,   -2118,   2159,   1482,   -5158,   -608,   -3030,   7756,   -2556,   -669,   -4745,   1360,   3520,   1735,   -5004,   -553,   -5092,   7613,   -2798,   -5046,   3546,   -2448,   -145,   -3038,   3241,   2548,   3964,   -2601,   2024,   3713,   -2579,   3328,   2263,   2298,   -4639,   623,   -5123,   1330,   3838,   4419,   -1972,   3836,   2672,   2608,   -4428,   735,   -5110,   1244,   3653,   2117,   -2355,   3354,   915],
// CHECK-NEXT: [-3244,   1856,   2884,   4003,   -2859,   -549,   -3193,   7371,   -4172,   -3516,   7321,   -3949,   -1002,   -5027,   1129,   3340,   1606,   -5082,   -580,   -3050,   7688,   -2672,   -833,   -4957,   1100,   1194,   -2657,   7709,   -4032,   -5592,   1011,   2676,   4388,   2195,   -4964,   -4969,   6216,   -3697,   1616,   1975,   -4638,   948,   -4474,   6339,   -3946,   995,   -5072,   1060,   2238,   2498,   -4214,   1273,   -4248,   6466,   -3918,   924,   -5242,   791,   1870,   -4023,   6319,   -4437,   -5012,   2775],
// CHECK-NEXT: [1989,   2776,   1739,   -4252,   -4098,   6237,   -2508,   946,   1464,   -3981,   -254,   -3499,   6464,   -2653,   429,   -4470,   812,   2149,   1559,   -3985,   -357,   -3701,   6163,   -3053,   -4106,   6031,   -2912,   344,   -3372,   2084,   2586,   534,   -1973,   1611,   2477,   -2620,   1455,   2594,   1806,   -3936,   503,   -4048,   1582,   2258,   3025,   -2171,   2814,   2845,   1958,   -3883,   457,   -4193,   1338,   1915,   2583,   -2712,   2174,   2106,   -2916,   2243,   2448,   2744,   -2923,   138{{\]\]}}
