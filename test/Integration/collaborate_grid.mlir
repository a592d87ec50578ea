// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=1 block-range=1 grid-chunk=8 grid-jobs=1024})' | FileCheck %s
// With blocks interleaved (wc-sim's resident blocks), other blocks take
// chunks of a block's jobs while it runs, and an owner that read its job's
// value before their chunks were in would print other sums (these seeds
// showed it in the first version of the reordered grid level):
// RUN: wc-sim %s --resident-blocks=8 --schedule-seed=3 --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8})' | FileCheck %s
// RUN: wc-sim %s --resident-blocks=4 --schedule-seed=5 --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8})' | FileCheck %s
// RUN: wc-sim %s --resident-blocks=8 --schedule-seed=6 --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --resident-blocks=4 --schedule-seed=1 --pass-pipeline='builtin.module(wc-collaborate{grid-range=1 block-range=1 grid-chunk=8 grid-jobs=1024})' | FileCheck %s
// 33 jobs: two groups of the helpers' counts, the second of one job.
// RUN: wc-sim %s --resident-blocks=4 --schedule-seed=4 --pass-pipeline='builtin.module(wc-collaborate{grid-range=1 block-range=1 grid-chunk=8 grid-jobs=33})' | FileCheck %s
// RUN: wc-sim %s --resident-blocks=4 --schedule-seed=2 --pass-pipeline='builtin.module(wc-collaborate{flatten=block grid-range=100 grid-chunk=8},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{flatten=block grid-range=1 grid-chunk=8 grid-jobs=1024})' | FileCheck %s
// The launch made asynchronous and waited for right after it: the grid
// level still applies (its state outlives the kernel) and computes the same.
// RUN: sed -e 's/gpu.launch_func @kernels::@spmv/%%tk = gpu.launch_func async @kernels::@spmv/' -e '/%%c2400 : index)$/a gpu.wait [%%tk]' %s > %t.async.mlir
// RUN: wc-sim %t.async.mlir --resident-blocks=4 --schedule-seed=3 --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8})' | FileCheck %s
// RUN: wc-opt %t.async.mlir --wc-collaborate='grid-range=100 grid-chunk=8' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.clean.mlir
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate='grid-range=100 grid-chunk=8' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --wc-collaborate='flatten=block grid-range=100 grid-chunk=8' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FBREMARK
// RUN: wc-opt %s --wc-collaborate='grid-range=100 grid-chunk=8 grid-jobs=1024' 2>/dev/null | FileCheck %s --check-prefix=IR
// RUN: wc-opt %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8},wc-lower-to-nvvm{format=isa})' 2>/dev/null | FileCheck %s --check-prefix=PTX
// The grid level in launches of its own (grid-split=1): the same outputs,
// lowered too, with blocks interleaved, after the cleanups, and launched
// asynchronously; with grid-jobs=1 and 2 the jobs past the first (and the
// chunks past their 4 words per job) stay with the kernel, and with
// grid-chunk=1 grid-jobs=4 (16 chunk words of 32 iterations) so do the
// ranges of 600 and 2000 iterations (more chunks than the words) and that
// of 256 (its chunks past the words' end).
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=1 grid-jobs=4 grid-split=1})' | FileCheck %s
// A chunk of grid-chunk iterations per thread is at most 2^20 (2^58 per
// thread times 64 threads once wrapped to chunks of 0 iterations; a larger
// option is an error): the largest runs right.
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=1048576})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=1048576 grid-split=1})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8 grid-split=1})' | FileCheck %s
// RUN: wc-sim %s --resident-blocks=4 --schedule-seed=3 --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8 grid-split=1},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=1 block-range=1 grid-chunk=8 grid-jobs=1024 grid-split=1})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8 grid-jobs=1 grid-split=1})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8 grid-jobs=2 grid-split=1})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{flatten=block grid-range=100 grid-chunk=8 grid-split=1})' | FileCheck %s
// RUN: wc-sim %t.async.mlir --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8 grid-split=1})' | FileCheck %s
// RUN: wc-sim %t.clean.mlir --pass-pipeline='builtin.module(wc-collaborate{grid-range=100 grid-chunk=8 grid-split=1},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate='grid-range=100 grid-chunk=8 grid-split=1' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: wc-opt %t.clean.mlir --wc-collaborate='grid-range=100 grid-chunk=8 grid-split=1' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.grid.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.grid1.out %}

// The grid level of wc-collaborate: a CSR SpMV (a sum and a maximum per
// row) over 2400 rows, 64 threads per block, where rows 5, 70, 130 and
// 2300 have 600, 301, 256 and 2000 nonzeros and the others r mod 4. With
// grid-range=100 the four long rows become jobs of the launch, in chunks
// of 512 iterations (grid-chunk=8 per thread) that the blocks take; the owner of each
// waits for its job's chunks and takes the combined result. The kernel is
// launched twice: the second launch finds the launch's state as the first
// left it (the counters reset by the last block, the jobs closed by their
// owners). With grid-range=1 block-range=1 grid-jobs=1024 the 1200 rows
// of 2 and 3 nonzeros want jobs: the first 1024 get them, the rest stay
// with their block.
// REMARK: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 100 iterations by the grid, in chunks of 512 that any block takes, ranges over 512 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 2 reductions)
// SPLIT: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide (ranges over 100 iterations by the grid, in launches of their own before the kernel's (@spmv_grid_jobs, @spmv_grid_chunks) in chunks of 256 per warp, ranges over 512 iterations by the whole block, long ranges by the whole warp, the others flattened or per thread; 2 reductions)
// FBREMARK: remark: wc-collaborate: a loop of data-dependent trip count is run flattened over the block (ranges over 100 iterations by the grid, in chunks of 512 that any block takes, the other ranges' iterations split evenly between its warps; 2 reductions)
// IR-LABEL: gpu.func @spmv
// IR-SAME: %[[CONTROL:[a-z0-9]+]]: memref<3104xi32>, %[[CLAIMS:[a-z0-9]+]]: memref<1024xi32>, %{{.*}}: memref<2048xi64>, %[[PENDING:[a-z0-9]+]]: memref<32xi32>, %{{.*}}: memref<1024xi32>, %{{.*}}: memref<1024xi32>)
// A job done in this launch is marked with the launch's parity (word 3 of
// the control words), so that the next launch does not take a job done in
// this one for one done in it.
// IR: %[[PARITY:.+]] = memref.load %[[CONTROL]][%c3{{.*}}] : memref<3104xi32>
// IR: %[[BIT:.+]] = arith.muli %[[PARITY]], %c268435456_i32
// IR: %[[MARK:.+]] = arith.addi %c1610612736_i32{{.*}}, %[[BIT]]
// IR: memref.atomic_rmw addi %{{.*}}, %[[CONTROL]]
// IR: memref.atomic_rmw assign %{{.*}}, %[[CLAIMS]]
// An owner counts its job's chunks with the job's group of 32 (one
// atomic); a block that looks for chunks passes the groups with none left
// to take, and a take of a chunk counts it off.
// IR: memref.atomic_rmw addi %{{.*}}, %[[PENDING]]
// IR: memref.load %[[PENDING]]
// IR: memref.atomic_rmw addi %c-1_i32, %[[PENDING]]
// IR: memref.atomic_rmw maxs
// The owner marks its job done; the last block to finish resets the control
// words (the next job, the first open job, and the 65 counters of the
// blocks done) and flips the parity.
// IR: memref.atomic_rmw assign %[[MARK]], %[[CLAIMS]]
// IR: gpu.barrier
// IR-COUNT-67: memref.atomic_rmw assign %{{.*}}, %[[CONTROL]]
// IR-NEXT: arith.constant 1 : i32
// IR-NEXT: memref.atomic_rmw xori %{{.*}}, %[[CONTROL]][%c3{{.*}}]
// IR: gpu.return
// IR-LABEL: func.func @main
// IR-DAG: gpu.memset %{{.*}}, %c1073741824_i32 : memref<1024xi32>, i32
// IR-DAG: gpu.memset %{{.*}}, %c0_i32{{.*}} : memref<3104xi32>, i32
// IR-DAG: gpu.memset %{{.*}}, %c0_i32{{.*}} : memref<32xi32>, i32
// IR: gpu.launch_func @kernels::@spmv {{.*}} %c2400 : index, %{{.*}} : memref<3104xi32>, %{{.*}} : memref<1024xi32>, %{{.*}} : memref<2048xi64>, %{{.*}} : memref<32xi32>, %{{.*}} : memref<1024xi32>, %{{.*}} : memref<1024xi32>)
// PTX: atom.global.add.u32
// PTX: membar.gl
// PTX: atom.global.max.s32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @spmv(%rowptr: memref<2401xi32>, %cols: memref<8192xi32>,
                   %vals: memref<8192xi32>, %x: memref<100xi32>,
                   %y: memref<2400xi32>, %ymax: memref<2400xi32>, %n: index)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %in = arith.cmpi ult, %row, %n : index
      scf.if %in {
        %lo32 = memref.load %rowptr[%row] : memref<2401xi32>
        %next = arith.addi %row, %c1 : index
        %hi32 = memref.load %rowptr[%next] : memref<2401xi32>
        %lo = arith.index_cast %lo32 : i32 to index
        %hi = arith.index_cast %hi32 : i32 to index
        %zero = arith.constant 0 : i32
        %low = arith.constant -1000 : i32
        %r:2 = scf.for %k = %lo to %hi step %c1 iter_args(%sum = %zero, %max = %low) -> (i32, i32) {
          %col32 = memref.load %cols[%k] : memref<8192xi32>
          %col = arith.index_cast %col32 : i32 to index
          %a = memref.load %vals[%k] : memref<8192xi32>
          %xv = memref.load %x[%col] : memref<100xi32>
          %p = arith.muli %a, %xv : i32
          %sum2 = arith.addi %sum, %p : i32
          %max2 = arith.maxsi %max, %p : i32
          scf.yield %sum2, %max2 : i32, i32
        }
        memref.store %r#0, %y[%row] : memref<2400xi32>
        memref.store %r#1, %ymax[%row] : memref<2400xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  // Sum over r of a[r] * (r + 1), wrapping.
  func.func @checksum(%a: memref<2400xi32>) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2400 = arith.constant 2400 : index
    %zero = arith.constant 0 : i32
    %s = scf.for %r = %c0 to %c2400 step %c1 iter_args(%acc = %zero) -> (i32) {
      %v = memref.load %a[%r] : memref<2400xi32>
      %r1 = arith.addi %r, %c1 : index
      %w = arith.index_cast %r1 : index to i32
      %p = arith.muli %v, %w : i32
      %acc2 = arith.addi %acc, %p : i32
      scf.yield %acc2 : i32
    }
    return %s : i32
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c13 = arith.constant 13 : index
    %c38 = arith.constant 38 : index
    %c64 = arith.constant 64 : index
    %c70 = arith.constant 70 : index
    %c100 = arith.constant 100 : index
    %c130 = arith.constant 130 : index
    %c256 = arith.constant 256 : index
    %c301 = arith.constant 301 : index
    %c600 = arith.constant 600 : index
    %c2000 = arith.constant 2000 : index
    %c2300 = arith.constant 2300 : index
    %c2400 = arith.constant 2400 : index
    %c8192 = arith.constant 8192 : index
    %zero = arith.constant 0 : i32
    %h_rowptr = memref.alloc() : memref<2401xi32>
    %h_cols = memref.alloc() : memref<8192xi32>
    %h_vals = memref.alloc() : memref<8192xi32>
    %h_x = memref.alloc() : memref<100xi32>
    memref.store %zero, %h_rowptr[%c0] : memref<2401xi32>
    %nnz = scf.for %r = %c0 to %c2400 step %c1 iter_args(%at = %c0) -> (index) {
      %l2 = arith.remui %r, %c4 : index
      %is5 = arith.cmpi eq, %r, %c5 : index
      %is70 = arith.cmpi eq, %r, %c70 : index
      %is130 = arith.cmpi eq, %r, %c130 : index
      %is2300 = arith.cmpi eq, %r, %c2300 : index
      %la = arith.select %is5, %c600, %l2 : index
      %lb = arith.select %is70, %c301, %la : index
      %lc = arith.select %is130, %c256, %lb : index
      %len = arith.select %is2300, %c2000, %lc : index
      %end = arith.addi %at, %len : index
      %r1 = arith.addi %r, %c1 : index
      %end32 = arith.index_cast %end : index to i32
      memref.store %end32, %h_rowptr[%r1] : memref<2401xi32>
      scf.yield %end : index
    }
    // cols[k] = (7 k + 3) mod 100, vals[k] = k mod 11 - 5, x[c] = c mod 13 - 6.
    scf.for %k = %c0 to %c8192 step %c1 {
      %k7 = arith.muli %k, %c7 : index
      %k73 = arith.addi %k7, %c3 : index
      %col = arith.remui %k73, %c100 : index
      %col32 = arith.index_cast %col : index to i32
      memref.store %col32, %h_cols[%k] : memref<8192xi32>
      %m11 = arith.remui %k, %c11 : index
      %v = arith.subi %m11, %c5 : index
      %v32 = arith.index_cast %v : index to i32
      memref.store %v32, %h_vals[%k] : memref<8192xi32>
    }
    scf.for %c = %c0 to %c100 step %c1 {
      %m13 = arith.remui %c, %c13 : index
      %v = arith.subi %m13, %c6 : index
      %v32 = arith.index_cast %v : index to i32
      memref.store %v32, %h_x[%c] : memref<100xi32>
    }
    %d_rowptr = gpu.alloc () : memref<2401xi32>
    %d_cols = gpu.alloc () : memref<8192xi32>
    %d_vals = gpu.alloc () : memref<8192xi32>
    %d_x = gpu.alloc () : memref<100xi32>
    %d_y = gpu.alloc () : memref<2400xi32>
    %d_ymax = gpu.alloc () : memref<2400xi32>
    gpu.memcpy %d_rowptr, %h_rowptr : memref<2401xi32>, memref<2401xi32>
    gpu.memcpy %d_cols, %h_cols : memref<8192xi32>, memref<8192xi32>
    gpu.memcpy %d_vals, %h_vals : memref<8192xi32>, memref<8192xi32>
    gpu.memcpy %d_x, %h_x : memref<100xi32>, memref<100xi32>
    %h_y = memref.alloc() : memref<2400xi32>
    %sums = memref.alloc() : memref<4xi32>
    scf.for %launch = %c0 to %c2 step %c1 {
      gpu.memset %d_y, %zero : memref<2400xi32>, i32
      gpu.memset %d_ymax, %zero : memref<2400xi32>, i32
      gpu.launch_func @kernels::@spmv blocks in (%c38, %c1, %c1) threads in (%c64, %c1, %c1)
          args(%d_rowptr : memref<2401xi32>, %d_cols : memref<8192xi32>,
               %d_vals : memref<8192xi32>, %d_x : memref<100xi32>,
               %d_y : memref<2400xi32>, %d_ymax : memref<2400xi32>, %c2400 : index)
      %at = arith.muli %launch, %c2 : index
      gpu.memcpy %h_y, %d_y : memref<2400xi32>, memref<2400xi32>
      %s0 = func.call @checksum(%h_y) : (memref<2400xi32>) -> i32
      memref.store %s0, %sums[%at] : memref<4xi32>
      gpu.memcpy %h_y, %d_ymax : memref<2400xi32>, memref<2400xi32>
      %s1 = func.call @checksum(%h_y) : (memref<2400xi32>) -> i32
      %at1 = arith.addi %at, %c1 : index
      memref.store %s1, %sums[%at1] : memref<4xi32>
    }
    %u = memref.cast %sums : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %first = memref.subview %h_y[0] [8] [1] : memref<2400xi32> to memref<8xi32, strided<[1]>>
    %v = memref.cast %first : memref<8xi32, strided<[1]>> to memref<*xi32>
    call @printMemrefI32(%v) : (memref<*xi32>) -> ()
    return
  }
}

// Checksums of y and ymax after each launch (the sum of value x (row + 1)),
// then ymax's first rows.
// CHECK: sizes = [4]
// CHECK-NEXT: [249677,  -703423961,  249677,  -703423961]
// CHECK: sizes = [8]
// CHECK-NEXT: [-1000,  15,  6,  1,  -1000,  30,  18,  5]
