//===- Uniformity.cpp - Which values are the same in all threads ----------===//
//
// A forward fixed-point over the SSA values of a kernel. Sources of
// variance are thread-dependent ids and memory reads (another thread may
// have written in between); variance flows through operands, into the
// results and region arguments of structured control flow, and from a
// varying control decision into everything its regions yield.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::wc;

/// Returns true if the results of `op` may differ between threads even when
/// its operands do not.
static bool isVarianceSource(Operation *op) {
  if (isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp, gpu::GlobalIdOp,
          gpu::ShuffleOp, gpu::RotateOp>(op))
    return true;
  if (isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp, gpu::NumSubgroupsOp,
          gpu::SubgroupSizeOp, gpu::AllReduceOp>(op))
    return false;
  // Reads of memory: another thread may write between two threads' reads.
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return op->getNumRegions() == 0 && !op->hasTrait<OpTrait::ConstantLike>();
  return effects.hasEffect<MemoryEffects::Read>() ||
         effects.hasEffect<MemoryEffects::Allocate>();
}

UniformityAnalysis::UniformityAnalysis(Operation *root) : root(root) {
  bool changed = true;
  while (changed) {
    changed = false;
    root->walk([&](Operation *op) {
      if (op != root)
        changed |= visit(op);
    });
  }
}

bool UniformityAnalysis::visit(Operation *op) {
  bool changed = false;
  auto markAll = [&](ValueRange values) {
    for (Value v : values)
      changed |= markVarying(v);
  };
  auto anyVarying = [&](ValueRange values) {
    return llvm::any_of(values, [&](Value v) { return isVarying(v); });
  };
  // Values computed under varying control take different paths per thread.
  if (getVaryingControl(op)) {
    markAll(op->getResults());
    return changed;
  }

  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    bool control = isVarying(forOp.getLowerBound()) ||
                   isVarying(forOp.getUpperBound()) ||
                   isVarying(forOp.getStep());
    if (control) {
      changed |= varyingControl.insert(op).second;
      markAll(forOp.getResults());
      markAll(forOp.getRegionIterArgs());
      changed |= markVarying(forOp.getInductionVar());
      return changed;
    }
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    for (auto [i, init] : llvm::enumerate(forOp.getInitArgs())) {
      if (isVarying(init) || isVarying(yield.getOperand(i))) {
        changed |= markVarying(forOp.getRegionIterArgs()[i]);
        changed |= markVarying(forOp.getResult(i));
      }
    }
    return changed;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    if (isVarying(ifOp.getCondition())) {
      changed |= varyingControl.insert(op).second;
      markAll(ifOp.getResults());
      return changed;
    }
    for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
      if (region->empty())
        continue;
      auto yield = cast<scf::YieldOp>(region->front().getTerminator());
      for (auto [i, v] : llvm::enumerate(yield.getOperands()))
        if (isVarying(v))
          changed |= markVarying(ifOp.getResult(i));
    }
    return changed;
  }
  if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
    auto condition = whileOp.getConditionOp();
    if (isVarying(condition.getCondition())) {
      changed |= varyingControl.insert(op).second;
      markAll(whileOp.getResults());
      markAll(whileOp.getBeforeArguments());
      markAll(whileOp.getAfterArguments());
      return changed;
    }
    auto yield = whileOp.getYieldOp();
    for (auto [i, init] : llvm::enumerate(whileOp.getInits()))
      if (isVarying(init) || isVarying(yield.getOperand(i)))
        changed |= markVarying(whileOp.getBeforeArguments()[i]);
    for (auto [i, v] : llvm::enumerate(condition.getArgs()))
      if (isVarying(v)) {
        changed |= markVarying(whileOp.getAfterArguments()[i]);
        changed |= markVarying(whileOp.getResult(i));
      }
    return changed;
  }
  if (isVarianceSource(op) || anyVarying(op->getOperands()))
    markAll(op->getResults());
  return changed;
}

Operation *UniformityAnalysis::getVaryingControl(Operation *op) const {
  for (Operation *parent = op->getParentOp(); parent && parent != root;
       parent = parent->getParentOp())
    if (varyingControl.contains(parent))
      return parent;
  return nullptr;
}
