// RUN: not wc-sim %s 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: not wc-sim --warp-order=seed:1 %s 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: not wc-sim --warp-order=seed:2 %s 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: wc-sim --no-race-detection %s | FileCheck %s --check-prefix=FIRST
// RUN: wc-sim --no-race-detection --warp-order=seed:1 %s > %t.1
// RUN: wc-sim --no-race-detection --warp-order=seed:2 %s > %t.2
// RUN: wc-sim --no-race-detection --warp-order=seed:3 %s > %t.3
// RUN: cat %t.1 %t.2 %t.3 | FileCheck %s --check-prefix=SEEDS
// RUN: not wc-sim --warp-order=seed:0 %s 2>&1 | FileCheck %s --check-prefix=BADSEED
// RUN: not wc-sim --warp-order=sometimes %s 2>&1 | FileCheck %s --check-prefix=BADORDER
// Two roles of a block with nothing ordering them: the consumer warp stores
// a[l] before its work, and the producer warp loads a[l] to copy it (what
// wc-specialize once made of a thread's store before its tile loop). Which
// value the producer copies depends on which warp runs first: warp 0 first
// (round-robin) gives 7s; a warp-order seed that runs warp 1 first gives
// the old 5s. The race detector reports the race on global memory between
// the block's warps whatever the order.
// RACE: error: [block (0, 0, 0) warp {{[01]}} lane 0] data race on global memory '{{.*}}' element 0: {{read|write}} by thread {{0|32}} and earlier {{read|write}} by thread {{0|32}} with no barrier between them
// FIRST: [7,  7,  7,  7,
// SEEDS-DAG: [5,  5,  5,  5,
// SEEDS-DAG: [7,  7,  7,  7,
// BADSEED: wc-sim: --warp-order=seed:N needs a positive integer N, got 'seed:0'
// BADORDER: wc-sim: --warp-order must be round-robin or seed:N, got 'sometimes'
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @roles(%a: memref<32xi32>, %out: memref<32xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %seven = arith.constant 7 : i32
      %lane = gpu.lane_id
      wc.warp_specialize warps [1, 1] channels [] (%w: index) {
        memref.store %seven, %a[%lane] : memref<32xi32>
      }, (%w: index) {
        %v = memref.load %a[%lane] : memref<32xi32>
        memref.store %v, %out[%lane] : memref<32xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %five = arith.constant 5 : i32
    %h = memref.alloc() : memref<32xi32>
    scf.for %i = %c0 to %c32 step %c1 {
      memref.store %five, %h[%i] : memref<32xi32>
    }
    %a = gpu.alloc () : memref<32xi32>
    %out = gpu.alloc () : memref<32xi32>
    gpu.memcpy %a, %h : memref<32xi32>, memref<32xi32>
    gpu.launch_func @kernels::@roles blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%a : memref<32xi32>, %out : memref<32xi32>)
    gpu.memcpy %h, %out : memref<32xi32>, memref<32xi32>
    %u = memref.cast %h : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
