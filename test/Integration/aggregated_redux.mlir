// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics{per-block=0},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate-atomics{per-block=0},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_75}))' | FileCheck %s
// RUN: wc-opt %s --wc-aggregate-atomics=per-block=0 --convert-wc-to-nvvm 2>/dev/null | FileCheck %s --check-prefix=SM90
// RUN: wc-opt %s --wc-aggregate-atomics=per-block=0 --convert-wc-to-nvvm=chip=sm_75 2>/dev/null | FileCheck %s --check-prefix=SM75
// RUN: wc-opt %s --wc-aggregate-atomics=per-block=0 --wc-lower-to-nvvm=format=isa 2>/dev/null | FileCheck %s --check-prefix=PTX
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.atomics.out %}

// A weighted histogram: each thread adds its element to one of 5 bins and
// does not use the old value. Aggregated per warp and bin, the lanes of a
// bin add their sum in one atomic; on sm_80 and later that sum is one
// `redux.sync` over the bin's lanes (each group of lanes with its own
// member mask) instead of a walk over the group's lanes (sm_75, and the
// second, 64-bit update the threads with an even element make).
// 3 blocks of 64 threads over 192 elements x_i = (7 i) mod 31 - 9.
// SM90-LABEL: gpu.func @weighted
// SM90: %[[PEERS:.*]] = nvvm.match.sync any
// SM90: nvvm.redux.sync add %{{.*}}, %[[PEERS]] : i32 -> i32
// SM90-NOT: nvvm.redux.sync
// SM90: scf.while
// SM90: gpu.return
// SM75-LABEL: gpu.func @weighted
// SM75-NOT: nvvm.redux.sync
// SM75: scf.while
// SM75: scf.while
// SM75: gpu.return
// PTX: redux.sync.add.s32
// The bins, then the 64-bit bins.
// CHECK: [226,  220,  243,  230,  217]
// CHECK: [90,  82,  102,  138,  138]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @weighted(%in: memref<192xi32>, %bins: memref<5xi32>,
                       %wide: memref<5xi64>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c5 = arith.constant 5 : index
      %one = arith.constant 1 : i32
      %i = gpu.global_id x
      %x = memref.load %in[%i] : memref<192xi32>
      %bin = arith.remui %i, %c5 : index
      %unused = memref.atomic_rmw addi %x, %bins[%bin] : (i32, memref<5xi32>) -> i32
      %low = arith.andi %x, %one : i32
      %odd = arith.cmpi ne, %low, %one : i32
      scf.if %odd {
        %x64 = arith.extsi %x : i32 to i64
        %c3 = arith.constant 3 : index
        %x3 = arith.muli %i, %c3 : index
        %b = arith.remui %x3, %c5 : index
        %w = memref.atomic_rmw addi %x64, %wide[%b] : (i64, memref<5xi64>) -> i64
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c31 = arith.constant 31 : index
    %c64 = arith.constant 64 : index
    %c192 = arith.constant 192 : index
    %c9 = arith.constant 9 : i32
    %zero = arith.constant 0 : i32
    %zero64 = arith.constant 0 : i64
    %h_in = memref.alloc() : memref<192xi32>
    scf.for %i = %c0 to %c192 step %c1 {
      %a = arith.muli %i, %c7 : index
      %m = arith.remui %a, %c31 : index
      %m32 = arith.index_cast %m : index to i32
      %v = arith.subi %m32, %c9 : i32
      memref.store %v, %h_in[%i] : memref<192xi32>
    }
    %h_bins = memref.alloc() : memref<5xi32>
    %h_wide = memref.alloc() : memref<5xi64>
    scf.for %i = %c0 to %c5 step %c1 {
      memref.store %zero, %h_bins[%i] : memref<5xi32>
      memref.store %zero64, %h_wide[%i] : memref<5xi64>
    }
    %d_in = gpu.alloc () : memref<192xi32>
    %d_bins = gpu.alloc () : memref<5xi32>
    %d_wide = gpu.alloc () : memref<5xi64>
    gpu.memcpy %d_in, %h_in : memref<192xi32>, memref<192xi32>
    gpu.memcpy %d_bins, %h_bins : memref<5xi32>, memref<5xi32>
    gpu.memcpy %d_wide, %h_wide : memref<5xi64>, memref<5xi64>
    gpu.launch_func @kernels::@weighted blocks in (%c3, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_in : memref<192xi32>, %d_bins : memref<5xi32>, %d_wide : memref<5xi64>)
    gpu.memcpy %h_bins, %d_bins : memref<5xi32>, memref<5xi32>
    gpu.memcpy %h_wide, %d_wide : memref<5xi64>, memref<5xi64>
    %u = memref.cast %h_bins : memref<5xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %w = memref.cast %h_wide : memref<5xi64> to memref<*xi64>
    call @printMemrefI64(%w) : (memref<*xi64>) -> ()
    return
  }
}
