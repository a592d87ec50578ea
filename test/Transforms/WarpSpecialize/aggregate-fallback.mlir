// RUN: wc-opt %s --wc-specialize=aggregate-consumers=1 -verify-diagnostics | FileCheck %s

// A tile loop whose consumer part would need too many registers as a warp
// job: four 64-bit values and a 64-bit accumulator per thread of a
// 512-thread block, live across the loop's barriers, kept for 16 virtual
// threads per lane (about 192 registers, over the half of the 255 per
// thread that aggregation allows).
// The consumers stay the block's own 16 warps, and the remark says why.
// CHECK-LABEL: gpu.func @wide_state
// CHECK-SAME: known_block_size = array<i32: 544, 1, 1>
// CHECK: wc.warp_specialize warps [16, 1]
// CHECK-NOT: wc.warp_job
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: 16 consumer warps and 1 producer warp over a 2-stage ring of 1 tile buffer (4096 bytes of shared memory); consumers not aggregated: the values kept per virtual thread across barriers need about 192 registers per lane, over the budget of 127}}
    gpu.func @wide_state(%in: memref<?xi32>, %state: memref<2048xi64>,
                         %out: memref<512xi64>, %n: index)
        workgroup(%buf: memref<512xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c512 = arith.constant 512 : index
      %c1024 = arith.constant 1024 : index
      %c1536 = arith.constant 1536 : index
      %zero = arith.constant 0 : i64
      %t = gpu.thread_id x
      %i1 = arith.addi %t, %c512 : index
      %i2 = arith.addi %t, %c1024 : index
      %i3 = arith.addi %t, %c1536 : index
      %s0 = memref.load %state[%t] : memref<2048xi64>
      %s1 = memref.load %state[%i1] : memref<2048xi64>
      %s2 = memref.load %state[%i2] : memref<2048xi64>
      %s3 = memref.load %state[%i3] : memref<2048xi64>
      %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
        %base = arith.muli %i, %c512 : index
        %g = arith.addi %base, %t : index
        %v = memref.load %in[%g] : memref<?xi32>
        memref.store %v, %buf[%t] : memref<512xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t] : memref<512xi32, #gpu.address_space<workgroup>>
        %x = arith.extsi %w : i32 to i64
        %a = arith.muli %x, %s0 : i64
        %b = arith.xori %a, %s1 : i64
        %c = arith.addi %b, %s2 : i64
        %d = arith.xori %c, %s3 : i64
        %next = arith.addi %acc, %d : i64
        gpu.barrier
        scf.yield %next : i64
      }
      memref.store %sum, %out[%t] : memref<512xi64>
      gpu.return
    }
  }
}
