// RUN: wc-opt %s --wc-aggregate -verify-diagnostics | FileCheck %s
// RUN: wc-sim %s | sed 's/base@ = [0-9a-fx]*//' > %t.before
// RUN: FileCheck %s --check-prefix=EXEC --input-file=%t.before
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.aggregated
// RUN: diff %t.before %t.aggregated
// RUN: wc-sim %s %consolidated_lowered 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.consolidated
// RUN: diff %t.before %t.consolidated
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.licm.mlir
// RUN: wc-sim %t.licm.mlir %aggregated_lowered 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.licm
// RUN: diff %t.before %t.licm

// Block and warp collectives in coarsened kernels. Virtual thread v of
// lane l is thread 32 v + l, so original warp v is virtual thread v of
// every lane: a warp reduction combines one virtual thread's values
// across the lanes (wc.reduce per virtual thread), gpu.lane_id is the
// lane's, gpu.subgroup_id the virtual thread's index. A block reduction
// combines each lane's virtual threads, then the lanes (wc.reduce), with
// the identity for the virtual threads of a partial last warp.

// An 80-thread block (3 virtual threads, the last for lanes 0..15):
// `gpu.all_reduce add` and a region form (a maximum) in a loop.
// CHECK-LABEL: gpu.func @block_reductions
// CHECK-NOT: gpu.all_reduce
// CHECK: wc.warp_job block [80, 1, 1] virtual_threads 3
// CHECK: gpu.lane_id
// CHECK: arith.cmpi ult, %{{.*}}, %c16
// CHECK: wc.reduce add %{{.*}} : i32
// CHECK: scf.for
// CHECK: wc.reduce maxsi %{{.*}} : i32

// Two levels: warp sums by gpu.subgroup_reduce, lane 0 of each warp stores
// its warp's at gpu.subgroup_id, thread 0 adds them.
// CHECK-LABEL: gpu.func @two_level
// CHECK-NOT: gpu.subgroup_reduce
// CHECK-COUNT-3: wc.reduce add %{{.*}} : i32
// CHECK-NOT: gpu.subgroup_id

// Lane shuffles (an xor and a down by a per-thread offset) of a 64-thread
// block: one gpu.shuffle per virtual thread at warp level.
// CHECK-LABEL: gpu.func @shuffles
// CHECK: wc.warp_job block [64, 1, 1] virtual_threads 2
// CHECK-COUNT-2: gpu.shuffle xor
// CHECK-COUNT-2: gpu.shuffle down

// EXEC: sizes = [80]
// EXEC-NEXT: [3160, 3160,
// EXEC: sizes = [4]
// EXEC-NEXT: [79, 81, 83, 85]
// EXEC: sizes = [3]
// EXEC-NEXT: [496, 1520, 1144]
// EXEC: sizes = [64]
// EXEC-NEXT: [201, 103, 405, 307, 605, 507, 809, 711,
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 80-thread block, 3 virtual threads per lane}}
    gpu.func @block_reductions(%in: memref<80xi32>, %sums: memref<80xi32>, %maxes: memref<4xi32>) kernel
        attributes {known_block_size = array<i32: 80, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<80xi32>
      %s = gpu.all_reduce add %x uniform {} : (i32) -> (i32)
      memref.store %s, %sums[%t] : memref<80xi32>
      scf.for %k = %c0 to %c4 step %c1 {
        %ki = arith.index_cast %k : index to i32
        %y = arith.addi %x, %ki : i32
        %m = gpu.all_reduce %y uniform {
        ^bb(%a: i32, %b: i32):
          %r = arith.maxsi %a, %b : i32
          gpu.yield %r : i32
        } : (i32) -> (i32)
        %first = arith.cmpi eq, %t, %c0 : index
        scf.if %first {
          %mk = arith.addi %m, %ki : i32
          memref.store %mk, %maxes[%k] : memref<4xi32>
        }
      }
      gpu.return
    }

    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 80-thread block, 3 virtual threads per lane}}
    gpu.func @two_level(%in: memref<80xi32>, %out: memref<3xi32>)
        workgroup(%warpSums: memref<3xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 80, 1, 1>} {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<80xi32>
      %w = gpu.subgroup_reduce add %x : (i32) -> i32
      %lane = gpu.lane_id
      %warp = gpu.subgroup_id : index
      %leader = arith.cmpi eq, %lane, %c0 : index
      scf.if %leader {
        memref.store %w, %warpSums[%warp] : memref<3xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %n = gpu.num_subgroups : index
      %in_range = arith.cmpi ult, %t, %n : index
      scf.if %in_range {
        %v = memref.load %warpSums[%t] : memref<3xi32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%t] : memref<3xi32>
      }
      gpu.return
    }

    // expected-remark @+1 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane}}
    gpu.func @shuffles(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %one = arith.constant 1 : i32
      %four = arith.constant 4 : i32
      %width = arith.constant 32 : i32
      %hundred = arith.constant 100 : i32
      %t = gpu.thread_id x
      %x = memref.load %in[%t] : memref<64xi32>
      memref.store %x, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %nm = arith.remui %n, %c64 : index
      %w = memref.load %tile[%nm] : memref<64xi32, #gpu.address_space<workgroup>>
      %ti = arith.index_cast %t : index to i32
      %offset = arith.remui %ti, %four : i32
      %y, %yok = gpu.shuffle xor %w, %one, %width : i32
      %z, %zok = gpu.shuffle down %w, %offset, %width : i32
      %zz = arith.select %zok, %z, %hundred : i32
      %y100 = arith.muli %y, %hundred : i32
      %r = arith.addi %y100, %zz : i32
      memref.store %r, %out[%t] : memref<64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c80 = arith.constant 80 : index
    %h = memref.alloc() : memref<80xi32>
    scf.for %i = %c0 to %c80 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<80xi32>
    }
    %d = gpu.alloc () : memref<80xi32>
    %s = gpu.alloc () : memref<80xi32>
    %m = gpu.alloc () : memref<4xi32>
    %o = gpu.alloc () : memref<3xi32>
    gpu.memcpy %d, %h : memref<80xi32>, memref<80xi32>
    gpu.launch_func @kernels::@block_reductions blocks in (%c1, %c1, %c1) threads in (%c80, %c1, %c1)
        args(%d : memref<80xi32>, %s : memref<80xi32>, %m : memref<4xi32>)
    gpu.launch_func @kernels::@two_level blocks in (%c1, %c1, %c1) threads in (%c80, %c1, %c1)
        args(%d : memref<80xi32>, %o : memref<3xi32>)
    %c64 = arith.constant 64 : index
    %in64 = gpu.alloc () : memref<64xi32>
    %sh = gpu.alloc () : memref<64xi32>
    %h64 = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = memref.load %h[%i] : memref<80xi32>
      memref.store %v, %h64[%i] : memref<64xi32>
    }
    gpu.memcpy %in64, %h64 : memref<64xi32>, memref<64xi32>
    gpu.launch_func @kernels::@shuffles blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in64 : memref<64xi32>, %sh : memref<64xi32>)
    %hs = memref.alloc() : memref<80xi32>
    %hm = memref.alloc() : memref<4xi32>
    %ho = memref.alloc() : memref<3xi32>
    gpu.memcpy %hs, %s : memref<80xi32>, memref<80xi32>
    gpu.memcpy %hm, %m : memref<4xi32>, memref<4xi32>
    gpu.memcpy %ho, %o : memref<3xi32>, memref<3xi32>
    %us = memref.cast %hs : memref<80xi32> to memref<*xi32>
    %um = memref.cast %hm : memref<4xi32> to memref<*xi32>
    %uo = memref.cast %ho : memref<3xi32> to memref<*xi32>
    call @printMemrefI32(%us) : (memref<*xi32>) -> ()
    call @printMemrefI32(%um) : (memref<*xi32>) -> ()
    call @printMemrefI32(%uo) : (memref<*xi32>) -> ()
    %hsh = memref.alloc() : memref<64xi32>
    gpu.memcpy %hsh, %sh : memref<64xi32>, memref<64xi32>
    %ush = memref.cast %hsh : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%ush) : (memref<*xi32>) -> ()
    return
  }
}
