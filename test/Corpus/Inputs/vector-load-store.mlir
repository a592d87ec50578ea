// Corpus input: vector memory ops in kernels: vector.load / vector.store on
// global and workgroup memory with a barrier between, element-wise vector
// arithmetic, vector.reduction, vector.broadcast, maskedload/maskedstore
// and a column of a 2-D memref read with transfer_read and a
// permutation map.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vec4(%in: memref<1024xf32>, %out: memref<1024xf32>, %sums: memref<256xf32>)
        workgroup(%sh: memref<1024xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c4 = arith.constant 4 : index
      %c1020 = arith.constant 1020 : index
      %t = gpu.thread_id x
      %i = arith.muli %t, %c4 : index
      %v = vector.load %in[%i] : memref<1024xf32>, vector<4xf32>
      %k = arith.constant 3.0 : f32
      %kv = vector.broadcast %k : f32 to vector<4xf32>
      %w = arith.mulf %v, %kv : vector<4xf32>
      vector.store %w, %sh[%i] : memref<1024xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      gpu.barrier
      %r = arith.subi %c1020, %i : index
      %x = vector.load %sh[%r] : memref<1024xf32, #gpu.address_space<workgroup>>, vector<4xf32>
      %s = vector.reduction <add>, %x : vector<4xf32> into f32
      memref.store %s, %sums[%t] : memref<256xf32>
      %c2 = arith.constant 2 : index
      %m = vector.create_mask %c2 : vector<4xi1>
      %pass = arith.constant dense<0.0> : vector<4xf32>
      %y = vector.maskedload %in[%i], %m, %pass : memref<1024xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      %z = arith.addf %x, %y : vector<4xf32>
      vector.maskedstore %out[%i], %m, %z : memref<1024xf32>, vector<4xi1>, vector<4xf32>
      gpu.return
    }

    gpu.func @transposed(%in: memref<32x32xf32>, %out: memref<32x32xf32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %pad = arith.constant 0.0 : f32
      %col = vector.transfer_read %in[%c0, %t], %pad
          {permutation_map = affine_map<(d0, d1) -> (d0)>}
          : memref<32x32xf32>, vector<32xf32>
      vector.transfer_write %col, %out[%t, %c0] : vector<32xf32>, memref<32x32xf32>
      gpu.return
    }
  }
}
