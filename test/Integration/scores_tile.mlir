// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy{prefetch=false})' | FileCheck %s
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-opt %s --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %t.clean.mlir --wc-consolidate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --wc-consolidate --wc-lower-to-nvvm=format=isa 2>/dev/null | sed 's/\\0A/\n/g; s/\\09/ /g' | grep -E -o '\.shared \.align [0-9]+ \.b8 [a-z_0-9]+\[[0-9]+\]|cp\.async[^;]*;|ld\.global[.a-z0-9]*|st\.shared[.a-z0-9]*' | sed 's/\[[^]]*\],/[],/g' | sort | uniq -c | FileCheck %s --check-prefix=PTX
// RUN: wc-opt %s --wc-consolidate=chip=sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// Attention scores S = Q K^T, tiled (the matrix product with its second
// operand transposed, as attention's query-key product and GEMM "NT"
// take it): 16 x 16 blocks, each computing a 16 x 16 tile of S. A loop
// over the D / 16 tiles of the shared dimension stages a tile of Q and one
// of K (rows of both, as stored) in workgroup memory, a barrier, 16
// multiply-adds reading tileQ[ty][k] and tileK[tx][k], another barrier.
// tileK is read down its columns: lanes tx = 0..15 read 16 rows 16
// elements apart, 8 to a bank. Q is 32 x 48, K 32 x 48: 2 x 2 blocks, 3
// tiles each.
//
// The cost model aggregates the kernel and copies its tiles by cp.async
// of 16 bytes per lane, the next tile during this one (not remapped); the
// tile of K stays in shared memory and is padded to rows of 20 elements
// (a multiple of 16 bytes, which the copies need): two wavefronts per read
// instead of eight.
// REMARK: remark: wc-consolidate: not specialized: a tile loop, whose copy and compute share the load/store pipe that producer warps would not relieve; aggregated, one warp copies and computes its tiles
// REMARK: remark: wc-consolidate: aggregate, not remapped (2 barriers, workgroup memory): a tile loop copies its next tile by cp.async during this one
// REMARK: remark: wc-consolidate: workgroup buffer 1 (memref<16x16xi32, #gpu.address_space<workgroup>>) padded to 'memref<16x20xi32, #gpu.address_space<workgroup>>' against bank conflicts: {{[0-9]+}} shared-memory wavefronts instead of {{[0-9]+}} (rows kept a multiple of 16 bytes for cp.async)
// REMARK: remark: wc-async-copy: 2 tile copies by cp.async of 16 bytes per lane
// REMARK: remark: wc-async-copy: 1 tile loops copy the next tile during this one (two of each tile)
// On sm_80 (164 KiB of shared memory per SM), the two padded tiles of K
// would keep fewer than 32 one-warp blocks resident: the padding is
// dropped, the next tile still copied during this one.
// SM80: remark: wc-consolidate: aggregate, not remapped
// SM80-NOT: padded to
// SM80: remark: wc-consolidate: workgroup buffers not padded against bank conflicts: two of each padded tile would keep the tile loop from copying its next tile during this one
// SM80-NOT: padded to
// SM80: remark: wc-async-copy: 1 tile loops copy the next tile during this one
// Two of each tile (2 x 16 x 16 and 2 x 16 x 20 elements), 16-byte copies
// (the original loop, run where the views are not aligned, copies element
// by element).
// PTX: {{^ *}}1 .shared .align 16 .b8 __wg_scores_0[2048]
// PTX-NEXT: {{^ *}}1 .shared .align 16 .b8 __wg_scores_1[2560]
// PTX-NEXT: {{^ *}}8 cp.async.cg.shared.global [], [], 16;
// PTX-NEXT: {{^ *}}2 cp.async.commit_group;
// PTX-NEXT: {{^ *}}1 cp.async.wait_group 1;
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scores(%q: memref<?x?xi32>, %kt: memref<?x?xi32>,
                     %s: memref<?x?xi32>, %d: index)
        workgroup(%tileQ: memref<16x16xi32, #gpu.address_space<workgroup>>,
                  %tileK: memref<16x16xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %rowBase = arith.muli %by, %c16 : index
      %row = arith.addi %rowBase, %ty : index
      %colBase = arith.muli %bx, %c16 : index
      %col = arith.addi %colBase, %tx : index
      %tiles = arith.divui %d, %c16 : index
      %sum = scf.for %t = %c0 to %tiles step %c1 iter_args(%acc = %zero) -> (i32) {
        %base = arith.muli %t, %c16 : index
        %dc = arith.addi %base, %tx : index
        %qv = memref.load %q[%row, %dc] : memref<?x?xi32>
        memref.store %qv, %tileQ[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
        %krow = arith.addi %colBase, %ty : index
        %kv = memref.load %kt[%krow, %dc] : memref<?x?xi32>
        memref.store %kv, %tileK[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %part = scf.for %kk = %c0 to %c16 step %c1 iter_args(%sa = %acc) -> (i32) {
          %qe = memref.load %tileQ[%ty, %kk] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %ke = memref.load %tileK[%tx, %kk] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %p = arith.muli %qe, %ke : i32
          %ns = arith.addi %sa, %p : i32
          scf.yield %ns : i32
        }
        gpu.barrier
        scf.yield %part : i32
      }
      memref.store %sum, %s[%row, %col] : memref<?x?xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c13 = arith.constant 13 : index
    %c16 = arith.constant 16 : index
    %c29 = arith.constant 29 : index
    %c1009 = arith.constant 1009 : index
    %c1013 = arith.constant 1013 : index
    %c7919 = arith.constant 7919 : index
    %c7927 = arith.constant 7927 : index
    %m = arith.constant 32 : index
    %d = arith.constant 48 : index
    %n = arith.constant 32 : index
    %c500_i32 = arith.constant 500 : i32
    %c506_i32 = arith.constant 506 : i32
    %h_q = memref.alloc(%m, %d) : memref<?x?xi32>
    %h_k = memref.alloc(%n, %d) : memref<?x?xi32>
    %h_s = memref.alloc(%m, %n) : memref<?x?xi32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %d step %c1 {
        %g0 = arith.muli %i, %d : index
        %g = arith.addi %g0, %j : index
        %a0 = arith.muli %g, %c7919 : index
        %a1 = arith.addi %a0, %c13 : index
        %a2 = arith.muli %a1, %g : index
        %a3 = arith.remui %a2, %c1009 : index
        %a4 = arith.index_cast %a3 : index to i32
        %qv = arith.subi %a4, %c500_i32 : i32
        memref.store %qv, %h_q[%i, %j] : memref<?x?xi32>
      }
    }
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %d step %c1 {
        %g0 = arith.muli %i, %d : index
        %g = arith.addi %g0, %j : index
        %b0 = arith.muli %g, %c7927 : index
        %b1 = arith.addi %b0, %c29 : index
        %b2 = arith.muli %b1, %g : index
        %b3 = arith.remui %b2, %c1013 : index
        %b4 = arith.index_cast %b3 : index to i32
        %kv = arith.subi %b4, %c506_i32 : i32
        memref.store %kv, %h_k[%i, %j] : memref<?x?xi32>
      }
    }
    %d_q = gpu.alloc (%m, %d) : memref<?x?xi32>
    %d_k = gpu.alloc (%n, %d) : memref<?x?xi32>
    %d_s = gpu.alloc (%m, %n) : memref<?x?xi32>
    gpu.memcpy %d_q, %h_q : memref<?x?xi32>, memref<?x?xi32>
    gpu.memcpy %d_k, %h_k : memref<?x?xi32>, memref<?x?xi32>
    gpu.launch_func @kernels::@scores blocks in (%c2, %c2, %c1) threads in (%c16, %c16, %c1)
        args(%d_q : memref<?x?xi32>, %d_k : memref<?x?xi32>, %d_s : memref<?x?xi32>, %d : index)
    gpu.memcpy %h_s, %d_s : memref<?x?xi32>, memref<?x?xi32>
    %u = memref.cast %h_s : memref<?x?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [32, 32]
// CHECK-NEXT: {{\[\[}}-113219,   69499,   13969,   463733,   -562637,   -1118155,   885985,   202443,   300744,   481918,   626431,   775816,   937164,   498623,   -739368,   591416,   -53343,   -131015,   -615093,   -470291,   -409761,   191518,   50075,   324782,   454437,   45996,   243136,   -66417,   -576737,   -123887,   788672,   -1282247],
// CHECK-NEXT: [-39057,   -1124100,   19231,   11568,   -1032620,   -350882,   -897126,   -483272,   -610586,   -57390,   -1032024,   185248,   101602,   -415834,   227402,   -746336,   -680962,   365783,   -103146,   -354506,   -600014,   893573,   -668274,   -923577,   -1073754,   459449,   21128,   875169,   41326,   150360,   753512,   1059629],
// CHECK-NEXT: [-154975,   -584450,   577728,   -113654,   155518,   -810940,   -96601,   710151,   1779500,   -419872,   397700,   1258048,   -142390,   -193282,   163282,   61187,   -52834,   -1663839,   44987,   982137,   -276667,   -559722,   576666,   595945,   -720693,   959353,   -52925,   -205949,   -894620,   -307694,   -1213700,   443414],
// CHECK-NEXT: [-286416,   -102526,   40754,   -332686,   -215924,   -272475,   -222751,   -289612,   -166119,   521525,   -461358,   353744,   409006,   167369,   -3448,   -199680,   671700,   871371,   -97037,   -274382,   76969,   786832,   -1089584,   -558189,   -342940,   271341,   -607630,   -162700,   -486727,   192026,   543490,   422806],
// CHECK-NEXT: [-253778,   68413,   1029691,   -18939,   -207648,   -352914,   -75875,   -246698,   -934267,   577271,   27238,   21070,   -630495,   -281332,   -562371,   102616,   175895,   881170,   135713,   448725,   -16363,   -352916,   -189163,   -168359,   191684,   -206113,   240816,   548848,   754451,   1325631,   -3693,   -273535],
// CHECK-NEXT: [993308,   -710330,   -154455,   -148116,   -465414,   327046,   1355045,   1132512,   746396,   -396921,   -45540,   -696506,   -547692,   -616150,   337019,   330387,   95340,   -118924,   767453,   313141,   -473925,   -302170,   -1043618,   -682399,   -1062173,   -220759,   -517434,   -603895,   424467,   467703,   -940167,   372391],
// CHECK-NEXT: [-389448,   -349116,   620171,   540024,   -359606,   -81083,   -1081945,   -322179,   -160049,   70999,   -724088,   -74603,   -763257,   926647,   684794,   -1014732,   -360012,   1052466,   -51314,   -209931,   -351293,   509236,   -1171818,   422191,   -1343887,   356555,   -1099477,   12480,   115523,   432343,   -77411,   1053929],
// CHECK-NEXT: [34527,   -1155528,   -981095,   400811,   -260527,   -44630,   -256242,   -452682,   204814,   35679,   70134,   -581235,   513785,   -1239774,   410324,   97205,   414149,   1136270,   406739,   44904,   -438514,   986537,   -322522,   260680,   87148,   387677,   194852,   1432360,   -108814,   -1147563,   459621,   516892],
// CHECK-NEXT: [-74638,   -175214,   204800,   -367991,   -866405,   -154869,   262312,   306124,   -588687,   164068,   -51177,   497808,   -162301,   -386392,   44343,   23708,   -306477,   -670676,   174062,   -29227,   21162,   -357533,   820168,   977193,   7177,   460854,   591812,   -454921,   -604721,   -892874,   -410719,   -667626],
// CHECK-NEXT: [-108516,   552637,   576735,   -733166,   487529,   881738,   -562526,   -326101,   131280,   -33199,   435569,   -392181,   -1139782,   187363,   598878,   -958757,   148933,   -261742,   -253926,   603919,   -397982,   -192265,   185784,   -747880,   43717,   59478,   -461529,   -42350,   -784960,   -106209,   315362,   -236438],
// CHECK-NEXT: [-611967,   -127280,   565553,   452519,   -315445,   -30421,   -564433,   120675,   180230,   -1110063,   -1329134,   -1109095,   -233164,   -203620,   -307311,   -642498,   1574543,   -103933,   -342455,   -499456,   -1855368,   -328814,   596499,   -373030,   -544847,   465988,   493681,   280761,   -557712,   -150727,   994203,   38652],
// CHECK-NEXT: [-968492,   -211091,   280226,   -857026,   572999,   -563583,   -174252,   -736806,   1139266,   -803337,   -571707,   304526,   -561266,   -771312,   -239507,   -272621,   -148385,   -250726,   -384135,   1447,   363052,   -1028511,   688145,   440929,   156567,   -199383,   1655368,   -403778,   848908,   -824628,   -1002641,   -406387],
// CHECK-NEXT: [414111,   35837,   683340,   614260,   -525953,   -44745,   1563540,   -619213,   -524121,   -261263,   -125422,   -650449,   -92971,   -89996,   -402456,   -598813,   -184723,   537940,   -670567,   302536,   -106485,   91902,   -655232,   164353,   -798321,   -1169795,   367844,   21924,   1146488,   395597,   -364803,   -609978],
// CHECK-NEXT: [-99585,   -108940,   1140234,   -549935,   -281592,   557453,   -377895,   828622,   -875840,   93388,   -440293,   -121658,   -653560,   -310860,   -987868,   -634272,   805643,   196642,   -343092,   339235,   77829,   -1221519,   -732539,   517587,   -384529,   81288,   -77533,   -277504,   -253219,   321508,   -595531,   -60558],
// CHECK-NEXT: [-166682,   630963,   -75491,   228222,   30706,   -667026,   -258356,   -270888,   -15782,   980033,   130368,   484353,   559969,   -446093,   -670926,   -653446,   34846,   -335241,   262293,   652368,   -624749,   -306185,   1208938,   495667,   787498,   379552,   821719,   940945,   -280835,   -109534,   284833,   -738794],
// CHECK-NEXT: [-172618,   -76253,   109579,   380826,   -446709,   -624588,   -35303,   -508332,   -214197,   -243899,   812658,   414870,   -53505,   406351,   17636,   643257,   -192558,   404332,   -82365,   587094,   -54959,   853201,   259405,   -384718,   -297132,   507981,   -333721,   380868,   111144,   -331480,   469170,   526601],
// CHECK-NEXT: [319504,   229354,   -347781,   1144911,   -656405,   146970,   831079,   -704027,   1065541,   899534,   477506,   -304882,   1358380,   -688709,   160637,   -125322,   1039603,   80535,   -201581,   347231,   -396277,   358710,   545672,   479652,   114052,   -135798,   304473,   -184922,   226508,   -836722,   297513,   426107],
// CHECK-NEXT: [-351130,   679035,   -260987,   -1151274,   311736,   225967,   -149422,   -87097,   -80389,   161433,   904788,   242197,   -63720,   -816272,   467404,   -125911,   -269356,   365281,   -686629,   385820,   89804,   453349,   -1076305,   -1112699,   1091761,   1032264,   -124214,   378700,   -695529,   47662,   29175,   90813],
// CHECK-NEXT: [1766724,   682525,   44054,   280823,   724252,   295496,   840241,   833922,   1430346,   -266654,   68432,   -403835,   -363516,   892411,   458662,   553707,   -1054093,   17500,   787227,   155983,   746425,   1087677,   -264799,   200055,   536266,   278867,   -136552,   289840,   170233,   -771922,   568220,   29255],
// CHECK-NEXT: [303249,   -242478,   -52184,   -1340287,   11058,   -27863,   -377192,   328595,   289397,   -986091,   137788,   -261302,   -705394,   234855,   156609,   1157791,   326026,   115813,   -266027,   -63796,   591829,   -894458,   -198160,   -718905,   -362822,   1139547,   124181,   -1099280,   757362,   482222,   -620969,   -322598],
// CHECK-NEXT: [-498710,   770595,   1245310,   -897965,   -239680,   1708769,   -179411,   -595087,   -716378,   -192786,   194666,   -621724,   -405252,   175502,   160,   -95553,   1195133,   461447,   -241234,   285469,   -512217,   108912,   -472788,   -182693,   558802,   472278,   -330835,   -275322,   187019,   -134087,   -22027,   95713],
// CHECK-NEXT: [-335444,   -414147,   14553,   508988,   -804892,   -517329,   951282,   -402435,   -536610,   177999,   -28319,   -541686,   189814,   663902,   -221566,   53754,   672371,   -336000,   548816,   -532711,   -50276,   1209020,   -639678,   -994311,   -144597,   -135783,   572904,   778020,   137171,   217468,   -226066,   -38611],
// CHECK-NEXT: [-1104882,   -325744,   -840553,   303586,   675473,   -1256548,   -514595,   -161980,   -648475,   -540685,   -191134,   500465,   -64402,   108862,   716357,   -289190,   -949650,   400349,   207203,   -615362,   -299661,   233489,   496835,   -437531,   -83707,   -469719,   50558,   1583489,   -431452,   1154476,   -761883,   -226115],
// CHECK-NEXT: [-556954,   762365,   841270,   -136886,   553880,   887568,   -333188,   -89648,   -769453,   324003,   -493561,   302082,   -415186,   21864,   -1200882,   -596678,   224819,   -439244,   -290370,   -164284,   -747800,   -720979,   332522,   162830,   543708,   -774717,   723509,   -700259,   245891,   -303649,   -308697,   -1129712],
// CHECK-NEXT: [-14459,   418490,   -4149,   188500,   284298,   -856380,   306901,   640932,   -603907,   -1030858,   -139499,   -331653,   -549748,   -1300284,   27240,   68651,   -431496,   -260640,   193240,   -803,   -587493,   279869,   405099,   -597756,   977871,   376958,   -427171,   1291467,   -4186,   1006146,   -156010,   250355],
// CHECK-NEXT: [289524,   -480548,   -736257,   205159,   -180696,   -766353,   -758633,   -212238,   -795579,   69429,   274733,   540576,   -445890,   9915,   501947,   -105367,   -968198,   148132,   -192473,   -339836,   1233647,   76854,   130355,   947417,   -430933,   -260647,   -435022,   15383,   839344,   -52958,   320749,   -289408],
// CHECK-NEXT: [331788,   221484,   22231,   -402726,   324293,   -176249,   -100199,   541300,   -329415,   528243,   803621,   1121740,   444275,   -201592,   -347855,   -1065255,   -599276,   369346,   -916775,   405774,   312344,   -372483,   824026,   447541,   -304572,   1372684,   439634,   197645,   -690443,   298753,   -1031626,   -505994],
// CHECK-NEXT: [-543517,   281579,   377422,   -221546,   279711,   -580397,   -316981,   111661,   -249730,   -83241,   -518367,   867988,   -1197854,   -981300,   551248,   230113,   -512323,   -10688,   -705299,   1002020,   -46927,   -1510084,   1256141,   -134879,   -750847,   1035115,   823548,   159277,   -553511,   -553040,   -1324368,   729668],
// CHECK-NEXT: [472665,   380812,   -1054023,   430864,   496794,   25077,   -193134,   12345,   1318198,   -487629,   118753,   52759,   -394880,   -761223,   399281,   -257281,   212869,   861563,   226029,   249201,   80159,   -179797,   -298690,   -188389,   1242107,   114021,   543172,   273609,   -832436,   -950550,   -206345,   -540729],
// CHECK-NEXT: [429009,   183186,   444971,   1496991,   625419,   368833,   -505588,   -667775,   656204,   -683912,   -326145,   141121,   18916,   -148779,   1209199,   -566950,   -210639,   -110522,   -91350,   -1277553,   117463,   240246,   -428029,   662359,   339707,   223802,   378463,   -142452,   -213500,   -256089,   -388740,   237441],
// CHECK-NEXT: [687665,   1151751,   -195821,   70915,   444615,   -652975,   345931,   852105,   202032,   -100996,   438378,   554917,   182776,   189083,   -15728,   -394176,   299729,   432018,   -589914,   829070,   155795,   133465,   20564,   -162648,   -1117167,   -52178,   -235619,   -1303823,   937030,   511253,   43529,   257140],
// CHECK-NEXT: [-219462,   -607224,   -249072,   238077,   134993,   -784223,   -614118,   300888,   369372,   74535,   -526895,   -483711,   349959,   340146,   -439201,   -1461322,   421174,   391472,   -206177,   -601893,   -30861,   -66270,   -1077865,   -344728,   -607024,   -1208329,   148841,   1049494,   -682294,   557393,   -414966,   215587]]
