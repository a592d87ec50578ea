// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %collaborated | FileCheck %s
// RUN: wc-sim %s %collaborated_lowered | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{block-range=0 flatten=always})' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{block-range=100},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-consolidate)' | FileCheck %s
// RUN: wc-opt %s --wc-collaborate -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --wc-collaborate | FileCheck %s --check-prefix=IR
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.collaborated.out %}
// RUN: wc-sim %s --pass-pipeline='builtin.module(wc-collaborate{flatten=block},gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm))' | FileCheck %s

// wc-collaborate on an `scf.while` that counts (upstream's uplifting to
// `scf.for`): a CSR row per thread, the row's sum, and the index where
// the row's loop stopped (the first that fails the condition: the row's
// end, or its start for an empty row), over rows of 0 to 300 nonzeros.
// A `while` whose condition also reads memory (stop at the first zero) is
// left per thread, unchanged.
// REMARK: remark: wc-collaborate: a loop of data-dependent trip count is run as each warp's trip counts decide ({{.*}}1 reduction)
// REMARK-NEXT: gpu.func @row_sums
// REMARK: remark: wc-collaborate: loop left per thread: the scf.while is not a counted loop
// IR-LABEL: gpu.func @row_sums
// IR-NOT: : (index, i32) -> (index, i32)
// IR: wc.scan exclusive add
// IR-NOT: : (index, i32) -> (index, i32)
// IR: gpu.return
// IR-LABEL: gpu.func @until_zero
// IR: scf.while
// IR-NOT: wc.scan
// IR: gpu.return

// The sums of the rows (row 7: 300 nonzeros, a zero at position 7).
// CHECK: [0,  1,  3,  6,  10,  15,  21,  45142,  36,  45,  55,  66,  78,  91,  105,
// The indices where the loops stopped: the rows' ends.
// CHECK: [0,  1,  3,  6,  10,  15,  21,  321,  329,  338,  348,  359,  371,  384,
// The lengths of the rows' prefixes before a zero.
// CHECK: [0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @row_sums(%rowptr: memref<101xi32>, %vals: memref<?xi32>,
                       %y: memref<100xi32>, %stop: memref<100xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c100 = arith.constant 100 : index
      %zero = arith.constant 0 : i32
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %in = arith.cmpi ult, %row, %c100 : index
      scf.if %in {
        %lo32 = memref.load %rowptr[%row] : memref<101xi32>
        %next = arith.addi %row, %c1 : index
        %hi32 = memref.load %rowptr[%next] : memref<101xi32>
        %lo = arith.index_cast %lo32 : i32 to index
        %hi = arith.index_cast %hi32 : i32 to index
        %r:2 = scf.while (%k = %lo, %acc = %zero) : (index, i32) -> (index, i32) {
          %more = arith.cmpi slt, %k, %hi : index
          scf.condition(%more) %k, %acc : index, i32
        } do {
        ^bb0(%k: index, %acc: i32):
          %v = memref.load %vals[%k] : memref<?xi32>
          %a = arith.addi %acc, %v : i32
          %k1 = arith.addi %k, %c1 : index
          scf.yield %k1, %a : index, i32
        }
        memref.store %r#1, %y[%row] : memref<100xi32>
        %end = arith.index_cast %r#0 : index to i32
        memref.store %end, %stop[%row] : memref<100xi32>
      }
      gpu.return
    }

    gpu.func @until_zero(%rowptr: memref<101xi32>, %vals: memref<?xi32>,
                         %len: memref<100xi32>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c100 = arith.constant 100 : index
      %zero = arith.constant 0 : i32
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.muli %b, %c64 : index
      %row = arith.addi %first, %t : index
      %in = arith.cmpi ult, %row, %c100 : index
      scf.if %in {
        %lo32 = memref.load %rowptr[%row] : memref<101xi32>
        %next = arith.addi %row, %c1 : index
        %hi32 = memref.load %rowptr[%next] : memref<101xi32>
        %lo = arith.index_cast %lo32 : i32 to index
        %hi = arith.index_cast %hi32 : i32 to index
        %r = scf.while (%k = %lo) : (index) -> index {
          %inside = arith.cmpi slt, %k, %hi : index
          %v = scf.if %inside -> (i32) {
            %x = memref.load %vals[%k] : memref<?xi32>
            scf.yield %x : i32
          } else {
            scf.yield %zero : i32
          }
          %nonzero = arith.cmpi ne, %v, %zero : i32
          scf.condition(%nonzero) %k : index
        } do {
        ^bb0(%k: index):
          %k1 = arith.addi %k, %c1 : index
          scf.yield %k1 : index
        }
        %n = arith.subi %r, %lo : index
        %n32 = arith.index_cast %n : index to i32
        memref.store %n32, %len[%row] : memref<100xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c100 = arith.constant 100 : index
    %c300 = arith.constant 300 : index
    %zero = arith.constant 0 : i32
    // Row r has r nonzeros (row 7: 300), values 1, 2, ..., with a zero at
    // position r of a row longer than r (row 7).
    %h_rowptr = memref.alloc() : memref<101xi32>
    memref.store %zero, %h_rowptr[%c0] : memref<101xi32>
    %nnz = scf.for %r = %c0 to %c100 step %c1 iter_args(%at = %c0) -> (index) {
      %is7 = arith.cmpi eq, %r, %c7 : index
      %len = arith.select %is7, %c300, %r : index
      %end = arith.addi %at, %len : index
      %r1 = arith.addi %r, %c1 : index
      %end32 = arith.index_cast %end : index to i32
      memref.store %end32, %h_rowptr[%r1] : memref<101xi32>
      scf.yield %end : index
    }
    %h_vals = memref.alloc(%nnz) : memref<?xi32>
    scf.for %r = %c0 to %c100 step %c1 {
      %lo32 = memref.load %h_rowptr[%r] : memref<101xi32>
      %r1 = arith.addi %r, %c1 : index
      %hi32 = memref.load %h_rowptr[%r1] : memref<101xi32>
      %lo = arith.index_cast %lo32 : i32 to index
      %hi = arith.index_cast %hi32 : i32 to index
      scf.for %k = %lo to %hi step %c1 {
        %i = arith.subi %k, %lo : index
        %atZero = arith.cmpi eq, %i, %r : index
        %i1 = arith.addi %i, %c1 : index
        %v = arith.select %atZero, %c0, %i1 : index
        %v32 = arith.index_cast %v : index to i32
        memref.store %v32, %h_vals[%k] : memref<?xi32>
      }
    }
    %d_rowptr = gpu.alloc () : memref<101xi32>
    %d_vals = gpu.alloc (%nnz) : memref<?xi32>
    %d_y = gpu.alloc () : memref<100xi32>
    %d_stop = gpu.alloc () : memref<100xi32>
    %d_len = gpu.alloc () : memref<100xi32>
    gpu.memcpy %d_rowptr, %h_rowptr : memref<101xi32>, memref<101xi32>
    gpu.memcpy %d_vals, %h_vals : memref<?xi32>, memref<?xi32>
    gpu.launch_func @kernels::@row_sums blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_rowptr : memref<101xi32>, %d_vals : memref<?xi32>,
             %d_y : memref<100xi32>, %d_stop : memref<100xi32>)
    gpu.launch_func @kernels::@until_zero blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_rowptr : memref<101xi32>, %d_vals : memref<?xi32>,
             %d_len : memref<100xi32>)
    %h_out = memref.alloc() : memref<100xi32>
    %u = memref.cast %h_out : memref<100xi32> to memref<*xi32>
    gpu.memcpy %h_out, %d_y : memref<100xi32>, memref<100xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.memcpy %h_out, %d_stop : memref<100xi32>, memref<100xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.memcpy %h_out, %d_len : memref<100xi32>, memref<100xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
