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

// Hotspot (after Rodinia's calculate_temp, one step of its pyramid): a 2-D
// thermal stencil in 16 x 16 blocks; each block stages its tile of
// temperature and power in workgroup memory, a barrier, then every cell
// takes one step from its four neighbours in the tile (clamped at the
// tile's own border: no halo) in integers:
//   t' = t + (p + 2 (n + s - 2t) + 3 (e + w - 2t) + (80 - t)) / 8.
// A 32 x 48 grid in 2 x 3 blocks.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @hotspot(%temp: memref<?x?xi32>, %power: memref<?x?xi32>,
                      %out: memref<?x?xi32>)
        workgroup(%t_s: memref<16x16xi32, #gpu.address_space<workgroup>>,
                  %p_s: memref<16x16xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c15 = arith.constant 15 : index
      %c16 = arith.constant 16 : index
      %i2 = arith.constant 2 : i32
      %i3 = arith.constant 3 : i32
      %i8 = arith.constant 8 : i32
      %amb = arith.constant 80 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %colBase = arith.muli %bx, %c16 : index
      %col = arith.addi %colBase, %tx : index
      %rowBase = arith.muli %by, %c16 : index
      %row = arith.addi %rowBase, %ty : index
      %t0 = memref.load %temp[%row, %col] : memref<?x?xi32>
      memref.store %t0, %t_s[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      %p0 = memref.load %power[%row, %col] : memref<?x?xi32>
      memref.store %p0, %p_s[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %isTop = arith.cmpi eq, %ty, %c0 : index
      %ym1 = arith.subi %ty, %c1 : index
      %north = arith.select %isTop, %ty, %ym1 : index
      %isBottom = arith.cmpi eq, %ty, %c15 : index
      %yp1 = arith.addi %ty, %c1 : index
      %south = arith.select %isBottom, %ty, %yp1 : index
      %isLeft = arith.cmpi eq, %tx, %c0 : index
      %xm1 = arith.subi %tx, %c1 : index
      %west = arith.select %isLeft, %tx, %xm1 : index
      %isRight = arith.cmpi eq, %tx, %c15 : index
      %xp1 = arith.addi %tx, %c1 : index
      %east = arith.select %isRight, %tx, %xp1 : index
      %t = memref.load %t_s[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      %n = memref.load %t_s[%north, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      %s = memref.load %t_s[%south, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      %w = memref.load %t_s[%ty, %west] : memref<16x16xi32, #gpu.address_space<workgroup>>
      %e = memref.load %t_s[%ty, %east] : memref<16x16xi32, #gpu.address_space<workgroup>>
      %p = memref.load %p_s[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      %t2 = arith.muli %t, %i2 : i32
      %ns = arith.addi %n, %s : i32
      %dy = arith.subi %ns, %t2 : i32
      %ew = arith.addi %e, %w : i32
      %dx = arith.subi %ew, %t2 : i32
      %dz = arith.subi %amb, %t : i32
      %fy = arith.muli %dy, %i2 : i32
      %fx = arith.muli %dx, %i3 : i32
      %f0 = arith.addi %p, %fy : i32
      %f1 = arith.addi %f0, %fx : i32
      %f2 = arith.addi %f1, %dz : i32
      %delta = arith.divsi %f2, %i8 : i32
      %v = arith.addi %t, %delta : i32
      memref.store %v, %out[%row, %col] : memref<?x?xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %c16 = arith.constant 16 : index
    %c31 = arith.constant 31 : index
    %c101 = arith.constant 101 : index
    %c1009 = arith.constant 1009 : index
    %c7919 = arith.constant 7919 : index
    %i500 = arith.constant 500 : i32
    %rows = arith.constant 32 : index
    %cols = arith.constant 48 : index
    %h_t = memref.alloc(%rows, %cols) : memref<?x?xi32>
    %h_p = memref.alloc(%rows, %cols) : memref<?x?xi32>
    %h_o = memref.alloc(%rows, %cols) : memref<?x?xi32>
    scf.for %r = %c0 to %rows step %c1 {
      scf.for %c = %c0 to %cols step %c1 {
        %rb = arith.muli %r, %cols : index
        %i = arith.addi %rb, %c : index
        %a = arith.muli %i, %c7919 : index
        %b = arith.addi %a, %c13 : index
        %m = arith.muli %b, %i : index
        %q = arith.remui %m, %c1009 : index
        %qi = arith.index_cast %q : index to i32
        %tv = arith.subi %qi, %i500 : i32
        memref.store %tv, %h_t[%r, %c] : memref<?x?xi32>
        %pa = arith.muli %i, %c31 : index
        %pb = arith.addi %pa, %c7 : index
        %pm = arith.muli %pb, %i : index
        %pq = arith.remui %pm, %c101 : index
        %pv = arith.index_cast %pq : index to i32
        memref.store %pv, %h_p[%r, %c] : memref<?x?xi32>
      }
    }
    %d_t = gpu.alloc (%rows, %cols) : memref<?x?xi32>
    %d_p = gpu.alloc (%rows, %cols) : memref<?x?xi32>
    %d_o = gpu.alloc (%rows, %cols) : memref<?x?xi32>
    gpu.memcpy %d_t, %h_t : memref<?x?xi32>, memref<?x?xi32>
    gpu.memcpy %d_p, %h_p : memref<?x?xi32>, memref<?x?xi32>
    gpu.launch_func @kernels::@hotspot blocks in (%c3, %c2, %c1) threads in (%c16, %c16, %c1)
        args(%d_t : memref<?x?xi32>, %d_p : memref<?x?xi32>, %d_o : memref<?x?xi32>)
    gpu.memcpy %h_o, %d_o : memref<?x?xi32>, memref<?x?xi32>
    %u = memref.cast %h_o : memref<?x?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [32, 48]
// CHECK-NEXT: {{\[\[}}-39,   -232,   245,   -41,   18,   195,   -13,   -116,   138,   8,   235,   202,   261,   -52,   -21,   11,   12,   -236,   -9,   -179,   21,   338,   -132,   409,   -90,   411,   136,   -21,   179,   234,   154,   258,   -133,   -308,   47,   18,   94,   161,   334,   110,   255,   -124,   106,   -301,   27,   -29,   20,   195],
// CHECK-NEXT: [-18,   19,   26,   137,   104,   -64,   0,   169,   -300,   220,   102,   89,   56,   393,   80,   -22,   -171,   64,   -179,   60,   -84,   115,   68,   112,   277,   55,   65,   179,   22,   -268,   315,   147,   -254,   53,   -314,   -72,   288,   -1,   67,   252,   -325,   576,   -546,   75,   -67,   -104,   229,   -107],
// CHECK-NEXT: [-28,   364,   -253,   369,   -277,   317,   -104,   -168,   138,   -218,   48,   431,   165,   4,   88,   201,   -98,   101,   -375,   -3,   236,   -163,   299,   111,   -223,   317,   93,   -290,   -38,   55,   141,   -50,   -111,   -204,   191,   -52,   -190,   295,   -248,   69,   254,   -464,   196,   206,   -435,   303,   -240,   19],
// CHECK-NEXT: [199,   -74,   84,   94,   -41,   -58,   281,   -15,   -207,   210,   -9,   129,   -5,   230,   68,   -93,   -52,   -253,   33,   171,   -75,   36,   -126,   82,   -107,   199,   -283,   121,   114,   -277,   204,   -10,   19,   -109,   52,   -46,   199,   -179,   40,   124,   -189,   120,   29,   -333,   557,   -324,   273,   -121],
// CHECK-NEXT: [22,   355,   15,   -208,   179,   -84,   24,   -142,   50,   -143,   147,   -327,   313,   63,   -345,   89,   -146,   260,   48,   -47,   91,   345,   -62,   -86,   -19,   -84,   -31,   127,   -112,   258,   -136,   3,   -4,   235,   -228,   183,   -181,   202,   -64,   -226,   235,   -333,   604,   -243,   148,   30,   16,   228],
// CHECK-NEXT: [221,   141,   -55,   106,   -130,   128,   -388,   221,   -73,   -512,   -77,   211,   -390,   122,   -141,   -109,   125,   -135,   49,   338,   -10,   -1,   366,   -283,   308,   -369,   194,   -271,   263,   -230,   150,   -136,   -28,   162,   95,   21,   -198,   -61,   -196,   39,   -111,   209,   -473,   449,   -148,   242,   -5,   -79],
// CHECK-NEXT: [254,   -227,   352,   15,   -455,   -64,   194,   -451,   30,   -265,   -76,   -272,   141,   -223,   35,   -93,   -137,   210,   -91,   -47,   366,   142,   24,   137,   116,   -50,   -99,   197,   -131,   -115,   19,   -276,   172,   339,   -225,   85,   261,   -225,   175,   -88,   -484,   -20,   312,   -258,   284,   -189,   -52,   102],
// CHECK-NEXT: [-93,   399,   -276,   161,   -164,   -6,   -246,   136,   -259,   -44,   -214,   98,   -352,   59,   71,   -79,   -35,   -340,   120,   -69,   111,   19,   284,   -88,   -102,   253,   -41,   22,   -175,   -14,   -239,   60,   345,   112,   70,   146,   65,   113,   -123,   10,   -242,   -10,   -176,   267,   -54,   247,   -114,   18],
// CHECK-NEXT: [164,   3,   90,   -84,   100,   -113,   168,   -313,   54,   36,   -380,   77,   10,   -64,   -284,   158,   -73,   216,   -199,   133,   -310,   372,   -225,   177,   -83,   -226,   254,   -294,   271,   -54,   -146,   -122,   126,   122,   211,   42,   -261,   298,   81,   -284,   -26,   -153,   190,   -218,   223,   -99,   314,   33],
// CHECK-NEXT: [29,   84,   314,   -104,   224,   -223,   191,   -158,   -25,   -276,   82,   293,   -258,   51,   214,   5,   241,   -123,   -142,   -57,   275,   -296,   258,   -215,   -79,   175,   -221,   371,   -305,   132,   -194,   46,   143,   105,   -291,   -64,   17,   78,   -373,   37,   62,   -324,   176,   -112,   96,   -82,   98,   159],
// CHECK-NEXT: [117,   -102,   -104,   238,   -44,   271,   -179,   -19,   -244,   14,   -125,   105,   76,   139,   69,   202,   35,   265,   -239,   -8,   -175,   29,   -40,   247,   -101,   -93,   285,   14,   113,   -74,   109,   -303,   147,   -305,   74,   55,   -349,   95,   -211,   -47,   -268,   134,   -242,   -8,   -172,   160,   -271,   384],
// CHECK-NEXT: [-174,   202,   -46,   -189,   290,   -258,   306,   -19,   -490,   -88,   169,   -224,   256,   86,   -217,   271,   193,   -229,   28,   -112,   -135,   200,   -102,   -47,   113,   141,   22,   147,   376,   -43,   -93,   89,   -2,   -99,   34,   -217,   140,   -279,   -76,   -270,   30,   -444,   194,   -57,   -454,   22,   340,   -22],
// CHECK-NEXT: [126,   -151,   -3,   251,   -145,   446,   -483,   218,   -120,   49,   -192,   -63,   -207,   19,   100,   -78,   -54,   131,   142,   -231,   256,   -272,   187,   -369,   314,   -283,   372,   0,   -16,   339,   44,   -49,   -164,   92,   -145,   112,   -394,   214,   -81,   -509,   -76,   224,   -391,   132,   -133,   97,   -57,   175],
// CHECK-NEXT: [47,   363,   14,   35,   147,   -238,   604,   -327,   234,   -220,   -64,   196,   -181,   178,   -227,   202,   -63,   86,   -135,   266,   -110,   123,   -28,   -75,   -16,   -90,   -59,   342,   94,   -49,   52,   175,   -91,   131,   -340,   62,   318,   -328,   152,   -144,   55,   -142,   17,   -84,   173,   -207,   22,   217],
// CHECK-NEXT: [191,   -144,   280,   -336,   565,   -331,   24,   122,   -181,   126,   36,   -188,   209,   -56,   62,   78,   -87,   -98,   202,   -273,   113,   113,   -272,   191,   -108,   75,   -127,   29,   -75,   177,   33,   -118,   -43,   -234,   69,   224,   -4,   124,   -7,   206,   -218,   -19,   284,   -62,   -38,   90,   87,   -5],
// CHECK-NEXT: [-111,   35,   -275,   162,   -428,   94,   -34,   -295,   66,   16,   -155,   271,   -67,   -47,   90,   -154,   37,   -235,   86,   -105,   -64,   -168,   97,   215,   -178,   38,   108,   -207,   87,   -18,   -255,   76,   -236,   68,   14,   77,   120,   281,   44,   -87,   151,   -8,   -61,   254,   -205,   335,   -153,   251],
// CHECK-NEXT: [104,   73,   256,   41,   -69,   191,   -324,   412,   -144,   312,   -20,   18,   173,   -68,   -205,   -137,   2,   56,   354,   -98,   46,   56,   47,   156,   244,   185,   246,   172,   66,   76,   -310,   -156,   223,   97,   158,   324,   105,   244,   110,   94,   -319,   14,   -49,   6,   27,   166,   -80,   146],
// CHECK-NEXT: [11,   99,   -76,   -6,   156,   -307,   206,   -170,   75,   48,   378,   58,   -144,   -101,   34,   -145,   223,   131,   84,   30,   80,   -14,   9,   389,   -245,   612,   -316,   260,   61,   -272,   3,   -115,   -125,   231,   -65,   9,   188,   234,   133,   12,   260,   -140,   81,   155,   84,   -122,   282,   -16],
// CHECK-NEXT: [-40,   -366,   234,   58,   -265,   34,   -316,   -44,   332,   60,   -95,   -19,   176,   -41,   0,   -226,   -9,   128,   100,   176,   234,   -346,   199,   -43,   474,   -301,   302,   2,   -431,   250,   28,   -113,   -23,   -331,   147,   -403,   551,   -279,   394,   40,   43,   416,   -239,   346,   -337,   219,   13,   68],
// CHECK-NEXT: [-231,   -215,   139,   -270,   181,   -143,   28,   55,   -54,   57,   298,   -123,   204,   -485,   192,   -58,   122,   -29,   88,   45,   -496,   315,   -15,   -113,   159,   158,   -115,   -18,   311,   -502,   51,   127,   -72,   226,   -158,   191,   -487,   213,   -114,   293,   63,   -62,   58,   31,   -142,   181,   -272,   139],
// CHECK-NEXT: [-198,   -78,   -83,   17,   223,   -335,   347,   -239,   415,   41,   36,   389,   -273,   556,   -399,   84,   -264,   191,   -329,   38,   246,   -436,   8,   307,   -297,   464,   -42,   199,   -348,   244,   173,   -27,   242,   -112,   -113,   -10,   -39,   176,   -20,   -98,   56,   327,   -50,   -311,   38,   -262,   60,   57],
// CHECK-NEXT: [-190,   284,   -345,   277,   -128,   89,   146,   71,   -139,   261,   11,   131,   231,   196,   3,   85,   77,   -132,   -116,   4,   -273,   59,   257,   -308,   606,   -240,   394,   12,   -12,   81,   29,   172,   38,   278,   -209,   40,   -109,   -140,   60,   378,   47,   73,   -161,   215,   -312,   162,   -14,   -39],
// CHECK-NEXT: [67,   127,   21,   20,   136,   108,   -68,   1,   175,   -302,   223,   98,   90,   61,   390,   60,   -98,   -79,   68,   -183,   62,   -91,   127,   59,   121,   278,   48,   62,   182,   29,   -269,   229,   196,   -228,   59,   -316,   -68,   284,   0,   72,   250,   -335,   584,   -547,   79,   -70,   -102,   89],
// CHECK-NEXT: [45,   -43,   360,   -252,   374,   -279,   320,   -109,   -168,   130,   -208,   50,   425,   164,   8,   272,   89,   -179,   112,   -384,   5,   236,   -171,   296,   113,   -216,   316,   85,   -280,   -49,   61,   -106,   -49,   133,   -203,   196,   -54,   -187,   290,   -249,   74,   250,   -463,   190,   204,   -431,   299,   -162],
// CHECK-NEXT: [134,   11,   -71,   79,   94,   -36,   -61,   283,   -21,   -208,   214,   -13,   130,   1,   228,   92,   -254,   84,   -247,   30,   173,   -81,   35,   -122,   78,   -106,   193,   -272,   112,   123,   -277,   162,   -58,   102,   -102,   52,   -55,   209,   -190,   46,   123,   -186,   115,   30,   -327,   555,   -334,   190],
// CHECK-NEXT: [-54,   51,   352,   17,   -213,   178,   -80,   20,   -141,   56,   -145,   150,   -331,   313,   56,   -103,   -109,   -183,   259,   52,   -50,   92,   339,   -51,   -96,   -11,   -83,   -38,   125,   -110,   265,   39,   -93,   -82,   224,   -221,   182,   -177,   198,   -64,   -220,   232,   -330,   599,   -243,   153,   26,   137],
// CHECK-NEXT: [245,   77,   145,   -59,   107,   -125,   126,   -385,   216,   -73,   -507,   -80,   213,   -395,   122,   -74,   23,   -74,   -129,   47,   341,   -15,   0,   371,   -285,   310,   -374,   193,   -267,   260,   -229,   152,   122,   -293,   170,   96,   14,   -201,   -58,   -188,   38,   -119,   218,   -484,   456,   -149,   246,   -56],
// CHECK-NEXT: [-98,   327,   -229,   342,   22,   -455,   -60,   191,   -449,   24,   -266,   -72,   -276,   142,   -217,   -70,   2,   -130,   210,   -99,   -38,   368,   137,   23,   141,   112,   -49,   -105,   208,   -140,   -107,   -140,   -79,   125,   341,   -218,   84,   253,   -216,   164,   -82,   -486,   -16,   308,   -258,   289,   -191,   113],
// CHECK-NEXT: [34,   -193,   404,   -279,   163,   -170,   -8,   -242,   132,   -258,   -39,   -216,   101,   -357,   59,   -195,   -33,   189,   -346,   119,   -65,   107,   20,   290,   -89,   -99,   248,   -41,   27,   -177,   -12,   -194,   220,   137,   108,   72,   140,   76,   104,   -115,   10,   -249,   -13,   -174,   275,   -54,   239,   -109],
// CHECK-NEXT: [-99,   280,   2,   93,   -88,   101,   -108,   166,   -323,   62,   36,   -376,   74,   12,   -70,   -346,   168,   -22,   217,   -193,   131,   -307,   367,   -225,   169,   -73,   -224,   248,   -295,   275,   -57,   -261,   -11,   135,   112,   220,   42,   -268,   295,   83,   -277,   -27,   -162,   199,   -229,   230,   -100,   145],
// CHECK-NEXT: [257,   -28,   90,   312,   -102,   219,   -223,   195,   -161,   -23,   -282,   81,   297,   -262,   52,   -8,   343,   130,   -128,   -142,   -52,   272,   -294,   252,   -216,   -75,   171,   -220,   377,   -307,   135,   -105,   121,   -20,   102,   -288,   -70,   16,   82,   -377,   38,   55,   -313,   167,   -103,   96,   -89,   135],
// CHECK-NEXT: [107,   304,   64,   -58,   190,   29,   249,   -68,   -15,   -359,   44,   50,   161,   265,   233,   27,   242,   133,   159,   -213,   -88,   -109,   227,   51,   232,   16,   -83,   176,   50,   281,   0,   -9,   -184,   170,   -179,   81,   -45,   -316,   34,   -153,   -83,   -171,   111,   -119,   8,   -263,   202,   153{{\]\]}}
