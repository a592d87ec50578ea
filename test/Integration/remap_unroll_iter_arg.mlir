// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// An index that is an iteration value of a constant loop (stepped by 2):
// a constant only once the loop is unrolled and folded.
// wc-remap decides to unroll on the kernel as it stands, each access with
// every iteration substituted; the buffer becomes a lane array, and the
// program computes the same before and after.
// REMARKS-NOT: were unrolled, but
// REMARKS: remark: wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<64 x i32>'
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @weights(%in: memref<128xi32>, %out: memref<128xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c64 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<128xi32>
      memref.store %x, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %own = memref.load %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      %c2 = arith.constant 2 : index
      %sum, %last = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %own, %off = %c1) -> (i32, index) {
        %v = memref.load %buf[%k] : memref<64xi32, #gpu.address_space<workgroup>>
        %w = memref.load %buf[%off] : memref<64xi32, #gpu.address_space<workgroup>>
        %p = arith.muli %v, %w : i32
        %next = arith.addi %acc, %p : i32
        %off2 = arith.addi %off, %c2 : index
        scf.yield %next, %off2 : i32, index
      }
      memref.store %sum, %out[%gid] : memref<128xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c500 = arith.constant 500 : index
    %c1009 = arith.constant 1009 : index
    %c7919 = arith.constant 7919 : index
    %c13 = arith.constant 13 : index
    %h_in = memref.alloc() : memref<128xi32>
    %h_out = memref.alloc() : memref<128xi32>
    scf.for %i = %c0 to %c128 step %c1 {
      %a = arith.muli %i, %c7919 : index
      %b = arith.addi %a, %c13 : index
      %m = arith.muli %b, %i : index
      %r = arith.remui %m, %c1009 : index
      %ri = arith.index_cast %r : index to i32
      %c500_i32 = arith.constant 500 : i32
      %v = arith.subi %ri, %c500_i32 : i32
      memref.store %v, %h_in[%i] : memref<128xi32>
    }
    %d_in = gpu.alloc () : memref<128xi32>
    %d_out = gpu.alloc () : memref<128xi32>
    gpu.memcpy %d_in, %h_in : memref<128xi32>, memref<128xi32>
    gpu.launch_func @kernels::@weights blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_in : memref<128xi32>, %d_out : memref<128xi32>)
    gpu.memcpy %h_out, %d_out : memref<128xi32>, memref<128xi32>
    %u = memref.cast %h_out : memref<128xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [128] strides = [1] data =
// CHECK-NEXT: [-71452,  -70583,  -71029,  -70772,  -70821,  -71176,  -70828,  -70786,  -71050,  -70611,  -70478,  -70651,  -71130,  -70906,  -70988,  -71376,  -71061,  -71052,  -71349,  -70943,  -70843,  -71049,  -70552,  -71370,  -70476,  -70897,  -70615,  -70639,  -70969,  -70596,  -70529,  -70768,  -71313,  -71155,  -71303,  -70748,  -70499,  -70556,  -70919,  -70579,  -70545,  -70817,  -71395,  -71270,  -71451,  -70929,  -70713,  -70803,  -71199,  -70892,  -70891,  -71196,  -70798,  -70706,  -70920,  -71440,  -71257,  -71380,  -70800,  -70526,  -70558,  -70896,  -70531,  -70472,  -57023,  -57576,  -57426,  -57582,  -57035,  -56794,  -56859,  -57230,  -56898,  -56872,  -57152,  -57738,  -57621,  -56801,  -57296,  -57088,  -57186,  -57590,  -57291,  -57298,  -57611,  -57221,  -57137,  -57359,  -56878,  -57712,  -56834,  -57271,  -57005,  -57045,  -57391,  -57034,  -56983,  -57238,  -56790,  -57657,  -56812,  -57282,  -57049,  -57122,  -57501,  -57177,  -57159,  -57447,  -57032,  -56923,  -57120,  -57623,  -57423,  -57529,  -56932,  -57650,  -57665,  -56977,  -57604,  -57528,  -56749,  -57285,  -57118,  -57257,  -57702,  -57444,  -57492,  -56837]
