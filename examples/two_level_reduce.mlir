// Two-level block reduction (the usual CUDA idiom): each warp of a
// 256-thread block reduces its values with gpu.subgroup_reduce, lane 0 of
// each warp stores the warp's sum in workgroup memory, and after a barrier
// thread 0 adds the 8 warp sums. wc-aggregate keeps the warps' meaning:
// virtual thread v of a lane is thread 32 v + lane, so original warp v is
// virtual thread v of every lane, and each warp reduction becomes one
// wc.reduce per virtual thread.
module attributes {gpu.container_module} {
  gpu.module @two_level_reduce {
    gpu.func @block_sum(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%warpSums: memref<8xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0 : i32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c256 : index
      %gid = arith.addi %base, %tid : index
      %x = memref.load %in[%gid] : memref<?xi32>
      %warpSum = gpu.subgroup_reduce add %x : (i32) -> i32
      %lane = gpu.lane_id
      %warp = gpu.subgroup_id : index
      %isLeader = arith.cmpi eq, %lane, %c0 : index
      scf.if %isLeader {
        memref.store %warpSum, %warpSums[%warp] : memref<8xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %isFirst = arith.cmpi eq, %tid, %c0 : index
      scf.if %isFirst {
        %total = scf.for %w = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
          %s = memref.load %warpSums[%w] : memref<8xi32, #gpu.address_space<workgroup>>
          %n = arith.addi %acc, %s : i32
          scf.yield %n : i32
        }
        memref.store %total, %out[%bid] : memref<?xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  // 4 blocks over 1024 inputs, input i = i mod 9: prints the 4 block sums.
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c9 = arith.constant 9 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 1024 : index
    %h_in = memref.alloc(%n) : memref<?xi32>
    %h_out = memref.alloc(%c4) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c9 : index
      %v = arith.index_cast %r : index to i32
      memref.store %v, %h_in[%i] : memref<?xi32>
    }
    %d_in = gpu.alloc (%n) : memref<?xi32>
    %d_out = gpu.alloc (%c4) : memref<?xi32>
    gpu.memcpy %d_in, %h_in : memref<?xi32>, memref<?xi32>
    gpu.launch_func @two_level_reduce::@block_sum
        blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%d_in : memref<?xi32>, %d_out : memref<?xi32>)
    gpu.memcpy %h_out, %d_out : memref<?xi32>, memref<?xi32>
    %u = memref.cast %h_out : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %d_in : memref<?xi32>
    gpu.dealloc %d_out : memref<?xi32>
    memref.dealloc %h_in : memref<?xi32>
    memref.dealloc %h_out : memref<?xi32>
    return
  }
}
