// RUN: wc-opt %s --wc-forward-stores -verify-diagnostics | FileCheck %s
// The outputs before and after, aggregated, delegated (without the
// simulator's addresses of the host buffers):
// RUN: wc-sim %s | sed 's/base@ = [0-9a-fx]*//' > %t.before
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-forward-stores)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.after
// RUN: diff %t.before %t.after
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.aggregated
// RUN: diff %t.before %t.aggregated
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-remap,wc-delegate)' 2>/dev/null | sed 's/base@ = [0-9a-fx]*//' > %t.delegated
// RUN: diff %t.before %t.delegated
// RUN: FileCheck %s --check-prefix=EXEC --input-file=%t.after

// Workgroup buffers in which every element is accessed by one thread only
// become private arrays of the thread (memref.alloca, registers once LLVM
// unrolls the loops), their shared memory and the traffic through it gone.

// A row of 256 in blocks of 4 per thread (`tid * 4 + j`, the layout tiling
// gives an elementwise op over 64 threads): a 4-element array per thread,
// indexed by `(4 t + j) - 4 t`.
// CHECK-LABEL: gpu.func @blocked
// CHECK-SAME: workgroup(%{{.*}} : memref<64xf32, #gpu.address_space<workgroup>>) kernel
// CHECK-NOT: memref<1x256xf32
// CHECK: %[[A:.*]] = memref.alloca() : memref<1x4xf32>
// CHECK: memref.store %{{.*}}, %[[A]][%{{.*}}, %{{.*}}] : memref<1x4xf32>
// CHECK: gpu.barrier
// CHECK: memref.load %[[A]][%{{.*}}, %{{.*}}] : memref<1x4xf32>

// A 2x2 pooling window per thread of an 8x8 block ([2 ty + a, 2 tx + b]).
// CHECK-LABEL: gpu.func @window
// CHECK-NOT: workgroup(
// CHECK: memref.alloca() : memref<2x2xf32>

// Both thread ids in one dimension, as a mixed-radix number
// ((4 ty + tx) * 2 + j, block 4x8): 2 elements per thread.
// CHECK-LABEL: gpu.func @linear
// CHECK-NOT: workgroup(
// CHECK: memref.alloca() : memref<2xf32>

// EXEC: sizes = [256]
// EXEC-NEXT: [146, 195, 155, 246, 117, 85, 162, 106,
// EXEC: sizes = [8, 8]
// EXEC-NEXT: {{\[}}[8, 10, 5, 7, 9, 10, 9, 10],
// EXEC: sizes = [64]
// EXEC-NEXT: [2, 0, 6, 4, 10, 8, 14, 12,
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{wc-forward-stores: 0 loads take a value the thread stored, 0 loop-carried elements kept in registers, 0 overwritten stores removed, 1 workgroup buffers private to their threads made per-thread arrays}}
    gpu.func @blocked(%in: memref<256xf32>, %out: memref<256xf32>)
        workgroup(%row: memref<1x256xf32, #gpu.address_space<workgroup>>,
                  %sum: memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %base = arith.muli %t, %c4 : index
      %s = scf.for %j = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (f32) {
        %i = arith.addi %base, %j : index
        %x = memref.load %in[%i] : memref<256xf32>
        %y = arith.mulf %x, %x : f32
        memref.store %y, %row[%c0, %i] : memref<1x256xf32, #gpu.address_space<workgroup>>
        %b = arith.addf %a, %y : f32
        scf.yield %b : f32
      }
      memref.store %s, %sum[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %nm = arith.remui %n, %c64 : index
      %other = memref.load %sum[%nm] : memref<64xf32, #gpu.address_space<workgroup>>
      scf.for %j = %c0 to %c4 step %c1 {
        %i = affine.apply affine_map<(d0)[s0] -> (s0 * 4 + d0)>(%j)[%t]
        %y = memref.load %row[%c0, %i] : memref<1x256xf32, #gpu.address_space<workgroup>>
        %z = arith.addf %y, %other : f32
        memref.store %z, %out[%i] : memref<256xf32>
      }
      gpu.return
    }

    // expected-remark @+1 {{wc-forward-stores: 0 loads take a value the thread stored, 0 loop-carried elements kept in registers, 0 overwritten stores removed, 1 workgroup buffers private to their threads made per-thread arrays}}
    gpu.func @window(%in: memref<16x16xf32>, %out: memref<8x8xf32>)
        workgroup(%tile: memref<16x16xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 8, 8, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %ninf = arith.constant 0xFF800000 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %y0 = arith.muli %ty, %c2 : index
      %x0 = arith.muli %tx, %c2 : index
      scf.for %a = %c0 to %c2 step %c1 {
        scf.for %b = %c0 to %c2 step %c1 {
          %r = arith.addi %y0, %a : index
          %c = arith.addi %x0, %b : index
          %v = memref.load %in[%r, %c] : memref<16x16xf32>
          memref.store %v, %tile[%r, %c] : memref<16x16xf32, #gpu.address_space<workgroup>>
        }
      }
      gpu.barrier
      %m = scf.for %a = %c0 to %c2 step %c1 iter_args(%m0 = %ninf) -> (f32) {
        %m1 = scf.for %b = %c0 to %c2 step %c1 iter_args(%m2 = %m0) -> (f32) {
          %r = arith.addi %y0, %a : index
          %c = arith.addi %x0, %b : index
          %v = memref.load %tile[%r, %c] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %m3 = arith.maximumf %m2, %v : f32
          scf.yield %m3 : f32
        }
        scf.yield %m1 : f32
      }
      memref.store %m, %out[%ty, %tx] : memref<8x8xf32>
      gpu.return
    }

    // expected-remark @+1 {{wc-forward-stores: 0 loads take a value the thread stored, 0 loop-carried elements kept in registers, 0 overwritten stores removed, 1 workgroup buffers private to their threads made per-thread arrays}}
    gpu.func @linear(%in: memref<64xf32>, %out: memref<64xf32>)
        workgroup(%buf: memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 4, 8, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %row = arith.muli %ty, %c4 : index
      %t = arith.addi %row, %tx : index
      %base = arith.muli %t, %c2 : index
      scf.for %j = %c0 to %c2 step %c1 {
        %i = arith.addi %base, %j : index
        %v = memref.load %in[%i] : memref<64xf32>
        %w = arith.addf %v, %v : f32
        memref.store %w, %buf[%i] : memref<64xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.for %j = %c0 to %c2 step %c1 {
        %k = arith.subi %c1, %j : index
        %i = arith.addi %base, %k : index
        %v = memref.load %buf[%i] : memref<64xf32, #gpu.address_space<workgroup>>
        %o = arith.addi %base, %j : index
        memref.store %v, %out[%o] : memref<64xf32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %c16 = arith.constant 16 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    // blocked
    %h = memref.alloc() : memref<256xf32>
    scf.for %i = %c0 to %c256 step %c1 {
      %m = arith.muli %i, %c7 : index
      %r = arith.remui %m, %c11 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %h[%i] : memref<256xf32>
    }
    %d = gpu.alloc () : memref<256xf32>
    %o = gpu.alloc () : memref<256xf32>
    gpu.memcpy %d, %h : memref<256xf32>, memref<256xf32>
    gpu.launch_func @kernels::@blocked blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<256xf32>, %o : memref<256xf32>)
    gpu.memcpy %h, %o : memref<256xf32>, memref<256xf32>
    %u = memref.cast %h : memref<256xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    // window
    %hw = memref.alloc() : memref<16x16xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %m = arith.muli %i, %c7 : index
        %s = arith.addi %m, %j : index
        %r = arith.remui %s, %c11 : index
        %ri = arith.index_cast %r : index to i32
        %f = arith.sitofp %ri : i32 to f32
        memref.store %f, %hw[%i, %j] : memref<16x16xf32>
      }
    }
    %dw = gpu.alloc () : memref<16x16xf32>
    %ow = gpu.alloc () : memref<8x8xf32>
    %how = memref.alloc() : memref<8x8xf32>
    gpu.memcpy %dw, %hw : memref<16x16xf32>, memref<16x16xf32>
    gpu.launch_func @kernels::@window blocks in (%c1, %c1, %c1) threads in (%c8, %c8, %c1)
        args(%dw : memref<16x16xf32>, %ow : memref<8x8xf32>)
    gpu.memcpy %how, %ow : memref<8x8xf32>, memref<8x8xf32>
    %uw = memref.cast %how : memref<8x8xf32> to memref<*xf32>
    call @printMemrefF32(%uw) : (memref<*xf32>) -> ()
    // linear
    %hl = memref.alloc() : memref<64xf32>
    scf.for %i = %c0 to %c64 step %c1 {
      %ri = arith.index_cast %i : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %hl[%i] : memref<64xf32>
    }
    %dl = gpu.alloc () : memref<64xf32>
    %ol = gpu.alloc () : memref<64xf32>
    gpu.memcpy %dl, %hl : memref<64xf32>, memref<64xf32>
    gpu.launch_func @kernels::@linear blocks in (%c1, %c1, %c1) threads in (%c4, %c8, %c1)
        args(%dl : memref<64xf32>, %ol : memref<64xf32>)
    gpu.memcpy %hl, %ol : memref<64xf32>, memref<64xf32>
    %ul = memref.cast %hl : memref<64xf32> to memref<*xf32>
    call @printMemrefF32(%ul) : (memref<*xf32>) -> ()
    return
  }
}
