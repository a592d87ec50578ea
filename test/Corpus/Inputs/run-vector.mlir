// Corpus input (a program): 1-D vector transfers in a kernel: each thread
// reads four floats with vector.transfer_read (the last threads read past
// the end and get the padding), takes them apart and scales them, and writes a vector with
// vector.transfer_write under a mask from vector.create_mask; then the
// block exchanges one lane of each vector through workgroup memory.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @quads(%in: memref<48xf32>, %out: memref<16x4xf32>)
        workgroup(%sh: memref<16xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c15 = arith.constant 15 : index
      %base = arith.muli %t, %c3 : index
      %pad = arith.constant -1.0 : f32
      %v = vector.transfer_read %in[%base], %pad : memref<48xf32>, vector<4xf32>
      %two = arith.constant 2.0 : f32
      %v0 = vector.extract %v[0] : f32 from vector<4xf32>
      %v1 = vector.extract %v[1] : f32 from vector<4xf32>
      %v2 = vector.extract %v[2] : f32 from vector<4xf32>
      %v3 = vector.extract %v[3] : f32 from vector<4xf32>
      %w1 = arith.mulf %v1, %two : f32
      %w2 = arith.mulf %v2, %two : f32
      %e = arith.mulf %v3, %two : f32
      memref.store %e, %sh[%t] : memref<16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r = arith.subi %c15, %t : index
      %o = memref.load %sh[%r] : memref<16xf32, #gpu.address_space<workgroup>>
      %x = vector.from_elements %o, %w1, %w2, %e : vector<4xf32>
      %cnt = arith.remui %t, %c4 : index
      %n = arith.addi %cnt, %c1 : index
      %mask = vector.create_mask %n : vector<4xi1>
      vector.transfer_write %x, %out[%t, %c0], %mask {in_bounds = [true]} : vector<4xf32>, memref<16x4xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c48 = arith.constant 48 : index
    %zero = arith.constant 0.0 : f32
    %hin = memref.alloc() : memref<48xf32>
    scf.for %i = %c0 to %c48 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %hin[%i] : memref<48xf32>
    }
    %hout = memref.alloc() : memref<16x4xf32>
    %din = gpu.alloc () : memref<48xf32>
    %dout = gpu.alloc () : memref<16x4xf32>
    gpu.memcpy %din, %hin : memref<48xf32>, memref<48xf32>
    gpu.memset %dout, %zero : memref<16x4xf32>, f32
    gpu.launch_func @kernels::@quads blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%din : memref<48xf32>, %dout : memref<16x4xf32>)
    gpu.memcpy %hout, %dout : memref<16x4xf32>, memref<16x4xf32>
    %u = memref.cast %hout : memref<16x4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
