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

// A 64-element lane array (2 slots per lane) replaces a workgroup buffer:
// lane l writes elements l and l + 32 (3 l and 3 l + 1), then reads its
// neighbours l + 1 (own slot 0 of lane l + 1) and l + 32 (its own slot 1)
// and the element 63 - l (slot 1 or 0 of lane 31 - l).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @arrays(%out: memref<4x32xi32>) kernel {
      %t = gpu.thread_id x
      %l = arith.index_cast %t : index to i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %three = arith.constant 3 : i32
      %c31 = arith.constant 31 : i32
      %e0 = arith.muli %l, %three : i32
      %e1 = arith.addi %e0, %one : i32
      %a = wc.lane_array_splat %zero : !wc.lane_array<64 x i32>
      %a1 = wc.lane_write %e0 into %a[%c0] : !wc.lane_array<64 x i32>
      %a2 = wc.lane_write %e1 into %a1[%c1] : !wc.lane_array<64 x i32>
      %next0 = arith.addi %l, %one : i32
      %next = arith.andi %next0, %c31 : i32
      %r0 = wc.lane_read %a2[%c0] from %next : !wc.lane_array<64 x i32>
      %lane = gpu.lane_id
      %own = arith.index_cast %lane : index to i32
      %r1 = wc.lane_read %a2[%c1] from %own : !wc.lane_array<64 x i32>
      %mirror = arith.subi %c31, %l : i32
      %r2 = wc.lane_read %a2[%c1] from %mirror : !wc.lane_array<64 x i32>
      %r3 = wc.lane_read %a2[%c0] from %mirror : !wc.lane_array<64 x i32>
      %k0 = arith.constant 0 : index
      %k2 = arith.constant 2 : index
      %k3 = arith.constant 3 : index
      memref.store %r0, %out[%k0, %t] : memref<4x32xi32>
      memref.store %r1, %out[%c1, %t] : memref<4x32xi32>
      memref.store %r2, %out[%k2, %t] : memref<4x32xi32>
      memref.store %r3, %out[%k3, %t] : memref<4x32xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %h = memref.alloc() : memref<4x32xi32>
    %d = gpu.alloc () : memref<4x32xi32>
    gpu.launch_func @kernels::@arrays blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%d : memref<4x32xi32>)
    gpu.memcpy %h, %d : memref<4x32xi32>, memref<4x32xi32>
    %u = memref.cast %h : memref<4x32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// CHECK: sizes = [4, 32]
// CHECK-NEXT: {{\[\[}}3,   6,   9,   12,   15,   18,   21,   24,   27,   30,   33,   36,   39,   42,   45,   48,   51,   54,   57,   60,   63,   66,   69,   72,   75,   78,   81,   84,   87,   90,   93,   0],
// CHECK-NEXT: [1,   4,   7,   10,   13,   16,   19,   22,   25,   28,   31,   34,   37,   40,   43,   46,   49,   52,   55,   58,   61,   64,   67,   70,   73,   76,   79,   82,   85,   88,   91,   94],
// CHECK-NEXT: [94,   91,   88,   85,   82,   79,   76,   73,   70,   67,   64,   61,   58,   55,   52,   49,   46,   43,   40,   37,   34,   31,   28,   25,   22,   19,   16,   13,   10,   7,   4,   1],
// CHECK-NEXT: [93,   90,   87,   84,   81,   78,   75,   72,   69,   66,   63,   60,   57,   54,   51,   48,   45,   42,   39,   36,   33,   30,   27,   24,   21,   18,   15,   12,   9,   6,   3,   0{{\]\]}}
