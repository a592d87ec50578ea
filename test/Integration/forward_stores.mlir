// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %forwarded | FileCheck %s
// RUN: wc-sim %s %lowered | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %aggregated_lowered | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated_dynamic_lowered | FileCheck %s
// RUN: wc-sim %s %consolidated | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-opt %s --wc-forward-stores -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.licm.mlir
// RUN: wc-sim %t.licm.mlir %forwarded | FileCheck %s
// RUN: wc-sim %t.licm.mlir %consolidated_lowered | FileCheck %s
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// wc-forward-stores on executed programs: a row sum in the shape linalg
// reductions take (the output and a workgroup partial filled with zeros,
// then accumulated in loops, across barriers), and a kernel whose two
// arguments are the same buffer at run time, where a write through one of
// them between a store and a load through the other must be seen; then two
// kernels whose buffers are reached another way (loop-carried, and a
// generic view of workgroup memory), where nothing may be forwarded.
// REMARK: remark: wc-forward-stores: 2 loads take a value the thread stored, 2 loop-carried elements kept in registers, 1 overwritten stores removed
// REMARK-NOT: wc-forward-stores
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rowsum(%in: memref<8x256xi32>, %out: memref<8xi32>)
        workgroup(%part: memref<64xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0 : i32
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %zero, %out[%b] : memref<8xi32>
      }
      gpu.barrier
      memref.store %zero, %part[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %base = arith.muli %t, %c4 : index
      scf.for %k = %c0 to %c4 step %c1 {
        %j = arith.addi %base, %k : index
        %x = memref.load %in[%b, %j] : memref<8x256xi32>
        %old = memref.load %part[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        %new = arith.addi %x, %old : i32
        memref.store %new, %part[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.if %first {
        scf.for %j = %c0 to %c64 step %c1 {
          %p = memref.load %part[%j] : memref<64xi32, #gpu.address_space<workgroup>>
          %old = memref.load %out[%b] : memref<8xi32>
          %new = arith.addi %p, %old : i32
          memref.store %new, %out[%b] : memref<8xi32>
        }
      }
      gpu.return
    }

    // Launched with %a and %b the same buffer: thread 5 writes 100 through
    // %a between thread 0's zero and its increment through %b.
    gpu.func @aliased(%a: memref<8xi32>, %b: memref<8xi32>) kernel
        attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c5 = arith.constant 5 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %hundred = arith.constant 100 : i32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      %sixth = arith.cmpi eq, %t, %c5 : index
      scf.if %first {
        memref.store %zero, %b[%c0] : memref<8xi32>
      }
      gpu.barrier
      scf.if %sixth {
        memref.store %hundred, %a[%c0] : memref<8xi32>
      }
      gpu.barrier
      scf.if %first {
        %v = memref.load %b[%c0] : memref<8xi32>
        %w = arith.addi %v, %one : i32
        memref.store %w, %b[%c0] : memref<8xi32>
      }
      gpu.return
    }

    // Double buffering through the loop's iteration arguments: the buffer a
    // load reads after the loop is whichever the loop last wrote, so the
    // zero stored before the loop must not reach it.
    gpu.func @pingpong(%out: memref<4xi32>)
        workgroup(%a: memref<4xi32, #gpu.address_space<workgroup>>,
                  %b: memref<4xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %t = gpu.thread_id x
      memref.store %zero, %a[%t] : memref<4xi32, #gpu.address_space<workgroup>>
      memref.store %zero, %b[%t] : memref<4xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%src = %a, %dst = %b)
          -> (memref<4xi32, #gpu.address_space<workgroup>>,
              memref<4xi32, #gpu.address_space<workgroup>>) {
        %n = arith.addi %t, %c1 : index
        %m = arith.remui %n, %c4 : index
        %v = memref.load %src[%m] : memref<4xi32, #gpu.address_space<workgroup>>
        %w = arith.addi %v, %one : i32
        memref.store %w, %dst[%t] : memref<4xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        scf.yield %dst, %src : memref<4xi32, #gpu.address_space<workgroup>>,
                               memref<4xi32, #gpu.address_space<workgroup>>
      }
      %x = memref.load %a[%t] : memref<4xi32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%t] : memref<4xi32>
      gpu.return
    }

    // The workgroup buffer written again through a generic view of it
    // (`memref.memory_space_cast`): the second store is the one the load
    // sees.
    gpu.func @generic_view(%out: memref<4xi32>)
        workgroup(%wg: memref<4xi32, #gpu.address_space<workgroup>>) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %t = gpu.thread_id x
      %g = memref.memory_space_cast %wg
          : memref<4xi32, #gpu.address_space<workgroup>> to memref<4xi32>
      memref.store %one, %wg[%t] : memref<4xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      memref.store %two, %g[%t] : memref<4xi32>
      gpu.barrier
      %v = memref.load %wg[%t] : memref<4xi32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%t] : memref<4xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c11 = arith.constant 11 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %h_in = memref.alloc() : memref<8x256xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        // in[i][j] = (5 i + 3 j) mod 11
        %i5 = arith.muli %i, %c5 : index
        %j3 = arith.muli %j, %c3 : index
        %s = arith.addi %i5, %j3 : index
        %r = arith.remui %s, %c11 : index
        %v = arith.index_cast %r : index to i32
        memref.store %v, %h_in[%i, %j] : memref<8x256xi32>
      }
    }
    %d_in = gpu.alloc () : memref<8x256xi32>
    %d_out = gpu.alloc () : memref<8xi32>
    gpu.memcpy %d_in, %h_in : memref<8x256xi32>, memref<8x256xi32>
    gpu.launch_func @kernels::@rowsum blocks in (%c8, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%d_in : memref<8x256xi32>, %d_out : memref<8xi32>)
    %h_out = memref.alloc() : memref<8xi32>
    gpu.memcpy %h_out, %d_out : memref<8xi32>, memref<8xi32>
    %u = memref.cast %h_out : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()

    %d = gpu.alloc () : memref<8xi32>
    gpu.launch_func @kernels::@aliased blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<8xi32>, %d : memref<8xi32>)
    %h = memref.alloc() : memref<8xi32>
    gpu.memcpy %h, %d : memref<8xi32>, memref<8xi32>
    %w = memref.subview %h[0] [1] [1] : memref<8xi32> to memref<1xi32, strided<[1]>>
    %wc = memref.cast %w : memref<1xi32, strided<[1]>> to memref<*xi32>
    call @printMemrefI32(%wc) : (memref<*xi32>) -> ()

    %c4 = arith.constant 4 : index
    %d4 = gpu.alloc () : memref<4xi32>
    %h4 = memref.alloc() : memref<4xi32>
    %u4 = memref.cast %h4 : memref<4xi32> to memref<*xi32>
    gpu.launch_func @kernels::@pingpong blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%d4 : memref<4xi32>)
    gpu.memcpy %h4, %d4 : memref<4xi32>, memref<4xi32>
    call @printMemrefI32(%u4) : (memref<*xi32>) -> ()
    gpu.launch_func @kernels::@generic_view blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%d4 : memref<4xi32>)
    gpu.memcpy %h4, %d4 : memref<4xi32>, memref<4xi32>
    call @printMemrefI32(%u4) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [8]
// CHECK-NEXT: [1274,  1278,  1282,  1286,  1279,  1283,  1276,  1280]
// CHECK: sizes = [1]
// CHECK-NEXT: [101]
// CHECK: sizes = [4]
// CHECK-NEXT: [2,  2,  2,  2]
// CHECK: sizes = [4]
// CHECK-NEXT: [2,  2,  2,  2]
