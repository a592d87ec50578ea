// RUN: not wc-sim %s 2>&1 | FileCheck %s
// Warp 0 and warp 1 reach two different block barriers (one in each branch
// of a condition uniform in each warp). On the GPU `bar.sync 0` is aligned:
// every thread of the block must reach the same instruction
// (compute-sanitizer's synccheck reports "divergent thread(s) in block").
// With one barrier after the condition the program runs.
// CHECK: barrier-two-ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: [block (0, 0, 0) warp {{[01]}}] block barrier reached at two different ops: every thread of the block must reach the same one (a block barrier is aligned)
// CHECK: note: the other warps wait here
// RUN: sed 's/^ *gpu.barrier \/\/ moved$//; s/^ *\/\/ after: //' %s | wc-sim - | FileCheck %s --check-prefix=ONE
// ONE: [1,  1,  1,
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %c63 = arith.constant 63 : index
      %one = arith.constant 1 : i32
      memref.store %one, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %first = arith.cmpi ult, %t, %c32 : index
      scf.if %first {
        gpu.barrier // moved
      } else {
        gpu.barrier // moved
      }
      // after: gpu.barrier
      %r = arith.subi %c63, %t : index
      %v = memref.load %buf[%r] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %n = arith.constant 64 : index
    %d = gpu.alloc () : memref<64xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
        args(%d : memref<64xi32>)
    %h = memref.alloc() : memref<64xi32>
    gpu.memcpy %h, %d : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
