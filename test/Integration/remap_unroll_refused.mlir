// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// wc-remap decides whether to unroll a constant loop on the kernel as it
// stands, each access with every iteration substituted: here each store
// on its own writes a thread's element plus a constant (t, then t + 65),
// so the loop is unrolled; together the two offsets need two layouts, so
// the buffer stays in shared memory, in the unrolled kernel, which must
// compute what the original does: out[t] = in[t] + (in[t] + 1).
// REMARKS: remark: wc-remap: workgroup buffer 0 (memref<129xi32, #gpu.address_space<workgroup>>) stays in shared memory: stores write elements at offsets 0 and 65 from the thread, which no layout gives both to the storing lane
// REMARKS: remark: wc-remap: the loops that decide buffer indices were unrolled, but no buffer became a lane array
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%in: memref<64xi32>, %out: memref<64xi32>) workgroup(%buf: memref<129xi32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c65 = arith.constant 65 : index
      %tid = gpu.thread_id x
      %x = memref.load %in[%tid] : memref<64xi32>
      scf.for %k = %c0 to %c2 step %c1 {
        %o = arith.muli %k, %c65 : index
        %i = arith.addi %tid, %o : index
        %ki = arith.index_cast %k : index to i32
        %v = arith.addi %x, %ki : i32
        memref.store %v, %buf[%i] : memref<129xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %a = memref.load %buf[%tid] : memref<129xi32, #gpu.address_space<workgroup>>
      %j = arith.addi %tid, %c65 : index
      %b = memref.load %buf[%j] : memref<129xi32, #gpu.address_space<workgroup>>
      %s = arith.addi %a, %b : i32
      memref.store %s, %out[%tid] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %h_in = memref.alloc() : memref<64xi32>
    %h_out = memref.alloc() : memref<64xi32>
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h_in[%i] : memref<64xi32>
    }
    %d_in = gpu.alloc () : memref<64xi32>
    %d_out = gpu.alloc () : memref<64xi32>
    gpu.memcpy %d_in, %h_in : memref<64xi32>, memref<64xi32>
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%d_in : memref<64xi32>, %d_out : memref<64xi32>)
    gpu.memcpy %h_out, %d_out : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h_out : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// out[t] = 2 t + 1.
// CHECK: sizes = [64] strides = [1] data =
// CHECK-NEXT: [1,  3,  5,  7,  9,  11,  13,  15,  17,  19,  21,  23,  25,  27,  29,  31,  33,  35,  37,  39,  41,  43,  45,  47,  49,  51,  53,  55,  57,  59,  61,  63,  65,  67,  69,  71,  73,  75,  77,  79,  81,  83,  85,  87,  89,  91,  93,  95,  97,  99,  101,  103,  105,  107,  109,  111,  113,  115,  117,  119,  121,  123,  125,  127]
