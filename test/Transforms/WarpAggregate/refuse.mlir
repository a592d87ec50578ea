// RUN: wc-opt %s -split-input-file --wc-aggregate -verify-diagnostics | FileCheck %s

// A barrier under thread-dependent control flow: the kernel is unchanged.
// CHECK-LABEL: gpu.module @divergent
// CHECK: gpu.barrier
// CHECK-NOT: wc.warp_job
module attributes {gpu.container_module} {
  gpu.module @divergent {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: a barrier is under thread-dependent control flow}}
    gpu.func @k(%buf: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c16 = arith.constant 16 : index
      %low = arith.cmpi ult, %t, %c16 : index
      scf.if %low {
        // expected-remark @+1 {{wc-aggregate: this barrier is under the thread-dependent control flow of 'scf.if'}}
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// A loop whose trip count is read from memory is thread-dependent too.
module attributes {gpu.container_module} {
  gpu.module @loaded_bound {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: a barrier is under thread-dependent control flow}}
    gpu.func @k(%n: memref<1xindex>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %bound = memref.load %n[%c0] : memref<1xindex>
      scf.for %i = %c0 to %bound step %c1 {
        // expected-remark @+1 {{wc-aggregate: this barrier is under the thread-dependent control flow of 'scf.for'}}
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// No known_block_size and a launch with a run-time block size.
module attributes {gpu.container_module} {
  gpu.module @unknown {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: the block size is not known: no known_block_size attribute and a launch with a non-constant block size}}
    gpu.func @k() kernel {
      gpu.barrier
      gpu.return
    }
  }
  func.func @host(%n: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @unknown::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
    return
  }
}

// -----

// A launch with a constant block size, then one with a run-time size: the
// first does not tell the second's.
// CHECK-LABEL: func.func @host_one_unknown
// CHECK: threads in (%c64, %c1, %c1)
// CHECK: threads in (%arg0, %c1, %c1)
module attributes {gpu.container_module} {
  gpu.module @one_unknown {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: the block size is not known: no known_block_size attribute and a launch with a non-constant block size}}
    gpu.func @k() kernel {
      gpu.barrier
      gpu.return
    }
  }
  func.func @host_one_unknown(%n: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @one_unknown::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
    gpu.launch_func @one_unknown::@k blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
    return
  }
}

// -----

// Two launches with different block sizes.
// CHECK-LABEL: func.func @host
// CHECK: threads in (%c64, %c1, %c1)
// CHECK: threads in (%c128, %c1, %c1)
module attributes {gpu.container_module} {
  gpu.module @disagree {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: launch sites disagree on the block size}}
    gpu.func @k() kernel {
      gpu.barrier
      gpu.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @disagree::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
    gpu.launch_func @disagree::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
    return
  }
}

// -----

// Warp-level ops that coarsening does not carry over mean something else
// once one warp runs the whole block (warp reductions, shuffles, lane and
// warp ids are carried: test/Transforms/WarpAggregate/collectives.mlir).
module attributes {gpu.container_module} {
  gpu.module @warp_ops {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: it uses 'gpu.rotate', whose meaning depends on which threads share a warp}}
    gpu.func @k(%buf: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<64xi32>
      %s, %valid = gpu.rotate %x, 1, 32 : i32
      gpu.barrier
      memref.store %s, %buf[%t] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// NVVM ops (here an mbarrier-free named barrier) are not aggregated.
module attributes {gpu.container_module} {
  gpu.module @nvvm {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: it uses 'nvvm.barrier0', whose meaning aggregation would change}}
    gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      nvvm.barrier0
      gpu.return
    }
  }
}

// -----

// Too many values live across a barrier for the register budget: 32
// virtual threads per lane, 4 f64 values each.
module attributes {gpu.container_module} {
  gpu.module @registers {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: the values kept per virtual thread across barriers need about 256 registers per lane, over the budget of 127}}
    gpu.func @k(%buf: memref<1024xf64>)
        workgroup(%tile: memref<1024xf64, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 1024, 1, 1>} {
      %t = gpu.thread_id x
      %a = memref.load %buf[%t] : memref<1024xf64>
      %b = arith.mulf %a, %a : f64
      %c = arith.addf %b, %a : f64
      %d = arith.mulf %c, %b : f64
      memref.store %a, %tile[%t] : memref<1024xf64, #gpu.address_space<workgroup>>
      gpu.barrier
      %e = arith.addf %a, %b : f64
      %f = arith.addf %c, %d : f64
      %g = arith.addf %e, %f : f64
      memref.store %g, %buf[%t] : memref<1024xf64>
      gpu.return
    }
  }
}

// -----

// Already aggregated kernels are left alone: the pass is idempotent.
module attributes {gpu.container_module} {
  gpu.module @twice {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: it is already a warp job}}
    gpu.func @k() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      wc.warp_job block [64, 1, 1] virtual_threads 2 {
        wc.warp_sync
      }
      gpu.return
    }
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: each block is already a single warp and it has no barrier}}
    gpu.func @resized() kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      gpu.return
    }
  }
}

// -----

// A barrier inside a region op other than scf.for/if/while.
module attributes {gpu.container_module} {
  gpu.module @region {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: a barrier inside 'scf.execute_region' (only scf.for, scf.if and scf.while around barriers are supported)}}
    gpu.func @k(%buf: memref<64xi32>)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      scf.execute_region {
        gpu.barrier
        scf.yield
      }
      gpu.return
    }
  }
}

// -----

// Private memory is per thread: in a warp job the virtual threads of a lane
// would share one copy, and a value one writes before a barrier would be
// another's after it. The kernel is left unchanged.
// CHECK-LABEL: gpu.module @private_attribution
// CHECK: gpu.barrier
// CHECK-NOT: wc.warp_job
module attributes {gpu.container_module} {
  gpu.module @private_attribution {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: it uses a private attribution, which the virtual threads of a lane would share}}
    gpu.func @k(%out: memref<64xindex>)
        workgroup(%w: memref<64xindex, #gpu.address_space<workgroup>>)
        private(%p: memref<1xindex, #gpu.address_space<private>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      memref.store %t, %p[%c0] : memref<1xindex, #gpu.address_space<private>>
      memref.store %t, %w[%t] : memref<64xindex, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %p[%c0] : memref<1xindex, #gpu.address_space<private>>
      memref.store %v, %out[%t] : memref<64xindex>
      gpu.return
    }
  }
}

// -----

// A block reduction that only some threads reach is not a reduction of the
// block (upstream's lowering would deadlock on it too).
module attributes {gpu.container_module} {
  gpu.module @divergent_reduce {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: a 'gpu.all_reduce' is under thread-dependent control flow}}
    gpu.func @k(%buf: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c16 = arith.constant 16 : index
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<64xi32>
      %low = arith.cmpi ult, %t, %c16 : index
      scf.if %low {
        // expected-remark @+1 {{wc-aggregate: this 'gpu.all_reduce' is under the thread-dependent control flow of 'scf.if'}}
        %s = gpu.all_reduce add %x {} : (i32) -> (i32)
        memref.store %s, %buf[%t] : memref<64xi32>
      }
      gpu.return
    }
  }
}

// -----

// A reduction region that is not one combining op of its arguments.
module attributes {gpu.container_module} {
  gpu.module @region_reduce {
    // expected-remark @+1 {{wc-aggregate: kernel left unchanged: a 'gpu.all_reduce' whose region is not one combining op of its two arguments}}
    gpu.func @k(%buf: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<64xi32>
      %s = gpu.all_reduce %x uniform {
      ^bb(%a: i32, %b: i32):
        %sum = arith.addi %a, %b : i32
        %one = arith.constant 1 : i32
        %r = arith.addi %sum, %one : i32
        gpu.yield %r : i32
      } : (i32) -> (i32)
      memref.store %s, %buf[%t] : memref<64xi32>
      gpu.return
    }
  }
}
