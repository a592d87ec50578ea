// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// A thread-strided loop compared unsigned, `for unsigned i = tid - 32 to 96
// step 64`: threads below 32 start past the bound (a huge unsigned value)
// and run no trip, the others two. wc-remap counts trips signed, so it
// must leave the loop alone (before, it gave every thread two trips).
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
      memref.store %z, %buf[%tid] : memref<128xi32, #gpu.address_space<workgroup>>
      memref.store %z, %buf[%t64] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c96 = arith.constant 96 : index
      %lo = arith.subi %tid, %c32 : index
      scf.for unsigned %i = %lo to %c96 step %c64 {
        %ii = arith.index_cast %i : index to i32
        %v = arith.addi %x, %ii : i32
        memref.store %v, %buf[%i] : memref<128xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %a = memref.load %buf[%tid] : memref<128xi32, #gpu.address_space<workgroup>>
      %b = memref.load %buf[%t64] : memref<128xi32, #gpu.address_space<workgroup>>
      %c1000 = arith.constant 1000 : i32
      %bm = arith.muli %b, %c1000 : i32
      %s = arith.addi %a, %bm : i32
      memref.store %s, %out[%tid] : memref<64xi32>
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
// CHECK-NEXT: [98034,  102038,  101037,  102038,  105041,  110046,  110046,  112048,  116052,  115051,  116052,  119055,  124060,  124060,  126062,  130066,  129065,  130066,  133069,  138074,  138074,  140076,  144080,  143079,  144080,  147083,  152088,  152088,  154090,  158094,  157093,  158094,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0]
