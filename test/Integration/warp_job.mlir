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

// One warp per original 72-thread block (3 virtual threads per lane, the
// last group partial): phase 1 loads and keeps values in registers, the
// warp syncs, phase 2 writes each value to the mirrored position of its
// block, read through workgroup memory; a warp reduction sums the block.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mirror(%in: memref<144xi32>, %out: memref<144xi32>, %sums: memref<2xi32>)
        workgroup(%tile: memref<72xi32, #gpu.address_space<workgroup>>) kernel {
      %b = gpu.block_id x
      %c72 = arith.constant 72 : index
      %c71 = arith.constant 71 : index
      %base = arith.muli %b, %c72 : index
      wc.warp_job block [72, 1, 1] virtual_threads 3 {
        %vals = wc.vthreads (%v, %tx, %ty, %tz) -> vector<3xi32> {
          %g = arith.addi %base, %tx : index
          %x = memref.load %in[%g] : memref<144xi32>
          memref.store %x, %tile[%tx] : memref<72xi32, #gpu.address_space<workgroup>>
          wc.yield %x : i32
        }
        wc.warp_sync
        %partial = wc.vthreads (%v, %tx, %ty, %tz) -> vector<3xi32> {
          %m = arith.subi %c71, %tx : index
          %y = memref.load %tile[%m] : memref<72xi32, #gpu.address_space<workgroup>>
          %g = arith.addi %base, %tx : index
          memref.store %y, %out[%g] : memref<144xi32>
          %x = vector.extract %vals[%v] : i32 from vector<3xi32>
          wc.yield %x : i32
        }
        // Lanes 8..31 have no third virtual thread: its slot is zero.
        %p0 = vector.extract %partial[0] : i32 from vector<3xi32>
        %p1 = vector.extract %partial[1] : i32 from vector<3xi32>
        %p2 = vector.extract %partial[2] : i32 from vector<3xi32>
        %lane = gpu.lane_id
        %c8 = arith.constant 8 : index
        %has2 = arith.cmpi ult, %lane, %c8 : index
        %zero = arith.constant 0 : i32
        %q2 = arith.select %has2, %p2, %zero : i32
        %s01 = arith.addi %p0, %p1 : i32
        %s = arith.addi %s01, %q2 : i32
        %total = wc.reduce add %s : i32
        %c0 = arith.constant 0 : index
        %first = arith.cmpi eq, %lane, %c0 : index
        scf.if %first {
          memref.store %total, %sums[%b] : memref<2xi32>
        }
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c144 = arith.constant 144 : index
    %c9 = arith.constant 9 : index
    %h_in = memref.alloc() : memref<144xi32>
    %h_out = memref.alloc() : memref<144xi32>
    %h_sums = memref.alloc() : memref<2xi32>
    scf.for %i = %c0 to %c144 step %c1 {
      %r = arith.remui %i, %c9 : index
      %v = arith.index_cast %r : index to i32
      memref.store %v, %h_in[%i] : memref<144xi32>
    }
    %d_in = gpu.alloc () : memref<144xi32>
    %d_out = gpu.alloc () : memref<144xi32>
    %d_sums = gpu.alloc () : memref<2xi32>
    gpu.memcpy %d_in, %h_in : memref<144xi32>, memref<144xi32>
    gpu.launch_func @kernels::@mirror blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d_in : memref<144xi32>, %d_out : memref<144xi32>, %d_sums : memref<2xi32>)
    gpu.memcpy %h_out, %d_out : memref<144xi32>, memref<144xi32>
    gpu.memcpy %h_sums, %d_sums : memref<2xi32>, memref<2xi32>
    %u = memref.cast %h_out : memref<144xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %s = memref.cast %h_sums : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%s) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [144]
// CHECK-NEXT: [8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0,  8,  7,  6,  5,  4,  3,  2,  1,  0]
// CHECK: sizes = [2]
// CHECK-NEXT: [288,  288]
