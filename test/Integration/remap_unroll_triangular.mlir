// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// A constant loop around a loop whose bound is the outer induction
// variable: the inner loop's trip count is a constant only once the outer
// loop is unrolled.
// wc-remap decides to unroll on the kernel as it stands, each access with
// every iteration substituted; the buffer becomes a lane array, and the
// program computes the same before and after.
// REMARKS-NOT: were unrolled, but
// REMARKS: remark: wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<64 x i32>'
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @weights(%in: memref<128xi32>, %out: memref<128xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c64 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<128xi32>
      memref.store %x, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %own = memref.load %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      %sum = scf.for %a = %c0 to %c4 step %c1 iter_args(%acc = %own) -> (i32) {
        %va = memref.load %buf[%a] : memref<64xi32, #gpu.address_space<workgroup>>
        %a1 = arith.addi %a, %c1 : index
        %inner = scf.for %b = %c0 to %a1 step %c1 iter_args(%acc2 = %acc) -> (i32) {
          %vb = memref.load %buf[%b] : memref<64xi32, #gpu.address_space<workgroup>>
          %p = arith.muli %va, %vb : i32
          %n = arith.addi %acc2, %p : i32
          scf.yield %n : i32
        }
        scf.yield %inner : i32
      }
      memref.store %sum, %out[%gid] : memref<128xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c500 = arith.constant 500 : index
    %c1009 = arith.constant 1009 : index
    %c7919 = arith.constant 7919 : index
    %c13 = arith.constant 13 : index
    %h_in = memref.alloc() : memref<128xi32>
    %h_out = memref.alloc() : memref<128xi32>
    scf.for %i = %c0 to %c128 step %c1 {
      %a = arith.muli %i, %c7919 : index
      %b = arith.addi %a, %c13 : index
      %m = arith.muli %b, %i : index
      %r = arith.remui %m, %c1009 : index
      %ri = arith.index_cast %r : index to i32
      %c500_i32 = arith.constant 500 : i32
      %v = arith.subi %ri, %c500_i32 : i32
      memref.store %v, %h_in[%i] : memref<128xi32>
    }
    %d_in = gpu.alloc () : memref<128xi32>
    %d_out = gpu.alloc () : memref<128xi32>
    gpu.memcpy %d_in, %h_in : memref<128xi32>, memref<128xi32>
    gpu.launch_func @kernels::@weights blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_in : memref<128xi32>, %d_out : memref<128xi32>)
    gpu.memcpy %h_out, %d_out : memref<128xi32>, memref<128xi32>
    %u = memref.cast %h_out : memref<128xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [128] strides = [1] data =
// CHECK-NEXT: [212137,  213006,  212560,  212817,  212768,  212413,  212761,  212803,  212539,  212978,  213111,  212938,  212459,  212683,  212601,  212213,  212528,  212537,  212240,  212646,  212746,  212540,  213037,  212219,  213113,  212692,  212974,  212950,  212620,  212993,  213060,  212821,  212276,  212434,  212286,  212841,  213090,  213033,  212670,  213010,  213044,  212772,  212194,  212319,  212138,  212660,  212876,  212786,  212390,  212697,  212698,  212393,  212791,  212883,  212669,  212149,  212332,  212209,  212789,  213063,  213031,  212693,  213058,  213117,  316110,  315557,  315707,  315551,  316098,  316339,  316274,  315903,  316235,  316261,  315981,  315395,  315512,  316332,  315837,  316045,  315947,  315543,  315842,  315835,  315522,  315912,  315996,  315774,  316255,  315421,  316299,  315862,  316128,  316088,  315742,  316099,  316150,  315895,  316343,  315476,  316321,  315851,  316084,  316011,  315632,  315956,  315974,  315686,  316101,  316210,  316013,  315510,  315710,  315604,  316201,  315483,  315468,  316156,  315529,  315605,  316384,  315848,  316015,  315876,  315431,  315689,  315641,  316296]
