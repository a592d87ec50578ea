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

// Persistent warp agents over a 5 x 3 job grid (15 jobs, not a multiple of
// the 4 agents): each job adds 100 y + 10 x + 1 to its cell, so a job run
// twice or never shows. Static x-major, static y-major throttled to 3
// agents, and the dynamic schedule launched twice on one counter (which
// must reset itself between the launches).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @jobs(%cells: memref<3x5xi32>, %counter: memref<2xi32>, %mode: index) kernel {
      %b = gpu.block_id x
      %w = gpu.subgroup_id : index
      %wpb = gpu.num_subgroups : index
      %nb = gpu.grid_dim x
      %a0 = arith.muli %b, %wpb : index
      %agent = arith.addi %a0, %w : index
      %agents = arith.muli %nb, %wpb : index
      %c5 = arith.constant 5 : index
      %c3 = arith.constant 3 : index
      %c1 = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %c10 = arith.constant 10 : index
      %c100 = arith.constant 100 : index
      %lane = gpu.lane_id
      %leader = arith.cmpi eq, %lane, %c0 : index
      %is0 = arith.cmpi eq, %mode, %c0 : index
      %is1 = arith.cmpi eq, %mode, %c1 : index
      scf.if %is0 {
        wc.job_loop (%x, %y, %z) in (%c5, %c3, %c1) agent %agent of %agents schedule static order x_major {
          scf.if %leader {
            %v0 = arith.muli %y, %c100 : index
            %v1 = arith.muli %x, %c10 : index
            %v2 = arith.addi %v0, %v1 : index
            %v3 = arith.addi %v2, %c1 : index
            %v = arith.index_cast %v3 : index to i32
            %old = memref.load %cells[%y, %x] : memref<3x5xi32>
            %new = arith.addi %old, %v : i32
            memref.store %new, %cells[%y, %x] : memref<3x5xi32>
          }
        }
      } else {
        scf.if %is1 {
          wc.job_loop (%x, %y, %z) in (%c5, %c3, %c1) agent %agent of %agents schedule static order y_major max_agents 3 {
            scf.if %leader {
              %v0 = arith.muli %y, %c100 : index
              %v1 = arith.muli %x, %c10 : index
              %v2 = arith.addi %v0, %v1 : index
              %v3 = arith.addi %v2, %c1 : index
              %v = arith.index_cast %v3 : index to i32
              %old = memref.load %cells[%y, %x] : memref<3x5xi32>
              %new = arith.addi %old, %v : i32
              memref.store %new, %cells[%y, %x] : memref<3x5xi32>
            }
          }
        } else {
          wc.job_loop (%x, %y, %z) in (%c5, %c3, %c1) agent %agent of %agents schedule dynamic order x_major counter %counter : memref<2xi32> {
            scf.if %leader {
              %v0 = arith.muli %y, %c100 : index
              %v1 = arith.muli %x, %c10 : index
              %v2 = arith.addi %v0, %v1 : index
              %v3 = arith.addi %v2, %c1 : index
              %v = arith.index_cast %v3 : index to i32
              %old = memref.load %cells[%y, %x] : memref<3x5xi32>
              %new = arith.addi %old, %v : i32
              memref.store %new, %cells[%y, %x] : memref<3x5xi32>
            }
          }
        }
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @run(%mode: index, %launches: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0 : i32
    %h = memref.alloc() : memref<3x5xi32>
    %hc = memref.alloc() : memref<2xi32>
    %d = gpu.alloc () : memref<3x5xi32>
    %ctr = gpu.alloc () : memref<2xi32>
    gpu.memset %d, %zero : memref<3x5xi32>, i32
    gpu.memset %ctr, %zero : memref<2xi32>, i32
    scf.for %i = %c0 to %launches step %c1 {
      gpu.launch_func @kernels::@jobs blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
          args(%d : memref<3x5xi32>, %ctr : memref<2xi32>, %mode : index)
    }
    gpu.memcpy %h, %d : memref<3x5xi32>, memref<3x5xi32>
    gpu.memcpy %hc, %ctr : memref<2xi32>, memref<2xi32>
    %u = memref.cast %h : memref<3x5xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %uc = memref.cast %hc : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%uc) : (memref<*xi32>) -> ()
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    call @run(%c0, %c1) : (index, index) -> ()
    call @run(%c1, %c1) : (index, index) -> ()
    call @run(%c2, %c2) : (index, index) -> ()
    return
  }
}

// static x-major: every job exactly once per launch; the counter is back to zero.
// CHECK: sizes = [3, 5]
// CHECK-NEXT: {{\[\[}}1,   11,   21,   31,   41],
// CHECK-NEXT: [101,   111,   121,   131,   141],
// CHECK-NEXT: [201,   211,   221,   231,   241{{\]\]}}
// CHECK: sizes = [2]
// CHECK-NEXT: [0,  0]
// static y-major, 3 agents: every job exactly once per launch; the counter is back to zero.
// CHECK: sizes = [3, 5]
// CHECK-NEXT: {{\[\[}}1,   11,   21,   31,   41],
// CHECK-NEXT: [101,   111,   121,   131,   141],
// CHECK-NEXT: [201,   211,   221,   231,   241{{\]\]}}
// CHECK: sizes = [2]
// CHECK-NEXT: [0,  0]
// dynamic, two launches: every job exactly once per launch; the counter is back to zero.
// CHECK: sizes = [3, 5]
// CHECK-NEXT: {{\[\[}}2,   22,   42,   62,   82],
// CHECK-NEXT: [202,   222,   242,   262,   282],
// CHECK-NEXT: [402,   422,   442,   462,   482{{\]\]}}
// CHECK: sizes = [2]
// CHECK-NEXT: [0,  0]
