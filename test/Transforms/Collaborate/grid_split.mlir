// RUN: wc-opt %s -split-input-file --wc-collaborate="grid-range=100 grid-split=1" -verify-diagnostics | FileCheck %s

// The grid level in launches of its own (grid-split=1): the kernel's ranges
// over grid-range run in two launches before the kernel's, with its grid,
// block and arguments plus their state. Where the kernel does not allow it,
// the grid level stays in the kernel and the remark says why.

// The launch of jobs computes the bounds again and takes a job and chunk
// numbers for each long range (two atomics on the head words); the launch
// of chunks runs each chunk by a warp and sets a job of one chunk, or adds
// to one of more; the kernel looks up each long range's job (its word, the
// job's lo and count) and resets the head words for the next launches.
// CHECK-LABEL: gpu.func @split(
// CHECK-SAME: %[[HEAD:[a-z0-9]+]]: memref<2xi32>, %[[CHUNKS:[a-z0-9]+]]: memref<65536xi32>, %[[RECORDS:[a-z0-9]+]]: memref<49152xi64>, %[[JOBOF:[a-z0-9]+]]: memref<256xi32>, %[[ACC:[a-z0-9]+]]: memref<16384xi32>)
// CHECK: memref.store %{{.*}}, %[[HEAD]][%{{.*}}] : memref<2xi32>
// CHECK: memref.store %{{.*}}, %[[HEAD]][%{{.*}}] : memref<2xi32>
// CHECK: memref.load %[[JOBOF]]
// CHECK: memref.load %[[RECORDS]]
// CHECK: memref.load %[[RECORDS]]
// CHECK: memref.load %[[ACC]]
// CHECK-LABEL: gpu.func @split_grid_chunks(
// CHECK-SAME: %[[HEAD:[a-z0-9]+]]: memref<2xi32>, %[[CHUNKS:[a-z0-9]+]]: memref<65536xi32>, %[[RECORDS:[a-z0-9]+]]: memref<49152xi64>, %{{.*}}: memref<256xi32>, %[[ACC:[a-z0-9]+]]: memref<16384xi32>)
// CHECK-NOT: gpu.barrier
// CHECK: memref.load %[[HEAD]]
// CHECK: scf.for
// CHECK: memref.load %[[CHUNKS]]
// CHECK: wc.reduce add
// CHECK: memref.store %{{.*}}, %[[ACC]]
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[ACC]]
// CHECK-LABEL: gpu.func @split_grid_jobs(
// CHECK-SAME: %[[HEAD:[a-z0-9]+]]: memref<2xi32>, %[[CHUNKS:[a-z0-9]+]]: memref<65536xi32>, %[[RECORDS:[a-z0-9]+]]: memref<49152xi64>, %[[JOBOF:[a-z0-9]+]]: memref<256xi32>, %[[ACC:[a-z0-9]+]]: memref<16384xi32>)
// CHECK: memref.load %arg0
// CHECK: memref.load %arg0
// CHECK: arith.cmpi sgt, %{{.*}}, %c100
// CHECK: memref.atomic_rmw addi %c1_i32, %[[HEAD]]
// CHECK: memref.atomic_rmw addi %{{.*}}, %[[HEAD]]
// CHECK: memref.store %{{.*}}, %[[CHUNKS]]
// CHECK: memref.store %{{.*}}, %[[JOBOF]]
// CHECK: memref.store %{{.*}}, %[[RECORDS]]
// CHECK: memref.store %{{.*}}, %[[ACC]]
// CHECK-LABEL: func.func @run
// CHECK: gpu.launch_func @kernels::@split_grid_jobs blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%arg0 : memref<?xi32>, %arg1 : memref<?xi32>, %arg2 : memref<?xi32>, %arg3 : memref<?xi32>, %[[S0:.*]] : memref<2xi32>, %[[S1:.*]] : memref<65536xi32>, %[[S2:.*]] : memref<49152xi64>, %[[S3:.*]] : memref<256xi32>, %[[S4:.*]] : memref<16384xi32>)
// CHECK-NEXT: gpu.launch_func @kernels::@split_grid_chunks blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%arg0 : memref<?xi32>, %arg1 : memref<?xi32>, %arg2 : memref<?xi32>, %arg3 : memref<?xi32>, %[[S0]] : memref<2xi32>, %[[S1]] : memref<65536xi32>, %[[S2]] : memref<49152xi64>, %[[S3]] : memref<256xi32>, %[[S4]] : memref<16384xi32>)
// CHECK-NEXT: gpu.launch_func @kernels::@split blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%arg0 : memref<?xi32>, %arg1 : memref<?xi32>, %arg2 : memref<?xi32>, %arg3 : memref<?xi32>, %[[S0]] : memref<2xi32>, %[[S1]] : memref<65536xi32>, %[[S2]] : memref<49152xi64>, %[[S3]] : memref<256xi32>, %[[S4]] : memref<16384xi32>)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 100 iterations by the grid, in launches of their own before the kernel's (@split_grid_jobs, @split_grid_chunks) in chunks of 2048 per warp, ranges over 512 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 1 reduction)}}
    gpu.func @split(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32> {llvm.noalias}, %vals: memref<?xi32> {llvm.noalias}, %y: memref<?xi32> {llvm.noalias}, %p: memref<?xi32> {llvm.noalias}) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@split blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %p : memref<?xi32>)
    return
  }
}

// -----

// An asynchronous launch: the launches before it take its dependencies,
// each waits for the one before, and it for the launch of chunks.
// CHECK-LABEL: func.func @run
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK: %[[JOBS:.*]] = gpu.launch_func async [%[[T0]]] @kernels::@async_grid_jobs
// CHECK-NEXT: %[[CHUNKS:.*]] = gpu.launch_func async [%[[JOBS]]] @kernels::@async_grid_chunks
// CHECK-NEXT: %[[T:.*]] = gpu.launch_func async [%[[CHUNKS]]] @kernels::@async blocks
// CHECK-NEXT: gpu.wait [%[[T]]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{in launches of their own before the kernel's (@async_grid_jobs, @async_grid_chunks)}}
    gpu.func @async(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32> {llvm.noalias}, %vals: memref<?xi32> {llvm.noalias}, %y: memref<?xi32> {llvm.noalias}, %p: memref<?xi32> {llvm.noalias}) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %t0 = gpu.wait async
    %t = gpu.launch_func async [%t0] @kernels::@async blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %p : memref<?xi32>)
    gpu.wait [%t]
    return
  }
}

// -----

// The body stores: the launch of chunks would store before the kernel runs.
// CHECK-LABEL: gpu.func @body_stores(
// CHECK-NOT: gpu.func @body_stores_grid_jobs
// CHECK: gpu.launch_func @kernels::@body_stores 
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{the grid level in the kernel, not in launches of its own: the body must only read buffers the kernel does not write: 'memref.store' does more than read a buffer the kernel is passed}}
    gpu.func @body_stores(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        memref.store %as, %y[%k] : memref<?xi32>
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@body_stores blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %p : memref<?xi32>)
    return
  }
}

// -----

// The body reads a buffer the kernel writes (after the loop): the launch of
// chunks would read it before the kernel's writes.
// CHECK-LABEL: gpu.func @body_reads_written(
// CHECK-NOT: gpu.func @body_reads_written_grid_jobs
// CHECK: gpu.launch_func @kernels::@body_reads_written 
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{the grid level in the kernel, not in launches of its own: the body must only read buffers the kernel does not write: 'memref.load' reads a buffer the kernel writes}}
    gpu.func @body_reads_written(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %vals[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@body_reads_written blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %p : memref<?xi32>)
    return
  }
}

// -----

// The bounds come from a buffer the kernel writes.
// CHECK-LABEL: gpu.func @bounds_written(
// CHECK-NOT: gpu.func @bounds_written_grid_jobs
// CHECK: gpu.launch_func @kernels::@bounds_written 
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{the grid level in the kernel, not in launches of its own: the loop's bounds must come from reads of buffers the kernel does not write and ops free of effects: 'memref.load' reads a buffer the kernel writes}}
    gpu.func @bounds_written(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      memref.store %s, %rowptr[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@bounds_written blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %p : memref<?xi32>)
    return
  }
}

// -----

// A grid size that is not a constant.
// CHECK-LABEL: gpu.func @dynamic_grid(
// CHECK-NOT: gpu.func @dynamic_grid_grid_jobs
// CHECK: gpu.launch_func @kernels::@dynamic_grid 
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{the grid level in the kernel, not in launches of its own: a launch's grid or block size is not a constant (each thread of the launch has a word for its job)}}
    gpu.func @dynamic_grid(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>, %c4: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@dynamic_grid blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %p : memref<?xi32>)
    return
  }
}

// -----

// The launch passes the buffer the body reads as the one the kernel writes.
// CHECK-LABEL: gpu.func @aliased(
// CHECK-NOT: gpu.func @aliased_grid_jobs
// CHECK: gpu.launch_func @kernels::@aliased 
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{the grid level in the kernel, not in launches of its own: a launch passes the same buffer for an argument the body or bounds read and one the kernel writes}}
    gpu.func @aliased(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@aliased blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %vals : memref<?xi32>, %p : memref<?xi32>)
    return
  }
}

// -----

// An op whose writes are not known.
// CHECK-LABEL: gpu.func @printf(
// CHECK-NOT: gpu.func @printf_grid_jobs
// CHECK: gpu.launch_func @kernels::@printf 
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{the grid level in the kernel, not in launches of its own: the kernel has an op whose writes are not known ('gpu.printf')}}
    gpu.func @printf(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.printf "%d", %s : i32
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@printf blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %p : memref<?xi32>)
    return
  }
}

// -----

// Buffers from the host function's arguments, not marked llvm.noalias: the
// caller may pass one buffer for both.
// CHECK-LABEL: gpu.func @host_arguments(
// CHECK-NOT: gpu.func @host_arguments_grid_jobs
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{the grid level in the kernel, not in launches of its own: a launch passes buffers for an argument the body or bounds read and one the kernel writes that may be the same memory (each must be an allocation, or a host function's argument marked llvm.noalias)}}
    gpu.func @host_arguments(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@host_arguments blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %p : memref<?xi32>)
    return
  }
}

// -----

// The buffer the body reads passed again, through a cast, as the one the
// kernel writes.
// CHECK-LABEL: gpu.func @cast_alias(
// CHECK-NOT: gpu.func @cast_alias_grid_jobs
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{the grid level in the kernel, not in launches of its own: a launch passes the same buffer for an argument the body or bounds read and one the kernel writes}}
    gpu.func @cast_alias(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32> {llvm.noalias}, %vals: memref<?xi32> {llvm.noalias}, %y: memref<?xi32> {llvm.noalias}, %p: memref<?xi32> {llvm.noalias}) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %vcast = memref.cast %vals : memref<?xi32> to memref<?xi32>
    gpu.launch_func @kernels::@cast_alias blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %vcast : memref<?xi32>, %p : memref<?xi32>)
    return
  }
}

// -----

// A store through a buffer chosen at run time, which may be the one the
// body reads.
// CHECK-LABEL: gpu.func @chosen_buffer(
// CHECK-NOT: gpu.func @chosen_buffer_grid_jobs
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{the grid level in the kernel, not in launches of its own: the kernel writes a buffer that is neither an argument nor its own allocation ('memref.store')}}
    gpu.func @chosen_buffer(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %p: memref<?xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %lo32 = memref.load %rowptr[%row] : memref<?xi32>
      %next = arith.addi %row, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %scale = memref.load %p[%c0] : memref<?xi32>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %as = arith.muli %a, %a : i32
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      %odd = arith.cmpi ugt, %t, %c0 : index
      %out = arith.select %odd, %y, %vals : memref<?xi32>
      memref.store %s, %out[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32> {llvm.noalias}, %vals: memref<?xi32> {llvm.noalias}, %y: memref<?xi32> {llvm.noalias}, %p: memref<?xi32> {llvm.noalias}) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@chosen_buffer blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %p : memref<?xi32>)
    return
  }
}
