// CSR sparse matrix times vector, one row per thread, on a power-law
// matrix: an R-MAT graph of 2^20 vertices and 2^24 edges (quadrant
// probabilities 0.57, 0.19, 0.19, 0.05, from a fixed seed), an average of
// 16 nonzeros per row, most rows nearly empty and a few with thousands.
// Prints the milliseconds per launch of 10 samples of 20 launches, then a
// checksum of y. Build: bench/collaborate/build.sh; run on the GPU.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @spmv(%rowptr: memref<?xi32>, %cols: memref<?xi32>,
                   %vals: memref<?xi32>, %x: memref<?xi32>,
                   %y: memref<?xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c128 : index
      %row = arith.addi %first, %t : index
      %in = arith.cmpi ult, %row, %n : index
      scf.if %in {
        %lo32 = memref.load %rowptr[%row] : memref<?xi32>
        %next = arith.addi %row, %c1 : index
        %hi32 = memref.load %rowptr[%next] : memref<?xi32>
        %lo = arith.index_cast %lo32 : i32 to index
        %hi = arith.index_cast %hi32 : i32 to index
        %zero = arith.constant 0 : i32
        %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
          %col32 = memref.load %cols[%k] : memref<?xi32>
          %col = arith.index_cast %col32 : i32 to index
          %a = memref.load %vals[%k] : memref<?xi32>
          %xv = memref.load %x[%col] : memref<?xi32>
          %p = arith.muli %a, %xv : i32
          %sum2 = arith.addi %sum, %p : i32
          scf.yield %sum2 : i32
        }
        memref.store %s, %y[%row] : memref<?xi32>
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
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %c20 = arith.constant 20 : index
    %c128 = arith.constant 128 : index
    %n = arith.constant 1048576 : index
    %n1 = arith.constant 1048577 : index
    %edges = arith.constant 16777216 : index
    %blocks = arith.constant 8192 : index
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
    %h_vals = memref.alloc(%edges) : memref<?xi32>
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
      %m11 = arith.remui %e, %c11 : index
      %v32 = arith.index_cast %m11 : index to i32
      memref.store %v32, %h_vals[%pos] : memref<?xi32>
    }
    %nnz = arith.constant 16777216 : index
    %h_x = memref.alloc(%n) : memref<?xi32>
    scf.for %c = %c0 to %n step %c1 {
      %m13 = arith.remui %c, %c13 : index
      %v32 = arith.index_cast %m13 : index to i32
      memref.store %v32, %h_x[%c] : memref<?xi32>
    }
    %d_rowptr = gpu.alloc (%n1) : memref<?xi32>
    %d_cols = gpu.alloc (%nnz) : memref<?xi32>
    %d_vals = gpu.alloc (%nnz) : memref<?xi32>
    %d_x = gpu.alloc (%n) : memref<?xi32>
    %d_y = gpu.alloc (%n) : memref<?xi32>
    gpu.memcpy %d_rowptr, %h_rowptr : memref<?xi32>, memref<?xi32>
    gpu.memcpy %d_cols, %h_cols : memref<?xi32>, memref<?xi32>
    gpu.memcpy %d_vals, %h_vals : memref<?xi32>, memref<?xi32>
    gpu.memcpy %d_x, %h_x : memref<?xi32>, memref<?xi32>
    %launches = arith.constant 20.0 : f64
    scf.for %s = %c0 to %c10 step %c1 {
      func.call @wcTimerStart() : () -> ()
      scf.for %l = %c0 to %c20 step %c1 {
        gpu.launch_func @kernels::@spmv blocks in (%blocks, %c1, %c1) threads in (%c128, %c1, %c1)
            args(%d_rowptr : memref<?xi32>, %d_cols : memref<?xi32>,
                 %d_vals : memref<?xi32>, %d_x : memref<?xi32>,
                 %d_y : memref<?xi32>, %n : index)
      }
      %ms = func.call @wcTimerStopMs() : () -> f64
      %per = arith.divf %ms, %launches : f64
      func.call @printF64(%per) : (f64) -> ()
      func.call @printNewline() : () -> ()
    }
    %h_y = memref.alloc(%n) : memref<?xi32>
    gpu.memcpy %h_y, %d_y : memref<?xi32>, memref<?xi32>
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
      %v = memref.load %h_y[%i] : memref<?xi32>
      %vi = arith.index_cast %v : i32 to index
      %i1 = arith.addi %i, %c1 : index
      %w = arith.muli %vi, %i1 : index
      %a = arith.addi %acc, %w : index
      scf.yield %a : index
    }
    %sum64 = arith.index_cast %sum : index to i64
    func.call @printI64(%sum64) : (i64) -> ()
    func.call @printNewline() : () -> ()
    return
  }
}
