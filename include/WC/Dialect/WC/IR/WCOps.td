//===- WCOps.td - WC dialect operations --------------------*- tablegen -*-===//
//
// Operations of the `wc` dialect: warp jobs and their scheduling, lane
// arrays, warp collectives and synchronisation.
//
//===----------------------------------------------------------------------===//

#ifndef WC_DIALECT_WC_IR_WCOPS_TD
#define WC_DIALECT_WC_IR_WCOPS_TD

include "WC/Dialect/WC/IR/WCTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonTypeConstraints.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

// Scalars a lane can hold in registers and move through shuffles.
def WC_Scalar : AnyTypeOf<[I1, I8, I16, I32, I64, F16, BF16, F32, F64, Index],
                          "scalar of at most 64 bits">;

//===----------------------------------------------------------------------===//
// Structure: warp jobs, virtual threads, job scheduling
//===----------------------------------------------------------------------===//

def WC_YieldOp : WC_Op<"yield", [Pure, Terminator,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface,
                              ["getMutableSuccessorOperands"]>,
    ParentOneOf<["WarpJobOp", "VThreadsOp", "JobLoopOp"]>]> {
  let summary = "terminates the regions of wc structure ops";
  let description = [{
    Terminates the region of `wc.warp_job`, `wc.vthreads` and `wc.job_loop`.
    In `wc.vthreads` it carries the per-virtual-thread values that the op
    gathers into its vector results. As a region branch terminator it
    forwards no value: the gathered vectors are not its operands.
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, ValueRange()); }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

def WC_WarpJobOp : WC_Op<"warp_job", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>]> {
  let summary = "one warp performs the job of one original thread block";
  let description = [{
    The region is executed by one warp, all 32 lanes converged, and does the
    work of one thread block of the original kernel, whose shape is
    `block`. Each lane runs `virtual_threads = ceil(bx * by * bz / 32)`
    virtual threads of the original block; a virtual thread's work is
    expressed with `wc.vthreads` inside the job, which gives it its original
    thread ids. Code directly in the job, between `wc.vthreads` phases, is
    executed once per lane: it is where uniform control flow and warp-level
    synchronisation (`wc.warp_sync`) live.

    Because thread ids inside a job are the original ones, the job must not
    use `gpu.thread_id` or `gpu.block_dim` (which name the physical launch)
    nor `gpu.barrier` (a block barrier among jobs would deadlock or
    synchronise unrelated jobs): the verifier rejects them.

    Example:

    ```mlir
    wc.warp_job block [256, 1, 1] virtual_threads 8 {
      %v = wc.vthreads (%vt, %tx, %ty, %tz) -> vector<8xf32> {
        %x = memref.load %in[%tx] : memref<256xf32>
        wc.yield %x : f32
      }
      wc.warp_sync
    }
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$block,
                       I64Attr:$virtual_threads);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::llvm::ArrayRef<int64_t>":$block)>];
  let extraClassDeclaration = [{
    /// Number of threads of the original block.
    int64_t getBlockSize();
  }];
}

def WC_VThreadsOp : WC_Op<"vthreads", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>]> {
  let summary = "runs its body for every virtual thread of the lane";
  let description = [{
    A phase of a warp job (inside it, possibly nested in warp-level control
    flow such as a uniform `scf.for`): each lane runs the body once per
    virtual thread it owns. Virtual thread `v` of lane `l` is the original thread with linear id
    `t = v * 32 + l`; the block arguments are `v` and the original thread ids
    `(t mod bx, (t / bx) mod by, t / (bx * by))`. When the block size is not
    a multiple of 32, the virtual threads with `t >= bx * by * bz` do not run.

    The body yields one scalar per result; result `i` is a vector whose
    element `v` is the value that virtual thread `v` yielded (undefined for
    virtual threads that did not run). Later phases read the value of their
    own virtual thread with `vector.extract %r[%v]`: values live across a
    former barrier stay in registers.

    Example:

    ```mlir
    %sums = wc.vthreads (%v, %tx, %ty, %tz) -> vector<8xi32> {
      ...
      wc.yield %s : i32
    }
    ```
  }];
  let results = (outs Variadic<VectorOfRankAndType<[1], [WC_Scalar]>>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The warp job this phase belongs to.
    WarpJobOp getWarpJob();
    ::mlir::Value getVirtualThreadIndex() { return getBody().getArgument(0); }
    ::mlir::ValueRange getThreadIds() {
      return getBody().getArguments().drop_front();
    }
  }];
}

def WC_JobLoopOp : WC_Op<"job_loop", [
    SingleBlockImplicitTerminator<"YieldOp">, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>]> {
  let summary = "a persistent warp agent loops over the jobs of a job grid";
  let description = [{
    Executed by a warp agent (all 32 lanes converged, `agent` uniform in the
    warp): the agent runs the body for a sequence of jobs of the 3-D job grid
    `grid`; the block arguments are the job's 3-D id. Together the `agents`
    agents run every job exactly once.

    - `schedule static`: agent `a` takes jobs `a, a + A, a + 2A, ...`.
    - `schedule dynamic`: jobs are taken in chunks of `C` jobs,
      `C = max(1, jobs / (8 * A))` with `A` the agents that take jobs.
      Chunk `q` holds the jobs `(q mod A) + A * C * (q div A) + k * A` for
      `k < C` (those below `jobs`): chunks `0 .. A-1` are the first `C`
      rounds of the static schedule, one per agent, so jobs in flight
      together are neighbours as with the static schedule. The chunks make
      `R = ceil(jobs / (A C))` rounds of `A`; with
      `S = max(R - 8, min(R, 6))` (all rounds but the last 8, at least
      6, and all of them in a grid of at most 6 rounds), agent `a` first
      runs its own chunks `a, a + A, ..., a + (S - 1) A` (the static
      schedule's first `S C` rounds); every later chunk comes by ticket. Where tickets are
      taken (`S < R`), the chunks of the last round hold one job each
      instead: chunk `(R - 1) A + i` is job `(R - 1) A C + i`, so that
      the last jobs are balanced one by one. The `counter`
      memref holds `ceil(size / 32)` ticket counters, at elements `0, 32,
      64, ...` (128 bytes apart, so that the atomics the GPU serialises on
      one address are spread over several); with `K` = min(counters, `A`),
      agent `a` draws from counter `g = a mod K`, and that counter's
      ticket `t` names chunk `S A + g + K t`. A ticket is taken when the
      agent starts its last own chunk or a ticket's chunk: lane 0 adds 1 to
      the counter with an atomic add, and the old value, broadcast to the
      warp, names the agent's next chunk (so the atomic's latency overlaps
      the chunk's jobs). The agent stops at a chunk whose first job is at
      or past `jobs`. A grid has at most 16 rounds (as `C` rounds down),
      so that of a grid that takes tickets, up to 8 rounds (at most about
      four sevenths of the jobs) come by ticket and balance jobs of
      different lengths; a grid of at most 6 rounds (`S = R`) takes no
      ticket and leaves the counters alone. The agents of a counter draw
      tickets until one names a chunk without a job, so
      the last ticket a counter gives is `ceil((N - S A - g) / K) +
      ceil((A - g) / K) - 1` (`N` the chunks with a job, `(R - 1) A +
      jobs - (R - 1) A C`: its chunks, and one more per agent); its drawer
      resets the counter to zero (an atomic exchange), so that the kernel
      can be launched again without host help. The counters must be zero
      before the first launch, and concurrent launches need distinct
      counters. wc-delegate allocates 16
      counters (`memref<512xi32>`).
    - `order`: how a job number maps to a 3-D job id: `x_major` (x varies
      fastest, as CUDA numbers blocks) or `y_major`.
    - `max_agents` (throttle): only agents `a < max_agents` take jobs; the
      others finish at once.

    A job loop runs at kernel level, around the `wc.warp_job` of each job:
    the verifier rejects one nested in a `wc.warp_job` or its `wc.vthreads`.

    Example:

    ```mlir
    wc.job_loop (%bx, %by, %bz) in (%gx, %gy, %gz) agent %a of %n
        schedule dynamic order x_major counter %ctr : memref<512xi32> {
      ...
    }
    ```
  }];
  let arguments = (ins Index:$gridX, Index:$gridY, Index:$gridZ,
                       Index:$agent, Index:$agents,
                       Optional<MemRefRankOf<[I32], [1]>>:$counter,
                       WC_ScheduleAttr:$schedule,
                       WC_PartitionOrderAttr:$order,
                       OptionalAttr<I64Attr>:$max_agents);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::ValueRange getJobIds() { return getBody().getArguments(); }
  }];
}

//===----------------------------------------------------------------------===//
// Lane arrays
//===----------------------------------------------------------------------===//

def WC_LaneArraySplatOp : WC_Op<"lane_array_splat", [Pure,
    TypesMatchWith<"value is the element type", "result", "value",
                   "::llvm::cast<LaneArrayType>($_self).getElementType()">]> {
  let summary = "a lane array with every element set to one value";
  let description = [{
    Creates a lane array whose elements all equal `value`, which must be
    uniform in the warp.

    ```mlir
    %a = wc.lane_array_splat %zero : !wc.lane_array<64 x f32>
    ```
  }];
  let arguments = (ins WC_Scalar:$value);
  let results = (outs WC_LaneArrayType:$result);
  let assemblyFormat = "$value attr-dict `:` qualified(type($result))";
}

def WC_LaneReadOp : WC_Op<"lane_read", [
    TypesMatchWith<"result is the element type", "array", "result",
                   "::llvm::cast<LaneArrayType>($_self).getElementType()">]> {
  let summary = "reads a slot of another lane (or of the calling lane)";
  let description = [{
    Returns slot `slot` of lane `lane` of the array, for every lane of the
    warp (a collective: all 32 lanes must execute it). `slot` must be a
    compile-time constant (an `arith.constant`): a run-time slot would force
    the array into local memory. `lane` may differ per lane; when it is the
    calling lane (`gpu.lane_id`) the read is a register read, otherwise a
    shuffle.

    ```mlir
    %x = wc.lane_read %a[%c1] from %src : !wc.lane_array<64 x f32>
    ```
  }];
  let arguments = (ins WC_LaneArrayType:$array, Index:$slot, I32:$lane);
  let results = (outs WC_Scalar:$result);
  let assemblyFormat = [{
    $array `[` $slot `]` `from` $lane attr-dict `:` qualified(type($array))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The constant slot (the verifier guarantees there is one).
    int64_t getStaticSlot();
  }];
}

def WC_LaneWriteOp : WC_Op<"lane_write", [Pure,
    AllTypesMatch<["array", "result"]>,
    TypesMatchWith<"value is the element type", "array", "value",
                   "::llvm::cast<LaneArrayType>($_self).getElementType()">]> {
  let summary = "writes the calling lane's own slot of a lane array";
  let description = [{
    Returns `array` with slot `slot` of the calling lane replaced by `value`;
    the slots of other lanes are unchanged. `slot` must be a compile-time
    constant.

    ```mlir
    %b = wc.lane_write %x into %a[%c0] : !wc.lane_array<64 x f32>
    ```
  }];
  let arguments = (ins WC_Scalar:$value, WC_LaneArrayType:$array, Index:$slot);
  let results = (outs WC_LaneArrayType:$result);
  let assemblyFormat = [{
    $value `into` $array `[` $slot `]` attr-dict `:` qualified(type($array))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    int64_t getStaticSlot();
  }];
}

//===----------------------------------------------------------------------===//
// Warp collectives
//===----------------------------------------------------------------------===//

def WC_ShuffleOp : WC_Op<"shuffle", [
    AllTypesMatch<["value", "result"]>]> {
  let summary = "exchanges a value among the lanes of a warp";
  let description = [{
    Each lane returns `value` of a source lane, in segments of `width` lanes
    (a power of two, at most 32; default 32). With `s = lane mod width` and
    `base = lane - s`, the source lane is:

    - `idx`:  `base + (offset mod width)`
    - `up`:   `lane - offset`, valid when `s >= offset`
    - `down`: `lane + offset`, valid when `s + offset < width`
    - `xor`:  `lane xor offset`, valid when it is not past the end of the
      calling lane's segment (as in PTX and CUDA, an earlier segment may be
      read)

    When the source is not valid the lane gets its own `value` and `valid`
    is false. `mask` names the participating lanes (default: all 32); every
    lane in it must execute the op and every source lane must be in it.

    ```mlir
    %r, %ok = wc.shuffle down %x, %c1 width 16 : f32
    ```
  }];
  let arguments = (ins WC_ShuffleModeAttr:$mode, WC_Scalar:$value,
                       I32:$offset,
                       DefaultValuedAttr<I64Attr, "32">:$width,
                       Optional<I32>:$mask);
  let results = (outs WC_Scalar:$result, I1:$valid);
  let assemblyFormat = [{
    $mode $value `,` $offset (`width` $width^)? (`mask` $mask^)? attr-dict
    `:` type($value)
  }];
  let hasVerifier = 1;
}

def WC_VoteOp : WC_Op<"vote"> {
  let summary = "warp vote: any, all, ballot or uni";
  let description = [{
    Combines a predicate over the lanes of `mask` (default all 32):
    `any` and `all` return an `i1`, `uni` returns whether all lanes agree
    (`i1`), `ballot` returns an `i32` whose bit `l` is lane `l`'s predicate.

    ```mlir
    %b = wc.vote ballot %p -> i32
    ```
  }];
  let arguments = (ins WC_VoteKindAttr:$kind, I1:$predicate,
                       Optional<I32>:$mask);
  let results = (outs AnyTypeOf<[I1, I32]>:$result);
  let assemblyFormat = [{
    $kind $predicate (`mask` $mask^)? attr-dict `->` type($result)
  }];
  let hasVerifier = 1;
}

def WC_MatchOp : WC_Op<"match"> {
  let summary = "finds the lanes holding the same value";
  let description = [{
    `any`: returns the mask of lanes of `mask` whose `value` equals the
    calling lane's; `same` is true. `all`: if every lane of `mask` holds the
    same value, returns `mask` and `same = true`, otherwise `0` and `false`.

    ```mlir
    %peers, %same = wc.match any %key : i32
    ```
  }];
  let arguments = (ins WC_MatchKindAttr:$kind,
                       AnyTypeOf<[I32, I64]>:$value, Optional<I32>:$mask);
  let results = (outs I32:$lanes, I1:$same);
  let assemblyFormat = [{
    $kind $value (`mask` $mask^)? attr-dict `:` type($value)
  }];
}

def WC_ActiveMaskOp : WC_Op<"active_mask"> {
  let summary = "the mask of lanes executing this op";
  let description = [{
    Returns an `i32` whose bit `l` is set when lane `l` executes the op
    together with the calling lane (CUDA's `__activemask()`).

    ```mlir
    %active = wc.active_mask
    ```
  }];
  let results = (outs I32:$mask);
  let assemblyFormat = "attr-dict";
}

def WC_ElectOp : WC_Op<"elect"> {
  let summary = "elects one lane of the warp";
  let description = [{
    Returns true in exactly one lane of `mask` (default all 32), the same for
    all of them, and false elsewhere.

    ```mlir
    %leader = wc.elect
    ```
  }];
  let arguments = (ins Optional<I32>:$mask);
  let results = (outs I1:$elected);
  let assemblyFormat = "(`mask` $mask^)? attr-dict";
}

def WC_ReduceOp : WC_Op<"reduce", [AllTypesMatch<["value", "result"]>]> {
  let summary = "warp reduction";
  let description = [{
    Combines `value` of the lanes of each cluster with `kind` and returns the
    result to every lane of the cluster. Without `cluster`, the cluster is the
    whole warp. `cluster(size = c, stride = s)` groups lanes
    `l, l + s, ..., l + (c - 1) s` (both powers of two, `c * s <= 32`), as
    `gpu.subgroup_reduce` does. All 32 lanes must execute it.

    ```mlir
    %s = wc.reduce add %x : f32
    %m = wc.reduce maxsi %i cluster(size = 8, stride = 1) : i32
    ```
  }];
  let arguments = (ins WC_CombiningKindAttr:$kind, WC_Scalar:$value,
                       DefaultValuedAttr<I64Attr, "32">:$cluster_size,
                       DefaultValuedAttr<I64Attr, "1">:$cluster_stride);
  let results = (outs WC_Scalar:$result);
  let assemblyFormat = [{
    $kind $value (`cluster` `(` `size` `=` $cluster_size^ `,` `stride` `=`
    $cluster_stride `)`)? attr-dict `:` type($value)
  }];
  let hasVerifier = 1;
}

def WC_ScanOp : WC_Op<"scan", [AllTypesMatch<["value", "result"]>]> {
  let summary = "warp prefix scan (inclusive or exclusive)";
  let description = [{
    Lane `l` returns the combination with `kind` of `value` of lanes `0..l`
    (`inclusive`) or `0..l-1` (`exclusive`; lane 0 gets the identity of
    `kind`). All 32 lanes must execute it.

    ```mlir
    %offsets = wc.scan exclusive add %count : i32
    ```
  }];
  let arguments = (ins WC_ScanKindAttr:$scan, WC_CombiningKindAttr:$kind,
                       WC_Scalar:$value);
  let results = (outs WC_Scalar:$result);
  let assemblyFormat = "$scan $kind $value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def WC_SegmentedReduceOp : WC_Op<"segmented_reduce", [
    AllTypesMatch<["value", "result"]>]> {
  let summary = "warp reduction within segments marked by head flags";
  let description = [{
    The warp is cut into segments of consecutive lanes; a segment starts at
    each lane whose `head` is true (and at lane 0). Lane `l` returns the
    combination with `kind` of `value` from its segment's head up to `l`, so
    the last lane of each segment holds the reduction of the segment. This is
    the segmented reduction of collaborative task engagement. All 32 lanes
    must execute it.

    ```mlir
    %partial = wc.segmented_reduce add %x, %isHead : f32
    ```
  }];
  let arguments = (ins WC_CombiningKindAttr:$kind, WC_Scalar:$value,
                       I1:$head);
  let results = (outs WC_Scalar:$result);
  let assemblyFormat = "$kind $value `,` $head attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def WC_AggregatedAtomicAddOp : WC_Op<"aggregated_atomic_add", [
    AttrSizedOperandSegments,
    TypesMatchWith<"value is the element type", "memref", "value",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">,
    TypesMatchWith<"result is the element type", "memref", "result",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "warp-aggregated atomic add";
  let description = [{
    Has the meaning of every lane of `mask` (default: the lanes executing
    it, `wc.active_mask`) performing
    `memref.atomic_rmw addi/addf` of `value` at `memref[indices]` in lane
    order, returning the value each lane's add saw. It is implemented with one
    atomic per group of lanes that target the same address: the lowest lane
    of a group adds the group's total and the others get their old value from
    the prefix sum of the lower lanes of their group.

    ```mlir
    %old = wc.aggregated_atomic_add %one, %counts[%bin] : memref<256xi32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[I32, I64, F32]>:$value,
                       AnyMemRef:$memref, Variadic<Index>:$indices,
                       Optional<I32>:$mask);
  let results = (outs AnyTypeOf<[I32, I64, F32]>:$result);
  let assemblyFormat = [{
    $value `,` $memref `[` $indices `]` (`mask` $mask^)? attr-dict
    `:` type($memref)
  }];
  let hasVerifier = 1;
}

def WC_AggregatedAtomicRMWOp : WC_Op<"aggregated_atomic_rmw", [
    AttrSizedOperandSegments,
    TypesMatchWith<"value is the element type", "memref", "value",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">,
    TypesMatchWith<"result is the element type", "memref", "result",
                   "::llvm::cast<::mlir::MemRefType>($_self).getElementType()">]> {
  let summary = "warp-aggregated atomic and, or, minimum or maximum";
  let description = [{
    Has the meaning of every lane of `mask` (default: the lanes executing
    it, `wc.active_mask`) performing the `memref.atomic_rmw` of `kind`
    (`and` as `andi`, `or` as `ori`, `minsi` as `mins`, `minui` as `minu`,
    `maxsi` as `maxs`, `maxui` as `maxu`) with `value` at `memref[indices]`
    in lane order, returning the value each lane's update saw. It is
    implemented as `wc.aggregated_atomic_add` is: one atomic per group of
    lanes that target the same address, the lowest lane of a group
    applying the group's combined value; each other lane gets the old value
    combined with the values of the lower lanes of its group. `kind` is one
    of those six, on i32 or i64.

    ```mlir
    %old = wc.aggregated_atomic_rmw maxsi %x, %best[%bin] : memref<16xi32>
    ```
  }];
  let arguments = (ins WC_CombiningKindAttr:$kind, AnyTypeOf<[I32, I64]>:$value,
                       AnyMemRef:$memref, Variadic<Index>:$indices,
                       Optional<I32>:$mask);
  let results = (outs AnyTypeOf<[I32, I64]>:$result);
  let assemblyFormat = [{
    $kind $value `,` $memref `[` $indices `]` (`mask` $mask^)? attr-dict
    `:` type($memref)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Synchronisation
//===----------------------------------------------------------------------===//

def WC_WarpSyncOp : WC_Op<"warp_sync"> {
  let summary = "synchronises the lanes of a warp and orders their memory";
  let description = [{
    Waits until all lanes of `mask` (default all 32) reach it; memory
    accesses of those lanes before it are visible to them after it. On sm_70
    and later, lanes are scheduled independently, so lanes that communicate
    through memory need it where the original kernel had a block barrier.

    ```mlir
    wc.warp_sync
    ```
  }];
  let arguments = (ins Optional<I32>:$mask);
  let assemblyFormat = "(`mask` $mask^)? attr-dict";
}

class WC_NamedBarrierOp<string mnemonic> : WC_Op<mnemonic> {
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<0>]>:$id,
                       OptionalAttr<I64Attr>:$threads);
  let assemblyFormat = "$id (`threads` $threads^)? attr-dict";
  let hasVerifier = 1;
}

def WC_NamedBarrierSyncOp : WC_NamedBarrierOp<"named_barrier_sync"> {
  let summary = "waits at a hardware named barrier";
  let description = [{
    Waits at barrier `id` (0..15) until `threads` threads (a multiple of 32;
    default: all threads of the block) have arrived or synced at it. Barrier 0
    is the one `gpu.barrier` uses. Used by warp specialization for
    producer/consumer synchronisation between warp roles.

    ```mlir
    wc.named_barrier_sync 1 threads 128
    ```
  }];
}

def WC_NamedBarrierArriveOp : WC_NamedBarrierOp<"named_barrier_arrive"> {
  let summary = "signals arrival at a named barrier without waiting";
  let description = [{
    Counts the calling warp's threads as arrived at barrier `id` (0..15) of
    `threads` threads (required, a multiple of 32) and continues. A producer
    arrives; its consumers sync.

    ```mlir
    wc.named_barrier_arrive 1 threads 128
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def WC_WarpSpecializeOp : WC_Op<"warp_specialize", [
    RecursiveMemoryEffects, NoTerminator]> {
  let summary = "warps of a block take roles that exchange data through channels";
  let description = [{
    Executed by every warp of a block, each warp converged: the warps are
    split into roles, in order, role `r` taking `warps[r]` consecutive warps
    (by linear warp id, `thread id / 32`), and each warp runs the region of
    its role with its warp index within the role as the region's argument.
    The block must have exactly `sum(warps)` warps.

    Roles exchange data through channels: channel `c` of `channels` (given
    as producer role, consumer role and stage count) is a ring of `stages`
    stages, each with a `full` and an `empty` signal. The producer waits on
    `empty` of a stage before writing it (not in its first round) and
    signals `full` when written; the consumer waits on `full` before reading
    and signals `empty` when done (`wc.channel_signal`, `wc.channel_wait`).
    Each signal counts the threads of both roles, the signalling role
    arriving, the waiting role arriving and waiting. `convert-wc-to-nvvm`
    makes each an mbarrier in workgroup memory on sm_90 and later (arrive;
    arrive and `mbarrier.try_wait.parity`), and a hardware named barrier
    otherwise (`bar.arrive`; `bar.sync`). Barrier 0 stays the block
    barrier; stage `s` of
    channel `c` uses barrier `B + 2 * (stages of the channels before c + s)`
    for `full` and the next one for `empty`, where `B` is the op's
    `barrier_base` attribute, so the channels of one op need at most 15
    barriers (the verifier rejects more). Without the attribute, the
    lowering and wc-sim number the barriers as `wc-allocate-barriers`
    would: from 1, except that ops that may run at once (a later op with
    named barriers reached without a block barrier, `gpu.barrier`, between) get
    disjoint barriers; ops a block barrier separates reuse them. The same op
    with channels run again in the next iteration of a loop must follow a block barrier,
    which the verifier checks (it would share its own barriers), as it
    checks that ops given `barrier_base` which may run at once do not
    share barriers. An op with named barriers must sit in structured control flow
    (single-block regions) of a kernel (or of a function outside a
    `gpu.module`), where the ops that may run with it are known.

    On targets with `setmaxnreg` (sm_90a), the optional `registers`
    attribute gives each role its registers per thread: every role must be
    whole warpgroups (a multiple of 4 warps, so each starts at one), each
    count a multiple of 8 in 24..256, and the block's register file must
    hold them: the kernel is compiled with `R` registers per thread, the
    counts' mean over the block's warps rounded up to a multiple of 8
    (`getRegisterBudget`), and `R x 32 x sum(warps)` must not pass 65536.
    Each role starts by releasing (`setmaxnreg.dec`) or requesting
    (`setmaxnreg.inc`, which waits for registers released) registers down
    or up to its count, and returns to `R` once every warp of the block has
    ended its role (a block barrier after the roles), so what follows the op
    runs with the registers it was compiled for. (Without the barrier, a
    role that ends early could take back the registers it released before
    a slower role took them, and that role would wait forever.) Elsewhere
    the attribute changes nothing.

    A role of several warps that syncs within itself (`wc.role_sync`) has a
    named barrier of its own, numbered after the channels' barriers; a role
    of one warp syncs by `bar.warp.sync` without one.

    A role of one warp may run a `wc.warp_job`: that warp then does its
    role's work for a whole block of threads, as virtual threads, and
    signals and waits outside the job's `wc.vthreads` phases. Roles cannot
    be nested, and a block barrier cannot appear inside a role.

    ```mlir
    wc.warp_specialize warps [1, 2] channels [0 -> 1 stages 2]
    (%w: index) {
      // producer: one warp
      wc.channel_signal full channel 0 stage 0
    }, (%w: index) {
      // consumers: two warps
      wc.channel_wait full channel 0 stage 0
    }
    ```
  }];
  let arguments = (ins DenseI64ArrayAttr:$warps,
                       DenseI64ArrayAttr:$channels,
                       OptionalAttr<I64Attr>:$barrier_base,
                       OptionalAttr<DenseI64ArrayAttr>:$registers);
  let regions = (region VariadicRegion<SizedRegion<1>>:$roles);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Number of channels.
    int64_t getNumChannels() { return getChannels().size() / 3; }
    /// The producer role, consumer role and stage count of channel `c`.
    int64_t getProducer(int64_t c) { return getChannels()[3 * c]; }
    int64_t getConsumer(int64_t c) { return getChannels()[3 * c + 1]; }
    int64_t getStages(int64_t c) { return getChannels()[3 * c + 2]; }
    /// The first warp of role `r` (linear warp ids of the block).
    int64_t getFirstWarp(int64_t r);
    /// The named barriers of its channels, two per stage, and one of each
    /// role that has one (hasRoleBarrier).
    int64_t getNumBarriers();
    /// Whether role `r` has a named barrier of its own: a role of several
    /// warps with a `wc.role_sync`.
    bool hasRoleBarrier(int64_t r);
    /// The named barrier of role `r` (hasRoleBarrier): numbered after the
    /// channels' barriers, in the order of the roles that have one.
    int64_t getRoleBarrierId(int64_t r);
    /// The registers per thread the kernel is compiled with where the roles
    /// set theirs (`registers`): their mean over the block's warps, rounded
    /// up to a multiple of 8; 0 without `registers`.
    int64_t getRegisterBudget();
    /// The first of them: `barrier_base`, else 1.
    int64_t getFirstBarrier() { return getBarrierBase().value_or(1); }
    /// Warps of the block: the sum of `warps`.
    int64_t getNumWarps();
    /// The named barrier of `signal` of stage `stage` of channel `c`.
    int64_t getBarrierId(int64_t c, int64_t stage, ChannelSignal signal);
    /// Threads a signal of channel `c` counts: both roles' warps x 32.
    int64_t getBarrierThreads(int64_t c);
  }];
}

class WC_ChannelOp<string mnemonic> : WC_Op<mnemonic> {
  let arguments = (ins WC_ChannelSignalAttr:$signal,
                       ConfinedAttr<I64Attr, [IntMinValue<0>]>:$channel,
                       Optional<Index>:$dynamic_stage,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<0>]>>:$stage);
  let assemblyFormat =
      "$signal `channel` $channel `stage` custom<ChannelStage>($dynamic_stage, $stage) attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The stage as an index value (a constant built at `b` when static).
    ::mlir::Value getStageValue(::mlir::OpBuilder &b);
  }];
}

def WC_ChannelSignalOp : WC_ChannelOp<"channel_signal"> {
  let summary = "signals a stage of a channel between warp roles";
  let description = [{
    Inside a role of `wc.warp_specialize`: the calling warp arrives at the
    named barrier of `signal` of stage `stage` of channel `channel` and goes
    on. The stage is a constant or an index value, the same for the whole
    warp (a ring position such as `i mod stages`), which must be below the
    channel's stage count. `full` is signalled by the channel's producer role (the stage is
    written), `empty` by its consumer role (the stage may be overwritten).
    Memory the warp wrote before the signal is visible to the warps that
    wait on it.
  }];
}

def WC_ChannelWaitOp : WC_ChannelOp<"channel_wait"> {
  let summary = "waits for a stage of a channel between warp roles";
  let description = [{
    Inside a role of `wc.warp_specialize`: the calling warp waits at the
    named barrier of `signal` of stage `stage` of channel `channel` until
    every warp of the other role has signalled it. `full` is waited on by
    the channel's consumer role, `empty` by its producer role.
  }];
}

def WC_RoleSyncOp : WC_Op<"role_sync"> {
  let summary = "the warps of one warp role wait for each other";
  let description = [{
    Inside a role of `wc.warp_specialize`, executed by all of the role's
    warps, each converged: each waits until every warp of its role has
    reached it, and memory each wrote before it is visible to the others
    after it (the block barrier of the role's warps only; a `gpu.barrier`
    cannot appear in a role). `convert-wc-to-nvvm` makes it `bar.warp.sync`
    in a role of one warp, which needs no named barrier, and otherwise the
    role's own named barrier counting its threads (numbered after the
    channels' barriers, see `wc.warp_specialize`).

    ```mlir
    wc.warp_specialize warps [1, 4] channels [] (%w: index) {
      ...
    }, (%w: index) {
      memref.store %v, %buf[%i] : memref<128xf32, #gpu.address_space<workgroup>>
      wc.role_sync
      %u = memref.load %buf[%j] : memref<128xf32, #gpu.address_space<workgroup>>
    }
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // WC_DIALECT_WC_IR_WCOPS_TD
