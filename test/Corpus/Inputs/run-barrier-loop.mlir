// Corpus input (a program): barriers at the top level of a kernel and
// inside a block-uniform scf.for: an inclusive prefix sum over a
// workgroup attribution, two blocks of 64 threads.
module attributes {gpu.container_module} {
  gpu.module @scan_mod {
    gpu.func @prefix_sum(%data: memref<2x64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c6 = arith.constant 6 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %x = memref.load %data[%b, %t] : memref<2x64xi32>
      memref.store %x, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %k = %c0 to %c6 step %c1 {
        %d = arith.shli %c1, %k : index
        %mine = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        %far = arith.cmpi uge, %t, %d : index
        %sum = scf.if %far -> (i32) {
          %p = arith.subi %t, %d : index
          %o = memref.load %buf[%p] : memref<64xi32, #gpu.address_space<workgroup>>
          %s = arith.addi %mine, %o : i32
          scf.yield %s : i32
        } else {
          scf.yield %mine : i32
        }
        gpu.barrier
        memref.store %sum, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
      }
      %r = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %r, %data[%b, %t] : memref<2x64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %h = memref.alloc() : memref<2x64xi32>
    scf.for %b = %c0 to %c2 step %c1 {
      scf.for %t = %c0 to %c64 step %c1 {
        %s = arith.addi %b, %t : index
        %v = arith.index_cast %s : index to i32
        memref.store %v, %h[%b, %t] : memref<2x64xi32>
      }
    }
    %d = gpu.alloc () : memref<2x64xi32>
    gpu.memcpy %d, %h : memref<2x64xi32>, memref<2x64xi32>
    gpu.launch_func @scan_mod::@prefix_sum blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<2x64xi32>)
    gpu.memcpy %h, %d : memref<2x64xi32>, memref<2x64xi32>
    %u = memref.cast %h : memref<2x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
