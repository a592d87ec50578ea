//===- WCControlFlow.cpp - Region branches of the wc structure ops --------===//
//
// How control enters and leaves the regions of `wc.warp_job`,
// `wc.vthreads` and `wc.job_loop` (RegionBranchOpInterface), so that
// generic analyses (MLIR's dataflow framework, liveness of values across
// regions) see inside them:
//
//  - a warp job runs its body once;
//  - a phase runs its body once per virtual thread of the lane (none for a
//    lane beyond a block of fewer than 32 threads);
//  - a job loop runs its body for zero or more jobs.
//
// No value is forwarded along these edges: the bodies' block arguments
// (virtual thread and thread ids, job ids) are computed by the op, not
// passed from its operands, and a phase's vector results gather what its
// virtual threads yielded rather than forwarding the yielded scalars.
//
//===----------------------------------------------------------------------===//

#include "WC/Dialect/WC/IR/WC.h"

using namespace mlir;
using namespace mlir::wc;

/// The exit edge from a region of `op` to `op`, forwarding nothing.
static RegionSuccessor getExit(Operation *op) {
  return RegionSuccessor(op, op->getResults().take_front(0));
}

void WarpJobOp::getSuccessorRegions(RegionBranchPoint point,
                                    SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent())
    regions.push_back(RegionSuccessor(&getBody()));
  else
    regions.push_back(getExit(*this));
}

void VThreadsOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  // A lane whose threads all lie beyond a block of fewer than 32 threads
  // runs no virtual thread.
  regions.push_back(RegionSuccessor(&getBody()));
  regions.push_back(getExit(*this));
}

void JobLoopOp::getSuccessorRegions(RegionBranchPoint point,
                                    SmallVectorImpl<RegionSuccessor> &regions) {
  regions.push_back(RegionSuccessor(&getBody()));
  regions.push_back(getExit(*this));
}

MutableOperandRange YieldOp::getMutableSuccessorOperands(RegionSuccessor) {
  return MutableOperandRange(getOperation(), /*start=*/0, /*length=*/0);
}
