// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reassociate-floats=1})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reassociate-floats=1},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reassociate-floats=1 long-range=0},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reassociate-floats=1 flatten=block})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reassociate-floats=1 flatten=block},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate=reassociate-floats=1\ flatten=block -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// A float row sum from -0.0 (the sum of no values keeps its sign), with
// reassociate-floats, in every form: the warp's, the whole warp per range,
// and the block flattening its rows. The identity the forms start their
// partial sums from is -0.0, which leaves every sum as it is (+0.0 would
// turn the empty rows' -0 into 0). Rows of 0, 1, 0, 2 and 40 nonzeros of
// integral values, whose sums are exact in any order.
// REMARK: remark: wc-collaborate: a loop of data-dependent trip count is run flattened over the block (the ranges' iterations split evenly between its warps; 1 reduction)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @row_sums(%rowptr: memref<6xindex>, %vals: memref<43xf32>,
                       %out: memref<5xf32>, %n: index)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %row = gpu.thread_id x
      %in = arith.cmpi ult, %row, %n : index
      scf.if %in {
        %lo = memref.load %rowptr[%row] : memref<6xindex>
        %next = arith.addi %row, %c1 : index
        %hi = memref.load %rowptr[%next] : memref<6xindex>
        %init = arith.constant -0.0 : f32
        %s = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %init) -> (f32) {
          %v = memref.load %vals[%k] : memref<43xf32>
          %a = arith.addf %acc, %v : f32
          scf.yield %a : f32
        }
        memref.store %s, %out[%row] : memref<5xf32>
      }
      gpu.return
    }
  }
  memref.global "private" constant @rowptr : memref<6xindex> = dense<[0, 0, 1, 1, 3, 43]>
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c32 = arith.constant 32 : index
    %c43 = arith.constant 43 : index
    %h_rowptr = memref.get_global @rowptr : memref<6xindex>
    // vals[k] = k - 20.
    %h_vals = memref.alloc() : memref<43xf32>
    scf.for %k = %c0 to %c43 step %c1 {
      %k32 = arith.index_cast %k : index to i32
      %f = arith.sitofp %k32 : i32 to f32
      %m = arith.constant 20.0 : f32
      %v = arith.subf %f, %m : f32
      memref.store %v, %h_vals[%k] : memref<43xf32>
    }
    %d_rowptr = gpu.alloc () : memref<6xindex>
    %d_vals = gpu.alloc () : memref<43xf32>
    %d_out = gpu.alloc () : memref<5xf32>
    %h_out = memref.alloc () : memref<5xf32>
    gpu.memcpy %d_rowptr, %h_rowptr : memref<6xindex>, memref<6xindex>
    gpu.memcpy %d_vals, %h_vals : memref<43xf32>, memref<43xf32>
    gpu.launch_func @kernels::@row_sums blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d_rowptr : memref<6xindex>, %d_vals : memref<43xf32>, %d_out : memref<5xf32>, %c5 : index)
    gpu.memcpy %h_out, %d_out : memref<5xf32>, memref<5xf32>
    %u = memref.cast %h_out : memref<5xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}

// Row 1: vals[0] = -20; row 3: vals[1] + vals[2] = -19 - 18; row 4:
// vals[3..42] = -17 .. 22, sum 100; rows 0 and 2 empty: -0.
// CHECK: data =
// CHECK-NEXT: [-0,  -20,  -0,  -37,  100]
