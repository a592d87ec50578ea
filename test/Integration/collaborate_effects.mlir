// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reorder-atomics=true})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reorder-atomics=true},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reorder-atomics=true block-range=100})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reorder-atomics=true flatten=always long-range=1000000 block-range=0},wc-aggregate-atomics)' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reorder-atomics=true block-range=100},wc-aggregate-atomics,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s %collaborated | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reorder-atomics=true grid-range=50 grid-chunk=1})' 2>%t.grid.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=GRID < %t.grid.err
// RUN: wc-sim %s --resident-blocks=4 --schedule-seed=2 --pass-pipeline='builtin.module(wc-collaborate{reorder-atomics=true grid-range=50 grid-chunk=1})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{reorder-atomics=true grid-range=50 grid-chunk=1},wc-aggregate-atomics,gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: wc-opt %s --wc-collaborate=reorder-atomics=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=REORDER
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.collaborated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.reordered.out %}

// wc-collaborate on loops that write memory: a vertex per thread over a
// graph of 200 vertices in CSR form whose degrees are skewed (vertex 7
// has 300 neighbours, 50 has 120, 0 has 40, the others v mod 5).
//
// @scatter stores an element per iteration (index k) and counts the
// neighbours' classes with atomics whose values it does not use, on a
// buffer the kernel only updates so: taken by default.
//
// @expand is one level of a breadth-first search with a queue: each
// frontier vertex claims its unvisited neighbours with an atomic minimum
// of their level and pushes the ones it claimed to the next frontier,
// each at a slot taken from a counter by an atomic addition. The body uses
// the values its atomics return, so it is taken only with
// reorder-atomics: the queue then holds the same vertices in another
// order, and the levels, the frontiers' sizes and their sums are those of
// the original program. With grid-range=50, @expand's ranges over 50
// neighbours are jobs of the launch (chunks of 64 iterations), which run
// its queue pushes and atomic minima from whichever block takes them;
// @scatter's body uses a value of its thread from outside the loop, so it
// has no grid level (nor a block level).
// GRID: remark: wc-collaborate: {{.*}}; no grid level: the body uses a value that differs between blocks or threads
// GRID: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 50 iterations by the grid, in chunks of 64 that any block takes,
// DEFAULT: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (long ranges by the whole warp, the others flattened or per thread; 0 reductions)
// DEFAULT-NEXT: gpu.func @scatter
// DEFAULT: remark: wc-collaborate: loop left per thread: the loop body stores to a slot taken from a counter, whose order would change (reorder-atomics allows it)
// DEFAULT: note: here
// DEFAULT-NEXT: memref.store %u32, %queue[%slot]
// REORDER: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (long ranges by the whole warp, the others flattened or per thread; 0 reductions)
// REORDER-NEXT: gpu.func @scatter
// REORDER: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 512 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 0 reductions)
// REORDER-NEXT: gpu.func @expand

// The classes of the neighbours (column mod 8).
// CHECK: [108,  107,  107,  108,  107,  107,  107,  107]
// The checksum of out[k] = 2 col + row.
// CHECK-NEXT: 218684
// Per level: the frontier's size and the sum of its vertices.
// CHECK: [1,  40,  53,  105,  1,  0,  0,  0]
// CHECK: [0,  3900,  5050,  10753,  197,  0,  0,  0]
// The levels of the vertices, then how many have each level.
// CHECK: [0,  2,  2,  1,  3,  3,  3,  3,  3,  2,  1,  1,  2,  2,  3,  3,  3,  1,  1,  3,
// CHECK-SAME: 1,  1,  4,  3,  3]
// CHECK: [1,  40,  53,  105,  1,  0,  0,  0]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scatter(%rowptr: memref<201xi32>, %cols: memref<?xi32>,
                      %classes: memref<8xi32>, %out: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c200 = arith.constant 200 : index
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %in = arith.cmpi ult, %row, %c200 : index
      scf.if %in {
        %lo32 = memref.load %rowptr[%row] : memref<201xi32>
        %next = arith.addi %row, %c1 : index
        %hi32 = memref.load %rowptr[%next] : memref<201xi32>
        %lo = arith.index_cast %lo32 : i32 to index
        %hi = arith.index_cast %hi32 : i32 to index
        %row32 = arith.index_cast %row : index to i32
        scf.for %k = %lo to %hi step %c1 {
          %col32 = memref.load %cols[%k] : memref<?xi32>
          %col = arith.index_cast %col32 : i32 to index
          %class = arith.remui %col, %c8 : index
          %unused = memref.atomic_rmw addi %one, %classes[%class] : (i32, memref<8xi32>) -> i32
          %twice = arith.muli %col32, %two : i32
          %v = arith.addi %twice, %row32 : i32
          memref.store %v, %out[%k] : memref<?xi32>
        }
      }
      gpu.return
    }

    gpu.func @expand(%rowptr: memref<201xi32>, %cols: memref<?xi32>,
                     %level: memref<200xi32>, %frontier: memref<200xi32>,
                     %size: memref<1xi32>, %queue: memref<200xi32>,
                     %count: memref<1xi32>, %depth: i32)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %one = arith.constant 1 : i32
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %i = arith.addi %first, %t : index
      %n32 = memref.load %size[%c0] : memref<1xi32>
      %n = arith.index_cast %n32 : i32 to index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %v32 = memref.load %frontier[%i] : memref<200xi32>
        %v = arith.index_cast %v32 : i32 to index
        %lo32 = memref.load %rowptr[%v] : memref<201xi32>
        %v1 = arith.addi %v, %c1 : index
        %hi32 = memref.load %rowptr[%v1] : memref<201xi32>
        %lo = arith.index_cast %lo32 : i32 to index
        %hi = arith.index_cast %hi32 : i32 to index
        // The same in every thread: copied before the condition when the
        // loop is split out of it, so that the block level may run it.
        %d1 = arith.addi %depth, %one : i32
        scf.for %k = %lo to %hi step %c1 {
          %u32 = memref.load %cols[%k] : memref<?xi32>
          %u = arith.index_cast %u32 : i32 to index
          %old = memref.atomic_rmw mins %d1, %level[%u] : (i32, memref<200xi32>) -> i32
          %claimed = arith.cmpi sgt, %old, %d1 : i32
          scf.if %claimed {
            %slot32 = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
            %slot = arith.index_cast %slot32 : i32 to index
            memref.store %u32, %queue[%slot] : memref<200xi32>
          }
        }
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printI64(i64)
  func.func private @printNewline()

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c11 = arith.constant 11 : index
    %c37 = arith.constant 37 : index
    %c40 = arith.constant 40 : index
    %c50 = arith.constant 50 : index
    %c64 = arith.constant 64 : index
    %c120 = arith.constant 120 : index
    %c200 = arith.constant 200 : index
    %c300 = arith.constant 300 : index
    %zero = arith.constant 0 : i32
    %inf = arith.constant 2147483647 : i32
    %h_rowptr = memref.alloc() : memref<201xi32>
    memref.store %zero, %h_rowptr[%c0] : memref<201xi32>
    %edges = scf.for %v = %c0 to %c200 step %c1 iter_args(%at = %c0) -> (index) {
      %m5 = arith.remui %v, %c5 : index
      %is7 = arith.cmpi eq, %v, %c7 : index
      %is50 = arith.cmpi eq, %v, %c50 : index
      %is0 = arith.cmpi eq, %v, %c0 : index
      %da = arith.select %is7, %c300, %m5 : index
      %db = arith.select %is50, %c120, %da : index
      %deg = arith.select %is0, %c40, %db : index
      %end = arith.addi %at, %deg : index
      %v1 = arith.addi %v, %c1 : index
      %end32 = arith.index_cast %end : index to i32
      memref.store %end32, %h_rowptr[%v1] : memref<201xi32>
      scf.yield %end : index
    }
    // cols[k] = (37 k + 11) mod 200.
    %h_cols = memref.alloc(%edges) : memref<?xi32>
    scf.for %k = %c0 to %edges step %c1 {
      %k37 = arith.muli %k, %c37 : index
      %k11 = arith.addi %k37, %c11 : index
      %col = arith.remui %k11, %c200 : index
      %col32 = arith.index_cast %col : index to i32
      memref.store %col32, %h_cols[%k] : memref<?xi32>
    }
    %d_rowptr = gpu.alloc () : memref<201xi32>
    %d_cols = gpu.alloc (%edges) : memref<?xi32>
    gpu.memcpy %d_rowptr, %h_rowptr : memref<201xi32>, memref<201xi32>
    gpu.memcpy %d_cols, %h_cols : memref<?xi32>, memref<?xi32>

    // @scatter.
    %h_classes = memref.alloc() : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      memref.store %zero, %h_classes[%i] : memref<8xi32>
    }
    %d_classes = gpu.alloc () : memref<8xi32>
    %d_out = gpu.alloc (%edges) : memref<?xi32>
    gpu.memcpy %d_classes, %h_classes : memref<8xi32>, memref<8xi32>
    gpu.launch_func @kernels::@scatter blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_rowptr : memref<201xi32>, %d_cols : memref<?xi32>,
             %d_classes : memref<8xi32>, %d_out : memref<?xi32>)
    gpu.memcpy %h_classes, %d_classes : memref<8xi32>, memref<8xi32>
    %u_classes = memref.cast %h_classes : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u_classes) : (memref<*xi32>) -> ()
    %h_out = memref.alloc(%edges) : memref<?xi32>
    gpu.memcpy %h_out, %d_out : memref<?xi32>, memref<?xi32>
    %sum = scf.for %k = %c0 to %edges step %c1 iter_args(%acc = %c0) -> (index) {
      %v = memref.load %h_out[%k] : memref<?xi32>
      %vi = arith.index_cast %v : i32 to index
      %a = arith.addi %acc, %vi : index
      scf.yield %a : index
    }
    %sum64 = arith.index_cast %sum : index to i64
    call @printI64(%sum64) : (i64) -> ()
    call @printNewline() : () -> ()

    // Breadth-first search from vertex 0, 8 levels.
    %h_level = memref.alloc() : memref<200xi32>
    scf.for %v = %c0 to %c200 step %c1 {
      memref.store %inf, %h_level[%v] : memref<200xi32>
    }
    memref.store %zero, %h_level[%c0] : memref<200xi32>
    %h_queue = memref.alloc() : memref<200xi32>
    scf.for %v = %c0 to %c200 step %c1 {
      memref.store %zero, %h_queue[%v] : memref<200xi32>
    }
    %h_one = memref.alloc() : memref<1xi32>
    %one32 = arith.constant 1 : i32
    memref.store %one32, %h_one[%c0] : memref<1xi32>
    %h_zero = memref.alloc() : memref<1xi32>
    memref.store %zero, %h_zero[%c0] : memref<1xi32>
    %d_level = gpu.alloc () : memref<200xi32>
    %d_a = gpu.alloc () : memref<200xi32>
    %d_b = gpu.alloc () : memref<200xi32>
    %d_na = gpu.alloc () : memref<1xi32>
    %d_nb = gpu.alloc () : memref<1xi32>
    gpu.memcpy %d_level, %h_level : memref<200xi32>, memref<200xi32>
    gpu.memcpy %d_a, %h_queue : memref<200xi32>, memref<200xi32>
    gpu.memcpy %d_b, %h_queue : memref<200xi32>, memref<200xi32>
    gpu.memcpy %d_na, %h_one : memref<1xi32>, memref<1xi32>
    %h_sizes = memref.alloc() : memref<8xi32>
    %h_sums = memref.alloc() : memref<8xi32>
    %h_n = memref.alloc() : memref<1xi32>
    scf.for %d = %c0 to %c8 step %c1 iter_args(%f = %d_a, %fn = %d_na, %q = %d_b, %qn = %d_nb) -> (memref<200xi32>, memref<1xi32>, memref<200xi32>, memref<1xi32>) {
      // The frontier's size and sum.
      gpu.memcpy %h_n, %fn : memref<1xi32>, memref<1xi32>
      gpu.memcpy %h_queue, %f : memref<200xi32>, memref<200xi32>
      %n32 = memref.load %h_n[%c0] : memref<1xi32>
      memref.store %n32, %h_sizes[%d] : memref<8xi32>
      %n = arith.index_cast %n32 : i32 to index
      %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %h_queue[%i] : memref<200xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %s, %h_sums[%d] : memref<8xi32>
      gpu.memcpy %qn, %h_zero : memref<1xi32>, memref<1xi32>
      %d32 = arith.index_cast %d : index to i32
      gpu.launch_func @kernels::@expand blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1)
          args(%d_rowptr : memref<201xi32>, %d_cols : memref<?xi32>,
               %d_level : memref<200xi32>, %f : memref<200xi32>,
               %fn : memref<1xi32>, %q : memref<200xi32>,
               %qn : memref<1xi32>, %d32 : i32)
      scf.yield %q, %qn, %f, %fn : memref<200xi32>, memref<1xi32>, memref<200xi32>, memref<1xi32>
    }
    %u_sizes = memref.cast %h_sizes : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u_sizes) : (memref<*xi32>) -> ()
    %u_sums = memref.cast %h_sums : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u_sums) : (memref<*xi32>) -> ()
    gpu.memcpy %h_level, %d_level : memref<200xi32>, memref<200xi32>
    %u_level = memref.cast %h_level : memref<200xi32> to memref<*xi32>
    call @printMemrefI32(%u_level) : (memref<*xi32>) -> ()
    // How many vertices have each level.
    scf.for %i = %c0 to %c8 step %c1 {
      memref.store %zero, %h_sizes[%i] : memref<8xi32>
    }
    scf.for %v = %c0 to %c200 step %c1 {
      %l = memref.load %h_level[%v] : memref<200xi32>
      %reached = arith.cmpi ne, %l, %inf : i32
      scf.if %reached {
        %li = arith.index_cast %l : i32 to index
        %old = memref.load %h_sizes[%li] : memref<8xi32>
        %new = arith.addi %old, %one32 : i32
        memref.store %new, %h_sizes[%li] : memref<8xi32>
      }
    }
    call @printMemrefI32(%u_sizes) : (memref<*xi32>) -> ()
    return
  }
}
