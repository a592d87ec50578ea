// Block reduction: each 256-thread block sums its 256 inputs with a tree in
// workgroup memory, a barrier after every level (barriers in a uniform
// loop), and thread 0 writes the block's sum.
module attributes {gpu.container_module} {
  gpu.module @block_reduce {
    gpu.func @block_sum(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tree: memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c256 : index
      %gid = arith.addi %base, %tid : index
      %x = memref.load %in[%gid] : memref<?xf32>
      memref.store %x, %tree[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %stride = arith.shrui %c128, %level : index
        %active = arith.cmpi ult, %tid, %stride : index
        scf.if %active {
          %partner = arith.addi %tid, %stride : index
          %a = memref.load %tree[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %tree[%partner] : memref<256xf32, #gpu.address_space<workgroup>>
          %s = arith.addf %a, %b : f32
          memref.store %s, %tree[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %sum = memref.load %tree[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %sum, %out[%bid] : memref<?xf32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  // 8 blocks of 256 inputs, input i = i mod 7: prints the 8 block sums.
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 2048 : index
    %h_in = memref.alloc(%n) : memref<?xf32>
    %h_out = memref.alloc(%c8) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c7 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %h_in[%i] : memref<?xf32>
    }
    %d_in = gpu.alloc (%n) : memref<?xf32>
    %d_out = gpu.alloc (%c8) : memref<?xf32>
    gpu.memcpy %d_in, %h_in : memref<?xf32>, memref<?xf32>
    gpu.launch_func @block_reduce::@block_sum
        blocks in (%c8, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%d_in : memref<?xf32>, %d_out : memref<?xf32>)
    gpu.memcpy %h_out, %d_out : memref<?xf32>, memref<?xf32>
    %u = memref.cast %h_out : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.dealloc %d_in : memref<?xf32>
    gpu.dealloc %d_out : memref<?xf32>
    memref.dealloc %h_in : memref<?xf32>
    memref.dealloc %h_out : memref<?xf32>
    return
  }
}
