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

// Stencil (after Parboil's stencil, one 2-D plane of its 7-point stencil):
// 32 x 4 blocks stage a 6 x 34 tile with a one-cell halo in workgroup
// memory, the halo loaded by the border threads under scf.if on the
// thread id (and only inside the plane), a barrier, then the 5-point
// stencil 3 (n + s + e + w) - 5 c; the grid covers the plane exactly
// (its size is the grid's) and the plane's boundary cells copy their
// input. A 16 x 64 plane in 2 x 4 blocks.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stencil(%in: memref<?x?xi32>, %out: memref<?x?xi32>)
        workgroup(%tile: memref<6x34xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 4, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c31 = arith.constant 31 : index
      %c32 = arith.constant 32 : index
      %c33 = arith.constant 33 : index
      %i3 = arith.constant 3 : i32
      %i5 = arith.constant 5 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %gx = gpu.grid_dim x
      %gy = gpu.grid_dim y
      %width = arith.muli %gx, %c32 : index
      %height = arith.muli %gy, %c4 : index
      %colBase = arith.muli %bx, %c32 : index
      %col = arith.addi %colBase, %tx : index
      %rowBase = arith.muli %by, %c4 : index
      %row = arith.addi %rowBase, %ty : index
      %sx = arith.addi %tx, %c1 : index
      %sy = arith.addi %ty, %c1 : index
      %center = memref.load %in[%row, %col] : memref<?x?xi32>
      memref.store %center, %tile[%sy, %sx] : memref<6x34xi32, #gpu.address_space<workgroup>>
      %colM1 = arith.subi %col, %c1 : index
      %colP1 = arith.addi %col, %c1 : index
      %rowM1 = arith.subi %row, %c1 : index
      %rowP1 = arith.addi %row, %c1 : index
      %notFirstCol = arith.cmpi ugt, %col, %c0 : index
      %notLastCol = arith.cmpi ult, %colP1, %width : index
      %notFirstRow = arith.cmpi ugt, %row, %c0 : index
      %notLastRow = arith.cmpi ult, %rowP1, %height : index
      %isLeft = arith.cmpi eq, %tx, %c0 : index
      scf.if %isLeft {
        scf.if %notFirstCol {
          %v = memref.load %in[%row, %colM1] : memref<?x?xi32>
          memref.store %v, %tile[%sy, %c0] : memref<6x34xi32, #gpu.address_space<workgroup>>
        }
      }
      %isRight = arith.cmpi eq, %tx, %c31 : index
      scf.if %isRight {
        scf.if %notLastCol {
          %v = memref.load %in[%row, %colP1] : memref<?x?xi32>
          memref.store %v, %tile[%sy, %c33] : memref<6x34xi32, #gpu.address_space<workgroup>>
        }
      }
      %isTop = arith.cmpi eq, %ty, %c0 : index
      scf.if %isTop {
        scf.if %notFirstRow {
          %v = memref.load %in[%rowM1, %col] : memref<?x?xi32>
          memref.store %v, %tile[%c0, %sx] : memref<6x34xi32, #gpu.address_space<workgroup>>
        }
      }
      %isBottom = arith.cmpi eq, %ty, %c3 : index
      scf.if %isBottom {
        scf.if %notLastRow {
          %v = memref.load %in[%rowP1, %col] : memref<?x?xi32>
          memref.store %v, %tile[%c5, %sx] : memref<6x34xi32, #gpu.address_space<workgroup>>
        }
      }
      gpu.barrier
      %inX0 = arith.andi %notFirstCol, %notLastCol : i1
      %inY0 = arith.andi %notFirstRow, %notLastRow : i1
      %interior = arith.andi %inX0, %inY0 : i1
      %result = scf.if %interior -> (i32) {
        %c = memref.load %tile[%sy, %sx] : memref<6x34xi32, #gpu.address_space<workgroup>>
        %n = memref.load %tile[%ty, %sx] : memref<6x34xi32, #gpu.address_space<workgroup>>
        %southY = arith.addi %ty, %c2 : index
        %s = memref.load %tile[%southY, %sx] : memref<6x34xi32, #gpu.address_space<workgroup>>
        %w = memref.load %tile[%sy, %tx] : memref<6x34xi32, #gpu.address_space<workgroup>>
        %eastX = arith.addi %tx, %c2 : index
        %e = memref.load %tile[%sy, %eastX] : memref<6x34xi32, #gpu.address_space<workgroup>>
        %ns = arith.addi %n, %s : i32
        %ew = arith.addi %e, %w : i32
        %sum = arith.addi %ns, %ew : i32
        %ws = arith.muli %sum, %i3 : i32
        %wc = arith.muli %c, %i5 : i32
        %v = arith.subi %ws, %wc : i32
        scf.yield %v : i32
      } else {
        %c = memref.load %tile[%sy, %sx] : memref<6x34xi32, #gpu.address_space<workgroup>>
        scf.yield %c : i32
      }
      memref.store %result, %out[%row, %col] : memref<?x?xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c13 = arith.constant 13 : index
    %c32 = arith.constant 32 : index
    %c1009 = arith.constant 1009 : index
    %c7919 = arith.constant 7919 : index
    %i500 = arith.constant 500 : i32
    %rows = arith.constant 16 : index
    %cols = arith.constant 64 : index
    %h_in = memref.alloc(%rows, %cols) : memref<?x?xi32>
    %h_out = memref.alloc(%rows, %cols) : memref<?x?xi32>
    scf.for %r = %c0 to %rows step %c1 {
      scf.for %c = %c0 to %cols step %c1 {
        %rb = arith.muli %r, %cols : index
        %i = arith.addi %rb, %c : index
        %a = arith.muli %i, %c7919 : index
        %b = arith.addi %a, %c13 : index
        %m = arith.muli %b, %i : index
        %q = arith.remui %m, %c1009 : index
        %qi = arith.index_cast %q : index to i32
        %v = arith.subi %qi, %i500 : i32
        memref.store %v, %h_in[%r, %c] : memref<?x?xi32>
      }
    }
    %d_in = gpu.alloc (%rows, %cols) : memref<?x?xi32>
    %d_out = gpu.alloc (%rows, %cols) : memref<?x?xi32>
    gpu.memcpy %d_in, %h_in : memref<?x?xi32>, memref<?x?xi32>
    gpu.launch_func @kernels::@stencil blocks in (%c2, %c4, %c1) threads in (%c32, %c4, %c1)
        args(%d_in : memref<?x?xi32>, %d_out : memref<?x?xi32>)
    gpu.memcpy %h_out, %d_out : memref<?x?xi32>, memref<?x?xi32>
    %u = memref.cast %h_out : memref<?x?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [16, 64]
// CHECK-NEXT: {{\[\[}}-500,   369,   -77,   180,   131,   -224,   124,   166,   -98,   341,   474,   301,   -178,   46,   -36,   -424,   -109,   -100,   -397,   9,   109,   -97,   400,   -418,   476,   55,   337,   313,   -17,   356,   423,   184,   -361,   -203,   -351,   204,   453,   396,   33,   373,   407,   135,   -443,   -318,   -499,   23,   239,   149,   -247,   60,   61,   -244,   154,   246,   32,   -488,   -305,   -428,   152,   426,   394,   56,   421,   480],
// CHECK-NEXT: [233,   2302,   -2702,   2260,   35,   -1305,   1267,   1697,   -2033,   1176,   -784,   1168,   1987,   -4381,   1235,   -3363,   -1022,   2204,   -1757,   -1806,   2057,   -1267,   -679,   794,   -1893,   4377,   -1585,   4437,   245,   -35,   3597,   42,   -2628,   1641,   -4304,   4762,   -1431,   4360,   -63,   -574,   2827,   -959,   -833,   178,   -2971,   819,   -560,   1973,   -2681,   2631,   -2271,   1784,   1679,   -2586,   2106,   -389,   -4017,   1312,   -546,   1508,   1420,   199,   2890,   419],
// CHECK-NEXT: [-241,   -2898,   1315,   -1659,   -721,   4129,   -1235,   2358,   1791,   -2936,   1294,   1364,   -5753,   2141,   -179,   1413,   -1155,   -2838,   -609,   2505,   -1568,   -1729,   2022,   -1414,   -938,   423,   651,   -1263,   735,   3618,   -686,   -1078,   2442,   -1225,   2047,   150,   147,   -1998,   -231,   2421,   -2114,   3317,   -4493,   2708,   2722,   -1424,   3387,   -2016,   2547,   -77,   1211,   -2670,   388,   -714,   -931,   -263,   -728,   -308,   997,   -4885,   4244,   -4913,   941,   160],
// CHECK-NEXT: [96,   2624,   -1099,   -910,   3191,   105,   931,   -385,   -816,   647,   -32,   -4871,   2274,   2232,   -4997,   -242,   353,   1833,   -847,   -2642,   -525,   2477,   -1708,   -1981,   1658,   -1890,   1501,   2750,   -161,   -2187,   -301,   2470,   -1946,   3604,   -4087,   206,   339,   1357,   -1785,   -1015,   640,   -4892,   4587,   -4220,   1984,   1001,   -2124,   1690,   -1683,   -1144,   280,   2589,   -2289,   2799,   -2327,   1504,   1175,   -3314,   1154,   1462,   -5417,   2715,   -2394,   -297],
// CHECK-NEXT: [235,   -1312,   1155,   1480,   -2355,   749,   1711,   -4514,   4272,   -5228,   283,   1634,   843,   -4108,   2925,   -256,   -4570,   73,   556,   1924,   -868,   -2775,   -770,   2120,   -2177,   465,   -4080,   332,   584,   1721,   -1302,   -413,   1361,   -4052,   2519,   1903,   -2873,   1308,   1329,   -2810,   2008,   -361,   1182,   1592,   -140,   -987,   2078,   -2044,   773,   4475,   990,   -1610,   2729,   -119,   945,   -3160,   -326,   -1652,   -2093,   1378,   689,   -2142,   1966,   57],
// CHECK-NEXT: [176,   4465,   -1004,   2484,   1812,   -3020,   1105,   4097,   -6152,   1637,   2239,   -4346,   1053,   -735,   -1638,   1371,   220,   -46,   -4472,   59,   430,   1686,   -1218,   -3237,   -1344,   1434,   52,   2582,   -5102,   -802,   2365,   -1655,   3282,   1032,   -333,   -2831,   1610,   -2145,   1039,   63,   -3055,   766,   -2600,   973,   -623,   1693,   -3178,   1917,   -175,   -1382,   -1704,   1886,   -1711,   1631,   -196,   1889,   -3213,   1651,   -672,   -2110,   364,   696,   -3132,   213],
// CHECK-NEXT: [-81,   784,   1505,   -2943,   -452,   906,   122,   -4822,   2218,   -956,   -5263,   2414,   -123,   1252,   -1533,   -3433,   -1421,   1476,   213,   -165,   -4703,   -284,   -25,   1119,   -1897,   -1001,   780,   -4626,   1952,   1343,   -399,   1771,   -1228,   -315,   1483,   2148,   -1347,   4115,   -637,   -1477,   1595,   -2520,   3331,   -1032,   3562,   -2058,   2288,   -553,   518,   -553,   2288,   -2058,   3562,   -1032,   3331,   -2520,   1595,   -1477,   -637,   4115,   -1347,   2148,   1483,   171],
// CHECK-NEXT: [473,   1771,   -399,   1343,   1952,   -4626,   780,   -1001,   -1897,   1119,   -25,   -284,   -4703,   -165,   213,   1476,   -1421,   -3433,   -1533,   1252,   -123,   2414,   -5263,   -956,   2218,   -4822,   122,   906,   -452,   -2943,   1505,   784,   3975,   -21,   -3132,   696,   364,   -2110,   -672,   1651,   -3213,   1889,   -196,   1631,   -1711,   1886,   -1704,   -1382,   -175,   1917,   -3178,   1693,   -623,   973,   -2600,   766,   -3055,   63,   1039,   -2145,   1610,   -2831,   -333,   -69],
// CHECK-NEXT: [-180,   -1655,   2365,   -802,   -5102,   2582,   52,   1434,   -1344,   -3237,   -1218,   1686,   430,   59,   -4472,   -46,   220,   1371,   -1638,   -735,   1053,   -4346,   2239,   1637,   -6152,   4097,   1105,   -3020,   1812,   2484,   -1004,   4465,   -280,   -1113,   1966,   -2142,   689,   1378,   -2093,   -1652,   -326,   -3160,   945,   -119,   2729,   -1610,   990,   4475,   773,   -2044,   2078,   -987,   -140,   1592,   1182,   -361,   2008,   -2810,   1329,   1308,   -2873,   1903,   2519,   502],
// CHECK-NEXT: [-22,   -413,   -1302,   1721,   584,   332,   -4080,   465,   -2177,   2120,   -770,   -2775,   -868,   1924,   556,   73,   -4570,   -256,   2925,   -4108,   843,   1634,   283,   -5228,   4272,   -4514,   1711,   749,   -2355,   1480,   1155,   -1312,   133,   2463,   -2394,   2715,   -5417,   1462,   1154,   -3314,   1175,   1504,   -2327,   2799,   -2289,   2589,   280,   -1144,   -1683,   1690,   -2124,   1001,   1984,   -4220,   4587,   -4892,   640,   -1015,   -1785,   1357,   339,   206,   -4087,   -134],
// CHECK-NEXT: [-62,   2470,   -301,   -2187,   -161,   2750,   1501,   -1890,   1658,   -1981,   -1708,   2477,   -525,   -2642,   -847,   1833,   353,   -242,   -4997,   2232,   2274,   -4871,   -32,   647,   -816,   -385,   931,   105,   3191,   -910,   -1099,   2624,   -840,   -392,   941,   -4913,   4244,   -4885,   997,   -308,   -728,   -263,   -931,   -714,   388,   -2670,   1211,   -77,   2547,   -2016,   3387,   -1424,   2722,   2708,   -4493,   3317,   -2114,   2421,   -231,   -1998,   147,   150,   2047,   41],
// CHECK-NEXT: [-300,   -1078,   -686,   3618,   735,   -1263,   651,   423,   -938,   -1414,   2022,   -1729,   -1568,   2505,   -609,   -2838,   -1155,   1413,   -179,   2141,   -5753,   1364,   1294,   -2936,   1791,   2358,   -1235,   4129,   -721,   -1659,   1315,   -2898,   2855,   -1606,   2890,   199,   1420,   1508,   -546,   1312,   -4017,   -389,   2106,   -2586,   1679,   1784,   -2271,   2631,   -2681,   1973,   -560,   819,   -2971,   178,   -833,   -959,   2827,   -574,   -63,   4360,   -1431,   4762,   -4304,   18],
// CHECK-NEXT: [273,   42,   3597,   -35,   245,   4437,   -1585,   4377,   -1893,   794,   -679,   -1267,   2057,   -1806,   -1757,   2204,   -1022,   -3363,   1235,   -4381,   1987,   1168,   -784,   1176,   -2033,   1697,   1267,   -1305,   35,   2260,   -2702,   2302,   -2908,   1848,   -1592,   1907,   -1781,   -1557,   -448,   1546,   -620,   1126,   -1288,   210,   -3461,   -193,   -1085,   -1092,   2813,   -469,   161,   -1351,   1049,   -711,   1441,   -567,   -1690,   1099,   1746,   -1767,   1659,   -3111,   2085,   -203],
// CHECK-NEXT: [-361,   -224,   -1578,   980,   1396,   679,   847,   1900,   -1207,   4643,   -1739,   836,   -749,   -1449,   1763,   -2212,   -2275,   1574,   -1764,   1837,   269,   -2432,   -1221,   875,   3856,   -350,   -644,   2974,   -595,   -252,   976,   -4983,   4069,   -2138,   3639,   -798,   1704,   2064,   -1736,   -1624,   2400,   -763,   -14,   -1407,   1112,   -529,   1742,   -147,   -1151,   -1270,   -504,   1147,   1665,   -5004,   311,   -1561,   3506,   -1641,   2169,   1819,   -2691,   1756,   2043,   387],
// CHECK-NEXT: [-184,   -1876,   2960,   -2418,   4188,   -1438,   1893,   1064,   1120,   2061,   -1158,   4580,   -1914,   549,   -1148,   -1960,   1140,   -2947,   2932,   -4430,   192,   654,   2001,   -812,   287,   -756,   2113,   -2205,   3443,   -4150,   241,   472,   1588,   1571,   -588,   1165,   -4269,   -746,   1644,   -126,   -1011,   -1011,   -126,   1644,   -746,   -4269,   1165,   -588,   1571,   1588,   472,   241,   -4150,   3443,   -2205,   2113,   -756,   287,   -812,   2001,   654,   192,   -4430,   -230],
// CHECK-NEXT: [-205,   -486,   -64,   52,   -138,   375,   -427,   483,   78,   376,   368,   54,   443,   -483,   303,   -226,   -52,   -184,   387,   -357,   -398,   264,   -389,   -339,   414,   -148,   -7,   -172,   366,   -411,   -485,   144,   467,   484,   195,   -400,   -292,   -490,   15,   214,   107,   -306,   -16,   -32,   -354,   27,   102,   -129,   343,   -500,   369,   -77,   180,   131,   -224,   124,   166,   -98,   341,   474,   301,   -178,   46,   -36{{\]\]}}
