// RUN: wc-opt %s --wc-lower-to-nvvm | %extract-ptx | FileCheck %s

// The pipeline defaults to sm_90 with PTX ISA 8.0 (upstream's default 6.0
// rejects sm_90).
// CHECK: .version 8.0
// CHECK: .target sm_90

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: .entry block_barrier(
    // CHECK: bar.sync 0;
    gpu.func @block_barrier(%buf: memref<256xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<256xf32>
      gpu.barrier
      memref.store %x, %buf[%t] : memref<256xf32>
      gpu.return
    }

    // CHECK-LABEL: .entry shuffles(
    // CHECK-DAG: shfl.sync.idx.b32
    // CHECK-DAG: shfl.sync.up.b32
    // CHECK-DAG: shfl.sync.down.b32
    // CHECK-DAG: shfl.sync.bfly.b32
    gpu.func @shuffles(%buf: memref<32xf32>, %o: i32) kernel {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<32xf32>
      %a:2 = wc.shuffle idx %x, %o : f32
      %b:2 = wc.shuffle up %a#0, %o : f32
      %c:2 = wc.shuffle down %b#0, %o width 16 : f32
      %d:2 = wc.shuffle xor %c#0, %o : f32
      memref.store %d#0, %buf[%t] : memref<32xf32>
      gpu.return
    }

    // CHECK-LABEL: .entry votes(
    // CHECK-DAG: vote.sync.ballot.b32
    // CHECK-DAG: vote.sync.any.pred
    // CHECK-DAG: vote.sync.all.pred
    // CHECK-DAG: match.any.sync.b32
    gpu.func @votes(%buf: memref<32xi32>) kernel {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<32xi32>
      %c0 = arith.constant 0 : i32
      %p = arith.cmpi sgt, %x, %c0 : i32
      %b = wc.vote ballot %p -> i32
      %any = wc.vote any %p -> i1
      %all = wc.vote all %p -> i1
      %m:2 = wc.match any %x : i32
      %e1 = arith.extui %any : i1 to i32
      %e2 = arith.extui %all : i1 to i32
      %s1 = arith.addi %b, %e1 : i32
      %s2 = arith.addi %s1, %e2 : i32
      %s3 = arith.addi %s2, %m#0 : i32
      memref.store %s3, %buf[%t] : memref<32xi32>
      gpu.return
    }

    // gpu.subgroup_reduce, which upstream cannot lower: redux.sync for i32,
    // a butterfly for f32.
    // CHECK-LABEL: .entry subgroup_reduce(
    // CHECK-DAG: redux.sync.add.s32
    // CHECK-DAG: shfl.sync.bfly.b32
    gpu.func @subgroup_reduce(%ibuf: memref<32xi32>, %fbuf: memref<32xf32>) kernel {
      %t = gpu.thread_id x
      %i = memref.load %ibuf[%t] : memref<32xi32>
      %f = memref.load %fbuf[%t] : memref<32xf32>
      %ri = gpu.subgroup_reduce add %i : (i32) -> i32
      %rf = gpu.subgroup_reduce add %f : (f32) -> f32
      memref.store %ri, %ibuf[%t] : memref<32xi32>
      memref.store %rf, %fbuf[%t] : memref<32xf32>
      gpu.return
    }

    // CHECK-LABEL: .entry syncs(
    // CHECK: bar.warp.sync -1;
    // CHECK: bar.sync 1, 64;
    // CHECK: bar.arrive
    gpu.func @syncs(%buf: memref<32xi32>) kernel {
      %t = gpu.thread_id x
      %x = memref.load %buf[%t] : memref<32xi32>
      wc.warp_sync
      memref.store %x, %buf[%t] : memref<32xi32>
      wc.named_barrier_sync 1 threads 64
      wc.named_barrier_arrive 2 threads 64
      gpu.return
    }

    // The other subgroup ops upstream cannot lower.
    // CHECK-LABEL: .entry subgroup_ids(
    // CHECK: shfl.sync.idx.b32
    // CHECK: activemask.b32
    // CHECK: shfl.sync.idx.b32
    gpu.func @subgroup_ids(%buf: memref<128xindex>, %fbuf: memref<128xf32>) kernel {
      %t = gpu.thread_id x
      %id = gpu.subgroup_id : index
      %n = gpu.num_subgroups : index
      %s = gpu.subgroup_size : index
      %a = arith.addi %id, %n : index
      %b = arith.addi %a, %s : index
      memref.store %b, %buf[%t] : memref<128xindex>
      %f = memref.load %fbuf[%t] : memref<128xf32>
      %r, %ok = gpu.rotate %f, 1, 32 : f32
      %c = gpu.subgroup_broadcast %r, first_active_lane : f32
      memref.store %c, %fbuf[%t] : memref<128xf32>
      gpu.return
    }
  }
}
