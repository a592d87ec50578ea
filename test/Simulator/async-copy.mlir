// RUN: wc-sim %s | FileCheck %s
// RUN: wc-opt %s --gpu-kernel-outlining --wc-lower-to-nvvm=format=isa 2>/dev/null | FileCheck %s --check-prefix=PTX
// Asynchronous copies (nvgpu.device_async_copy, cp.async from sm_80): each
// of 32 threads copies elements 4t .. 4t + 3 of `in` into a workgroup tile
// in two copies of 2 elements, each its own group; thread 31's second copy
// reads no element of the source (srcElements 0), so it writes zeros. The
// thread waits for its first group (numGroups = 1 leaves the newest
// pending) and reads its element 4t, then for both; after a barrier each
// thread reads its right neighbour's 4 elements. out[i] = tile[(i + 4) mod
// 128], tile[j] = in[j] = j + 100, but tile[126] = tile[127] = 0; sums[t] =
// the first element the thread read back (4t + 100). A copy of 8 bytes
// needs addresses that are multiples of 8: the tile asks for that alignment
// (`llvm.align`); the lowering gives every workgroup buffer at least 16
// bytes in its `.shared` declaration.
// CHECK: [104,  105,  106,  107,  108,
// CHECK-SAME: 224,  225,  0,  0,  100,  101,  102,  103]
// CHECK: [100,  104,  108,
// CHECK-SAME: 220,  224]
// PTX: .shared .align 16 .b8
// PTX: cp.async.ca.shared.global
// PTX-SAME: cp.async.commit_group
// PTX-SAME: cp.async.ca.shared.global
// PTX-SAME: cp.async.commit_group
// PTX-SAME: cp.async.wait_group {{\\09}}1;
// PTX-SAME: cp.async.wait_group {{\\09}}0;
//
// What the simulator reports at the op:
// - a read of an element before the wait that completes its copy (here,
//   without the first wait); on a GPU it may come before the copy's write;
// RUN: sed 's/^      nvgpu.device_async_wait %g0 {numGroups = 1 : i32}$//' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=EARLY
// EARLY: error: {{.*}} reads element {{[0-9]+}} of 'workgroup attribution #{{[0-9]+}}' before a wait completes the thread's asynchronous copy to it (nvgpu.device_async_wait)
// EARLY: note: the copy
// - a copy that no wait completes;
// RUN: sed 's/^      nvgpu.device_async_wait %g1 {numGroups = 0 : i32}$//; s/^      %mine = memref.load .*$/      %mine = arith.constant 7 : i32/' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=NOWAIT
// NOWAIT: error: {{.*}} thread 0 ends with an asynchronous copy that no nvgpu.device_async_wait completed
// - a second copy to an element while the first is in flight (here the
//   second copy goes to the first's elements): they complete in no
//   defined order;
// RUN: sed 's/\[.second\], 2, .count/[\x25first], 2, \x25count/' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: {{.*}} copies to element {{[0-9]+}} of 'workgroup attribution #{{[0-9]+}}' while an earlier asynchronous copy of the thread to it is in flight
// - the neighbour's elements read without the barrier race with its copy's
//   write, which lands at its wait.
// RUN: sed 's/^      gpu.barrier$//' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: error: {{.*}} data race on workgroup memory 'workgroup attribution #{{[0-9]+}}'
// - a copy of several elements from or to an address that is not a
//   multiple of its size: here source element 1. (The tile without its
//   alignment still has the 16 bytes the lowering gives it: the same
//   output.)
// RUN: sed 's/ {llvm.align = 8 : i64}//' %s | wc-sim - | FileCheck %s
// RUN: sed 's/in\[.first\], .tile/in[\x25c1], \x25tile/' %s | not wc-sim - 2>&1 | FileCheck %s --check-prefix=SOURCE
// SOURCE: error: [block (0, 0, 0) warp 0 lane 0] copies 8 bytes with a source address that is not a multiple of 8 (element 1 of '{{.*}}', a buffer aligned to 256 bytes)
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    gpu.func @stage(%in: memref<128xi32>, %out: memref<128xi32>,
                    %sums: memref<32xi32>)
        workgroup(%tile: memref<128xi32, #gpu.address_space<workgroup>> {llvm.align = 8 : i64})
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c31 = arith.constant 31 : index
      %c128 = arith.constant 128 : index
      %t = gpu.thread_id x
      %first = arith.muli %t, %c4 : index
      %second = arith.addi %first, %c2 : index
      %last = arith.cmpi eq, %t, %c31 : index
      %count = arith.select %last, %c0, %c2 : index
      %a = nvgpu.device_async_copy %in[%first], %tile[%first], 2 : memref<128xi32> to memref<128xi32, #gpu.address_space<workgroup>>
      %g0 = nvgpu.device_async_create_group %a
      %b = nvgpu.device_async_copy %in[%second], %tile[%second], 2, %count : memref<128xi32> to memref<128xi32, #gpu.address_space<workgroup>>
      %g1 = nvgpu.device_async_create_group %b
      nvgpu.device_async_wait %g0 {numGroups = 1 : i32}
      %mine = memref.load %tile[%first] : memref<128xi32, #gpu.address_space<workgroup>>
      memref.store %mine, %sums[%t] : memref<32xi32>
      nvgpu.device_async_wait %g1 {numGroups = 0 : i32}
      gpu.barrier
      scf.for %k = %c0 to %c4 step %c1 {
        %i = arith.addi %first, %k : index
        %j0 = arith.addi %i, %c4 : index
        %j = arith.remui %j0, %c128 : index
        %v = memref.load %tile[%j] : memref<128xi32, #gpu.address_space<workgroup>>
        memref.store %v, %out[%i] : memref<128xi32>
      }
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %host = memref.alloc() : memref<128xi32>
    scf.for %i = %c0 to %c128 step %c1 {
      %v0 = arith.index_cast %i : index to i32
      %c100 = arith.constant 100 : i32
      %v = arith.addi %v0, %c100 : i32
      memref.store %v, %host[%i] : memref<128xi32>
    }
    %in = gpu.alloc () : memref<128xi32>
    %out = gpu.alloc () : memref<128xi32>
    %sums = gpu.alloc () : memref<32xi32>
    gpu.memcpy %in, %host : memref<128xi32>, memref<128xi32>
    gpu.launch_func @kernels::@stage blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%in : memref<128xi32>, %out : memref<128xi32>, %sums : memref<32xi32>)
    %r = memref.alloc() : memref<128xi32>
    gpu.memcpy %r, %out : memref<128xi32>, memref<128xi32>
    %u = memref.cast %r : memref<128xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %s = memref.alloc() : memref<32xi32>
    gpu.memcpy %s, %sums : memref<32xi32>, memref<32xi32>
    %w = memref.cast %s : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%w) : (memref<*xi32>) -> ()
    return
  }
}
