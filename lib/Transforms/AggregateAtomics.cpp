//===- AggregateAtomics.cpp - One atomic per warp and address -------------===//
//
// The `wc-aggregate-atomics` pass: a `memref.atomic_rmw` that adds to memory
// in device code becomes `wc.aggregated_atomic_add`, which has the meaning
// of the warp's active lanes adding in lane order (one of the orders the
// original lanes could take) and is lowered to one atomic per group of
// lanes that target the same address: a counter that every thread of a
// warp bumps costs one atomic instead of 32, and a histogram of few bins
// one per bin the warp touches.
//
//   %old = memref.atomic_rmw addi %v, %m[%i]    %old = wc.aggregated_atomic_add
//                                                        %v, %m[%i]
//
// Integer additions are exact whatever the grouping; a float addition is
// reassociated (the group's values are summed before they reach memory),
// so it is aggregated only with `reassociate-floats`. Other kinds are left
// alone with a remark.
//
//===----------------------------------------------------------------------===//

#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_AGGREGATEATOMICS
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

namespace {
struct AggregateAtomicsPass
    : public wc::impl::AggregateAtomicsBase<AggregateAtomicsPass> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

/// Why `op` is not aggregated, or an empty string when it is.
static std::string whyNotAggregated(memref::AtomicRMWOp op,
                                    bool reassociateFloats) {
  Type type = op.getValue().getType();
  switch (op.getKind()) {
  case arith::AtomicRMWKind::addi:
    if (type.isInteger(32) || type.isInteger(64))
      return "";
    return "only 32- and 64-bit integer additions are aggregated";
  case arith::AtomicRMWKind::addf:
    if (!type.isF32())
      return "only 32-bit float additions are aggregated";
    if (!reassociateFloats)
      return "a float addition would be reassociated (the group's values "
             "summed before they reach memory); allow it with "
             "reassociate-floats";
    return "";
  default:
    return "'" + stringifyAtomicRMWKind(op.getKind()).str() +
           "' is not aggregated, only additions are";
  }
}

void AggregateAtomicsPass::runOnOperation() {
  // Each atomic of device code, with its kernel (a gpu.func or the body of
  // a gpu.launch).
  SmallVector<std::pair<memref::AtomicRMWOp, Operation *>> atomics;
  getOperation().walk([&](memref::AtomicRMWOp op) {
    Operation *kernel = op->getParentOfType<gpu::GPUFuncOp>();
    if (!kernel)
      kernel = op->getParentOfType<gpu::LaunchOp>();
    if (kernel)
      atomics.push_back({op, kernel});
  });
  llvm::MapVector<Operation *, unsigned> aggregated;
  IRRewriter rewriter(&getContext());
  for (auto [op, kernel] : atomics) {
    std::string why = whyNotAggregated(op, reassociateFloats);
    if (!why.empty()) {
      emitRemark(op.getLoc(), "wc-aggregate-atomics: left unchanged: ") << why;
      continue;
    }
    ++aggregated[kernel];
    rewriter.setInsertionPoint(op);
    rewriter.replaceOpWithNewOp<AggregatedAtomicAddOp>(
        op, op.getValue(), op.getMemref(), op.getIndices(), Value());
  }
  for (auto [kernel, count] : aggregated)
    emitRemark(kernel->getLoc(), "wc-aggregate-atomics: ")
        << count << " atomic addition" << (count == 1 ? "" : "s")
        << " aggregated per warp and address";
}
