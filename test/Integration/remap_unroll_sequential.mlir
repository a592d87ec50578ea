// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// The same after upstream's clean-ups (constants hoisted and merged, the
// loops left in place): still every loop unrolled, and the buffer remapped.
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir %remapped_lowered | FileCheck %s
// RUN: wc-opt %t.clean.mlir --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// 19 sequential 2-trip loops whose induction variables decide the indices
// of one buffer (each thread's elements tid and tid + 64): wc-remap
// unrolls every loop that decides an index in one round (the outermost
// such loops of each job together), so all 19 are unrolled, where one loop
// per round, at most 16 rounds, left some behind and refused the buffer
// for the wrong reason. The buffer becomes a lane array, and the program
// computes the same before and after (each element gets 1 + 2 + ... + 17
// = 153 added).
// REMARKS-NOT: were unrolled, but
// REMARKS: remark: wc-remap: workgroup buffer 0 (memref<128xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<128 x i32>'
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @steps(%in: memref<256xi32>, %out: memref<256xi32>)
        workgroup(%buf: memref<128xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %k0 = arith.constant 1 : i32
      %k1 = arith.constant 2 : i32
      %k2 = arith.constant 3 : i32
      %k3 = arith.constant 4 : i32
      %k4 = arith.constant 5 : i32
      %k5 = arith.constant 6 : i32
      %k6 = arith.constant 7 : i32
      %k7 = arith.constant 8 : i32
      %k8 = arith.constant 9 : i32
      %k9 = arith.constant 10 : i32
      %k10 = arith.constant 11 : i32
      %k11 = arith.constant 12 : i32
      %k12 = arith.constant 13 : i32
      %k13 = arith.constant 14 : i32
      %k14 = arith.constant 15 : i32
      %k15 = arith.constant 16 : i32
      %k16 = arith.constant 17 : i32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c128 : index
      scf.for %i = %c0 to %c2 step %c1 {
        %o = arith.muli %i, %c64 : index
        %p = arith.addi %tid, %o : index
        %g = arith.addi %base, %p : index
        %x = memref.load %in[%g] : memref<256xi32>
        memref.store %x, %buf[%p] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i0 = %c0 to %c2 step %c1 {
        %o0 = arith.muli %i0, %c64 : index
        %p0 = arith.addi %tid, %o0 : index
        %v0 = memref.load %buf[%p0] : memref<128xi32, #gpu.address_space<workgroup>>
        %w0 = arith.addi %v0, %k0 : i32
        memref.store %w0, %buf[%p0] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i1 = %c0 to %c2 step %c1 {
        %o1 = arith.muli %i1, %c64 : index
        %p1 = arith.addi %tid, %o1 : index
        %v1 = memref.load %buf[%p1] : memref<128xi32, #gpu.address_space<workgroup>>
        %w1 = arith.addi %v1, %k1 : i32
        memref.store %w1, %buf[%p1] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i2 = %c0 to %c2 step %c1 {
        %o2 = arith.muli %i2, %c64 : index
        %p2 = arith.addi %tid, %o2 : index
        %v2 = memref.load %buf[%p2] : memref<128xi32, #gpu.address_space<workgroup>>
        %w2 = arith.addi %v2, %k2 : i32
        memref.store %w2, %buf[%p2] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i3 = %c0 to %c2 step %c1 {
        %o3 = arith.muli %i3, %c64 : index
        %p3 = arith.addi %tid, %o3 : index
        %v3 = memref.load %buf[%p3] : memref<128xi32, #gpu.address_space<workgroup>>
        %w3 = arith.addi %v3, %k3 : i32
        memref.store %w3, %buf[%p3] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i4 = %c0 to %c2 step %c1 {
        %o4 = arith.muli %i4, %c64 : index
        %p4 = arith.addi %tid, %o4 : index
        %v4 = memref.load %buf[%p4] : memref<128xi32, #gpu.address_space<workgroup>>
        %w4 = arith.addi %v4, %k4 : i32
        memref.store %w4, %buf[%p4] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i5 = %c0 to %c2 step %c1 {
        %o5 = arith.muli %i5, %c64 : index
        %p5 = arith.addi %tid, %o5 : index
        %v5 = memref.load %buf[%p5] : memref<128xi32, #gpu.address_space<workgroup>>
        %w5 = arith.addi %v5, %k5 : i32
        memref.store %w5, %buf[%p5] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i6 = %c0 to %c2 step %c1 {
        %o6 = arith.muli %i6, %c64 : index
        %p6 = arith.addi %tid, %o6 : index
        %v6 = memref.load %buf[%p6] : memref<128xi32, #gpu.address_space<workgroup>>
        %w6 = arith.addi %v6, %k6 : i32
        memref.store %w6, %buf[%p6] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i7 = %c0 to %c2 step %c1 {
        %o7 = arith.muli %i7, %c64 : index
        %p7 = arith.addi %tid, %o7 : index
        %v7 = memref.load %buf[%p7] : memref<128xi32, #gpu.address_space<workgroup>>
        %w7 = arith.addi %v7, %k7 : i32
        memref.store %w7, %buf[%p7] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i8 = %c0 to %c2 step %c1 {
        %o8 = arith.muli %i8, %c64 : index
        %p8 = arith.addi %tid, %o8 : index
        %v8 = memref.load %buf[%p8] : memref<128xi32, #gpu.address_space<workgroup>>
        %w8 = arith.addi %v8, %k8 : i32
        memref.store %w8, %buf[%p8] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i9 = %c0 to %c2 step %c1 {
        %o9 = arith.muli %i9, %c64 : index
        %p9 = arith.addi %tid, %o9 : index
        %v9 = memref.load %buf[%p9] : memref<128xi32, #gpu.address_space<workgroup>>
        %w9 = arith.addi %v9, %k9 : i32
        memref.store %w9, %buf[%p9] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i10 = %c0 to %c2 step %c1 {
        %o10 = arith.muli %i10, %c64 : index
        %p10 = arith.addi %tid, %o10 : index
        %v10 = memref.load %buf[%p10] : memref<128xi32, #gpu.address_space<workgroup>>
        %w10 = arith.addi %v10, %k10 : i32
        memref.store %w10, %buf[%p10] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i11 = %c0 to %c2 step %c1 {
        %o11 = arith.muli %i11, %c64 : index
        %p11 = arith.addi %tid, %o11 : index
        %v11 = memref.load %buf[%p11] : memref<128xi32, #gpu.address_space<workgroup>>
        %w11 = arith.addi %v11, %k11 : i32
        memref.store %w11, %buf[%p11] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i12 = %c0 to %c2 step %c1 {
        %o12 = arith.muli %i12, %c64 : index
        %p12 = arith.addi %tid, %o12 : index
        %v12 = memref.load %buf[%p12] : memref<128xi32, #gpu.address_space<workgroup>>
        %w12 = arith.addi %v12, %k12 : i32
        memref.store %w12, %buf[%p12] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i13 = %c0 to %c2 step %c1 {
        %o13 = arith.muli %i13, %c64 : index
        %p13 = arith.addi %tid, %o13 : index
        %v13 = memref.load %buf[%p13] : memref<128xi32, #gpu.address_space<workgroup>>
        %w13 = arith.addi %v13, %k13 : i32
        memref.store %w13, %buf[%p13] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i14 = %c0 to %c2 step %c1 {
        %o14 = arith.muli %i14, %c64 : index
        %p14 = arith.addi %tid, %o14 : index
        %v14 = memref.load %buf[%p14] : memref<128xi32, #gpu.address_space<workgroup>>
        %w14 = arith.addi %v14, %k14 : i32
        memref.store %w14, %buf[%p14] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i15 = %c0 to %c2 step %c1 {
        %o15 = arith.muli %i15, %c64 : index
        %p15 = arith.addi %tid, %o15 : index
        %v15 = memref.load %buf[%p15] : memref<128xi32, #gpu.address_space<workgroup>>
        %w15 = arith.addi %v15, %k15 : i32
        memref.store %w15, %buf[%p15] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %i16 = %c0 to %c2 step %c1 {
        %o16 = arith.muli %i16, %c64 : index
        %p16 = arith.addi %tid, %o16 : index
        %v16 = memref.load %buf[%p16] : memref<128xi32, #gpu.address_space<workgroup>>
        %w16 = arith.addi %v16, %k16 : i32
        memref.store %w16, %buf[%p16] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      scf.for %j = %c0 to %c2 step %c1 {
        %o = arith.muli %j, %c64 : index
        %p = arith.addi %tid, %o : index
        %g = arith.addi %base, %p : index
        %y = memref.load %buf[%p] : memref<128xi32, #gpu.address_space<workgroup>>
        memref.store %y, %out[%g] : memref<256xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %h = memref.alloc() : memref<256xi32>
    scf.for %i = %c0 to %c256 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<256xi32>
    }
    %in = gpu.alloc () : memref<256xi32>
    %out = gpu.alloc () : memref<256xi32>
    gpu.memcpy %in, %h : memref<256xi32>, memref<256xi32>
    gpu.launch_func @kernels::@steps blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%in : memref<256xi32>, %out : memref<256xi32>)
    gpu.memcpy %h, %out : memref<256xi32>, memref<256xi32>
    // Elements 0, 1, 63, 64, 127, 128 and 255: 153 more than their index.
    %picks = memref.alloc() : memref<7xi32>
    %positions = arith.constant dense<[0, 1, 63, 64, 127, 128, 255]> : vector<7xindex>
    %c7 = arith.constant 7 : index
    scf.for %q = %c0 to %c7 step %c1 {
      %at = vector.extract %positions[%q] : index from vector<7xindex>
      %v = memref.load %h[%at] : memref<256xi32>
      memref.store %v, %picks[%q] : memref<7xi32>
    }
    %u = memref.cast %picks : memref<7xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: [153,  154,  216,  217,  280,  281,  408]
