// Corpus input: IR further down the NVIDIA path: a gpu.module with an
// #nvvm.target attribute (chip and features given), another with two
// targets and an offloading handler, and an already compiled gpu.binary
// (a tiny hand-written PTX kernel) launched next to a gpu.module kernel.
module attributes {gpu.container_module} {
  gpu.module @targeted [#nvvm.target<chip = "sm_90", features = "+ptx80">] {
    gpu.func @reverse(%buf: memref<32xi32>)
        workgroup(%sh: memref<32xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %buf[%t] : memref<32xi32>
      memref.store %v, %sh[%t] : memref<32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c31 = arith.constant 31 : index
      %m = arith.subi %c31, %t : index
      %w = memref.load %sh[%m] : memref<32xi32, #gpu.address_space<workgroup>>
      memref.store %w, %buf[%t] : memref<32xi32>
      gpu.return
    }
  }

  gpu.module @two_targets <#gpu.select_object<1>> [#nvvm.target<O = 2>, #nvvm.target<chip = "sm_80">] {
    gpu.func @noop() kernel {
      gpu.return
    }
  }

  gpu.binary @prebuilt [#gpu.object<#nvvm.target<chip = "sm_90">, assembly = ".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry stub()\0A{\0A\09ret;\0A}\0A">]

  func.func @host(%buf: memref<32xi32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @targeted::@reverse blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%buf : memref<32xi32>)
    gpu.launch_func @two_targets::@noop blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @prebuilt::@stub blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
    return
  }
}
