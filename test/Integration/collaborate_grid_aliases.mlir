// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-split=1})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-split=1},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate='grid-range=100 grid-split=1' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Kernels that write, before their loop, the first element of their own
// range of the buffer the loop reads, so that each long range's sum counts
// 1000 for it: through a buffer chosen at run time (@chosen), and through
// an argument that the launch passes the same buffer for, from a host
// function's two arguments (@twice). The launches of the split grid level
// would run the long range (row 5, 300 iterations) before the kernel's
// write; the grid level stays in the kernel, and computes the same.
// CHECK: [0,  1000,  1002,  1004,  0,  1599,  1002,  1004]
// CHECK: [0,  1000,  1002,  1004,  0,  1599,  1002,  1004]
// REMARK-DAG: remark: wc-collaborate: {{.*}}the grid level in the kernel, not in launches of its own: the kernel writes a buffer that is neither an argument nor its own allocation ('memref.store')
// REMARK-DAG: remark: wc-collaborate: {{.*}}the grid level in the kernel, not in launches of its own: a launch passes buffers for an argument the body or bounds read and one the kernel writes that may be the same memory
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @chosen(%rowptr: memref<129xi32>, %vals: memref<1024xi32>,
                     %other: memref<1024xi32>, %y: memref<128xi32>, %pick: i1)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %big = arith.constant 1000 : i32
      %zero = arith.constant 0 : i32
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %next = arith.addi %row, %c1 : index
      %lo32 = memref.load %rowptr[%row] : memref<129xi32>
      %hi32 = memref.load %rowptr[%next] : memref<129xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %some = arith.cmpi slt, %lo, %hi : index
      scf.if %some {
        %out = arith.select %pick, %vals, %other : memref<1024xi32>
        memref.store %big, %out[%lo] : memref<1024xi32>
      }
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<1024xi32>
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<128xi32>
      gpu.return
    }
    gpu.func @twice(%rowptr: memref<129xi32>, %vals: memref<1024xi32>,
                    %out: memref<1024xi32>, %y: memref<128xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %big = arith.constant 1000 : i32
      %zero = arith.constant 0 : i32
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %next = arith.addi %row, %c1 : index
      %lo32 = memref.load %rowptr[%row] : memref<129xi32>
      %hi32 = memref.load %rowptr[%next] : memref<129xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %some = arith.cmpi slt, %lo, %hi : index
      scf.if %some {
        memref.store %big, %out[%lo] : memref<1024xi32>
      }
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<1024xi32>
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<128xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @run(%rowptr: memref<129xi32>, %vals: memref<1024xi32>,
                 %out: memref<1024xi32>, %y: memref<128xi32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@twice blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%rowptr : memref<129xi32>, %vals : memref<1024xi32>, %out : memref<1024xi32>, %y : memref<128xi32>)
    return
  }

  // Rows 0-4 and 6-7 hold r mod 4 nonzeros, row 5 300; vals[k] = k mod 5.
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c129 = arith.constant 129 : index
    %c300 = arith.constant 300 : index
    %c1024 = arith.constant 1024 : index
    %true = arith.constant true
    %hr = memref.alloc() : memref<129xi32>
    %hv = memref.alloc() : memref<1024xi32>
    %end = scf.for %r = %c0 to %c128 step %c1 iter_args(%at = %c0) -> (index) {
      %a32 = arith.index_cast %at : index to i32
      memref.store %a32, %hr[%r] : memref<129xi32>
      %mod = arith.remui %r, %c4 : index
      %is5 = arith.cmpi eq, %r, %c5 : index
      %len = arith.select %is5, %c300, %mod : index
      %e = arith.addi %at, %len : index
      scf.yield %e : index
    }
    %e32 = arith.index_cast %end : index to i32
    memref.store %e32, %hr[%c128] : memref<129xi32>
    scf.for %k = %c0 to %c1024 step %c1 {
      %m = arith.remui %k, %c5 : index
      %v = arith.index_cast %m : index to i32
      memref.store %v, %hv[%k] : memref<1024xi32>
    }
    %dr = gpu.alloc () : memref<129xi32>
    %dv = gpu.alloc () : memref<1024xi32>
    %dw = gpu.alloc () : memref<1024xi32>
    %dy = gpu.alloc () : memref<128xi32>
    %hy = memref.alloc() : memref<128xi32>
    %print = memref.subview %hy[0] [8] [1] : memref<128xi32> to memref<8xi32, strided<[1]>>
    %u = memref.cast %print : memref<8xi32, strided<[1]>> to memref<*xi32>
    gpu.memcpy %dr, %hr : memref<129xi32>, memref<129xi32>
    gpu.memcpy %dv, %hv : memref<1024xi32>, memref<1024xi32>
    gpu.launch_func @kernels::@chosen blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%dr : memref<129xi32>, %dv : memref<1024xi32>, %dw : memref<1024xi32>, %dy : memref<128xi32>, %true : i1)
    gpu.memcpy %hy, %dy : memref<128xi32>, memref<128xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.memcpy %dv, %hv : memref<1024xi32>, memref<1024xi32>
    call @run(%dr, %dv, %dv, %dy) : (memref<129xi32>, memref<1024xi32>, memref<1024xi32>, memref<128xi32>) -> ()
    gpu.memcpy %hy, %dy : memref<128xi32>, memref<128xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
