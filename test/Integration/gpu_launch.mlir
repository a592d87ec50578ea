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

// A kernel written inline with gpu.launch (before outlining), using host
// values captured from the enclosing function, a 2-D block and a workgroup
// attribution, and a subgroup reduction.
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %scale = arith.constant 3 : i32
    %h = memref.alloc() : memref<2x64xi32>
    %d = gpu.alloc () : memref<2x64xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1)
               workgroup(%tile : memref<64xi32, #gpu.address_space<workgroup>>) {
      %row = arith.muli %ty, %sx : index
      %i = arith.addi %row, %tx : index
      %ii = arith.index_cast %i : index to i32
      %v = arith.muli %ii, %scale : i32
      memref.store %v, %tile[%i] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c63 = arith.constant 63 : index
      %j = arith.subi %c63, %i : index
      %w = memref.load %tile[%j] : memref<64xi32, #gpu.address_space<workgroup>>
      %bxi = arith.index_cast %bx : index to i32
      %sum = gpu.subgroup_reduce add %bxi : (i32) -> i32
      %r = arith.addi %w, %sum : i32
      memref.store %r, %d[%bx, %i] : memref<2x64xi32>
      gpu.terminator
    }
    gpu.memcpy %h, %d : memref<2x64xi32>, memref<2x64xi32>
    %u = memref.cast %h : memref<2x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [2, 64]
// CHECK-NEXT: {{\[\[}}189,   186,   183,   180,   177,   174,   171,   168,   165,   162,   159,   156,   153,   150,   147,   144,   141,   138,   135,   132,   129,   126,   123,   120,   117,   114,   111,   108,   105,   102,   99,   96,   93,   90,   87,   84,   81,   78,   75,   72,   69,   66,   63,   60,   57,   54,   51,   48,   45,   42,   39,   36,   33,   30,   27,   24,   21,   18,   15,   12,   9,   6,   3,   0],
// CHECK-NEXT: [221,   218,   215,   212,   209,   206,   203,   200,   197,   194,   191,   188,   185,   182,   179,   176,   173,   170,   167,   164,   161,   158,   155,   152,   149,   146,   143,   140,   137,   134,   131,   128,   125,   122,   119,   116,   113,   110,   107,   104,   101,   98,   95,   92,   89,   86,   83,   80,   77,   74,   71,   68,   65,   62,   59,   56,   53,   50,   47,   44,   41,   38,   35,   32{{\]\]}}
