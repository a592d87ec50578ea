// Corpus input (a program): warp-level ops in a 64-thread block of two
// warps: gpu.shuffle in its four modes (full and half-warp widths),
// gpu.lane_id, gpu.subgroup_id, gpu.num_subgroups, gpu.subgroup_size and
// gpu.subgroup_reduce over whole warps and over clusters.
module attributes {gpu.container_module} {
  gpu.module @warp_ops {
    gpu.func @lanes(%out: memref<10x64xi32>) kernel {
      %t = gpu.thread_id x
      %x = arith.index_cast %t : index to i32
      %c1 = arith.constant 1 : i32
      %c3 = arith.constant 3 : i32
      %c5 = arith.constant 5 : i32
      %c16 = arith.constant 16 : i32
      %c32 = arith.constant 32 : i32
      %sq = arith.muli %x, %x : i32
      %s0, %ok0 = gpu.shuffle xor %sq, %c1, %c32 : i32
      %s1, %ok1 = gpu.shuffle up %sq, %c3, %c32 : i32
      %s2, %ok2 = gpu.shuffle down %sq, %c5, %c16 : i32
      %s3, %ok3 = gpu.shuffle idx %sq, %c3, %c16 : i32
      %zero = arith.constant 0 : i32
      %u1 = arith.select %ok1, %s1, %zero : i32
      %u2 = arith.select %ok2, %s2, %zero : i32
      %lane = gpu.lane_id
      %sg = gpu.subgroup_id : index
      %nsg = gpu.num_subgroups : index
      %sgs = gpu.subgroup_size : index
      %li = arith.index_cast %lane : index to i32
      %sgi = arith.index_cast %sg : index to i32
      %nsgi = arith.index_cast %nsg : index to i32
      %sgsi = arith.index_cast %sgs : index to i32
      %k100 = arith.constant 100 : i32
      %a = arith.muli %sgi, %k100 : i32
      %b = arith.muli %nsgi, %k100 : i32
      %ids0 = arith.addi %a, %li : i32
      %ids1 = arith.addi %b, %sgsi : i32
      %r0 = gpu.subgroup_reduce add %x : (i32) -> i32
      %r1 = gpu.subgroup_reduce maxsi %sq cluster(size = 4) : (i32) -> i32
      %r2 = gpu.subgroup_reduce xor %x cluster(size = 8, stride = 2) : (i32) -> i32
      %rows = arith.constant 0 : index
      %i1 = arith.constant 1 : index
      %i2 = arith.constant 2 : index
      %i3 = arith.constant 3 : index
      %i4 = arith.constant 4 : index
      %i5 = arith.constant 5 : index
      %i6 = arith.constant 6 : index
      %i7 = arith.constant 7 : index
      %i8 = arith.constant 8 : index
      %i9 = arith.constant 9 : index
      memref.store %s0, %out[%rows, %t] : memref<10x64xi32>
      memref.store %u1, %out[%i1, %t] : memref<10x64xi32>
      memref.store %u2, %out[%i2, %t] : memref<10x64xi32>
      memref.store %s3, %out[%i3, %t] : memref<10x64xi32>
      memref.store %ids0, %out[%i4, %t] : memref<10x64xi32>
      memref.store %ids1, %out[%i5, %t] : memref<10x64xi32>
      memref.store %r0, %out[%i6, %t] : memref<10x64xi32>
      memref.store %r1, %out[%i7, %t] : memref<10x64xi32>
      memref.store %r2, %out[%i8, %t] : memref<10x64xi32>
      %okall = arith.andi %ok0, %ok3 : i1
      %oki = arith.extui %okall : i1 to i32
      memref.store %oki, %out[%i9, %t] : memref<10x64xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %h = memref.alloc() : memref<10x64xi32>
    %d = gpu.alloc () : memref<10x64xi32>
    gpu.launch_func @warp_ops::@lanes blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d : memref<10x64xi32>)
    gpu.memcpy %h, %d : memref<10x64xi32>, memref<10x64xi32>
    %u = memref.cast %h : memref<10x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
