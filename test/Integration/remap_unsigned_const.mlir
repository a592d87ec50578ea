// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// A constant loop compared unsigned, from 0 to 2^63 + 1 step 2^62: three
// trips, read signed as none. wc-remap must not unroll it (before, it
// unrolled it into nothing).
// REMARKS-NOT: were unrolled, but
// REMARKS: wc-remap: workgroup buffer 0 {{.*}} stays in shared memory
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%in: memref<64xi32>, %out: memref<64xi32>) workgroup(%buf: memref<128xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %z = arith.constant 0 : i32
      %i0 = arith.constant 0 : i32
      %i1 = arith.constant 1 : i32
      %i2 = arith.constant 2 : i32
      %i4 = arith.constant 4 : i32
      %i32 = arith.constant 32 : i32
      %i64 = arith.constant 64 : i32
      %tid = gpu.thread_id x
      %tid32 = arith.index_cast %tid : index to i32
      %x = memref.load %in[%tid] : memref<64xi32>
      %t64 = arith.addi %tid, %c64 : index
      memref.store %x, %buf[%tid] : memref<128xi32, #gpu.address_space<workgroup>>
      %x3 = arith.muli %x, %x : i32
      memref.store %x3, %buf[%t64] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %cm1 = arith.constant -1 : index
      %big = arith.constant 4611686018427387904 : index
      %c62 = arith.constant 62 : index
      %ubig = arith.constant -9223372036854775807 : index
      %r0 = scf.for unsigned %k = %c0 to %ubig step %big iter_args(%acc = %z) -> (i32) {
        %kq = arith.shrui %k, %c62 : index
        %kk = arith.andi %kq, %c1 : index
        %o = arith.muli %kk, %c32 : index
        %j = arith.addi %tid, %o : index
        %v = memref.load %buf[%j] : memref<128xi32, #gpu.address_space<workgroup>>
        %n = arith.addi %acc, %v : i32
        scf.yield %n : i32
      }
      %r1 = scf.for unsigned %k = %cm1 to %c2 step %c1 iter_args(%acc = %r0) -> (i32) {
        %o = arith.muli %k, %c32 : index
        %j = arith.addi %tid, %o : index
        %v = memref.load %buf[%j] : memref<128xi32, #gpu.address_space<workgroup>>
        %n = arith.muli %acc, %v : i32
        scf.yield %n : i32
      }
      memref.store %r1, %out[%tid] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c7 = arith.constant 7 : i32
    %h_in = memref.alloc() : memref<64xi32>
    %h_out = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      %w = arith.muli %v, %v : i32
      %u = arith.remui %w, %c7 : i32
      %q = arith.addi %u, %v : i32
      memref.store %q, %h_in[%i] : memref<64xi32>
    }
    %d_in = gpu.alloc () : memref<64xi32>
    %d_out = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d_in, %h_in : memref<64xi32>, memref<64xi32>
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%d_in : memref<64xi32>, %d_out : memref<64xi32>)
    gpu.memcpy %h_out, %d_out : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h_out : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [64] strides = [1] data =
// CHECK-NEXT: [34,  41,  47,  45,  49,  59,  54,  55,  62,  68,  66,  70,  80,  75,  76,  83,  89,  87,  91,  101,  96,  97,  104,  110,  108,  112,  122,  117,  118,  125,  131,  129,  68,  78,  106,  95,  110,  163,  129,  131,  169,  253,  228,  257,  352,  290,  292,  358,  498,  459,  502,  639,  549,  551,  645,  841,  788,  845,  1024,  906,  908,  1030,  1282,  1215]
