// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// A tree reduction whose level's shift comes from affine.linearize_index:
// deciding whether to unroll folds each level's value on a copy of the op
// (the op's fold rewrites the op it folds), never on the kernel.
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
        %m = arith.shli %c1, %level : index
        %sh = affine.linearize_index [%c0, %level] by (%m) : index
        %stride = arith.shrui %c128, %sh : index
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
