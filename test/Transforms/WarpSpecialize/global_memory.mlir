// RUN: wc-opt %s -split-input-file --wc-specialize -verify-diagnostics | FileCheck %s

// Global memory that the copy of a tile loop loads and that the consumers
// write before a later copy: the producer warps run ahead of the consumers,
// so nothing would order their loads after those stores.

// The compute part stores into the buffer that a later tile's copy loads.
// CHECK-LABEL: gpu.func @compute_writes_copied
// CHECK-NOT: wc.warp_specialize
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the compute part writes memory that the copy may load ('memref.store'; the producer warps would load it before the store)}}
    gpu.func @compute_writes_copied(%a: memref<?xi32>, %n: index)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %base = arith.muli %i, %c64 : index
        %g = arith.addi %base, %t : index
        %v = memref.load %a[%g] : memref<?xi32>
        memref.store %v, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        %w1 = arith.addi %w, %one : i32
        %next = arith.addi %g, %c64 : index
        // expected-note @+1 {{here}}
        memref.store %w1, %a[%next] : memref<?xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// A thread stores an element before the loop that its copy loads in the
// first tile (at an index that depends on the tile, so the store is not
// forwarded).
// CHECK-LABEL: gpu.func @stores_before_loop
// CHECK-NOT: wc.warp_specialize
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the kernel before the tile loop writes memory that the copy may load ('memref.store'; the producer warps would load it before the store)}}
    gpu.func @stores_before_loop(%a: memref<?xi32>, %out: memref<?xi32>, %n: index)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %seven = arith.constant 7 : i32
      %t = gpu.thread_id x
      // expected-note @+1 {{here}}
      memref.store %seven, %a[%t] : memref<?xi32>
      %c64 = arith.constant 64 : index
      %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %seven) -> (i32) {
        %base = arith.muli %i, %c64 : index
        %g = arith.addi %base, %t : index
        %v = memref.load %a[%g] : memref<?xi32>
        memref.store %v, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        %acc2 = arith.addi %acc, %w : i32
        gpu.barrier
        scf.yield %acc2 : i32
      }
      memref.store %s, %out[%t] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// Two arguments, one loaded by the copy and one written by the compute part,
// with no launch in the module: they may be the same memory.
// CHECK-LABEL: gpu.func @two_arguments_unknown
// CHECK-NOT: wc.warp_specialize
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: arguments 0 (the copy loads it) and 1 (the consumers write it before a later copy) may be the same memory}}
    gpu.func @two_arguments_unknown(%in: memref<?xi32>, %out: memref<?xi32>, %n: index)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %base = arith.muli %i, %c64 : index
        %g = arith.addi %base, %t : index
        %v = memref.load %in[%g] : memref<?xi32>
        memref.store %v, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%g] : memref<?xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// The same kernel with both arguments marked llvm.noalias is split.
// CHECK-LABEL: gpu.func @two_arguments_noalias
// CHECK: wc.warp_specialize
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: 2 consumer warps}}
    gpu.func @two_arguments_noalias(%in: memref<?xi32> {llvm.noalias}, %out: memref<?xi32> {llvm.noalias}, %n: index)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %base = arith.muli %i, %c64 : index
        %g = arith.addi %base, %t : index
        %v = memref.load %in[%g] : memref<?xi32>
        memref.store %v, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%g] : memref<?xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// Launches decide: two allocations are apart; the same allocation twice is
// not, nor a host function's arguments without llvm.noalias.
// CHECK-LABEL: gpu.func @launched_apart
// CHECK: wc.warp_specialize
// CHECK-LABEL: gpu.func @launched_same
// CHECK-NOT: wc.warp_specialize
// CHECK-LABEL: gpu.func @launched_host_arguments
// CHECK-NOT: wc.warp_specialize
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: 2 consumer warps}}
    gpu.func @launched_apart(%in: memref<?xi32>, %out: memref<?xi32>, %n: index)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %base = arith.muli %i, %c64 : index
        %g = arith.addi %base, %t : index
        %v = memref.load %in[%g] : memref<?xi32>
        memref.store %v, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%g] : memref<?xi32>
        gpu.barrier
      }
      gpu.return
    }
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: arguments 0 (the copy loads it) and 1 (the consumers write it before a later copy) may be the same memory}}
    gpu.func @launched_same(%in: memref<?xi32>, %out: memref<?xi32>, %n: index)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %base = arith.muli %i, %c64 : index
        %g = arith.addi %base, %t : index
        %v = memref.load %in[%g] : memref<?xi32>
        memref.store %v, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%g] : memref<?xi32>
        gpu.barrier
      }
      gpu.return
    }
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: arguments 0 (the copy loads it) and 1 (the consumers write it before a later copy) may be the same memory}}
    gpu.func @launched_host_arguments(%in: memref<?xi32>, %out: memref<?xi32>, %n: index)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %base = arith.muli %i, %c64 : index
        %g = arith.addi %base, %t : index
        %v = memref.load %in[%g] : memref<?xi32>
        memref.store %v, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%g] : memref<?xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
  func.func @host(%x: memref<?xi32>, %y: memref<?xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %a = gpu.alloc (%n) : memref<?xi32>
    %b = gpu.alloc (%n) : memref<?xi32>
    gpu.launch_func @m::@launched_apart blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%a : memref<?xi32>, %b : memref<?xi32>, %n : index)
    gpu.launch_func @m::@launched_same blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%a : memref<?xi32>, %a : memref<?xi32>, %n : index)
    gpu.launch_func @m::@launched_host_arguments blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%x : memref<?xi32>, %y : memref<?xi32>, %n : index)
    return
  }
}
