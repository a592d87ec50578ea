// Corpus input (a program): gpu.all_reduce with every operation kind, on
// i32 and f32 values, in a block of 48 threads (one full and one partial
// warp), some marked uniform and some not. The float values are halves
// and powers of two, so every order of combining them gives the same bits.
module attributes {gpu.container_module} {
  gpu.module @reductions {
    gpu.func @all_kinds(%ints: memref<9xi32>, %floats: memref<6xf32>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %c7 = arith.constant 7 : i32
      %c13 = arith.constant 13 : i32
      %c20 = arith.constant 20 : i32
      %m = arith.muli %ti, %c7 : i32
      %x = arith.remui %m, %c13 : i32
      %y = arith.subi %x, %c20 : i32
      %one = arith.constant 1 : i32
      %small = arith.andi %ti, %one : i32
      %factor = arith.addi %small, %one : i32
      %i0 = gpu.all_reduce add %x uniform {} : (i32) -> (i32)
      %i1 = gpu.all_reduce mul %factor {} : (i32) -> (i32)
      %i2 = gpu.all_reduce minui %x uniform {} : (i32) -> (i32)
      %i3 = gpu.all_reduce minsi %y {} : (i32) -> (i32)
      %i4 = gpu.all_reduce maxui %y uniform {} : (i32) -> (i32)
      %i5 = gpu.all_reduce maxsi %y {} : (i32) -> (i32)
      %i6 = gpu.all_reduce and %x uniform {} : (i32) -> (i32)
      %i7 = gpu.all_reduce or %x {} : (i32) -> (i32)
      %i8 = gpu.all_reduce xor %ti uniform {} : (i32) -> (i32)
      %f = arith.sitofp %y : i32 to f32
      %half = arith.constant 0.5 : f32
      %g = arith.mulf %f, %half : f32
      %f0 = gpu.all_reduce add %g uniform {} : (f32) -> (f32)
      %f1 = gpu.all_reduce minnumf %g {} : (f32) -> (f32)
      %f2 = gpu.all_reduce maxnumf %g uniform {} : (f32) -> (f32)
      %f3 = gpu.all_reduce minimumf %g {} : (f32) -> (f32)
      %f4 = gpu.all_reduce maximumf %g uniform {} : (f32) -> (f32)
      %ff = arith.sitofp %factor : i32 to f32
      %p = arith.mulf %ff, %half : f32
      %f5 = gpu.all_reduce mul %p {} : (f32) -> (f32)
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %k0 = arith.constant 0 : index
        %k1 = arith.constant 1 : index
        %k2 = arith.constant 2 : index
        %k3 = arith.constant 3 : index
        %k4 = arith.constant 4 : index
        %k5 = arith.constant 5 : index
        %k6 = arith.constant 6 : index
        %k7 = arith.constant 7 : index
        %k8 = arith.constant 8 : index
        memref.store %i0, %ints[%k0] : memref<9xi32>
        memref.store %i1, %ints[%k1] : memref<9xi32>
        memref.store %i2, %ints[%k2] : memref<9xi32>
        memref.store %i3, %ints[%k3] : memref<9xi32>
        memref.store %i4, %ints[%k4] : memref<9xi32>
        memref.store %i5, %ints[%k5] : memref<9xi32>
        memref.store %i6, %ints[%k6] : memref<9xi32>
        memref.store %i7, %ints[%k7] : memref<9xi32>
        memref.store %i8, %ints[%k8] : memref<9xi32>
        memref.store %f0, %floats[%k0] : memref<6xf32>
        memref.store %f1, %floats[%k1] : memref<6xf32>
        memref.store %f2, %floats[%k2] : memref<6xf32>
        memref.store %f3, %floats[%k3] : memref<6xf32>
        memref.store %f4, %floats[%k4] : memref<6xf32>
        memref.store %f5, %floats[%k5] : memref<6xf32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c48 = arith.constant 48 : index
    %hi = memref.alloc() : memref<9xi32>
    %hf = memref.alloc() : memref<6xf32>
    %di = gpu.alloc () : memref<9xi32>
    %df = gpu.alloc () : memref<6xf32>
    gpu.launch_func @reductions::@all_kinds blocks in (%c1, %c1, %c1) threads in (%c48, %c1, %c1)
        args(%di : memref<9xi32>, %df : memref<6xf32>)
    gpu.memcpy %hi, %di : memref<9xi32>, memref<9xi32>
    gpu.memcpy %hf, %df : memref<6xf32>, memref<6xf32>
    %ui = memref.cast %hi : memref<9xi32> to memref<*xi32>
    %uf = memref.cast %hf : memref<6xf32> to memref<*xf32>
    call @printMemrefI32(%ui) : (memref<*xi32>) -> ()
    call @printMemrefF32(%uf) : (memref<*xf32>) -> ()
    return
  }
}
