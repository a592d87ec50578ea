// Corpus input: a barrier in an scf.while whose condition is the same for
// every thread of the block (computed from a value every thread reads
// after a barrier), and nested uniform loops with barriers at two levels.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @halving(%data: memref<256xf32>)
        workgroup(%sh: memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %t = gpu.thread_id x
      %v = memref.load %data[%t] : memref<256xf32>
      memref.store %v, %sh[%t] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %final = scf.while (%s = %c128) : (index) -> index {
        %go = arith.cmpi ugt, %s, %c0 : index
        scf.condition(%go) %s : index
      } do {
      ^bb0(%stride: index):
        %active = arith.cmpi ult, %t, %stride : index
        scf.if %active {
          %p = arith.addi %t, %stride : index
          %a = memref.load %sh[%t] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %sh[%p] : memref<256xf32, #gpu.address_space<workgroup>>
          %s = arith.addf %a, %b : f32
          memref.store %s, %sh[%t] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %next = arith.shrui %stride, %c1 : index
        scf.yield %next : index
      }
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c4 step %c1 {
          %x = memref.load %sh[%t] : memref<256xf32, #gpu.address_space<workgroup>>
          gpu.barrier
          %one = arith.constant 1.0 : f32
          %y = arith.addf %x, %one : f32
          memref.store %y, %sh[%t] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %r = memref.load %sh[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %r, %data[%t] : memref<256xf32>
      gpu.return
    }
  }
}
