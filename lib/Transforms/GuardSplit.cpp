//===- GuardSplit.cpp - Moving an op out of the conditions around it ------===//

#include "GuardSplit.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>

using namespace mlir;
using namespace mlir::wc;

/// The results of the ops of `then` before `at` that are used from `at` on
/// (in `at` itself, after it, or nested in either).
static SmallVector<Value> getEscapingValues(Block &then, Operation *at) {
  SmallVector<Value> escaping;
  for (Operation &op : then) {
    if (&op == at)
      break;
    for (Value result : op.getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            Operation *ancestor = then.findAncestorOpInBlock(*user);
            return ancestor && !ancestor->isBeforeInBlock(at);
          }))
        escaping.push_back(result);
  }
  return escaping;
}

IRMapping wc::splitOffPrelude(RewriterBase &rewriter, scf::IfOp guard,
                              Operation *at) {
  Block &then = guard.getThenRegion().front();
  SmallVector<Operation *> prelude;
  for (Operation &op : then) {
    if (&op == at)
      break;
    prelude.push_back(&op);
  }
  if (prelude.empty())
    return IRMapping();
  // Constants, and arithmetic on values the same in every thread of the
  // block, used later are copied before the guard instead: they stay
  // visibly block-wide (a carried one is zero where the condition is
  // false).
  auto func = guard->getParentOfType<gpu::GPUFuncOp>();
  auto isCopied = [&](Value value) {
    return matchPattern(value, m_Constant()) ||
           (func && isBlockUniform(value, func));
  };
  SmallVector<Value> escaping = getEscapingValues(then, at);
  Location loc = guard.getLoc();
  rewriter.setInsertionPoint(guard);
  SmallVector<Type> types;
  for (Value value : escaping)
    if (!isCopied(value))
      types.push_back(value.getType());
  auto prologue = scf::IfOp::create(rewriter, loc, types, guard.getCondition(),
                                    /*withElseRegion=*/true);
  Block *prologueThen = &prologue.getThenRegion().front();
  Block *prologueElse = &prologue.getElseRegion().front();
  // Without results the builder has put the yields in already.
  for (Block *block : {prologueThen, prologueElse})
    if (!block->empty())
      rewriter.eraseOp(&block->back());
  for (Operation *op : prelude)
    rewriter.moveOpBefore(op, prologueThen, prologueThen->end());
  SmallVector<Value> thenYield, elseYield;
  rewriter.setInsertionPointToEnd(prologueElse);
  for (Value value : escaping)
    if (!isCopied(value)) {
      thenYield.push_back(value);
      elseYield.push_back(arith::ConstantOp::create(
          rewriter, loc, rewriter.getZeroAttr(value.getType())));
    }
  scf::YieldOp::create(rewriter, loc, elseYield);
  rewriter.setInsertionPointToEnd(prologueThen);
  scf::YieldOp::create(rewriter, loc, thenYield);
  // Replace the later uses.
  IRMapping replacements, copies;
  // The copy of `value` before the prologue, with those of the ops it
  // depends on in the prelude.
  std::function<Value(Value)> copy = [&](Value value) -> Value {
    Operation *def = value.getDefiningOp();
    if (!def || !prologue->isAncestor(def))
      return value;
    if (Value copied = copies.lookupOrNull(value))
      return copied;
    for (Value operand : def->getOperands())
      copy(operand);
    rewriter.setInsertionPoint(prologue);
    Operation *clone = rewriter.clone(*def, copies);
    for (auto [result, cloned] :
         llvm::zip(def->getResults(), clone->getResults()))
      copies.map(result, cloned);
    return copies.lookup(value);
  };
  unsigned next = 0;
  for (Value value : escaping) {
    Value replacement;
    if (isCopied(value)) {
      replacement = copy(value);
    } else {
      replacement = prologue.getResult(next++);
    }
    rewriter.replaceUsesWithIf(value, replacement, [&](OpOperand &use) {
      return !prologue->isAncestor(use.getOwner());
    });
    replacements.map(value, replacement);
  }
  return replacements;
}

std::string wc::whyNotHoistable(Operation *op, Block *block) {
  for (Operation *at = op; at->getBlock() != block; at = at->getParentOp()) {
    auto guard = dyn_cast_or_null<scf::IfOp>(at->getParentOp());
    if (!guard)
      return "it is nested in '" +
             at->getParentOp()->getName().getStringRef().str() +
             "', not only in conditions";
    if (guard.getNumResults() != 0)
      return "a condition around it has results";
    if (at->getParentRegion() != &guard.getThenRegion())
      return "it is in the else branch of a condition";
    for (Value value : getEscapingValues(*at->getBlock(), at))
      if (!value.getType().isIntOrIndexOrFloat() &&
          !matchPattern(value, m_Constant())) {
        std::string why;
        llvm::raw_string_ostream os(why);
        os << "a value of type " << value.getType()
           << " computed under its conditions is used after it";
        return why;
      }
  }
  return "";
}

Value wc::hoistOutOfGuards(RewriterBase &rewriter, Operation *op,
                           Block *block) {
  // The conditions of the guards, innermost first, kept up to date as
  // later splits carry them out of the guards around them. (Each is used by
  // its guard, after `op`, so every split carries it.)
  SmallVector<Value> conditions;
  while (op->getBlock() != block) {
    auto guard = cast<scf::IfOp>(op->getParentOp());
    IRMapping replacements = splitOffPrelude(rewriter, guard, op);
    for (Value &condition : conditions)
      condition = replacements.lookupOrDefault(condition);
    conditions.push_back(guard.getCondition());
    rewriter.moveOpBefore(op, guard);
  }
  // The conjunction, built where `op` now stands.
  rewriter.setInsertionPoint(op);
  Value active;
  for (Value condition : llvm::reverse(conditions))
    active = active ? arith::AndIOp::create(rewriter, op->getLoc(), active,
                                            condition)
                          .getResult()
                    : condition;
  return active;
}

/// isBlockUniform, or isGridUniform when `grid`.
static bool isUniformByData(Value value, gpu::GPUFuncOp func, bool grid) {
  // The kernel's arguments and workgroup buffers (of the block); a private
  // buffer is the thread's own.
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner() == &func.getBody().front() &&
           arg.getArgNumber() <
               (grid ? func.getFunctionType().getNumInputs()
                     : func.getFirstWorkgroupAttributionIndex() +
                           func.getNumWorkgroupAttributions());
  Operation *def = value.getDefiningOp();
  if (isa<gpu::GridDimOp, gpu::BlockDimOp>(def))
    return true;
  if (isa<gpu::BlockIdOp>(def))
    return !grid;
  // Pure arithmetic only: a pure op of another dialect may read the thread
  // (gpu.thread_id, gpu.lane_id, NVVM's special registers).
  if (!isa<arith::ArithDialect, index::IndexDialect, affine::AffineDialect>(
          def->getDialect()) ||
      def->getNumRegions() != 0 || !isPure(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isUniformByData(operand, func, grid);
  });
}

bool wc::isBlockUniform(Value value, gpu::GPUFuncOp func) {
  return isUniformByData(value, func, /*grid=*/false);
}

bool wc::isGridUniform(Value value, gpu::GPUFuncOp func) {
  return isUniformByData(value, func, /*grid=*/true);
}
