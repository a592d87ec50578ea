// Corpus input (a program): a 3-D block (4 x 4 x 2 threads) on a 2-D grid
// (2 x 3 blocks); each thread computes linear ids from the ids and dims of
// all three dimensions, then swaps x and y through workgroup memory.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ids3d(%out: memref<6x32xi32>)
        workgroup(%tile: memref<2x4x4xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 4, 4, 2>,
                           known_grid_size = array<i32: 2, 3, 1>} {
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %tz = gpu.thread_id z
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %nx = gpu.block_dim x
      %ny = gpu.block_dim y
      %gx = gpu.grid_dim x
      %zy = arith.muli %tz, %ny : index
      %zyy = arith.addi %zy, %ty : index
      %row = arith.muli %zyy, %nx : index
      %lin = arith.addi %row, %tx : index
      %brow = arith.muli %by, %gx : index
      %blin = arith.addi %brow, %bx : index
      %bl = arith.index_cast %blin : index to i32
      %li = arith.index_cast %lin : index to i32
      %c100 = arith.constant 100 : i32
      %v0 = arith.muli %bl, %c100 : i32
      %v = arith.addi %v0, %li : i32
      memref.store %v, %tile[%tz, %ty, %tx] : memref<2x4x4xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%tz, %tx, %ty] : memref<2x4x4xi32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%blin, %lin] : memref<6x32xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %h = memref.alloc() : memref<6x32xi32>
    %d = gpu.alloc () : memref<6x32xi32>
    gpu.launch_func @kernels::@ids3d blocks in (%c2, %c3, %c1) threads in (%c4, %c4, %c2)
        args(%d : memref<6x32xi32>)
    gpu.memcpy %h, %d : memref<6x32xi32>, memref<6x32xi32>
    %u = memref.cast %h : memref<6x32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
