// RUN: wc-opt %s -split-input-file --wc-collaborate=grid-range=1000 -verify-diagnostics | FileCheck %s
// RUN: wc-opt %s -split-input-file --wc-collaborate="grid-range=1000 reassociate-floats=true" 2>/dev/null | FileCheck %s --check-prefix=FLOAT

// The grid level's refusals: the ranges over grid-range stay with the block
// level (and the remark says why) where a block other than the owner's
// could not run the body (it uses the block's id), or where no memory
// atomic combines the reduction (a 16-bit sum).

// CHECK-LABEL: gpu.func @block_value
// CHECK-SAME: %arg5: index) workgroup
// CHECK-NOT: memref<18464xi32>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 512 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 1 reduction); no grid level: the body uses a value that differs between blocks or threads (in 'arith.addi')}}
    gpu.func @block_value(%rowptr: memref<?xi32>, %vals: memref<?xi32>,
                          %y: memref<?xi32>, %shift: memref<?xi32>,
                          %unused: index, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
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
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %at = arith.addi %k, %b : index
        %a = memref.load %vals[%at] : memref<?xi32>
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %shift: memref<?xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@block_value blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %shift : memref<?xi32>, %n : index, %n : index)
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @narrow
// CHECK-NOT: memref<18464xi32>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{no grid level: reduction 0 has no memory atomic (integer add, min, max, and, or, xor of 32 or 64 bits; float add)}}
    gpu.func @narrow(%rowptr: memref<?xi32>, %vals: memref<?xi16>,
                     %y: memref<?xi16>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
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
      %zero = arith.constant 0 : i16
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i16) {
        %a = memref.load %vals[%k] : memref<?xi16>
        %sum2 = arith.addi %sum, %a : i16
        scf.yield %sum2 : i16
      }
      memref.store %s, %y[%row] : memref<?xi16>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32>, %vals: memref<?xi16>, %y: memref<?xi16>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@narrow blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi16>, %y : memref<?xi16>, %n : index)
    return
  }
}

// -----

// A float sum, with reassociate-floats: the grid level combines the chunks
// with float atomics (in the order the chunks finish).
// FLOAT-LABEL: gpu.func @float_sum
// FLOAT-SAME: memref<18464xi32>, %{{[a-z0-9]+}}: memref<16384xi32>, %{{[a-z0-9]+}}: memref<32768xi64>, %{{[a-z0-9]+}}: memref<512xi32>, %{{[a-z0-9]+}}: memref<16384xf32>)
// FLOAT: memref.atomic_rmw addf
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @float_sum(%rowptr: memref<?xi32>, %vals: memref<?xf32>,
                        %y: memref<?xf32>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
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
      %zero = arith.constant 0.0 : f32
      // expected-remark @+1 {{needs reassociate-floats}}
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (f32) {
        %a = memref.load %vals[%k] : memref<?xf32>
        %sum2 = arith.addf %sum, %a : f32
        scf.yield %sum2 : f32
      }
      memref.store %s, %y[%row] : memref<?xf32>
      gpu.return
    }
  }
  func.func @run(%rowptr: memref<?xi32>, %vals: memref<?xf32>, %y: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@float_sum blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xf32>, %y : memref<?xf32>, %n : index)
    return
  }
}

// -----

// An asynchronous launch whose token the host function returns: the grid
// level's state, freed at the return, could be freed while the kernel
// runs, so the kernel gets no grid level (and no new arguments).

// CHECK-LABEL: gpu.func @async_returned
// CHECK-SAME: %arg3: index) workgroup
// CHECK-NOT: memref<18464xi32>
// CHECK-LABEL: func.func @run_async
// CHECK-NOT: gpu.alloc
// CHECK: gpu.launch_func async
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{no grid level: the launch at}}
    gpu.func @async_returned(%rowptr: memref<?xi32>, %vals: memref<?xi32>,
                             %y: memref<?xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
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
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run_async(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %n: index) -> !gpu.async.token {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @kernels::@async_returned blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %n : index)
    return %t1 : !gpu.async.token
  }
}

// -----

// The same launch waited for by a synchronous gpu.wait in its block: the
// state outlives the kernel, and the grid level takes the long ranges.

// CHECK-LABEL: gpu.func @async_waited
// CHECK-SAME: %arg4: memref<18464xi32>
// CHECK-LABEL: func.func @run_waited
// CHECK: gpu.launch_func async {{.*}} : memref<18464xi32>, {{.*}})
// CHECK-NEXT: gpu.wait [%
// CHECK-COUNT-5: gpu.dealloc
// CHECK-NEXT: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{ranges over 1000 iterations by the grid}}
    gpu.func @async_waited(%rowptr: memref<?xi32>, %vals: memref<?xi32>,
                           %y: memref<?xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
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
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run_waited(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @kernels::@async_waited blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %n : index)
    gpu.wait [%t1]
    return
  }
}

// -----

// Waited for in its block, but the block is an async.execute's, which runs
// beside the rest of the host function: the state, freed at the function's
// return, could be freed while the kernel runs. A synchronous launch in a
// host scf.parallel, whose iterations may run at once, would share one
// state between launches in flight. Neither gets the grid level.

// CHECK-LABEL: gpu.func @in_execute
// CHECK-SAME: %arg3: index) workgroup
// CHECK-LABEL: gpu.func @in_parallel
// CHECK-SAME: %arg3: index) workgroup
// CHECK-NOT: gpu.alloc
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-remark @+1 {{is inside 'async.execute', which may run it at the same time as other work of its host function}}
    gpu.func @in_execute(%rowptr: memref<?xi32>, %vals: memref<?xi32>,
                         %y: memref<?xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %lo32 = memref.load %rowptr[%t] : memref<?xi32>
      %next = arith.addi %t, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%t] : memref<?xi32>
      gpu.return
    }
    // expected-remark @+1 {{is inside 'scf.parallel', which may run it at the same time as other work of its host function}}
    gpu.func @in_parallel(%rowptr: memref<?xi32>, %vals: memref<?xi32>,
                          %y: memref<?xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %lo32 = memref.load %rowptr[%t] : memref<?xi32>
      %next = arith.addi %t, %c1 : index
      %hi32 = memref.load %rowptr[%next] : memref<?xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      %zero = arith.constant 0 : i32
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero) -> (i32) {
        %a = memref.load %vals[%k] : memref<?xi32>
        %sum2 = arith.addi %sum, %a : i32
        scf.yield %sum2 : i32
      }
      memref.store %s, %y[%t] : memref<?xi32>
      gpu.return
    }
  }
  func.func @run_execute(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %n: index) -> !async.token {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %done = async.execute {
      %t0 = gpu.wait async
      %t1 = gpu.launch_func async [%t0] @kernels::@in_execute blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %n : index)
      gpu.wait [%t1]
      async.yield
    }
    return %done : !async.token
  }
  func.func @run_parallel(%rowptr: memref<?xi32>, %vals: memref<?xi32>, %y: memref<?xi32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      gpu.launch_func @kernels::@in_parallel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%rowptr : memref<?xi32>, %vals : memref<?xi32>, %y : memref<?xi32>, %n : index)
      scf.reduce
    }
    return
  }
}
