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

// Binomial options (after CUDA's binomialOptions sample): one option per
// 128-thread block walks a 128-step tree back to the root, every step a
// neighbour exchange through workgroup memory between two barriers (256
// barriers per block). The weights 0.5 and 0.25 keep every product exact,
// so all executors agree bit for bit.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @binomial(%leaves: memref<4x129xf32>, %prices: memref<4xf32>)
        workgroup(%call: memref<129xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %pu = arith.constant 0.5 : f32
      %pd = arith.constant 0.25 : f32
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %option = gpu.block_id x
      %leaf = memref.load %leaves[%option, %tx] : memref<4x129xf32>
      memref.store %leaf, %call[%tx] : memref<129xf32, #gpu.address_space<workgroup>>
      %isLast = arith.cmpi eq, %tx, %c0 : index
      scf.if %isLast {
        %top = memref.load %leaves[%option, %c128] : memref<4x129xf32>
        memref.store %top, %call[%c128] : memref<129xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %step = %c0 to %c128 step %c1 {
        %i = arith.subi %c128, %step : index
        %active = arith.cmpi ult, %tx, %i : index
        %v = scf.if %active -> (f32) {
          %next = arith.addi %tx, %c1 : index
          %up = memref.load %call[%next] : memref<129xf32, #gpu.address_space<workgroup>>
          %down = memref.load %call[%tx] : memref<129xf32, #gpu.address_space<workgroup>>
          %a = arith.mulf %pu, %up : f32
          %b = arith.mulf %pd, %down : f32
          %s = arith.addf %a, %b : f32
          scf.yield %s : f32
        } else {
          scf.yield %zero : f32
        }
        gpu.barrier
        scf.if %active {
          memref.store %v, %call[%tx] : memref<129xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      scf.if %isLast {
        %root = memref.load %call[%c0] : memref<129xf32, #gpu.address_space<workgroup>>
        memref.store %root, %prices[%option] : memref<4xf32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c128 = arith.constant 128 : index
    %c129 = arith.constant 129 : index
    %h_leaves = memref.alloc() : memref<4x129xf32>
    %h_prices = memref.alloc() : memref<4xf32>
    scf.for %o = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c129 step %c1 {
        %oj = arith.addi %o, %j : index
        %k = arith.muli %oj, %c5 : index
        %m = arith.remui %k, %c128 : index
        %mi = arith.index_cast %m : index to i32
        %f = arith.sitofp %mi : i32 to f32
        memref.store %f, %h_leaves[%o, %j] : memref<4x129xf32>
      }
    }
    %d_leaves = gpu.alloc () : memref<4x129xf32>
    %d_prices = gpu.alloc () : memref<4xf32>
    gpu.memcpy %d_leaves, %h_leaves : memref<4x129xf32>, memref<4x129xf32>
    gpu.launch_func @kernels::@binomial blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%d_leaves : memref<4x129xf32>, %d_prices : memref<4xf32>)
    gpu.memcpy %h_prices, %d_prices : memref<4xf32>, memref<4xf32>
    %u = memref.cast %h_prices : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}

// CHECK: sizes = [4]
// CHECK-NEXT: [4.99634e-15,  5.28809e-15,  5.63482e-15,  6.01949e-15]
