//===- RemapKernel.cpp - The wc-remap pass
//---------------------------------===//
//
// The `wc-remap` pass and `remapKernel`: for each warp job of a kernel, the
// plans of its workgroup buffers (RemapPlan.cpp), with a remark per buffer
// that stays in shared memory; the rewrite of the planned ones
// (RegisterRemap.cpp); the padding of those that stay (BankPadding.cpp).
//
//===----------------------------------------------------------------------===//

#include "JobCleanup.h"
#include "RemapPlan.h"

#include "WC/Target/ModuleTarget.h"
#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_REGISTERREMAP
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::remap;

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct RegisterRemapPass
    : public wc::impl::RegisterRemapBase<RegisterRemapPass> {
  using RegisterRemapBase::RegisterRemapBase;
  void runOnOperation() override;
};
} // namespace

namespace {
/// A buffer that stays in shared memory.
struct Refusal {
  std::string buffer, why;
  Location at;
};
} // namespace

/// The name of `buffer` of `func` in remarks.
static std::string describe(gpu::GPUFuncOp func, Value buffer) {
  int index = -1;
  if (auto arg = dyn_cast<BlockArgument>(buffer))
    index = arg.getArgNumber() - func.getFirstWorkgroupAttributionIndex();
  return describeBuffer(buffer, index);
}

static void emitRefusals(gpu::GPUFuncOp func, ArrayRef<Refusal> refusals) {
  for (const Refusal &refusal : refusals) {
    InFlightDiagnostic remark = emitRemark(func.getLoc(), "wc-remap: ")
                                << refusal.buffer
                                << " stays in shared memory: " << refusal.why;
    if (refusal.at != func.getLoc())
      remark.attachNote(refusal.at) << "here";
  }
}

/// The register remapping of remapKernel, without the padding.
static void remapBuffers(gpu::GPUFuncOp func, const TargetDescription &target) {
  if (func.walk([](WarpJobOp) { return WalkResult::interrupt(); })
          .wasInterrupted() == false)
    return;

  // Where loops decide which elements the accesses touch, they are
  // unrolled before planning, but only when that may let a buffer become a
  // lane array: a kernel whose buffers all stay in shared memory is left as
  // it is.
  SmallVector<Refusal> refusals;
  bool unrolled = false;
  UnrollDecision decision = decideUnrollForRemap(
      func, [&](Value buffer, StringRef why, Operation *culprit) {
        refusals.push_back({describe(func, buffer), why.str(),
                            culprit ? culprit->getLoc() : func.getLoc()});
      });
  if (decision == UnrollDecision::refused) {
    emitRefusals(func, refusals);
    return;
  }
  if (decision == UnrollDecision::promising) {
    refusals.clear();
    unrollForRemap(func);
    unrolled = true;
  }

  SmallVector<std::pair<BufferPlan, WarpJobOp>> plans;
  int64_t registerBudget = target.maxRegistersPerThread / 4;
  int64_t registersUsed = 0;
  forEachPlannedBuffer(func, [&](WarpJobOp job,
                                 const SharedBufferAccesses &buffer) {
    std::string why;
    Operation *culprit = nullptr;
    FailureOr<BufferPlan> plan = planBuffer(job, buffer, why, culprit);
    if (succeeded(plan))
      if (Operation *blocker = findUnsupportedControl(job, *plan)) {
        why = ("it is accessed inside '" + blocker->getName().getStringRef() +
               "', which the rewrite cannot carry a lane array through")
                  .str();
        culprit = blocker;
        plan = failure();
      }
    if (succeeded(plan)) {
      int64_t bits = plan->elementType.isIndex()
                         ? 64
                         : plan->elementType.getIntOrFloatBitWidth();
      int64_t registers =
          plan->arrayType.getSlotsPerLane() * llvm::divideCeil(bits, 32);
      if (registersUsed + registers > registerBudget) {
        why = "its lane array needs " + std::to_string(registers) +
              " registers per lane, over the budget of " +
              std::to_string(registerBudget - registersUsed) + " left";
        plan = failure();
      } else {
        registersUsed += registers;
      }
    }
    if (failed(plan)) {
      refusals.push_back({describe(func, buffer.buffer), why,
                          culprit ? culprit->getLoc() : func.getLoc()});
      return;
    }
    plans.push_back({std::move(*plan), job});
  });

  emitRefusals(func, refusals);
  if (plans.empty()) {
    if (unrolled)
      emitRemark(func.getLoc(),
                 "wc-remap: the loops that decide buffer indices were "
                 "unrolled, but no buffer became a lane array");
    return;
  }

  SmallVector<unsigned> erasedAttributions;
  for (auto &[plan, job] : plans) {
    auto [reads, shuffles] = applyBufferPlan(job, plan);
    emitRemark(func.getLoc(), "wc-remap: ")
        << describeBuffer(plan.buffer, plan.bufferIndex) << " became "
        << plan.arrayType << " (" << plan.arrayType.getSlotsPerLane()
        << (plan.arrayType.getSlotsPerLane() == 1 ? " slot" : " slots")
        << " per lane"
        << (plan.shift ? ", layout shifted by " + std::to_string(plan.shift)
                       : std::string())
        << "): " << reads << " register reads, " << shuffles
        << " shuffles per job";
    if (plan.bufferIndex >= 0)
      erasedAttributions.push_back(plan.bufferIndex);
    else
      plan.buffer.getDefiningOp()->erase();
  }
  // Warp syncs that only ordered accesses to the remapped buffers go.
  DenseSet<Operation *> jobs;
  for (auto &[plan, job] : plans)
    jobs.insert(job);
  unsigned erasedSyncs = 0;
  for (Operation *job : jobs)
    erasedSyncs += eraseRedundantWarpSyncs(cast<WarpJobOp>(job));
  if (erasedSyncs)
    emitRemark(func.getLoc(), "wc-remap: ")
        << erasedSyncs << " warp sync" << (erasedSyncs == 1 ? "" : "s")
        << " removed (no memory access left to order)";
  llvm::sort(erasedAttributions, std::greater<unsigned>());
  for (unsigned index : erasedAttributions)
    eraseWorkgroupAttribution(func, index);
}

void wc::remapKernel(gpu::GPUFuncOp func, const TargetDescription &target,
                     bool padBanks) {
  remapBuffers(func, target);
  if (padBanks)
    padSharedBuffers(func, target);
}

void RegisterRemapPass::runOnOperation() {
  if (failed(checkChipOption(getOperation(), "wc-remap", chip)))
    return signalPassFailure();
  ModuleTargets targets("wc-remap", chip);
  for (KernelSites &kernel : collectKernels(getOperation()))
    if (const TargetDescription *target = targets.lookupFor(kernel.func))
      remapKernel(kernel.func, *target, padBanks);
  if (targets.hadError())
    signalPassFailure();
}
