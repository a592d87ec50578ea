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

// 3-D blocks (4 x 3 x 2 = 24 threads: one partial warp) in a 2 x 2 x 2 grid:
// every thread writes its ids, encoded as one number, at its global position.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ids(%out: memref<4x6x8xi32>) kernel {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %tz = gpu.thread_id z
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bz = gpu.block_id z
      %dx = gpu.block_dim x
      %dy = gpu.block_dim y
      %dz = gpu.block_dim z
      %gx = gpu.grid_dim x
      %gz = gpu.grid_dim z
      %x0 = arith.muli %bx, %dx : index
      %x = arith.addi %x0, %tx : index
      %y0 = arith.muli %by, %dy : index
      %y = arith.addi %y0, %ty : index
      %z0 = arith.muli %bz, %dz : index
      %z = arith.addi %z0, %tz : index
      // code = 100000 gx + 10000 gz + 1000 (tz + 2 bz) + 100 (ty + 3 by) + 10 tx + bx
      %c10 = arith.constant 10 : index
      %c100 = arith.constant 100 : index
      %c1000 = arith.constant 1000 : index
      %c10000 = arith.constant 10000 : index
      %c100000 = arith.constant 100000 : index
      %a = arith.muli %gx, %c100000 : index
      %b = arith.muli %gz, %c10000 : index
      %c = arith.muli %z, %c1000 : index
      %d = arith.muli %y, %c100 : index
      %e = arith.muli %tx, %c10 : index
      %s1 = arith.addi %a, %b : index
      %s2 = arith.addi %s1, %c : index
      %s3 = arith.addi %s2, %d : index
      %s4 = arith.addi %s3, %e : index
      %s5 = arith.addi %s4, %bx : index
      %v = arith.index_cast %s5 : index to i32
      memref.store %v, %out[%z, %y, %x] : memref<4x6x8xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %h = memref.alloc() : memref<4x6x8xi32>
    %d = gpu.alloc () : memref<4x6x8xi32>
    gpu.launch_func @kernels::@ids blocks in (%c2, %c2, %c2) threads in (%c4, %c3, %c2)
        args(%d : memref<4x6x8xi32>)
    gpu.memcpy %h, %d : memref<4x6x8xi32>, memref<4x6x8xi32>
    %u = memref.cast %h : memref<4x6x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [4, 6, 8]
// CHECK-NEXT: {{\[\[\[}}220000,    220010,    220020,    220030,    220001,    220011,    220021,    220031],
// CHECK-NEXT: [220100,    220110,    220120,    220130,    220101,    220111,    220121,    220131],
// CHECK-NEXT: [220200,    220210,    220220,    220230,    220201,    220211,    220221,    220231],
// CHECK-NEXT: [220300,    220310,    220320,    220330,    220301,    220311,    220321,    220331],
// CHECK-NEXT: [220400,    220410,    220420,    220430,    220401,    220411,    220421,    220431],
// CHECK-NEXT: [220500,    220510,    220520,    220530,    220501,    220511,    220521,    220531{{\]\]}},
// CHECK-NEXT: {{\[\[}}221000,    221010,    221020,    221030,    221001,    221011,    221021,    221031],
// CHECK-NEXT: [221100,    221110,    221120,    221130,    221101,    221111,    221121,    221131],
// CHECK-NEXT: [221200,    221210,    221220,    221230,    221201,    221211,    221221,    221231],
// CHECK-NEXT: [221300,    221310,    221320,    221330,    221301,    221311,    221321,    221331],
// CHECK-NEXT: [221400,    221410,    221420,    221430,    221401,    221411,    221421,    221431],
// CHECK-NEXT: [221500,    221510,    221520,    221530,    221501,    221511,    221521,    221531{{\]\]}},
// CHECK-NEXT: {{\[\[}}222000,    222010,    222020,    222030,    222001,    222011,    222021,    222031],
// CHECK-NEXT: [222100,    222110,    222120,    222130,    222101,    222111,    222121,    222131],
// CHECK-NEXT: [222200,    222210,    222220,    222230,    222201,    222211,    222221,    222231],
// CHECK-NEXT: [222300,    222310,    222320,    222330,    222301,    222311,    222321,    222331],
// CHECK-NEXT: [222400,    222410,    222420,    222430,    222401,    222411,    222421,    222431],
// CHECK-NEXT: [222500,    222510,    222520,    222530,    222501,    222511,    222521,    222531{{\]\]}},
// CHECK-NEXT: {{\[\[}}223000,    223010,    223020,    223030,    223001,    223011,    223021,    223031],
// CHECK-NEXT: [223100,    223110,    223120,    223130,    223101,    223111,    223121,    223131],
// CHECK-NEXT: [223200,    223210,    223220,    223230,    223201,    223211,    223221,    223231],
// CHECK-NEXT: [223300,    223310,    223320,    223330,    223301,    223311,    223321,    223331],
// CHECK-NEXT: [223400,    223410,    223420,    223430,    223401,    223411,    223421,    223431],
// CHECK-NEXT: [223500,    223510,    223520,    223530,    223501,    223511,    223521,    223531{{\]\]\]}}
