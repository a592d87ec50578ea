// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// For wc-remap: butterflies through workgroup memory in 64-thread blocks,
// partner = tid xor mask: a fixed mask 32 (the other 32-lane chunk, a
// register read after remapping), then masks 1..16 in a uniform loop; each
// step reads own and partner, barrier, stores, barrier.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @butterfly(%in: memref<256xi32>, %out: memref<256xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %i7 = arith.constant 7 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c64 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<256xi32>
      memref.store %x, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      // new = 2 * max(own, partner) - own + ((own xor partner) & 7)
      %q = arith.xori %tx, %c32 : index
      %qo = memref.load %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      %qp = memref.load %buf[%q] : memref<64xi32, #gpu.address_space<workgroup>>
      %qm = arith.maxsi %qo, %qp : i32
      %qm2 = arith.addi %qm, %qm : i32
      %qd = arith.subi %qm2, %qo : i32
      %qx = arith.xori %qo, %qp : i32
      %qx7 = arith.andi %qx, %i7 : i32
      %qn = arith.addi %qd, %qx7 : i32
      gpu.barrier
      memref.store %qn, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %k = %c0 to %c5 step %c1 {
        %mask = arith.shli %c1, %k : index
        %partner = arith.xori %tx, %mask : index
        %o = memref.load %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
        %p = memref.load %buf[%partner] : memref<64xi32, #gpu.address_space<workgroup>>
        %m = arith.maxsi %o, %p : i32
        %m2 = arith.addi %m, %m : i32
        %d = arith.subi %m2, %o : i32
        %xo = arith.xori %o, %p : i32
        %x7 = arith.andi %xo, %i7 : i32
        %n = arith.addi %d, %x7 : i32
        gpu.barrier
        memref.store %n, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
      }
      %r = memref.load %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %r, %out[%gid] : memref<256xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c13 = arith.constant 13 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %c1009 = arith.constant 1009 : index
    %c7919 = arith.constant 7919 : index
    %i500 = arith.constant 500 : i32
    %h_in = memref.alloc() : memref<256xi32>
    %h_out = memref.alloc() : memref<256xi32>
    scf.for %i = %c0 to %c256 step %c1 {
      %a = arith.muli %i, %c7919 : index
      %b = arith.addi %a, %c13 : index
      %m = arith.muli %b, %i : index
      %r = arith.remui %m, %c1009 : index
      %ri = arith.index_cast %r : index to i32
      %v = arith.subi %ri, %i500 : i32
      memref.store %v, %h_in[%i] : memref<256xi32>
    }
    %d_in = gpu.alloc () : memref<256xi32>
    %d_out = gpu.alloc () : memref<256xi32>
    gpu.memcpy %d_in, %h_in : memref<256xi32>, memref<256xi32>
    gpu.launch_func @kernels::@butterfly blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_in : memref<256xi32>, %d_out : memref<256xi32>)
    gpu.memcpy %h_out, %d_out : memref<256xi32>, memref<256xi32>
    %u = memref.cast %h_out : memref<256xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [256]
// CHECK-NEXT: [3010,  2059,  3480,  3766,  1950,  2134,  2058,  6383,  2298,  2346,  5286,  2460,  1612,  3391,  2168,  3921,  3659,  1865,  2531,  3081,  1970,  2385,  2563,  10473,  2711,  2097,  3544,  2671,  1772,  2485,  1975,  6077,  2266,  7677,  4306,  4961,  3911,  10535,  8061,  15460,  2414,  19048,  7209,  5453,  3941,  5963,  13572,  8261,  2964,  6560,  5680,  3508,  5813,  17546,  11533,  9790,  2972,  11124,  12416,  3667,  6270,  8189,  24457,  5846,  12535,  4732,  6718,  3684,  4197,  8566,  4049,  3897,  6286,  7506,  13105,  3123,  5114,  15952,  6719,  5889,  7185,  6998,  4715,  5944,  3583,  12743,  2709,  5675,  4362,  11125,  7514,  4334,  7721,  24090,  4028,  8767,  2260,  4149,  4181,  5619,  1773,  2778,  2486,  5570,  2259,  5925,  6513,  3681,  1620,  3479,  2406,  3460,  3096,  3008,  6375,  4295,  2504,  2676,  3812,  8638,  2664,  4201,  10394,  2885,  2278,  4642,  3526,  4761,  3326,  8400,  9331,  4317,  4249,  16030,  5540,  5502,  2484,  5329,  6132,  2791,  4765,  9391,  3751,  3387,  4038,  14551,  11701,  4808,  5876,  30221,  7489,  8966,  2865,  7471,  8273,  3039,  3749,  16030,  4957,  5222,  1832,  6344,  8188,  18105,  2858,  3327,  5226,  8738,  2278,  11012,  4065,  7788,  1957,  4411,  3007,  4197,  2421,  8760,  5749,  10811,  4116,  3596,  7063,  5771,  3246,  19784,  3175,  5673,  2699,  6945,  4064,  3261,  1791,  3394,  6571,  2427,  2948,  5934,  6073,  3037,  2626,  5570,  3763,  5071,  4117,  10798,  10273,  5946,  1833,  3565,  10099,  2691,  3604,  9570,  5426,  3153,  2243,  5865,  3903,  3592,  5693,  17803,  6586,  5176,  3292,  2855,  8744,  3521,  6110,  4802,  3288,  2266,  5503,  3068,  11133,  5153,  10563,  2595,  5491,  2788,  3907,  2637,  7406,  2664,  4067,  3169,  3570,  1755,  8547,  4223,  17863,  3855,  6552,  2241,  8312,  2246]
