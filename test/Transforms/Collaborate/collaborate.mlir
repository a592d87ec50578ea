// RUN: wc-opt %s -split-input-file --wc-collaborate -verify-diagnostics | FileCheck %s
// RUN: wc-opt %s -split-input-file --wc-collaborate=reassociate-floats=true 2>&1 | FileCheck %s --check-prefix=FLOAT
// RUN: not wc-opt %s -split-input-file --wc-collaborate=flatten=sometimes 2>&1 | FileCheck %s --check-prefix=MODE
// MODE: error: wc-collaborate: unknown flatten mode 'sometimes' (auto, always, never or block)
// Numeric options out of range are errors naming the pass and the option.
// RUN: not wc-opt %s -split-input-file --wc-collaborate=grid-chunk=0 2>&1 | FileCheck %s --check-prefix=CHUNK0
// RUN: not wc-opt %s -split-input-file --wc-collaborate=grid-chunk=-1 2>&1 | FileCheck %s --check-prefix=CHUNKNEG
// RUN: not wc-opt %s -split-input-file --wc-collaborate=grid-chunk=67108864 2>&1 | FileCheck %s --check-prefix=CHUNKBIG
// RUN: not wc-opt %s -split-input-file --wc-collaborate=grid-jobs=0 2>&1 | FileCheck %s --check-prefix=JOBS
// RUN: not wc-opt %s -split-input-file --wc-collaborate=long-range=-3 2>&1 | FileCheck %s --check-prefix=LONG
// RUN: not wc-opt %s -split-input-file --wc-collaborate=block-range=-2 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not wc-opt %s -split-input-file --wc-collaborate=grid-range=-1 2>&1 | FileCheck %s --check-prefix=GRID
// CHUNK0: error: wc-collaborate: option grid-chunk=0 is out of range: it must be in [1, 1048576]
// CHUNKNEG: error: wc-collaborate: option grid-chunk=-1 is out of range: it must be in [1, 1048576]
// CHUNKBIG: error: wc-collaborate: option grid-chunk=67108864 is out of range: it must be in [1, 1048576]
// JOBS: error: wc-collaborate: option grid-jobs=0 is out of range: it must be in [1, 16777216]
// LONG: error: wc-collaborate: option long-range=-3 is out of range: it must be in [0, 9223372036854775807]
// BLOCK: error: wc-collaborate: option block-range=-2 is out of range: it must be in [-1, 9223372036854775807]
// GRID: error: wc-collaborate: option grid-range=-1 is out of range: it must be in [0, 9223372036854775807]

// A row per thread under a bounds check (64 threads): the ops before the loop leave the
// condition as results, and each warp chooses at run time: its short rows
// flattened (scan of the trip counts, windows of 32 iterations, owner by
// shuffles, segmented reduction) when long or imbalanced enough, else per
// thread; then the rows longer than 32 by the whole warp one after the
// other (ballot of the long lanes, a strided loop over the owner's row, a
// warp reduction). A warp with a range of 2^25 iterations or more keeps
// the loop (the collaborative forms count in 32 bits).
// The store stays under the condition.
// CHECK-LABEL: gpu.func @row_sums
// CHECK: %[[BOUNDS:.*]]:2 = scf.if %[[IN:.*]] -> (index, index) {
// CHECK: } else {
// First the rows over 8 iterations per thread of the block, by the whole
// block one after the other (ballots of the huge rows' lanes in workgroup
// memory, a barrier, for each owner the block's threads stride over the
// row: rounds of 4 iterations per thread into 4 sums, whose loads are in
// flight together, then the rest one at a time; warp reductions, a
// barrier, the owner's sum of the warps' partials, a barrier).
// CHECK: wc.vote ballot
// CHECK: gpu.barrier
// CHECK: scf.while
// CHECK: math.cttz
// CHECK: scf.for {{.*}} -> (i32, i32, i32, i32) {
// CHECK-COUNT-4: memref.load %arg1
// CHECK: scf.for {{.*}} step %c64
// CHECK: wc.reduce add
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: wc.vote any
// CHECK: wc.vote ballot
// CHECK: wc.reduce add %{{.*}} : i32
// CHECK: %[[SUM:.*]] = scf.if
// CHECK: wc.scan exclusive add
// CHECK: scf.for {{.*}} step %c32
// CHECK-COUNT-7: wc.shuffle idx
// CHECK: wc.segmented_reduce add
// CHECK: wc.shuffle idx
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %[[BOUNDS]]#0 to %[[BOUNDS]]#1
// The warp strides over a long row as the block does, in rounds of 4
// iterations per lane, then the rest.
// CHECK: scf.for %[[OWNER:.*]] = %{{.*}} to %c32_i32
// CHECK: wc.shuffle idx %[[BOUNDS]]#0, %[[OWNER]] : index
// CHECK: scf.for {{.*}} -> (i32, i32, i32, i32) {
// CHECK-COUNT-4: memref.load %arg1
// CHECK: scf.for {{.*}} step %c32
// CHECK: wc.reduce add
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %[[BOUNDS]]#0 to %[[BOUNDS]]#1
// CHECK: scf.if %[[IN]] {
// CHECK-NEXT: memref.store %[[SUM]]
gpu.module @m {
  // expected-remark @+1 {{wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 512 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 1 reduction)}}
  gpu.func @row_sums(%rowptr: memref<?xindex>, %vals: memref<?xi32>,
                     %y: memref<?xi32>, %n: index)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %row = gpu.thread_id x
    %in = arith.cmpi ult, %row, %n : index
    scf.if %in {
      %lo = memref.load %rowptr[%row] : memref<?xindex>
      %next = arith.addi %row, %c1 : index
      %hi = memref.load %rowptr[%next] : memref<?xindex>
      %s = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %vals[%k] : memref<?xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %s, %y[%row] : memref<?xi32>
    }
    gpu.return
  }
}

// -----

// Refusals, each with its reason at the loop; the kernel is unchanged.
// A loop without a reduction: left alone.
// CHECK-LABEL: gpu.func @refused
// CHECK-NOT: wc.
gpu.module @m {
  gpu.func @refused(%rowptr: memref<?xindex>, %vals: memref<?xi32>,
                    %fvals: memref<?xf32>, %y: memref<?xi32>,
                    %fy: memref<?xf32>)
      kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0 : i32
    %fzero = arith.constant 0.0 : f32
    %t = gpu.thread_id x
    %lo = memref.load %rowptr[%t] : memref<?xindex>
    %next = arith.addi %t, %c1 : index
    %hi = memref.load %rowptr[%next] : memref<?xindex>
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body stores to a buffer it also reads or updates}}
    %o = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %vals[%k] : memref<?xi32>
      // expected-note @+1 {{here}}
      memref.store %zero, %vals[%k] : memref<?xi32>
      %a = arith.addi %acc, %v : i32
      scf.yield %a : i32
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: iteration argument #0 is combined by 'arith.muli', not one the collaborative forms combine (integer add, and, or, xor, min, max; a float addition needs reassociate-floats)}}
    %p = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %vals[%k] : memref<?xi32>
      %a = arith.muli %acc, %v : i32
      scf.yield %a : i32
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: iteration argument #0 is combined by 'arith.addf', not one the collaborative forms combine (integer add, and, or, xor, min, max; a float addition needs reassociate-floats)}}
    %f = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %fzero) -> (f32) {
      %v = memref.load %fvals[%k] : memref<?xf32>
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop body depends on the thread that runs it ('gpu.thread_id')}}
    %q = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
      // expected-note @+1 {{here}}
      %tid = gpu.thread_id x
      %v = memref.load %vals[%tid] : memref<?xi32>
      %a = arith.addi %acc, %v : i32
      scf.yield %a : i32
    }
    // expected-remark @+1 {{wc-collaborate: loop left per thread: iteration argument #0 is not a reduction (acc = op(acc, value), acc used once)}}
    %r = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %vals[%k] : memref<?xi32>
      %a = arith.addi %acc, %v : i32
      %b = arith.addi %a, %acc : i32
      scf.yield %b : i32
    }
    // A trip count the same for every thread: not irregular, no remark.
    %u = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %vals[%k] : memref<?xi32>
      %a = arith.addi %acc, %v : i32
      scf.yield %a : i32
    }
    %lo32 = arith.index_cast %lo : index to i32
    %hi32 = arith.index_cast %hi : index to i32
    %one32 = arith.constant 1 : i32
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the induction variable is not an index}}
    %i32sum = scf.for %k = %lo32 to %hi32 step %one32 iter_args(%acc = %zero) -> (i32) : i32 {
      %a = arith.addi %acc, %k : i32
      scf.yield %a : i32
    }
    memref.store %i32sum, %y[%c0] : memref<?xi32>
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop compares its bounds unsigned}}
    %usum = scf.for unsigned %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %vals[%k] : memref<?xi32>
      %a = arith.addi %acc, %v : i32
      scf.yield %a : i32
    }
    memref.store %usum, %y[%c0] : memref<?xi32>
    %mine = memref.alloca() : memref<4xi32>
    // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop reads a buffer that differs between threads}}
    %psum = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %mine[%c0] : memref<4xi32>
      %a = arith.addi %acc, %v : i32
      scf.yield %a : i32
    }
    memref.store %psum, %y[%c0] : memref<?xi32>
    %wide = arith.constant 3 : i7
    // expected-remark @+1 {{wc-collaborate: loop left per thread: iteration argument #0 is not a reduction of scalars}}
    %w7 = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %wide) -> (i7) {
      %a = arith.addi %acc, %wide : i7
      scf.yield %a : i7
    }
    %w32 = arith.extui %w7 : i7 to i32
    memref.store %w32, %y[%c0] : memref<?xi32>
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-remark @+1 {{wc-collaborate: loop left per thread: the loop is neither at the top level of the kernel nor directly under a condition there}}
      %w = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
        %v = memref.load %vals[%k] : memref<?xi32>
        %a = arith.addi %acc, %v : i32
        scf.yield %a : i32
      }
      memref.store %w, %y[%i] : memref<?xi32>
    }
    memref.store %o, %y[%t] : memref<?xi32>
    memref.store %p, %y[%t] : memref<?xi32>
    memref.store %q, %y[%t] : memref<?xi32>
    memref.store %r, %y[%t] : memref<?xi32>
    memref.store %u, %y[%t] : memref<?xi32>
    memref.store %f, %fy[%t] : memref<?xf32>
    gpu.return
  }
}

// With reassociate-floats, the float sum is collaborated on (its order of
// additions changes).
// FLOAT: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 256 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 1 reduction)
// FLOAT: wc.segmented_reduce add %{{.*}} : f32

// -----

// A block that is not a whole number of warps: the lanes past its end
// would not take part in the warp's shuffles.
gpu.module @m {
  // expected-remark @+1 {{wc-collaborate: kernel left unchanged: the block is not a whole number of warps}}
  gpu.func @partial_warp(%rowptr: memref<?xindex>, %vals: memref<?xi32>,
                         %y: memref<?xi32>)
      kernel attributes {known_block_size = array<i32: 48, 1, 1>} {
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %t = gpu.thread_id x
    %lo = memref.load %rowptr[%t] : memref<?xindex>
    %next = arith.addi %t, %c1 : index
    %hi = memref.load %rowptr[%next] : memref<?xindex>
    %s = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %vals[%k] : memref<?xi32>
      %a = arith.addi %acc, %v : i32
      scf.yield %a : i32
    }
    memref.store %s, %y[%t] : memref<?xi32>
    gpu.return
  }
}

// -----

// A body that uses a value of its own thread (the row's index, from outside
// the loop): the warp's forms take it from the owner's lane, but no thread
// of another warp has it, so no range goes to the whole block.
gpu.module @m {
  // expected-remark @+1 {{wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (long ranges by the whole warp, the others flattened or per thread; 1 reduction)}}
  gpu.func @row_weighted(%rowptr: memref<?xindex>, %vals: memref<?xi32>,
                         %y: memref<?xi32>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %row = gpu.thread_id x
    %weight = arith.index_cast %row : index to i32
    %lo = memref.load %rowptr[%row] : memref<?xindex>
    %next = arith.addi %row, %c1 : index
    %hi = memref.load %rowptr[%next] : memref<?xindex>
    %s = scf.for %k = %lo to %hi step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %vals[%k] : memref<?xi32>
      %w = arith.muli %v, %weight : i32
      %a = arith.addi %acc, %w : i32
      scf.yield %a : i32
    }
    memref.store %s, %y[%row] : memref<?xi32>
    gpu.return
  }
}
// CHECK-LABEL: gpu.func @row_weighted
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
