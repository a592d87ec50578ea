// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_90a}))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_90a channels=named-barriers}))' | FileCheck %s
// RUN: wc-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_90a}))' | FileCheck %s --check-prefix=NVVM
// After cleanups, the same lowering and output:
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_90a}))' | FileCheck %s
// RUN: wc-opt %t.clean.mlir --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_90a}))' | FileCheck %s --check-prefix=NVVM
// RUN: wc-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_90}))' | FileCheck %s --check-prefix=SM90
// RUN: wc-opt %s --wc-lower-to-nvvm="chip=sm_90a format=isa" | %extract-ptx | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ wc-opt %s --wc-lower-to-nvvm="chip=sm_90a format=isa" | %extract-ptx > %t.ptx %}
// RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}
// A kernel's own nvvm.maxnreg gives way to the roles' budget, with a remark:
// RUN: sed 's/known_block_size = array<i32: 384, 1, 1>}/known_block_size = array<i32: 384, 1, 1>, nvvm.maxnreg = 200 : i32}/' %s | wc-opt --pass-pipeline='builtin.module(gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm{chip=sm_90a}))' 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN: remark: convert-wc-to-nvvm: nvvm.maxnreg 200 replaced by 168: warp roles set their registers (setmaxnreg) in a kernel compiled with 168
// GIVEN: nvvm.maxnreg = 168 : i32
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.sm90a.out %}

// Roles of whole warpgroups that set their registers (sm_90a): one
// producer warpgroup (40 registers per thread) fills a 2-stage ring that
// two consumer warpgroups (232) read. The block of 12 warps is compiled
// with their mean, 168 (`.maxnreg`): the producers release registers
// (setmaxnreg.dec), the consumers take them (setmaxnreg.inc, waiting for
// the release), and both return to 168 after one block barrier after the
// roles (a role returning early would take back registers the other has
// not taken yet, and the other would wait forever). wc-sim runs the op,
// and the lowered program with its register pool; on sm_90 the attribute
// changes nothing. Consumer thread c prints (c / 128 + 1) times the sum
// over the 6 rounds of element c mod 128 of each round.
// CHECK: sizes = [256]
// CHECK-NEXT: [1920,  1926,  1932,  1938,  1944,  1950,  1956,  1962,  1968,  1974,  1980,  1986,  1992,  1998,  2004,  2010,  2016,  2022,  2028,  2034,  2040,  2046,  2052,  2058,  2064,  2070,  2076,  2082,  2088,  2094,  2100,  2106,  2112,  2118,  2124,  2130,  2136,  2142,  2148,  2154,  2160,  2166,  2172,  2178,  2184,  2190,  2196,  2202,  2208,  2214,  2220,  2226,  2232,  2238,  2244,  2250,  2256,  2262,  2268,  2274,  2280,  2286,  2292,  2298,  2304,  2310,  2316,  2322,  2328,  2334,  2340,  2346,  2352,  2358,  2364,  2370,  2376,  2382,  2388,  2394,  2400,  2406,  2412,  2418,  2424,  2430,  2436,  2442,  2448,  2454,  2460,  2466,  2472,  2478,  2484,  2490,  2496,  2502,  2508,  2514,  2520,  2526,  2532,  2538,  2544,  2550,  2556,  2562,  2568,  2574,  2580,  2586,  2592,  2598,  2604,  2610,  2616,  2622,  2628,  2634,  2640,  2646,  2652,  2658,  2664,  2670,  2676,  2682,  3840,  3852,  3864,  3876,  3888,  3900,  3912,  3924,  3936,  3948,  3960,  3972,  3984,  3996,  4008,  4020,  4032,  4044,  4056,  4068,  4080,  4092,  4104,  4116,  4128,  4140,  4152,  4164,  4176,  4188,  4200,  4212,  4224,  4236,  4248,  4260,  4272,  4284,  4296,  4308,  4320,  4332,  4344,  4356,  4368,  4380,  4392,  4404,  4416,  4428,  4440,  4452,  4464,  4476,  4488,  4500,  4512,  4524,  4536,  4548,  4560,  4572,  4584,  4596,  4608,  4620,  4632,  4644,  4656,  4668,  4680,  4692,  4704,  4716,  4728,  4740,  4752,  4764,  4776,  4788,  4800,  4812,  4824,  4836,  4848,  4860,  4872,  4884,  4896,  4908,  4920,  4932,  4944,  4956,  4968,  4980,  4992,  5004,  5016,  5028,  5040,  5052,  5064,  5076,  5088,  5100,  5112,  5124,  5136,  5148,  5160,  5172,  5184,  5196,  5208,  5220,  5232,  5244,  5256,  5268,  5280,  5292,  5304,  5316,  5328,  5340,  5352,  5364]
// NVVM: gpu.func @ring{{.*}}nvvm.maxnreg = 168 : i32
// NVVM: nvvm.setmaxregister decrease 40
// NVVM: nvvm.setmaxregister increase 232
// NVVM: nvvm.barrier0
// NVVM-NEXT: scf.if
// NVVM-NEXT: nvvm.setmaxregister increase 168
// NVVM: scf.if
// NVVM-NEXT: nvvm.setmaxregister decrease 168
// SM90-NOT: setmaxregister
// SM90-NOT: maxnreg
// PTX: .maxnreg 168
// PTX: setmaxnreg.dec.sync.aligned.u32 40;
// PTX: setmaxnreg.inc.sync.aligned.u32 232;
// PTX: bar.sync 0;
// PTX: setmaxnreg.inc.sync.aligned.u32 168;
// PTX: setmaxnreg.dec.sync.aligned.u32 168;
// PTXAS: Used 168 registers
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ring(%in: memref<768xi32>, %out: memref<256xi32>)
        workgroup(%ring: memref<2x128xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 384, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c6 = arith.constant 6 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0 : i32
      %lane = gpu.lane_id
      wc.warp_specialize warps [4, 8] channels [0 -> 1 stages 2]
          attributes {registers = array<i64: 40, 232>} (%w: index) {
        %w32 = arith.muli %w, %c32 : index
        %p = arith.addi %w32, %lane : index
        scf.for %t = %c0 to %c6 step %c1 {
          %s = arith.remui %t, %c2 : index
          %refill = arith.cmpi uge, %t, %c2 : index
          scf.if %refill {
            wc.channel_wait empty channel 0 stage %s
          }
          %a = arith.muli %t, %c128 : index
          %g = arith.addi %a, %p : index
          %v = memref.load %in[%g] : memref<768xi32>
          memref.store %v, %ring[%s, %p] : memref<2x128xi32, #gpu.address_space<workgroup>>
          wc.channel_signal full channel 0 stage %s
        }
      }, (%w: index) {
        %w32 = arith.muli %w, %c32 : index
        %c = arith.addi %w32, %lane : index
        %m = arith.remui %c, %c128 : index
        %k = arith.divui %c, %c128 : index
        %k1 = arith.addi %k, %c1 : index
        %weight = arith.index_cast %k1 : index to i32
        %sum = scf.for %t = %c0 to %c6 step %c1 iter_args(%acc = %zero) -> (i32) {
          %s = arith.remui %t, %c2 : index
          wc.channel_wait full channel 0 stage %s
          %x = memref.load %ring[%s, %m] : memref<2x128xi32, #gpu.address_space<workgroup>>
          %later = arith.addi %t, %c2 : index
          %release = arith.cmpi ult, %later, %c6 : index
          scf.if %release {
            wc.channel_signal empty channel 0 stage %s
          }
          %q = arith.muli %x, %weight : i32
          %next = arith.addi %acc, %q : i32
          scf.yield %next : i32
        }
        memref.store %sum, %out[%c] : memref<256xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c384 = arith.constant 384 : index
    %c768 = arith.constant 768 : index
    %h = memref.alloc() : memref<768xi32>
    scf.for %i = %c0 to %c768 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %h[%i] : memref<768xi32>
    }
    %d = gpu.alloc () : memref<768xi32>
    %o = gpu.alloc () : memref<256xi32>
    gpu.memcpy %d, %h : memref<768xi32>, memref<768xi32>
    gpu.launch_func @kernels::@ring blocks in (%c1, %c1, %c1) threads in (%c384, %c1, %c1)
        args(%d : memref<768xi32>, %o : memref<256xi32>)
    %r = memref.alloc() : memref<256xi32>
    gpu.memcpy %r, %o : memref<256xi32>, memref<256xi32>
    %u = memref.cast %r : memref<256xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
