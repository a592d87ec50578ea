// RUN: wc-sim %s
// The same exchange with a warp sync between write and read: no race.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buf: memref<64xi32>)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      wc.warp_sync
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %t, %c0 : index
      %p = arith.subi %t, %c1 : index
      %prev = arith.select %first, %t, %p : index
      %v = memref.load %tile[%prev] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %v, %buf[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %n = arith.constant 32 : index
    %d = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
        args(%d : memref<64xi32>)
    return
  }
}
