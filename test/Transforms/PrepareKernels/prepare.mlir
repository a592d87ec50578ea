// RUN: wc-opt %s -split-input-file --wc-prepare -verify-diagnostics | FileCheck %s

// A workgroup allocation in the kernel becomes a workgroup attribution; its
// dealloc goes.
// CHECK-LABEL: gpu.module @alloc
// CHECK: gpu.func @k(%{{.*}}: memref<64xf32>) workgroup(%[[TILE:.*]] : memref<64xf32, #gpu.address_space<workgroup>>) kernel
// CHECK-NOT: memref.alloc
// CHECK: memref.store %{{.*}}, %[[TILE]][
// CHECK-NOT: memref.dealloc
module attributes {gpu.container_module} {
  gpu.module @alloc {
    // expected-remark @+1 {{wc-prepare: workgroup attributions from 1 allocation, 0 globals and 0 views}}
    gpu.func @k(%out: memref<64xf32>) kernel {
      %tile = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %x = memref.load %out[%t] : memref<64xf32>
      memref.store %x, %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = memref.load %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %y, %out[%t] : memref<64xf32>
      memref.dealloc %tile : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// An alloca inside a loop whose instance dies with the iteration: one
// attribution serves every iteration.
// CHECK-LABEL: gpu.module @in_loop
// CHECK: workgroup(%[[TILE:.*]] : memref<32xi32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK-NOT: memref.alloca
// CHECK: memref.store %{{.*}}, %[[TILE]][
module attributes {gpu.container_module} {
  gpu.module @in_loop {
    // expected-remark @+1 {{wc-prepare: workgroup attributions from 1 allocation, 0 globals and 0 views}}
    gpu.func @k(%out: memref<32xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %c4 step %c1 {
        %tile = memref.alloca() : memref<32xi32, #gpu.address_space<workgroup>>
        %v = arith.index_cast %i : index to i32
        memref.store %v, %tile[%t] : memref<32xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %y = memref.load %tile[%t] : memref<32xi32, #gpu.address_space<workgroup>>
        memref.store %y, %out[%t] : memref<32xi32>
      }
      gpu.return
    }
  }
}

// -----

// An allocation in a loop whose buffer leaves the iteration (yielded) may
// have two instances live at once: left in place, with the reason. The one
// before the loop runs once: an attribution.
// CHECK-LABEL: gpu.module @escapes
// CHECK: workgroup(%[[FIRST:.*]] : memref<32xi32, #gpu.address_space<workgroup>>)
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[FIRST]])
// CHECK: memref.alloc()
module attributes {gpu.container_module} {
  gpu.module @escapes {
    // expected-remark @+1 {{wc-prepare: workgroup attributions from 1 allocation, 0 globals and 0 views}}
    gpu.func @k(%out: memref<32xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %first = memref.alloc() : memref<32xi32, #gpu.address_space<workgroup>>
      %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %first) -> (memref<32xi32, #gpu.address_space<workgroup>>) {
        // expected-remark @+1 {{wc-prepare: workgroup allocation left in place: its allocation runs in a loop and it flows into 'scf.yield'}}
        %next = memref.alloc() : memref<32xi32, #gpu.address_space<workgroup>>
        scf.yield %next : memref<32xi32, #gpu.address_space<workgroup>>
      }
      gpu.return
    }
  }
}

// -----

// A dynamically sized allocation is left in place.
// CHECK-LABEL: gpu.module @dynamic
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32
module attributes {gpu.container_module} {
  gpu.module @dynamic {
    gpu.func @k(%n: index) kernel {
      // expected-remark @+1 {{wc-prepare: workgroup allocation left in place: it does not have a static shape and identity layout}}
      %tile = memref.alloc(%n) : memref<?xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A byte buffer used through disjoint views: one attribution per view, in
// the order of their offsets.
// CHECK-LABEL: gpu.module @views
// CHECK: workgroup(%[[A:.*]] : memref<16xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<8xi32, #gpu.address_space<workgroup>>)
// CHECK-NOT: memref.view
// CHECK: memref.store %{{.*}}, %[[A]][
// CHECK: memref.store %{{.*}}, %[[B]][
module attributes {gpu.container_module} {
  gpu.module @views {
    // expected-remark @+1 {{wc-prepare: workgroup attributions from 1 allocation, 0 globals and 2 views}}
    gpu.func @k(%f: f32, %i: i32) kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %bytes = memref.alloc() : memref<128xi8, #gpu.address_space<workgroup>>
      %b = memref.view %bytes[%c64][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<8xi32, #gpu.address_space<workgroup>>
      %a = memref.view %bytes[%c0][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %f, %a[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %i, %b[%c0] : memref<8xi32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// The attributions keep the alignment the allocations asked for
// (`llvm.align`): a whole buffer its own, a view the largest power of two
// that divides its offset, up to the buffer's (the views at 0, 16 and 72 of
// a 64-byte-aligned buffer: 64, 16 and 8); a global its `alignment`.
// CHECK-LABEL: gpu.module @aligned
// CHECK: workgroup(%{{.*}} : memref<64xf32, #gpu.address_space<workgroup>> {llvm.align = 64 : i64}, %{{.*}} : memref<4xf32, #gpu.address_space<workgroup>> {llvm.align = 64 : i64}, %{{.*}} : memref<4xi32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.*}} : memref<2xi32, #gpu.address_space<workgroup>> {llvm.align = 8 : i64}, %{{.*}} : memref<8xi32, #gpu.address_space<workgroup>> {llvm.align = 32 : i64})
module attributes {gpu.container_module} {
  gpu.module @aligned {
    memref.global "private" @g : memref<8xi32, #gpu.address_space<workgroup>> {alignment = 32}
    // expected-remark @+1 {{wc-prepare: workgroup attributions from 2 allocations, 1 global and 3 views}}
    gpu.func @k(%f: f32, %i: i32) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c72 = arith.constant 72 : index
      %tile = memref.alloc() {alignment = 64 : i64} : memref<64xf32, #gpu.address_space<workgroup>>
      %bytes = memref.alloca() {alignment = 64 : i64} : memref<128xi8, #gpu.address_space<workgroup>>
      %a = memref.view %bytes[%c0][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
      %b = memref.view %bytes[%c16][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<4xi32, #gpu.address_space<workgroup>>
      %c = memref.view %bytes[%c72][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<2xi32, #gpu.address_space<workgroup>>
      %g = memref.get_global @g : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %f, %tile[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %f, %a[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %i, %b[%c0] : memref<4xi32, #gpu.address_space<workgroup>>
      memref.store %i, %c[%c0] : memref<2xi32, #gpu.address_space<workgroup>>
      memref.store %i, %g[%c0] : memref<8xi32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Overlapping views share bytes: the byte buffer becomes one attribution
// and the views stay.
// CHECK-LABEL: gpu.module @overlapping
// CHECK: workgroup(%[[BYTES:.*]] : memref<128xi8, #gpu.address_space<workgroup>>)
// CHECK: memref.view %[[BYTES]]
// CHECK: memref.view %[[BYTES]]
module attributes {gpu.container_module} {
  gpu.module @overlapping {
    // expected-remark @+1 {{wc-prepare: workgroup attributions from 1 allocation, 0 globals and 0 views}}
    gpu.func @k(%f: f32, %i: i32) kernel {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %bytes = memref.alloc() : memref<128xi8, #gpu.address_space<workgroup>>
      %a = memref.view %bytes[%c0][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
      %b = memref.view %bytes[%c32][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %f, %a[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %i, %b[%c0] : memref<8xi32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A byte attribution written as such, used through disjoint views, is
// replaced by one attribution per view.
// CHECK-LABEL: gpu.module @byte_attribution
// CHECK: workgroup(%[[A:.*]] : memref<4xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<4xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: i8
module attributes {gpu.container_module} {
  gpu.module @byte_attribution {
    // expected-remark @+1 {{wc-prepare: workgroup attributions from 0 allocations, 0 globals and 2 views}}
    gpu.func @k(%f: f32) workgroup(%bytes : memref<32xi8, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %a = memref.view %bytes[%c0][] : memref<32xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
      %b = memref.view %bytes[%c16][] : memref<32xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %f, %a[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %f, %b[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A workgroup global read only by kernels: an attribution per kernel, and
// the global goes. One with an initial value stays.
// CHECK-LABEL: gpu.module @globals
// CHECK-NOT: memref.global "private" @tile
// CHECK: memref.global "private" @init
// CHECK: gpu.func @k1(%{{.*}}: f32) workgroup(%[[T1:.*]] : memref<64xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: memref.store %{{.*}}, %[[T1]][
// CHECK: gpu.func @k2(%{{.*}}: f32) workgroup(%[[T2:.*]] : memref<64xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: memref.store %{{.*}}, %[[T2]][
// CHECK: memref.get_global @init
module attributes {gpu.container_module} {
  gpu.module @globals {
    memref.global "private" @tile : memref<64xf32, #gpu.address_space<workgroup>>
    memref.global "private" @init : memref<2xf32, #gpu.address_space<workgroup>> = dense<1.0>
    // expected-remark @+1 {{wc-prepare: workgroup attributions from 0 allocations, 1 global and 0 views}}
    gpu.func @k1(%f: f32) kernel {
      %c0 = arith.constant 0 : index
      %tile = memref.get_global @tile : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %f, %tile[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    // expected-remark @+1 {{wc-prepare: workgroup attributions from 0 allocations, 1 global and 0 views}}
    gpu.func @k2(%f: f32) kernel {
      %c0 = arith.constant 0 : index
      %tile = memref.get_global @tile : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %f, %tile[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      // expected-remark @+1 {{wc-prepare: workgroup global left in place: it has an initial value}}
      %init = memref.get_global @init : memref<2xf32, #gpu.address_space<workgroup>>
      memref.store %f, %init[%c0] : memref<2xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// A workgroup global a device function also reads is one buffer for the
// kernel and the function: it stays.
// CHECK-LABEL: gpu.module @shared_with_function
// CHECK: memref.global "private" @tile
// CHECK: gpu.func @k(%{{.*}}: f32) kernel
module attributes {gpu.container_module} {
  gpu.module @shared_with_function {
    memref.global "private" @tile : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.func @helper(%f: f32) {
      %c0 = arith.constant 0 : index
      %tile = memref.get_global @tile : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %f, %tile[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    gpu.func @k(%f: f32) kernel {
      %c0 = arith.constant 0 : index
      %tile = memref.get_global @tile : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %f, %tile[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Loads and stores through a subview or a reshape of a workgroup buffer
// address the buffer itself (indices folded or delinearized).
// CHECK-LABEL: gpu.module @aliases
// CHECK: gpu.func @k({{.*}}) workgroup(%[[TILE:.*]] : memref<16x16xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: memref.subview
// CHECK-NOT: memref.collapse_shape
// CHECK: %[[ROW:.*]] = arith.constant 11 : index
// CHECK: memref.store %{{.*}}, %[[TILE]][%[[ROW]], %{{.*}}]
// CHECK: %[[IJ:.*]]:2 = affine.delinearize_index
// CHECK: memref.load %[[TILE]][%[[IJ]]#0, %[[IJ]]#1]
module attributes {gpu.container_module} {
  gpu.module @aliases {
    gpu.func @k(%f: f32, %out: memref<16xf32>)
        workgroup(%tile : memref<16x16xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %t = gpu.thread_id x
      %rows = memref.subview %tile[8, 0] [8, 16] [1, 1] : memref<16x16xf32, #gpu.address_space<workgroup>> to memref<8x16xf32, strided<[16, 1], offset: 128>, #gpu.address_space<workgroup>>
      memref.store %f, %rows[%c3, %t] : memref<8x16xf32, strided<[16, 1], offset: 128>, #gpu.address_space<workgroup>>
      gpu.barrier
      %flat = memref.collapse_shape %tile [[0, 1]] : memref<16x16xf32, #gpu.address_space<workgroup>> into memref<256xf32, #gpu.address_space<workgroup>>
      %x = memref.load %flat[%t] : memref<256xf32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%t] : memref<16xf32>
      gpu.return
    }
  }
}

// -----

// Constants and index arithmetic a clean-up hoisted out of an inline launch
// are sunk into it before outlining: the kernel keeps them (a loop bound
// stays a constant) instead of taking them as arguments.
// CHECK-LABEL: func.func @host
// CHECK: gpu.launch_func @host_kernel::@host_kernel blocks in ({{.*}}) threads in ({{.*}}) args(%{{.*}} : memref<64xi32>)
// CHECK: gpu.func @host_kernel(%{{.*}}: memref<64xi32>) kernel
// CHECK-DAG: arith.constant 8 : index
// CHECK-DAG: arith.muli
module attributes {gpu.container_module} {
  func.func @host(%out: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c2 = arith.constant 2 : index
    %c128 = arith.muli %c64, %c2 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      scf.for %i = %c0 to %c8 step %c1 {
        %v = arith.addi %tx, %c128 : index
        %w = arith.index_cast %v : index to i32
        memref.store %w, %out[%tx] : memref<64xi32>
      }
      gpu.terminator
    }
    return
  }
}

// -----

// An outlined kernel whose launches all pass the same constants (what
// outlining makes of constants a clean-up hoisted out of a gpu.launch): the
// kernel uses the constants; launch sizes computed by affine.apply of
// constants fold, so the block size is known at the launch.
// CHECK-LABEL: func.func @launcher
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: gpu.launch_func @outlined::@k blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%[[C64]], %{{.*}}, %{{.*}}) args(%{{.*}} : memref<64xi32>, %{{.*}} : index, %{{.*}} : index, %{{.*}} : index)
// CHECK: gpu.func @k(%[[OUT:.*]]: memref<64xi32>, %{{.*}}: index, %[[N:.*]]: index, %{{.*}}: index) kernel
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: scf.for %{{.*}} = %[[C0]] to %[[C8]] step
// CHECK: arith.addi %{{.*}}, %[[N]]
module attributes {gpu.container_module} {
  func.func @launcher(%out: memref<64xi32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %threads = affine.apply affine_map<()[s0] -> (s0 * 64)>()[%c1]
    gpu.launch_func @outlined::@k blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%out : memref<64xi32>, %c0 : index, %n : index, %c8 : index)
    gpu.launch_func @outlined::@k blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%out : memref<64xi32>, %c0 : index, %c1 : index, %c8 : index)
    return
  }
  gpu.module @outlined {
    // expected-remark @+1 {{wc-prepare: 2 arguments that every launch passes as the same constant replaced by the constant in the kernel}}
    gpu.func @k(%out: memref<64xi32>, %lo: index, %n: index, %hi: index) kernel {
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      scf.for %i = %lo to %hi step %c1 {
        %v = arith.addi %t, %n : index
        %w = arith.index_cast %v : index to i32
        memref.store %w, %out[%t] : memref<64xi32>
      }
      gpu.return
    }
  }
}

// -----

// A block reduction every thread reaches is marked uniform (the NVVM
// lowering rewrites only those); one under a thread-dependent branch is not.
// CHECK-LABEL: gpu.module @reductions
// CHECK: gpu.all_reduce add %{{.*}} uniform
// CHECK: scf.if
// CHECK: gpu.all_reduce maxnumf %{{.*}} {
module attributes {gpu.container_module} {
  gpu.module @reductions {
    // expected-remark @+1 {{wc-prepare: 1 gpu.all_reduce reached by every thread of the block marked uniform}}
    gpu.func @k(%out: memref<64xf32>) kernel {
      %c16 = arith.constant 16 : index
      %t = gpu.thread_id x
      %x = memref.load %out[%t] : memref<64xf32>
      %sum = gpu.all_reduce add %x {} : (f32) -> (f32)
      memref.store %sum, %out[%t] : memref<64xf32>
      %low = arith.cmpi ult, %t, %c16 : index
      scf.if %low {
        %m = gpu.all_reduce maxnumf %x {} : (f32) -> (f32)
        memref.store %m, %out[%t] : memref<64xf32>
      }
      gpu.return
    }
  }
}

// -----

// A copy from a fresh workgroup buffer copies undefined contents (what
// bufferization emits for a promoted tensor.empty): removed, since on a GPU
// every thread runs it and it races with the stores after it. A copy from
// a buffer written before it stays, as does one from a kernel argument.
// CHECK-LABEL: gpu.module @copies
// CHECK: gpu.func @k(%[[OUT:.*]]: memref<1xf32>, %[[IN:.*]]: memref<1xf32, #gpu.address_space<workgroup>>) workgroup(%[[FRESH:.*]] : memref<1xf32, #gpu.address_space<workgroup>>, %[[ACC:.*]] : memref<1xf32, #gpu.address_space<workgroup>>, %[[SET:.*]] : memref<1xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: memref.copy %[[FRESH]]
// CHECK: memref.store %{{.*}}, %[[SET]][
// CHECK-NEXT: memref.copy %[[SET]], %[[ACC]]
// CHECK-NEXT: memref.copy %[[IN]], %[[ACC]]
module attributes {gpu.container_module} {
  gpu.module @copies {
    // expected-remark @+2 {{wc-prepare: 1 memref.copy op of a workgroup buffer that nothing had written removed (they copied undefined contents, racing with the stores after them)}}
    // expected-remark @+1 {{wc-prepare: workgroup attributions from 3 allocations, 0 globals and 0 views}}
    gpu.func @k(%out: memref<1xf32>, %in: memref<1xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %fresh = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
      %acc = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
      memref.copy %fresh, %acc : memref<1xf32, #gpu.address_space<workgroup>> to memref<1xf32, #gpu.address_space<workgroup>>
      %set = memref.alloc() : memref<1xf32, #gpu.address_space<workgroup>>
      memref.store %one, %set[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      memref.copy %set, %acc : memref<1xf32, #gpu.address_space<workgroup>> to memref<1xf32, #gpu.address_space<workgroup>>
      memref.copy %in, %acc : memref<1xf32, #gpu.address_space<workgroup>> to memref<1xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %acc[%c0] : memref<1xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}
