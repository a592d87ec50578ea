//===- JobRegisters.cpp - Registers a warp job keeps per lane ------------===//
//
// A liveness estimate over the per-virtual-thread vectors of a warp job
// (see JobRegisters.h).
//
//===----------------------------------------------------------------------===//

#include "JobRegisters.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

#include <functional>
#include <tuple>

using namespace mlir;
using namespace mlir::wc;

int64_t wc::estimatePeakRegisters(WarpJobOp job) {
  DenseMap<Operation *, int64_t> order, subtreeEnd;
  int64_t next = 0;
  std::function<void(Operation *)> number = [&](Operation *op) {
    order[op] = next++;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          number(&nested);
    subtreeEnd[op] = next - 1;
  };
  number(job);
  auto registersOf = [](VectorType type) -> int64_t {
    Type element = type.getElementType();
    unsigned bits = element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
    return type.getNumElements() * llvm::divideCeil(bits, 32);
  };
  // (start, end, registers) of every vector value held at warp level.
  SmallVector<std::tuple<int64_t, int64_t, int64_t>> ranges;
  auto addRange = [&](Value v, Operation *definer) {
    auto type = dyn_cast<VectorType>(v.getType());
    if (!type)
      return;
    int64_t start = order[definer], end = start;
    for (Operation *user : v.getUsers()) {
      // A phase reads its inputs as a whole: the phase is the use.
      if (auto phase = user->getParentOfType<VThreadsOp>())
        user = phase;
      end = std::max(end, order[user]);
      for (Operation *loop = user->getParentOp(); loop && loop != job;
           loop = loop->getParentOp())
        if (isa<scf::ForOp, scf::WhileOp>(loop) && !loop->isAncestor(definer))
          end = std::max(end, subtreeEnd[loop]);
    }
    ranges.emplace_back(start, end, registersOf(type));
  };
  job.walk([&](Operation *op) {
    // Values inside phases are per-lane scalars, not replicated.
    if (op->getParentOfType<VThreadsOp>())
      return;
    for (Value result : op->getResults())
      addRange(result, op);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          addRange(arg, op);
  });
  // Live at a value's definition: values defined there, and earlier values
  // used after it (one whose last use is the defining phase dies as the new
  // one is made, virtual thread by virtual thread).
  int64_t peak = 0;
  for (auto &[start, end, regs] : ranges) {
    (void)end;
    (void)regs;
    int64_t live = 0;
    for (auto &[s2, e2, r2] : ranges)
      if (s2 == start || (s2 < start && start < e2))
        live += r2;
    peak = std::max(peak, live);
  }
  return peak;
}
