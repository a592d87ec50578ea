//===- RemovableBarriers.cpp - Barriers that order no conflicting accesses ===//
//
// Which barriers of a kernel upstream's barrier elimination would erase,
// found without changing the kernel: wc-aggregate lets those vanish
// instead of becoming warp syncs.
//
//===----------------------------------------------------------------------===//

#include "WC/Transforms/Aggregation.h"

#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::wc;

namespace {
/// A rewriter for upstream's barrier-elimination pattern that detaches the
/// barrier the pattern erases instead of erasing it, so that the kernel can
/// be restored after the analysis.
class DetachingRewriter : public PatternRewriter {
public:
  using PatternRewriter::PatternRewriter;

  void eraseOp(Operation *op) override {
    detached.push_back({op, op->getBlock(), op->getNextNode()});
    op->remove();
  }

  /// Puts every detached op back where it was, last detached first.
  void restore() {
    for (const Detached &entry : llvm::reverse(detached)) {
      if (entry.next)
        entry.block->getOperations().insert(Block::iterator(entry.next),
                                            entry.op);
      else
        entry.block->push_back(entry.op);
    }
  }

  struct Detached {
    Operation *op;
    Block *block;
    Operation *next;
  };
  SmallVector<Detached> detached;
};
} // namespace

DenseSet<Operation *> wc::findRemovableBarriers(gpu::GPUFuncOp func) {
  MLIRContext *ctx = func.getContext();
  SmallVector<gpu::BarrierOp> barriers;
  func.walk([&](gpu::BarrierOp barrier) { barriers.push_back(barrier); });
  // Upstream's pattern erases a barrier that orders no conflicting memory
  // effects. Each barrier is tried in program order with the ones found
  // removable so far detached (the pattern sees the kernel as it would be
  // after erasing them), and all are put back afterwards.
  RewritePatternSet patterns(ctx);
  populateGpuEliminateBarriersPatterns(patterns);
  DetachingRewriter rewriter(ctx);
  for (gpu::BarrierOp barrier : barriers) {
    rewriter.setInsertionPoint(barrier);
    for (const std::unique_ptr<RewritePattern> &pattern :
         patterns.getNativePatterns()) {
      if (pattern->getRootKind() &&
          *pattern->getRootKind() != barrier->getName())
        continue;
      if (succeeded(pattern->matchAndRewrite(barrier, rewriter)))
        break;
    }
  }
  DenseSet<Operation *> removable;
  for (const DetachingRewriter::Detached &entry : rewriter.detached)
    removable.insert(entry.op);
  rewriter.restore();
  return removable;
}
