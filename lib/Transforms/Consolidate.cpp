//===- Consolidate.cpp - The cost model that picks WC stages per kernel ---===//
//
// The `wc-consolidate` pass: decides, for every kernel, which stages of the
// Warp-Consolidation model pay, following the paper's evidence, and applies
// them:
//
//  - Kernels that synchronise or communicate (barriers, workgroup memory)
//    are aggregated (their barriers vanish) and remapped (their static
//    shared-memory communication becomes shuffles); they are delegated to
//    persistent agents when a launch may have more jobs than the agents the
//    target keeps resident, with the dynamic schedule when their jobs may
//    differ in length.
//  - Kernels whose threads stream global memory in long loops without
//    barrier are left alone: a one-warp job runs the block's streams one
//    virtual thread after another, with fewer loads in flight, which the
//    few barriers it removes do not pay for (measured on the suite's
//    bounding box and scalar product).
//  - Kernels without synchronisation or communication lose by aggregation
//    alone (one-warp blocks hit the block-slot limit); delegation only
//    recovers them, so they are left alone, unless their jobs are
//    imbalanced (loops whose trip counts depend on the block or on data):
//    those are resized into one-warp blocks, which the hardware's block
//    scheduler balances, without a job loop (which would keep LLVM from
//    unrolling the imbalanced loop).
//
// Given ptxas (the `ptxas` option), the candidates are compiled and the
// target's occupancy model gets their real registers: a candidate that
// spills loses, delegation plans as many agents per SM as the job loop's
// registers allow and is dropped where that leaves fewer agents than the
// one-warp blocks keep resident, and a kernel without communication is
// resized where one-warp blocks keep (nearly) the original's residency.
//
// Every decision is a remark at the kernel with its reason; each stage adds
// its own remarks.
//
//===----------------------------------------------------------------------===//

#include "AsyncCopy.h"
#include "Collaboration.h"
#include "KernelProfile.h"
#include "TileLoop.h"

#include "WC/Analysis/SharedAccess.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Aggregation.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_CONSOLIDATE
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

/// One-warp blocks of a kernel without communication pay when they keep at
/// least (D - 1) / D of the original blocks' resident warps: a block frees
/// its slot, registers and warps only when its last warp ends, a one-warp
/// block as soon as it ends (the suite's gesummv: 32 warps resident instead
/// of 36, resized 1.18-1.29x faster on the H100; option pricing: 32 instead
/// of 64, resized 0.35x).
static constexpr int64_t kResizeResidencyDenominator = 8;

/// A balanced kernel's agents pay by starting jobs faster than the block
/// scheduler starts one-warp blocks (about 11-12 per SM and microsecond on
/// the H100): where jobs are short, or so many that every agent runs at
/// least kLaunchBoundJobsPerAgent of them. Longer jobs, fewer per agent, are
/// started fast enough as blocks, and the static partition ends with its
/// slowest agent where the block scheduler keeps every SM busy to the end
/// (the suite on the H100: hotspot with 8 virtual threads and 15.5 jobs per
/// agent, 1.14x aggregated, 1.06x delegated; the transform dialect's
/// transpose 0.97x and 0.90x; backprop, pathfinder and binomial with 1.9 jobs
/// per agent lose 3-7%; with 62 jobs per agent tree_sum, the 1-D and 2-D
/// stencils and block_reduce gain 1.4-1.6x over aggregation). Jobs of at
/// most kShortJobVirtualThreads virtual threads are short (the b+tree search
/// and the row reduction gain 1.23-1.35x with 2-4 jobs per agent).
static constexpr int64_t kLaunchBoundJobsPerAgent = 32;
static constexpr int64_t kShortJobVirtualThreads = 2;
/// ... and of at most this many ops per thread (KernelProfile::threadOps):
/// the suite's short jobs of a few dozen ops gain by delegation with a few
/// jobs per agent, jobs of hundreds of ops (pooling, a convolution) lose;
/// the measurements are in docs/passes.md#wc-consolidate and
/// docs/bench/2026-12-07-ml/results.md.
static constexpr int64_t kShortJobThreadOps = 256;

/// The most virtual threads of the warp jobs of `func`.
static int64_t getMaxVirtualThreads(gpu::GPUFuncOp func) {
  int64_t most = 0;
  func.walk([&](WarpJobOp job) {
    most = std::max<int64_t>(most, job.getVirtualThreads());
  });
  return most;
}

namespace {
/// The ptxas figures of the candidates of one kernel, when wc-consolidate
/// is given ptxas (each call compiles its candidate).
class CandidateMeasurer {
public:
  CandidateMeasurer(StringRef ptxas, const TargetDescription &target,
                    gpu::GPUFuncOp func, ArrayRef<gpu::LaunchFuncOp> launches)
      : ptxas(ptxas), target(target), func(func) {
    std::string why;
    if (FailureOr<BlockShape> known = getBlockShape(func, launches, why);
        succeeded(known))
      shape = *known;
  }

  /// Whether candidates are measured at all.
  bool enabled() const { return !ptxas.empty(); }

  /// The kernel's block shape, if known.
  std::optional<BlockShape> getShape() const { return shape; }

  /// The figures of the kernel as it is.
  std::optional<KernelResources> measureAsIs(StringRef name) {
    return measure(name, [](gpu::GPUFuncOp kernel) { return kernel; });
  }

  /// The figures of the kernel aggregated (and, when `remap`, remapped).
  std::optional<KernelResources> measureAggregated(StringRef name, bool remap) {
    return measure(name, [&](gpu::GPUFuncOp kernel) -> gpu::GPUFuncOp {
      // The copy has no launch: it takes the block size they give.
      if (shape && !kernel.getKnownBlockSize())
        kernel.setKnownBlockSizeAttr(OpBuilder(kernel).getDenseI32ArrayAttr(
            {static_cast<int32_t>((*shape)[0]),
             static_cast<int32_t>((*shape)[1]),
             static_cast<int32_t>((*shape)[2])}));
      if (!aggregateKernel(kernel, {}, target))
        return {};
      if (remap)
        remapKernel(kernel, target);
      return kernel;
    });
  }

  /// The figures of the kernel delegated as `plan` says, without the launch
  /// bounds that would cap its registers.
  std::optional<KernelResources> measureDelegated(StringRef name,
                                                  const DelegationPlan &plan) {
    return measure(name, [&](gpu::GPUFuncOp kernel) {
      IRRewriter rewriter(kernel.getContext());
      applyDelegate(rewriter, kernel, {}, plan);
      kernel->removeAttr(NVVM::NVVMDialect::getMinctasmAttrName());
      return kernel;
    });
  }

private:
  std::optional<KernelResources>
  measure(StringRef name,
          llvm::function_ref<gpu::GPUFuncOp(gpu::GPUFuncOp)> candidate) {
    std::string why;
    FailureOr<KernelResources> resources =
        measureKernel(func, candidate, ptxas, target, why);
    if (succeeded(resources))
      return *resources;
    emitRemark(func.getLoc(), "wc-consolidate: the ")
        << name << " kernel is not measured (" << why
        << "); its registers are estimated";
    return std::nullopt;
  }

  StringRef ptxas;
  const TargetDescription &target;
  gpu::GPUFuncOp func;
  std::optional<BlockShape> shape;
};

/// "N registers, S spilled bytes" of `resources` for remarks.
std::string describeResources(const KernelResources &resources) {
  std::string text = std::to_string(resources.registers) + " registers";
  if (resources.spillBytes)
    text += ", " + std::to_string(resources.spillBytes) + " spilled bytes";
  return text;
}

/// "W resident warps per SM (limited by L)" of `residency` for remarks.
std::string describeResidency(const Residency &residency) {
  return std::to_string(residency.warps) + " resident warps per SM (" +
         residency.getLimitName().str() + ")";
}

struct ConsolidatePass : public wc::impl::ConsolidateBase<ConsolidatePass> {
  using ConsolidateBase::ConsolidateBase;
  void runOnOperation() override;
};
} // namespace

void ConsolidatePass::runOnOperation() {
  ModuleOp module = getOperation();
  // Producer IR is normalised first (inline gpu.launch kernels outlined,
  // in-kernel workgroup buffers made attributions).
  if (failed(prepareModule(
          module, "wc-consolidate", chip,
          [&](OpPassManager &pipeline, Operation *op) {
            return runPipeline(pipeline, op);
          },
          reassociateFloats)))
    return signalPassFailure();

  if (!ptxas.empty() && !llvm::sys::fs::can_execute(ptxas)) {
    module.emitError("wc-consolidate: ptxas '")
        << ptxas << "' is not an executable";
    return signalPassFailure();
  }
  ModuleTargets targets("wc-consolidate", chip);
  for (KernelSites &kernel : collectKernels(module)) {
    gpu::GPUFuncOp func = kernel.func;
    const TargetDescription *target = targets.lookupFor(func);
    if (!target)
      continue;
    ArrayRef<gpu::LaunchFuncOp> sites = kernel.launches;
    KernelProfile facts = profileKernel(func, sites);
    bool communicates = facts.barriers != 0 || facts.blockReductions != 0 ||
                        facts.workgroupMemory;
    DelegationOptions delegation;
    if (facts.imbalance)
      delegation.schedule = Schedule::dynamic_ticket;
    std::string imbalance =
        facts.imbalance
            ? ("its jobs may differ in length ('" +
               facts.imbalance->getName().getStringRef() +
               "' with a trip count that depends on the block or on data)")
                  .str()
            : std::string();

    // A loop over a range read from memory (a CSR row per thread): the
    // warps (and blocks) share the iterations of their threads' ranges
    // (on the H100: SpMV on a power-law matrix 6.06x, a skewed one 2.39x,
    // 16 nonzeros per row 1.49x).
    bool collaborated = false;
    if (!communicates && facts.imbalance) {
      collaborate::CollaborationOptions options;
      options.rules.reorderAtomics = reorderAtomics;
      options.select = [](scf::ForOp loop) {
        return dependsOnMemory(loop.getLowerBound()) ||
               dependsOnMemory(loop.getUpperBound());
      };
      collaborated = collaborate::collaborateKernel(func, sites, options);
      if (collaborated)
        emitRemark(func.getLoc(), "wc-consolidate: collaborate: ")
            << imbalance
            << ", a range read from memory per thread, which the warps "
               "share";
    }
    // Threads that meet only in atomics on the same addresses (a counter,
    // a histogram of few bins): aggregating those atomics is what pays
    // (the suite on the H100: compaction 4.38x per block, an 8-bin
    // histogram 7.36x per warp), and it leaves the blocks as they are.
    if (!communicates && aggregateContendedAtomics(func, sites) != 0) {
      emitRemark(func.getLoc(), "wc-consolidate: atomics aggregated, blocks "
                                "kept: no barrier and no workgroup memory, "
                                "its threads meet in contended atomics");
      continue;
    }
    if (collaborated)
      continue;
    CandidateMeasurer measurer(ptxas, *target, func, sites);
    if (!communicates && !facts.imbalance && measurer.enabled()) {
      // Aggregation alone loses where one-warp blocks, held back by the
      // block slots, keep fewer warps resident than the original blocks;
      // where registers already hold the original to as few, nothing is
      // lost and the hardware schedules smaller blocks.
      std::optional<BlockShape> shape = measurer.getShape();
      std::optional<KernelResources> original, resized;
      if (shape && (original = measurer.measureAsIs("original")) &&
          (resized = measurer.measureAggregated("resized", /*remap=*/false))) {
        Residency before = target->getResidency(
            llvm::divideCeil(getNumThreads(*shape), wc::kWarpSize),
            original->registers, original->sharedBytes);
        Residency after =
            target->getResidency(1, resized->registers, resized->sharedBytes);
        bool keeps = after.warps * kResizeResidencyDenominator >=
                         before.warps * (kResizeResidencyDenominator - 1) &&
                     resized->spillBytes <= original->spillBytes;
        emitRemark(func.getLoc(), "wc-consolidate: ")
            << (keeps ? "aggregate (one-warp blocks)" : "left unchanged")
            << ": no barrier, no workgroup memory and balanced jobs; "
               "one-warp blocks ("
            << describeResources(*resized) << ") keep "
            << describeResidency(after) << ", the original blocks ("
            << describeResources(*original) << ") "
            << describeResidency(before);
        if (keeps)
          aggregateKernel(func, sites, *target);
        continue;
      }
    }
    if (!communicates && !facts.imbalance) {
      emitRemark(func.getLoc(),
                 "wc-consolidate: left unchanged: no barrier, no "
                 "workgroup memory and balanced jobs, where aggregation "
                 "alone loses occupancy and delegation only recovers it");
      continue;
    }
    if (communicates && facts.streaming) {
      // The paper's gains come from the communication; a block whose
      // threads mostly stream memory keeps its warps' loads in flight
      // together, which one warp per block would serialise.
      InFlightDiagnostic remark = emitRemark(
          func.getLoc(), "wc-consolidate: left unchanged: its threads "
                         "stream global memory (a loop without barrier of ");
      if (facts.streamingTrips)
        remark << "up to " << *facts.streamingTrips;
      else
        remark << "a run-time number of";
      remark << " iterations per thread), which one warp per block would run "
                "one virtual thread after another with fewer loads in "
                "flight; its "
             << facts.barriers
             << (facts.barriers == 1 ? " barrier does" : " barriers do")
             << " not pay for that";
      remark.attachNote(facts.streaming->getLoc()) << "the loop";
      continue;
    }
    if (!communicates) {
      // One-warp blocks let the hardware's block scheduler balance the jobs.
      // A job loop would not: the loop whose trip count changes between
      // jobs would sit inside it, where LLVM no longer unrolls it (a loop
      // is runtime-unrolled only when its trip count is invariant in the
      // enclosing loop), and every iteration waits for its load (the
      // suite's triangular kernel: resized 1.26x, delegated 0.41-0.46x).
      emitRemark(func.getLoc(), "wc-consolidate: aggregate (one-warp blocks) "
                                "without delegation: ")
          << imbalance
          << "; the block scheduler balances one-warp blocks, and a job "
             "loop would keep LLVM from unrolling that loop";
      aggregateKernel(func, sites, *target);
      continue;
    }
    // A candidate that spills where the original does not loses.
    std::optional<KernelResources> aggregated;
    if (measurer.enabled()) {
      std::optional<KernelResources> original;
      if ((original = measurer.measureAsIs("original")) &&
          (aggregated =
               measurer.measureAggregated("aggregated", /*remap=*/true)) &&
          aggregated->spillBytes > original->spillBytes) {
        emitRemark(func.getLoc(), "wc-consolidate: left unchanged: "
                                  "aggregated and remapped, it spills (")
            << describeResources(*aggregated) << "; the original "
            << describeResources(*original) << ")";
        continue;
      }
    }
    // A tile loop is not split between producer and consumer warps
    // (wc-specialize): its copy and its compute share the SM's load/store
    // pipe, which producer warps do not relieve, while their registers and
    // the ring cost resident warps. On the H200, producer warps ran below
    // aggregation alone on every tile loop of the suite they were built for
    // (matmul_tile, conv_tile, stencil_time, the transform dialect's matrix
    // product; at best 1.85x over upstream against 1.93x), which the tile
    // copies by cp.async take further (docs/results.md).
    bool tileLoop = false;
    {
      std::string why;
      Operation *at = nullptr;
      tileLoop = succeeded(matchTileLoop(func, why, at));
    }
    // A tile loop that copies its next tile during this one keeps its
    // tiles in shared memory: remapping could take them into registers and
    // shuffles, which no copy runs ahead of (the suite's stencil over time
    // frames on the H200: 1.73x over upstream so, 1.52x remapped).
    bool coarsened = aggregateKernel(func, sites, *target);
    if (tileLoop && coarsened)
      emitRemark(func.getLoc(),
                 "wc-consolidate: not specialized: a tile loop, whose copy "
                 "and compute share the load/store pipe that producer "
                 "warps would not relieve; aggregated, one warp copies "
                 "and computes its tiles");
    if (!coarsened) {
      emitRemark(func.getLoc(),
                 "wc-consolidate: left unchanged: wc-aggregate cannot "
                 "coarsen it (its remark says why)");
      continue;
    }
    bool ahead = asyncCopy && wouldPrefetchTiles(func, *target);
    InFlightDiagnostic choice = emitRemark(
        func.getLoc(), ahead ? "wc-consolidate: aggregate, not remapped ("
                             : "wc-consolidate: aggregate and remap (");
    choice << facts.barriers << " barrier" << (facts.barriers == 1 ? "" : "s");
    if (facts.blockReductions != 0)
      choice << ", " << facts.blockReductions << " block reduction"
             << (facts.blockReductions == 1 ? "" : "s");
    choice << (facts.workgroupMemory ? ", workgroup memory" : "") << ")";
    if (ahead)
      choice << ": a tile loop copies its next tile by cp.async during this "
                "one";
    choice.report();
    // Tiles that stay in shared memory are padded against bank conflicts
    // as wc-remap pads them, unless the padding would keep the tile loop
    // from copying ahead (two of each padded tile past the shared memory
    // or the residency).
    if (ahead)
      padWorkgroupBuffers(func, *target, "wc-consolidate",
                          [&] { return wouldPrefetchTiles(func, *target); });
    else
      remapKernel(func, *target);

    // Delegation pays when a launch may start more jobs than the agents it
    // would keep resident: the figures of the plan wc-delegate would carry
    // out, for the kernel as aggregation and remapping left it.
    std::string why;
    FailureOr<DelegationPlan> plan =
        planDelegate(func, sites, delegation, *target, why);
    // Measured, the agents per SM are what the delegated kernel's registers
    // allow, so that its launch bounds make it spill nothing more.
    if (succeeded(plan) && measurer.enabled()) {
      if (std::optional<KernelResources> delegated =
              measurer.measureDelegated("delegated", *plan)) {
        if (delegated->spillBytes > (aggregated ? aggregated->spillBytes : 0)) {
          emitRemark(func.getLoc(),
                     "wc-consolidate: not delegated: the job loop spills (")
              << describeResources(*delegated) << ")";
          continue;
        }
        delegation.registersPerThread = delegated->registers;
        plan = planDelegate(func, sites, delegation, *target, why);
        // Agents pay by saving block launches, not by residency: where the
        // job loop's registers leave fewer agents than the one-warp blocks
        // the hardware keeps resident, delegation loses.
        if (succeeded(plan) && aggregated) {
          Residency blocks = target->getResidency(1, aggregated->registers,
                                                  aggregated->sharedBytes);
          if (plan->agentsPerSM < blocks.warps) {
            emitRemark(func.getLoc(), "wc-consolidate: not delegated: ")
                << plan->agentsPerSM << " agents per SM ("
                << describeResources(*delegated) << " in the job loop, "
                << plan->residency.getLimitName()
                << " limiting) are fewer than the " << describeResidency(blocks)
                << " of its one-warp blocks (" << describeResources(*aggregated)
                << ")";
            continue;
          }
        }
      }
    }
    if (failed(plan)) {
      delegateAsPlanned(func, sites, plan, why);
      continue;
    }
    // The dynamic schedule balances jobs through tickets of its counters;
    // with fewer than kChunksPerAgent jobs per agent it balances little:
    // chunks of one job, the rounds past kOwnOnlyRounds by ticket (tickets the
    // GPU serialises: the suite on the H100 ran 0.52-0.77x of the static
    // schedule with 8192-16384 jobs when every job took one), and none at
    // all in a grid of at most kOwnOnlyRounds rounds, where it is the
    // static schedule; the block scheduler balances one-warp blocks for
    // free.
    if (facts.imbalance && facts.maxJobs &&
        *facts.maxJobs < kChunksPerAgent * plan->maxAgents) {
      emitRemark(func.getLoc(), "wc-consolidate: not delegated: ")
          << imbalance << ", and its at most " << *facts.maxJobs
          << " jobs per launch are fewer than " << kChunksPerAgent
          << " per agent of the " << plan->maxAgents
          << " agents: the dynamic schedule would balance at most its last "
          << kChunksPerAgent - kOwnOnlyRounds
          << " rounds, one job per ticket, where the block scheduler "
             "balances one-warp blocks";
      continue;
    }
    if (facts.maxJobs && *facts.maxJobs <= plan->maxAgents) {
      emitRemark(func.getLoc(), "wc-consolidate: not delegated: at most ")
          << *facts.maxJobs << " jobs per launch, no more than the "
          << plan->maxAgents << " agents delegation keeps resident ("
          << plan->blocksPerSM << " hyper-CTAs of " << plan->warps
          << " warps per SM of " << target->chip << ")";
      continue;
    }
    int64_t vthreads = getMaxVirtualThreads(func);
    bool longJobs = vthreads > kShortJobVirtualThreads ||
                    facts.threadOps > kShortJobThreadOps;
    if (!facts.imbalance && facts.maxJobs && longJobs &&
        *facts.maxJobs < kLaunchBoundJobsPerAgent * plan->maxAgents &&
        !facts.sharedSectors) {
      InFlightDiagnostic remark =
          emitRemark(func.getLoc(), "wc-consolidate: not delegated: ");
      remark << "jobs of " << vthreads << " virtual threads";
      if (vthreads <= kShortJobVirtualThreads)
        remark << " but about " << facts.threadOps << " ops per thread";
      remark << ", at most " << *facts.maxJobs << " per launch, fewer than "
             << kLaunchBoundJobsPerAgent << " per agent of the "
             << plan->maxAgents
             << " agents: the block scheduler starts jobs this long fast "
                "enough, and keeps every SM busy to the end";
      continue;
    }
    InFlightDiagnostic decision =
        emitRemark(func.getLoc(), "wc-consolidate: delegate with the ");
    decision << (facts.imbalance ? "dynamic schedule: " + imbalance
                                 : std::string("static schedule"))
             << ": ";
    if (facts.maxJobs)
      decision << "up to " << *facts.maxJobs << " jobs per launch";
    else
      decision << "a grid unknown at compile time";
    decision << " over " << plan->maxAgents << " resident agents";
    if (facts.sharedSectors && facts.maxJobs &&
        *facts.maxJobs < kLaunchBoundJobsPerAgent * plan->maxAgents)
      decision << "; neighbouring jobs read the same sectors, which the "
                  "agents of a hyper-CTA share in L1";
    decision.report();
    delegateAsPlanned(func, sites, plan, why);
  }
  if (targets.hadError())
    return signalPassFailure();
  // Tiles the chosen stages copy into workgroup memory, copied by cp.async
  // where the target has it, a tile loop's next tile during this one: it
  // paid on every tile loop measured and changed no other kernel
  // (docs/results.md, "Tile copies by cp.async").
  if (asyncCopy) {
    OpPassManager copies(ModuleOp::getOperationName());
    AsyncCopyOptions options;
    options.chip = chip;
    copies.addPass(createAsyncCopy(options));
    if (failed(runPipeline(copies, module)))
      return signalPassFailure();
  }
  // Loops in which each thread walks consecutive elements of global memory
  // (the blocked rows of softmax and the norms), by 16-byte accesses: fewer
  // L1 requests for the same bytes (docs/results.md, "ML kernels").
  if (vectorize)
    module.walk([](gpu::GPUFuncOp func) { (void)vectorizeAccesses(func); });
}
