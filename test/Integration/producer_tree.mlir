// RUN: wc-sim %s | FileCheck %s
// RUN: wc-sim %s %aggregated | FileCheck %s
// RUN: wc-sim %s %remapped | FileCheck %s
// RUN: wc-sim %s %remapped_lowered | FileCheck %s
// RUN: wc-sim %s %delegated | FileCheck %s
// RUN: wc-sim %s %consolidated_lowered | FileCheck %s
// RUN: wc-opt %s --canonicalize --cse --loop-invariant-code-motion -o %t.cleaned.mlir
// RUN: wc-sim %t.cleaned.mlir %consolidated_lowered | FileCheck %s
// RUN: wc-opt %s --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: wc-opt %t.cleaned.mlir --wc-aggregate --wc-remap -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.aggregated.out %}
// RUN: %if gpu-outputs %{ FileCheck %s < %gpu_outputs/%{s:basename}.consolidated.out %}

// A tree reduction in the shapes producers emit: an inline gpu.launch whose
// constants live outside it (as --canonicalize leaves them), the tree in a
// byte buffer allocated in the kernel and reached through memref.view, the
// partner index through affine.apply, and the guard of the final store
// computed once before the level loop on an i32 thread id.
// REMARKS: remark: wc-prepare: workgroup attributions from 1 allocation, 0 globals and 1 view
// REMARKS: remark: wc-aggregate: coarsened: one warp per 128-thread block
// REMARKS: remark: wc-remap: workgroup buffer 0 (memref<128xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<128 x i32>'
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %c0_i32 = arith.constant 0 : i32
    %h_in = memref.alloc() : memref<512xi32>
    %h_out = memref.alloc() : memref<4xi32>
    scf.for %i = %c0 to %c512 step %c1 {
      %m = arith.muli %i, %c7 : index
      %r = arith.remui %m, %c11 : index
      %v = arith.index_cast %r : index to i32
      memref.store %v, %h_in[%i] : memref<512xi32>
    }
    %d_in = gpu.alloc () : memref<512xi32>
    %d_out = gpu.alloc () : memref<4xi32>
    gpu.memcpy %d_in, %h_in : memref<512xi32>, memref<512xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
      %bytes = memref.alloc() : memref<512xi8, #gpu.address_space<workgroup>>
      %tree = memref.view %bytes[%c0][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<128xi32, #gpu.address_space<workgroup>>
      %t32 = arith.index_castui %tx : index to i32
      %first = arith.cmpi eq, %t32, %c0_i32 : i32
      %gid = affine.apply affine_map<(d0)[s0] -> (d0 + s0 * 128)>(%tx)[%bx]
      %x = memref.load %d_in[%gid] : memref<512xi32>
      memref.store %x, %tree[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c7 step %c1 {
        %stride = arith.shrui %c64, %level : index
        %active = arith.cmpi ult, %tx, %stride : index
        scf.if %active {
          %partner = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%tx)[%stride]
          %a = memref.load %tree[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
          %b = memref.load %tree[%partner] : memref<128xi32, #gpu.address_space<workgroup>>
          %s = arith.addi %a, %b : i32
          memref.store %s, %tree[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      scf.if %first {
        %sum = memref.load %tree[%c0] : memref<128xi32, #gpu.address_space<workgroup>>
        memref.store %sum, %d_out[%bx] : memref<4xi32>
      }
      memref.dealloc %bytes : memref<512xi8, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    gpu.memcpy %h_out, %d_out : memref<4xi32>, memref<4xi32>
    %u = memref.cast %h_out : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// Block b sums (7 i mod 11) for i in [128 b, 128 b + 128).
// CHECK: sizes = [4] strides = [1] data =
// CHECK-NEXT: [642,  633,  646,  637]
