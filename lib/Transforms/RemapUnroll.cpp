//===- RemapUnroll.cpp - The loops wc-remap unrolls -----------------------===//
//
// The unrolling half of wc-remap's planning: which uniform loops decide the
// elements a buffer's accesses touch, whether unrolling them may let a
// buffer become a lane array (decided on the kernel as it stands, each
// access with every iteration substituted), and the unrolling itself.
//
//===----------------------------------------------------------------------===//

#include "RemapPlan.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::remap;

/// Uniform loops of at most this many iterations are unrolled when their
/// induction variable decides which elements a phase accesses.
static constexpr int64_t kMaxUnrolledTrips = 32;

/// The constant trip count of `loop`, if its bounds are constants.
static std::optional<int64_t> getTripCount(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                         ub = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  // Bounds compared unsigned are left alone (they are read signed here).
  if (!lb || !ub || !step || *step <= 0 || loop.getUnsignedCmp())
    return std::nullopt;
  return *ub <= *lb ? 0 : llvm::divideCeil(*ub - *lb, *step);
}

/// `value` and the values it is computed from within `job` (the operands
/// of its backward slice there).
static SetVector<Value> getSliceValues(WarpJobOp job, Value value) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.omitUsesFromAbove = false;
  options.filter = [&](Operation *op) { return job->isAncestor(op); };
  SetVector<Value> values;
  values.insert(value);
  if (Operation *def = value.getDefiningOp())
    (void)getBackwardSlice(def, &slice, options);
  for (Operation *op : slice)
    for (Value operand : op->getOperands())
      values.insert(operand);
  return values;
}

/// The loops of `job` whose induction variables `value` depends on (within
/// the job), innermost first along each chain of uses.
static SmallVector<scf::ForOp> getLoopsDeciding(WarpJobOp job, Value value) {
  SmallVector<scf::ForOp> loops;
  for (Value v : getSliceValues(job, value)) {
    auto arg = dyn_cast<BlockArgument>(v);
    if (!arg)
      continue;
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (loop && arg == loop.getInductionVar() && job->isProperAncestor(loop))
      loops.push_back(loop);
  }
  return loops;
}

/// Whether unrollForRemap unrolls `loop` when a buffer index depends on it:
/// a constant trip count of at most kMaxUnrolledTrips.
static bool isUnrollable(scf::ForOp loop) {
  std::optional<int64_t> trips = getTripCount(loop);
  return trips && *trips <= kMaxUnrolledTrips;
}

void remap::explainUniformIndex(WarpJobOp job, Operation *access,
                                AffineExpr index, int64_t xorMask,
                                std::string &why) {
  AccessPattern::Kind kind = classifyIndex(index, xorMask, job.getBlock()).kind;
  if (kind != AccessPattern::Kind::Uniform &&
      kind != AccessPattern::Kind::UniformOffset)
    return;
  ValueRange indices =
      access->getOperands().drop_front(isa<memref::StoreOp>(access) ? 2 : 1);
  for (Value operand : indices) {
    for (scf::ForOp loop : getLoopsDeciding(job, operand)) {
      if (isUnrollable(loop))
        continue;
      std::optional<int64_t> trips = getTripCount(loop);
      if (loop.getUnsignedCmp()) {
        why += " (it comes from a loop compared unsigned, which wc-remap "
               "does not unroll)";
        return;
      }
      if (!trips) {
        why += " (it comes from a loop of a run-time trip count)";
        return;
      }
      why += " (it comes from a loop of " + std::to_string(*trips) +
             " iterations; wc-remap unrolls loops of at most " +
             std::to_string(kMaxUnrolledTrips) + ")";
      return;
    }
  }
  why += " (no loop computes it)";
}

/// The loops unrollForRemap unrolls to make `symbol`, used in an index of
/// `job`, a constant.
static SmallVector<scf::ForOp> getUnrollableLoops(WarpJobOp job, Value symbol) {
  SmallVector<scf::ForOp> loops = getLoopsDeciding(job, symbol);
  llvm::erase_if(loops, [](scf::ForOp loop) { return !isUnrollable(loop); });
  return loops;
}

/// The warp-level loops of `job` with a constant trip count whose induction
/// variables a buffer index depends on through `symbols`, the outermost of
/// them (so that unrolling one leaves the others in place; the loops they
/// hold are found again in their copies).
static SmallVector<scf::ForOp>
findLoopsToUnroll(WarpJobOp job, const SharedAccessAnalysis &analysis) {
  llvm::SetVector<Operation *> candidates;
  for (const SharedBufferAccesses &buffer : analysis.getBuffers()) {
    if (buffer.escapingUse)
      continue;
    for (Value symbol : buffer.symbols)
      for (scf::ForOp loop : getUnrollableLoops(job, symbol))
        candidates.insert(loop);
  }
  SmallVector<scf::ForOp> outermost;
  for (Operation *loop : candidates)
    if (llvm::none_of(candidates, [&](Operation *other) {
          return other->isProperAncestor(loop);
        }))
      outermost.push_back(cast<scf::ForOp>(loop));
  return outermost;
}

/// The trip count of `loop`, a loop in a phase of `job` whose bounds depend
/// on the thread (`for i = tid; i < N; i += T`, several elements per
/// thread, also with the bound `--scf-for-loop-peeling` computes) and whose
/// step is a constant, when it is the same for every thread of the job;
/// nullopt otherwise.
static std::optional<int64_t> getThreadStridedTrips(WarpJobOp job,
                                                    scf::ForOp loop) {
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  // The trips are counted with signed bounds.
  if (!step || *step <= 0 || loop.getUnsignedCmp() ||
      (getConstantIntValue(loop.getLowerBound()) &&
       getConstantIntValue(loop.getUpperBound())))
    return std::nullopt;
  std::optional<AffineExpr> lower =
      getThreadExpr(job, loop.getLowerBound(), loop);
  std::optional<AffineExpr> upper =
      lower ? getThreadExpr(job, loop.getUpperBound(), loop) : std::nullopt;
  if (!upper)
    return std::nullopt;
  ArrayRef<int64_t> block = job.getBlock();
  MLIRContext *context = job.getContext();
  auto at = [&](AffineExpr expr, ArrayRef<AffineExpr> thread) {
    return dyn_cast<AffineConstantExpr>(
        simplifyAffineExpr(expr.replaceDims(thread), 0, 0));
  };
  std::optional<int64_t> common;
  for (int64_t z = 0; z < block[2]; ++z)
    for (int64_t y = 0; y < block[1]; ++y)
      for (int64_t x = 0; x < block[0]; ++x) {
        SmallVector<AffineExpr, 3> thread = {getAffineConstantExpr(x, context),
                                             getAffineConstantExpr(y, context),
                                             getAffineConstantExpr(z, context)};
        AffineConstantExpr lo = at(*lower, thread), hi = at(*upper, thread);
        if (!lo || !hi)
          return std::nullopt;
        int64_t trips =
            hi.getValue() <= lo.getValue()
                ? 0
                : llvm::divideCeil(hi.getValue() - lo.getValue(), *step);
        if (common && *common != trips)
          return std::nullopt;
        common = trips;
      }
  return common;
}

/// Rewrites, in the phases of `func`, each loop over several elements per
/// thread (see getThreadStridedTrips) that accesses workgroup memory into a
/// loop over the same trip count for every thread, `for k = 0 to trips`,
/// with `i = lower + k * step`: the elements become `tid + k * T`, which
/// unrolling turns into constants relative to the thread.
/// The loops of `func` that normalizeThreadStridedLoops rewrites, with their
/// trip counts.
static SmallVector<std::pair<scf::ForOp, int64_t>>
findThreadStridedLoops(gpu::GPUFuncOp func) {
  SmallVector<std::pair<scf::ForOp, int64_t>> loops;
  func.walk([&](scf::ForOp loop) {
    auto job = loop->getParentOfType<WarpJobOp>();
    if (!job || !loop->getParentOfType<VThreadsOp>())
      return;
    bool accessesWorkgroup = false;
    loop.getBody()->walk([&](Operation *op) {
      accessesWorkgroup |= isa<memref::LoadOp, memref::StoreOp>(op) &&
                           llvm::any_of(op->getOperands(), [](Value v) {
                             return isWorkgroupMemRef(v.getType());
                           });
    });
    if (!accessesWorkgroup)
      return;
    // Only loops that unrollForRemap then unrolls are rewritten.
    if (std::optional<int64_t> trips = getThreadStridedTrips(job, loop);
        trips && *trips <= kMaxUnrolledTrips)
      loops.push_back({loop, *trips});
  });
  return loops;
}

static void normalizeThreadStridedLoops(gpu::GPUFuncOp func) {
  SmallVector<std::pair<scf::ForOp, int64_t>> loops =
      findThreadStridedLoops(func);
  for (auto [loop, trips] : loops) {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Value lower = loop.getLowerBound(), step = loop.getStep();
    // Constants of the induction variable's type (index or an integer).
    Type type = loop.getInductionVar().getType();
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantOp::create(b, loc, type,
                                       b.getIntegerAttr(type, value));
    };
    loop.getLowerBoundMutable().assign(constant(0));
    loop.getUpperBoundMutable().assign(constant(trips));
    loop.getStepMutable().assign(constant(1));
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    Value i = arith::AddIOp::create(b, loc, lower,
                                    arith::MulIOp::create(b, loc, k, step));
    k.replaceAllUsesExcept(
        i, i.getDefiningOp<arith::AddIOp>().getRhs().getDefiningOp());
  }
}

namespace {
/// The values of integers when the induction variables of some loops take
/// given values: each value folded from constants and those variables
/// through ops without memory effects (and without regions), each op folded
/// on a detached copy so that the kernel is never touched; nullopt when
/// something else decides it. Values are remembered.
class IterationEvaluator {
public:
  explicit IterationEvaluator(DenseMap<Value, int64_t> ivs)
      : known(ivs.begin(), ivs.end()) {}

  std::optional<int64_t> evaluate(Value value);

private:
  DenseMap<Value, std::optional<int64_t>> known;
};
} // namespace

std::optional<int64_t> IterationEvaluator::evaluate(Value value) {
  if (auto it = known.find(value); it != known.end())
    return it->second;
  // Unknown until shown otherwise (also for a value that reaches itself).
  known[value] = std::nullopt;
  std::optional<int64_t> result;
  APInt constant;
  Operation *def = value.getDefiningOp();
  if (matchPattern(value, m_ConstantInt(&constant))) {
    result = constant.getSExtValue();
  } else if (def && def->getNumResults() == 1 && def->getNumRegions() == 0 &&
             isMemoryEffectFree(def) &&
             value.getType().isSignlessIntOrIndex()) {
    SmallVector<Attribute> operands;
    for (Value operand : def->getOperands()) {
      std::optional<int64_t> v = evaluate(operand);
      if (!v || !operand.getType().isSignlessIntOrIndex()) {
        operands.clear();
        break;
      }
      operands.push_back(IntegerAttr::get(operand.getType(), *v));
    }
    if (operands.size() == def->getNumOperands()) {
      Operation *copy = def->clone();
      SmallVector<OpFoldResult> folded;
      if (succeeded(copy->fold(operands, folded)) && folded.size() == 1) {
        if (auto attr = dyn_cast<Attribute>(folded[0])) {
          if (auto integer = dyn_cast<IntegerAttr>(attr))
            result = integer.getValue().getSExtValue();
        } else if (Value other = cast<Value>(folded[0]);
                   other.getDefiningOp() != copy) {
          // A fold to another value (`x + 0`, `(a - b) + b`): an
          // operand's value is already known.
          result = evaluate(other);
        }
      }
      copy->erase();
    }
  }
  known[value] = result;
  return result;
}

/// Whether unrolling could make `value`, used in `job`, a different value
/// in each copy: it depends on a block argument (induction variable or
/// iteration value) of a loop that is unrolled (a constant trip count of at
/// most kMaxUnrolledTrips, or one of `threadStridedLoops`), or of a loop
/// whose bounds or initial values depend on one (bounds that become
/// constants once an outer loop is unrolled).
static bool dependsOnUnrolledLoop(WarpJobOp job, Value value,
                                  ArrayRef<scf::ForOp> threadStridedLoops) {
  SmallVector<Value> worklist{value};
  DenseSet<Operation *> seenLoops;
  while (!worklist.empty()) {
    for (Value v : getSliceValues(job, worklist.pop_back_val())) {
      auto arg = dyn_cast<BlockArgument>(v);
      auto loop = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())
                      : scf::ForOp();
      if (!loop || !job->isProperAncestor(loop) ||
          !seenLoops.insert(loop).second)
        continue;
      if (isUnrollable(loop) || llvm::is_contained(threadStridedLoops, loop))
        return true;
      worklist.append(
          {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()});
      llvm::append_range(worklist, loop.getInitArgs());
    }
  }
  return false;
}

/// Checks of planBuffer that can be made on `buffer` of `job` before the
/// loops that decide its indices are unrolled: the buffer as a whole, and
/// each access on its own with every combination of iterations of those
/// loops substituted (an access without an index that depends on a loop
/// that may be unrolled is assumed fine). True when the buffer may become a
/// lane array once unrolled; otherwise the reason and the culprit, as
/// planBuffer would give them.
static bool mayPlanAfterUnroll(WarpJobOp job,
                               const SharedBufferAccesses &buffer,
                               ArrayRef<scf::ForOp> threadStridedLoops,
                               std::string &why, Operation *&culprit) {
  constexpr int64_t kMaxInstances = 256;
  ArrayRef<int64_t> block = job.getBlock();
  BufferPlan plan;
  if (failed(checkBuffer(job, buffer, plan, why, culprit)))
    return false;
  // Per symbol position: whether unrolling may still make it a constant.
  DenseMap<unsigned, bool> unrolledSymbols;
  for (const SharedAccess &access : buffer.accesses) {
    culprit = access.op;
    if (!access.op->getParentOfType<VThreadsOp>()) {
      why = "it is accessed at warp level, outside the virtual-thread phases";
      return false;
    }
    if (!access.index) {
      // Unrolling a loop that its indices depend on may give it one.
      ValueRange operands = access.op->getOperands().drop_front(
          isa<memref::StoreOp>(access.op) ? 2 : 1);
      bool unrolledAround = llvm::any_of(operands, [&](Value operand) {
        return dependsOnUnrolledLoop(job, operand, threadStridedLoops);
      });
      if (unrolledAround)
        continue;
      why = access.reason;
      return false;
    }
    // The loops to unroll for this access, and its symbols.
    SmallVector<AffineExpr, 2> indices{*access.index};
    if (access.elseIndex)
      indices.push_back(*access.elseIndex);
    llvm::SetVector<unsigned> positions;
    for (AffineExpr index : indices)
      index.walk([&](AffineExpr e) {
        if (auto symbol = dyn_cast<AffineSymbolExpr>(e))
          positions.insert(symbol.getPosition());
      });
    llvm::SetVector<scf::ForOp> loops;
    for (unsigned position : positions)
      for (scf::ForOp loop : getUnrollableLoops(job, buffer.symbols[position]))
        loops.insert(loop);
    SmallVector<int64_t> trips;
    int64_t instances = 1;
    for (scf::ForOp loop : loops) {
      trips.push_back(*getTripCount(loop));
      instances *= std::max<int64_t>(trips.back(), 1);
      if (trips.back() == 0 || instances > kMaxInstances)
        break;
    }
    if (instances > kMaxInstances) {
      why = "unrolling the loops that decide its indices would copy an "
            "access more than " +
            std::to_string(kMaxInstances) + " times";
      return false;
    }
    if (llvm::is_contained(trips, 0))
      continue;
    // Every combination of iterations, the first loop's varying slowest.
    SmallVector<int64_t> iteration(loops.size(), 0);
    for (int64_t instance = 0; instance < instances; ++instance) {
      DenseMap<Value, int64_t> ivs;
      for (auto [constLoop, i] : llvm::zip(loops, iteration)) {
        scf::ForOp loop = constLoop;
        ivs[loop.getInductionVar()] =
            *getConstantIntValue(loop.getLowerBound()) +
            i * *getConstantIntValue(loop.getStep());
      }
      IterationEvaluator evaluator(std::move(ivs));
      SmallVector<AffineExpr> replacements;
      for (auto [position, symbol] : llvm::enumerate(buffer.symbols)) {
        std::optional<int64_t> v = positions.contains(position)
                                       ? evaluator.evaluate(symbol)
                                       : std::nullopt;
        replacements.push_back(
            v ? getAffineConstantExpr(*v, job.getContext())
              : getAffineSymbolExpr(position, job.getContext()));
      }
      // A symbol left unknown here that unrolling may still make a
      // constant (it depends on an iteration value, or on a loop whose
      // bounds come from an unrolled one): the access is assumed fine.
      bool unknownAfterUnroll = false;
      for (auto [position, replacement] : llvm::enumerate(replacements)) {
        if (!positions.contains(position) ||
            !isa<AffineSymbolExpr>(replacement))
          continue;
        auto [it, inserted] = unrolledSymbols.try_emplace(position, false);
        if (inserted)
          it->second = dependsOnUnrolledLoop(job, buffer.symbols[position],
                                             threadStridedLoops);
        unknownAfterUnroll |= it->second;
      }
      if (unknownAfterUnroll)
        break;
      for (AffineExpr index : indices) {
        AffineExpr at = index.replaceSymbols(replacements);
        std::optional<Element> element =
            toElement(at, access.xorMask, block, why);
        if (!element) {
          explainUniformIndex(job, access.op, at, access.xorMask, why);
          return false;
        }
        if (access.isStore && element->kind == Element::Kind::Butterfly) {
          why = "a store writes a butterfly partner's element";
          return false;
        }
      }
      for (int64_t i = loops.size() - 1; i >= 0; --i) {
        if (++iteration[i] < trips[i])
          break;
        iteration[i] = 0;
      }
    }
  }
  culprit = nullptr;
  return true;
}

/// Calls `fn` for each buffer of `analysis` that is planned on its own.
static void forEachPlannedBuffer(
    WarpJobOp job, const SharedAccessAnalysis &analysis,
    function_ref<void(WarpJobOp, const SharedBufferAccesses &)> fn) {
  for (const SharedBufferAccesses &buffer : analysis.getBuffers()) {
    // A view keeps the buffer it views in shared memory, and is reported
    // with it.
    Operation *def = buffer.buffer.getDefiningOp();
    if (!def ||
        isa<memref::AllocaOp, memref::AllocOp, memref::GetGlobalOp>(def))
      fn(job, buffer);
  }
}

void remap::forEachPlannedBuffer(
    gpu::GPUFuncOp func,
    function_ref<void(WarpJobOp, const SharedBufferAccesses &)> fn) {
  func.walk([&](WarpJobOp job) {
    SharedAccessAnalysis analysis(job);
    ::forEachPlannedBuffer(job, analysis, fn);
  });
}

UnrollDecision remap::decideUnrollForRemap(gpu::GPUFuncOp func,
                                           RefusalCallback refuse) {
  // One analysis per job serves both questions: whether a loop decides an
  // index, and what each buffer would become once it is unrolled.
  SmallVector<std::pair<WarpJobOp, std::unique_ptr<SharedAccessAnalysis>>>
      analyses;
  SmallVector<scf::ForOp> threadStridedLoops = llvm::map_to_vector(
      findThreadStridedLoops(func), [](auto pair) { return pair.first; });
  bool needed = !threadStridedLoops.empty();
  func.walk([&](WarpJobOp job) {
    auto analysis = std::make_unique<SharedAccessAnalysis>(job);
    needed = needed || !findLoopsToUnroll(job, *analysis).empty();
    analyses.emplace_back(job, std::move(analysis));
  });
  if (!needed)
    return UnrollDecision::notNeeded;
  bool promising = false;
  for (auto &[job, analysis] : analyses)
    ::forEachPlannedBuffer(
        job, *analysis, [&](WarpJobOp job, const SharedBufferAccesses &buffer) {
          std::string why;
          Operation *culprit = nullptr;
          if (mayPlanAfterUnroll(job, buffer, threadStridedLoops, why, culprit))
            promising = true;
          else
            refuse(buffer.buffer, why, culprit);
        });
  return promising ? UnrollDecision::promising : UnrollDecision::refused;
}

/// Unrolls, in `func`, the uniform loops that keep buffer indices from being
/// constants relative to the thread, then folds the now-constant indices.
void remap::unrollForRemap(gpu::GPUFuncOp func) {
  normalizeThreadStridedLoops(func);
  std::optional<FrozenRewritePatternSet> canonicalization;
  for (int round = 0; round < 16; ++round) {
    bool unrolled = false;
    func.walk([&](WarpJobOp job) {
      SharedAccessAnalysis analysis(job);
      for (scf::ForOp loop : findLoopsToUnroll(job, analysis))
        unrolled |= succeeded(loopUnrollFull(loop));
    });
    if (!unrolled)
      return;
    if (!canonicalization) {
      MLIRContext *context = func.getContext();
      RewritePatternSet patterns(context);
      for (Dialect *dialect : context->getLoadedDialects())
        dialect->getCanonicalizationPatterns(patterns);
      for (RegisteredOperationName op : context->getRegisteredOperations())
        op.getCanonicalizationPatterns(patterns, context);
      canonicalization.emplace(std::move(patterns));
    }
    (void)applyPatternsGreedily(func, *canonicalization);
  }
}
