// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %collaborated | FileCheck %s
// RUN: wc-sim %s %collaborated_lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{long-range=0})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{flatten=always},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --wc-collaborate=flatten=block -o /dev/null 2>&1 | FileCheck %s --check-prefix=BLOCKFLAT
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{flatten=block},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.collaborated.out %}

// wc-collaborate on the shapes a review found it mishandling (each ran
// before and after, in every form): a bounds check with nothing but a
// constant before the loop, and a combined value computed under it; a
// thread id read through NVVM's special register, which the owner's lane
// must supply; ranges whose hi - lo overflows an index (a step of 2^62
// from -2^63).
// REMARK-COUNT-3: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide
// With flatten=block, the first two kernels' bodies use their own thread's
// value, which the block cannot flatten (the warp's forms shuffle it from
// the owner); the third is flattened over the block.
// BLOCKFLAT-COUNT-2: not flattened over the block: the body uses a value that differs between the block's threads
// BLOCKFLAT: remark: wc-collaborate: a loop of data-dependent trip count is run flattened over the block
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @guarded(%in: memref<64xi32>, %out: memref<32xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %len32 = memref.load %in[%t] : memref<64xi32>
      %len = arith.index_cast %len32 : i32 to index
      %ok = arith.cmpi slt, %t, %n : index
      scf.if %ok {
        %z = arith.constant 0 : i32
        %w = arith.addi %len32, %len32 : i32
        %r = scf.for %k = %c0 to %len step %c1 iter_args(%s = %z) -> (i32) {
          %v = memref.load %in[%k] : memref<64xi32>
          %s1 = arith.addi %v, %w : i32
          %s2 = arith.addi %s, %s1 : i32
          scf.yield %s2 : i32
        }
        memref.store %r, %out[%t] : memref<32xi32>
      }
      gpu.return
    }

    gpu.func @special_register(%out: memref<32xi32>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %t = gpu.thread_id x
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %hi = arith.remui %t, %c5 : index
      %zero = arith.constant 0 : i32
      %s = scf.for %k = %c0 to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
        %acc2 = arith.addi %acc, %tid : i32
        scf.yield %acc2 : i32
      }
      memref.store %s, %out[%t] : memref<32xi32>
      gpu.return
    }

    gpu.func @wide_span(%out: memref<32xi32>, %min: index)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %step = arith.constant 4611686018427387904 : index
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %is1 = arith.cmpi eq, %t, %c1 : index
      %m1 = arith.constant -4611686018427387903 : index
      %lo1 = arith.select %is1, %m1, %c0 : index
      %hi1 = arith.select %is1, %step, %c0 : index
      %lo = arith.select %is0, %min, %lo1 : index
      %hi = arith.select %is0, %step, %hi1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %s = scf.for %k = %lo to %hi step %step iter_args(%acc = %zero) -> (i32) {
        %acc2 = arith.addi %acc, %one : i32
        scf.yield %acc2 : i32
      }
      memref.store %s, %out[%t] : memref<32xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c13 = arith.constant 13 : index
    %c20 = arith.constant 20 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %min = arith.constant -9223372036854775808 : index
    %c0_i32 = arith.constant 0 : i32
    %h_in = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %m = arith.muli %i, %c7 : index
      %r = arith.remui %m, %c13 : index
      %v = arith.index_cast %r : index to i32
      memref.store %v, %h_in[%i] : memref<64xi32>
    }
    %d_in = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d_in, %h_in : memref<64xi32>, memref<64xi32>
    %d = gpu.alloc () : memref<32xi32>
    %h = memref.alloc() : memref<32xi32>
    %u = memref.cast %h : memref<32xi32> to memref<*xi32>
    gpu.memset %d, %c0_i32 : memref<32xi32>, i32
    gpu.launch_func @kernels::@guarded blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d_in : memref<64xi32>, %d : memref<32xi32>, %c20 : index)
    gpu.memcpy %h, %d : memref<32xi32>, memref<32xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.launch_func @kernels::@special_register blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<32xi32>)
    gpu.memcpy %h, %d : memref<32xi32>, memref<32xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.launch_func @kernels::@wide_span blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<32xi32>, %min : index)
    gpu.memcpy %h, %d : memref<32xi32>, memref<32xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [32]
// CHECK-NEXT: [0,  128,  2,  168,  15,  206,  26,  255,  48,  302,  68,  360,  99,  0,  128,  2,  168,  15,  206,  26,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
// CHECK: sizes = [32]
// CHECK-NEXT: [0,  1,  4,  9,  16,  0,  6,  14,  24,  36,  0,  11,  24,  39,  56,  0,  16,  34,  54,  76,  0,  21,  44,  69,  96,  0,  26,  54,  84,  116,  0,  31]
// CHECK: sizes = [32]
// CHECK-NEXT: [3,  2,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
