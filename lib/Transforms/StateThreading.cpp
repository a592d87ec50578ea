//===- StateThreading.cpp - Thread a value through structured control flow ===//

#include "WC/Transforms/StateThreading.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::wc;

/// Whether `op` is an access or contains one; `write` restricts the
/// question to writes.
static bool containsAccess(Operation *op, const StateAccesses &accesses,
                           bool write) {
  bool found = false;
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (accesses.isAccess(nested)) {
      if (!write || accesses.isWrite(nested)) {
        found = true;
        return WalkResult::interrupt();
      }
      return WalkResult::skip();
    }
    return WalkResult::advance();
  });
  return found;
}

bool wc::canThreadState(Block &block, const StateAccesses &accesses,
                        Operation *&blocker) {
  for (Operation &op : block) {
    if (accesses.isAccess(&op) || op.getNumRegions() == 0 ||
        !containsAccess(&op, accesses, /*write=*/false))
      continue;
    if (!isa<scf::IfOp, scf::ForOp>(op)) {
      blocker = &op;
      return false;
    }
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        if (!canThreadState(nested, accesses, blocker))
          return false;
  }
  return true;
}

/// Appends `values` to the operands of the terminator of `block`.
static void appendYield(Block &block, ValueRange values) {
  Operation *yield = block.getTerminator();
  yield->insertOperands(yield->getNumOperands(), values);
}

SmallVector<Value> wc::threadState(RewriterBase &rewriter, Block &block,
                                   ValueRange initial,
                                   const StateAccesses &accesses) {
  SmallVector<Value> state(initial);
  unsigned n = state.size();
  for (Operation &op : llvm::make_early_inc_range(block.without_terminator())) {
    if (accesses.isAccess(&op)) {
      accesses.visit(&op, state);
      continue;
    }
    if (op.getNumRegions() == 0 ||
        !containsAccess(&op, accesses, /*write=*/false))
      continue;
    if (n == 0 || !containsAccess(&op, accesses, /*write=*/true)) {
      // Reads only: the values flow in unchanged.
      for (Region &region : op.getRegions())
        for (Block &nested : region)
          (void)threadState(rewriter, nested, state, accesses);
      continue;
    }
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      SmallVector<Type> types(ifOp.getResultTypes());
      for (Value value : state)
        types.push_back(value.getType());
      rewriter.setInsertionPoint(ifOp);
      auto newIf =
          scf::IfOp::create(rewriter, ifOp.getLoc(), types, ifOp.getCondition(),
                            /*withElseRegion=*/false);
      newIf.getThenRegion().takeBody(ifOp.getThenRegion());
      appendYield(newIf.getThenRegion().front(),
                  threadState(rewriter, newIf.getThenRegion().front(), state,
                              accesses));
      if (ifOp.getElseRegion().empty()) {
        Block *otherwise = rewriter.createBlock(&newIf.getElseRegion());
        rewriter.setInsertionPointToEnd(otherwise);
        scf::YieldOp::create(rewriter, ifOp.getLoc(), state);
      } else {
        newIf.getElseRegion().takeBody(ifOp.getElseRegion());
        appendYield(newIf.getElseRegion().front(),
                    threadState(rewriter, newIf.getElseRegion().front(), state,
                                accesses));
      }
      rewriter.replaceOp(ifOp, newIf.getResults().drop_back(n));
      ResultRange carried = newIf.getResults().take_back(n);
      state.assign(carried.begin(), carried.end());
      continue;
    }
    auto forOp = cast<scf::ForOp>(op);
    SmallVector<Value> inits(forOp.getInitArgs());
    llvm::append_range(inits, state);
    rewriter.setInsertionPoint(forOp);
    auto newFor =
        scf::ForOp::create(rewriter, forOp.getLoc(), forOp.getLowerBound(),
                           forOp.getUpperBound(), forOp.getStep(), inits,
                           /*bodyBuilder=*/nullptr, forOp.getUnsignedCmp());
    Block *body = newFor.getBody();
    if (!body->empty())
      rewriter.eraseOp(body->getTerminator());
    rewriter.mergeBlocks(forOp.getBody(), body,
                         body->getArguments().drop_back(n));
    SmallVector<Value> carried(body->getArguments().take_back(n));
    appendYield(*body, threadState(rewriter, *body, carried, accesses));
    rewriter.replaceOp(forOp, newFor.getResults().drop_back(n));
    ResultRange results = newFor.getResults().take_back(n);
    state.assign(results.begin(), results.end());
  }
  return state;
}
