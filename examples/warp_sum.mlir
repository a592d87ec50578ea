// Warp sums with gpu.subgroup_reduce, which upstream MLIR 22 cannot lower
// to NVVM: every warp of a 128-thread block reduces its 32 values and lane
// 0 writes the warp's sum and maximum.
module attributes {gpu.container_module} {
  gpu.module @warp_sum {
    gpu.func @warp_sums(%in: memref<?xi32>, %sums: memref<?xi32>, %maxes: memref<?xf32>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c128 = arith.constant 128 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c128 : index
      %gid = arith.addi %base, %tid : index
      %x = memref.load %in[%gid] : memref<?xi32>
      %sum = gpu.subgroup_reduce add %x : (i32) -> i32
      %f = arith.sitofp %x : i32 to f32
      %max = gpu.subgroup_reduce maxnumf %f : (f32) -> f32
      %warp = gpu.subgroup_id : index
      %lane = gpu.lane_id
      %leader = arith.cmpi eq, %lane, %c0 : index
      scf.if %leader {
        %w0 = arith.muli %bid, %c4 : index
        %w = arith.addi %w0, %warp : index
        memref.store %sum, %sums[%w] : memref<?xi32>
        memref.store %max, %maxes[%w] : memref<?xf32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)

  // 2 blocks of 4 warps over 256 inputs, input i = (i * 5) mod 13 - 6.
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c13 = arith.constant 13 : index
    %c6_i32 = arith.constant 6 : i32
    %c128 = arith.constant 128 : index
    %n = arith.constant 256 : index
    %h_in = memref.alloc(%n) : memref<?xi32>
    %h_sums = memref.alloc(%c8) : memref<?xi32>
    %h_maxes = memref.alloc(%c8) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %m = arith.muli %i, %c5 : index
      %r = arith.remui %m, %c13 : index
      %ri = arith.index_cast %r : index to i32
      %v = arith.subi %ri, %c6_i32 : i32
      memref.store %v, %h_in[%i] : memref<?xi32>
    }
    %d_in = gpu.alloc (%n) : memref<?xi32>
    %d_sums = gpu.alloc (%c8) : memref<?xi32>
    %d_maxes = gpu.alloc (%c8) : memref<?xf32>
    gpu.memcpy %d_in, %h_in : memref<?xi32>, memref<?xi32>
    gpu.launch_func @warp_sum::@warp_sums
        blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%d_in : memref<?xi32>, %d_sums : memref<?xi32>, %d_maxes : memref<?xf32>)
    gpu.memcpy %h_sums, %d_sums : memref<?xi32>, memref<?xi32>
    gpu.memcpy %h_maxes, %d_maxes : memref<?xf32>, memref<?xf32>
    %us = memref.cast %h_sums : memref<?xi32> to memref<*xi32>
    %um = memref.cast %h_maxes : memref<?xf32> to memref<*xf32>
    call @printMemrefI32(%us) : (memref<*xi32>) -> ()
    call @printMemrefF32(%um) : (memref<*xf32>) -> ()
    gpu.dealloc %d_in : memref<?xi32>
    gpu.dealloc %d_sums : memref<?xi32>
    gpu.dealloc %d_maxes : memref<?xf32>
    memref.dealloc %h_in : memref<?xi32>
    memref.dealloc %h_sums : memref<?xi32>
    memref.dealloc %h_maxes : memref<?xf32>
    return
  }
}
