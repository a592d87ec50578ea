// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-aggregate,wc-delegate{agents=3})' | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// b+tree findK (after Rodinia's b+tree): one 64-thread block per query
// walks a complete 64-ary tree of 3 levels (root, 64 inner nodes, 4096
// leaves; per node 64 sorted keys and 64 child or record indices). At
// every level each thread compares one key (and its right neighbour) with
// the query; the thread whose key range holds it writes its slot to a
// workgroup flag (atomic max, so that any keys, sorted or not, give one
// answer), a barrier, and every thread reads the flag and follows the child
// index (masked into range with remui). At the leaf the thread whose key
// equals the query marks its slot and thread 0 writes that record, or -1.
// 8 queries: 5 present, 3 absent (one between keys, one below and one
// above every key).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @findk(%keys: memref<?x64xi32>, %indices: memref<?x64xi32>,
                    %records: memref<?xi32>, %queries: memref<?xi32>,
                    %found: memref<?xi32>, %nnodes: index, %nrecords: index)
        workgroup(%sel: memref<4xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c63 = arith.constant 63 : index
      %zero = arith.constant 0 : i32
      %none = arith.constant -1 : i32
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %q = memref.load %queries[%b] : memref<?xi32>
      // Flags 0 and 1 (one per inner level) start at child 0, for a query
      // below every key; flag 2 (the leaf's) at -1, not found.
      %resets = arith.cmpi ult, %t, %c3 : index
      scf.if %resets {
        %isLeaf = arith.cmpi eq, %t, %c2 : index
        %init = arith.select %isLeaf, %none, %zero : i32
        memref.store %init, %sel[%t] : memref<4xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %leaf = scf.for %level = %c0 to %c2 step %c1 iter_args(%node = %c0) -> (index) {
        %k = memref.load %keys[%node, %t] : memref<?x64xi32>
        %isLast = arith.cmpi eq, %t, %c63 : index
        %t1 = arith.addi %t, %c1 : index
        %right = arith.select %isLast, %t, %t1 : index
        %kr = memref.load %keys[%node, %right] : memref<?x64xi32>
        %le = arith.cmpi sle, %k, %q : i32
        %gt = arith.cmpi sgt, %kr, %q : i32
        %below = arith.ori %isLast, %gt : i1
        %hit = arith.andi %le, %below : i1
        scf.if %hit {
          %ti = arith.index_cast %t : index to i32
          %old = memref.atomic_rmw maxs %ti, %sel[%level] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
        }
        gpu.barrier
        %slot = memref.load %sel[%level] : memref<4xi32, #gpu.address_space<workgroup>>
        %si = arith.index_castui %slot : i32 to index
        %child = memref.load %indices[%node, %si] : memref<?x64xi32>
        %ci = arith.index_castui %child : i32 to index
        %nextNode = arith.remui %ci, %nnodes : index
        scf.yield %nextNode : index
      }
      %lk = memref.load %keys[%leaf, %t] : memref<?x64xi32>
      %match = arith.cmpi eq, %lk, %q : i32
      scf.if %match {
        %ti = arith.index_cast %t : index to i32
        %old = memref.atomic_rmw maxs %ti, %sel[%c2] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
      }
      gpu.barrier
      %isFirst = arith.cmpi eq, %t, %c0 : index
      scf.if %isFirst {
        %m = memref.load %sel[%c2] : memref<4xi32, #gpu.address_space<workgroup>>
        %hasMatch = arith.cmpi sge, %m, %zero : i32
        %record = scf.if %hasMatch -> (i32) {
          %mi = arith.index_castui %m : i32 to index
          %r = memref.load %indices[%leaf, %mi] : memref<?x64xi32>
          %ri = arith.index_castui %r : i32 to index
          %rm = arith.remui %ri, %nrecords : index
          %v = memref.load %records[%rm] : memref<?xi32>
          scf.yield %v : i32
        } else {
          scf.yield %none : i32
        }
        memref.store %record, %found[%b] : memref<?xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c13 = arith.constant 13 : index
    %c37 = arith.constant 37 : index
    %c64 = arith.constant 64 : index
    %c65 = arith.constant 65 : index
    %c77 = arith.constant 77 : index
    %c448 = arith.constant 448 : index
    %c1009 = arith.constant 1009 : index
    %c1543 = arith.constant 1543 : index
    %c4096 = arith.constant 4096 : index
    %c7919 = arith.constant 7919 : index
    %nnodes = arith.constant 4161 : index
    %nrecords = arith.constant 262144 : index
    %one = arith.constant 1 : i32
    %c500_i32 = arith.constant 500 : i32
    %h_keys = memref.alloc(%nnodes) : memref<?x64xi32>
    %h_ind = memref.alloc(%nnodes) : memref<?x64xi32>
    %h_rec = memref.alloc(%nrecords) : memref<?xi32>
    %h_q = memref.alloc(%c8) : memref<?xi32>
    %h_found = memref.alloc(%c8) : memref<?xi32>
    // Node 0 is the root, nodes 1..64 the inner nodes, 65..4160 the leaves.
    // Leaf j holds keys 448 j + 7 s + (0..6) for its slots s and points at
    // records 64 j + s; an inner node's key for child c is the first key of
    // c's subtree.
    scf.for %node = %c0 to %nnodes step %c1 {
      scf.for %s = %c0 to %c64 step %c1 {
        %isRoot = arith.cmpi eq, %node, %c0 : index
        %isLeaf = arith.cmpi uge, %node, %c65 : index
        %inner = arith.subi %node, %c1 : index
        %innerBase = arith.muli %inner, %c64 : index
        %innerLeaf = arith.addi %innerBase, %s : index
        %rootLeaf = arith.muli %s, %c64 : index
        %leafLeaf = arith.subi %node, %c65 : index
        %l0 = arith.select %isRoot, %rootLeaf, %innerLeaf : index
        %leafNo = arith.select %isLeaf, %leafLeaf, %l0 : index
        %slot = arith.select %isLeaf, %s, %c0 : index
        %g0 = arith.muli %leafNo, %c64 : index
        %g = arith.addi %g0, %slot : index
        %h0 = arith.muli %g, %c7919 : index
        %h1 = arith.addi %h0, %c13 : index
        %h2 = arith.muli %h1, %g : index
        %h3 = arith.remui %h2, %c1009 : index
        %noise = arith.remui %h3, %c7 : index
        %k0 = arith.muli %leafNo, %c448 : index
        %k1 = arith.muli %slot, %c7 : index
        %k2 = arith.addi %k0, %k1 : index
        %key = arith.addi %k2, %noise : index
        %keyi = arith.index_cast %key : index to i32
        memref.store %keyi, %h_keys[%node, %s] : memref<?x64xi32>
        %rootChild = arith.addi %s, %c1 : index
        %innerChild = arith.addi %innerLeaf, %c65 : index
        %i0 = arith.select %isRoot, %rootChild, %innerChild : index
        %target = arith.select %isLeaf, %g, %i0 : index
        %targeti = arith.index_cast %target : index to i32
        memref.store %targeti, %h_ind[%node, %s] : memref<?x64xi32>
      }
    }
    scf.for %r = %c0 to %nrecords step %c1 {
      %a = arith.muli %r, %c7919 : index
      %b = arith.addi %a, %c13 : index
      %m = arith.muli %b, %r : index
      %v = arith.remui %m, %c1009 : index
      %vi = arith.index_cast %v : index to i32
      %rec = arith.subi %vi, %c500_i32 : i32
      memref.store %rec, %h_rec[%r] : memref<?xi32>
    }
    // Queries: keys of pseudo-random leaves, query 3 one past its key; the
    // last two below and above every key.
    scf.for %q = %c0 to %c8 step %c1 {
      %l0 = arith.muli %q, %c1543 : index
      %l1 = arith.addi %l0, %c77 : index
      %l = arith.remui %l1, %c4096 : index
      %node = arith.addi %l, %c65 : index
      %s0 = arith.muli %q, %c37 : index
      %s1 = arith.addi %s0, %c5 : index
      %s = arith.remui %s1, %c64 : index
      %key = memref.load %h_keys[%node, %s] : memref<?x64xi32>
      %r = arith.remui %q, %c4 : index
      %between = arith.cmpi eq, %r, %c3 : index
      %key1 = arith.addi %key, %one : i32
      %query = arith.select %between, %key1, %key : i32
      memref.store %query, %h_q[%q] : memref<?xi32>
    }
    %below = arith.constant -5 : i32
    %above = arith.constant 2000000 : i32
    memref.store %below, %h_q[%c6] : memref<?xi32>
    memref.store %above, %h_q[%c7] : memref<?xi32>
    %d_keys = gpu.alloc (%nnodes) : memref<?x64xi32>
    %d_ind = gpu.alloc (%nnodes) : memref<?x64xi32>
    %d_rec = gpu.alloc (%nrecords) : memref<?xi32>
    %d_q = gpu.alloc (%c8) : memref<?xi32>
    %d_found = gpu.alloc (%c8) : memref<?xi32>
    gpu.memcpy %d_keys, %h_keys : memref<?x64xi32>, memref<?x64xi32>
    gpu.memcpy %d_ind, %h_ind : memref<?x64xi32>, memref<?x64xi32>
    gpu.memcpy %d_rec, %h_rec : memref<?xi32>, memref<?xi32>
    gpu.memcpy %d_q, %h_q : memref<?xi32>, memref<?xi32>
    gpu.launch_func @kernels::@findk blocks in (%c8, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_keys : memref<?x64xi32>, %d_ind : memref<?x64xi32>, %d_rec : memref<?xi32>, %d_q : memref<?xi32>, %d_found : memref<?xi32>, %nnodes : index, %nrecords : index)
    gpu.memcpy %h_found, %d_found : memref<?xi32>, memref<?xi32>
    %u = memref.cast %h_found : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [8]
// CHECK-NEXT: [-52,  394,  -54,  -1,  -253,  127,  -1,  -1]
