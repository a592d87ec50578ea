// Corpus input (a program): a kernel written partly in the nvvm dialect,
// as front ends that target NVIDIA GPUs directly emit it: special
// registers for the ids, nvvm.barrier0 and nvvm.shfl.sync.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @nvvm_direct(%out: memref<64xi32>)
        workgroup(%sh: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %ntid = nvvm.read.ptx.sreg.ntid.x : i32
      %lane = nvvm.read.ptx.sreg.laneid : i32
      %t = arith.index_cast %tid : i32 to index
      %sq = arith.muli %tid, %tid : i32
      memref.store %sq, %sh[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      nvvm.barrier0
      %one = arith.constant 1 : i32
      %last = arith.subi %ntid, %one : i32
      %m = arith.subi %last, %tid : i32
      %mi = arith.index_cast %m : i32 to index
      %v = memref.load %sh[%mi] : memref<64xi32, #gpu.address_space<workgroup>>
      %mask = arith.constant -1 : i32
      %c2 = arith.constant 2 : i32
      %clamp = arith.constant 31 : i32
      %x = nvvm.shfl.sync bfly %mask, %v, %c2, %clamp : i32 -> i32
      %k = arith.constant 100000 : i32
      %l = arith.muli %lane, %k : i32
      %r = arith.addi %x, %l : i32
      memref.store %r, %out[%t] : memref<64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %h = memref.alloc() : memref<64xi32>
    %d = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@nvvm_direct blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<64xi32>)
    gpu.memcpy %h, %d : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
