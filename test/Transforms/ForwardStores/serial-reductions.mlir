// RUN: wc-opt %s --wc-forward-stores -verify-diagnostics | FileCheck %s
// RUN: wc-opt %s --wc-forward-stores=reassociate-floats=1 2>&1 | FileCheck %s --check-prefix=REASSOC
// The outputs before and after, aggregated, consolidated (the float sums
// are of small integers: exact in any order):
// RUN: wc-sim %s | sed 's/base@ = [0-9a-fx]*//' > %t.before
// RUN: FileCheck %s --check-prefix=EXEC --input-file=%t.before
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-forward-stores{reassociate-floats=1})' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.after
// RUN: diff %t.before %t.after
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate{reassociate-floats=1})' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.aggregated
// RUN: diff %t.before %t.aggregated
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.consolidated
// RUN: diff %t.before %t.consolidated

// One thread folding the partials every thread stored (the merge of
// transform dialect's tile_reduction_using_forall) becomes a block
// reduction where the fold may be reordered: integers and float maxima
// always, float sums with `reassociate-floats`. The partials' buffer goes.

// CHECK-LABEL: gpu.func @merges
// CHECK-SAME: workgroup(%{{.*}} : memref<1x64xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: %[[I:.*]] = gpu.all_reduce add %{{.*}} uniform {
// CHECK: %[[M:.*]] = gpu.all_reduce maximumf %{{.*}} uniform {
// CHECK: arith.addi %{{.*}}, %[[I]] : i32
// CHECK: arith.maximumf %{{.*}}, %[[M]] : f32
// The float sum keeps its loop.
// CHECK: scf.for
// CHECK: arith.addf

// REASSOC-LABEL: gpu.func @merges
// REASSOC-NOT: workgroup(
// REASSOC-COUNT-3: gpu.all_reduce
// REASSOC-LABEL: gpu.func @not_merges
// REASSOC-NOT: gpu.all_reduce

// EXEC: sizes = [3]
// EXEC-NEXT: [2016, 63, 2016]
// EXEC: sizes = [3]
// EXEC-NEXT: [496, 1552, 63]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{wc-forward-stores: 0 loads take a value the thread stored, 0 loop-carried elements kept in registers, 0 overwritten stores removed, 2 serial merges of the block's partials made block reductions}}
    gpu.func @merges(%in: memref<64xi32>, %out: memref<3xf32>, %iout: memref<1xi32>)
        workgroup(%ip: memref<64xi32, #gpu.address_space<workgroup>>,
                  %mp: memref<1x64xf32, #gpu.address_space<workgroup>>,
                  %sp: memref<1x64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0 : i32
      %fzero = arith.constant 0.0 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<64xi32>
      %f = arith.sitofp %x : i32 to f32
      memref.store %x, %ip[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %f, %mp[%c0, %t] : memref<1x64xf32, #gpu.address_space<workgroup>>
      memref.store %f, %sp[%c0, %t] : memref<1x64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi ult, %t, %c1 : index
      scf.if %first {
        %i = scf.for %k = %c0 to %c64 step %c1 iter_args(%a = %zero) -> (i32) {
          %v = memref.load %ip[%k] : memref<64xi32, #gpu.address_space<workgroup>>
          %n = arith.addi %v, %a : i32
          scf.yield %n : i32
        }
        %m = scf.for %k = %c0 to %c64 step %c1 iter_args(%a = %ninf) -> (f32) {
          %v = memref.load %mp[%c0, %k] : memref<1x64xf32, #gpu.address_space<workgroup>>
          %n = arith.maximumf %a, %v : f32
          scf.yield %n : f32
        }
        // expected-remark @+1 {{wc-forward-stores: one thread's float sum of the block's partials keeps its order (with `reassociate-floats` it becomes a block reduction, rounded differently)}}
        %s = scf.for %k = %c0 to %c64 step %c1 iter_args(%a = %fzero) -> (f32) {
          %v = memref.load %sp[%c0, %k] : memref<1x64xf32, #gpu.address_space<workgroup>>
          %n = arith.addf %v, %a : f32
          scf.yield %n : f32
        }
        %fi = arith.sitofp %i : i32 to f32
        memref.store %fi, %out[%c0] : memref<3xf32>
        memref.store %m, %out[%c1] : memref<3xf32>
        memref.store %s, %out[%c2] : memref<3xf32>
      }
      gpu.return
    }

    // Not merges of the block's partials: a loop over half of them, a
    // buffer stored twice (the second under a condition), a body with more
    // than the fold.
    // CHECK-LABEL: gpu.func @not_merges
    // CHECK-NOT: gpu.all_reduce
    gpu.func @not_merges(%in: memref<64xi32>, %out: memref<3xi32>)
        workgroup(%half: memref<64xi32, #gpu.address_space<workgroup>>,
                  %twice: memref<64xi32, #gpu.address_space<workgroup>>,
                  %more: memref<64xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<64xi32>
      memref.store %x, %half[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %x, %twice[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %low = arith.cmpi ult, %t, %c32 : index
      scf.if %low {
        memref.store %one, %twice[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      }
      memref.store %x, %more[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %h = scf.for %k = %c0 to %c32 step %c1 iter_args(%a = %zero) -> (i32) {
          %v = memref.load %half[%k] : memref<64xi32, #gpu.address_space<workgroup>>
          %n = arith.addi %v, %a : i32
          scf.yield %n : i32
        }
        %w = scf.for %k = %c0 to %c64 step %c1 iter_args(%a = %zero) -> (i32) {
          %v = memref.load %twice[%k] : memref<64xi32, #gpu.address_space<workgroup>>
          %n = arith.addi %v, %a : i32
          scf.yield %n : i32
        }
        %m = scf.for %k = %c0 to %c64 step %c1 iter_args(%a = %zero) -> (i32) {
          %v = memref.load %more[%k] : memref<64xi32, #gpu.address_space<workgroup>>
          %n = arith.maxsi %v, %a : i32
          %p = arith.subi %n, %zero : i32
          scf.yield %p : i32
        }
        memref.store %h, %out[%c0] : memref<3xi32>
        memref.store %w, %out[%c1] : memref<3xi32>
        memref.store %m, %out[%c2] : memref<3xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %h = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<64xi32>
    }
    %d = gpu.alloc () : memref<64xi32>
    %o = gpu.alloc () : memref<3xf32>
    %io = gpu.alloc () : memref<1xi32>
    %n = gpu.alloc () : memref<3xi32>
    gpu.memcpy %d, %h : memref<64xi32>, memref<64xi32>
    gpu.launch_func @kernels::@merges blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<64xi32>, %o : memref<3xf32>, %io : memref<1xi32>)
    gpu.launch_func @kernels::@not_merges blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<64xi32>, %n : memref<3xi32>)
    %ho = memref.alloc() : memref<3xf32>
    %hn = memref.alloc() : memref<3xi32>
    gpu.memcpy %ho, %o : memref<3xf32>, memref<3xf32>
    gpu.memcpy %hn, %n : memref<3xi32>, memref<3xi32>
    %uo = memref.cast %ho : memref<3xf32> to memref<*xf32>
    %un = memref.cast %hn : memref<3xi32> to memref<*xi32>
    call @printMemrefF32(%uo) : (memref<*xf32>) -> ()
    call @printMemrefI32(%un) : (memref<*xi32>) -> ()
    return
  }
}
