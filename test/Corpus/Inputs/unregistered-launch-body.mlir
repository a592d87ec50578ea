// Corpus input (needs --allow-unregistered-dialect): inline launches whose
// bodies hold ops of a dialect no one registered, with and without
// results and regions, next to a barrier and workgroup memory, and values
// made by unregistered ops outside the launch and used inside it.
module attributes {gpu.container_module} {
  func.func @host(%buf: memref<128xf32>) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %k = "test.make_scale"() : () -> f32
    %n = "test.make_count"() {hint = 4 : i64} : () -> index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)
               workgroup(%sh: memref<128xf32, #gpu.address_space<workgroup>>) {
      %v = memref.load %buf[%tx] : memref<128xf32>
      %w = "test.op"(%v, %k) : (f32, f32) -> f32
      memref.store %w, %sh[%tx] : memref<128xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c127 = arith.constant 127 : index
      %r = arith.subi %c127, %tx : index
      %x = memref.load %sh[%r] : memref<128xf32, #gpu.address_space<workgroup>>
      "test.sink"(%x, %n) : (f32, index) -> ()
      "test.region_op"() ({
        %inner = "test.inner"(%tx) : (index) -> i32
        "test.yield"(%inner) : (i32) -> ()
      }) : () -> ()
      memref.store %x, %buf[%tx] : memref<128xf32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      "test.op"() : () -> ()
      gpu.terminator
    }
    return
  }
}
