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

// For wc-remap: 128-thread blocks read workgroup memory at tid (own read)
// and tid-1, +1, +5, -33, +40 (clamped with select): shifts that cross the
// 32-lane chunk boundaries 31/32, 63/64, 95/96; a second round reads tid+1
// under a divergent scf.if (tid < 127).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @neighbours(%in: memref<384xi32>, %out1: memref<384xi32>, %out2: memref<384xi32>)
        workgroup(%buf: memref<128xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c33 = arith.constant 33 : index
      %c40 = arith.constant 40 : index
      %c88 = arith.constant 88 : index
      %c123 = arith.constant 123 : index
      %c127 = arith.constant 127 : index
      %c128 = arith.constant 128 : index
      %i2 = arith.constant 2 : i32
      %i3 = arith.constant 3 : i32
      %i5 = arith.constant 5 : i32
      %i7 = arith.constant 7 : i32
      %i11 = arith.constant 11 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c128 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<384xi32>
      memref.store %x, %buf[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %isLeft = arith.cmpi eq, %tx, %c0 : index
      %m1 = arith.subi %tx, %c1 : index
      %left = arith.select %isLeft, %tx, %m1 : index
      %isRight = arith.cmpi eq, %tx, %c127 : index
      %p1 = arith.addi %tx, %c1 : index
      %right = arith.select %isRight, %tx, %p1 : index
      %in5 = arith.cmpi ult, %tx, %c123 : index
      %p5 = arith.addi %tx, %c5 : index
      %right5 = arith.select %in5, %p5, %tx : index
      %in33 = arith.cmpi uge, %tx, %c33 : index
      %m33 = arith.subi %tx, %c33 : index
      %left33 = arith.select %in33, %m33, %tx : index
      %in40 = arith.cmpi ult, %tx, %c88 : index
      %p40 = arith.addi %tx, %c40 : index
      %right40 = arith.select %in40, %p40, %tx : index
      %own = memref.load %buf[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
      %a = memref.load %buf[%left] : memref<128xi32, #gpu.address_space<workgroup>>
      %b = memref.load %buf[%right] : memref<128xi32, #gpu.address_space<workgroup>>
      %c = memref.load %buf[%right5] : memref<128xi32, #gpu.address_space<workgroup>>
      %d = memref.load %buf[%left33] : memref<128xi32, #gpu.address_space<workgroup>>
      %e = memref.load %buf[%right40] : memref<128xi32, #gpu.address_space<workgroup>>
      // a + 2 b + 3 c + 5 d + 7 e - 11 own
      %wb = arith.muli %b, %i2 : i32
      %wc = arith.muli %c, %i3 : i32
      %wd = arith.muli %d, %i5 : i32
      %we = arith.muli %e, %i7 : i32
      %wo = arith.muli %own, %i11 : i32
      %s1 = arith.addi %a, %wb : i32
      %s2 = arith.addi %s1, %wc : i32
      %s3 = arith.addi %s2, %wd : i32
      %s4 = arith.addi %s3, %we : i32
      %v = arith.subi %s4, %wo : i32
      memref.store %v, %out1[%gid] : memref<384xi32>
      gpu.barrier
      memref.store %v, %buf[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      // buf[tid + 1] - v, or v at tid 127
      %notLast = arith.cmpi ult, %tx, %c127 : index
      %w = scf.if %notLast -> (i32) {
        %next = memref.load %buf[%p1] : memref<128xi32, #gpu.address_space<workgroup>>
        %diff = arith.subi %next, %v : i32
        scf.yield %diff : i32
      } else {
        scf.yield %v : i32
      }
      memref.store %w, %out2[%gid] : memref<384xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c13 = arith.constant 13 : index
    %c128 = arith.constant 128 : index
    %c384 = arith.constant 384 : index
    %c1009 = arith.constant 1009 : index
    %c7919 = arith.constant 7919 : index
    %i500 = arith.constant 500 : i32
    %h_in = memref.alloc() : memref<384xi32>
    %h_out1 = memref.alloc() : memref<384xi32>
    %h_out2 = memref.alloc() : memref<384xi32>
    scf.for %i = %c0 to %c384 step %c1 {
      %a = arith.muli %i, %c7919 : index
      %b = arith.addi %a, %c13 : index
      %m = arith.muli %b, %i : index
      %r = arith.remui %m, %c1009 : index
      %ri = arith.index_cast %r : index to i32
      %v = arith.subi %ri, %i500 : i32
      memref.store %v, %h_in[%i] : memref<384xi32>
    }
    %d_in = gpu.alloc () : memref<384xi32>
    %d_out1 = gpu.alloc () : memref<384xi32>
    %d_out2 = gpu.alloc () : memref<384xi32>
    gpu.memcpy %d_in, %h_in : memref<384xi32>, memref<384xi32>
    gpu.launch_func @kernels::@neighbours blocks in (%c3, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%d_in : memref<384xi32>, %d_out1 : memref<384xi32>, %d_out2 : memref<384xi32>)
    gpu.memcpy %h_out1, %d_out1 : memref<384xi32>, memref<384xi32>
    gpu.memcpy %h_out2, %d_out2 : memref<384xi32>, memref<384xi32>
    %u1 = memref.cast %h_out1 : memref<384xi32> to memref<*xi32>
    call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    %u2 = memref.cast %h_out2 : memref<384xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [384]
// CHECK-NEXT: [5415,  -1551,  -1412,  -3415,  -3524,  3306,  1940,  -559,  -155,  -884,  -2746,  -3723,  2239,  5,  -335,  -799,  -2396,  -2099,  2110,  4177,  2084,  2894,  553,  7169,  -465,  -151,  -1979,  -4940,  2065,  874,  1577,  138,  5638,  1457,  7758,  -4227,  -5237,  -1326,  -1575,  -2957,  -2445,  -4075,  6279,  3392,  4417,  -736,  -1977,  -2333,  4250,  -4426,  -109,  48,  -928,  -10,  -1234,  9526,  2000,  8476,  3729,  -4169,  -83,  -157,  -1364,  -677,  -2132,  3352,  640,  1840,  1907,  841,  -2367,  -2672,  -1083,  -3654,  1723,  -87,  -1012,  -6097,  -1216,  -3522,  3129,  2593,  924,  1149,  -1777,  218,  -1947,  5854,  -4334,  1116,  -3648,  2563,  1587,  2505,  272,  2960,  1488,  2919,  -3846,  1373,  -3622,  2358,  1151,  1838,  2401,  1831,  128,  1328,  -3650,  -1689,  148,  -157,  1432,  879,  -4843,  2428,  1503,  -3582,  1299,  1011,  -3437,  2081,  -1606,  1357,  -6,  525,  1941,  -492,  30,  216,  4663,  -3122,  -1950,  3134,  -6032,  1831,  -520,  -1986,  3487,  4800,  -3092,  3018,  -77,  740,  424,  -1025,  -1589,  4786,  -4098,  3038,  2987,  1803,  -514,  72,  -475,  -2155,  -2950,  3194,  1142,  984,  702,  -2123,  -4631,  2827,  -4974,  -3818,  -768,  3167,  -1094,  -2452,  -3934,  1523,  2820,  -5088,  1006,  -2105,  -1304,  -1636,  -3101,  -3681,  2678,  841,  898,  -2196,  -369,  -2702,  4931,  -4713,  6708,  -6211,  926,  -1142,  -1316,  5449,  -3045,  1454,  1793,  999,  2099,  -1970,  3927,  4655,  3241,  -5360,  41,  1282,  381,  -644,  -3811,  3997,  -3454,  -4975,  1452,  692,  -1201,  -1200,  1211,  879,  -586,  852,  1157,  -1689,  386,  319,  -881,  1831,  -3653,  829,  1151,  -669,  2432,  1373,  3217,  -3135,  2497,  -2085,  4308,  -1531,  -3458,  2563,  -2639,  -902,  -4334,  182,  1547,  770,  -5176,  1871,  722,  -4587,  70,  560,  -2549,  1281,  951,  442,  -1818,  -3561,  -3887,  -301,  1143,  -1573,  -1386,  -4350,  4670,  -6614,  140,  716,  -850,  -2540,  2709,  3798,  -4318,  1568,  -1751,  -1158,  -1698,  -344,  -4159,  1992,  -53,  1814,  530,  -878,  -1401,  2997,  -4837,  -3714,  1321,  -9229,  3670,  8373,  -5210,  5299,  6603,  -6343,  4803,  -3346,  9570,  -2863,  -4321,  -4894,  6517,  -358,  -294,  4691,  -1547,  -3873,  3767,  -3852,  -5541,  718,  -210,  -2271,  -2438,  9379,  2910,  3380,  699,  -88,  1019,  -1025,  -3193,  4605,  2189,  -6405,  2030,  251,  -643,  5402,  4260,  -8105,  3622,  4126,  470,  -283,  -2169,  -143,  -6313,  4546,  1155,  1676,  1064,  2346,  -806,  -866,  968,  660,  -4817,  -328,  2019,  -2821,  2305,  244,  2095,  2813,  -2647,  -2177,  3214,  -2618,  -4538,  1490,  -3705,  -1961,  2686,  2164,  509,  2766,  -1155,  -1164,  -3315,  2482,  -2944,  -1431,  -2060,  2232,  346,  2372,  -1780,  -736,  -1555,  2547,  -1547,  -1141]
// CHECK: sizes = [384]
// CHECK-NEXT: [-6966,  139,  -2003,  -109,  6830,  -1366,  -2499,  404,  -729,  -1862,  -977,  5962,  -2234,  -340,  -464,  -1597,  297,  4209,  2067,  -2093,  810,  -2341,  6616,  -7634,  314,  -1828,  -2961,  7005,  -1191,  703,  -1439,  5500,  -4181,  6301,  -11985,  -1010,  3911,  -249,  -1382,  512,  -1630,  10354,  -2887,  1025,  -5153,  -1241,  -356,  6583,  -8676,  4317,  157,  -976,  918,  -1224,  10760,  -7526,  6476,  -4747,  -7898,  4086,  -74,  -1207,  687,  -1455,  5484,  -2712,  1200,  67,  -1066,  -3208,  -305,  1589,  -2571,  5377,  -1810,  -925,  -5085,  4881,  -2306,  6651,  -536,  -1669,  225,  -2926,  1995,  -2165,  7801,  -10188,  5450,  -4764,  6211,  -976,  918,  -2233,  2688,  -1472,  1431,  -6765,  5219,  -4995,  5980,  -1207,  687,  563,  -570,  -1703,  1200,  -4978,  1961,  1837,  -305,  1589,  -553,  -5722,  7271,  -925,  -5085,  4881,  -288,  -4448,  5518,  -3687,  2963,  -1363,  531,  1416,  -2433,  -492,  186,  4447,  -7785,  1172,  5084,  -9166,  7863,  -2351,  -1466,  5473,  1313,  -7892,  6110,  -3095,  817,  -316,  -1449,  -564,  6375,  -8884,  7136,  -51,  -1184,  -2317,  586,  -547,  -1680,  -795,  6144,  -2052,  -158,  -282,  -2825,  -2508,  7458,  -7801,  1156,  3050,  3935,  -4261,  -1358,  -1482,  5457,  1297,  -7908,  6094,  -3111,  801,  -332,  -1465,  -580,  6359,  -1837,  57,  -3094,  1827,  -2333,  7633,  -9644,  11421,  -12919,  7137,  -2068,  -174,  6765,  -8494,  4499,  339,  -794,  1100,  -4069,  5897,  728,  -1414,  -8601,  5401,  1241,  -901,  -1025,  -3167,  7808,  -7451,  -1521,  6427,  -760,  -1893,  1,  2411,  -332,  -1465,  1438,  305,  -2846,  2075,  -67,  -1200,  2712,  -5484,  4482,  322,  -1820,  3101,  -1059,  1844,  -6352,  5632,  -4582,  6393,  -5839,  -1927,  6021,  -5202,  1737,  -3432,  4516,  1365,  -777,  -5946,  7047,  -1149,  -5309,  4657,  490,  -3109,  3830,  -330,  -509,  442,  -1743,  -326,  3586,  1444,  -2716,  187,  -2964,  9020,  -11284,  6754,  576,  -1566,  -1690,  5249,  1089,  -8116,  5886,  -3319,  593,  -540,  1354,  -3815,  6151,  -2045,  1867,  -1284,  -1408,  -523,  4398,  -7834,  1123,  5035,  -10550,  12899,  4703,  -13583,  10509,  1304,  -12946,  11146,  -8149,  12916,  -12433,  -1458,  -573,  11411,  -6875,  64,  4985,  -6238,  -2326,  7640,  -7619,  -1689,  6259,  -928,  -2061,  -167,  11817,  -6469,  470,  -2681,  -787,  1107,  -2044,  -2168,  7798,  -2416,  -8594,  8435,  -1779,  -894,  6045,  -1142,  -12365,  11727,  504,  -3656,  -753,  -1886,  2026,  -6170,  10859,  -3391,  521,  -612,  1282,  -3152,  -60,  1834,  -308,  -5477,  4489,  2347,  -4840,  5126,  -2061,  1851,  718,  -5460,  470,  5391,  -5832,  -1920,  6028,  -5195,  1744,  4647,  -522,  -1655,  2257,  -3921,  -9,  -2151,  5797,  -5426,  1513,  -629,  4292,  -1886,  2026,  -4152,  1044,  -819,  4102,  -4094,  406,  -1141]
