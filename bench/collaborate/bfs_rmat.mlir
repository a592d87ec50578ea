// Breadth-first search with a queue on a power-law graph: the R-MAT graph
// of spmv_rmat.mlir (2^20 vertices, 2^24 directed edges, the same
// generator), in CSR form by source, searched from vertex 0 level by
// level. Each level launches @expand over the frontier, a vertex per
// thread: the vertex claims its unvisited neighbours with an atomic
// minimum of their level and pushes the ones it claimed to the next
// frontier, at a slot taken from a counter by an atomic addition; the
// host reads the next frontier's size and stops at an empty one.
// Prints the milliseconds per search of 10 samples of 5 searches, then a
// checksum of the levels: sum((level + 1) * (v mod 1000 + 1)) over the
// reached vertices v, times 2^20, plus their number.
// Build: bench/collaborate/build.sh; run on the GPU.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @expand(%rowptr: memref<?xi32>, %cols: memref<?xi32>,
                     %level: memref<?xi32>, %frontier: memref<?xi32>,
                     %size: memref<1xi32>, %queue: memref<?xi32>,
                     %count: memref<1xi32>, %depth: i32)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %one = arith.constant 1 : i32
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c128 : index
      %i = arith.addi %first, %t : index
      %n32 = memref.load %size[%c0] : memref<1xi32>
      %n = arith.index_cast %n32 : i32 to index
      %d1 = arith.addi %depth, %one : i32
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %v32 = memref.load %frontier[%i] : memref<?xi32>
        %v = arith.index_cast %v32 : i32 to index
        %lo32 = memref.load %rowptr[%v] : memref<?xi32>
        %v1 = arith.addi %v, %c1 : index
        %hi32 = memref.load %rowptr[%v1] : memref<?xi32>
        %lo = arith.index_cast %lo32 : i32 to index
        %hi = arith.index_cast %hi32 : i32 to index
        scf.for %k = %lo to %hi step %c1 {
          %u32 = memref.load %cols[%k] : memref<?xi32>
          %u = arith.index_cast %u32 : i32 to index
          %old = memref.atomic_rmw mins %d1, %level[%u] : (i32, memref<?xi32>) -> i32
          %claimed = arith.cmpi sgt, %old, %d1 : i32
          scf.if %claimed {
            %slot32 = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
            %slot = arith.index_cast %slot32 : i32 to index
            memref.store %u32, %queue[%slot] : memref<?xi32>
          }
        }
      }
      gpu.return
    }

    // The search's start: every level unreached but vertex 0's, the
    // frontier [0].
    gpu.func @reset(%level: memref<?xi32>, %frontier: memref<?xi32>,
                    %size: memref<1xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %inf = arith.constant 2147483647 : i32
      %i = gpu.global_id x
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %first = arith.cmpi eq, %i, %c0 : index
        %l = arith.select %first, %zero, %inf : i32
        memref.store %l, %level[%i] : memref<?xi32>
        scf.if %first {
          memref.store %zero, %frontier[%c0] : memref<?xi32>
          memref.store %one, %size[%c0] : memref<1xi32>
        }
      }
      gpu.return
    }
  }

  func.func private @wcTimerStart()
  func.func private @wcTimerStopMs() -> f64
  func.func private @printF64(f64)
  func.func private @printI64(i64)
  func.func private @printNewline()

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c10 = arith.constant 10 : index
    %c20 = arith.constant 20 : index
    %c127 = arith.constant 127 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c1000 = arith.constant 1000 : index
    %n = arith.constant 1048576 : index
    %n1 = arith.constant 1048577 : index
    %edges = arith.constant 16777216 : index
    %zero = arith.constant 0 : i32
    %true = arith.constant true
    %one = arith.constant 1 : i32
    %lcg_a = arith.constant 1103515245 : i32
    %lcg_c = arith.constant 12345 : i32
    %c16_i32 = arith.constant 16 : i32
    %c32767 = arith.constant 32767 : i32
    %p_a = arith.constant 18678 : i32
    %p_ab = arith.constant 24904 : i32
    %p_abc = arith.constant 31130 : i32
    // Edge e: 20 levels of quadrant choices, each from the LCG's bits
    // 16..30 against the cumulative probabilities (x 32768).
    %h_src = memref.alloc(%edges) : memref<?xi32>
    %h_dst = memref.alloc(%edges) : memref<?xi32>
    %last = scf.for %e = %c0 to %edges step %c1 iter_args(%state = %one) -> (i32) {
      %out:3 = scf.for %l = %c0 to %c20 step %c1 iter_args(%s = %state, %r = %c0, %c = %c0) -> (i32, index, index) {
        %sa = arith.muli %s, %lcg_a : i32
        %sn = arith.addi %sa, %lcg_c : i32
        %bits = arith.shrui %sn, %c16_i32 : i32
        %x = arith.andi %bits, %c32767 : i32
        %down = arith.cmpi sge, %x, %p_ab : i32
        %inA = arith.cmpi slt, %x, %p_a : i32
        %inC = arith.cmpi slt, %x, %p_abc : i32
        %notA = arith.xori %inA, %true : i1
        %inD = arith.xori %inC, %true : i1
        %isB = arith.xori %down, %true : i1
        %bRight = arith.andi %isB, %notA : i1
        %right = arith.ori %bRight, %inD : i1
        %rb = arith.select %down, %c1, %c0 : index
        %cb = arith.select %right, %c1, %c0 : index
        %r2 = arith.muli %r, %c2 : index
        %rn = arith.addi %r2, %rb : index
        %c2x = arith.muli %c, %c2 : index
        %cn = arith.addi %c2x, %cb : index
        scf.yield %sn, %rn, %cn : i32, index, index
      }
      %r32 = arith.index_cast %out#1 : index to i32
      %c32 = arith.index_cast %out#2 : index to i32
      memref.store %r32, %h_src[%e] : memref<?xi32>
      memref.store %c32, %h_dst[%e] : memref<?xi32>
      scf.yield %out#0 : i32
    }
    // Rows: counts, prefix sums, then each edge placed in its row.
    %h_rowptr = memref.alloc(%n1) : memref<?xi32>
    %h_fill = memref.alloc(%n) : memref<?xi32>
    scf.for %i = %c0 to %n1 step %c1 {
      memref.store %zero, %h_rowptr[%i] : memref<?xi32>
    }
    scf.for %i = %c0 to %n step %c1 {
      memref.store %zero, %h_fill[%i] : memref<?xi32>
    }
    scf.for %e = %c0 to %edges step %c1 {
      %r32 = memref.load %h_src[%e] : memref<?xi32>
      %r = arith.index_cast %r32 : i32 to index
      %r1 = arith.addi %r, %c1 : index
      %old = memref.load %h_rowptr[%r1] : memref<?xi32>
      %new = arith.addi %old, %one : i32
      memref.store %new, %h_rowptr[%r1] : memref<?xi32>
    }
    %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
      %i1 = arith.addi %i, %c1 : index
      %cnt = memref.load %h_rowptr[%i1] : memref<?xi32>
      %sum = arith.addi %acc, %cnt : i32
      memref.store %sum, %h_rowptr[%i1] : memref<?xi32>
      scf.yield %sum : i32
    }
    %h_cols = memref.alloc(%edges) : memref<?xi32>
    scf.for %e = %c0 to %edges step %c1 {
      %r32 = memref.load %h_src[%e] : memref<?xi32>
      %r = arith.index_cast %r32 : i32 to index
      %base = memref.load %h_rowptr[%r] : memref<?xi32>
      %k = memref.load %h_fill[%r] : memref<?xi32>
      %k1 = arith.addi %k, %one : i32
      memref.store %k1, %h_fill[%r] : memref<?xi32>
      %pos32 = arith.addi %base, %k : i32
      %pos = arith.index_cast %pos32 : i32 to index
      %c32 = memref.load %h_dst[%e] : memref<?xi32>
      memref.store %c32, %h_cols[%pos] : memref<?xi32>
    }
    %d_rowptr = gpu.alloc (%n1) : memref<?xi32>
    %d_cols = gpu.alloc (%edges) : memref<?xi32>
    %d_level = gpu.alloc (%n) : memref<?xi32>
    %d_a = gpu.alloc (%n) : memref<?xi32>
    %d_b = gpu.alloc (%n) : memref<?xi32>
    %d_na = gpu.alloc () : memref<1xi32>
    %d_nb = gpu.alloc () : memref<1xi32>
    gpu.memcpy %d_rowptr, %h_rowptr : memref<?xi32>, memref<?xi32>
    gpu.memcpy %d_cols, %h_cols : memref<?xi32>, memref<?xi32>
    %h_n = memref.alloc() : memref<1xi32>
    %h_zero = memref.alloc() : memref<1xi32>
    memref.store %zero, %h_zero[%c0] : memref<1xi32>
    %resetBlocks = arith.constant 4096 : index
    %searches = arith.constant 5.0 : f64
    scf.for %s = %c0 to %c10 step %c1 {
      func.call @wcTimerStart() : () -> ()
      scf.for %r = %c0 to %c5 step %c1 {
        gpu.launch_func @kernels::@reset blocks in (%resetBlocks, %c1, %c1) threads in (%c256, %c1, %c1)
            args(%d_level : memref<?xi32>, %d_a : memref<?xi32>,
                 %d_na : memref<1xi32>, %n : index)
        %zero32 = arith.constant 0 : i32
        %one32 = arith.constant 1 : i32
        %end:6 = scf.while (%f = %d_a, %fn = %d_na, %q = %d_b, %qn = %d_nb, %size = %c1, %depth = %zero32)
            : (memref<?xi32>, memref<1xi32>, memref<?xi32>, memref<1xi32>, index, i32)
            -> (memref<?xi32>, memref<1xi32>, memref<?xi32>, memref<1xi32>, index, i32) {
          %more = arith.cmpi ugt, %size, %c0 : index
          scf.condition(%more) %f, %fn, %q, %qn, %size, %depth : memref<?xi32>, memref<1xi32>, memref<?xi32>, memref<1xi32>, index, i32
        } do {
        ^bb0(%f: memref<?xi32>, %fn: memref<1xi32>, %q: memref<?xi32>, %qn: memref<1xi32>, %size: index, %depth: i32):
          gpu.memcpy %qn, %h_zero : memref<1xi32>, memref<1xi32>
          %s127 = arith.addi %size, %c127 : index
          %blocks = arith.divui %s127, %c128 : index
          gpu.launch_func @kernels::@expand blocks in (%blocks, %c1, %c1) threads in (%c128, %c1, %c1)
              args(%d_rowptr : memref<?xi32>, %d_cols : memref<?xi32>,
                   %d_level : memref<?xi32>, %f : memref<?xi32>,
                   %fn : memref<1xi32>, %q : memref<?xi32>,
                   %qn : memref<1xi32>, %depth : i32)
          gpu.memcpy %h_n, %qn : memref<1xi32>, memref<1xi32>
          %next32 = memref.load %h_n[%c0] : memref<1xi32>
          %next = arith.index_cast %next32 : i32 to index
          %depth1 = arith.addi %depth, %one32 : i32
          scf.yield %q, %qn, %f, %fn, %next, %depth1 : memref<?xi32>, memref<1xi32>, memref<?xi32>, memref<1xi32>, index, i32
        }
      }
      %ms = func.call @wcTimerStopMs() : () -> f64
      %per = arith.divf %ms, %searches : f64
      func.call @printF64(%per) : (f64) -> ()
      func.call @printNewline() : () -> ()
    }
    %h_level = memref.alloc(%n) : memref<?xi32>
    gpu.memcpy %h_level, %d_level : memref<?xi32>, memref<?xi32>
    %inf = arith.constant 2147483647 : i32
    %sum:2 = scf.for %v = %c0 to %n step %c1 iter_args(%acc = %c0, %reached = %c0) -> (index, index) {
      %l = memref.load %h_level[%v] : memref<?xi32>
      %hit = arith.cmpi ne, %l, %inf : i32
      %li = arith.index_cast %l : i32 to index
      %l1 = arith.addi %li, %c1 : index
      %vm = arith.remui %v, %c1000 : index
      %vm1 = arith.addi %vm, %c1 : index
      %w = arith.muli %l1, %vm1 : index
      %a = arith.addi %acc, %w : index
      %r1 = arith.addi %reached, %c1 : index
      %accNext = arith.select %hit, %a, %acc : index
      %reachedNext = arith.select %hit, %r1, %reached : index
      scf.yield %accNext, %reachedNext : index, index
    }
    %scaled = arith.muli %sum#0, %n : index
    %check = arith.addi %scaled, %sum#1 : index
    %check64 = arith.index_cast %check : index to i64
    func.call @printI64(%check64) : (i64) -> ()
    func.call @printNewline() : () -> ()
    return
  }
}
