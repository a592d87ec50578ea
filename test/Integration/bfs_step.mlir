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

// One level of breadth-first search (after Rodinia's BFS kernel), pulled
// rather than pushed so that every node writes only its own result: each
// thread owns a node, reads its 4 neighbours from a fixed-degree adjacency
// (masked into range with remui), and takes 1 + the cost of every neighbour
// in the frontier when that is lower than its own cost (-1: unvisited).
// Data-dependent branches, no barrier, no workgroup memory. 500 nodes in
// 4 blocks of 128 threads (the last partial); the frontier is the nodes at
// levels 2 and 3.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bfs_step(%adj: memref<?x4xi32>, %frontier: memref<?xi32>,
                       %cost: memref<?xi32>, %next: memref<?xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %none = arith.constant -1 : i32
      %inf = arith.constant 2147483647 : i32
      %node = gpu.global_id x
      %inside = arith.cmpi ult, %node, %n : index
      scf.if %inside {
        %own = memref.load %cost[%node] : memref<?xi32>
        %visited = arith.cmpi sge, %own, %zero : i32
        %start = arith.select %visited, %own, %inf : i32
        %best = scf.for %k = %c0 to %c4 step %c1 iter_args(%b = %start) -> (i32) {
          %a = memref.load %adj[%node, %k] : memref<?x4xi32>
          %ai = arith.index_castui %a : i32 to index
          %nbr = arith.remui %ai, %n : index
          %f = memref.load %frontier[%nbr] : memref<?xi32>
          %inFrontier = arith.cmpi ne, %f, %zero : i32
          %nb = scf.if %inFrontier -> (i32) {
            %cn = memref.load %cost[%nbr] : memref<?xi32>
            %cand = arith.addi %cn, %one : i32
            %m = arith.minsi %b, %cand : i32
            scf.yield %m : i32
          } else {
            scf.yield %b : i32
          }
          scf.yield %nb : i32
        }
        %reached = arith.cmpi ne, %best, %inf : i32
        %result = arith.select %reached, %best, %none : i32
        memref.store %result, %next[%node] : memref<?xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %c13 = arith.constant 13 : index
    %c29 = arith.constant 29 : index
    %c128 = arith.constant 128 : index
    %c1009 = arith.constant 1009 : index
    %c1013 = arith.constant 1013 : index
    %c7919 = arith.constant 7919 : index
    %c7927 = arith.constant 7927 : index
    %n = arith.constant 500 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %none = arith.constant -1 : i32
    %h_adj = memref.alloc(%n) : memref<?x4xi32>
    %h_front = memref.alloc(%n) : memref<?xi32>
    %h_cost = memref.alloc(%n) : memref<?xi32>
    %h_next = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %k = %c0 to %c4 step %c1 {
        %g0 = arith.muli %i, %c4 : index
        %g = arith.addi %g0, %k : index
        %a = arith.muli %g, %c7927 : index
        %b = arith.addi %a, %c29 : index
        %m = arith.muli %b, %g : index
        %q = arith.remui %m, %c1013 : index
        %qi = arith.index_cast %q : index to i32
        memref.store %qi, %h_adj[%i, %k] : memref<?x4xi32>
      }
      // Levels 0..3, a third of the nodes unvisited; the frontier is the
      // nodes at levels 2 and 3.
      %a = arith.muli %i, %c7919 : index
      %b = arith.addi %a, %c13 : index
      %m = arith.muli %b, %i : index
      %h = arith.remui %m, %c1009 : index
      %lev = arith.remui %h, %c6 : index
      %visited = arith.cmpi ult, %lev, %c4 : index
      %levi = arith.index_cast %lev : index to i32
      %cost = arith.select %visited, %levi, %none : i32
      %deep = arith.cmpi uge, %lev, %c2 : index
      %inFrontier = arith.andi %visited, %deep : i1
      %front = arith.select %inFrontier, %one, %zero : i32
      memref.store %cost, %h_cost[%i] : memref<?xi32>
      memref.store %front, %h_front[%i] : memref<?xi32>
    }
    %d_adj = gpu.alloc (%n) : memref<?x4xi32>
    %d_front = gpu.alloc (%n) : memref<?xi32>
    %d_cost = gpu.alloc (%n) : memref<?xi32>
    %d_next = gpu.alloc (%n) : memref<?xi32>
    gpu.memcpy %d_adj, %h_adj : memref<?x4xi32>, memref<?x4xi32>
    gpu.memcpy %d_front, %h_front : memref<?xi32>, memref<?xi32>
    gpu.memcpy %d_cost, %h_cost : memref<?xi32>, memref<?xi32>
    gpu.launch_func @kernels::@bfs_step blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%d_adj : memref<?x4xi32>, %d_front : memref<?xi32>, %d_cost : memref<?xi32>, %d_next : memref<?xi32>, %n : index)
    gpu.memcpy %h_next, %d_next : memref<?xi32>, memref<?xi32>
    %u = memref.cast %h_next : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [500]
// CHECK-NEXT: [0,  3,  3,  2,  1,  0,  0,  0,  0,  1,  2,  3,  3,  0,  2,  3,  1,  3,  1,  4,  3,  1,  0,  -1,  3,  3,  3,  3,  3,  4,  3,  0,  1,  3,  4,  2,  3,  2,  3,  3,  1,  3,  3,  2,  1,  1,  1,  1,  1,  2,  3,  3,  0,  2,  4,  0,  3,  0,  3,  2,  0,  3,  3,  2,  1,  0,  0,  0,  1,  2,  3,  3,  0,  2,  -1,  0,  3,  1,  3,  2,  0,  3,  3,  2,  1,  1,  1,  1,  2,  2,  4,  3,  1,  3,  4,  2,  -1,  2,  0,  3,  2,  0,  -1,  4,  3,  3,  3,  3,  3,  4,  0,  1,  3,  3,  2,  4,  1,  3,  2,  0,  4,  3,  2,  1,  0,  0,  0,  1,  1,  2,  3,  3,  1,  3,  0,  2,  -1,  3,  0,  4,  3,  1,  0,  3,  -1,  3,  4,  3,  0,  1,  2,  3,  0,  2,  3,  2,  4,  2,  0,  4,  2,  1,  0,  4,  3,  4,  3,  -1,  0,  1,  3,  3,  0,  3,  -1,  2,  3,  3,  1,  -1,  3,  2,  1,  0,  0,  0,  0,  1,  1,  3,  4,  0,  2,  4,  1,  4,  1,  3,  3,  1,  3,  4,  3,  3,  2,  2,  3,  3,  4,  -1,  1,  3,  3,  1,  3,  1,  -1,  2,  0,  3,  3,  2,  1,  0,  0,  0,  1,  1,  2,  3,  4,  1,  3,  0,  2,  0,  3,  1,  4,  3,  2,  1,  0,  3,  3,  3,  0,  0,  1,  3,  3,  0,  3,  4,  2,  3,  3,  1,  3,  3,  2,  1,  0,  0,  3,  0,  0,  1,  2,  3,  3,  1,  -1,  0,  3,  0,  -1,  2,  0,  4,  3,  2,  2,  1,  1,  1,  2,  3,  4,  0,  1,  3,  0,  2,  3,  3,  0,  3,  2,  1,  0,  3,  3,  -1,  3,  3,  4,  0,  1,  3,  3,  1,  3,  0,  3,  0,  -1,  2,  0,  -1,  4,  3,  3,  2,  2,  3,  3,  3,  0,  1,  3,  0,  2,  -1,  2,  3,  3,  1,  0,  3,  3,  2,  2,  2,  2,  2,  3,  3,  0,  1,  3,  0,  2,  -1,  2,  0,  4,  2,  0,  -1,  3,  3,  3,  3,  3,  3,  3,  4,  1,  3,  3,  1,  4,  1,  -1,  1,  3,  3,  2,  1,  0,  3,  4,  3,  -1,  0,  1,  2,  3,  -1,  1,  4,  0,  3,  1,  3,  2,  0,  3,  4,  3,  2,  2,  2,  3,  3,  3,  3,  1,  3,  3,  2,  4,  1,  3,  3,  1,  3,  3,  2,  2,  1,  1,  1,  1,  2,  3,  3,  0,  2,  4,  1,  4,  1,  3,  2,  0,  3,  3,  2,  1,  1,  1,  1,  2,  2,  3,  3,  1,  3,  3,  1,  -1,  2,  4,  3,  1,  4,  -1,  3,  3,  2,  2,  2,  3,  3,  4,  0,  2,  -1,  1,  3,  0,  3,  1,  4,  3,  2,  1,  0,  4,  3,  3,  4,  0,  1,  2,  3,  3,  1,  3,  1,  -1,  1,  -1,  3,  1,  3,  3,  3]
