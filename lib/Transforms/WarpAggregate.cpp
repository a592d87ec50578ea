//===- WarpAggregate.cpp - One warp does the job of a thread block --------===//
//
// The `wc-aggregate` pass: warp aggregation, the first stage of the
// Warp-Consolidation model. Kernels without inter-thread synchronisation are
// resized into one-warp blocks; kernels with barriers or workgroup memory
// are coarsened into a `wc.warp_job` whose lanes run the original threads as
// virtual threads, phase by phase between the former barriers. Launch sites
// follow. Kernels the pass cannot prove safe are left unchanged with a
// remark that says why.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/SharedAccess.h"
#include "WC/Analysis/Uniformity.h"
#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Aggregation.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_WARPAGGREGATE
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

//===----------------------------------------------------------------------===//
// Kernel facts
//===----------------------------------------------------------------------===//

FailureOr<BlockShape> wc::getBlockShape(gpu::GPUFuncOp func,
                                        ArrayRef<gpu::LaunchFuncOp> launches,
                                        std::string &why) {
  std::optional<BlockShape> shape;
  if (std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize())
    shape = BlockShape{(*known)[0], (*known)[1], (*known)[2]};
  for (gpu::LaunchFuncOp launch : launches) {
    gpu::KernelDim3 dims = launch.getBlockSizeOperandValues();
    std::optional<int64_t> x = getConstantIntValue(dims.x),
                           y = getConstantIntValue(dims.y),
                           z = getConstantIntValue(dims.z);
    if (!x || !y || !z) {
      // known_block_size is a promise about every launch; a shape taken
      // from another launch is not.
      if (func.getKnownBlockSize())
        continue;
      why = "the block size is not known: no known_block_size attribute and "
            "a launch with a non-constant block size";
      return failure();
    }
    BlockShape site{*x, *y, *z};
    if (shape && *shape != site) {
      why = "launch sites disagree on the block size";
      return failure();
    }
    shape = site;
  }
  if (!shape) {
    why = "the block size is not known: no known_block_size attribute and no "
          "launch in the module";
    return failure();
  }
  return *shape;
}

/// What a kernel contains that decides how (and whether) it is aggregated.
struct KernelTraits {
  unsigned barriers = 0;
  bool workgroupMemory = false;
  /// An op whose meaning depends on how threads are grouped into warps and
  /// that coarsening cannot keep.
  Operation *warpDependent = nullptr;
  /// An op that names the thread's warp or lane, or reduces over the warp:
  /// coarsening keeps its meaning (original warp v is virtual thread v of
  /// every lane), resizing where the block is whole warps.
  Operation *warpLevel = nullptr;
  /// An op that makes the kernel unsafe to aggregate at all.
  Operation *forbidden = nullptr;
  bool alreadyAggregated = false;
  /// A reduction over the whole block (gpu.all_reduce).
  bool blockReduction = false;
};

static KernelTraits getTraits(gpu::GPUFuncOp func) {
  KernelTraits traits;
  traits.workgroupMemory = !func.getWorkgroupAttributions().empty();
  func.walk([&](Operation *op) {
    if (isa<gpu::BarrierOp>(op))
      ++traits.barriers;
    if (isa<WarpJobOp, JobLoopOp>(op))
      traits.alreadyAggregated = true;
    if (isa<gpu::AllReduceOp>(op))
      traits.blockReduction = true;
    for (Value result : op->getResults())
      traits.workgroupMemory |= isWorkgroupMemRef(result.getType());
    if (!traits.warpLevel &&
        isa<gpu::LaneIdOp, gpu::SubgroupIdOp, gpu::NumSubgroupsOp,
            gpu::SubgroupSizeOp, gpu::SubgroupReduceOp, gpu::ShuffleOp>(op))
      traits.warpLevel = op;
    if (!traits.warpDependent &&
        isa<gpu::RotateOp, gpu::SubgroupBroadcastOp,
            gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
            gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
            gpu::SubgroupMmaElementwiseOp>(op))
      traits.warpDependent = op;
    // An op of an unregistered dialect may synchronise, touch memory or read
    // the lane id: nothing about it can be proven.
    if (!traits.forbidden &&
        (!op->isRegistered() ||
         isa_and_present<NVVM::NVVMDialect, WCDialect>(op->getDialect()) ||
         isa<gpu::ClusterIdOp, gpu::ClusterDimOp, gpu::ClusterBlockIdOp,
             gpu::ClusterDimBlocksOp, CallOpInterface>(op)) &&
        !isa<WarpJobOp, JobLoopOp, VThreadsOp, YieldOp>(op))
      traits.forbidden = op;
  });
  return traits;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct WarpAggregatePass
    : public wc::impl::WarpAggregateBase<WarpAggregatePass> {
  using Base::Base;

  void runOnOperation() override;
};
} // namespace

/// Rewrites the launch configuration of `launch`: blocks of one warp and a
/// grid whose x dimension is multiplied by `scaleX`.
static void updateLaunch(gpu::LaunchFuncOp launch, int64_t scaleX) {
  castLaunchSizesToIndex(launch);
  OpBuilder b(launch);
  Location loc = launch.getLoc();
  Value warp = createIndexConstant(b, loc, kWarpSize);
  Value one = createIndexConstant(b, loc, 1);
  launch.getBlockSizeXMutable().assign(warp);
  launch.getBlockSizeYMutable().assign(one);
  launch.getBlockSizeZMutable().assign(one);
  if (scaleX != 1) {
    Value grid = arith::MulIOp::create(b, loc, launch.getGridSizeX(),
                                       createIndexConstant(b, loc, scaleX));
    launch.getGridSizeXMutable().assign(grid);
  }
}

bool wc::aggregateKernel(gpu::GPUFuncOp func,
                         ArrayRef<gpu::LaunchFuncOp> launches,
                         const TargetDescription &target) {
  auto refuse = [&](const Twine &why) {
    emitRemark(func.getLoc(), "wc-aggregate: kernel left unchanged: ") << why;
    return false;
  };
  std::string why;
  FailureOr<BlockShape> shape = getBlockShape(func, launches, why);
  if (mlir::failed(shape))
    return refuse(why);
  KernelTraits traits = getTraits(func);
  if (traits.alreadyAggregated)
    return refuse("it is already a warp job");
  if (traits.forbidden)
    return refuse("it uses '" + traits.forbidden->getName().getStringRef() +
                  (traits.forbidden->isRegistered()
                       ? "', whose meaning aggregation would change"
                       : "', an op of an unregistered dialect whose meaning "
                         "is unknown"));
  for (gpu::LaunchFuncOp launch : launches)
    if (launch.getDynamicSharedMemorySize() &&
        !isConstantIntValue(launch.getDynamicSharedMemorySize(), 0))
      return refuse("a launch uses dynamic shared memory");
  int64_t threads = getNumThreads(*shape);
  int64_t warps = llvm::divideCeil(threads, kWarpSize);
  // A block reduction needs the block's threads in one job: each virtual
  // thread's value, combined per lane and then across the warp.
  bool needsCoarsening =
      traits.barriers > 0 || traits.workgroupMemory || traits.blockReduction;

  if (!needsCoarsening) {
    if (warps == 1)
      return refuse("each block is already a single warp and it has no "
                    "barrier");
    // Resizing keeps every warp's threads together (original warp w of a
    // block becomes a block of its own), so warp-level ops keep their
    // meaning; only a partial last warp would gain masked lanes.
    Operation *grouped =
        traits.warpDependent ? traits.warpDependent : traits.warpLevel;
    if (grouped && threads % kWarpSize != 0)
      return refuse("it uses '" + grouped->getName().getStringRef() +
                    "' and its block size is not a multiple of 32");
    if (mlir::failed(resizeKernel(func, *shape, warps, why)))
      return refuse(why);
    for (gpu::LaunchFuncOp launch : launches)
      updateLaunch(launch, warps);
    InFlightDiagnostic remark =
        emitRemark(func.getLoc(), "wc-aggregate: resized ");
    remark << threads << "-thread blocks into " << warps
           << " one-warp blocks each (grid x scaled by " << warps << ")";
    if (launches.empty())
      remark << "; no launch in this module: a launch elsewhere must use "
                "32-thread blocks and a grid x scaled by "
             << warps;
    return true;
  }

  if (traits.warpDependent)
    return refuse("it uses '" + traits.warpDependent->getName().getStringRef() +
                  "', whose meaning depends on which threads share a warp");
  // A private attribution is one buffer per thread; in a warp job every
  // virtual thread of a lane would share the lane's one copy across phases.
  if (llvm::any_of(func.getPrivateAttributions(),
                   [](BlockArgument buffer) { return !buffer.use_empty(); }))
    return refuse("it uses a private attribution, which the virtual threads "
                  "of a lane would share");
  if (!func.getBody().hasOneBlock())
    return refuse("its body has several blocks (unstructured control flow)");
  UniformityAnalysis uniformity(func);
  // Barriers and the collectives every thread of a block (a block
  // reduction) or of a warp (a warp reduction, which each lane runs for
  // all its virtual threads) must reach.
  Operation *divergent = nullptr;
  func.walk([&](Operation *op) {
    if (!isa<gpu::BarrierOp>(op) && !isThreadCollective(op))
      return WalkResult::advance();
    Operation *control = uniformity.getVaryingControl(op);
    if (!control)
      return WalkResult::advance();
    divergent = op;
    emitRemark(op->getLoc(), "wc-aggregate: this ")
        << (isa<gpu::BarrierOp>(op) ? "barrier"
                                    : "'" + op->getName().getStringRef() + "'")
        << " is under the thread-dependent control flow of '"
        << control->getName() << "'";
    return WalkResult::interrupt();
  });
  if (divergent)
    return refuse(isa<gpu::BarrierOp>(divergent)
                      ? Twine("a barrier is under thread-dependent control "
                              "flow")
                      : "a '" + divergent->getName().getStringRef() +
                            "' is under thread-dependent control flow");

  // Barriers that order no conflicting memory accesses vanish; the others
  // become warp syncs, which order the lanes' memory accesses.
  DenseSet<Operation *> removable = findRemovableBarriers(func);
  // Replicated values compete with the rest of the kernel for registers:
  // allow them half of the per-thread budget.
  FailureOr<CoarseningStats> stats =
      coarsenKernel(func, *shape, removable, uniformity,
                    target.maxRegistersPerThread / 2, why);
  if (mlir::failed(stats))
    return refuse(why);
  for (gpu::LaunchFuncOp launch : launches)
    updateLaunch(launch, 1);
  InFlightDiagnostic remark =
      emitRemark(func.getLoc(), "wc-aggregate: coarsened: one "
                                "warp per ")
      << threads << "-thread block, " << warps << " virtual thread"
      << (warps == 1 ? "" : "s") << " per lane, " << stats->phases << " phase"
      << (stats->phases == 1 ? "" : "s") << ", ";
  auto barriers = [&](unsigned n) -> std::string {
    return std::to_string(n) + (n == 1 ? " barrier" : " barriers");
  };
  auto becameSyncs = [&](unsigned n) -> std::string {
    return barriers(n) +
           (n == 1 ? " became a warp sync" : " became warp syncs");
  };
  if (stats->removedBarriers == 0 && stats->warpSyncs == 0)
    remark << "no barrier";
  else if (stats->removedBarriers == 0)
    remark << becameSyncs(stats->warpSyncs);
  else if (stats->warpSyncs == 0)
    remark << barriers(stats->removedBarriers) << " removed";
  else
    remark << becameSyncs(stats->warpSyncs) << ", " << stats->removedBarriers
           << " removed";
  if (stats->reductions != 0)
    remark << ", " << stats->reductions << " block or warp reduction"
           << (stats->reductions == 1 ? "" : "s")
           << " made warp reductions of the job";
  if (launches.empty())
    remark << "; no launch in this module: a launch elsewhere must use "
              "32-thread blocks";
  return true;
}

void WarpAggregatePass::runOnOperation() {
  ModuleOp module = getOperation();
  // Producer IR is normalised first (inline gpu.launch kernels outlined,
  // in-kernel workgroup buffers made attributions).
  if (failed(prepareModule(
          module, "wc-aggregate", chip,
          [&](OpPassManager &pipeline, Operation *op) {
            return runPipeline(pipeline, op);
          },
          reassociateFloats)))
    return signalPassFailure();
  ModuleTargets targets("wc-aggregate", chip);
  for (KernelSites &kernel : collectKernels(module))
    if (const TargetDescription *target = targets.lookupFor(kernel.func))
      aggregateKernel(kernel.func, kernel.launches, *target);
  if (targets.hadError())
    signalPassFailure();
}
