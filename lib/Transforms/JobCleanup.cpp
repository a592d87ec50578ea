//===- JobCleanup.cpp - Clean-ups of warp jobs after a rewrite ------------===//
//
// Clean-ups that a pass rewriting a warp job (wc-remap today) runs after
// it: phases that only pass values through are folded away, and warp syncs
// with no memory access left to order are erased.
//
//===----------------------------------------------------------------------===//

#include "JobCleanup.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::wc;

/// Forwards the results of phases that pass a vector through (yield element
/// `v` of a vector defined outside: the result is that vector, its
/// elements of virtual threads that do not run being undefined anyway), and
/// erases the phases left with no used result and no effect.
void wc::simplifyPhases(WarpJobOp job) {
  SmallVector<VThreadsOp> phases;
  job.walk([&](VThreadsOp phase) { phases.push_back(phase); });
  for (VThreadsOp phase : phases) {
    Block &body = phase.getBody().front();
    auto yield = cast<YieldOp>(body.getTerminator());
    for (auto [result, value] :
         llvm::zip(phase.getResults(), yield.getValues())) {
      auto extract = value.getDefiningOp<vector::ExtractOp>();
      if (!extract || extract.getSource().getType() != result.getType() ||
          phase->isAncestor(
              extract.getSource().getParentBlock()->getParentOp()))
        continue;
      ArrayRef<OpFoldResult> position = extract.getMixedPosition();
      if (position.size() == 1 &&
          llvm::dyn_cast_if_present<Value>(position[0]) ==
              phase.getVirtualThreadIndex())
        result.replaceAllUsesWith(extract.getSource());
    }
    if (phase->use_empty() &&
        llvm::all_of(body.without_terminator(),
                     [](Operation &op) { return isMemoryEffectFree(&op); }))
      phase->erase();
  }
}

//===----------------------------------------------------------------------===//
// Warp syncs
//===----------------------------------------------------------------------===//

/// Whether `op` may access memory: lane arrays and shuffles are registers.
static bool mayAccessMemory(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    if (isa<LaneArraySplatOp, LaneReadOp, LaneWriteOp, ShuffleOp>(nested) ||
        nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (effects && effects.hasNoEffect())
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return result.wasInterrupted();
}

/// Whether the ops from `op` on, in direction `forward`, reach another warp
/// sync (which orders the same accesses) or, in the job's own block, its
/// end without meeting an op that may access memory.
static bool reachesSyncOrEnd(WarpSyncOp sync, bool forward, WarpJobOp job) {
  for (Operation *op = forward ? sync->getNextNode() : sync->getPrevNode(); op;
       op = forward ? op->getNextNode() : op->getPrevNode()) {
    if (auto other = dyn_cast<WarpSyncOp>(op))
      if (!other.getMask())
        return true;
    if (mayAccessMemory(op))
      return false;
  }
  return sync->getBlock() == &job.getBody().front();
}

/// Erases the warp syncs of `job` that order nothing another one does not:
/// those with no memory access between them and the next (or previous)
/// sync, or the job's start or end. Returns how many.
unsigned wc::eraseRedundantWarpSyncs(WarpJobOp job) {
  SmallVector<WarpSyncOp> syncs;
  job.walk([&](WarpSyncOp sync) {
    if (!sync.getMask() && !sync->getParentOfType<VThreadsOp>())
      syncs.push_back(sync);
  });
  unsigned erased = 0;
  for (WarpSyncOp sync : syncs) {
    if (reachesSyncOrEnd(sync, /*forward=*/false, job) ||
        reachesSyncOrEnd(sync, /*forward=*/true, job)) {
      sync->erase();
      ++erased;
    }
  }
  return erased;
}
