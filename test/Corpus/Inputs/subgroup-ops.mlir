// Corpus input: subgroup ops on several types: gpu.subgroup_reduce on f16,
// i64, vectors and with cluster sizes and strides (uniform and not),
// gpu.shuffle with a width below 32 and a dynamic offset, gpu.rotate and
// gpu.subgroup_broadcast, in a kernel without and one with known sizes.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @types(%out: memref<128xf32>, %outi: memref<128xi64>, %offset: i32) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      %h = arith.truncf %f : f32 to f16
      %hs = gpu.subgroup_reduce add %h cluster(size = 16) : (f16) -> f16
      %l = arith.extsi %ti : i32 to i64
      %ls = gpu.subgroup_reduce mul %l uniform cluster(size = 2, stride = 16) : (i64) -> i64
      %v = vector.broadcast %f : f32 to vector<2xf32>
      %vs = gpu.subgroup_reduce maximumf %v : (vector<2xf32>) -> vector<2xf32>
      %v0 = vector.extract %vs[0] : f32 from vector<2xf32>
      %c8 = arith.constant 8 : i32
      %sh, %ok = gpu.shuffle xor %f, %offset, %c8 : f32
      %rot, %rok = gpu.rotate %f, 1, 32 : f32
      %bc = gpu.subgroup_broadcast %f, first_active_lane : f32
      %three = arith.constant 3 : i32
      %bs = gpu.subgroup_broadcast %f, specific_lane %three : f32
      %hsf = arith.extf %hs : f16 to f32
      %a0 = arith.addf %hsf, %v0 : f32
      %a1 = arith.addf %a0, %sh : f32
      %a2 = arith.addf %a1, %rot : f32
      %a3 = arith.addf %a2, %bc : f32
      %a4 = arith.addf %a3, %bs : f32
      memref.store %a4, %out[%t] : memref<128xf32>
      memref.store %ls, %outi[%t] : memref<128xi64>
      gpu.return
    }

    gpu.func @known(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>,
                                                              known_grid_size = array<i32: 1, 1, 1>} {
      %t = gpu.thread_id x
      %lane = gpu.lane_id
      %sg = gpu.subgroup_id : index
      %ti = arith.index_cast %t : index to i32
      %r = gpu.subgroup_reduce minui %ti cluster(size = 32) : (i32) -> i32
      %q = gpu.subgroup_reduce and %ti uniform : (i32) -> i32
      %li = arith.index_cast %lane : index to i32
      %sgi = arith.index_cast %sg : index to i32
      %s0 = arith.addi %r, %q : i32
      %s1 = arith.addi %s0, %li : i32
      %s2 = arith.addi %s1, %sgi : i32
      memref.store %s2, %out[%t] : memref<64xi32>
      gpu.return
    }
  }
}
