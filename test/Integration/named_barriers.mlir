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

// Warp specialisation: in a 128-thread block, warps 0-1 produce into
// workgroup memory and arrive at named barrier 1; warps 2-3 sync on it and
// consume; then the roles swap through barrier 2, whose consumers are warps
// 0-1. 64 producers + 64 consumers = 128 threads per barrier.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @roles(%out: memref<128xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel {
      %t = gpu.thread_id x
      %c64 = arith.constant 64 : index
      %producer = arith.cmpi ult, %t, %c64 : index
      %ti = arith.index_cast %t : index to i32
      %c10 = arith.constant 10 : i32
      scf.if %producer {
        %v = arith.muli %ti, %c10 : i32
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        wc.named_barrier_arrive 1 threads 128
        wc.named_barrier_sync 2 threads 128
        %back = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %back, %out[%t] : memref<128xi32>
      } else {
        wc.named_barrier_sync 1 threads 128
        %i = arith.subi %t, %c64 : index
        %v = memref.load %buf[%i] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%t] : memref<128xi32>
        %c1 = arith.constant 1 : i32
        %w = arith.addi %v, %c1 : i32
        memref.store %w, %buf[%i] : memref<64xi32, #gpu.address_space<workgroup>>
        wc.named_barrier_arrive 2 threads 128
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %h = memref.alloc() : memref<128xi32>
    %d = gpu.alloc () : memref<128xi32>
    gpu.launch_func @kernels::@roles blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%d : memref<128xi32>)
    gpu.memcpy %h, %d : memref<128xi32>, memref<128xi32>
    %u = memref.cast %h : memref<128xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// Producers (threads 0..63) read back 10 t + 1; consumers (64..127) read 10 (t - 64).
// CHECK: sizes = [128]
// CHECK-NEXT: [1,  11,  21,  31,  41,  51,  61,  71,  81,  91,  101,  111,  121,  131,  141,  151,  161,  171,  181,  191,  201,  211,  221,  231,  241,  251,  261,  271,  281,  291,  301,  311,  321,  331,  341,  351,  361,  371,  381,  391,  401,  411,  421,  431,  441,  451,  461,  471,  481,  491,  501,  511,  521,  531,  541,  551,  561,  571,  581,  591,  601,  611,  621,  631,  0,  10,  20,  30,  40,  50,  60,  70,  80,  90,  100,  110,  120,  130,  140,  150,  160,  170,  180,  190,  200,  210,  220,  230,  240,  250,  260,  270,  280,  290,  300,  310,  320,  330,  340,  350,  360,  370,  380,  390,  400,  410,  420,  430,  440,  450,  460,  470,  480,  490,  500,  510,  520,  530,  540,  550,  560,  570,  580,  590,  600,  610,  620,  630]
