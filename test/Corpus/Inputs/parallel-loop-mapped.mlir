// corpus-pre: --convert-parallel-loops-to-gpu
// Corpus input: scf.parallel loops mapped to the GPU with
// #gpu.loop_dim_map, as tiling passes produce them: an outer loop over
// blocks and an inner loop over threads, a 2-D mapping, and a loop left
// sequential. The corpus check runs --convert-parallel-loops-to-gpu first
// (the `corpus-pre` line above), which turns them into gpu.launch ops.
module attributes {gpu.container_module} {
  func.func @tiled_add(%a: memref<1024xf32>, %b: memref<1024xf32>, %c: memref<1024xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %c1024 = arith.constant 1024 : index
    scf.parallel (%blk) = (%c0) to (%c1024) step (%c128) {
      scf.parallel (%th) = (%c0) to (%c128) step (%c1) {
        %i = arith.addi %blk, %th : index
        %x = memref.load %a[%i] : memref<1024xf32>
        %y = memref.load %b[%i] : memref<1024xf32>
        %s = arith.addf %x, %y : f32
        memref.store %s, %c[%i] : memref<1024xf32>
        scf.reduce
      } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
      scf.reduce
    } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    return
  }

  func.func @grid_2d(%m: memref<64x48xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    scf.parallel (%bi, %bj) = (%c0, %c0) to (%c64, %c48) step (%c16, %c16) {
      scf.parallel (%ti, %tj) = (%c0, %c0) to (%c16, %c16) step (%c1, %c1) {
        %i = arith.addi %bi, %ti : index
        %j = arith.addi %bj, %tj : index
        %s = arith.addi %i, %j : index
        %v = arith.index_cast %s : index to i32
        scf.for %k = %c0 to %c4 step %c1 {
          memref.store %v, %m[%i, %j] : memref<64x48xi32>
        }
        scf.reduce
      } {mapping = [#gpu.loop_dim_map<processor = thread_y, map = (d0) -> (d0), bound = (d0) -> (d0)>,
                    #gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
      scf.reduce
    } {mapping = [#gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0), bound = (d0) -> (d0)>,
                  #gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    return
  }

  func.func @partly_sequential(%m: memref<8x32xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    scf.parallel (%r, %t) = (%c0, %c0) to (%c8, %c32) step (%c1, %c1) {
      %v = memref.load %m[%r, %t] : memref<8x32xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %m[%r, %t] : memref<8x32xf32>
      scf.reduce
    } {mapping = [#gpu.loop_dim_map<processor = sequential, map = (d0) -> (d0), bound = (d0) -> (d0)>,
                  #gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    return
  }
}
