//===- CollaborationPlan.cpp - Which loops wc-collaborate takes ----------===//
//
// The planning half of wc-collaborate: whether a per-thread loop of
// data-dependent trip count is one the warp may run collaboratively (its
// carried values reductions with an associative and commutative combiner,
// its iterations free to run in any order and at once (reads of memory it
// does not write, stores to elements no other iteration stores to, atomics
// whose order nothing observes), its body not depending on the thread that
// runs it, its place one all lanes reach once split out of a bounds check),
// and why not.
//
//===----------------------------------------------------------------------===//

#include "Collaboration.h"

#include "WC/Analysis/SharedAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
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
  std::optional<CombiningKind> kind = getCombiningKindOf(op);
  if (!kind || *kind == CombiningKind::mul)
    return std::nullopt;
  // Of the float kinds only a sum, and only where reordering it is allowed.
  if (isa<FloatType>(op->getResult(0).getType()) &&
      !(reassociateFloats && *kind == CombiningKind::add))
    return std::nullopt;
  return kind;
}

/// Whether `op`'s result depends on the thread or lane that runs it (thread
/// and lane ids, warp and block collectives, barriers).
static bool dependsOnRunningThread(Operation *op) {
  return !isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(op) &&
         isa_and_present<WCDialect, gpu::GPUDialect, NVVM::NVVMDialect>(
             op->getDialect());
}

/// The bits of an integer or index type (index: 64).
static unsigned getBitWidth(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// Whether index cast `cast` keeps every value distinct (it does not
/// narrow).
static bool isWidening(Operation *cast) {
  return getBitWidth(cast->getOperand(0).getType()) <=
         getBitWidth(cast->getResult(0).getType());
}

/// Whether `value` takes a different value in every iteration of `loop`:
/// the induction variable times a constant, plus or minus values defined
/// outside the loop, in 64-bit arithmetic (through casts that do not
/// narrow). The constant is non-zero and below 2^32 in magnitude: the
/// collaborative forms run fewer than 2^25 iterations per thread, so no
/// product wraps.
static bool isInjectiveInIteration(Value value, scf::ForOp loop) {
  if (value == loop.getInductionVar())
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || !loop->isProperAncestor(def))
    return false;
  if (!isa<arith::IndexCastOp, arith::IndexCastUIOp>(def) &&
      getBitWidth(value.getType()) != 64)
    return false;
  return llvm::TypeSwitch<Operation *, bool>(def)
      .Case<arith::IndexCastOp, arith::IndexCastUIOp>([&](auto cast) {
        return isWidening(cast) && isInjectiveInIteration(cast.getIn(), loop);
      })
      .Case<arith::AddIOp, arith::SubIOp>([&](auto op) {
        Value lhs = op.getLhs(), rhs = op.getRhs();
        return (isInjectiveInIteration(lhs, loop) &&
                loop.isDefinedOutsideOfLoop(rhs)) ||
               (isInjectiveInIteration(rhs, loop) &&
                loop.isDefinedOutsideOfLoop(lhs));
      })
      .Case([&](arith::MulIOp op) {
        Value lhs = op.getLhs(), rhs = op.getRhs();
        std::optional<int64_t> factor = getConstantIntValue(rhs);
        Value other = lhs;
        if (!factor) {
          factor = getConstantIntValue(lhs);
          other = rhs;
        }
        return factor && *factor != 0 && *factor > -(int64_t(1) << 32) &&
               *factor < (int64_t(1) << 32) &&
               isInjectiveInIteration(other, loop);
      })
      .Default([](Operation *) { return false; });
}

/// The first op of `func` that accesses the buffer `root` (through any of
/// its views) other than as `allowed` accepts, or null.
static Operation *
findOtherAccess(Value root, gpu::GPUFuncOp func,
                function_ref<bool(memref::AtomicRMWOp)> allowed) {
  Operation *found = nullptr;
  func.walk([&](Operation *op) {
    if (isa<ViewLikeOpInterface>(op))
      return WalkResult::advance();
    for (Value operand : op->getOperands()) {
      if (!isa<BaseMemRefType>(operand.getType()) ||
          getViewRoot(operand) != root)
        continue;
      auto atomic = dyn_cast<memref::AtomicRMWOp>(op);
      if (!atomic || !allowed(atomic)) {
        found = op;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return found;
}

/// Whether every access of `func` to the buffer of `root` is an atomic
/// addition of a positive constant: a counter that only counts up, from
/// which each addition takes its own slot.
static bool isCounter(Value root, gpu::GPUFuncOp func) {
  return !findOtherAccess(root, func, [](memref::AtomicRMWOp atomic) {
    std::optional<int64_t> amount = getConstantIntValue(atomic.getValue());
    return atomic.getKind() == arith::AtomicRMWKind::addi && amount &&
           *amount > 0;
  });
}

/// Whether `value` is a slot taken from a counter in this iteration: the
/// value an atomic addition of a positive constant returned, at an address
/// the same in every iteration of a buffer only so counted (isCounter),
/// plus or minus values defined outside `loop` (through casts that do not
/// narrow).
static bool isTakenSlot(Value value, scf::ForOp loop, gpu::GPUFuncOp func) {
  Operation *def = value.getDefiningOp();
  if (!def || !loop->isProperAncestor(def))
    return false;
  return llvm::TypeSwitch<Operation *, bool>(def)
      .Case([&](memref::AtomicRMWOp atomic) {
        return llvm::all_of(atomic.getIndices(),
                            [&](Value index) {
                              return loop.isDefinedOutsideOfLoop(index);
                            }) &&
               loop.isDefinedOutsideOfLoop(atomic.getMemref()) &&
               isCounter(getViewRoot(atomic.getMemref()), func);
      })
      .Case<arith::IndexCastOp, arith::IndexCastUIOp>([&](auto cast) {
        return isWidening(cast) && isTakenSlot(cast.getIn(), loop, func);
      })
      .Case<arith::AddIOp, arith::SubIOp>([&](auto op) {
        return (isTakenSlot(op.getLhs(), loop, func) &&
                loop.isDefinedOutsideOfLoop(op.getRhs())) ||
               (isa<arith::AddIOp>(op.getOperation()) &&
                isTakenSlot(op.getRhs(), loop, func) &&
                loop.isDefinedOutsideOfLoop(op.getLhs()));
      })
      .Default([](Operation *) { return false; });
}

/// Whether atomic updates of `kind` give the same memory in any order:
/// integer kinds but `assign`, float minimum and maximum, and float sums
/// and products with `reassociateFloats`.
static bool commutes(arith::AtomicRMWKind kind, bool reassociateFloats) {
  switch (kind) {
  case arith::AtomicRMWKind::assign:
    return false;
  case arith::AtomicRMWKind::addf:
  case arith::AtomicRMWKind::mulf:
    return reassociateFloats;
  default:
    return true;
  }
}

/// Why the iterations of one thread of `loop` in `func` may not run in any
/// order and at the same time (on other lanes), or an empty string. The
/// body may read memory that it does not write; store to an element
/// that no other iteration stores to (an index that differs in every
/// iteration, or, with `reorderAtomics`, a slot taken from a counter) of a
/// buffer it does not read; and update memory with atomics of one kind per
/// buffer that commutes (not `assign`; float sums and products with
/// `reassociateFloats`), which it does not read otherwise. The value an
/// atomic returns depends on the order of the updates: using it in the
/// body, or updating a buffer that the kernel accesses otherwise, needs
/// `reorderAtomics`. Views of a buffer (casts, subviews) are the buffer;
/// distinct buffers (kernel arguments, allocations) are taken as distinct
/// memory, as MLIR's affine dependence analysis does.
static std::string checkBodyEffects(scf::ForOp loop, gpu::GPUFuncOp func,
                                    const BodyRules &rules,
                                    Operation *&culprit) {
  DenseSet<Value> read;
  DenseMap<Value, memref::StoreOp> stores;
  DenseMap<Value, arith::AtomicRMWKind> atomicKinds;
  SmallVector<memref::AtomicRMWOp> atomics;
  std::string why;
  auto refuse = [&](Operation *op, const Twine &reason) {
    culprit = op;
    why = reason.str();
    return WalkResult::interrupt();
  };
  WalkResult walk = loop.getBody()->walk([&](Operation *op) -> WalkResult {
    if (dependsOnRunningThread(op))
      return refuse(op, "the loop body depends on the thread that runs it ('" +
                            op->getName().getStringRef() + "')");
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (!stores.try_emplace(getViewRoot(store.getMemRef()), store).second)
        return refuse(op, "the loop body stores to a buffer twice");
      return WalkResult::advance();
    }
    if (auto atomic = dyn_cast<memref::AtomicRMWOp>(op)) {
      if (!commutes(atomic.getKind(), rules.reassociateFloats))
        return refuse(op, "the loop body updates memory with atomic '" +
                              arith::stringifyAtomicRMWKind(atomic.getKind()) +
                              "', whose result depends on the order of the "
                              "updates (a float sum or product needs "
                              "reassociate-floats)");
      auto [it, inserted] = atomicKinds.try_emplace(
          getViewRoot(atomic.getMemref()), atomic.getKind());
      if (!inserted && it->second != atomic.getKind())
        return refuse(op, "the loop body updates a buffer with atomics of "
                          "two kinds, which do not commute");
      atomics.push_back(atomic);
      return WalkResult::advance();
    }
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!iface) {
      if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        return WalkResult::advance();
      return refuse(op, "the loop body has an op of unknown effects ('" +
                            op->getName().getStringRef() + "')");
    }
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      if (!isa<MemoryEffects::Read>(effect.getEffect()))
        return refuse(op, "the loop body writes memory other than by "
                          "memref.store and memref.atomic_rmw ('" +
                              op->getName().getStringRef() + "')");
      Value memref = effect.getValue();
      if (!memref)
        return refuse(op, "the loop body reads memory it does not name ('" +
                              op->getName().getStringRef() + "')");
      read.insert(getViewRoot(memref));
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return why;

  for (auto [memref, store] : stores) {
    if (read.contains(memref) || atomicKinds.contains(memref)) {
      culprit = store;
      return "the loop body stores to a buffer it also reads or updates";
    }
    bool distinct = llvm::any_of(store.getIndices(), [&](Value index) {
      return isInjectiveInIteration(index, loop);
    });
    bool slot = llvm::any_of(store.getIndices(), [&](Value index) {
      return isTakenSlot(index, loop, func);
    });
    if (!distinct && !slot) {
      culprit = store;
      return "the loop body stores to an element that other iterations may "
             "store to (no index differs in every iteration)";
    }
    if (!distinct && !rules.reorderAtomics) {
      culprit = store;
      return "the loop body stores to a slot taken from a counter, whose "
             "order would change (reorder-atomics allows it)";
    }
  }
  for (memref::AtomicRMWOp atomic : atomics) {
    Value root = getViewRoot(atomic.getMemref());
    if (read.contains(root)) {
      culprit = atomic;
      return "the loop body reads a buffer it updates with atomics";
    }
    if (rules.reorderAtomics)
      continue;
    if (!atomic.getResult().use_empty()) {
      culprit = atomic;
      return "the loop body uses the value an atomic returns, which depends "
             "on the order of the thread's iterations (reorder-atomics "
             "allows it)";
    }
    // Other threads must not see the thread's updates in between: every
    // access of the kernel to the buffer is an atomic whose value nothing
    // uses.
    Operation *observer =
        findOtherAccess(root, func, [](memref::AtomicRMWOp other) {
          return other.getResult().use_empty();
        });
    if (observer) {
      culprit = observer;
      return "the kernel accesses a buffer that the loop updates with "
             "atomics other than by atomics whose values it does not use, "
             "and could see the updates in another order (reorder-atomics "
             "allows it)";
    }
  }
  return "";
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

FailureOr<CollaborationPlan> collaborate::planCollaboration(
    gpu::GPUFuncOp func, scf::ForOp loop, const UniformityAnalysis &uniformity,
    const BodyRules &rules, std::string &why, Operation **culprit) {
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
        combiningKindOf(combiner, rules.reassociateFloats);
    if (!kind) {
      why = "iteration argument #" + std::to_string(arg.getArgNumber() - 1) +
            " is combined by '" + combiner->getName().getStringRef().str() +
            "', not one the collaborative forms combine (integer add, and, "
            "or, xor, min, max; a float addition needs reassociate-floats)";
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
  Operation *effect = nullptr;
  why = checkBodyEffects(loop, func, rules, effect);
  if (!why.empty()) {
    if (culprit)
      *culprit = effect;
    return failure();
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
