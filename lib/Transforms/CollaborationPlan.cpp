//===- CollaborationPlan.cpp - Which loops wc-collaborate takes ----------===//
//
// The planning half of wc-collaborate: whether a per-thread loop of
// data-dependent trip count is one the warp may run collaboratively (its
// carried values reductions with an associative and commutative combiner,
// its body only reading memory and not depending on the thread that runs
// it, its place one all lanes reach once split out of a bounds check), and
// why not.
//
//===----------------------------------------------------------------------===//

#include "Collaboration.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::collaborate;

//===----------------------------------------------------------------------===//
// Planning
//===----------------------------------------------------------------------===//

/// The combining kind of `op` as a reduction of `type`, when the pass may
/// reorder it.
static std::optional<CombiningKind> combiningKindOf(Operation *op,
                                                    bool reassociateFloats) {
  return llvm::TypeSwitch<Operation *, std::optional<CombiningKind>>(op)
      .Case([](arith::AddIOp) { return CombiningKind::add; })
      .Case([](arith::AndIOp) { return CombiningKind::and_; })
      .Case([](arith::OrIOp) { return CombiningKind::or_; })
      .Case([](arith::XOrIOp) { return CombiningKind::xor_; })
      .Case([](arith::MaxSIOp) { return CombiningKind::maxsi; })
      .Case([](arith::MinSIOp) { return CombiningKind::minsi; })
      .Case([](arith::MaxUIOp) { return CombiningKind::maxui; })
      .Case([](arith::MinUIOp) { return CombiningKind::minui; })
      .Case([&](arith::AddFOp) -> std::optional<CombiningKind> {
        if (reassociateFloats)
          return CombiningKind::add;
        return std::nullopt;
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// The first op in `op` (itself included) that does more than read memory,
/// or whose result depends on the thread or lane that runs it (thread and
/// lane ids, warp and block collectives, barriers); null when there is
/// none.
static Operation *findWriter(Operation *op) {
  Operation *writer = nullptr;
  op->walk([&](Operation *nested) {
    bool sameInEveryThread =
        isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(nested);
    if (!sameInEveryThread &&
        isa_and_present<WCDialect, gpu::GPUDialect, NVVM::NVVMDialect>(
            nested->getDialect())) {
      writer = nested;
      return WalkResult::interrupt();
    }
    auto iface = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!iface) {
      if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        return WalkResult::advance();
      writer = nested;
      return WalkResult::interrupt();
    }
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects)
      if (!isa<MemoryEffects::Read>(effect.getEffect())) {
        writer = nested;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return writer;
}

/// `type` as the IR prints it.
static std::string typeName(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// Whether a value of `type` can be made at the else-branch of the split
/// guard (a zero), shuffled between lanes and reduced by the warp (the
/// scalars of the wc collectives).
static bool isLaneScalar(Type type) {
  return type.isIndex() || type.isInteger(1) || type.isInteger(8) ||
         type.isInteger(16) || type.isInteger(32) || type.isInteger(64) ||
         type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// Whether `memref` is memory of the thread itself: a private attribution,
/// an alloca, or anything in the private address space.
static bool isThreadPrivate(Value memref) {
  if (auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(
          cast<BaseMemRefType>(memref.getType()).getMemorySpace()))
    if (space.getValue() == gpu::AddressSpace::Private)
      return true;
  if (auto arg = dyn_cast<BlockArgument>(memref))
    if (auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp()))
      return llvm::is_contained(func.getPrivateAttributions(), arg);
  return isa_and_present<memref::AllocaOp>(memref.getDefiningOp());
}

Value collaborate::getCombinedValue(scf::ForOp loop, unsigned index,
                                    const Reduction &reduction) {
  Value acc = loop.getRegionIterArgs()[index];
  Operation *combiner = reduction.combiner;
  return combiner->getOperand(0) == acc ? combiner->getOperand(1)
                                        : combiner->getOperand(0);
}

FailureOr<CollaborationPlan>
collaborate::planCollaboration(gpu::GPUFuncOp func, scf::ForOp loop,
                               const UniformityAnalysis &uniformity,
                               bool reassociateFloats, std::string &why) {
  CollaborationPlan plan;
  plan.loop = loop;
  Block &body = func.getBody().front();
  if (!func.getBody().hasOneBlock()) {
    why = "the kernel body has several blocks";
    return failure();
  }
  Operation *parent = loop->getParentOp();
  if (parent != func) {
    auto guard = dyn_cast<scf::IfOp>(parent);
    if (!guard || guard->getBlock() != &body ||
        loop->getParentRegion() != &guard.getThenRegion()) {
      why = "the loop is neither at the top level of the kernel nor directly "
            "under a condition there";
      return failure();
    }
    plan.guard = guard;
  }
  if (loop.getUnsignedCmp()) {
    why = "the loop compares its bounds unsigned";
    return failure();
  }
  if (!loop.getInductionVar().getType().isIndex()) {
    why = "the induction variable is not an index";
    return failure();
  }
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step <= 0) {
    why = "the step is not a positive constant";
    return failure();
  }
  plan.step = *step;
  if (loop.getNumRegionIterArgs() == 0) {
    why = "the loop carries no reduction";
    return failure();
  }
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [arg, yielded] :
       llvm::zip(loop.getRegionIterArgs(), yield.getOperands())) {
    Operation *combiner = yielded.getDefiningOp();
    if (!arg.hasOneUse() || !combiner || *arg.getUsers().begin() != combiner ||
        combiner->getNumOperands() != 2 || !yielded.hasOneUse() ||
        combiner->getBlock() != loop.getBody()) {
      why = "iteration argument #" + std::to_string(arg.getArgNumber() - 1) +
            " is not a reduction (acc = op(acc, value), acc used once)";
      return failure();
    }
    std::optional<CombiningKind> kind =
        combiningKindOf(combiner, reassociateFloats);
    if (!kind) {
      why = "iteration argument #" + std::to_string(arg.getArgNumber() - 1) +
            " is combined by '" + combiner->getName().getStringRef().str() +
            "', not an associative and commutative integer operation (a "
            "float addition needs reassociate-floats)";
      return failure();
    }
    Value other = combiner->getOperand(0) == arg ? combiner->getOperand(1)
                                                 : combiner->getOperand(0);
    if (other == arg || !isLaneScalar(other.getType())) {
      why = "iteration argument #" + std::to_string(arg.getArgNumber() - 1) +
            " is not a reduction of scalars";
      return failure();
    }
    plan.reductions.push_back({combiner, *kind});
  }
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (Operation *writer = findWriter(&op)) {
      why = "the loop body does more than read memory, or depends on the "
            "thread that runs it ('" +
            writer->getName().getStringRef().str() + "')";
      return failure();
    }
  }
  // Values from outside the loop that the lanes must exchange.
  bool ok = true;
  loop.getBody()->walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (!loop.isDefinedOutsideOfLoop(operand))
        continue;
      if (isa<BaseMemRefType>(operand.getType()) &&
          (uniformity.isVarying(operand) || isThreadPrivate(operand))) {
        why = "the loop reads a buffer that differs between threads";
        ok = false;
      } else if (!isa<BaseMemRefType>(operand.getType()) &&
                 !isLaneScalar(operand.getType())) {
        why = "the loop uses a value of type " + typeName(operand.getType()) +
              " from outside";
        ok = false;
      }
    }
  });
  if (!ok)
    return failure();
  if (plan.guard) {
    // Values made before the loop under the guard and used from the loop or
    // after it leave the guard as results: scalars only.
    for (Operation &op : plan.guard.getThenRegion().front()) {
      if (&op == loop.getOperation())
        break;
      for (Value result : op.getResults())
        for (OpOperand &use : result.getUses()) {
          Operation *user =
              plan.guard.getThenRegion().front().findAncestorOpInBlock(
                  *use.getOwner());
          if (user && !user->isBeforeInBlock(loop) &&
              !isLaneScalar(result.getType()) &&
              !matchPattern(result, m_Constant())) {
            why = "a value of type " + typeName(result.getType()) +
                  " made under the condition before the loop is used after "
                  "it";
            return failure();
          }
        }
    }
  }
  return plan;
}
