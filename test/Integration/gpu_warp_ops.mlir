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

// The gpu subgroup ops upstream cannot lower to NVVM, in a 96-thread block
// (3 warps): gpu.rotate, gpu.subgroup_broadcast (specific and first active
// lane), gpu.subgroup_id, gpu.num_subgroups, gpu.subgroup_size, and
// gpu.shuffle xor. Lane l of warp w holds x = 10 w + l.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @warp_ops(%out: memref<6x96xi32>) kernel {
      %t = gpu.thread_id x
      %w = gpu.subgroup_id : index
      %n = gpu.num_subgroups : index
      %s = gpu.subgroup_size : index
      %lane = gpu.lane_id
      %c10 = arith.constant 10 : index
      %x0 = arith.muli %w, %c10 : index
      %x1 = arith.addi %x0, %lane : index
      %x = arith.index_cast %x1 : index to i32
      %rot, %ok = gpu.rotate %x, 3, 8 : i32
      %c5 = arith.constant 5 : i32
      %b5 = gpu.subgroup_broadcast %x, specific_lane %c5 : i32
      // Only lanes 4.. take the branch: its first active lane is 4.
      %c4 = arith.constant 4 : index
      %upper = arith.cmpi uge, %lane, %c4 : index
      %zero = arith.constant 0 : i32
      %first = scf.if %upper -> (i32) {
        %f = gpu.subgroup_broadcast %x, first_active_lane : i32
        scf.yield %f : i32
      } else {
        scf.yield %zero : i32
      }
      %n32 = arith.index_cast %n : index to i32
      %s32 = arith.index_cast %s : index to i32
      %w32 = arith.index_cast %w : index to i32
      %c100 = arith.constant 100 : i32
      %c1000 = arith.constant 1000 : i32
      %i0 = arith.muli %n32, %c1000 : i32
      %i1 = arith.muli %s32, %c100 : i32
      %i2 = arith.addi %i0, %i1 : i32
      %ids = arith.addi %i2, %w32 : i32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %xs, %xv = gpu.shuffle xor %x, %c1, %c32 : i32
      %okv = arith.extui %ok : i1 to i32
      %k0 = arith.constant 0 : index
      %k1 = arith.constant 1 : index
      %k2 = arith.constant 2 : index
      %k3 = arith.constant 3 : index
      %k4 = arith.constant 4 : index
      %k5 = arith.constant 5 : index
      memref.store %rot, %out[%k0, %t] : memref<6x96xi32>
      memref.store %okv, %out[%k1, %t] : memref<6x96xi32>
      memref.store %b5, %out[%k2, %t] : memref<6x96xi32>
      memref.store %first, %out[%k3, %t] : memref<6x96xi32>
      memref.store %ids, %out[%k4, %t] : memref<6x96xi32>
      memref.store %xs, %out[%k5, %t] : memref<6x96xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c96 = arith.constant 96 : index
    %h = memref.alloc() : memref<6x96xi32>
    %d = gpu.alloc () : memref<6x96xi32>
    gpu.launch_func @kernels::@warp_ops blocks in (%c1, %c1, %c1) threads in (%c96, %c1, %c1)
        args(%d : memref<6x96xi32>)
    gpu.memcpy %h, %d : memref<6x96xi32>, memref<6x96xi32>
    %u = memref.cast %h : memref<6x96xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// Rows: rotate by 3 in 8 lanes, its validity, broadcast of lane 5,
// broadcast of the first active lane (4) where lane >= 4, ids, xor 1.
// CHECK: sizes = [6, 96]
// CHECK-NEXT: {{\[\[}}3,   4,   5,   6,   7,   0,   1,   2,   11,   12,   13,   14,   15,   8,   9,   10,   19,   20,   21,   22,   23,   16,   17,   18,   27,   28,   29,   30,   31,   24,   25,   26,   13,   14,   15,   16,   17,   10,   11,   12,   21,   22,   23,   24,   25,   18,   19,   20,   29,   30,   31,   32,   33,   26,   27,   28,   37,   38,   39,   40,   41,   34,   35,   36,   23,   24,   25,   26,   27,   20,   21,   22,   31,   32,   33,   34,   35,   28,   29,   30,   39,   40,   41,   42,   43,   36,   37,   38,   47,   48,   49,   50,   51,   44,   45,   46],
// CHECK-NEXT: [1,   1,   1,   1,   1,   1,   1,   1,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   1,   1,   1,   1,   1,   1,   1,   1,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   1,   1,   1,   1,   1,   1,   1,   1,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   5,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   15,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25,   25],
// CHECK-NEXT: [0,   0,   0,   0,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   4,   0,   0,   0,   0,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   14,   0,   0,   0,   0,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24,   24],
// CHECK-NEXT: [6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6200,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6201,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202,   6202],
// CHECK-NEXT: [1,   0,   3,   2,   5,   4,   7,   6,   9,   8,   11,   10,   13,   12,   15,   14,   17,   16,   19,   18,   21,   20,   23,   22,   25,   24,   27,   26,   29,   28,   31,   30,   11,   10,   13,   12,   15,   14,   17,   16,   19,   18,   21,   20,   23,   22,   25,   24,   27,   26,   29,   28,   31,   30,   33,   32,   35,   34,   37,   36,   39,   38,   41,   40,   21,   20,   23,   22,   25,   24,   27,   26,   29,   28,   31,   30,   33,   32,   35,   34,   37,   36,   39,   38,   41,   40,   43,   42,   45,   44,   47,   46,   49,   48,   51,   50{{\]\]}}
