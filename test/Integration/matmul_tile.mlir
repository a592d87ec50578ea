// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-sim %s %specialized | FileCheck %s
// RUN: wc-sim %s %specialized_lowered | FileCheck %s
// RUN: wc-sim %s %specialized_aggregated | FileCheck %s
// RUN: wc-sim %s %specialized_aggregated_lowered | FileCheck %s
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir %specialized_aggregated_lowered | FileCheck %s
// RUN: wc-opt %t.clean.mlir --wc-specialize=aggregate-consumers=1 2>&1 >/dev/null | FileCheck %s --check-prefix=CLEAN
// CLEAN: wc-specialize: 1 consumer warp running the block's 256 threads as 8 virtual threads and 1 producer warp
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-specialize{producer-warps=4 set-registers=1 chip=sm_90a},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_90a}))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{aggregate-consumers=1 producer-warps=4 stages=3})' | FileCheck %s
// The tiles copied by cp.async (wc-async-copy) after aggregation, as
// written, lowered, and after cleanups: 16 bytes per lane, lanes 0-3
// copying a row of 16 elements; and element by element by the producers
// of the specialized kernel. The aggregated PTX copies 16 bytes twice per
// tile and lane (one copy per tile and virtual thread 0 or 1; the others'
// guard folds away) into buffers aligned to 16 bytes, commits them as one
// group and waits once, before the warp sync. One test of the source views
// before the tile loop chooses it or, when they are not aligned, the
// original loop (16 loads and stores per tile; each loop 2 warp syncs).
// The tile loop copies the next tile during this one (prefetch): two of
// each tile, the first tile's copies before the loop (4 more), a group
// committed there and one per tile, and a wait for all groups but the
// newest; with prefetch=false, the copies of each tile are waited for at
// once.
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy)' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{aggregate-consumers=1 producer-warps=2},wc-async-copy{element-copies=1},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-async-copy --wc-lower-to-nvvm=format=isa 2>/dev/null | sed 's/\\0A/\n/g; s/\\09/ /g' | grep -E -o '\.shared \.align [0-9]+|cp\.async[^;]*;|bar\.warp\.sync|ld\.global[.a-z0-9]*|st\.shared[.a-z0-9]*' | sed 's/\[[^]]*\]/[]/g' | sort | uniq -c | FileCheck %s --check-prefix=ASYNC
// ASYNC: {{^ *}}2 .shared .align 16
// ASYNC-NEXT: {{^ *}}4 bar.warp.sync
// ASYNC-NEXT: {{^ *}}8 cp.async.cg.shared.global [], [], 16;
// ASYNC-NEXT: {{^ *}}2 cp.async.commit_group;
// ASYNC-NEXT: {{^ *}}1 cp.async.wait_group 1;
// ASYNC-NEXT: {{^ *}}16 ld.global.b32
// ASYNC-NEXT: {{^ *}}16 st.shared.b32
// RUN: wc-opt %s --wc-aggregate --wc-async-copy=prefetch=false --wc-lower-to-nvvm=format=isa 2>/dev/null | sed 's/\\0A/\n/g; s/\\09/ /g' | grep -E -o '\.shared \.align [0-9]+|cp\.async[^;]*;|bar\.warp\.sync|ld\.global[.a-z0-9]*|st\.shared[.a-z0-9]*' | sed 's/\[[^]]*\]/[]/g' | sort | uniq -c | FileCheck %s --check-prefix=AT-ONCE
// AT-ONCE: {{^ *}}2 .shared .align 16
// AT-ONCE-NEXT: {{^ *}}4 bar.warp.sync
// AT-ONCE-NEXT: {{^ *}}4 cp.async.cg.shared.global [], [], 16;
// AT-ONCE-NEXT: {{^ *}}1 cp.async.commit_group;
// AT-ONCE-NEXT: {{^ *}}1 cp.async.wait_group 0;
// AT-ONCE-NEXT: {{^ *}}16 ld.global.b32
// AT-ONCE-NEXT: {{^ *}}16 st.shared.b32
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-async-copy{prefetch=false},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-specialize{producer-warps=2 stages=3})' | FileCheck %s
// RUN: env WC_FAKE_PTXAS=matmul@256=32,matmul@32=72,matmul@128=92 wc-sim %s %measured_lowered | FileCheck %s
// RUN: env WC_FAKE_PTXAS=matmul@256=32,matmul@32=72,matmul@128=92 wc-opt %s --wc-consolidate=ptxas=%fake_ptxas -o /dev/null 2>&1 | FileCheck %s --check-prefix=MEASURED
// RUN: %if ptxas %{ wc-sim %s --pass-pipeline='builtin.module(wc-consolidate{ptxas=%ptxas},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}
// The cost model given ptxas figures (here a stand-in's):
// MEASURED: wc-consolidate: not delegated: 20 agents per SM (92 registers in the job loop

// Tiled matrix multiply (after the CUDA SDK's matrixMul): C = A B with
// 16 x 16 blocks, each computing a 16 x 16 tile of C. A loop over the K / 16
// tiles of the shared dimension (a run-time bound from the index argument)
// stages one tile of A and one of B in workgroup memory, a barrier, 16
// multiply-adds reading tileA[ty][k] and tileB[k][tx], another barrier.
// A is 32 x 48, B 48 x 32: 2 x 2 blocks, 3 tiles each.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @matmul(%a: memref<?x?xi32>, %b: memref<?x?xi32>,
                     %c: memref<?x?xi32>, %k: index)
        workgroup(%tileA: memref<16x16xi32, #gpu.address_space<workgroup>>,
                  %tileB: memref<16x16xi32, #gpu.address_space<workgroup>>)
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
      %tiles = arith.divui %k, %c16 : index
      %sum = scf.for %t = %c0 to %tiles step %c1 iter_args(%acc = %zero) -> (i32) {
        %base = arith.muli %t, %c16 : index
        %ac = arith.addi %base, %tx : index
        %av = memref.load %a[%row, %ac] : memref<?x?xi32>
        memref.store %av, %tileA[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
        %br = arith.addi %base, %ty : index
        %bv = memref.load %b[%br, %col] : memref<?x?xi32>
        memref.store %bv, %tileB[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %part = scf.for %kk = %c0 to %c16 step %c1 iter_args(%s = %acc) -> (i32) {
          %x = memref.load %tileA[%ty, %kk] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %y = memref.load %tileB[%kk, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
          %p = arith.muli %x, %y : i32
          %ns = arith.addi %s, %p : i32
          scf.yield %ns : i32
        }
        gpu.barrier
        scf.yield %part : i32
      }
      memref.store %sum, %c[%row, %col] : memref<?x?xi32>
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
    %k = arith.constant 48 : index
    %n = arith.constant 32 : index
    %c500_i32 = arith.constant 500 : i32
    %c506_i32 = arith.constant 506 : i32
    %h_a = memref.alloc(%m, %k) : memref<?x?xi32>
    %h_b = memref.alloc(%k, %n) : memref<?x?xi32>
    %h_c = memref.alloc(%m, %n) : memref<?x?xi32>
    scf.for %i = %c0 to %m step %c1 {
      scf.for %j = %c0 to %k step %c1 {
        %g0 = arith.muli %i, %k : index
        %g = arith.addi %g0, %j : index
        %a0 = arith.muli %g, %c7919 : index
        %a1 = arith.addi %a0, %c13 : index
        %a2 = arith.muli %a1, %g : index
        %a3 = arith.remui %a2, %c1009 : index
        %a4 = arith.index_cast %a3 : index to i32
        %av = arith.subi %a4, %c500_i32 : i32
        memref.store %av, %h_a[%i, %j] : memref<?x?xi32>
      }
    }
    scf.for %i = %c0 to %k step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %g0 = arith.muli %i, %n : index
        %g = arith.addi %g0, %j : index
        %b0 = arith.muli %g, %c7927 : index
        %b1 = arith.addi %b0, %c29 : index
        %b2 = arith.muli %b1, %g : index
        %b3 = arith.remui %b2, %c1013 : index
        %b4 = arith.index_cast %b3 : index to i32
        %bv = arith.subi %b4, %c506_i32 : i32
        memref.store %bv, %h_b[%i, %j] : memref<?x?xi32>
      }
    }
    %d_a = gpu.alloc (%m, %k) : memref<?x?xi32>
    %d_b = gpu.alloc (%k, %n) : memref<?x?xi32>
    %d_c = gpu.alloc (%m, %n) : memref<?x?xi32>
    gpu.memcpy %d_a, %h_a : memref<?x?xi32>, memref<?x?xi32>
    gpu.memcpy %d_b, %h_b : memref<?x?xi32>, memref<?x?xi32>
    gpu.launch_func @kernels::@matmul blocks in (%c2, %c2, %c1) threads in (%c16, %c16, %c1)
        args(%d_a : memref<?x?xi32>, %d_b : memref<?x?xi32>, %d_c : memref<?x?xi32>, %k : index)
    gpu.memcpy %h_c, %d_c : memref<?x?xi32>, memref<?x?xi32>
    %u = memref.cast %h_c : memref<?x?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [32, 32]
// CHECK-NEXT: {{\[\[}}1373411,  37388,  480881,  673838,  -472716,  743734,  -639499,  537807,  230743,  1678883,  529366,  521175,  581543,  -680379,  -672324,  236976,  -573110,  -1150531,  438530,  -318842,  -1005629,  -237060,  -296437,  -866691,  -546843,  300453,  -454129,  522181,  556076,  -175169,  -216886,  -204226],
// CHECK-NEXT: [71965,  -66584,  -77146,  -775186,  528811,  -1183557,  250802,  96113,  194010,  -42034,  -871347,  -322631,  1085458,  147788,  -266825,  791813,  -594582,  -71123,  948042,  326496,  -665459,  -339152,  126285,  136221,  199182,  8229,  -286714,  488420,  -308273,  -191904,  -165343,  -917430],
// CHECK-NEXT: [528877,  -1294526,  560887,  871075,  -148193,  177403,  -13018,  -679949,  -919794,  25171,  -143551,  -319764,  -18241,  672887,  -302770,  -795626,  592259,  516972,  18864,  -240576,  522714,  -57634,  198356,  -1177997,  901606,  232540,  957975,  530216,  697701,  -631415,  -995542,  246549],
// CHECK-NEXT: [123774,  1115033,  -326293,  -35761,  631235,  -1186017,  229855,  -165889,  988898,  -276744,  -123545,  -474179,  1632353,  -153433,  -638899,  339048,  -245423,  -27970,  67551,  855592,  -794017,  -329867,  -179106,  -536230,  451538,  60241,  -1058762,  505300,  -81609,  -18544,  277139,  72028],
// CHECK-NEXT: [-366414,  -334777,  135955,  -223507,  -370786,  -464923,  -227343,  -226339,  578440,  -320181,  -99984,  256421,  502875,  114644,  198937,  857054,  231153,  -641454,  -890600,  872538,  308268,  438369,  571975,  -217809,  114264,  459972,  -307141,  -513599,  -62154,  -187653,  713483,  894842],
// CHECK-NEXT: [-622843,  588637,  658129,  -475147,  -512694,  -940583,  506254,  -79324,  439944,  58318,  -441153,  -198432,  -172830,  667900,  276485,  -404985,  459046,  654160,  470075,  1269276,  207259,  549936,  -535041,  463386,  11873,  -180649,  -282338,  124162,  205152,  71049,  69312,  868521],
// CHECK-NEXT: [742871,  1154921,  314976,  -119696,  1241754,  -398242,  -517652,  -890239,  -40062,  588341,  -261150,  -5385,  1155062,  519533,  -50078,  -934659,  809568,  -164011,  -1410014,  -148769,  -135467,  -174768,  80787,  -559077,  398633,  504483,  218375,  204837,  -1030306,  -738785,  -39965,  422899],
// CHECK-NEXT: [-669521,  780873,  -308284,  -52137,  890864,  -417994,  1026522,  835083,  1196782,  265933,  -142168,  70740,  -131642,  814758,  -609222,  -94280,  -262060,  749332,  55885,  -790485,  -684595,  -772148,  -1403642,  -233982,  374516,  126056,  -221638,  724309,  -964517,  -653641,  -117839,  -950560],
// CHECK-NEXT: [266710,  -480030,  -109823,  844493,  -1466482,  114097,  101848,  30453,  -956073,  65788,  827929,  -153695,  -212868,  167209,  172084,  504779,  -407895,  -530821,  -230705,  215904,  -741897,  -728623,  -582025,  -1516690,  854685,  392307,  -134282,  855198,  334916,  -14561,  -789890,  -84605],
// CHECK-NEXT: [283413,  349771,  -642492,  -1001666,  289301,  100239,  1125728,  -59185,  1151611,  -776916,  69128,  503858,  190958,  509121,  1213201,  -719594,  799879,  944675,  513038,  -134404,  566421,  1086896,  312721,  -1360021,  1434531,  -41761,  -315658,  -204651,  1504834,  743576,  948684,  -288756],
// CHECK-NEXT: [231175,  -21082,  216645,  259568,  -261045,  629143,  786624,  366387,  567824,  744641,  -1361139,  486512,  1354284,  214995,  367986,  55702,  223272,  544510,  1630255,  -210865,  -661444,  708030,  -348939,  -743714,  97063,  215263,  -719352,  691833,  -48902,  -224691,  269818,  -839560],
// CHECK-NEXT: [-19156,  -984162,  -77110,  150253,  -1154006,  82373,  -807501,  272944,  -597615,  -139084,  -604375,  257398,  520522,  661107,  276992,  800559,  -463785,  -244050,  530843,  671632,  754714,  853025,  -68721,  764083,  516050,  -922224,  206478,  754765,  -16853,  510229,  -78981,  -495947],
// CHECK-NEXT: [-189096,  -347921,  547720,  632894,  -524950,  237787,  89770,  275976,  261541,  157895,  -1260692,  284692,  -829116,  264336,  -629785,  -30811,  294586,  181287,  -103276,  153036,  490321,  354468,  -934246,  166640,  -1203248,  -58937,  892837,  -405329,  -664224,  -159384,  -970498,  71098],
// CHECK-NEXT: [-151511,  741417,  -81242,  800400,  187289,  -627987,  695615,  868884,  7302,  223987,  298274,  284865,  511972,  -164082,  399198,  -565704,  673104,  632928,  447315,  1106979,  754078,  -18783,  -302943,  183212,  26547,  286660,  -360440,  -1378876,  -290850,  1026549,  618231,  828278],
// CHECK-NEXT: [-35553,  685596,  -19653,  930246,  516553,  1286963,  804198,  805553,  342860,  524341,  134396,  -5432,  701514,  32712,  -778004,  377419,  -76909,  377330,  343209,  -532809,  -757562,  115683,  -315910,  -883339,  -212976,  30820,  598682,  -9643,  142701,  -108223,  262741,  70383],
// CHECK-NEXT: [395893,  -1132892,  -948507,  113323,  116755,  -141993,  -453230,  175784,  63469,  -627082,  -40053,  227055,  -1577235,  265462,  878564,  -1050777,  -593303,  -353437,  -500350,  -1288305,  743106,  -508429,  696748,  -680025,  -116716,  1244011,  -235527,  566398,  205586,  -476160,  271624,  140311],
// CHECK-NEXT: [208493,  606410,  948234,  56859,  1048273,  982750,  943187,  517293,  686665,  -293083,  461047,  -164907,  -710199,  39758,  205849,  45376,  186399,  1198224,  742847,  108804,  273640,  -441186,  -208222,  7143,  -962067,  -491169,  218419,  104060,  -189978,  410085,  80849,  -1181738],
// CHECK-NEXT: [246780,  653675,  706290,  -604323,  1703770,  -7451,  577056,  -42624,  1086404,  372042,  702353,  393731,  480449,  -461771,  -383630,  -643561,  -345059,  285977,  -521177,  -535895,  -603019,  -292024,  -454843,  31941,  806687,  1285907,  1352093,  372120,  282844,  -405858,  -147135,  -367291],
// CHECK-NEXT: [987002,  -501732,  158005,  590728,  369964,  506687,  -468966,  -605957,  -782557,  -246107,  830170,  29256,  -569160,  -96937,  1199766,  -794870,  -1368369,  -400184,  -446114,  43731,  -937402,  -98276,  262612,  350901,  -50191,  -464554,  -256024,  -169156,  229614,  -799035,  429178,  -616896],
// CHECK-NEXT: [-489878,  113712,  915761,  -294097,  750894,  482948,  -1905296,  327677,  -263683,  1477807,  273404,  1030080,  167893,  -354015,  -102080,  -958456,  -46223,  -1889439,  61954,  -56301,  358193,  32095,  541633,  212318,  355985,  -378708,  1112071,  365044,  669422,  -714960,  -221329,  -13453],
// CHECK-NEXT: [-47969,  633357,  -86793,  -677776,  546040,  -413656,  657216,  320534,  225462,  -227696,  -179916,  214826,  -678452,  11092,  1261341,  -784196,  507605,  176083,  259394,  -856171,  612943,  602580,  685929,  -587626,  1006125,  423455,  -160725,  -270305,  377342,  355912,  -162385,  409822],
// CHECK-NEXT: [-342959,  173319,  33056,  -93142,  -198184,  -562671,  142453,  926474,  -424013,  1037471,  -979804,  -567009,  -30745,  -878356,  -568225,  -962246,  -388969,  -37656,  1376177,  -244042,  -295241,  229840,  45704,  29609,  -497155,  129771,  781905,  201101,  22341,  -618464,  978331,  291707],
// CHECK-NEXT: [-624152,  -241258,  -1722431,  -659095,  -886468,  70209,  -96678,  -590911,  -3407,  -47149,  147017,  165787,  -475053,  336602,  437997,  864418,  -171067,  33213,  -366402,  -373120,  -36578,  407195,  91071,  235715,  731723,  -90329,  162265,  1022512,  637635,  -1652,  32559,  -328447],
// CHECK-NEXT: [-317427,  312861,  672494,  218504,  352883,  1254932,  317189,  -537672,  -1058427,  663416,  391491,  469880,  -379823,  -693833,  -275628,  -422861,  -789086,  227250,  -631661,  79394,  -659338,  468705,  -863000,  35737,  -102009,  32558,  912509,  -745289,  210269,  762469,  -1165339,  238426],
// CHECK-NEXT: [3095,  -968335,  -365813,  -107961,  192187,  -499642,  290298,  -159924,  639646,  101806,  -894160,  589448,  -136547,  -391747,  244243,  65531,  -11118,  635265,  68837,  -505945,  -285772,  173219,  -571484,  589016,  -363852,  1036229,  968223,  -53266,  -846067,  -1009032,  298629,  -223438],
// CHECK-NEXT: [-689748,  -483725,  -855838,  519761,  -170873,  -5235,  -356953,  968131,  -170114,  -573647,  -380236,  -266565,  -727991,  931079,  -868959,  -184834,  -158872,  -9037,  342672,  -740753,  -16699,  -140239,  -1503404,  -474589,  -440253,  270041,  365731,  -470252,  -665732,  -219696,  -695203,  166737],
// CHECK-NEXT: [1004374,  410595,  145834,  1157246,  421026,  -234361,  373256,  -505405,  999316,  -379168,  1359142,  -240590,  -8012,  499895,  -166472,  222500,  57154,  400127,  -1075442,  -249682,  20747,  -1200167,  23081,  -272365,  631374,  -256078,  19187,  -232515,  199351,  164017,  594456,  471590],
// CHECK-NEXT: [-321770,  -244853,  137892,  -117651,  -298330,  390047,  -176781,  -130842,  472149,  -795969,  25634,  -216511,  564376,  467907,  39076,  740655,  -89520,  1055557,  136042,  -726843,  1414732,  -81474,  191933,  958573,  1181134,  542547,  -221750,  395587,  447572,  -53639,  66021,  -62602],
// CHECK-NEXT: [544314,  496211,  267569,  -423226,  710167,  421083,  -317998,  -792911,  456077,  -189470,  214226,  673412,  641068,  -261668,  413625,  176993,  -116592,  -528923,  -1010363,  -1016931,  -334884,  -339876,  -74622,  -113493,  223234,  -617370,  -360107,  47868,  -139013,  -1519433,  177416,  -1538757],
// CHECK-NEXT: [-377879,  260619,  1395542,  -171151,  322653,  759784,  369349,  -926653,  -844920,  -45928,  330698,  -712847,  225091,  19407,  -135572,  -669358,  -817136,  -1496,  -546260,  -1019046,  -213371,  -641475,  -474893,  473780,  -147642,  -860179,  798772,  -135502,  -892446,  -366877,  421114,  -57090],
// CHECK-NEXT: [-137024,  -105078,  735962,  -152482,  259473,  21802,  -42939,  -1465393,  213666,  -825447,  -606707,  -251505,  -136677,  841947,  489196,  316466,  -564644,  204130,  -1382614,  483666,  485733,  -185125,  359324,  61677,  -989935,  -149556,  -208001,  -467313,  519072,  -302028,  -253254,  371624],
// CHECK-NEXT: [-632059,  640190,  -753630,  -50393,  -160448,  -762674,  829405,  -50089,  497881,  753241,  -1435621,  -278397,  519359,  -20911,  -420227,  -412170,  -12948,  947623,  540791,  1195730,  -91105,  1304631,  -635295,  67843,  -850685,  -420763,  137957,  -509659,  73667,  57444,  495192,  -376722{{\]\]}}
