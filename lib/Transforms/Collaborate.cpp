//===- Collaborate.cpp - Warp-collaborative irregular loops (CTE) ---------===//
//
// The `wc-collaborate` pass: collaborative task engagement (Khorasani et
// al., IPDPS'15) for the per-thread loops whose trip count comes from data,
// such as a CSR row per thread. One long row keeps its thread busy while the
// other 31 lanes of its warp idle; here the warp flattens the iterations of
// its 32 lanes and runs them 32 at a time:
//
//   count   = active ? ceildiv(hi - lo, step) : 0   per lane
//   start   = exclusive scan of count                (wc.scan)
//   for base = 0 to total step 32:                  (warp-uniform)
//     j     = base + lane;  owner = last lane with start <= j (binary search
//             over `start` with five shuffles)
//     i     = lo[owner] + (j - start[owner]) * step; the owner's other
//             per-thread values by shuffles
//     v     = body(i) if j < total, else the identity
//     seg   = segmented reduction of v, a segment per owner (heads where a
//             range starts)                          (wc.segmented_reduce)
//     each owner combines the value of the last lane of its segment into
//     its accumulator
//
// The loop must reduce into its iteration arguments with an associative and
// commutative combiner (integer add, and, or, xor, min, max; float add only
// with `reassociate-floats`) and otherwise only read memory. The choice is
// made per warp at run time, as CTE does: ranges longer than a warp's worth
// of iterations are run by the whole warp one after the other (coalesced,
// one warp reduction per range); the others are flattened when their mean
// is 4 iterations or more or the longest is more than twice the mean, and
// stay per thread otherwise. A loop under a
// condition of the kernel's body is split out of it: the ops before the loop,
// then the warp's loop (which all lanes run), then the ops after it, each under
// the condition.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Transforms/Aggregation.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_COLLABORATE
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

namespace {
/// When a warp flattens the iterations of its short ranges: when their
/// mean is 4 or more or the longest is more than twice the mean (`Auto`),
/// whenever it has any, or never (they stay per thread).
enum class Flatten { Auto, Always, Never };

/// One iteration argument of the loop: `acc = combiner(acc, value)`.
struct Reduction {
  Operation *combiner;
  CombiningKind kind;
  Value value; // the operand that is not the iteration argument
};

/// What the rewrite of one loop needs.
struct CollaborationPlan {
  scf::ForOp loop;
  /// The `scf.if` of the kernel's body the loop is in (its then-region),
  /// or null when the loop is at the top level of the body.
  scf::IfOp guard;
  SmallVector<Reduction> reductions;
  int64_t step;
  /// Trip counts above this go to the whole warp.
  int64_t longRange = 32;
  /// When a warp flattens its short ranges.
  Flatten flatten = Flatten::Auto;
};
} // namespace

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
      return arg.getOwner()->isEntryBlock() &&
             arg.getArgNumber() >=
                 func.getNumArguments() + func.getNumWorkgroupAttributions();
  return isa_and_present<memref::AllocaOp>(memref.getDefiningOp());
}

/// Plans the collaborative form of `loop` in `func`, or fails with the
/// reason in `why`.
static FailureOr<CollaborationPlan>
planCollaboration(gpu::GPUFuncOp func, scf::ForOp loop,
                  const UniformityAnalysis &uniformity, bool reassociateFloats,
                  std::string &why) {
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
    plan.reductions.push_back({combiner, *kind, other});
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

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

/// A zero of the scalar `type`.
static Value createZero(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(b, loc, b.getZeroAttr(type));
}

/// The identity of `kind` on `type`.
static Value createIdentity(OpBuilder &b, Location loc, CombiningKind kind,
                            Type type) {
  if (auto floatType = dyn_cast<FloatType>(type))
    // Float addition: -0.0 leaves every value, +0.0 and -0.0 included, as
    // it is.
    return arith::ConstantOp::create(
        b, loc,
        b.getFloatAttr(floatType,
                       APFloat::getZero(floatType.getFloatSemantics(),
                                        /*Negative=*/true)));
  unsigned bits = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  APInt value;
  switch (kind) {
  case CombiningKind::and_:
  case CombiningKind::minui:
    value = APInt::getAllOnes(bits);
    break;
  case CombiningKind::maxsi:
    value = APInt::getSignedMinValue(bits);
    break;
  case CombiningKind::minsi:
    value = APInt::getSignedMaxValue(bits);
    break;
  default:
    value = APInt::getZero(bits);
    break;
  }
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
}

/// `value` of lane `lane` (an i32), for every lane.
static Value shuffleFrom(OpBuilder &b, Location loc, Value value, Value lane) {
  return ShuffleOp::create(b, loc, value.getType(), b.getI1Type(),
                           ShuffleMode::idx, value, lane, /*width=*/32,
                           /*mask=*/Value())
      .getResult();
}

/// Moves the ops of `guard`'s then-block before `loop` into a new `scf.if`
/// on the same condition placed before `guard`, whose results replace their
/// uses from the loop and after it (a zero where the condition is false;
/// constants are copied instead).
static void splitOffPrelude(RewriterBase &rewriter, scf::IfOp guard,
                            scf::ForOp loop) {
  Block &then = guard.getThenRegion().front();
  SmallVector<Operation *> prelude;
  for (Operation &op : then) {
    if (&op == loop.getOperation())
      break;
    prelude.push_back(&op);
  }
  // Constants used later are copied after the loop's position.
  SmallVector<Value> escaping;
  for (Operation *op : prelude)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            Operation *ancestor = then.findAncestorOpInBlock(*user);
            return ancestor && !ancestor->isBeforeInBlock(loop);
          }))
        escaping.push_back(result);
  Location loc = guard.getLoc();
  rewriter.setInsertionPoint(guard);
  SmallVector<Type> types;
  for (Value value : escaping)
    if (!matchPattern(value, m_Constant()))
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
    if (!matchPattern(value, m_Constant())) {
      thenYield.push_back(value);
      elseYield.push_back(createZero(rewriter, loc, value.getType()));
    }
  scf::YieldOp::create(rewriter, loc, elseYield);
  rewriter.setInsertionPointToEnd(prologueThen);
  scf::YieldOp::create(rewriter, loc, thenYield);
  // Replace the later uses.
  unsigned next = 0;
  for (Value value : escaping) {
    Value replacement;
    if (matchPattern(value, m_Constant())) {
      rewriter.setInsertionPoint(prologue);
      replacement = rewriter.clone(*value.getDefiningOp())->getResult(0);
    } else {
      replacement = prologue.getResult(next++);
    }
    rewriter.replaceUsesWithIf(value, replacement, [&](OpOperand &use) {
      return !prologue->isAncestor(use.getOwner());
    });
  }
}

namespace {
/// Builds the forms of one planned loop at the rewriter's insertion point:
/// the original loop per thread, the warp-level loops over long ranges, and
/// the flattened windows.
class CollaborationBuilder {
public:
  CollaborationBuilder(RewriterBase &rewriter, const CollaborationPlan &plan,
                       const UniformityAnalysis &uniformity, Value active)
      : rewriter(rewriter), b(rewriter), plan(plan), loop(plan.loop),
        uniformity(uniformity), active(active), loc(loop.getLoc()) {}

  /// Computes the lane's trip count and the warp's figures, then the
  /// run-time choice between the forms; returns the loop's results.
  SmallVector<Value> build();

private:
  Value constI32(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  }
  Value constIndex(int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  /// `scf.if` on `condition` whose then-region `then` fills (yielding the
  /// loop's result types) and whose else-region yields `otherwise`.
  SmallVector<Value> buildIf(Value condition,
                             function_ref<SmallVector<Value>()> then,
                             function_ref<SmallVector<Value>()> otherwise);
  /// The original loop, run by the lanes where `condition` holds; the
  /// others get the loop's initial values.
  SmallVector<Value> perThread(Value condition);
  /// Maps the values the body uses from outside the loop to those of lane
  /// `owner`, and the induction variable to `iteration` (when given).
  IRMapping ownerMapping(Value owner, Value iteration);
  /// Clones the body (without its combiners) with `mapping`; returns the
  /// values each reduction combines.
  SmallVector<Value> cloneBody(IRMapping &mapping);
  /// `combiner` of reduction `index` applied to `acc` and `value`.
  Value combine(unsigned index, Value acc, Value value);
  /// The warp runs, one after the other, the long ranges (of the lanes in
  /// `longMask`), 32 iterations at a time, and reduces each into its
  /// owner's accumulator, which starts from `own` (the lane's other work).
  SmallVector<Value> warpPerLongRange(Value longMask, ValueRange own);
  /// The flattened windows of 32 iterations (see the file comment) over the
  /// ranges of `laneCount` iterations (a lane's first ones), `warpTotal` in
  /// all.
  SmallVector<Value> windows(Value laneCount, Value warpTotal);

  RewriterBase &rewriter;
  OpBuilder &b;
  const CollaborationPlan &plan;
  scf::ForOp loop;
  const UniformityAnalysis &uniformity;
  Value active;
  Location loc;
  Value lane, lo, stepValue, count, countIndex;
};
} // namespace

SmallVector<Value>
CollaborationBuilder::buildIf(Value condition,
                              function_ref<SmallVector<Value>()> then,
                              function_ref<SmallVector<Value>()> otherwise) {
  auto ifOp = scf::IfOp::create(b, loc, loop.getResultTypes(), condition,
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&ifOp.getThenRegion().front());
  scf::YieldOp::create(b, loc, then());
  b.setInsertionPointToStart(&ifOp.getElseRegion().front());
  scf::YieldOp::create(b, loc, otherwise());
  return SmallVector<Value>(ifOp.getResults());
}

SmallVector<Value> CollaborationBuilder::perThread(Value condition) {
  auto runLoop = [&] {
    return SmallVector<Value>(rewriter.clone(*loop)->getResults());
  };
  if (!condition)
    return runLoop();
  return buildIf(condition, runLoop,
                 [&] { return SmallVector<Value>(loop.getInitArgs()); });
}

IRMapping CollaborationBuilder::ownerMapping(Value owner, Value iteration) {
  IRMapping mapping;
  if (iteration)
    mapping.map(loop.getInductionVar(), iteration);
  loop.getBody()->walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (!loop.isDefinedOutsideOfLoop(operand) || mapping.contains(operand) ||
          isa<BaseMemRefType>(operand.getType()) ||
          matchPattern(operand, m_Constant()))
        continue;
      // Every value but the kernel's arguments is taken from the owner: a
      // uniform one arrives unchanged, and no analysis can miss a
      // thread-dependent one.
      if (auto arg = dyn_cast<BlockArgument>(operand))
        if (isa<gpu::GPUFuncOp>(arg.getOwner()->getParentOp()))
          continue;
      mapping.map(operand, shuffleFrom(b, loc, operand, owner));
    }
  });
  return mapping;
}

SmallVector<Value> CollaborationBuilder::cloneBody(IRMapping &mapping) {
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (llvm::any_of(plan.reductions, [&](const Reduction &reduction) {
          return reduction.combiner == &op;
        }))
      continue;
    rewriter.clone(op, mapping);
  }
  SmallVector<Value> values;
  for (const Reduction &reduction : plan.reductions)
    values.push_back(mapping.lookupOrDefault(reduction.value));
  return values;
}

Value CollaborationBuilder::combine(unsigned index, Value acc, Value value) {
  const Reduction &reduction = plan.reductions[index];
  IRMapping mapping;
  mapping.map(loop.getRegionIterArgs()[index], acc);
  mapping.map(reduction.value, value);
  return rewriter.clone(*reduction.combiner, mapping)->getResult(0);
}

SmallVector<Value> CollaborationBuilder::warpPerLongRange(Value longMask,
                                                          ValueRange own) {
  WarpSyncOp::create(b, loc, /*mask=*/Value());
  // Lane o's range, if long, by the whole warp (a uniform test of bit o).
  auto lanes =
      scf::ForOp::create(b, loc, constI32(0), constI32(32), constI32(1), own);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(lanes.getBody());
    Value owner = lanes.getInductionVar();
    ValueRange accs = lanes.getRegionIterArgs();
    Value bit = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, longMask, owner), constI32(1));
    Value taken = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, bit,
                                        constI32(0));
    auto ifOp = scf::IfOp::create(b, loc, accs.getTypes(), taken,
                                  /*withElseRegion=*/true);
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, loc, accs);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    Value ownerLo = shuffleFrom(b, loc, lo, owner);
    Value ownerCount = arith::IndexCastOp::create(
        b, loc, b.getIndexType(), shuffleFrom(b, loc, count, owner));
    SmallVector<Value> identities;
    for (const Reduction &reduction : plan.reductions)
      identities.push_back(
          createIdentity(b, loc, reduction.kind, reduction.value.getType()));
    Value laneIndex =
        arith::IndexCastUIOp::create(b, loc, b.getIndexType(), lane);
    // The owner's values are shuffled once, before the strided loop.
    IRMapping outside = ownerMapping(owner, Value());
    auto strided = scf::ForOp::create(b, loc, laneIndex, ownerCount,
                                      constIndex(32), identities);
    {
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(strided.getBody());
      Value iteration = arith::AddIOp::create(
          b, loc, ownerLo,
          arith::MulIOp::create(b, loc, strided.getInductionVar(), stepValue));
      IRMapping mapping = outside;
      mapping.map(loop.getInductionVar(), iteration);
      SmallVector<Value> values = cloneBody(mapping);
      SmallVector<Value> partials;
      for (auto [index, value] : llvm::enumerate(values))
        partials.push_back(
            combine(index, strided.getRegionIterArgs()[index], value));
      scf::YieldOp::create(b, loc, partials);
    }
    Value mine =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, owner);
    SmallVector<Value> next;
    for (auto [index, reduction] : llvm::enumerate(plan.reductions)) {
      Value sum =
          ReduceOp::create(b, loc, reduction.kind, strided.getResult(index));
      Value combined = combine(index, accs[index], sum);
      next.push_back(
          arith::SelectOp::create(b, loc, mine, combined, accs[index]));
    }
    scf::YieldOp::create(b, loc, next);
    b.setInsertionPointAfter(ifOp);
    scf::YieldOp::create(b, loc, ifOp.getResults());
  }
  WarpSyncOp::create(b, loc, /*mask=*/Value());
  return SmallVector<Value>(lanes.getResults());
}

SmallVector<Value> CollaborationBuilder::windows(Value count, Value total) {
  // Lanes now read for each other what each wrote before (in the prelude)
  // and write after (in the rest): warp syncs order both.
  WarpSyncOp::create(b, loc, /*mask=*/Value());
  Type i32 = b.getI32Type();
  Value start =
      ScanOp::create(b, loc, ScanKind::exclusive, CombiningKind::add, count);
  Value totalIndex =
      arith::IndexCastOp::create(b, loc, b.getIndexType(), total);
  auto windowLoop = scf::ForOp::create(b, loc, constIndex(0), totalIndex,
                                       constIndex(32), loop.getInitArgs());
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(windowLoop.getBody());
    Value base =
        arith::IndexCastOp::create(b, loc, i32, windowLoop.getInductionVar());
    Value j = arith::AddIOp::create(b, loc, base, lane);
    Value valid =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, j, total);
    // The owner: the last lane whose range starts at or before j.
    Value owner = constI32(0);
    for (int64_t bit : {16, 8, 4, 2, 1}) {
      Value candidate = arith::AddIOp::create(b, loc, owner, constI32(bit));
      Value candidateStart = shuffleFrom(b, loc, start, candidate);
      Value before = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle,
                                           candidateStart, j);
      owner = arith::SelectOp::create(b, loc, before, candidate, owner);
    }
    Value ownerStart = shuffleFrom(b, loc, start, owner);
    Value ownerLo = shuffleFrom(b, loc, lo, owner);
    Value offset = arith::IndexCastOp::create(
        b, loc, b.getIndexType(), arith::SubIOp::create(b, loc, j, ownerStart));
    Value iteration = arith::AddIOp::create(
        b, loc, ownerLo, arith::MulIOp::create(b, loc, offset, stepValue));
    IRMapping mapping = ownerMapping(owner, iteration);
    // The body for iteration j, or the identities past the end.
    SmallVector<Type> valueTypes;
    for (const Reduction &reduction : plan.reductions)
      valueTypes.push_back(reduction.value.getType());
    auto guarded = scf::IfOp::create(b, loc, valueTypes, valid,
                                     /*withElseRegion=*/true);
    b.setInsertionPointToStart(&guarded.getThenRegion().front());
    scf::YieldOp::create(b, loc, cloneBody(mapping));
    b.setInsertionPointToStart(&guarded.getElseRegion().front());
    SmallVector<Value> identities;
    for (const Reduction &reduction : plan.reductions)
      identities.push_back(
          createIdentity(b, loc, reduction.kind, reduction.value.getType()));
    scf::YieldOp::create(b, loc, identities);
    b.setInsertionPointAfter(guarded);
    // Segments: one per owner range in the window; lanes past the end are
    // each their own.
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane,
                                        constI32(0));
    Value rangeStart =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, j, ownerStart);
    Value invalid = arith::XOrIOp::create(
        b, loc, valid, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
    Value head = arith::OrIOp::create(
        b, loc, arith::OrIOp::create(b, loc, first, rangeStart), invalid);
    // Where the calling lane's range ends in this window.
    Value windowEnd = arith::AddIOp::create(b, loc, base, constI32(32));
    Value rangeEnd = arith::AddIOp::create(b, loc, start, count);
    Value startsBefore = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::slt, start, windowEnd);
    Value endsAfter = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                            rangeEnd, base);
    Value nonZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                          count, constI32(0));
    Value hasWork = arith::AndIOp::create(
        b, loc, arith::AndIOp::create(b, loc, startsBefore, endsAfter),
        nonZero);
    Value end = arith::MinSIOp::create(b, loc, rangeEnd, windowEnd);
    Value lastLane = arith::SubIOp::create(
        b, loc, arith::SubIOp::create(b, loc, end, base), constI32(1));
    lastLane = arith::SelectOp::create(b, loc, hasWork, lastLane, constI32(0));
    SmallVector<Value> accumulated;
    for (auto [index, reduction] : llvm::enumerate(plan.reductions)) {
      Value partial = SegmentedReduceOp::create(
          b, loc, guarded.getResult(index).getType(), reduction.kind,
          guarded.getResult(index), head);
      Value mine = shuffleFrom(b, loc, partial, lastLane);
      Value acc = windowLoop.getRegionIterArgs()[index];
      accumulated.push_back(arith::SelectOp::create(
          b, loc, hasWork, combine(index, acc, mine), acc));
    }
    scf::YieldOp::create(b, loc, accumulated);
  }
  WarpSyncOp::create(b, loc, /*mask=*/Value());
  return SmallVector<Value>(windowLoop.getResults());
}

SmallVector<Value> CollaborationBuilder::build() {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  lo = loop.getLowerBound();
  Value hi = loop.getUpperBound();
  stepValue = constIndex(plan.step);
  // The lane's trip count, 0 where it is inactive or the range is empty.
  Value span = arith::SubIOp::create(b, loc, hi, lo);
  Value nonEmpty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, hi, lo);
  // hi - lo wraps for ranges wider than 2^63; as unsigned it is exact
  // whenever hi > lo.
  Value trips = arith::CeilDivUIOp::create(b, loc, span, stepValue);
  Value zeroIndex = constIndex(0);
  countIndex = arith::SelectOp::create(b, loc, nonEmpty, trips, zeroIndex);
  if (active)
    countIndex = arith::SelectOp::create(b, loc, active, countIndex, zeroIndex);
  lane = arith::IndexCastUIOp::create(
      b, loc, i32, gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr));
  // The collaborative forms count in 32 bits: each lane's count must stay
  // below 2^25, so that the warp's sums (and the windows' ends) do.
  Value count64 = arith::IndexCastOp::create(b, loc, i64, countIndex);
  Value huge = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::sge, count64,
      arith::ConstantIntOp::create(b, loc, i64, int64_t(1) << 25));
  Value fits = arith::XOrIOp::create(
      b, loc,
      VoteOp::create(b, loc, b.getI1Type(), VoteKind::any, huge,
                     /*mask=*/Value()),
      arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
  count = arith::IndexCastOp::create(b, loc, i32, countIndex);
  // Ranges longer than `longRange` go to the whole warp, one after the
  // other; the lanes' other ranges are flattened or run per thread.
  Value isLong = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::sgt, count64,
      arith::ConstantIntOp::create(b, loc, i64, plan.longRange));
  Value longMask =
      VoteOp::create(b, loc, i32, VoteKind::ballot, isLong, /*mask=*/Value());
  Value anyLong = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                        longMask, constI32(0));
  Value shortCount =
      arith::SelectOp::create(b, loc, isLong, constI32(0), count);
  Value shortTotal = ReduceOp::create(b, loc, CombiningKind::add, shortCount);
  Value shortLongest =
      ReduceOp::create(b, loc, CombiningKind::maxsi, shortCount);
  Value flatten;
  switch (plan.flatten) {
  case Flatten::Always:
    flatten = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                    shortLongest, constI32(0));
    break;
  case Flatten::Never:
    flatten = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 0);
    break;
  case Flatten::Auto: {
    // Flattened, the ranges' loads are coalesced and balanced, for a scan
    // and a few shuffles per 32 iterations: worth it from a mean of 4
    // iterations per lane, or when the longest range is more than twice
    // the mean (measured on the H100: docs/results.md).
    Value twiceMean = arith::DivSIOp::create(b, loc, shortTotal, constI32(16));
    Value imbalanced = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                             shortLongest, twiceMean);
    Value enough = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                         shortTotal, constI32(4 * 32));
    flatten = arith::OrIOp::create(b, loc, imbalanced, enough);
    break;
  }
  }
  Value shortLane = arith::XOrIOp::create(
      b, loc, isLong, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
  if (active)
    shortLane = arith::AndIOp::create(b, loc, shortLane, active);
  auto collaborate = [&] {
    SmallVector<Value> own = buildIf(
        flatten, [&] { return windows(shortCount, shortTotal); },
        [&] { return perThread(shortLane); });
    return buildIf(
        anyLong, [&] { return warpPerLongRange(longMask, own); },
        [&] { return own; });
  };
  return buildIf(fits, collaborate, [&] { return perThread(active); });
}

/// Rewrites the loop of `plan` into its collaborative form (see the file
/// comment).
static void applyCollaboration(CollaborationPlan plan,
                               const UniformityAnalysis &uniformity) {
  scf::ForOp loop = plan.loop;
  IRRewriter rewriter(loop.getContext());
  Value active;
  if (plan.guard) {
    splitOffPrelude(rewriter, plan.guard, loop);
    active = plan.guard.getCondition();
    // The loop moves out of the guard, between the prelude and the rest.
    rewriter.moveOpBefore(loop, plan.guard);
    // A combined value made in the prelude is now the prologue's result.
    for (auto [index, reduction] : llvm::enumerate(plan.reductions)) {
      Value acc = loop.getRegionIterArgs()[index];
      Operation *combiner = reduction.combiner;
      reduction.value = combiner->getOperand(0) == acc
                            ? combiner->getOperand(1)
                            : combiner->getOperand(0);
    }
  }
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> results =
      CollaborationBuilder(rewriter, plan, uniformity, active).build();
  rewriter.replaceAllUsesWith(loop.getResults(), results);
  rewriter.eraseOp(loop);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct CollaboratePass : public wc::impl::CollaborateBase<CollaboratePass> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

void CollaboratePass::runOnOperation() {
  std::optional<Flatten> mode =
      llvm::StringSwitch<std::optional<Flatten>>(flatten)
          .Case("auto", Flatten::Auto)
          .Case("always", Flatten::Always)
          .Case("never", Flatten::Never)
          .Default(std::nullopt);
  if (!mode) {
    getOperation()->emitError() << "wc-collaborate: unknown flatten mode '"
                                << flatten << "' (auto, always or never)";
    return signalPassFailure();
  }
  for (KernelSites &kernel : collectKernels(getOperation())) {
    gpu::GPUFuncOp func = kernel.func;
    if (func.walk([](Operation *op) {
              return isa_and_present<WCDialect>(op->getDialect())
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted())
      continue;
    // The loops whose trip count may differ between threads.
    UniformityAnalysis uniformity(func);
    SmallVector<scf::ForOp> loops;
    func.walk([&](scf::ForOp loop) {
      if (uniformity.isVarying(loop.getLowerBound()) ||
          uniformity.isVarying(loop.getUpperBound()))
        loops.push_back(loop);
    });
    if (loops.empty())
      continue;
    std::string why;
    FailureOr<BlockShape> shape = getBlockShape(func, kernel.launches, why);
    if (succeeded(shape) && ((*shape)[0] * (*shape)[1] * (*shape)[2]) % 32 != 0)
      why = "the block is not a whole number of warps";
    if (failed(shape) || !why.empty()) {
      emitRemark(func.getLoc())
          << "wc-collaborate: kernel left unchanged: " << why;
      continue;
    }
    // One loop per kernel: the rewrite moves the ops around it.
    for (scf::ForOp loop : loops) {
      std::string reason;
      FailureOr<CollaborationPlan> plan =
          planCollaboration(func, loop, uniformity, reassociateFloats, reason);
      if (failed(plan)) {
        emitRemark(loop.getLoc())
            << "wc-collaborate: loop left per thread: " << reason;
        continue;
      }
      plan->longRange = std::max<int64_t>(longRange, 0);
      plan->flatten = *mode;
      applyCollaboration(*plan, uniformity);
      emitRemark(func.getLoc())
          << "wc-collaborate: a loop of data-dependent trip count is run as "
             "each warp's trip counts decide (long ranges by the whole warp, "
             "the others flattened or per thread; "
          << plan->reductions.size() << " reduction"
          << (plan->reductions.size() == 1 ? "" : "s") << ")";
      break;
    }
  }
}
