// Corpus input: thread-block clusters: a kernel reading gpu.cluster_id,
// gpu.cluster_dim, gpu.cluster_dim_blocks and gpu.cluster_block_id
// launched with `clusters in`, and an inline gpu.launch with clusters.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @where(%out: memref<16x5xindex>) kernel attributes {known_cluster_size = array<i32: 2, 1, 1>} {
      %cx = gpu.cluster_id x
      %cd = gpu.cluster_dim x
      %cb = gpu.cluster_dim_blocks x
      %bi = gpu.cluster_block_id x
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %k0 = arith.constant 0 : index
        %k1 = arith.constant 1 : index
        %k2 = arith.constant 2 : index
        %k3 = arith.constant 3 : index
        %k4 = arith.constant 4 : index
        memref.store %cx, %out[%b, %k0] : memref<16x5xindex>
        memref.store %cd, %out[%b, %k1] : memref<16x5xindex>
        memref.store %cb, %out[%b, %k2] : memref<16x5xindex>
        memref.store %bi, %out[%b, %k3] : memref<16x5xindex>
        memref.store %b, %out[%b, %k4] : memref<16x5xindex>
      }
      gpu.barrier
      gpu.return
    }
  }

  func.func @host(%out: memref<16x5xindex>, %flat: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@where clusters in (%c2, %c1, %c1) blocks in (%c16, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%out : memref<16x5xindex>)
    gpu.launch clusters(%cx, %cy, %cz) in (%ncx = %c2, %ncy = %c1, %ncz = %c1)
               blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %o = arith.muli %bx, %c32 : index
      %i = arith.addi %o, %tx : index
      %r = gpu.cluster_block_id x
      %ri = arith.index_cast %r : index to i32
      memref.store %ri, %flat[%i] : memref<64xi32>
      gpu.terminator
    }
    return
  }
}
