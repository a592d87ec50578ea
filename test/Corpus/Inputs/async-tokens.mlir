// Corpus input: asynchronous launches: gpu.launch_func async with several
// dependencies, two independent chains joined by gpu.wait async, an inline
// async launch with no dependency, and a token-free blocking wait.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @inc(%buf: memref<256xi32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %c128 = arith.constant 128 : index
      %o = arith.muli %b, %c128 : index
      %i = arith.addi %o, %t : index
      %v = memref.load %buf[%i] : memref<256xi32>
      %one = arith.constant 1 : i32
      %w = arith.addi %v, %one : i32
      memref.store %w, %buf[%i] : memref<256xi32>
      gpu.return
    }
  }

  func.func @chains(%ha: memref<256xi32>, %hb: memref<256xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.constant 128 : index
    %s0 = gpu.wait async
    %s1 = gpu.wait async
    %a, %ta = gpu.alloc async [%s0] () : memref<256xi32>
    %b, %tb = gpu.alloc async [%s1] () : memref<256xi32>
    %ca = gpu.memcpy async [%ta] %a, %ha : memref<256xi32>, memref<256xi32>
    %cb = gpu.memcpy async [%tb] %b, %hb : memref<256xi32>, memref<256xi32>
    %la = gpu.launch_func async [%ca] @kernels::@inc blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%a : memref<256xi32>)
    %lb = gpu.launch_func async [%cb, %la] @kernels::@inc blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%b : memref<256xi32>)
    %joined = gpu.wait async [%la, %lb]
    %free = gpu.launch async blocks(%x, %y, %z) in (%gx = %c1, %gy = %c1, %gz = %c1)
        threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      gpu.terminator
    }
    %ra = gpu.memcpy async [%joined] %ha, %a : memref<256xi32>, memref<256xi32>
    %rb = gpu.memcpy async [%joined, %free] %hb, %b : memref<256xi32>, memref<256xi32>
    %da = gpu.dealloc async [%ra] %a : memref<256xi32>
    %db = gpu.dealloc async [%rb] %b : memref<256xi32>
    gpu.wait [%da, %db]
    gpu.wait
    return
  }
}
