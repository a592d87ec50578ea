// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// A tree reduction whose shift goes through 20 levels of values each used
// twice: each value is evaluated once per level (not once per path).
// wc-remap decides to unroll on the kernel as it stands, each access with
// every iteration substituted; the buffer becomes a lane array, and the
// program computes the same before and after.
// REMARKS-NOT: were unrolled, but
// REMARKS: remark: wc-remap: workgroup buffer 0 (memref<256xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<256 x i32>'
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tree_sum(%in: memref<1024xi32>, %out: memref<4xi32>)
        workgroup(%tree: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c256 : index
      %gid = arith.addi %base, %tid : index
      %x = memref.load %in[%gid] : memref<1024xi32>
      memref.store %x, %tree[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %c100 = arith.constant 100 : index
        %x0 = arith.addi %level, %c0 : index
        %y0 = arith.minui %level, %c100 : index
        %x1 = arith.ori %x0, %y0 : index
        %y1 = arith.andi %x0, %y0 : index
        %x2 = arith.ori %x1, %y1 : index
        %y2 = arith.andi %x1, %y1 : index
        %x3 = arith.ori %x2, %y2 : index
        %y3 = arith.andi %x2, %y2 : index
        %x4 = arith.ori %x3, %y3 : index
        %y4 = arith.andi %x3, %y3 : index
        %x5 = arith.ori %x4, %y4 : index
        %y5 = arith.andi %x4, %y4 : index
        %x6 = arith.ori %x5, %y5 : index
        %y6 = arith.andi %x5, %y5 : index
        %x7 = arith.ori %x6, %y6 : index
        %y7 = arith.andi %x6, %y6 : index
        %x8 = arith.ori %x7, %y7 : index
        %y8 = arith.andi %x7, %y7 : index
        %x9 = arith.ori %x8, %y8 : index
        %y9 = arith.andi %x8, %y8 : index
        %x10 = arith.ori %x9, %y9 : index
        %y10 = arith.andi %x9, %y9 : index
        %x11 = arith.ori %x10, %y10 : index
        %y11 = arith.andi %x10, %y10 : index
        %x12 = arith.ori %x11, %y11 : index
        %y12 = arith.andi %x11, %y11 : index
        %x13 = arith.ori %x12, %y12 : index
        %y13 = arith.andi %x12, %y12 : index
        %x14 = arith.ori %x13, %y13 : index
        %y14 = arith.andi %x13, %y13 : index
        %x15 = arith.ori %x14, %y14 : index
        %y15 = arith.andi %x14, %y14 : index
        %x16 = arith.ori %x15, %y15 : index
        %y16 = arith.andi %x15, %y15 : index
        %x17 = arith.ori %x16, %y16 : index
        %y17 = arith.andi %x16, %y16 : index
        %x18 = arith.ori %x17, %y17 : index
        %y18 = arith.andi %x17, %y17 : index
        %x19 = arith.ori %x18, %y18 : index
        %y19 = arith.andi %x18, %y18 : index
        %x20 = arith.ori %x19, %y19 : index
        %y20 = arith.andi %x19, %y19 : index
        %stride = arith.shrui %c128, %x20 : index
        %active = arith.cmpi ult, %tid, %stride : index
        scf.if %active {
          %partner = arith.addi %tid, %stride : index
          %a = memref.load %tree[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
          %b = memref.load %tree[%partner] : memref<256xi32, #gpu.address_space<workgroup>>
          %s = arith.addi %a, %b : i32
          memref.store %s, %tree[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %sum = memref.load %tree[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
        memref.store %sum, %out[%bid] : memref<4xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c13 = arith.constant 13 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 1024 : index
    %h_in = memref.alloc() : memref<1024xi32>
    %h_out = memref.alloc() : memref<4xi32>
    scf.for %i = %c0 to %n step %c1 {
      %r = arith.remui %i, %c13 : index
      %v = arith.index_cast %r : index to i32
      memref.store %v, %h_in[%i] : memref<1024xi32>
    }
    %d_in = gpu.alloc () : memref<1024xi32>
    %d_out = gpu.alloc () : memref<4xi32>
    gpu.memcpy %d_in, %h_in : memref<1024xi32>, memref<1024xi32>
    gpu.launch_func @kernels::@tree_sum blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%d_in : memref<1024xi32>, %d_out : memref<4xi32>)
    gpu.memcpy %h_out, %d_out : memref<4xi32>, memref<4xi32>
    %u = memref.cast %h_out : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// Block b sums (i mod 13) for i in [256 b, 256 b + 256).
// CHECK: Unranked Memref base@ = {{0x[0-9a-f]+}} rank = 1 offset = 0 sizes = [4] strides = [1] data =
// CHECK-NEXT: [1518,  1534,  1550,  1527]
