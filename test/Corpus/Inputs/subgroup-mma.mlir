// Corpus input: warp-level matrix ops: a 16x16x16 f16 tile product with
// gpu.subgroup_mma_load_matrix from global and workgroup memory,
// gpu.subgroup_mma_constant_matrix, gpu.subgroup_mma_compute in a loop,
// gpu.subgroup_mma_elementwise and gpu.subgroup_mma_store_matrix; one
// warp per block, and a kernel with four warps that each own a tile.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tile(%a: memref<16x64xf16>, %b: memref<64x16xf16>, %c: memref<16x16xf16>)
        workgroup(%bs: memref<64x16xf16, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      scf.for %r = %t to %c64 step %c16 {
        scf.for %col = %c0 to %c16 step %c1 {
          %v = memref.load %b[%r, %col] : memref<64x16xf16>
          memref.store %v, %bs[%r, %col] : memref<64x16xf16, #gpu.address_space<workgroup>>
        }
      }
      gpu.barrier
      %zero = arith.constant 0.0 : f16
      %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf16, "COp">
      %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%cm = %init) -> (!gpu.mma_matrix<16x16xf16, "COp">) {
        %kk = arith.muli %k, %c16 : index
        %am = gpu.subgroup_mma_load_matrix %a[%c0, %kk] {leadDimension = 64 : index}
            : memref<16x64xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %bm = gpu.subgroup_mma_load_matrix %bs[%kk, %c0] {leadDimension = 16 : index}
            : memref<64x16xf16, #gpu.address_space<workgroup>> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %d = gpu.subgroup_mma_compute %am, %bm, %cm
            : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
        scf.yield %d : !gpu.mma_matrix<16x16xf16, "COp">
      }
      %two = arith.constant 2.0 : f16
      %twos = gpu.subgroup_mma_constant_matrix %two : !gpu.mma_matrix<16x16xf16, "COp">
      %scaled = gpu.subgroup_mma_elementwise mulf %acc, %twos
          : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
      gpu.subgroup_mma_store_matrix %scaled, %c[%c0, %c0] {leadDimension = 16 : index}
          : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16>
      gpu.return
    }

    gpu.func @four_tiles(%a: memref<64x16xf32>, %b: memref<16x16xf32>, %c: memref<64x16xf32>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %w = gpu.subgroup_id : index
      %row = arith.muli %w, %c16 : index
      %am = gpu.subgroup_mma_load_matrix %a[%row, %c0] {leadDimension = 16 : index}
          : memref<64x16xf32> -> !gpu.mma_matrix<16x8xf32, "AOp">
      %bm = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 16 : index}
          : memref<16x16xf32> -> !gpu.mma_matrix<8x16xf32, "BOp">
      %cm = gpu.subgroup_mma_load_matrix %c[%row, %c0] {leadDimension = 16 : index}
          : memref<64x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
      %d = gpu.subgroup_mma_compute %am, %bm, %cm
          : !gpu.mma_matrix<16x8xf32, "AOp">, !gpu.mma_matrix<8x16xf32, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      %e = gpu.subgroup_mma_elementwise maxf %d, %cm
          : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %e, %c[%row, %c0] {leadDimension = 16 : index}
          : !gpu.mma_matrix<16x16xf32, "COp">, memref<64x16xf32>
      gpu.return
    }
  }
}
