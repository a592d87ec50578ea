// Two tile loops of 2 KB tiles each: doubling both would take the block's
// shared memory to 8 KB and fewer blocks per SM (32 -> 25); the second
// loop counts the first one's doubling (a review found both doubled).
// RUN: wc-opt %s --wc-aggregate --wc-async-copy -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: wc-async-copy: the next tile is not copied during this one: two of each tile (8192 bytes of shared memory) exceed the block's static shared memory or leave fewer warps resident
// CHECK: remark: wc-async-copy: 1 tile loops copy the next tile during this one
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%src: memref<4x32xi32>, %out: memref<32xi32>)
        workgroup(%a: memref<512xi32, #gpu.address_space<workgroup>>,
                  %b: memref<512xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c31 = arith.constant 31 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %s1 = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %src[%k, %tx] : memref<4x32xi32>
        memref.store %v, %a[%tx] : memref<512xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %rx = arith.subi %c31, %tx : index
        %w = memref.load %a[%rx] : memref<512xi32, #gpu.address_space<workgroup>>
        %n = arith.addi %acc, %w : i32
        gpu.barrier
        scf.yield %n : i32
      }
      gpu.barrier
      %s2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %s1) -> (i32) {
        %v = memref.load %src[%k, %tx] : memref<4x32xi32>
        memref.store %v, %b[%tx] : memref<512xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %rx = arith.subi %c31, %tx : index
        %w = memref.load %b[%rx] : memref<512xi32, #gpu.address_space<workgroup>>
        %n = arith.addi %acc, %w : i32
        gpu.barrier
        scf.yield %n : i32
      }
      memref.store %s2, %out[%tx] : memref<32xi32>
      gpu.return
    }
  }
}
