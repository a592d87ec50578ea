// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: env WC_FAKE_PTXAS=gesummv@64=56,gesummv@32=64 wc-sim %s %measured_lowered | FileCheck %s
// RUN: env WC_FAKE_PTXAS=gesummv@64=56,gesummv@32=64 wc-opt %s --wc-consolidate=ptxas=%fake_ptxas -o /dev/null 2>&1 | FileCheck %s --check-prefix=MEASURED
// RUN: %if ptxas %{ wc-sim %s --pass-pipeline='builtin.module(wc-consolidate{ptxas=%ptxas},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}
// The cost model given ptxas figures (here a stand-in's):
// MEASURED: wc-consolidate: aggregate (one-warp blocks): no barrier, no workgroup memory and balanced jobs; one-warp blocks (64 registers) keep 32 resident warps per SM

// gesummv (after PolyBench's GPU version): y = alpha A x + beta B x for
// 256 x 256 matrices A and B, one thread per row looping over the columns
// (the row's two dot products in one loop), no barrier and no workgroup
// memory. i32 with PolyBench's integer alpha and beta, so the products
// wrap. 4 blocks of 64 threads.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gesummv(%a: memref<?x?xi32>, %b: memref<?x?xi32>,
                      %x: memref<?xi32>, %y: memref<?xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %alpha = arith.constant 43532 : i32
      %beta = arith.constant 12313 : i32
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %sums:2 = scf.for %j = %c0 to %n step %c1
            iter_args(%ta = %zero, %tb = %zero) -> (i32, i32) {
          %xj = memref.load %x[%j] : memref<?xi32>
          %aij = memref.load %a[%i, %j] : memref<?x?xi32>
          %bij = memref.load %b[%i, %j] : memref<?x?xi32>
          %pa = arith.muli %aij, %xj : i32
          %pb = arith.muli %bij, %xj : i32
          %na = arith.addi %ta, %pa : i32
          %nb = arith.addi %tb, %pb : i32
          scf.yield %na, %nb : i32, i32
        }
        %sa = arith.muli %alpha, %sums#0 : i32
        %sb = arith.muli %beta, %sums#1 : i32
        %v = arith.addi %sa, %sb : i32
        memref.store %v, %y[%i] : memref<?xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %c29 = arith.constant 29 : index
    %c64 = arith.constant 64 : index
    %c1009 = arith.constant 1009 : index
    %c1013 = arith.constant 1013 : index
    %c1019 = arith.constant 1019 : index
    %c7919 = arith.constant 7919 : index
    %c7927 = arith.constant 7927 : index
    %c7933 = arith.constant 7933 : index
    %n = arith.constant 256 : index
    %c500_i32 = arith.constant 500 : i32
    %c506_i32 = arith.constant 506 : i32
    %c509_i32 = arith.constant 509 : i32
    %h_a = memref.alloc(%n, %n) : memref<?x?xi32>
    %h_b = memref.alloc(%n, %n) : memref<?x?xi32>
    %h_x = memref.alloc(%n) : memref<?xi32>
    %h_y = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %g0 = arith.muli %i, %n : index
        %g = arith.addi %g0, %j : index
        %a0 = arith.muli %g, %c7919 : index
        %a1 = arith.addi %a0, %c13 : index
        %a2 = arith.muli %a1, %g : index
        %a3 = arith.remui %a2, %c1009 : index
        %a4 = arith.index_cast %a3 : index to i32
        %av = arith.subi %a4, %c500_i32 : i32
        memref.store %av, %h_a[%i, %j] : memref<?x?xi32>
        %b0 = arith.muli %g, %c7927 : index
        %b1 = arith.addi %b0, %c29 : index
        %b2 = arith.muli %b1, %g : index
        %b3 = arith.remui %b2, %c1013 : index
        %b4 = arith.index_cast %b3 : index to i32
        %bv = arith.subi %b4, %c506_i32 : i32
        memref.store %bv, %h_b[%i, %j] : memref<?x?xi32>
      }
      %x0 = arith.muli %i, %c7933 : index
      %x1 = arith.addi %x0, %c7 : index
      %x2 = arith.muli %x1, %i : index
      %x3 = arith.remui %x2, %c1019 : index
      %x4 = arith.index_cast %x3 : index to i32
      %xv = arith.subi %x4, %c509_i32 : i32
      memref.store %xv, %h_x[%i] : memref<?xi32>
    }
    %d_a = gpu.alloc (%n, %n) : memref<?x?xi32>
    %d_b = gpu.alloc (%n, %n) : memref<?x?xi32>
    %d_x = gpu.alloc (%n) : memref<?xi32>
    %d_y = gpu.alloc (%n) : memref<?xi32>
    gpu.memcpy %d_a, %h_a : memref<?x?xi32>, memref<?x?xi32>
    gpu.memcpy %d_b, %h_b : memref<?x?xi32>, memref<?x?xi32>
    gpu.memcpy %d_x, %h_x : memref<?xi32>, memref<?xi32>
    gpu.launch_func @kernels::@gesummv blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_a : memref<?x?xi32>, %d_b : memref<?x?xi32>, %d_x : memref<?xi32>, %d_y : memref<?xi32>, %n : index)
    gpu.memcpy %h_y, %d_y : memref<?xi32>, memref<?xi32>
    %u = memref.cast %h_y : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [256]
// CHECK-NEXT: [-667838127,  280802013,  -1051720531,  1278823157,  66457928,  -1269991438,  605906720,  -644683412,  -402110924,  -1388989180,  609790706,  -2101677468,  -1192097428,  -1832385664,  1207019395,  -2001074627,  2041014882,  -855551207,  -1988214545,  -15300298,  1734308802,  -22356901,  -1080609394,  1812129640,  -2098478930,  -250930690,  -560249877,  -2106397967,  1831438705,  1773483327,  1477905833,  -154026163,  1208637206,  -147241686,  -1674661138,  -321136821,  869889112,  -1177602008,  666570904,  881676104,  -2057924547,  1166266643,  1601864982,  601031704,  1596871336,  -1085423751,  -2018182571,  -1345010499,  -1094671701,  2123492626,  -647943871,  -980211772,  -377190834,  187790500,  495130662,  -1478723211,  -47753297,  -362673845,  -1125889789,  2140235228,  -431843241,  -122720552,  -292876458,  -663860575,  1563030404,  2049116447,  -1072179946,  -946594784,  699641448,  2058990597,  1629687210,  -2094442897,  -995293768,  -266478896,  1536436100,  -840154680,  -301681716,  1851119296,  -1968649592,  -1860635050,  -636786821,  -496647440,  -1557952778,  549422285,  -35206192,  -418101947,  -1973360486,  -401893976,  1126864671,  -2084521306,  1369624974,  -1128056621,  -1715104398,  648467688,  1466054031,  1211670275,  -862391639,  280926620,  -1002335233,  -1878229546,  1895107462,  1686798530,  -1744943069,  -83847922,  -2015372461,  1615083082,  -609925334,  1659881321,  -1120822801,  2104970969,  -1905297065,  -825308249,  47639918,  1281203967,  -1240850166,  1824731823,  1727719633,  -1432718565,  -987527942,  1495541692,  1462004272,  61835952,  -1722862823,  2112113352,  -130624591,  -649434598,  86669306,  -62865052,  253367031,  -1221612663,  1105894373,  -2126884834,  -203515041,  -698308304,  -1411681964,  -964300670,  -107874020,  697710925,  -2117232197,  369226173,  -1250579045,  1804279110,  -1647728209,  -837398535,  1191285051,  943850926,  -431798354,  845963576,  1205989858,  -1726151310,  -759404227,  307764908,  823468035,  1005724686,  -209659470,  688681043,  1447372709,  -29921368,  -186171605,  932907621,  -540294766,  2136903528,  -1415856938,  2092295031,  -1453320675,  1059031648,  -1981076087,  1194065311,  -982289186,  -1210121313,  -844389686,  229447577,  -1093809042,  -2103767428,  -1713020339,  1898770876,  -1544615936,  712417344,  1118841933,  -1433180076,  -572678381,  178608779,  2081067535,  1525977441,  -148393508,  -1879673775,  779910370,  1294055540,  1901623638,  -1319044025,  339338350,  1503417216,  2072061062,  -1566125793,  -1851419340,  1781364308,  -996399035,  -904527132,  239115184,  2142630222,  -1516007222,  1245471394,  -211020012,  891892005,  1789310022,  -155294200,  -1285514922,  -583741003,  1989592019,  2041768573,  1215980206,  -1071529442,  2088395707,  360704392,  -1456986180,  -886973084,  -362447439,  148052261,  697012512,  -1043875283,  626623889,  312133284,  -1910842588,  -2069040724,  -462123250,  -1009256573,  -951043977,  -346888357,  278342354,  426107520,  867766074,  -761901432,  -2088758059,  -758971280,  -397097505,  1665013588,  698617699,  -405633949,  -1517144332,  660768104,  1352227847,  161984512,  1650415688,  119720495,  -198149335,  -537524639,  1819530819,  -1751026377,  35662594,  -984430924,  871974096,  1221406067,  1558370406,  -718889608,  567332894,  -497000048]
