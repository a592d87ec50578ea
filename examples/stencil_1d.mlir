// 1-D three-point stencil: each 128-thread block stages its 128 points plus
// a halo of one point on each side in workgroup memory, synchronises, and
// averages every point with its two neighbours.
module attributes {gpu.container_module} {
  gpu.module @stencil_1d {
    gpu.func @stencil(%in: memref<?xf32>, %out: memref<?xf32>, %n: index)
        workgroup(%tile: memref<130xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c127 = arith.constant 127 : index
      %c128 = arith.constant 128 : index
      %c129 = arith.constant 129 : index
      %third = arith.constant 0.333333343 : f32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c128 : index
      %gid = arith.addi %base, %tid : index
      %last = arith.subi %n, %c1 : index
      // Own point at tile[tid + 1].
      %x = memref.load %in[%gid] : memref<?xf32>
      %slot = arith.addi %tid, %c1 : index
      memref.store %x, %tile[%slot] : memref<130xf32, #gpu.address_space<workgroup>>
      // Thread 0 loads the left halo, thread 127 the right one (clamped).
      %isFirst = arith.cmpi eq, %tid, %c0 : index
      scf.if %isFirst {
        %left = arith.subi %gid, %c1 : index
        %edge = arith.cmpi eq, %gid, %c0 : index
        %li = arith.select %edge, %c0, %left : index
        %l = memref.load %in[%li] : memref<?xf32>
        memref.store %l, %tile[%c0] : memref<130xf32, #gpu.address_space<workgroup>>
      }
      %isLast = arith.cmpi eq, %tid, %c127 : index
      scf.if %isLast {
        %right = arith.addi %gid, %c1 : index
        %over = arith.cmpi ugt, %right, %last : index
        %ri = arith.select %over, %last, %right : index
        %r = memref.load %in[%ri] : memref<?xf32>
        memref.store %r, %tile[%c129] : memref<130xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %a = memref.load %tile[%tid] : memref<130xf32, #gpu.address_space<workgroup>>
      %b = memref.load %tile[%slot] : memref<130xf32, #gpu.address_space<workgroup>>
      %next = arith.addi %tid, %c1 : index
      %next2 = arith.addi %next, %c1 : index
      %c = memref.load %tile[%next2] : memref<130xf32, #gpu.address_space<workgroup>>
      %ab = arith.addf %a, %b : f32
      %abc = arith.addf %ab, %c : f32
      %avg = arith.mulf %abc, %third : f32
      memref.store %avg, %out[%gid] : memref<?xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  // 4 blocks over 512 points, input i = (i * 3) mod 11.
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c11 = arith.constant 11 : index
    %c128 = arith.constant 128 : index
    %n = arith.constant 512 : index
    %h_in = memref.alloc(%n) : memref<?xf32>
    %h_out = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %m = arith.muli %i, %c3 : index
      %r = arith.remui %m, %c11 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f32
      memref.store %f, %h_in[%i] : memref<?xf32>
    }
    %d_in = gpu.alloc (%n) : memref<?xf32>
    %d_out = gpu.alloc (%n) : memref<?xf32>
    gpu.memcpy %d_in, %h_in : memref<?xf32>, memref<?xf32>
    gpu.launch_func @stencil_1d::@stencil
        blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%d_in : memref<?xf32>, %d_out : memref<?xf32>, %n : index)
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
