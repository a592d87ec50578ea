// CSR sparse matrix times vector, one row per thread, on a matrix with a
// few long rows (one row in 97 has 1000 nonzeros, the others 0-16) of
// 2^20 rows: the shape wc-collaborate is for. Prints the milliseconds per
// launch of 10 samples of 20 launches, then a checksum of y.
// Build: bench/collaborate/build.sh; run the executables on the GPU.
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
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %c17 = arith.constant 17 : index
    %c20 = arith.constant 20 : index
    %c97 = arith.constant 97 : index
    %c128 = arith.constant 128 : index
    %c1000 = arith.constant 1000 : index
    %n = arith.constant 1048576 : index
    %n1 = arith.constant 1048577 : index
    %blocks = arith.constant 8192 : index
    %zero = arith.constant 0 : i32
    %h_rowptr = memref.alloc(%n1) : memref<?xi32>
    memref.store %zero, %h_rowptr[%c0] : memref<?xi32>
    %nnz = scf.for %r = %c0 to %n step %c1 iter_args(%at = %c0) -> (index) {
      %m97 = arith.remui %r, %c97 : index
      %long = arith.cmpi eq, %m97, %c0 : index
      %r13 = arith.muli %r, %c13 : index
      %short = arith.remui %r13, %c17 : index
      %len = arith.select %long, %c1000, %short : index
      %end = arith.addi %at, %len : index
      %r1 = arith.addi %r, %c1 : index
      %end32 = arith.index_cast %end : index to i32
      memref.store %end32, %h_rowptr[%r1] : memref<?xi32>
      scf.yield %end : index
    }
    %h_cols = memref.alloc(%nnz) : memref<?xi32>
    %h_vals = memref.alloc(%nnz) : memref<?xi32>
    scf.for %k = %c0 to %nnz step %c1 {
      %k7 = arith.muli %k, %c7 : index
      %col = arith.remui %k7, %n : index
      %col32 = arith.index_cast %col : index to i32
      memref.store %col32, %h_cols[%k] : memref<?xi32>
      %m11 = arith.remui %k, %c11 : index
      %v32 = arith.index_cast %m11 : index to i32
      memref.store %v32, %h_vals[%k] : memref<?xi32>
    }
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
