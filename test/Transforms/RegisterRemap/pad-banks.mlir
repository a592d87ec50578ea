// RUN: wc-opt %s --wc-aggregate --wc-remap -verify-diagnostics | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap=pad-banks=false 2>/dev/null | FileCheck %s --check-prefix=NOPAD
// RUN: wc-sim %s | FileCheck %s --check-prefix=EXEC
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-remap)' | FileCheck %s --check-prefix=EXEC
// RUN: wc-sim %s %remapped_lowered | FileCheck %s --check-prefix=EXEC
// RUN: wc-sim %s %delegated | FileCheck %s --check-prefix=EXEC
// RUN: wc-opt %s --wc-aggregate --wc-remap 2>/dev/null | wc-opt --wc-lower-to-nvvm=format=isa | FileCheck %s --check-prefix=LOWERED
// RUN: wc-opt %s --wc-aggregate --wc-remap=chip=sm_75 2>/dev/null | FileCheck %s --check-prefix=SM75
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-remap,wc-async-copy)' | FileCheck %s --check-prefix=EXEC
// RUN: wc-opt %s --wc-aggregate --wc-remap --wc-async-copy -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASYNC

// Buffers that stay in shared memory are padded where a warp's accesses
// meet bank conflicts, and only there; the programs compute the same.

// A 32x32 tile transposed by a 32x8 block, four rows per thread (what the
// transform dialect's thread mapping makes): the reads of the tile's
// columns hit one bank 32 times each. One more element per row serves
// each read in one wavefront.
// CHECK-LABEL: gpu.func @transpose
// CHECK-SAME: workgroup(%[[TILE:.*]] : memref<32x33xi32, #gpu.address_space<workgroup>>)
// CHECK: memref.store %{{.*}}, %[[TILE]][%{{.*}}, %{{.*}}] : memref<32x33xi32, #gpu.address_space<workgroup>>
// CHECK: memref.load %[[TILE]][%{{.*}}, %{{.*}}] : memref<32x33xi32, #gpu.address_space<workgroup>>
// NOPAD-LABEL: gpu.func @transpose
// NOPAD-SAME: workgroup(%{{.*}} : memref<32x32xi32, #gpu.address_space<workgroup>>)
// LOWERED: .shared .align 16 .b8 __wg_transpose_0[4224]

// A 16x16 block writing rows and reading columns of a 16x16 tile: two rows
// per warp. Its copy from global memory becomes cp.async of 16 bytes per
// lane (sm_80 and later), so its rows stay a multiple of 16 bytes: 20
// elements serve the reads in two wavefronts instead of eight. Without
// cp.async (sm_75), one element more would cost the writes a conflict,
// two serve both the writes and the reads in one wavefront (or two, 3 per
// virtual thread instead of 9).
// CHECK-LABEL: gpu.func @tile16
// CHECK-SAME: workgroup(%{{.*}} : memref<16x20xi32, #gpu.address_space<workgroup>>)
// SM75-LABEL: gpu.func @tile16
// SM75-SAME: workgroup(%{{.*}} : memref<16x18xi32, #gpu.address_space<workgroup>>)
// ASYNC: pad-banks.mlir:[[@LINE+81]]:5: remark: wc-async-copy: 1 tile copies by cp.async of 16 bytes per lane

// Not padded: rows read in reverse hit 32 different banks already.
// CHECK-LABEL: gpu.func @reverse
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xi32, #gpu.address_space<workgroup>>)

// Not padded: an index read from memory (the conflicts cannot be counted).
// CHECK-LABEL: gpu.func @gather
// CHECK-SAME: workgroup(%{{.*}} : memref<32x32xi32, #gpu.address_space<workgroup>>)

// Not padded: one more column would take the block past the 48 KiB of
// static shared memory.
// CHECK-LABEL: gpu.func @full
// CHECK-SAME: workgroup(%{{.*}} : memref<128x96xi32, #gpu.address_space<workgroup>>)

// A 3x3 convolution of a 16x16 block over an 18x18 tile (its halo loaded
// under `tx < 2`, `ty < 2`): each read takes two rows; only rows 16 banks
// apart (48 elements) serve them in one wavefront instead of two.
// CHECK-LABEL: gpu.func @conv3x3
// CHECK-SAME: workgroup(%{{.*}} : memref<18x48xi32, #gpu.address_space<workgroup>>)
// NOPAD-LABEL: gpu.func @conv3x3
// NOPAD-SAME: workgroup(%{{.*}} : memref<18x18xi32, #gpu.address_space<workgroup>>)
// LOWERED: .shared .align 16 .b8 __wg_conv3x3_0[3456]

// EXEC: sizes = [64, 64]
// EXEC-NEXT: [0,   64,   128,
// EXEC: [63,   127,   191,
// EXEC: sizes = [32, 32]
// EXEC-NEXT: [0,   32,   64,
// EXEC: sizes = [32, 32]
// EXEC-NEXT: [31,   30,   29,
// EXEC: sizes = [32]
// EXEC-NEXT: [0,  33,  66,  99,  132,  165,  198,  231,  264,  297,  330,  363,  396,  429,  462,  495,  528,  561,  594,  627,  660,  693,  726,  759,  792,  825,  858,  891,  924,  957,  990,  1023]
// EXEC: sizes = [32, 4]
// EXEC-NEXT: [0,   1,   2,   3],
// EXEC-NEXT: [16,   17,   18,   19],
// EXEC: sizes = [32, 32]
// EXEC-NEXT: [315,   324,   333,
// EXEC-NEXT: [621,   630,   639,
// EXEC: [9801,   9810,   9819,
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+3 {{wc-aggregate: coarsened: one warp per 256-thread block, 8 virtual threads per lane}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 0 (memref<32x32xi32, #gpu.address_space<workgroup>>) stays in shared memory}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<32x32xi32, #gpu.address_space<workgroup>>) padded to 'memref<32x33xi32, #gpu.address_space<workgroup>>' against bank conflicts: 192 shared-memory wavefronts instead of 3168}}
    gpu.func @transpose(%in: memref<64x64xi32>, %out: memref<64x64xi32>)
        workgroup(%tile: memref<32x32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 8, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %row0 = arith.muli %by, %c32 : index
      %col0 = arith.muli %bx, %c32 : index
      %ty4 = arith.muli %ty, %c4 : index
      scf.for %k = %c0 to %c4 step %c1 {
        %r = arith.addi %ty4, %k : index
        %gr = arith.addi %row0, %r : index
        %gc = arith.addi %col0, %tx : index
        %v = memref.load %in[%gr, %gc] : memref<64x64xi32>
        // expected-note @+1 {{here}}
        memref.store %v, %tile[%r, %tx] : memref<32x32xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %k = %c0 to %c4 step %c1 {
        %r = arith.addi %ty4, %k : index
        %v = memref.load %tile[%tx, %r] : memref<32x32xi32, #gpu.address_space<workgroup>>
        %gr = arith.addi %col0, %r : index
        %gc = arith.addi %row0, %tx : index
        memref.store %v, %out[%gr, %gc] : memref<64x64xi32>
      }
      gpu.return
    }

    // expected-remark @+3 {{wc-aggregate: coarsened: one warp per 256-thread block}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 0 (memref<16x16xi32, #gpu.address_space<workgroup>>) stays in shared memory}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<16x16xi32, #gpu.address_space<workgroup>>) padded to 'memref<16x20xi32, #gpu.address_space<workgroup>>' against bank conflicts: 96 shared-memory wavefronts instead of 216 (rows kept a multiple of 16 bytes for cp.async)}}
    gpu.func @tile16(%in: memref<32x32xi32>, %out: memref<32x32xi32>)
        workgroup(%tile: memref<16x16xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c16 = arith.constant 16 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %row0 = arith.muli %by, %c16 : index
      %col0 = arith.muli %bx, %c16 : index
      %gr = arith.addi %row0, %ty : index
      %gc = arith.addi %col0, %tx : index
      %v = memref.load %in[%gr, %gc] : memref<32x32xi32>
      memref.store %v, %tile[%ty, %tx] : memref<16x16xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      // expected-note @+1 {{here}}
      %t = memref.load %tile[%tx, %ty] : memref<16x16xi32, #gpu.address_space<workgroup>>
      %or = arith.addi %col0, %ty : index
      %oc = arith.addi %row0, %tx : index
      memref.store %t, %out[%or, %oc] : memref<32x32xi32>
      gpu.return
    }

    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 1024-thread block}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<32x32xi32, #gpu.address_space<workgroup>>) stays in shared memory}}
    gpu.func @reverse(%in: memref<32x32xi32>, %out: memref<32x32xi32>)
        workgroup(%tile: memref<32x32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 32, 1>} {
      %c31 = arith.constant 31 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %v = memref.load %in[%ty, %tx] : memref<32x32xi32>
      memref.store %v, %tile[%ty, %tx] : memref<32x32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %rx = arith.subi %c31, %tx : index
      // expected-note @+1 {{here}}
      %t = memref.load %tile[%ty, %rx] : memref<32x32xi32, #gpu.address_space<workgroup>>
      memref.store %t, %out[%ty, %tx] : memref<32x32xi32>
      gpu.return
    }

    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 1024-thread block}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<32x32xi32, #gpu.address_space<workgroup>>) stays in shared memory}}
    gpu.func @gather(%in: memref<32x32xi32>, %idx: memref<32xindex>, %out: memref<32xi32>)
        workgroup(%tile: memref<32x32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 32, 1>} {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %v = memref.load %in[%ty, %tx] : memref<32x32xi32>
      memref.store %v, %tile[%ty, %tx] : memref<32x32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %ty, %c0 : index
      scf.if %first {
        %r = memref.load %idx[%tx] : memref<32xindex>
        // expected-note @+1 {{here}}
        %t = memref.load %tile[%r, %tx] : memref<32x32xi32, #gpu.address_space<workgroup>>
        memref.store %t, %out[%tx] : memref<32xi32>
      }
      gpu.return
    }

    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 128-thread block}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<128x96xi32, #gpu.address_space<workgroup>>) stays in shared memory}}
    gpu.func @full(%in: memref<32x4xi32>, %out: memref<32x4xi32>)
        workgroup(%tile: memref<128x96xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 4, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %v = memref.load %in[%tx, %ty] : memref<32x4xi32>
      // expected-note @+1 {{here}}
      memref.store %v, %tile[%tx, %ty] : memref<128x96xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %t = memref.load %tile[%tx, %ty] : memref<128x96xi32, #gpu.address_space<workgroup>>
      memref.store %t, %out[%tx, %ty] : memref<32x4xi32>
      gpu.return
    }

    // expected-remark @+3 {{wc-aggregate: coarsened: one warp per 256-thread block, 8 virtual threads per lane}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 0 (memref<18x18xi32, #gpu.address_space<workgroup>>) stays in shared memory}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<18x18xi32, #gpu.address_space<workgroup>>) padded to 'memref<18x48xi32, #gpu.address_space<workgroup>>' against bank conflicts: 432 shared-memory wavefronts instead of 624}}
    gpu.func @conv3x3(%in: memref<34x34xi32>, %out: memref<32x32xi32>)
        workgroup(%tile: memref<18x18xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0 : i32
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %row0 = arith.muli %by, %c16 : index
      %col0 = arith.muli %bx, %c16 : index
      %y = arith.addi %row0, %ty : index
      %x = arith.addi %col0, %tx : index
      %y16 = arith.addi %y, %c16 : index
      %x16 = arith.addi %x, %c16 : index
      %ty16 = arith.addi %ty, %c16 : index
      %tx16 = arith.addi %tx, %c16 : index
      %right = arith.cmpi ult, %tx, %c2 : index
      %below = arith.cmpi ult, %ty, %c2 : index
      %v = memref.load %in[%y, %x] : memref<34x34xi32>
      // expected-note @+1 {{here}}
      memref.store %v, %tile[%ty, %tx] : memref<18x18xi32, #gpu.address_space<workgroup>>
      scf.if %right {
        %vr = memref.load %in[%y, %x16] : memref<34x34xi32>
        memref.store %vr, %tile[%ty, %tx16] : memref<18x18xi32, #gpu.address_space<workgroup>>
      }
      scf.if %below {
        %vb = memref.load %in[%y16, %x] : memref<34x34xi32>
        memref.store %vb, %tile[%ty16, %tx] : memref<18x18xi32, #gpu.address_space<workgroup>>
        scf.if %right {
          %vc = memref.load %in[%y16, %x16] : memref<34x34xi32>
          memref.store %vc, %tile[%ty16, %tx16] : memref<18x18xi32, #gpu.address_space<workgroup>>
        }
      }
      gpu.barrier
      %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%ra = %zero) -> (i32) {
        %cols = scf.for %j = %c0 to %c3 step %c1 iter_args(%ca = %ra) -> (i32) {
          %ti = arith.addi %ty, %i : index
          %tj = arith.addi %tx, %j : index
          %t = memref.load %tile[%ti, %tj] : memref<18x18xi32, #gpu.address_space<workgroup>>
          %s = arith.addi %ca, %t : i32
          scf.yield %s : i32
        }
        scf.yield %cols : i32
      }
      memref.store %sum, %out[%y, %x] : memref<32x32xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @matrix(%n: index) -> memref<?x?xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %h = memref.alloc(%n, %n) : memref<?x?xi32>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %ij = arith.muli %i, %n : index
        %e = arith.addi %ij, %j : index
        %v = arith.index_cast %e : index to i32
        memref.store %v, %h[%i, %j] : memref<?x?xi32>
      }
    }
    return %h : memref<?x?xi32>
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index

    %h64d = call @matrix(%c64) : (index) -> memref<?x?xi32>
    %h64 = memref.cast %h64d : memref<?x?xi32> to memref<64x64xi32>
    %d64 = gpu.alloc () : memref<64x64xi32>
    %o64 = gpu.alloc () : memref<64x64xi32>
    gpu.memcpy %d64, %h64 : memref<64x64xi32>, memref<64x64xi32>
    gpu.launch_func @kernels::@transpose blocks in (%c2, %c2, %c1) threads in (%c32, %c8, %c1)
        args(%d64 : memref<64x64xi32>, %o64 : memref<64x64xi32>)
    gpu.memcpy %h64, %o64 : memref<64x64xi32>, memref<64x64xi32>
    %u64 = memref.cast %h64 : memref<64x64xi32> to memref<*xi32>
    call @printMemrefI32(%u64) : (memref<*xi32>) -> ()

    %h32d = call @matrix(%c32) : (index) -> memref<?x?xi32>
    %h32 = memref.cast %h32d : memref<?x?xi32> to memref<32x32xi32>
    %d32 = gpu.alloc () : memref<32x32xi32>
    %o32 = gpu.alloc () : memref<32x32xi32>
    gpu.memcpy %d32, %h32 : memref<32x32xi32>, memref<32x32xi32>
    gpu.launch_func @kernels::@tile16 blocks in (%c2, %c2, %c1) threads in (%c16, %c16, %c1)
        args(%d32 : memref<32x32xi32>, %o32 : memref<32x32xi32>)
    %r32 = memref.alloc() : memref<32x32xi32>
    gpu.memcpy %r32, %o32 : memref<32x32xi32>, memref<32x32xi32>
    %u32 = memref.cast %r32 : memref<32x32xi32> to memref<*xi32>
    call @printMemrefI32(%u32) : (memref<*xi32>) -> ()

    gpu.launch_func @kernels::@reverse blocks in (%c1, %c1, %c1) threads in (%c32, %c32, %c1)
        args(%d32 : memref<32x32xi32>, %o32 : memref<32x32xi32>)
    gpu.memcpy %r32, %o32 : memref<32x32xi32>, memref<32x32xi32>
    call @printMemrefI32(%u32) : (memref<*xi32>) -> ()

    %hidx = memref.alloc() : memref<32xindex>
    scf.for %i = %c0 to %c32 step %c1 {
      memref.store %i, %hidx[%i] : memref<32xindex>
    }
    %didx = gpu.alloc () : memref<32xindex>
    gpu.memcpy %didx, %hidx : memref<32xindex>, memref<32xindex>
    %ovec = gpu.alloc () : memref<32xi32>
    gpu.launch_func @kernels::@gather blocks in (%c1, %c1, %c1) threads in (%c32, %c32, %c1)
        args(%d32 : memref<32x32xi32>, %didx : memref<32xindex>, %ovec : memref<32xi32>)
    %hvec = memref.alloc() : memref<32xi32>
    gpu.memcpy %hvec, %ovec : memref<32xi32>, memref<32xi32>
    %uvec = memref.cast %hvec : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%uvec) : (memref<*xi32>) -> ()

    %h4 = memref.alloc() : memref<32x4xi32>
    scf.for %i = %c0 to %c32 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %i2 = arith.muli %i, %c16 : index
        %e = arith.addi %i2, %j : index
        %v = arith.index_cast %e : index to i32
        memref.store %v, %h4[%i, %j] : memref<32x4xi32>
      }
    }
    %d4 = gpu.alloc () : memref<32x4xi32>
    %o4 = gpu.alloc () : memref<32x4xi32>
    gpu.memcpy %d4, %h4 : memref<32x4xi32>, memref<32x4xi32>
    gpu.launch_func @kernels::@full blocks in (%c1, %c1, %c1) threads in (%c32, %c4, %c1)
        args(%d4 : memref<32x4xi32>, %o4 : memref<32x4xi32>)
    gpu.memcpy %h4, %o4 : memref<32x4xi32>, memref<32x4xi32>
    %u4 = memref.cast %h4 : memref<32x4xi32> to memref<*xi32>
    call @printMemrefI32(%u4) : (memref<*xi32>) -> ()

    %c34 = arith.constant 34 : index
    %h34d = call @matrix(%c34) : (index) -> memref<?x?xi32>
    %h34 = memref.cast %h34d : memref<?x?xi32> to memref<34x34xi32>
    %d34 = gpu.alloc () : memref<34x34xi32>
    gpu.memcpy %d34, %h34 : memref<34x34xi32>, memref<34x34xi32>
    gpu.launch_func @kernels::@conv3x3 blocks in (%c2, %c2, %c1) threads in (%c16, %c16, %c1)
        args(%d34 : memref<34x34xi32>, %o32 : memref<32x32xi32>)
    gpu.memcpy %r32, %o32 : memref<32x32xi32>, memref<32x32xi32>
    call @printMemrefI32(%u32) : (memref<*xi32>) -> ()
    return
  }
}
