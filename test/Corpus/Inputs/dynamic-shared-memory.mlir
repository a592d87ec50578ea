// Corpus input: a kernel that gets its workgroup buffer from
// gpu.dynamic_shared_memory (a byte array sized by the launch's
// dynamic_shared_memory_size) and views it as f32 elements. A whole
// program, but not run: wc-sim does not simulate gpu.dynamic_shared_memory.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rotate(%data: memref<2x64xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c63 = arith.constant 63 : index
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %sh = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>>
          to memref<64xf32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %v = memref.load %data[%b, %t] : memref<2x64xf32>
      memref.store %v, %sh[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %r = arith.andi %n, %c63 : index
      %w = memref.load %sh[%r] : memref<64xf32, #gpu.address_space<workgroup>>
      %s = arith.subf %w, %v : f32
      memref.store %s, %data[%b, %t] : memref<2x64xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %bytes = arith.constant 256 : i32
    %h = memref.alloc() : memref<2x64xf32>
    scf.for %b = %c0 to %c2 step %c1 {
      scf.for %t = %c0 to %c64 step %c1 {
        %m = arith.muli %t, %t : index
        %s = arith.addi %m, %b : index
        %i = arith.index_cast %s : index to i32
        %f = arith.sitofp %i : i32 to f32
        memref.store %f, %h[%b, %t] : memref<2x64xf32>
      }
    }
    %d = gpu.alloc () : memref<2x64xf32>
    gpu.memcpy %d, %h : memref<2x64xf32>, memref<2x64xf32>
    gpu.launch_func @kernels::@rotate blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        dynamic_shared_memory_size %bytes args(%d : memref<2x64xf32>)
    gpu.memcpy %h, %d : memref<2x64xf32>, memref<2x64xf32>
    %u = memref.cast %h : memref<2x64xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
