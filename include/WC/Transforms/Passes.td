//===- Passes.td - Warp-Consolidation transformations ------*- tablegen -*-===//
//
// The passes that rewrite gpu kernels into the Warp-Consolidation model.
//
//===----------------------------------------------------------------------===//

#ifndef WC_TRANSFORMS_PASSES_TD
#define WC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def WarpAggregate : Pass<"wc-aggregate", "::mlir::ModuleOp"> {
  let summary = "Make one warp do the job of a whole thread block";
  let description = [{
    Warp aggregation, the first stage of the Warp-Consolidation model
    (Li et al., ICS'18). For every kernel of every `gpu.module` whose block
    size is known (`known_block_size`, or the same constant at every
    `gpu.launch_func` of the module), the pass picks one of two rewrites and
    updates every launch site of the kernel (inline `gpu.launch` kernels are
    outlined first):

    - **Resize**, when the kernel has no barrier, no workgroup memory and
      nothing else that needs its threads in one block: blocks become single
      warps (32 threads) and the grid's x dimension is multiplied by the
      number of warps of the original block; the original block, thread and
      warp ids are rebuilt exactly (3-D included), and the inactive tail of a
      block size that is not a multiple of 32 is masked.
    - **Coarsen**, otherwise: the kernel body becomes a `wc.warp_job`, each
      lane running `ceil(T / 32)` virtual threads. The body is split at
      barriers into `wc.vthreads` phases; values live across a barrier are
      kept per virtual thread in registers (`vector<VT x T>`); barriers in
      uniform `scf.for` / `scf.if` keep the loop or branch at warp level
      with the phases inside; each barrier becomes `wc.warp_sync`, or
      disappears when upstream's barrier elimination proves that it orders
      no conflicting memory accesses. Launch sites get 32-thread blocks and
      the same grid.

    A kernel is left unchanged, with a remark saying why, when its block size
    is unknown or its launch sites disagree; when a barrier is under
    thread-dependent control flow; when it uses warp-level or cluster
    features whose meaning depends on the warp count (subgroup ops, lane ids,
    shuffles, `gpu.subgroup_mma_*`, NVVM ops) in a way the rewrite would
    change; or when the registers of the values replicated per virtual
    thread would exceed the target's per-thread budget. Every decision is a
    remark at the kernel.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target chip (register budget)">
  ];
  let dependentDialects = ["::mlir::wc::WCDialect", "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::gpu::GPUDialect"];
}

def RegisterRemap : Pass<"wc-remap", "::mlir::ModuleOp"> {
  let summary = "Turn workgroup-memory communication of warp jobs into register shuffles";
  let description = [{
    Register remapping, the second stage of the Warp-Consolidation model. For
    every workgroup buffer of a `wc.warp_job` (produced by `wc-aggregate`)
    whose accesses are all static, the buffer becomes a `!wc.lane_array`
    held in registers: reads of the thread's own element become register
    reads, reads of other lanes' elements shuffles (`down`/`up` for
    neighbours, an `idx` rotation with one select where a neighbour crosses
    a 32-element chunk, `xor` for butterflies, `idx` broadcasts for constant
    elements), all placed at warp level where the 32 lanes are converged.

    An access is static when its element is the thread's own plus a
    constant, `tid xor c`, or a constant (an index may select between two
    such elements, as edge clamps do); uniform `scf.for` loops with constant
    trip counts (at most 32) whose induction variable decides the element
    are unrolled first. Every store must write the storing lane's own
    element under one layout (the pass shifts the layout so that a store to
    `tid + k` is own). A buffer that is not static, escapes, is accessed
    outside the phases or inside control flow other than `scf.if`/`scf.for`,
    or whose lane array exceeds the register budget stays in shared memory
    with a remark saying why; the kernel is unchanged when no buffer is
    remapped. Each remapped buffer is reported with its register reads and
    shuffles.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target chip (register budget)">
  ];
  let dependentDialects = ["::mlir::wc::WCDialect", "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::gpu::GPUDialect"];
}

def WarpDelegate : Pass<"wc-delegate", "::mlir::ModuleOp"> {
  let summary = "Run the block jobs of one-warp kernels on persistent warp agents";
  let description = [{
    Warp delegation, the third stage of the Warp-Consolidation model. A
    kernel whose blocks are single warps (a warp job from `wc-aggregate`, a
    resized kernel, or one written so) becomes a persistent kernel of
    hyper-CTAs of `warps` warps; every warp is an independent agent that
    runs original block jobs in a `wc.job_loop`, with no barrier among the
    warps of a hyper-CTA. Block and grid ids inside the job become the job's
    ids and the original grid (new kernel arguments); thread ids the lane.

    Agents: at most `agents-per-sm` per SM (default half the warp slots of
    the chip, which leaves each thread 64 registers on sm_90; the kernel gets
    `nvvm.minctasm` so that ptxas keeps them resident), fewer when the
    multiplexed workgroup memory (each agent gets its own slice of every
    buffer left after remapping) does not fit, and never more than the jobs
    of a launch: launch sites start `ceil(min(jobs, agents, throttle) / W)`
    hyper-CTAs. Schedules: `static` (agent a takes jobs a, a + A, ...) and
    `dynamic` (an atomic ticket per launch site, allocated and zeroed once
    in the host function and reset by the kernel's last agent, so the kernel
    can be launched again). With `runtime-agents`, launch sites compute the
    agents from the device's SM count at run time (`wcDeviceSMCount`, a
    function of the wc runtime) instead of the target's. `order` maps job numbers to 2-D/3-D job ids;
    `throttle` limits the agents that take jobs.

    Refused, with a remark: blocks that are not one warp, block barriers,
    cluster or NVVM special-register ops, calls, workgroup buffers used by
    anything but loads and stores, dynamic shared memory, unstructured
    bodies, kernels already delegated.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target chip (SM count, warp and block slots, shared memory)">,
    Option<"schedule", "schedule", "std::string", /*default=*/"\"static\"",
           "How agents take jobs: static or dynamic">,
    Option<"order", "order", "std::string", /*default=*/"\"x-major\"",
           "Job numbering over 2-D/3-D grids: x-major or y-major">,
    Option<"warps", "warps", "int64_t", /*default=*/"0",
           "Warps (agents) per hyper-CTA (0: from the target)">,
    Option<"agentsPerSM", "agents-per-sm", "int64_t", /*default=*/"0",
           "Agents resident per SM (0: half the warp slots)">,
    Option<"agents", "agents", "int64_t", /*default=*/"0",
           "Total agents (0: SM count x agents per SM)">,
    Option<"throttle", "throttle", "int64_t", /*default=*/"0",
           "Agents that take jobs (0: all)">,
    Option<"runtimeAgents", "runtime-agents", "bool", /*default=*/"false",
           "Compute the agents at run time from the device's SM count "
           "(wcDeviceSMCount of the wc runtime)">
  ];
  let dependentDialects = ["::mlir::wc::WCDialect", "::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect", "::mlir::NVVM::NVVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::func::FuncDialect"];
}

def Consolidate : Pass<"wc-consolidate", "::mlir::ModuleOp"> {
  let summary = "Choose and apply the Warp-Consolidation stages per kernel (cost model)";
  let description = [{
    The cost model of the Warp-Consolidation model: for every kernel, decides
    which of wc-aggregate, wc-remap and wc-delegate pay, following the
    paper's evidence, and applies them. Kernels with barriers or workgroup
    memory are aggregated and remapped, and delegated to persistent agents
    when a launch may start more jobs than the agents the target keeps
    resident (dynamic schedule when their jobs may differ in length).
    Kernels without synchronisation or communication are left alone
    (aggregation alone loses occupancy there, delegation only recovers it),
    unless their jobs are imbalanced (a loop whose trip count depends on the
    block or on data), where aggregation plus dynamic delegation balances
    the load. Each decision is a remark at the kernel with its reason.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "Target chip">
  ];
  let dependentDialects = ["::mlir::wc::WCDialect", "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::gpu::GPUDialect", "::mlir::NVVM::NVVMDialect",
                           "::mlir::memref::MemRefDialect"];
}

def TestUniformity : Pass<"wc-test-uniformity"> {
  let summary = "Report the block uniformity of every value (for tests)";
  let description = [{
    Runs the uniformity analysis on every `gpu.func` and emits a remark at
    each op with results saying whether each result is `uniform` or
    `varying`, and at each barrier under thread-dependent control flow.
  }];
}

def TestSharedAccess : Pass<"wc-test-shared-access"> {
  let summary = "Report the index patterns of workgroup-memory accesses (for tests)";
  let description = [{
    Runs the access analysis of `wc-remap` on every `wc.warp_job`: emits a
    remark at the job for each workgroup buffer it uses (number of accesses,
    whether all are static), and one at each load and store with its
    element index as an affine expression over the thread ids `d0, d1, d2`
    and warp-uniform symbols, or the reason it is not affine.
  }];
}

#endif // WC_TRANSFORMS_PASSES_TD
