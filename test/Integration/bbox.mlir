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

// Bounding box (after the Barnes-Hut BoundingBoxKernel of LonestarGPU):
// every thread of a 256-thread block folds the min and max of x and y over
// its bodies (a grid-stride loop), then four tree reductions in workgroup
// memory, a barrier per step, give the block's box; thread 0 writes one
// (minx, maxx, miny, maxy) row per block (the original merges the rows
// with atomics in its last block). 3000 bodies in 8 blocks.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bbox(%x: memref<?xi32>, %y: memref<?xi32>, %box: memref<?x4xi32>,
                   %n: index)
        workgroup(%sminx: memref<256xi32, #gpu.address_space<workgroup>>,
                  %smaxx: memref<256xi32, #gpu.address_space<workgroup>>,
                  %sminy: memref<256xi32, #gpu.address_space<workgroup>>,
                  %smaxy: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %big = arith.constant 2147483647 : i32
      %small = arith.constant -2147483648 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %nb = gpu.grid_dim x
      %base = arith.muli %bx, %c256 : index
      %start = arith.addi %base, %tx : index
      %inc = arith.muli %nb, %c256 : index
      %r:4 = scf.for %i = %start to %n step %inc
          iter_args(%mnx = %big, %mxx = %small, %mny = %big, %mxy = %small)
          -> (i32, i32, i32, i32) {
        %xv = memref.load %x[%i] : memref<?xi32>
        %yv = memref.load %y[%i] : memref<?xi32>
        %a = arith.minsi %mnx, %xv : i32
        %b = arith.maxsi %mxx, %xv : i32
        %c = arith.minsi %mny, %yv : i32
        %d = arith.maxsi %mxy, %yv : i32
        scf.yield %a, %b, %c, %d : i32, i32, i32, i32
      }
      memref.store %r#0, %sminx[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %r#1, %smaxx[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %r#2, %sminy[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      memref.store %r#3, %smaxy[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %stride = arith.shrui %c128, %level : index
        %on = arith.cmpi ult, %tx, %stride : index
        scf.if %on {
          %o = arith.addi %tx, %stride : index
          %x0 = memref.load %sminx[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %x1 = memref.load %sminx[%o] : memref<256xi32, #gpu.address_space<workgroup>>
          %xm = arith.minsi %x0, %x1 : i32
          memref.store %xm, %sminx[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %x2 = memref.load %smaxx[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %x3 = memref.load %smaxx[%o] : memref<256xi32, #gpu.address_space<workgroup>>
          %xM = arith.maxsi %x2, %x3 : i32
          memref.store %xM, %smaxx[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %y0 = memref.load %sminy[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %y1 = memref.load %sminy[%o] : memref<256xi32, #gpu.address_space<workgroup>>
          %ym = arith.minsi %y0, %y1 : i32
          memref.store %ym, %sminy[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %y2 = memref.load %smaxy[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
          %y3 = memref.load %smaxy[%o] : memref<256xi32, #gpu.address_space<workgroup>>
          %yM = arith.maxsi %y2, %y3 : i32
          memref.store %yM, %smaxy[%tx] : memref<256xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %isFirst = arith.cmpi eq, %tx, %c0 : index
      scf.if %isFirst {
        %v0 = memref.load %sminx[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
        %v1 = memref.load %smaxx[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
        %v2 = memref.load %sminy[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
        %v3 = memref.load %smaxy[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
        memref.store %v0, %box[%bx, %c0] : memref<?x4xi32>
        memref.store %v1, %box[%bx, %c1] : memref<?x4xi32>
        memref.store %v2, %box[%bx, %c2] : memref<?x4xi32>
        memref.store %v3, %box[%bx, %c3] : memref<?x4xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c13 = arith.constant 13 : index
    %c29 = arith.constant 29 : index
    %c256 = arith.constant 256 : index
    %c6007 = arith.constant 6007 : index
    %c7919 = arith.constant 7919 : index
    %c65521 = arith.constant 65521 : index
    %c100003 = arith.constant 100003 : index
    %i30000 = arith.constant 30000 : i32
    %i50000 = arith.constant 50000 : i32
    %n = arith.constant 3000 : index
    %h_x = memref.alloc(%n) : memref<?xi32>
    %h_y = memref.alloc(%n) : memref<?xi32>
    %h_box = memref.alloc(%c8) : memref<?x4xi32>
    scf.for %i = %c0 to %n step %c1 {
      %a = arith.muli %i, %c7919 : index
      %b = arith.addi %a, %c13 : index
      %m = arith.muli %b, %i : index
      %q = arith.remui %m, %c100003 : index
      %qi = arith.index_cast %q : index to i32
      %xv = arith.subi %qi, %i50000 : i32
      memref.store %xv, %h_x[%i] : memref<?xi32>
      %c = arith.muli %i, %c6007 : index
      %d = arith.addi %c, %c29 : index
      %e = arith.muli %d, %i : index
      %r = arith.remui %e, %c65521 : index
      %ri = arith.index_cast %r : index to i32
      %yv = arith.subi %ri, %i30000 : i32
      memref.store %yv, %h_y[%i] : memref<?xi32>
    }
    %d_x = gpu.alloc (%n) : memref<?xi32>
    %d_y = gpu.alloc (%n) : memref<?xi32>
    %d_box = gpu.alloc (%c8) : memref<?x4xi32>
    gpu.memcpy %d_x, %h_x : memref<?xi32>, memref<?xi32>
    gpu.memcpy %d_y, %h_y : memref<?xi32>, memref<?xi32>
    gpu.launch_func @kernels::@bbox blocks in (%c8, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%d_x : memref<?xi32>, %d_y : memref<?xi32>, %d_box : memref<?x4xi32>, %n : index)
    gpu.memcpy %h_box, %d_box : memref<?x4xi32>, memref<?x4xi32>
    %u = memref.cast %h_box : memref<?x4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [8, 4]
// CHECK-NEXT: {{\[\[}}-50000,   48642,   -30000,   35373],
// CHECK-NEXT: [-49939,   49735,   -29992,   35442],
// CHECK-NEXT: [-49926,   49808,   -29644,   35508],
// CHECK-NEXT: [-49878,   49903,   -29982,   35326],
// CHECK-NEXT: [-49865,   49970,   -29709,   35481],
// CHECK-NEXT: [-49824,   49684,   -29817,   35451],
// CHECK-NEXT: [-49819,   49640,   -29866,   35490],
// CHECK-NEXT: [-48457,   49822,   -29975,   35438{{\]\]}}
