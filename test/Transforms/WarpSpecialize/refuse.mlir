// RUN: wc-opt %s -split-input-file --wc-specialize -verify-diagnostics | FileCheck %s

// Kernels wc-specialize leaves unchanged, each with its reason.

// CHECK-LABEL: gpu.func @no_loop
// CHECK: gpu.barrier
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: it has 1 barrier, not a tile loop's copy, barrier, compute, barrier}}
    gpu.func @no_loop(%in: memref<64xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %in[%t] : memref<64xi32>
      memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%t] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// The copy reads workgroup memory (a tile built from another tile).
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the copy reads workgroup memory}}
    gpu.func @copy_reads_tile(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>,
                  %other: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        // expected-note @+1 {{here}}
        %v = memref.load %other[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// The compute part writes workgroup memory.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the compute part writes workgroup memory}}
    gpu.func @compute_writes(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %in[%t] : memref<?xi32>
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        // expected-note @+1 {{here}}
        memref.store %w, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// The loop's bound depends on the thread.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the tile loop's bounds depend on the thread or on memory}}
    gpu.func @divergent_loop(%in: memref<?xi32>, %out: memref<64xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      // expected-note @+1 {{here}}
      scf.for %i = %c0 to %t step %c1 {
        %v = memref.load %in[%t] : memref<?xi32>
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// The copy uses the value the previous tile computed.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the copy uses a value carried from the previous tile}}
    gpu.func @carried(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
        // expected-note @+1 {{here}}
        memref.store %acc, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        %s = arith.addi %w, %acc : i32
        gpu.barrier
        scf.yield %s : i32
      }
      memref.store %r, %out[%t] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// A tile read after the loop.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: a tile buffer is used outside the copy and the compute part of the loop}}
    gpu.func @tile_after(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %in[%t] : memref<?xi32>
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      // expected-note @+1 {{here}}
      %last = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %last, %out[%t] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// Two stages of a 24 KiB tile exceed the 48 KiB of static shared memory.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: rings of 2 stages need 57344 bytes of shared memory, over the static 49152}}
    gpu.func @big_tile(%in: memref<?xi32> {llvm.noalias}, %out: memref<64xi32> {llvm.noalias}, %n: index)
        workgroup(%buf: memref<64x96xi32, #gpu.address_space<workgroup>>,
                  %more: memref<2048xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %in[%t] : memref<?xi32>
        memref.store %v, %buf[%t, %c0] : memref<64x96xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t, %c0] : memref<64x96xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// A block that is not whole warps.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: its block of 48 threads is not whole warps}}
    gpu.func @partial(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 48, 1, 1>} {
      gpu.return
    }
  }
}

// -----

// The copy has a condition with results (a select-like scf.if); one
// without results (a halo some threads load) is taken
// (test/Integration/conv_tile.mlir).
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the copy has a condition with results}}
    gpu.func @copy_if_results(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %low = arith.cmpi ult, %t, %c32 : index
        // expected-note @+1 {{here}}
        %v = scf.if %low -> (i32) {
          %x = memref.load %in[%i] : memref<?xi32>
          scf.yield %x : i32
        } else {
          scf.yield %zero : i32
        }
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// The copy has a loop.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the copy has control flow ('scf.for')}}
    gpu.func @copy_loop(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<128xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        // expected-note @+1 {{here}}
        scf.for %j = %c0 to %c2 step %c1 {
          %o = arith.muli %j, %c64 : index
          %e = arith.addi %o, %t : index
          %x = memref.load %in[%e] : memref<?xi32>
          memref.store %x, %buf[%e] : memref<128xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %w = memref.load %buf[%t] : memref<128xi32, #gpu.address_space<workgroup>>
        memref.store %w, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// The compute part uses an element the copy loaded (the consumers, which
// no longer run the copy, would not have it); arithmetic of the copy that
// the compute part uses (an index) is recomputed by the consumers
// (test/Integration/stencil_time.mlir).
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the compute part uses a value the copy computes with 'memref.load'}}
    gpu.func @compute_uses_load(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %in[%t] : memref<?xi32>
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        %s = arith.addi %w, %v : i32
        // expected-note @-1 {{here}}
        memref.store %s, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// The copy uses the warp's id (a producer warp copying for another thread
// would get its own).
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the copy uses 'gpu.subgroup_id', which the producer warps cannot recompute}}
    gpu.func @copy_warp_id(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        // expected-note @+1 {{here}}
        %w = gpu.subgroup_id : index
        %l = gpu.lane_id
        %w32 = arith.muli %w, %c32 : index
        %e = arith.addi %w32, %l : index
        %v = memref.load %in[%e] : memref<?xi32>
        memref.store %v, %buf[%e] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %x = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %x, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// A tile loop over i32 (the ring's stage is an index).
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the tile loop's induction variable is not an index}}
    gpu.func @i32_loop(%in: memref<?xi32>, %out: memref<64xi32>, %n: i32)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %t = gpu.thread_id x
      // expected-note @+1 {{here}}
      scf.for %i = %c0 to %n step %c1 : i32 {
        %v = memref.load %in[%t] : memref<?xi32>
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %x = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %x, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// A tile loop compared unsigned (the rings count its trips signed).
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: the tile loop compares its bounds unsigned}}
    gpu.func @unsigned_loop(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      // expected-note @+1 {{here}}
      scf.for unsigned %i = %c0 to %n step %c1 {
        %v = memref.load %in[%t] : memref<?xi32>
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %x = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        memref.store %x, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}

// -----

// A block-wide reduction after the tile loop (found by the fuzzer): the
// producer warps would be part of the block it waits for, yet never reach
// it. The same for any op that counts the block's warps.
module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: it uses 'gpu.all_reduce', whose meaning takes in every warp of the block, the producers too}}
    gpu.func @all_reduce_after(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0 : i32
      %t = gpu.thread_id x
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (i32) {
        %v = memref.load %in[%t] : memref<?xi32>
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        %s = arith.addi %a, %w : i32
        gpu.barrier
        scf.yield %s : i32
      }
      %m = gpu.all_reduce minsi %r uniform {} : (i32) -> (i32)
      // expected-note @-1 {{here}}
      memref.store %m, %out[%t] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-remark @+1 {{wc-specialize: kernel left unchanged: it uses 'gpu.num_subgroups', whose meaning takes in every warp of the block, the producers too}}
    gpu.func @num_warps(%in: memref<?xi32>, %out: memref<64xi32>, %n: index)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %n step %c1 {
        %v = memref.load %in[%t] : memref<?xi32>
        memref.store %v, %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %w = memref.load %buf[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        %nw = gpu.num_subgroups : index
        // expected-note @-1 {{here}}
        %nwi = arith.index_cast %nw : index to i32
        %s = arith.addi %w, %nwi : i32
        memref.store %s, %out[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
}
