// RUN: wc-opt %s -split-input-file -verify-diagnostics

func.func @warp_job_virtual_threads() {
  // expected-error @+1 {{virtual_threads must be ceil(100 / 32) = 4, got 3}}
  wc.warp_job block [100, 1, 1] virtual_threads 3 {
  }
  return
}

// -----

// A negative count is printed as written, not as its unsigned bits.
func.func @warp_job_negative_virtual_threads() {
  // expected-error @+1 {{virtual_threads must be ceil(64 / 32) = 2, got -2}}
  wc.warp_job block [64, 1, 1] virtual_threads -2 {
  }
  return
}

// -----

// The thread count of a huge block is checked before it can overflow.
func.func @warp_job_huge_block() {
  // expected-error @+1 {{block of 2147483647 x 2147483647 x 2147483647 threads has more than 2147483647 threads}}
  wc.warp_job block [2147483647, 2147483647, 2147483647] virtual_threads 2 {
  }
  return
}

// -----

func.func @warp_job_rank() {
  // expected-error @+1 {{block shape must have 3 dimensions, got 2}}
  wc.warp_job block [32, 1] virtual_threads 1 {
  }
  return
}

// -----

func.func @warp_job_zero_dim() {
  // expected-error @+1 {{block dimensions must be positive}}
  wc.warp_job block [32, 0, 1] virtual_threads 0 {
  }
  return
}

// -----

func.func @warp_job_thread_id() {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    // expected-error @+1 {{names the physical launch inside a warp job}}
    %t = gpu.thread_id x
  }
  return
}

// -----

func.func @warp_job_block_dim() {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    // expected-error @+1 {{names the physical launch inside a warp job}}
    %t = gpu.block_dim x
  }
  return
}

// -----

func.func @warp_job_barrier() {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    // expected-error @+1 {{block barrier inside a warp job}}
    gpu.barrier
  }
  return
}

// -----

func.func @warp_job_nested() {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    // expected-error @+1 {{warp jobs cannot be nested}}
    wc.warp_job block [32, 1, 1] virtual_threads 1 {
    }
  }
  return
}

// -----

func.func @vthreads_outside_job() {
  // expected-error @+1 {{must be nested in a 'wc.warp_job'}}
  wc.vthreads (%v, %x, %y, %z) {
  }
  return
}

// -----

func.func @vthreads_nested() {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    wc.vthreads (%v, %x, %y, %z) {
      // expected-error @+1 {{cannot be nested in another 'wc.vthreads'}}
      wc.vthreads (%v2, %x2, %y2, %z2) {
      }
    }
  }
  return
}

// -----

func.func @vthreads_result_size() {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    // expected-error @+1 {{result #0 must have one element per virtual thread (2), got 'vector<4xf32>'}}
    %r = wc.vthreads (%v, %x, %y, %z) -> vector<4xf32> {
      %c = arith.constant 1.0 : f32
      wc.yield %c : f32
    }
  }
  return
}

// -----

func.func @vthreads_result_type() {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    // expected-error @+1 {{result #0 of type 'vector<2xf32>' does not gather yielded 'i32'}}
    %r = wc.vthreads (%v, %x, %y, %z) -> vector<2xf32> {
      %c = arith.constant 1 : i32
      wc.yield %c : i32
    }
  }
  return
}

// -----

func.func @vthreads_yield_count() {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    // expected-error @+1 {{yields 0 value(s) for 1 result(s)}}
    %r = wc.vthreads (%v, %x, %y, %z) -> vector<2xf32> {
      wc.yield
    }
  }
  return
}

// -----

func.func @vthreads_args() {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    // expected-error @+1 {{expected 4 region arguments, got 2}}
    wc.vthreads (%v, %x) {
    }
  }
  return
}

// -----

func.func @job_loop_dynamic_without_counter(%n: index) {
  // expected-error @+1 {{dynamic schedule needs ticket counters}}
  wc.job_loop (%x, %y, %z) in (%n, %n, %n) agent %n of %n schedule dynamic order x_major {
  }
  return
}

// -----

func.func @job_loop_static_with_counter(%n: index, %c: memref<2xi32>) {
  // expected-error @+1 {{static schedule takes no counter}}
  wc.job_loop (%x, %y, %z) in (%n, %n, %n) agent %n of %n schedule static order x_major counter %c : memref<2xi32> {
  }
  return
}

// -----

func.func @job_loop_small_counter(%n: index, %c: memref<0xi32>) {
  // expected-error @+1 {{counter needs an element (the ticket), got 'memref<0xi32>'}}
  wc.job_loop (%x, %y, %z) in (%n, %n, %n) agent %n of %n schedule dynamic order x_major counter %c : memref<0xi32> {
  }
  return
}

// -----

// A constant agent count below one would be a loop of step zero.
func.func @job_loop_no_agents(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{agent count must be positive, got 0}}
  wc.job_loop (%x, %y, %z) in (%n, %n, %n) agent %n of %c0 schedule static order x_major {
  }
  return
}

// -----

func.func @job_loop_throttle(%n: index) {
  // expected-error @+1 {{max_agents must be positive, got 0}}
  wc.job_loop (%x, %y, %z) in (%n, %n, %n) agent %n of %n schedule static order x_major max_agents 0 {
  }
  return
}

// -----

// A job loop runs at kernel level, around warp jobs: not at warp level in a
// job, nor per virtual thread in a phase.
func.func @job_loop_in_warp_job(%n: index) {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    // expected-error @+1 {{cannot be nested in a 'wc.warp_job' (nor in its 'wc.vthreads'): a job loop runs at kernel level, around warp jobs}}
    wc.job_loop (%a, %b, %c) in (%n, %n, %n) agent %n of %n schedule static order x_major {
    }
  }
  return
}

// -----

func.func @job_loop_in_vthreads(%out: memref<64xi32>, %n: index) {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    wc.vthreads (%v, %x, %y, %z) {
      // expected-error @+1 {{cannot be nested in a 'wc.warp_job' (nor in its 'wc.vthreads'): a job loop runs at kernel level, around warp jobs}}
      wc.job_loop (%a, %b, %c) in (%n, %n, %n) agent %x of %n schedule static order x_major {
        %q = arith.index_cast %a : index to i32
        memref.store %q, %out[%x] : memref<64xi32>
      }
    }
  }
  return
}

// -----

func.func @job_loop_schedule(%n: index) {
  // expected-error @+1 {{unknown schedule 'guided' (expected 'static' or 'dynamic')}}
  wc.job_loop (%x, %y, %z) in (%n, %n, %n) agent %n of %n schedule guided order x_major {
  }
  return
}

// -----

func.func @job_loop_order(%n: index) {
  // expected-error @+1 {{unknown partition order 'z_major'}}
  wc.job_loop (%x, %y, %z) in (%n, %n, %n) agent %n of %n schedule static order z_major {
  }
  return
}

// -----

// expected-error @+1 {{lane array must have at least one element, got 0}}
func.func @lane_array_empty(%a: !wc.lane_array<0 x f32>) {
  return
}

// -----

// expected-error @+1 {{lane array element must be a signless integer, float or index scalar, got 'vector<2xf32>'}}
func.func @lane_array_element(%a: !wc.lane_array<4 x vector<2xf32>>) {
  return
}

// -----

// expected-error @+1 {{unknown lane array layout 'striped'}}
func.func @lane_array_layout(%a: !wc.lane_array<4 x f32, striped>) {
  return
}

// -----

func.func @lane_read_runtime_slot(%a: !wc.lane_array<64 x f32>, %slot: index, %lane: i32) {
  // expected-error @+1 {{slot index must be a compile-time constant: a run-time slot would place the lane array in local memory}}
  %x = wc.lane_read %a[%slot] from %lane : !wc.lane_array<64 x f32>
  return
}

// -----

func.func @lane_read_slot_range(%a: !wc.lane_array<64 x f32>, %lane: i32) {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{slot 2 out of range: '!wc.lane_array<64 x f32>' has 2 slot(s) per lane}}
  %x = wc.lane_read %a[%c2] from %lane : !wc.lane_array<64 x f32>
  return
}

// -----

func.func @lane_write_runtime_slot(%a: !wc.lane_array<64 x f32>, %slot: index, %x: f32) {
  // expected-error @+1 {{slot index must be a compile-time constant}}
  %b = wc.lane_write %x into %a[%slot] : !wc.lane_array<64 x f32>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @lane_write_type(%a: !wc.lane_array<64 x f32>, %x: i32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'f32' vs 'i32'}}
  %b = wc.lane_write %x into %a[%c0] : !wc.lane_array<64 x f32>
  return
}

// -----

func.func @shuffle_width(%x: f32, %o: i32) {
  // expected-error @+1 {{width must be a power of two in [1, 32], got 12}}
  %r:2 = wc.shuffle down %x, %o width 12 : f32
  return
}

// -----

func.func @shuffle_width_large(%x: f32, %o: i32) {
  // expected-error @+1 {{width must be a power of two in [1, 32], got 64}}
  %r:2 = wc.shuffle down %x, %o width 64 : f32
  return
}

// -----

func.func @shuffle_type(%x: i128, %o: i32) {
  // expected-error @+1 {{must be scalar of at most 64 bits}}
  %r:2 = wc.shuffle idx %x, %o : i128
  return
}

// -----

func.func @vote_ballot_type(%p: i1) {
  // expected-error @+1 {{vote ballot returns 'i32', not 'i1'}}
  %r = wc.vote ballot %p -> i1
  return
}

// -----

func.func @vote_any_type(%p: i1) {
  // expected-error @+1 {{vote any returns 'i1', not 'i32'}}
  %r = wc.vote any %p -> i32
  return
}

// -----

func.func @match_type(%x: f32) {
  // expected-error @+1 {{must be 32-bit signless integer or 64-bit signless integer}}
  %r:2 = wc.match any %x : f32
  return
}

// -----

func.func @reduce_kind(%x: i32) {
  // expected-error @+1 {{combining kind 'maxnumf' does not apply to 'i32'}}
  %r = wc.reduce maxnumf %x : i32
  return
}

// -----

func.func @reduce_float_bitwise(%x: f32) {
  // expected-error @+1 {{combining kind 'xor' does not apply to 'f32'}}
  %r = wc.reduce xor %x : f32
  return
}

// -----

func.func @reduce_cluster(%x: f32) {
  // expected-error @+1 {{cluster size must be a power of two in [1, 32], got 3}}
  %r = wc.reduce add %x cluster(size = 3, stride = 1) : f32
  return
}

// -----

func.func @reduce_cluster_span(%x: f32) {
  // expected-error @+1 {{cluster of 16 lanes with stride 4 does not fit in a warp of 32 lanes}}
  %r = wc.reduce add %x cluster(size = 16, stride = 4) : f32
  return
}

// -----

func.func @scan_kind(%x: f32) {
  // expected-error @+1 {{combining kind 'minsi' does not apply to 'f32'}}
  %r = wc.scan inclusive minsi %x : f32
  return
}

// -----

func.func @segmented_reduce_kind(%x: i32, %h: i1) {
  // expected-error @+1 {{combining kind 'minimumf' does not apply to 'i32'}}
  %r = wc.segmented_reduce minimumf %x, %h : i32
  return
}

// -----

func.func @aggregated_atomic_indices(%m: memref<4x4xi32>, %i: index, %x: i32) {
  // expected-error @+1 {{expected 2 indices for 'memref<4x4xi32>', got 1}}
  %r = wc.aggregated_atomic_add %x, %m[%i] : memref<4x4xi32>
  return
}

// -----

func.func @aggregated_atomic_type(%m: memref<4xi16>, %i: index, %x: i16) {
  // expected-error @+1 {{must be 32-bit signless integer or 64-bit signless integer or 32-bit float}}
  %r = wc.aggregated_atomic_add %x, %m[%i] : memref<4xi16>
  return
}

// -----

func.func @aggregated_atomic_rmw_kind(%m: memref<4xi32>, %i: index, %x: i32) {
  // expected-error @+1 {{combining kind 'xor' is not aggregated by this op (and, or, minsi, minui, maxsi and maxui are)}}
  %r = wc.aggregated_atomic_rmw xor %x, %m[%i] : memref<4xi32>
  return
}

// -----

func.func @aggregated_atomic_rmw_add(%m: memref<4xi32>, %i: index, %x: i32) {
  // expected-error @+1 {{combining kind 'add' is not aggregated by this op}}
  %r = wc.aggregated_atomic_rmw add %x, %m[%i] : memref<4xi32>
  return
}

// -----

func.func @aggregated_atomic_rmw_indices(%m: memref<4x4xi64>, %i: index, %x: i64) {
  // expected-error @+1 {{expected 2 indices for 'memref<4x4xi64>', got 1}}
  %r = wc.aggregated_atomic_rmw maxsi %x, %m[%i] : memref<4x4xi64>
  return
}

// -----

func.func @aggregated_atomic_rmw_type(%m: memref<4xf32>, %i: index, %x: f32) {
  // expected-error @+1 {{must be 32-bit signless integer or 64-bit signless integer}}
  %r = wc.aggregated_atomic_rmw maxsi %x, %m[%i] : memref<4xf32>
  return
}

// -----

func.func @named_barrier_id() {
  // expected-error @+1 {{barrier id must be in [0, 15], got 16}}
  wc.named_barrier_sync 16
  return
}

// -----

func.func @named_barrier_negative_id() {
  // expected-error @+1 {{attribute 'id' failed to satisfy constraint}}
  wc.named_barrier_sync -1
  return
}

// -----

func.func @named_barrier_threads() {
  // expected-error @+1 {{thread count must be a positive multiple of 32, got 48}}
  wc.named_barrier_sync 1 threads 48
  return
}

// -----

func.func @named_barrier_arrive_threads() {
  // expected-error @+1 {{needs a thread count}}
  wc.named_barrier_arrive 1
  return
}

// -----

// A count beyond a block's threads (here 2^32 + 32, which would truncate to
// 32 in the 32-bit operand of bar.sync).
func.func @named_barrier_too_many_threads() {
  // expected-error @+1 {{thread count must be at most 1024 (the threads of a block), got 4294967328}}
  wc.named_barrier_sync 3 threads 4294967328
  return
}

// -----

func.func @named_barrier_arrive_zero() {
  // expected-error @+1 {{thread count must be a positive multiple of 32, got 0}}
  wc.named_barrier_arrive 2 threads 0
  return
}

// -----

func.func @yield_outside() {
  // expected-error @+1 {{expects parent op to be one of 'wc.warp_job, wc.vthreads, wc.job_loop'}}
  wc.yield
}

// -----

// expected-note @+1 {{prior use here}}
func.func @lane_array_splat_type(%x: i32) {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'f32' vs 'i32'}}
  %a = wc.lane_array_splat %x : !wc.lane_array<64 x f32>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @elect_mask_type(%m: i64) {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'i32' vs 'i64'}}
  %e = wc.elect mask %m
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @warp_sync_mask_type(%m: i16) {
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'i32' vs 'i16'}}
  wc.warp_sync mask %m
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @vote_predicate_type(%p: i32) {
  // expected-error @+1 {{use of value '%p' expects different type than prior uses: 'i1' vs 'i32'}}
  %r = wc.vote any %p -> i1
  return
}

// -----

func.func @active_mask_type() {
  // expected-error @+1 {{'wc.active_mask' op result #0 must be 32-bit signless integer, but got 'i64'}}
  %m = "wc.active_mask"() : () -> i64
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @segmented_head_type(%x: f32, %h: i32) {
  // expected-error @+1 {{use of value '%h' expects different type than prior uses: 'i1' vs 'i32'}}
  %r = wc.segmented_reduce add %x, %h : f32
  return
}

// -----

func.func @specialize_regions() {
  // expected-error @+1 {{has 2 roles in `warps` but 1 regions}}
  wc.warp_specialize warps [1, 1] channels [] (%w: index) {
  }
  return
}

// -----

func.func @specialize_empty_role() {
  // expected-error @+1 {{every role needs at least one warp}}
  wc.warp_specialize warps [0] channels [] (%w: index) {
  }
  return
}

// -----

func.func @specialize_channel_role() {
  // expected-error @+1 {{channel 0 names a role that does not exist}}
  wc.warp_specialize warps [1, 1] channels [0 -> 2 stages 1] (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

func.func @specialize_self_channel() {
  // expected-error @+1 {{channel 0 connects role 1 to itself}}
  wc.warp_specialize warps [1, 1] channels [1 -> 1 stages 1] (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

func.func @specialize_too_many_barriers() {
  // expected-error @+1 {{channels and roles need 16 named barriers besides barrier 0, more than the 15 a block has}}
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 4, 1 -> 0 stages 4] (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

// Stage counts whose barriers would overflow a 64-bit count are refused
// before they are added up.
func.func @specialize_huge_stages() {
  // expected-error @+1 {{channel 0 has 4611686018427387904 stages, more than the 16 named barriers of a block}}
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 4611686018427387904] (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

func.func @specialize_huge_role() {
  // expected-error @+1 {{a role of more than 32 warps exceeds a block}}
  wc.warp_specialize warps [1, 4611686018427387904] channels [] (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

func.func @specialize_argument() {
  // expected-error @+1 {{each role takes one index argument, its warp index within the role}}
  wc.warp_specialize warps [1] channels [] (%w: i32) {
  }
  return
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    // expected-error @+1 {{roles of 3 warps in a block of 64 threads}}
    wc.warp_specialize warps [1, 2] channels [] (%w: index) {
    }, (%w: index) {
    }
    gpu.return
  }
}

// -----

func.func @warp_job_in_wide_role() {
  wc.warp_specialize warps [2] channels [] (%w: index) {
    // expected-error @+1 {{runs on one warp, but its role 0 has 2 warps}}
    wc.warp_job block [64, 1, 1] virtual_threads 2 {
    }
  }
  return
}

// -----

func.func @channel_in_vthreads() {
  wc.warp_specialize warps [1, 1] channels [1 -> 0 stages 1] (%c: index) {
    wc.warp_job block [64, 1, 1] virtual_threads 2 {
      wc.vthreads (%v, %x, %y, %z) {
        // expected-error @+1 {{inside 'wc.vthreads': the warp signals and waits once, outside its virtual-thread phases}}
        wc.channel_wait full channel 0 stage 0
      }
    }
  }, (%p: index) {
    wc.channel_signal full channel 0 stage 0
  }
  return
}

// -----

func.func @roles_in_warp_job() {
  wc.warp_job block [64, 1, 1] virtual_threads 2 {
    // expected-error @+1 {{warp roles cannot be nested in a warp job}}
    wc.warp_specialize warps [1] channels [] (%w: index) {
    }
  }
  return
}

// -----

func.func @specialize_barrier() {
  wc.warp_specialize warps [1] channels [] (%w: index) {
    // expected-error @+1 {{block barrier inside a warp role: roles synchronise through channels}}
    gpu.barrier
  }
  return
}

// -----

func.func @channel_outside() {
  // expected-error @+1 {{outside 'wc.warp_specialize'}}
  wc.channel_signal full channel 0 stage 0
  return
}

// -----

func.func @channel_wrong_role() {
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 2] (%w: index) {
    // expected-error @+1 {{in role 0: 'full' of channel 0 is waited on by role 1, its consumer}}
    wc.channel_wait full channel 0 stage 0
  }, (%w: index) {
  }
  return
}

// -----

func.func @channel_wrong_role_empty() {
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 2] (%w: index) {
  }, (%w: index) {
    // expected-error @+1 {{in role 1: 'empty' of channel 0 is waited on by role 0, its producer}}
    wc.channel_wait empty channel 0 stage 0
  }
  return
}

// -----

func.func @channel_stage() {
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 2] (%w: index) {
    // expected-error @+1 {{stage 2 of a channel of 2 stages}}
    wc.channel_signal full channel 0 stage 2
  }, (%w: index) {
  }
  return
}

// -----

func.func @channel_index() {
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 2] (%w: index) {
    // expected-error @+1 {{channel 1 does not exist (1 channels)}}
    wc.channel_signal full channel 1 stage 0
  }, (%w: index) {
  }
  return
}

// -----

func.func @specialize_twice() {
  // expected-error @+1 {{shares named barriers with a later 'wc.warp_specialize' that may run at the same time: separate them with a 'gpu.barrier', or give them disjoint barriers}}
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = 1} (%w: index) {
  }, (%w: index) {
  }
  // expected-note @+1 {{the later one}}
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = 2} (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

// A base so large that base + barriers overflows is out of range too.
func.func @barrier_base_huge() {
  // expected-error @+1 {{barrier_base 9223372036854775806 puts its 2 named barriers outside 1..15}}
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = 9223372036854775806} (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

// After a branch, another op could run with it unseen.
func.func @specialize_unstructured() {
  cf.br ^next
^next:
  // expected-error @+1 {{with named barriers in a region of several blocks: the ops that may run with it (and share its named barriers) are not known; use structured control flow (scf)}}
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

// In a device function, the ops of its callers could run with it unseen.
gpu.module @device_function {
  func.func @roles() {
    // expected-error @+1 {{with named barriers in a device function: the ops that may run with it in its callers (and share its named barriers) are not known; put it in the kernel}}
    wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
    }, (%w: index) {
    }
    return
  }
}

// -----

func.func @barrier_base_range() {
  // expected-error @+1 {{barrier_base 14 puts its 4 named barriers outside 1..15}}
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 2] attributes {barrier_base = 14} (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

// Under a condition, the op is followed by what follows the condition.
func.func @specialize_under_if(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{shares named barriers with a later 'wc.warp_specialize' that may run at the same time}}
    wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = 3} (%w: index) {
    }, (%w: index) {
    }
  }
  // expected-note @+1 {{the later one}}
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = 3} (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

// A block barrier after the loop does not separate the iterations.
func.func @specialize_under_if_in_loop(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      // expected-error @+1 {{runs again in each iteration of a loop while slower warps may still use its named barriers: follow it with a 'gpu.barrier'}}
      wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
      }, (%w: index) {
      }
    }
  }
  gpu.barrier
  return
}

// -----

func.func @specialize_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-error @+1 {{runs again in each iteration of a loop while slower warps may still use its named barriers: follow it with a 'gpu.barrier'}}
    wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] (%w: index) {
    }, (%w: index) {
    }
  }
  return
}

// -----

func.func @registers_count() {
  // expected-error @+1 {{has 2 roles but 1 register counts}}
  wc.warp_specialize warps [4, 4] channels [] attributes {registers = array<i64: 40>} (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

func.func @registers_granule() {
  // expected-error @+1 {{registers of role 1: 228 is not a multiple of 8 in 24..256}}
  wc.warp_specialize warps [4, 4] channels [] attributes {registers = array<i64: 40, 228>} (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

func.func @registers_low() {
  // expected-error @+1 {{registers of role 0: 16 is not a multiple of 8 in 24..256}}
  wc.warp_specialize warps [4, 4] channels [] attributes {registers = array<i64: 16, 232>} (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

func.func @registers_warpgroup() {
  // expected-error @+1 {{sets the registers of role 0 of 2 warps: registers are set for whole warpgroups of 4 warps}}
  wc.warp_specialize warps [2, 4] channels [] attributes {registers = array<i64: 40, 232>} (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

func.func @registers_file() {
  // expected-error @+1 {{roles' registers need the block compiled with 176 registers per thread: 67584 for its 384 threads, more than a block's 65536}}
  wc.warp_specialize warps [4, 8] channels [] attributes {registers = array<i64: 40, 240>} (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

func.func @role_sync_outside() {
  // expected-error @+1 {{'wc.role_sync' op outside 'wc.warp_specialize'}}
  wc.role_sync
  return
}

// -----

// A role's sync and the channels take 16 barriers: 14 + 2 roles of 4 warps.
func.func @role_sync_barriers() {
  // expected-error @+1 {{channels and roles need 16 named barriers besides barrier 0}}
  wc.warp_specialize warps [4, 4] channels [0 -> 1 stages 7] (%w: index) {
    wc.role_sync
  }, (%w: index) {
    wc.role_sync
  }
  return
}

// -----

func.func @registers_type() {
  // expected-error @+1 {{registers must be an array<i64: ...>, one count per role}}
  wc.warp_specialize warps [4, 4] channels [] attributes {registers = "foo"} (%w: index) {
  }, (%w: index) {
  }
  return
}

// -----

func.func @barrier_base_type() {
  // expected-error @+1 {{barrier_base must be an integer}}
  wc.warp_specialize warps [1, 1] channels [0 -> 1 stages 1] attributes {barrier_base = "x"} (%w: index) {
  }, (%w: index) {
  }
  return
}
