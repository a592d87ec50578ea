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

// Every wc collective in one warp. Lane l holds x = (5 l) mod 7 and the
// predicate p = x > 3; a segment starts at lanes whose x is 0.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @collectives(%out: memref<12x32xi32>, %bins: memref<7xi32>) kernel {
      %t = gpu.thread_id x
      %l = arith.index_cast %t : index to i32
      %c0 = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      %c5 = arith.constant 5 : i32
      %c7 = arith.constant 7 : i32
      %x0 = arith.muli %l, %c5 : i32
      %x = arith.remui %x0, %c7 : i32
      %p = arith.cmpi sgt, %x, %c3 : i32
      %head = arith.cmpi eq, %x, %c0 : i32
      %r0 = wc.scan inclusive add %x : i32
      %r1 = wc.scan exclusive add %x : i32
      %r2 = wc.scan inclusive maxsi %x : i32
      %r3 = wc.segmented_reduce add %x, %head : i32
      %any = wc.vote any %p -> i1
      %all = wc.vote all %p -> i1
      %uni = wc.vote uni %p -> i1
      %r6 = wc.vote ballot %p -> i32
      %r4 = arith.extui %any : i1 to i32
      %r5 = arith.extui %all : i1 to i32
      %r7 = arith.extui %uni : i1 to i32
      %peers, %same = wc.match any %x : i32
      %e = wc.elect
      %r9 = arith.extui %e : i1 to i32
      // The active mask inside a branch taken by the lanes with p.
      %r10 = scf.if %p -> (i32) {
        %m = wc.active_mask
        scf.yield %m : i32
      } else {
        scf.yield %c0 : i32
      }
      // Histogram of x with one atomic per distinct value.
      %bin = arith.index_cast %x : i32 to index
      %one = arith.constant 1 : i32
      %r11 = wc.aggregated_atomic_add %one, %bins[%bin] : memref<7xi32>
      %k = arith.constant 0 : index
      %rows = arith.constant 12 : index
      %vals = vector.from_elements %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %peers, %r9, %r10, %r11 : vector<12xi32>
      %c1 = arith.constant 1 : index
      scf.for %row = %k to %rows step %c1 {
        %v = vector.extract %vals[%row] : i32 from vector<12xi32>
        memref.store %v, %out[%row, %t] : memref<12x32xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %h = memref.alloc() : memref<12x32xi32>
    %hb = memref.alloc() : memref<7xi32>
    %d = gpu.alloc () : memref<12x32xi32>
    %db = gpu.alloc () : memref<7xi32>
    gpu.memset %db, %c0 : memref<7xi32>, i32
    gpu.launch_func @kernels::@collectives blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<12x32xi32>, %db : memref<7xi32>)
    gpu.memcpy %h, %d : memref<12x32xi32>, memref<12x32xi32>
    gpu.memcpy %hb, %db : memref<7xi32>, memref<7xi32>
    %u = memref.cast %h : memref<12x32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %ub = memref.cast %hb : memref<7xi32> to memref<*xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    return
  }
}

// Rows: inclusive add scan, exclusive add scan, inclusive max scan,
// segmented add, vote any, all, ballot, uni, match any, elect, active
// mask where p, old value of the histogram atomic; then the histogram.
// CHECK: sizes = [12, 32]
// CHECK-NEXT: {{\[\[}}0,   5,   8,   9,   15,   19,   21,   21,   26,   29,   30,   36,   40,   42,   42,   47,   50,   51,   57,   61,   63,   63,   68,   71,   72,   78,   82,   84,   84,   89,   92,   93],
// CHECK-NEXT: [0,   0,   5,   8,   9,   15,   19,   21,   21,   26,   29,   30,   36,   40,   42,   42,   47,   50,   51,   57,   61,   63,   63,   68,   71,   72,   78,   82,   84,   84,   89,   92],
// CHECK-NEXT: [0,   5,   5,   5,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6,   6],
// CHECK-NEXT: [0,   5,   8,   9,   15,   19,   21,   0,   5,   8,   9,   15,   19,   21,   0,   5,   8,   9,   15,   19,   21,   0,   5,   8,   9,   15,   19,   21,   0,   5,   8,   9],
// CHECK-NEXT: [1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1,   1],
// CHECK-NEXT: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162,   642554162],
// CHECK-NEXT: [0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [270549121,   541098242,   1082196484,   -2130574328,   33818640,   67637280,   135274560,   270549121,   541098242,   1082196484,   -2130574328,   33818640,   67637280,   135274560,   270549121,   541098242,   1082196484,   -2130574328,   33818640,   67637280,   135274560,   270549121,   541098242,   1082196484,   -2130574328,   33818640,   67637280,   135274560,   270549121,   541098242,   1082196484,   -2130574328],
// CHECK-NEXT: [1,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [0,   642554162,   0,   0,   642554162,   642554162,   0,   0,   642554162,   0,   0,   642554162,   642554162,   0,   0,   642554162,   0,   0,   642554162,   642554162,   0,   0,   642554162,   0,   0,   642554162,   642554162,   0,   0,   642554162,   0,   0],
// CHECK-NEXT: [0,   0,   0,   0,   0,   0,   0,   1,   1,   1,   1,   1,   1,   1,   2,   2,   2,   2,   2,   2,   2,   3,   3,   3,   3,   3,   3,   3,   4,   4,   4,   4{{\]\]}}
// CHECK: sizes = [7]
// CHECK-NEXT: [5,  5,  4,  5,  4,  5,  4]
