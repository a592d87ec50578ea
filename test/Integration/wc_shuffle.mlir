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

// wc.shuffle in every mode, with segment widths and validity flags. Lane l
// holds 3 l + 1; row k of the output is shuffle k's value plus 1000 when
// its source was valid.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @shuffles(%out: memref<6x32xi32>) kernel {
      %lane = gpu.thread_id x
      %l = arith.index_cast %lane : index to i32
      %c3 = arith.constant 3 : i32
      %c1 = arith.constant 1 : i32
      %x0 = arith.muli %l, %c3 : i32
      %x = arith.addi %x0, %c1 : i32
      %o5 = arith.constant 5 : i32
      %o2 = arith.constant 2 : i32
      %o20 = arith.constant 20 : i32
      %o37 = arith.constant 37 : i32
      %a, %av = wc.shuffle idx %x, %o5 : i32
      %b, %bv = wc.shuffle up %x, %c3 : i32
      %c, %cv = wc.shuffle down %x, %o2 width 8 : i32
      %d, %dv = wc.shuffle xor %x, %o20 width 16 : i32
      %e, %ev = wc.shuffle idx %x, %o37 width 8 : i32
      %wide = arith.extsi %x : i32 to i64
      %big = arith.constant 4294967296 : i64
      %w0 = arith.addi %wide, %big : i64
      %f64, %fv = wc.shuffle down %w0, %c1 : i64
      %f = arith.trunci %f64 : i64 to i32
      %c32 = arith.constant 32 : i64
      %hi = arith.shrui %f64, %c32 : i64
      %hi32 = arith.trunci %hi : i64 to i32
      %fsum = arith.addi %f, %hi32 : i32
      %k0 = arith.constant 0 : index
      %k1 = arith.constant 1 : index
      %k2 = arith.constant 2 : index
      %k3 = arith.constant 3 : index
      %k4 = arith.constant 4 : index
      %k5 = arith.constant 5 : index
      %thousand = arith.constant 1000 : i32
      %zero = arith.constant 0 : i32
      %pa = arith.select %av, %thousand, %zero : i32
      %ra = arith.addi %a, %pa : i32
      memref.store %ra, %out[%k0, %lane] : memref<6x32xi32>
      %pb = arith.select %bv, %thousand, %zero : i32
      %rb = arith.addi %b, %pb : i32
      memref.store %rb, %out[%k1, %lane] : memref<6x32xi32>
      %pc = arith.select %cv, %thousand, %zero : i32
      %rc = arith.addi %c, %pc : i32
      memref.store %rc, %out[%k2, %lane] : memref<6x32xi32>
      %pd = arith.select %dv, %thousand, %zero : i32
      %rd = arith.addi %d, %pd : i32
      memref.store %rd, %out[%k3, %lane] : memref<6x32xi32>
      %pe = arith.select %ev, %thousand, %zero : i32
      %re = arith.addi %e, %pe : i32
      memref.store %re, %out[%k4, %lane] : memref<6x32xi32>
      %pf = arith.select %fv, %thousand, %zero : i32
      %rf = arith.addi %fsum, %pf : i32
      memref.store %rf, %out[%k5, %lane] : memref<6x32xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %h = memref.alloc() : memref<6x32xi32>
    %d = gpu.alloc () : memref<6x32xi32>
    gpu.launch_func @kernels::@shuffles blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<6x32xi32>)
    gpu.memcpy %h, %d : memref<6x32xi32>, memref<6x32xi32>
    %u = memref.cast %h : memref<6x32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// Rows: idx 5; up 3; down 2 in 8-lane segments; xor 20 in 16-lane segments
// (lanes 16..31 may read the earlier segment, lanes 0..15 may not read the
// later one); idx 37 (= 5) in 8-lane segments; a 64-bit down 1.
// CHECK: sizes = [6, 32]
// CHECK-NEXT: {{\[\[}}1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016],
// CHECK-NEXT: [1,   4,   7,   1001,   1004,   1007,   1010,   1013,   1016,   1019,   1022,   1025,   1028,   1031,   1034,   1037,   1040,   1043,   1046,   1049,   1052,   1055,   1058,   1061,   1064,   1067,   1070,   1073,   1076,   1079,   1082,   1085],
// CHECK-NEXT: [1007,   1010,   1013,   1016,   1019,   1022,   19,   22,   1031,   1034,   1037,   1040,   1043,   1046,   43,   46,   1055,   1058,   1061,   1064,   1067,   1070,   67,   70,   1079,   1082,   1085,   1088,   1091,   1094,   91,   94],
// CHECK-NEXT: [1,   4,   7,   10,   13,   16,   19,   22,   25,   28,   31,   34,   37,   40,   43,   46,   1013,   1016,   1019,   1022,   1001,   1004,   1007,   1010,   1037,   1040,   1043,   1046,   1025,   1028,   1031,   1034],
// CHECK-NEXT: [1016,   1016,   1016,   1016,   1016,   1016,   1016,   1016,   1040,   1040,   1040,   1040,   1040,   1040,   1040,   1040,   1064,   1064,   1064,   1064,   1064,   1064,   1064,   1064,   1088,   1088,   1088,   1088,   1088,   1088,   1088,   1088],
// CHECK-NEXT: [1005,   1008,   1011,   1014,   1017,   1020,   1023,   1026,   1029,   1032,   1035,   1038,   1041,   1044,   1047,   1050,   1053,   1056,   1059,   1062,   1065,   1068,   1071,   1074,   1077,   1080,   1083,   1086,   1089,   1092,   1095,   95{{\]\]}}
