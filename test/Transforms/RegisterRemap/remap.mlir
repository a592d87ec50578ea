// RUN: wc-opt %s -split-input-file --wc-aggregate --wc-remap -verify-diagnostics | FileCheck %s --implicit-check-not=workgroup

// Buffers that wc-remap turns into lane arrays. The remarks are checked by
// -verify-diagnostics (piping them into FileCheck with 2>&1 interleaves
// stderr with the buffered IR of the splits unpredictably). Every buffer
// here is remapped, so no workgroup attribution, workgroup address space or
// memref access to one is left anywhere (--implicit-check-not=workgroup).
//
// Positions: element e of an N-element buffer is slot e / 32 of lane e % 32
// (plus the layout shift); thread t is virtual thread t / 32 of lane t % 32.

// (a) 1-D, 128 threads (4 slots per lane): clamped reads of tid - 1,
// tid + 1, tid + 5 and tid + 33. Every reading lane of every virtual thread
// may read, so the lanes that wrap into the next slot take an `idx`
// rotation: lane l reads lane (l + k) mod 32, which sends slot `high` when
// it is below k (its value goes to a wrapping lane) and slot `low` otherwise.

// CHECK-LABEL: gpu.module @neighbours
// CHECK: gpu.func @exchange(%{{[^:]*}}: memref<?xi32>, %{{[^:]*}}: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK: wc.warp_job block [128, 1, 1] virtual_threads 4 {
// CHECK: %[[SPLAT:.*]] = wc.lane_array_splat %{{.*}} : !wc.lane_array<128 x i32>
// The first phase yields its stored elements; they go to slots 0..3. (The
// thread's global index is recomputed where it is used, not yielded.)
// CHECK: %[[P0:.*]] = wc.vthreads
// CHECK: %[[X0:.*]] = vector.extract %[[P0]][0]
// CHECK: %[[A1:.*]] = wc.lane_write %[[X0]] into %[[SPLAT]][%c0{{(_[0-9]+)?}}]
// CHECK: %[[A2:.*]] = wc.lane_write %{{.*}} into %[[A1]][%c1{{(_[0-9]+)?}}]
// CHECK: %[[A3:.*]] = wc.lane_write %{{.*}} into %[[A2]][%c2{{(_[0-9]+)?}}]
// CHECK: %[[A:.*]] = wc.lane_write %{{.*}} into %[[A3]][%c3{{(_[0-9]+)?}}]
// CHECK: wc.warp_sync
// CHECK: %[[LID:.*]] = gpu.lane_id
// CHECK: %[[LANE:.*]] = arith.index_castui %[[LID]] : index to i32
// Own elements: register reads of slots 0..3.
// CHECK-NOT: wc.shuffle
// CHECK: %[[O0:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[O1:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[O2:.*]] = wc.lane_read %[[A]][%c2{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[O3:.*]] = wc.lane_read %[[A]][%c3{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[OWN:.*]] = vector.from_elements %[[O0]], %[[O1]], %[[O2]], %[[O3]] : vector<4xi32>
// tid - 1 (chunk -1, k = 31): virtual thread 0 has no slot below it (0).
// CHECK-NOT: wc.shuffle
// CHECK: %[[W0:.*]] = arith.cmpi ult, %[[LANE]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[H0:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[S0:.*]] = arith.select %[[W0]], %[[H0]], %c0_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[R0:.*]] = arith.addi %[[LANE]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[SRC0:.*]] = arith.andi %[[R0]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[M0:.*]], %{{.*}} = wc.shuffle idx %[[S0]], %[[SRC0]] : i32
// Virtual thread 1: slot 1 from the lanes below 31, slot 0 from lane 31.
// CHECK: %[[W1:.*]] = arith.cmpi ult, %[[LANE]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[L1:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[H1:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[S1:.*]] = arith.select %[[W1]], %[[H1]], %[[L1]] : i32
// CHECK: %[[R1:.*]] = arith.addi %[[LANE]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[SRC1:.*]] = arith.andi %[[R1]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[M1:.*]], %{{.*}} = wc.shuffle idx %[[S1]], %[[SRC1]] : i32
// CHECK: %[[M2:.*]], %{{.*}} = wc.shuffle idx
// CHECK: %[[M3:.*]], %{{.*}} = wc.shuffle idx
// CHECK: %[[LEFT:.*]] = vector.from_elements %[[M0]], %[[M1]], %[[M2]], %[[M3]] : vector<4xi32>
// tid + 1 (k = 1): virtual thread 1 sends slot 2 from lane 0, slot 1 from
// the others.
// CHECK: %[[P1:.*]], %{{.*}} = wc.shuffle idx
// CHECK: %[[W2:.*]] = arith.cmpi ult, %[[LANE]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[L2:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[H2:.*]] = wc.lane_read %[[A]][%c2{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[S2:.*]] = arith.select %[[W2]], %[[H2]], %[[L2]] : i32
// CHECK: %[[R2:.*]] = arith.addi %[[LANE]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[SRC2:.*]] = arith.andi %[[R2]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[P2:.*]], %{{.*}} = wc.shuffle idx %[[S2]], %[[SRC2]] : i32
// CHECK: %[[P3:.*]], %{{.*}} = wc.shuffle idx
// CHECK: %[[P4:.*]], %{{.*}} = wc.shuffle idx
// CHECK: %[[RIGHT:.*]] = vector.from_elements %[[P1]], %[[P2]], %[[P3]], %[[P4]] : vector<4xi32>
// tid + 5 (k = 5): virtual thread 1 sends slot 2 from lanes 0..4.
// CHECK: wc.shuffle idx
// CHECK: %[[W3:.*]] = arith.cmpi ult, %[[LANE]], %c5_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[L3:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[H3:.*]] = wc.lane_read %[[A]][%c2{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[S3:.*]] = arith.select %[[W3]], %[[H3]], %[[L3]] : i32
// CHECK: %[[R3:.*]] = arith.addi %[[LANE]], %c5_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[SRC3:.*]] = arith.andi %[[R3]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: wc.shuffle idx %[[S3]], %[[SRC3]] : i32
// CHECK: wc.shuffle idx
// CHECK: wc.shuffle idx
// CHECK: %[[RIGHT5:.*]] = vector.from_elements {{.*}} : vector<4xi32>
// tid + 33 (chunk 1, k = 1): virtual thread 1 rotates slots 2 and 3.
// CHECK: wc.shuffle idx
// CHECK: %[[W4:.*]] = arith.cmpi ult, %[[LANE]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[L4:.*]] = wc.lane_read %[[A]][%c2{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[H4:.*]] = wc.lane_read %[[A]][%c3{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[S4:.*]] = arith.select %[[W4]], %[[H4]], %[[L4]] : i32
// CHECK: %[[R4:.*]] = arith.addi %[[LANE]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[SRC4:.*]] = arith.andi %[[R4]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: wc.shuffle idx %[[S4]], %[[SRC4]] : i32
// CHECK: wc.shuffle idx
// Virtual thread 3 would read past the buffer only: a zero, no shuffle.
// CHECK-NOT: wc.shuffle
// CHECK: %[[RIGHT33:.*]] = vector.from_elements {{.*}}, %c0_i32{{(_[0-9]+)?}} : vector<4xi32>
// No other kind of shuffle, and none inside the phase.
// CHECK-NOT: wc.shuffle
// CHECK: wc.vthreads (%[[V:[^,]*]], %[[TX:[^,]*]], %{{[^,]*}}, %{{[^)]*}}) {
// CHECK: %[[ISL:.*]] = arith.cmpi eq, %[[TX]], %c0 : index
// CHECK: %[[ISR:.*]] = arith.cmpi eq, %[[TX]], %c127 : index
// CHECK: %[[IN5:.*]] = arith.cmpi ult, %[[TX]], %c123 : index
// CHECK: %[[IN33:.*]] = arith.cmpi ult, %[[TX]], %c95 : index
// The clamps select between the own element and the gathered neighbour.
// CHECK: %[[E0:.*]] = vector.extract %[[OWN]][%[[V]]]
// CHECK: %[[E1:.*]] = vector.extract %[[LEFT]][%[[V]]]
// CHECK: arith.select %[[ISL]], %[[E0]], %[[E1]] : i32
// CHECK: %[[E2:.*]] = vector.extract %[[OWN]][%[[V]]]
// CHECK: %[[E3:.*]] = vector.extract %[[RIGHT]][%[[V]]]
// CHECK: arith.select %[[ISR]], %[[E2]], %[[E3]] : i32
// CHECK: %[[E4:.*]] = vector.extract %[[RIGHT5]][%[[V]]]
// CHECK: %[[E5:.*]] = vector.extract %[[OWN]][%[[V]]]
// CHECK: arith.select %[[IN5]], %[[E4]], %[[E5]] : i32
// CHECK: %[[E6:.*]] = vector.extract %[[RIGHT33]][%[[V]]]
// CHECK: %[[E7:.*]] = vector.extract %[[OWN]][%[[V]]]
// CHECK: arith.select %[[IN33]], %[[E6]], %[[E7]] : i32
// CHECK-NOT: wc.shuffle
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @neighbours {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 128-thread block, 4 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<128xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<128 x i32>' (4 slots per lane): 30 register reads, 15 shuffles per job}}
    gpu.func @exchange(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%buf: memref<128xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c33 = arith.constant 33 : index
      %c95 = arith.constant 95 : index
      %c123 = arith.constant 123 : index
      %c127 = arith.constant 127 : index
      %c128 = arith.constant 128 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c128 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<?xi32>
      memref.store %x, %buf[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %isLeft = arith.cmpi eq, %tx, %c0 : index
      %m1 = arith.subi %tx, %c1 : index
      %left = arith.select %isLeft, %tx, %m1 : index
      %isRight = arith.cmpi eq, %tx, %c127 : index
      %p1 = arith.addi %tx, %c1 : index
      %right = arith.select %isRight, %tx, %p1 : index
      %in5 = arith.cmpi ult, %tx, %c123 : index
      %p5 = arith.addi %tx, %c5 : index
      %right5 = arith.select %in5, %p5, %tx : index
      %in33 = arith.cmpi ult, %tx, %c95 : index
      %p33 = arith.addi %tx, %c33 : index
      %right33 = arith.select %in33, %p33, %tx : index
      %a = memref.load %buf[%left] : memref<128xi32, #gpu.address_space<workgroup>>
      %b = memref.load %buf[%right] : memref<128xi32, #gpu.address_space<workgroup>>
      %c = memref.load %buf[%right5] : memref<128xi32, #gpu.address_space<workgroup>>
      %d = memref.load %buf[%right33] : memref<128xi32, #gpu.address_space<workgroup>>
      %ab = arith.addi %a, %b : i32
      %cd = arith.addi %c, %d : i32
      %v = arith.addi %ab, %cd : i32
      memref.store %v, %out[%gid] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// (b) Tree reduction over 256 threads (examples/block_reduce.mlir): the
// level loop decides the partner's offset, so it is unrolled. Strides 128,
// 64 and 32 read other slots of the own lane (register reads), strides 16
// to 1 one `down` shuffle each (only virtual thread 0 has active lanes).
// The warp syncs between the levels order nothing any more; the one before
// the final phase stays (it orders the global load against the global
// store), and element 0 is broadcast from lane 0.

// CHECK-LABEL: gpu.module @block_reduce
// CHECK: gpu.func @block_sum(%{{[^:]*}}: memref<?xf32>, %{{[^:]*}}: memref<?xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK-NOT: scf.for
// CHECK: wc.warp_job block [256, 1, 1] virtual_threads 8 {
// CHECK-NOT: scf.for
// CHECK: wc.lane_array_splat %{{.*}} : !wc.lane_array<256 x f32>
// CHECK-NOT: scf.for
// CHECK: wc.lane_write %{{.*}} into %{{.*}}[%c7{{(_[0-9]+)?}}] : !wc.lane_array<256 x f32>
// CHECK-NOT: wc.warp_sync
// Stride 128: virtual threads 0..3 read slots 4..7 of their own lane.
// CHECK: %[[L128:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK-NOT: wc.shuffle
// CHECK: %[[Q4:.*]] = wc.lane_read %{{.*}}[%c4{{(_[0-9]+)?}}] from %[[L128]]
// CHECK: %[[Q5:.*]] = wc.lane_read %{{.*}}[%c5{{(_[0-9]+)?}}] from %[[L128]]
// CHECK: %[[Q6:.*]] = wc.lane_read %{{.*}}[%c6{{(_[0-9]+)?}}] from %[[L128]]
// CHECK: %[[Q7:.*]] = wc.lane_read %{{.*}}[%c7{{(_[0-9]+)?}}] from %[[L128]]
// CHECK: vector.from_elements %[[Q4]], %[[Q5]], %[[Q6]], %[[Q7]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NOT: wc.shuffle
// CHECK: arith.cmpi ult, %{{.*}}, %c128 : index
// Stride 64: slots 2 and 3.
// CHECK-NOT: wc.shuffle
// CHECK: %[[L64:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK-NOT: wc.shuffle
// CHECK: %[[Q2:.*]] = wc.lane_read %{{.*}}[%c2{{(_[0-9]+)?}}] from %[[L64]]
// CHECK: %[[Q3:.*]] = wc.lane_read %{{.*}}[%c3{{(_[0-9]+)?}}] from %[[L64]]
// CHECK: vector.from_elements %[[Q2]], %[[Q3]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NOT: wc.shuffle
// CHECK: arith.cmpi ult, %{{.*}}, %c64 : index
// Stride 32: slot 1.
// CHECK-NOT: wc.shuffle
// CHECK: %[[L32:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK-NOT: wc.shuffle
// CHECK: %[[Q1:.*]] = wc.lane_read %{{.*}}[%c1{{(_[0-9]+)?}}] from %[[L32]]
// CHECK: vector.from_elements %[[Q1]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NOT: wc.shuffle
// CHECK: arith.cmpi ult, %{{.*}}, %c32 : index
// Strides 16, 8, 4, 2, 1: one `down` shuffle of slot 0 each.
// CHECK-NOT: wc.shuffle
// CHECK: %[[L16:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[T16:.*]] = wc.lane_read %{{.*}}[%c0{{(_[0-9]+)?}}] from %[[L16]]
// CHECK: %[[D16:.*]], %{{.*}} = wc.shuffle down %[[T16]], %c16_i32 : f32
// CHECK: vector.from_elements %[[D16]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NOT: wc.shuffle
// CHECK: arith.cmpi ult, %{{.*}}, %c16 : index
// CHECK-NOT: wc.shuffle
// CHECK: %[[T8:.*]] = wc.lane_read %{{.*}}[%c0{{(_[0-9]+)?}}] from
// CHECK: wc.shuffle down %[[T8]], %c8_i32 : f32
// CHECK-NOT: wc.shuffle
// CHECK: arith.cmpi ult, %{{.*}}, %c8 : index
// CHECK-NOT: wc.shuffle
// CHECK: %[[T4:.*]] = wc.lane_read %{{.*}}[%c0{{(_[0-9]+)?}}] from
// CHECK: wc.shuffle down %[[T4]], %c4_i32 : f32
// CHECK-NOT: wc.shuffle
// CHECK: arith.cmpi ult, %{{.*}}, %c4 : index
// CHECK-NOT: wc.shuffle
// CHECK: %[[T2:.*]] = wc.lane_read %{{.*}}[%c0{{(_[0-9]+)?}}] from
// CHECK: wc.shuffle down %[[T2]], %c2_i32 : f32
// CHECK-NOT: wc.shuffle
// CHECK: arith.cmpi ult, %{{.*}}, %c2 : index
// CHECK-NOT: wc.shuffle
// CHECK: %[[T1:.*]] = wc.lane_read %{{.*}}[%c0{{(_[0-9]+)?}}] from
// CHECK: wc.shuffle down %[[T1]], %c1_i32 : f32
// CHECK-NOT: wc.shuffle
// CHECK: arith.cmpi ult, %{{.*}}, %c1 : index
// CHECK: %[[LAST:.*]] = wc.lane_write %{{.*}} into %{{.*}}[%c0{{(_[0-9]+)?}}] : !wc.lane_array<256 x f32>
// CHECK-NOT: wc.shuffle
// CHECK: wc.warp_sync
// CHECK-NOT: wc.shuffle
// CHECK: %[[SUM:.*]] = wc.lane_read %[[LAST]][%c0{{(_[0-9]+)?}}] from %c0_i32 : !wc.lane_array<256 x f32>
// CHECK-NOT: wc.warp_sync
// CHECK-NOT: wc.shuffle
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @block_reduce {
    // expected-remark @+3 {{wc-aggregate: coarsened: one warp per 256-thread block, 8 virtual threads per lane, 3 phases, 2 barriers became warp syncs}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 0 (memref<256xf32, #gpu.address_space<workgroup>>) became '!wc.lane_array<256 x f32>' (8 slots per lane): 76 register reads, 6 shuffles per job}}
    // expected-remark @+1 {{wc-remap: 8 warp syncs removed (no memory access left to order)}}
    gpu.func @block_sum(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tree: memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c256 : index
      %gid = arith.addi %base, %tid : index
      %x = memref.load %in[%gid] : memref<?xf32>
      memref.store %x, %tree[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %level = %c0 to %c8 step %c1 {
        %stride = arith.shrui %c128, %level : index
        %active = arith.cmpi ult, %tid, %stride : index
        scf.if %active {
          %partner = arith.addi %tid, %stride : index
          %a = memref.load %tree[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %tree[%partner] : memref<256xf32, #gpu.address_space<workgroup>>
          %s = arith.addf %a, %b : f32
          memref.store %s, %tree[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %sum = memref.load %tree[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %sum, %out[%bid] : memref<?xf32>
      }
      gpu.return
    }
  }
}

// -----

// (c) Butterflies on 64 threads (2 slots per lane): tid xor 1 and tid xor 16
// are `xor` shuffles of the own slot; tid xor 32 is the other slot of the
// own lane (a register read, no shuffle).

// CHECK-LABEL: gpu.module @butterfly
// CHECK: gpu.func @xor_exchange(%{{[^:]*}}: memref<?xi32>, %{{[^:]*}}: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK: wc.warp_job block [64, 1, 1] virtual_threads 2 {
// CHECK: %[[A:.*]] = wc.lane_write %{{.*}} into %{{.*}}[%c1{{(_[0-9]+)?}}] : !wc.lane_array<64 x i32>
// CHECK: %[[LANE:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK-NOT: wc.shuffle
// CHECK: %[[X0:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[Y0:.*]], %{{.*}} = wc.shuffle xor %[[X0]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[X1:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[Y1:.*]], %{{.*}} = wc.shuffle xor %[[X1]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[XOR1:.*]] = vector.from_elements %[[Y0]], %[[Y1]] : vector<2xi32>
// CHECK: %[[X2:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[Y2:.*]], %{{.*}} = wc.shuffle xor %[[X2]], %c16_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[X3:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[Y3:.*]], %{{.*}} = wc.shuffle xor %[[X3]], %c16_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[XOR16:.*]] = vector.from_elements %[[Y2]], %[[Y3]] : vector<2xi32>
// Virtual thread 0 reads slot 1, virtual thread 1 slot 0.
// CHECK-NOT: wc.shuffle
// CHECK: %[[Z0:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[Z1:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[XOR32:.*]] = vector.from_elements %[[Z0]], %[[Z1]] : vector<2xi32>
// CHECK-NOT: wc.shuffle
// CHECK: wc.vthreads (%[[V:[^,]*]],
// CHECK: vector.extract %[[XOR1]][%[[V]]]
// CHECK: vector.extract %[[XOR16]][%[[V]]]
// CHECK: vector.extract %[[XOR32]][%[[V]]]
// CHECK-NOT: wc.shuffle
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @butterfly {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<64 x i32>' (2 slots per lane): 6 register reads, 4 shuffles per job}}
    gpu.func @xor_exchange(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%buf: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %c64 = arith.constant 64 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c64 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<?xi32>
      memref.store %x, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %p1 = arith.xori %tx, %c1 : index
      %p16 = arith.xori %tx, %c16 : index
      %p32 = arith.xori %tx, %c32 : index
      %a = memref.load %buf[%p1] : memref<64xi32, #gpu.address_space<workgroup>>
      %b = memref.load %buf[%p16] : memref<64xi32, #gpu.address_space<workgroup>>
      %c = memref.load %buf[%p32] : memref<64xi32, #gpu.address_space<workgroup>>
      %ab = arith.addi %a, %b : i32
      %abc = arith.addi %ab, %c : i32
      memref.store %abc, %out[%gid] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// (d) Broadcasts on 96 threads: element 0 is slot 0 of lane 0, element 37
// slot 1 of lane 5; each is read once (`lane_read ... from` a constant lane)
// for all three virtual threads.

// CHECK-LABEL: gpu.module @broadcast
// CHECK: gpu.func @bcast(%{{[^:]*}}: memref<?xi32>, %{{[^:]*}}: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK: wc.warp_job block [96, 1, 1] virtual_threads 3 {
// CHECK: %[[A:.*]] = wc.lane_write %{{.*}} into %{{.*}}[%c2{{(_[0-9]+)?}}] : !wc.lane_array<96 x i32>
// CHECK: wc.warp_sync
// CHECK-NOT: wc.shuffle
// CHECK: %[[B0:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %c0_i32{{(_[0-9]+)?}} : !wc.lane_array<96 x i32>
// CHECK: %[[V0:.*]] = vector.from_elements %[[B0]], %[[B0]], %[[B0]] : vector<3xi32>
// CHECK: %[[B37:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %c5_i32{{(_[0-9]+)?}} : !wc.lane_array<96 x i32>
// CHECK: %[[V37:.*]] = vector.from_elements %[[B37]], %[[B37]], %[[B37]] : vector<3xi32>
// CHECK-NOT: wc.shuffle
// CHECK-NOT: wc.lane_read
// CHECK: wc.vthreads (%[[V:[^,]*]],
// CHECK: %[[E0:.*]] = vector.extract %[[V0]][%[[V]]]
// CHECK: %[[E37:.*]] = vector.extract %[[V37]][%[[V]]]
// CHECK: arith.subi %[[E0]], %[[E37]] : i32
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @broadcast {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 96-thread block, 3 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<96xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<96 x i32>' (3 slots per lane): 0 register reads, 2 shuffles per job}}
    gpu.func @bcast(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%buf: memref<96xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 96, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c37 = arith.constant 37 : index
      %c96 = arith.constant 96 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c96 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<?xi32>
      memref.store %x, %buf[%tx] : memref<96xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %b0 = memref.load %buf[%c0] : memref<96xi32, #gpu.address_space<workgroup>>
      %b37 = memref.load %buf[%c37] : memref<96xi32, #gpu.address_space<workgroup>>
      %s = arith.subi %b0, %b37 : i32
      memref.store %s, %out[%gid] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// (e) 2-D 32x4 stencil tile memref<4x32xi32>: a row is one slot, so the
// clamped north and south neighbours are register reads of slots v - 1 and
// v + 1, and west and east are `idx` rotations by 31 and 1 (4 each).

// CHECK-LABEL: gpu.module @stencil_2d
// CHECK: gpu.func @stencil(%{{[^:]*}}: memref<8x64xi32>, %{{[^:]*}}: memref<8x64xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK: wc.warp_job block [32, 4, 1] virtual_threads 4 {
// CHECK: %[[A:.*]] = wc.lane_write %{{.*}} into %{{.*}}[%c3{{(_[0-9]+)?}}] : !wc.lane_array<128 x i32>
// CHECK: %[[LANE:.*]] = arith.index_castui %{{.*}} : index to i32
// Own, north (slots -, 0, 1, 2) and south (slots 1, 2, 3, -): no shuffle.
// CHECK-NOT: wc.shuffle
// CHECK: %[[OWN:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK-NOT: wc.shuffle
// CHECK: %[[N0:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[N1:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[N2:.*]] = wc.lane_read %[[A]][%c2{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[NORTH:.*]] = vector.from_elements %c0_i32{{(_[0-9]+)?}}, %[[N0]], %[[N1]], %[[N2]] : vector<4xi32>
// CHECK-NOT: wc.shuffle
// CHECK: %[[S1:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[S2:.*]] = wc.lane_read %[[A]][%c2{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[S3:.*]] = wc.lane_read %[[A]][%c3{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[SOUTH:.*]] = vector.from_elements %[[S1]], %[[S2]], %[[S3]], %c0_i32{{(_[0-9]+)?}} : vector<4xi32>
// West: lane l reads lane l + 31 (mod 32).
// CHECK-NOT: wc.shuffle
// CHECK: arith.addi %[[LANE]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK-COUNT-4: wc.shuffle idx
// CHECK-NOT: wc.shuffle
// CHECK: %[[WEST:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>
// East: lane l reads lane l + 1 (mod 32).
// CHECK-NOT: wc.shuffle
// CHECK: arith.addi %[[LANE]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK-COUNT-4: wc.shuffle idx
// CHECK-NOT: wc.shuffle
// CHECK: %[[EAST:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK-NOT: wc.shuffle
// CHECK: wc.vthreads (%[[V:[^,]*]], %[[TX:[^,]*]], %[[TY:[^,]*]], %{{[^)]*}}) {
// CHECK: %[[TOP:.*]] = arith.cmpi eq, %[[TY]], %c0 : index
// CHECK: %[[BOTTOM:.*]] = arith.cmpi eq, %[[TY]], %c3 : index
// CHECK: %[[LEFT:.*]] = arith.cmpi eq, %[[TX]], %c0 : index
// CHECK: %[[RIGHT:.*]] = arith.cmpi eq, %[[TX]], %c31 : index
// CHECK: %[[NV:.*]] = vector.extract %[[NORTH]][%[[V]]]
// CHECK: arith.select %[[TOP]], %{{.*}}, %[[NV]] : i32
// CHECK: %[[SV:.*]] = vector.extract %[[SOUTH]][%[[V]]]
// CHECK: arith.select %[[BOTTOM]], %{{.*}}, %[[SV]] : i32
// CHECK: %[[WV:.*]] = vector.extract %[[WEST]][%[[V]]]
// CHECK: arith.select %[[LEFT]], %{{.*}}, %[[WV]] : i32
// CHECK: %[[EV:.*]] = vector.extract %[[EAST]][%[[V]]]
// CHECK: arith.select %[[RIGHT]], %{{.*}}, %[[EV]] : i32
// CHECK-NOT: wc.shuffle
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @stencil_2d {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 128-thread block, 4 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<4x32xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<128 x i32>' (4 slots per lane): 24 register reads, 8 shuffles per job}}
    gpu.func @stencil(%in: memref<8x64xi32>, %out: memref<8x64xi32>)
        workgroup(%tile: memref<4x32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 4, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c31 = arith.constant 31 : index
      %c32 = arith.constant 32 : index
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %colBase = arith.muli %bx, %c32 : index
      %col = arith.addi %colBase, %tx : index
      %rowBase = arith.muli %by, %c4 : index
      %row = arith.addi %rowBase, %ty : index
      %x = memref.load %in[%row, %col] : memref<8x64xi32>
      memref.store %x, %tile[%ty, %tx] : memref<4x32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %isTop = arith.cmpi eq, %ty, %c0 : index
      %ym1 = arith.subi %ty, %c1 : index
      %north = arith.select %isTop, %ty, %ym1 : index
      %isBottom = arith.cmpi eq, %ty, %c3 : index
      %yp1 = arith.addi %ty, %c1 : index
      %south = arith.select %isBottom, %ty, %yp1 : index
      %isLeft = arith.cmpi eq, %tx, %c0 : index
      %xm1 = arith.subi %tx, %c1 : index
      %west = arith.select %isLeft, %tx, %xm1 : index
      %isRight = arith.cmpi eq, %tx, %c31 : index
      %xp1 = arith.addi %tx, %c1 : index
      %east = arith.select %isRight, %tx, %xp1 : index
      %c = memref.load %tile[%ty, %tx] : memref<4x32xi32, #gpu.address_space<workgroup>>
      %n = memref.load %tile[%north, %tx] : memref<4x32xi32, #gpu.address_space<workgroup>>
      %s = memref.load %tile[%south, %tx] : memref<4x32xi32, #gpu.address_space<workgroup>>
      %w = memref.load %tile[%ty, %west] : memref<4x32xi32, #gpu.address_space<workgroup>>
      %e = memref.load %tile[%ty, %east] : memref<4x32xi32, #gpu.address_space<workgroup>>
      %ns = arith.addi %n, %s : i32
      %we = arith.addi %w, %e : i32
      %nswe = arith.addi %ns, %we : i32
      %v = arith.subi %nswe, %c : i32
      memref.store %v, %out[%row, %col] : memref<8x64xi32>
      gpu.return
    }
  }
}

// -----

// (f) 1-D stencil with a halo (examples/stencil_1d.mlir): the own store
// writes tile[tid + 1], so the layout is shifted by 31 (position of element
// e is e + 31) and the thread's element is slot v + 1 of its lane; the
// 130 elements need 161 positions, 6 slots. Halo element 0 (position 31:
// slot 0 of lane 31) is written by thread 0 (lane 0 of virtual thread 0),
// halo element 129 (position 160: slot 5 of lane 0) by thread 127 (lane 31
// of virtual thread 3): after the phase each value is shuffled from the
// writer lane and written by the owner lane only.

// CHECK-LABEL: gpu.module @stencil_1d
// CHECK: gpu.func @stencil(%{{[^:]*}}: memref<?xf32>, %{{[^:]*}}: memref<?xf32>, %{{[^:]*}}: index) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK: wc.warp_job block [128, 1, 1] virtual_threads 4 {
// CHECK: %[[SPLAT:.*]] = wc.lane_array_splat %{{.*}} : !wc.lane_array<192 x f32>
// CHECK: %[[LID:.*]] = gpu.lane_id
// CHECK: %[[LANE:.*]] = arith.index_castui %[[LID]] : index to i32
// The phase carries the own element and the two halo elements (the
// thread's indices are recomputed where they are used).
// CHECK: %[[P:.*]]:3 = wc.vthreads
// CHECK: scf.if %{{.*}} -> (f32, f32, f32) {
// CHECK: scf.if %{{.*}} -> (f32, f32, f32) {
// CHECK: wc.yield %{{.*}}, %{{.*}}, %{{.*}} : f32, f32, f32
// Own elements into slots 1..4.
// CHECK: %[[O0:.*]] = vector.extract %[[P]]#0[0]
// CHECK: %[[A1:.*]] = wc.lane_write %[[O0]] into %[[SPLAT]][%c1{{(_[0-9]+)?}}]
// CHECK: wc.lane_write %{{.*}} into %{{.*}}[%c2{{(_[0-9]+)?}}]
// CHECK: wc.lane_write %{{.*}} into %{{.*}}[%c3{{(_[0-9]+)?}}]
// CHECK: %[[A4:.*]] = wc.lane_write %{{.*}} into %{{.*}}[%c4{{(_[0-9]+)?}}]
// Left halo: from lane 0 of virtual thread 0 to slot 0 of lane 31.
// CHECK: %[[HL:.*]] = vector.extract %[[P]]#1[0]
// CHECK: %[[ML:.*]], %{{.*}} = wc.shuffle idx %[[HL]], %c0_i32{{(_[0-9]+)?}} : f32
// CHECK: %[[IS31:.*]] = arith.cmpi eq, %[[LANE]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[OLDL:.*]] = wc.lane_read %[[A4]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[NEWL:.*]] = arith.select %[[IS31]], %[[ML]], %[[OLDL]] : f32
// CHECK: %[[A5:.*]] = wc.lane_write %[[NEWL]] into %[[A4]][%c0{{(_[0-9]+)?}}]
// Right halo: from lane 31 of virtual thread 3 to slot 5 of lane 0.
// CHECK: %[[HR:.*]] = vector.extract %[[P]]#2[3]
// CHECK: %[[MR:.*]], %{{.*}} = wc.shuffle idx %[[HR]], %c31_i32{{(_[0-9]+)?}} : f32
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[LANE]], %c0_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[OLDR:.*]] = wc.lane_read %[[A5]][%c5{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[NEWR:.*]] = arith.select %[[IS0]], %[[MR]], %[[OLDR]] : f32
// CHECK: %[[A:.*]] = wc.lane_write %[[NEWR]] into %[[A5]][%c5{{(_[0-9]+)?}}]
// CHECK: wc.warp_sync
// tile[tid] (position t + 31): rotation by 31; virtual thread 0 rotates
// slots 0 and 1, so lane 0 gets the left halo from lane 31.
// CHECK: %[[L2:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[W0:.*]] = arith.cmpi ult, %[[L2]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[LO0:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %[[L2]]
// CHECK: %[[HI0:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[L2]]
// CHECK: %[[SEL0:.*]] = arith.select %[[W0]], %[[HI0]], %[[LO0]] : f32
// CHECK: %[[SUM0:.*]] = arith.addi %[[L2]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[SRC0:.*]] = arith.andi %[[SUM0]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: wc.shuffle idx %[[SEL0]], %[[SRC0]] : f32
// CHECK-COUNT-3: wc.shuffle idx
// CHECK: vector.from_elements
// tile[tid + 1] (position t + 32): slot v + 1 of the own lane.
// CHECK-NOT: wc.shuffle
// CHECK: %[[R1:.*]] = wc.lane_read %[[A]][%c1{{(_[0-9]+)?}}] from %[[L2]]
// CHECK: %[[R2:.*]] = wc.lane_read %[[A]][%c2{{(_[0-9]+)?}}] from %[[L2]]
// CHECK: %[[R3:.*]] = wc.lane_read %[[A]][%c3{{(_[0-9]+)?}}] from %[[L2]]
// CHECK: %[[R4:.*]] = wc.lane_read %[[A]][%c4{{(_[0-9]+)?}}] from %[[L2]]
// CHECK: vector.from_elements %[[R1]], %[[R2]], %[[R3]], %[[R4]] : vector<4xf32>
// tile[tid + 2] (position t + 33): rotation by 1; virtual thread 3 rotates
// slots 4 and 5, so lane 31 gets the right halo from lane 0.
// CHECK-NOT: wc.shuffle
// CHECK: arith.cmpi ult, %[[L2]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK-COUNT-3: wc.shuffle idx
// CHECK: %[[W3:.*]] = arith.cmpi ult, %[[L2]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[LO3:.*]] = wc.lane_read %[[A]][%c4{{(_[0-9]+)?}}] from %[[L2]]
// CHECK: %[[HI3:.*]] = wc.lane_read %[[A]][%c5{{(_[0-9]+)?}}] from %[[L2]]
// CHECK: %[[SEL3:.*]] = arith.select %[[W3]], %[[HI3]], %[[LO3]] : f32
// CHECK: %[[SUM3:.*]] = arith.addi %[[L2]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[SRC3:.*]] = arith.andi %[[SUM3]], %c31_i32{{(_[0-9]+)?}} : i32
// CHECK: wc.shuffle idx %[[SEL3]], %[[SRC3]] : f32
// CHECK-NOT: wc.shuffle
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @stencil_1d {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 128-thread block, 4 virtual threads per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<130xf32, #gpu.address_space<workgroup>>) became '!wc.lane_array<192 x f32>' (6 slots per lane, layout shifted by 31): 22 register reads, 10 shuffles per job}}
    gpu.func @stencil(%in: memref<?xf32>, %out: memref<?xf32>, %n: index)
        workgroup(%tile: memref<130xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c127 = arith.constant 127 : index
      %c128 = arith.constant 128 : index
      %c129 = arith.constant 129 : index
      %third = arith.constant 0.333333343 : f32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %base = arith.muli %bid, %c128 : index
      %gid = arith.addi %base, %tid : index
      %last = arith.subi %n, %c1 : index
      %x = memref.load %in[%gid] : memref<?xf32>
      %slot = arith.addi %tid, %c1 : index
      memref.store %x, %tile[%slot] : memref<130xf32, #gpu.address_space<workgroup>>
      %isFirst = arith.cmpi eq, %tid, %c0 : index
      scf.if %isFirst {
        %left = arith.subi %gid, %c1 : index
        %edge = arith.cmpi eq, %gid, %c0 : index
        %li = arith.select %edge, %c0, %left : index
        %l = memref.load %in[%li] : memref<?xf32>
        memref.store %l, %tile[%c0] : memref<130xf32, #gpu.address_space<workgroup>>
      }
      %isLast = arith.cmpi eq, %tid, %c127 : index
      scf.if %isLast {
        %right = arith.addi %gid, %c1 : index
        %over = arith.cmpi ugt, %right, %last : index
        %ri = arith.select %over, %last, %right : index
        %r = memref.load %in[%ri] : memref<?xf32>
        memref.store %r, %tile[%c129] : memref<130xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %a = memref.load %tile[%tid] : memref<130xf32, #gpu.address_space<workgroup>>
      %b = memref.load %tile[%slot] : memref<130xf32, #gpu.address_space<workgroup>>
      %next = arith.addi %tid, %c1 : index
      %next2 = arith.addi %next, %c1 : index
      %c = memref.load %tile[%next2] : memref<130xf32, #gpu.address_space<workgroup>>
      %ab = arith.addf %a, %b : f32
      %abc = arith.addf %ab, %c : f32
      %avg = arith.mulf %abc, %third : f32
      memref.store %avg, %out[%gid] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// (g) Reads guarded by `tid < 31` and `tid >= 1` on one warp: no reading
// lane wraps, so tid + 1 is a `down` and tid - 1 an `up` shuffle by 1.

// CHECK-LABEL: gpu.module @guarded
// CHECK: gpu.func @diff(%{{[^:]*}}: memref<?xi32>, %{{[^:]*}}: memref<?xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK: wc.warp_job block [32, 1, 1] virtual_threads 1 {
// CHECK: %[[A:.*]] = wc.lane_write %{{.*}} into %{{.*}}[%c0{{(_[0-9]+)?}}] : !wc.lane_array<32 x i32>
// CHECK: %[[LANE:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: %[[X:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[DOWN:.*]], %{{.*}} = wc.shuffle down %[[X]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[NEXT:.*]] = vector.from_elements %[[DOWN]] : vector<1xi32>
// CHECK: %[[Y:.*]] = wc.lane_read %[[A]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK: %[[UP:.*]], %{{.*}} = wc.shuffle up %[[Y]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK: %[[PREV:.*]] = vector.from_elements %[[UP]] : vector<1xi32>
// CHECK-NOT: wc.shuffle
// CHECK: wc.vthreads (%[[V:[^,]*]], %[[TX:[^,]*]],
// CHECK: arith.cmpi ult, %[[TX]], %c31 : index
// CHECK: vector.extract %[[NEXT]][%[[V]]]
// CHECK: arith.cmpi uge, %[[TX]], %c1 : index
// CHECK: vector.extract %[[PREV]][%[[V]]]
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @guarded {
    // expected-remark @+2 {{wc-aggregate: coarsened: one warp per 32-thread block, 1 virtual thread per lane, 2 phases, 1 barrier became a warp sync}}
    // expected-remark @+1 {{wc-remap: workgroup buffer 0 (memref<32xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<32 x i32>' (1 slot per lane): 2 register reads, 2 shuffles per job}}
    gpu.func @diff(%in: memref<?xi32>, %out: memref<?xi32>)
        workgroup(%buf: memref<32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c31 = arith.constant 31 : index
      %c32 = arith.constant 32 : index
      %zero = arith.constant 0 : i32
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c32 : index
      %gid = arith.addi %base, %tx : index
      %x = memref.load %in[%gid] : memref<?xi32>
      memref.store %x, %buf[%tx] : memref<32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %notLast = arith.cmpi ult, %tx, %c31 : index
      %r = scf.if %notLast -> (i32) {
        %p1 = arith.addi %tx, %c1 : index
        %v = memref.load %buf[%p1] : memref<32xi32, #gpu.address_space<workgroup>>
        scf.yield %v : i32
      } else {
        scf.yield %zero : i32
      }
      %notFirst = arith.cmpi uge, %tx, %c1 : index
      %l = scf.if %notFirst -> (i32) {
        %m1 = arith.subi %tx, %c1 : index
        %v = memref.load %buf[%m1] : memref<32xi32, #gpu.address_space<workgroup>>
        scf.yield %v : i32
      } else {
        scf.yield %zero : i32
      }
      %d = arith.subi %r, %l : i32
      memref.store %d, %out[%gid] : memref<?xi32>
      gpu.return
    }
  }
}

// -----

// (h) Pathfinder (test/Integration/pathfinder.mlir on 64 threads): the row
// loop does not decide any index, so it is not unrolled; the lane array is
// carried through it. Of the two warp syncs in the loop, the one between
// the reading and the storing phase goes.

// CHECK-LABEL: gpu.module @pathfinder
// CHECK: gpu.func @dynproc(%{{[^:]*}}: memref<8x128xi32>, %{{[^:]*}}: memref<128xi32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
// CHECK: %[[A:.*]] = wc.lane_write %{{.*}} into %{{.*}}[%c1{{(_[0-9]+)?}}] : !wc.lane_array<64 x i32>
// CHECK: wc.warp_sync
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %c1 to %c8 step %c1 iter_args(%[[IT:.*]] = %[[A]]) -> (!wc.lane_array<64 x i32>) {
// CHECK: %[[LANE:.*]] = arith.index_castui %{{.*}} : index to i32
// CHECK: wc.lane_read %[[IT]][%c0{{(_[0-9]+)?}}] from %[[LANE]]
// CHECK-COUNT-2: wc.shuffle idx
// CHECK: arith.addi %[[LANE]], %c1_i32{{(_[0-9]+)?}} : i32
// CHECK-COUNT-2: wc.shuffle idx
// CHECK-NOT: wc.shuffle
// CHECK: wc.vthreads
// CHECK: memref.load
// CHECK: wc.yield
// The storing phase only passed the values through: it is gone, and the
// lane array takes the reading phase's results.
// CHECK-NOT: wc.warp_sync
// CHECK-NOT: wc.vthreads
// CHECK: %[[W0:.*]] = wc.lane_write %{{.*}} into %[[IT]][%c0{{(_[0-9]+)?}}] : !wc.lane_array<64 x i32>
// CHECK: %[[W1:.*]] = wc.lane_write %{{.*}} into %[[W0]][%c1{{(_[0-9]+)?}}] : !wc.lane_array<64 x i32>
// CHECK: wc.warp_sync
// CHECK: scf.yield %[[W1]] : !wc.lane_array<64 x i32>
// CHECK: wc.lane_read %[[R]][%c0{{(_[0-9]+)?}}] from
// CHECK: wc.lane_read %[[R]][%c1{{(_[0-9]+)?}}] from
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @pathfinder {
    // expected-remark @+3 {{wc-aggregate: coarsened: one warp per 64-thread block, 2 virtual threads per lane, 4 phases, 3 barriers became warp syncs}}
    // expected-remark @+2 {{wc-remap: workgroup buffer 0 (memref<64xi32, #gpu.address_space<workgroup>>) became '!wc.lane_array<64 x i32>' (2 slots per lane): 10 register reads, 4 shuffles per job}}
    // expected-remark @+1 {{wc-remap: 1 warp sync removed (no memory access left to order)}}
    gpu.func @dynproc(%wall: memref<8x128xi32>, %out: memref<128xi32>)
        workgroup(%prev: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c63 = arith.constant 63 : index
      %c64 = arith.constant 64 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %base = arith.muli %bx, %c64 : index
      %col = arith.addi %base, %tx : index
      %first = memref.load %wall[%c0, %col] : memref<8x128xi32>
      memref.store %first, %prev[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %row = %c1 to %c8 step %c1 {
        %isLeft = arith.cmpi eq, %tx, %c0 : index
        %l0 = arith.subi %tx, %c1 : index
        %left = arith.select %isLeft, %tx, %l0 : index
        %isRight = arith.cmpi eq, %tx, %c63 : index
        %r0 = arith.addi %tx, %c1 : index
        %right = arith.select %isRight, %tx, %r0 : index
        %a = memref.load %prev[%left] : memref<64xi32, #gpu.address_space<workgroup>>
        %b = memref.load %prev[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
        %c = memref.load %prev[%right] : memref<64xi32, #gpu.address_space<workgroup>>
        %ab = arith.minsi %a, %b : i32
        %m = arith.minsi %ab, %c : i32
        %w = memref.load %wall[%row, %col] : memref<8x128xi32>
        %v = arith.addi %m, %w : i32
        gpu.barrier
        memref.store %v, %prev[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
      }
      %result = memref.load %prev[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %result, %out[%col] : memref<128xi32>
      gpu.return
    }
  }
}
