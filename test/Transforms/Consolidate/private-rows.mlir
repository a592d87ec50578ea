// RUN: wc-opt %s --wc-consolidate -verify-diagnostics | FileCheck %s
// A thread's private array read in a loop of 16 iterations (a row's
// elements that wc-forward-stores made per-thread arrays, as in the
// softmax, indexed `(t * 16 + j) - t * 16`) is no stream of global memory:
// the block reduction around it is aggregated.
// CHECK-LABEL: gpu.func @private_row
// CHECK: wc.warp_job block [64, 1, 1] virtual_threads 2
module attributes {gpu.container_module} {
  gpu.module @rows {
    // expected-remark @+4 {{wc-forward-stores: }}
    // expected-remark @+3 {{wc-consolidate: aggregate and remap}}
    // expected-remark @+2 {{wc-consolidate: not delegated}}
    // expected-remark @+1 {{wc-aggregate: coarsened}}
    gpu.func @private_row(%a: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%part: memref<64xf32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %row = memref.alloca() : memref<16xf32>
      %x = memref.load %a[%b] : memref<?xf32>
      %base = arith.muli %t, %c16 : index
      scf.for %j = %c0 to %c16 step %c1 {
        %i = arith.addi %base, %j : index
        %k = arith.subi %i, %base : index
        %ji = arith.index_cast %j : index to i32
        %jf = arith.sitofp %ji : i32 to f32
        %v = arith.addf %jf, %x : f32
        memref.store %v, %row[%k] : memref<16xf32>
      }
      %sum = scf.for %j = %c0 to %c16 step %c1 iter_args(%s = %zero) -> (f32) {
        %i = arith.addi %base, %j : index
        %k = arith.subi %i, %base : index
        %v = memref.load %row[%k] : memref<16xf32>
        %n = arith.addf %s, %v : f32
        scf.yield %n : f32
      }
      memref.store %sum, %part[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %m = scf.for %k = %c0 to %c64 step %c1 iter_args(%s = %zero) -> (f32) {
          %p = memref.load %part[%k] : memref<64xf32, #gpu.address_space<workgroup>>
          %n = arith.maximumf %p, %s : f32
          scf.yield %n : f32
        }
        memref.store %m, %out[%b] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @host(%a: memref<?xf32>, %out: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @rows::@private_row blocks in (%c8, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%a : memref<?xf32>, %out : memref<?xf32>)
    return
  }
}
