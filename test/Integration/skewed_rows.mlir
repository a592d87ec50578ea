// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-remap,wc-delegate{agents=3 schedule=dynamic})' | FileCheck %s
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir %delegated_dynamic_lowered | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// Jobs of skewed lengths: block r (64 threads) sums the squares of the
// first 32 << (len[r] mod 8) elements of row r mod `rows` of `data` (32 to
// 4096 elements: with len[] uniform, a few blocks do most of the work),
// each thread every 64th element, then a tree reduction in workgroup
// memory with a barrier after every level; thread 0 writes the sum. The
// benchmark suite runs it on 65536 blocks, where the static job schedule
// leaves some agents with twice the mean work and the dynamic one
// balances the last of them.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @skewed(%data: memref<?x4096xi32>, %len: memref<?xi32>,
                     %out: memref<?xi32>, %rows: index)
        workgroup(%part: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %seven = arith.constant 7 : i32
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %r = gpu.block_id x
      %l = memref.load %len[%r] : memref<?xi32>
      %k32 = arith.andi %l, %seven : i32
      %k = arith.index_castui %k32 : i32 to index
      %n = arith.shli %c32, %k : index
      %row = arith.remui %r, %rows : index
      %acc = scf.for %j = %t to %n step %c64 iter_args(%a = %zero) -> (i32) {
        %v = memref.load %data[%row, %j] : memref<?x4096xi32>
        %sq = arith.muli %v, %v : i32
        %a2 = arith.addi %a, %sq : i32
        scf.yield %a2 : i32
      }
      memref.store %acc, %part[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c6 step %c1 {
        %stride = arith.shrui %c32, %level : index
        %active = arith.cmpi ult, %t, %stride : index
        scf.if %active {
          %partner = arith.addi %t, %stride : index
          %x = memref.load %part[%t] : memref<64xi32, #gpu.address_space<workgroup>>
          %y = memref.load %part[%partner] : memref<64xi32, #gpu.address_space<workgroup>>
          %s = arith.addi %x, %y : i32
          memref.store %s, %part[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %sum = memref.load %part[%c0] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %sum, %out[%r] : memref<?xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  // 10 blocks over 3 rows of data[i][j] = (4096 i + j) mod 13, with
  // len = [0, 7, 3, 13, 1, 6, 2, 4, 15, 8] (32, 4096, 256, 1024, 64, 2048,
  // 128, 512, 4096 and 32 elements).
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %c13 = arith.constant 13 : index
    %c64 = arith.constant 64 : index
    %c4096 = arith.constant 4096 : index
    %h_data = memref.alloc() : memref<3x4096xi32>
    scf.for %i = %c0 to %c3 step %c1 {
      scf.for %j = %c0 to %c4096 step %c1 {
        %base = arith.muli %i, %c4096 : index
        %at = arith.addi %base, %j : index
        %m = arith.remui %at, %c13 : index
        %v = arith.index_cast %m : index to i32
        memref.store %v, %h_data[%i, %j] : memref<3x4096xi32>
      }
    }
    %lens = arith.constant dense<[0, 7, 3, 13, 1, 6, 2, 4, 15, 8]> : vector<10xi32>
    %h_len = memref.alloc() : memref<10xi32>
    scf.for %i = %c0 to %c10 step %c1 {
      %v = vector.extract %lens[%i] : i32 from vector<10xi32>
      memref.store %v, %h_len[%i] : memref<10xi32>
    }
    %d_data = gpu.alloc () : memref<3x4096xi32>
    %d_len = gpu.alloc () : memref<10xi32>
    %d_out = gpu.alloc () : memref<10xi32>
    gpu.memcpy %d_data, %h_data : memref<3x4096xi32>, memref<3x4096xi32>
    gpu.memcpy %d_len, %h_len : memref<10xi32>, memref<10xi32>
    %data = memref.cast %d_data : memref<3x4096xi32> to memref<?x4096xi32>
    %len = memref.cast %d_len : memref<10xi32> to memref<?xi32>
    %out = memref.cast %d_out : memref<10xi32> to memref<?xi32>
    gpu.launch_func @kernels::@skewed blocks in (%c10, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%data : memref<?x4096xi32>, %len : memref<?xi32>, %out : memref<?xi32>, %c3 : index)
    %h_out = memref.alloc() : memref<10xi32>
    gpu.memcpy %h_out, %d_out : memref<10xi32>, memref<10xi32>
    %u = memref.cast %h_out : memref<10xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// Block r: the sum over j < n of ((4096 (r mod 3) + j) mod 13)^2.
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [10] strides = [1] data =
// CHECK-NEXT: [1355,  204751,  12734,  50985,  3250,  102253,  6235,  25405,  204754,  1355]
