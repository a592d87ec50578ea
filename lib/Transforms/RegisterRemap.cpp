//===- RegisterRemap.cpp - Workgroup buffers become lane arrays -----------===//
//
// The `wc-remap` pass: register remapping, the second stage of the
// Warp-Consolidation model. After aggregation the lanes of a warp job still
// communicate through workgroup memory; where every access to a buffer is
// static (the thread's own element plus a constant, a butterfly partner, a
// constant element), the buffer becomes a `!wc.lane_array` carried in
// registers and every read of another lane's element a shuffle.
//
// The lane array is a value at warp level (outside the virtual-thread
// phases), threaded through the job's uniform control flow. Before a phase,
// at warp level where all 32 lanes are converged, the elements the phase
// reads are gathered into one vector per read pattern (element v for
// virtual thread v) with register reads and shuffles; the phase extracts
// its own. A phase that stores writes its own element only: the element is
// carried through the phase's control flow and yielded, and the lane array
// updated after the phase. Reads see the array as it was at the start of
// the phase, except a thread's reads of the element it writes itself: in
// the original kernel any other thread writing that element between two
// barriers would race with the read.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/SharedAccess.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Aggregation.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"
#include "WC/Transforms/StateThreading.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_REGISTERREMAP
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

/// Uniform loops of at most this many iterations are unrolled when their
/// induction variable decides which elements a phase accesses.
static constexpr int64_t kMaxUnrolledTrips = 32;

//===----------------------------------------------------------------------===//
// Plans
//===----------------------------------------------------------------------===//

namespace {
/// Which element an access reads or writes, in positions of the lane array
/// (position `p` is slot `p / 32` of lane `p % 32`; thread `t` is virtual
/// thread `t / 32` of lane `t % 32`).
struct Element {
  enum class Kind {
    /// Position `t + value`.
    Relative,
    /// Position `value`, the same for every thread.
    Fixed,
    /// Position `t xor value`.
    Butterfly,
  };
  Kind kind;
  int64_t value;

  bool operator==(const Element &other) const {
    return kind == other.kind && value == other.value;
  }
};

/// An access and the element(s) it touches: two for a load whose index
/// selects between two elements.
struct PlannedAccess {
  Operation *op;
  bool isStore;
  SmallVector<Element, 2> elements;
  Value selectCondition;
  /// For a store to a fixed element: the one thread that executes it.
  int64_t writer = -1;
};

/// What the rewrite of one buffer needs.
struct BufferPlan {
  Value buffer;
  /// The buffer's position in the kernel's workgroup attributions, or -1
  /// for an allocation op.
  int bufferIndex = -1;
  Type elementType;
  int64_t numElements = 0;
  /// Position of element `e` is `e + shift`: a layout that makes every
  /// store write the storing lane's own element.
  int64_t shift = 0;
  LaneArrayType arrayType;
  SmallVector<PlannedAccess> accesses;
};

/// The range [lo, hi) of linear thread ids that may execute an op.
struct ThreadRange {
  int64_t lo, hi;
};
} // namespace

/// A name for a buffer in remarks.
static std::string describeBuffer(Value buffer, int index) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (index >= 0)
    os << "workgroup buffer " << index << " ";
  else
    os << "buffer ";
  os << "(" << buffer.getType() << ")";
  return text;
}

/// The linear thread ids of a job of `blockSize` threads that may execute
/// `op`, from the `scf.if` conditions `tid < C`, `tid == C`, ... that enclose
/// it inside its phase (1-D blocks, where the linear id is `tid`).
static ThreadRange getThreadRange(Operation *op, VThreadsOp phase,
                                  ArrayRef<int64_t> block) {
  int64_t blockSize = block[0] * block[1] * block[2];
  ThreadRange range{0, blockSize};
  if (block[1] != 1 || block[2] != 1)
    return range;
  Value tid = phase.getThreadIds()[0];
  for (Operation *child = op, *parent = op->getParentOp(); parent != phase;
       child = parent, parent = parent->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(parent);
    if (!ifOp)
      continue;
    auto cmp = ifOp.getCondition().getDefiningOp<arith::CmpIOp>();
    APInt bound;
    if (!cmp || cmp.getLhs() != tid ||
        !matchPattern(cmp.getRhs(), m_ConstantInt(&bound)))
      continue;
    int64_t c = bound.getSExtValue();
    arith::CmpIPredicate predicate = cmp.getPredicate();
    if (child->getParentRegion() == &ifOp.getElseRegion())
      predicate = arith::invertPredicate(predicate);
    switch (predicate) {
    case arith::CmpIPredicate::ult:
    case arith::CmpIPredicate::slt:
      range.hi = std::min(range.hi, c);
      break;
    case arith::CmpIPredicate::ule:
    case arith::CmpIPredicate::sle:
      range.hi = std::min(range.hi, c + 1);
      break;
    case arith::CmpIPredicate::ugt:
    case arith::CmpIPredicate::sgt:
      range.lo = std::max(range.lo, c + 1);
      break;
    case arith::CmpIPredicate::uge:
    case arith::CmpIPredicate::sge:
      range.lo = std::max(range.lo, c);
      break;
    case arith::CmpIPredicate::eq:
      range.lo = std::max(range.lo, c);
      range.hi = std::min(range.hi, c + 1);
      break;
    case arith::CmpIPredicate::ne:
      break;
    }
  }
  return range;
}

/// The lanes [first, last] of virtual thread `v` within `range`, or
/// nullopt when none.
static std::optional<std::pair<int64_t, int64_t>>
getActiveLanes(ThreadRange range, int64_t v) {
  int64_t first = std::max<int64_t>(range.lo - v * kWarpSize, 0);
  int64_t last = std::min<int64_t>(range.hi - v * kWarpSize, kWarpSize) - 1;
  if (first > last)
    return std::nullopt;
  return std::make_pair(first, last);
}

/// Converts the index of an access into positions relative to the thread
/// (before the layout shift); fails with the reason in `why`.
static std::optional<Element> toElement(AffineExpr index, int64_t xorMask,
                                        ArrayRef<int64_t> block,
                                        std::string &why) {
  AccessPattern pattern = classifyIndex(index, xorMask, block);
  switch (pattern.kind) {
  case AccessPattern::Kind::Own:
  case AccessPattern::Kind::Shift:
    return Element{Element::Kind::Relative, pattern.offset};
  case AccessPattern::Kind::Butterfly:
    return Element{Element::Kind::Butterfly, pattern.offset};
  case AccessPattern::Kind::Uniform:
    if (pattern.element)
      return Element{Element::Kind::Fixed, *pattern.element};
    why = "an index depends on a warp-uniform value that is not a constant "
          "(no unrollable loop computes it)";
    return std::nullopt;
  case AccessPattern::Kind::UniformOffset:
    why = "an index is the thread's element plus a warp-uniform value that "
          "is not a constant (no unrollable loop computes it)";
    return std::nullopt;
  case AccessPattern::Kind::Other:
    break;
  }
  std::string text;
  llvm::raw_string_ostream(text) << index;
  why = "index " + text +
        " is neither the thread's own element plus a constant, a butterfly "
        "partner, nor a constant element";
  return std::nullopt;
}

/// The number of virtual threads of a lane that run some thread of `range`.
static int64_t countActiveVThreads(ThreadRange range, int64_t vthreads) {
  int64_t count = 0;
  for (int64_t v = 0; v < vthreads; ++v)
    count += getActiveLanes(range, v).has_value();
  return count;
}

/// Estimates, per job, the shared-memory accesses the remap of `plan`
/// replaces and the shuffles it needs (gathers per phase and pattern, as
/// the rewrite builds them).
static std::pair<int64_t, int64_t> estimateCost(WarpJobOp job,
                                                const BufferPlan &plan) {
  ArrayRef<int64_t> block = job.getBlock();
  int64_t vthreads = job.getVirtualThreads();
  int64_t accesses = 0;
  // Per phase: the read patterns that need shuffles, with their threads.
  DenseMap<Operation *, SmallVector<std::pair<Element, ThreadRange>>> reads;
  for (const PlannedAccess &access : plan.accesses) {
    auto phase = access.op->getParentOfType<VThreadsOp>();
    ThreadRange range = getThreadRange(access.op, phase, block);
    accesses += countActiveVThreads(range, vthreads);
    if (access.isStore) {
      if (access.writer >= 0)
        reads[phase].push_back(
            {{Element::Kind::Fixed, access.elements[0].value}, range});
      continue;
    }
    for (const Element &element : access.elements) {
      auto &list = reads[phase];
      auto *it = llvm::find_if(list, [&](auto &p) { return p.first == element; });
      if (it == list.end())
        list.push_back({element, range});
      else
        it->second = {std::min(it->second.lo, range.lo),
                      std::max(it->second.hi, range.hi)};
    }
  }
  int64_t shuffles = 0;
  for (auto &[phase, list] : reads)
    for (auto &[element, range] : list) {
      switch (element.kind) {
      case Element::Kind::Fixed:
        ++shuffles;
        break;
      case Element::Kind::Relative:
      case Element::Kind::Butterfly:
        if (element.value % kWarpSize != 0)
          shuffles += countActiveVThreads(range, vthreads);
        break;
      }
    }
  return {accesses, shuffles};
}

/// Plans the remapping of `buffer`, or fails with the reason in `why` and
/// the offending op in `culprit`.
static FailureOr<BufferPlan> planBuffer(WarpJobOp job,
                                        const SharedBufferAccesses &buffer,
                                        std::string &why, Operation *&culprit) {
  ArrayRef<int64_t> block = job.getBlock();
  BufferPlan plan;
  plan.buffer = buffer.buffer;
  auto type = cast<MemRefType>(buffer.buffer.getType());
  if (buffer.escapingUse) {
    culprit = buffer.escapingUse;
    why = ("it is used by '" + buffer.escapingUse->getName().getStringRef() +
           "', not only loaded and stored")
              .str();
    return failure();
  }
  if (!type.hasStaticShape()) {
    why = "its shape is dynamic";
    return failure();
  }
  if (!isa<IntegerType, FloatType, IndexType>(type.getElementType()) ||
      type.getElementType().isInteger(1)) {
    why = "its elements are not scalars a shuffle can move";
    return failure();
  }
  auto arg = dyn_cast<BlockArgument>(buffer.buffer);
  auto func = job->getParentOfType<gpu::GPUFuncOp>();
  if (arg) {
    if (!func || arg.getOwner() != &func.getBody().front() ||
        arg.getArgNumber() < func.getFirstWorkgroupAttributionIndex()) {
      why = "it is not a workgroup attribution of the kernel";
      return failure();
    }
    plan.bufferIndex =
        arg.getArgNumber() - func.getFirstWorkgroupAttributionIndex();
  } else if (!buffer.buffer.getDefiningOp<memref::AllocaOp>() &&
             !buffer.buffer.getDefiningOp<memref::AllocOp>()) {
    why = "it is not allocated in the kernel (a global buffer may be shared)";
    return failure();
  }
  plan.elementType = type.getElementType();
  plan.numElements = type.getNumElements();

  for (const SharedAccess &access : buffer.accesses) {
    culprit = access.op;
    if (!access.index) {
      why = access.reason;
      return failure();
    }
    if (!access.op->getParentOfType<VThreadsOp>()) {
      why = "it is accessed at warp level, outside the virtual-thread phases";
      return failure();
    }
    PlannedAccess planned{access.op, access.isStore, {}, access.selectCondition};
    SmallVector<AffineExpr, 2> indices{*access.index};
    if (access.elseIndex)
      indices.push_back(*access.elseIndex);
    for (AffineExpr index : indices) {
      std::optional<Element> element =
          toElement(index, access.xorMask, block, why);
      if (!element)
        return failure();
      planned.elements.push_back(*element);
    }
    if (access.isStore) {
      Element::Kind kind = planned.elements[0].kind;
      if (kind == Element::Kind::Butterfly) {
        why = "a store writes a butterfly partner's element";
        return failure();
      }
      if (kind == Element::Kind::Fixed) {
        // A fixed element (a halo) written by one known thread: the value
        // goes to the owner lane after the phase.
        auto phase = access.op->getParentOfType<VThreadsOp>();
        ThreadRange range = getThreadRange(access.op, phase, block);
        if (range.hi - range.lo != 1) {
          why = "a store to a fixed element is not guarded to one thread "
                "(a 'tid == c' condition)";
          return failure();
        }
        planned.writer = range.lo;
      }
    }
    plan.accesses.push_back(std::move(planned));
  }
  culprit = nullptr;

  // The layout: every store relative to the thread must write the storing
  // lane's own element.
  std::optional<int64_t> storeOffset;
  for (const PlannedAccess &access : plan.accesses) {
    if (!access.isStore || access.writer >= 0)
      continue;
    int64_t offset = access.elements[0].value;
    if (storeOffset && llvm::mod(offset - *storeOffset, kWarpSize) != 0) {
      culprit = access.op;
      why = "stores write elements at offsets " + std::to_string(*storeOffset) +
            " and " + std::to_string(offset) +
            " from the thread, which no layout gives both to the storing lane";
      return failure();
    }
    storeOffset = offset;
  }
  plan.shift = storeOffset ? llvm::mod(-*storeOffset, kWarpSize) : 0;
  for (PlannedAccess &access : plan.accesses)
    for (Element &element : access.elements) {
      if (element.kind == Element::Kind::Butterfly && plan.shift != 0) {
        culprit = access.op;
        why = "a butterfly read needs the default layout but the stores "
              "need a shifted one";
        return failure();
      }
      if (element.kind != Element::Kind::Butterfly)
        element.value += plan.shift;
    }

  // Per phase: one offset for stores relative to the thread, one writer per
  // fixed element, which no thread's relative store may also write, and no
  // butterfly read of an element a shifted store may write.
  DenseMap<Operation *, int64_t> phaseStore;
  DenseMap<std::pair<Operation *, int64_t>, std::pair<int64_t, Operation *>>
      fixedWriter;
  for (const PlannedAccess &access : plan.accesses) {
    if (!access.isStore)
      continue;
    culprit = access.op;
    Operation *phase = access.op->getParentOfType<VThreadsOp>();
    int64_t position = access.elements[0].value;
    if (access.writer >= 0) {
      auto [it, inserted] = fixedWriter.try_emplace(
          {phase, position}, std::make_pair(access.writer, access.op));
      if (!inserted && it->second.first != access.writer) {
        why = "two threads store to one fixed element in a phase";
        return failure();
      }
      continue;
    }
    auto [it, inserted] = phaseStore.try_emplace(phase, position);
    if (!inserted && it->second != position) {
      why = "a phase stores to two elements per thread";
      return failure();
    }
  }
  for (auto &[key, writer] : fixedWriter) {
    auto it = phaseStore.find(key.first);
    culprit = writer.second;
    if (it != phaseStore.end() && key.second - it->second >= 0 &&
        key.second - it->second < job.getBlockSize()) {
      why = "a fixed element is also a thread's own stored element";
      return failure();
    }
  }
  for (const PlannedAccess &access : plan.accesses) {
    auto it = phaseStore.find(access.op->getParentOfType<VThreadsOp>());
    if (it == phaseStore.end() || it->second == 0)
      continue;
    for (const Element &element : access.elements)
      if (element.kind == Element::Kind::Butterfly) {
        culprit = access.op;
        why = "a phase reads a butterfly partner and stores off the thread's "
              "own element";
        return failure();
      }
  }
  culprit = nullptr;

  // Shuffles must not outnumber the shared-memory accesses they replace
  // (broadcast- or all-to-all-dominated patterns stay in shared memory).
  auto [accessCount, shuffleCount] = estimateCost(job, plan);
  if (shuffleCount > accessCount) {
    why = "its reads need " + std::to_string(shuffleCount) +
          " shuffles per job, more than the " + std::to_string(accessCount) +
          " shared-memory accesses they replace";
    return failure();
  }

  int64_t padded = llvm::alignTo(plan.numElements + plan.shift, kWarpSize);
  plan.arrayType = LaneArrayType::get(job.getContext(), padded,
                                      plan.elementType,
                                      LaneArrayLayout::cyclic);
  return plan;
}

/// Whether every op between the accesses of `buffer` and the job is control
/// flow the rewrite can thread values through; otherwise the culprit.
static Operation *findUnsupportedControl(WarpJobOp job, const BufferPlan &plan) {
  DenseSet<Operation *> accessOps;
  for (const PlannedAccess &access : plan.accesses)
    accessOps.insert(access.op);
  auto isPhase = [&](Operation *op) {
    return isa<VThreadsOp>(op) &&
           op->walk([&](Operation *nested) {
               return accessOps.contains(nested) ? WalkResult::interrupt()
                                                 : WalkResult::advance();
             }).wasInterrupted();
  };
  auto always = [](Operation *) { return true; };
  auto unused = [](Operation *, MutableArrayRef<Value>) {};
  Operation *blocker = nullptr;
  StateAccesses warpLevel{isPhase, always, unused};
  if (!canThreadState(job.getBody().front(), warpLevel, blocker))
    return blocker;
  auto isAccess = [&](Operation *op) { return accessOps.contains(op); };
  StateAccesses inPhase{isAccess, always, unused};
  for (const PlannedAccess &access : plan.accesses) {
    auto phase = access.op->getParentOfType<VThreadsOp>();
    if (!canThreadState(phase.getBody().front(), inPhase, blocker))
      return blocker;
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Unrolling
//===----------------------------------------------------------------------===//

/// The constant trip count of `loop`, if its bounds are constants.
static std::optional<int64_t> getTripCount(scf::ForOp loop) {
  std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                         ub = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  return *ub <= *lb ? 0 : llvm::divideCeil(*ub - *lb, *step);
}

/// A warp-level loop of `job` with a constant trip count whose induction
/// variable a buffer index depends on through `symbols`, or null.
static scf::ForOp findLoopToUnroll(WarpJobOp job,
                                   const SharedAccessAnalysis &analysis) {
  for (const SharedBufferAccesses &buffer : analysis.getBuffers()) {
    if (buffer.escapingUse)
      continue;
    for (Value symbol : buffer.symbols) {
      SetVector<Operation *> slice;
      BackwardSliceOptions options;
      options.inclusive = true;
      options.omitUsesFromAbove = false;
      options.filter = [&](Operation *op) { return job->isAncestor(op); };
      SetVector<Value> values;
      values.insert(symbol);
      if (Operation *def = symbol.getDefiningOp())
        (void)getBackwardSlice(def, &slice, options);
      for (Operation *op : slice)
        for (Value operand : op->getOperands())
          values.insert(operand);
      for (Value value : values) {
        auto arg = dyn_cast<BlockArgument>(value);
        if (!arg)
          continue;
        auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
        if (!loop || arg != loop.getInductionVar() ||
            !job->isProperAncestor(loop))
          continue;
        std::optional<int64_t> trips = getTripCount(loop);
        if (trips && *trips <= kMaxUnrolledTrips)
          return loop;
      }
    }
  }
  return nullptr;
}

/// Unrolls, in `func`, the uniform loops that keep buffer indices from being
/// constants relative to the thread, then folds the now-constant indices.
static void unrollForRemap(gpu::GPUFuncOp func) {
  MLIRContext *context = func.getContext();
  RewritePatternSet patterns(context);
  for (Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : context->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, context);
  FrozenRewritePatternSet frozen(std::move(patterns));
  for (int round = 0; round < 16; ++round) {
    bool unrolled = false;
    func.walk([&](WarpJobOp job) {
      SharedAccessAnalysis analysis(job);
      if (scf::ForOp loop = findLoopToUnroll(job, analysis))
        unrolled |= succeeded(loopUnrollFull(loop));
    });
    if (!unrolled)
      return;
    (void)applyPatternsGreedily(func, frozen);
  }
}

//===----------------------------------------------------------------------===//
// Rewrite
//===----------------------------------------------------------------------===//

namespace {
/// Rewrites the accesses of one buffer of one job.
class BufferRewriter {
public:
  BufferRewriter(WarpJobOp job, const BufferPlan &plan)
      : job(job), plan(plan), rewriter(job.getContext()),
        slots(plan.arrayType.getSlotsPerLane()),
        vthreads(job.getVirtualThreads()) {
    for (const PlannedAccess &access : plan.accesses)
      accessOf[access.op] = &access;
  }

  void run();


private:
  bool isPhaseOfBuffer(Operation *op) const;
  Value rewritePhase(VThreadsOp phase, Value array);
  Value gather(Location loc, Value array, Element element, ThreadRange range);
  Value readSlot(Location loc, Value array, int64_t slot);
  Value zero(Location loc) {
    return arith::ConstantOp::create(rewriter, loc,
                                     rewriter.getZeroAttr(plan.elementType));
  }
  Value i32(Location loc, int64_t value) {
    return arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(),
                                        value);
  }

  WarpJobOp job;
  const BufferPlan &plan;
  IRRewriter rewriter;
  int64_t slots, vthreads;
  DenseMap<Operation *, const PlannedAccess *> accessOf;
  /// The calling lane as an i32, at the current phase.
  Value laneI32, lane;
};
} // namespace

bool BufferRewriter::isPhaseOfBuffer(Operation *op) const {
  return isa<VThreadsOp>(op) &&
         op->walk([&](Operation *nested) {
             return accessOf.contains(nested) ? WalkResult::interrupt()
                                              : WalkResult::advance();
           }).wasInterrupted();
}

Value BufferRewriter::readSlot(Location loc, Value array, int64_t slot) {
  if (slot < 0 || slot >= slots)
    return zero(loc);
  return LaneReadOp::create(rewriter, loc, array,
                            createIndexConstant(rewriter, loc, slot), laneI32);
}

/// The value that virtual thread `v` of each lane reads at `element`, for
/// every `v`, as a vector; `range` bounds the threads that read it.
Value BufferRewriter::gather(Location loc, Value array, Element element,
                             ThreadRange range) {
  SmallVector<Value> values;
  Value fixed;
  for (int64_t v = 0; v < vthreads; ++v) {
    std::optional<std::pair<int64_t, int64_t>> lanes =
        getActiveLanes(range, v);
    if (!lanes) {
      values.push_back(zero(loc));
      continue;
    }
    auto [first, last] = *lanes;
    switch (element.kind) {
    case Element::Kind::Fixed: {
      if (!fixed) {
        int64_t slot = element.value / kWarpSize;
        if (element.value < 0 || slot >= slots) {
          fixed = zero(loc);
        } else {
          fixed = LaneReadOp::create(
              rewriter, loc, array, createIndexConstant(rewriter, loc, slot),
              i32(loc, element.value % kWarpSize));
        }
      }
      values.push_back(fixed);
      break;
    }
    case Element::Kind::Butterfly: {
      int64_t slot = v ^ (element.value / kWarpSize);
      int64_t mask = element.value % kWarpSize;
      Value own = readSlot(loc, array, slot);
      if (mask == 0) {
        values.push_back(own);
        break;
      }
      values.push_back(ShuffleOp::create(rewriter, loc, ShuffleMode::xor_, own,
                                         i32(loc, mask), kWarpSize, Value())
                           .getResult());
      break;
    }
    case Element::Kind::Relative: {
      int64_t chunk = llvm::divideFloorSigned(element.value, kWarpSize);
      int64_t offset = llvm::mod(element.value, kWarpSize);
      int64_t low = v + chunk, high = v + chunk + 1;
      if (offset == 0) {
        values.push_back(readSlot(loc, array, low));
        break;
      }
      auto inRange = [&](int64_t slot) { return slot >= 0 && slot < slots; };
      if (!inRange(low) && !inRange(high)) {
        // Only elements past the buffer: no thread may read them.
        values.push_back(zero(loc));
        break;
      }
      if (last + offset < kWarpSize) {
        // No reading lane wraps into the next slot.
        values.push_back(ShuffleOp::create(rewriter, loc, ShuffleMode::down,
                                           readSlot(loc, array, low),
                                           i32(loc, offset), kWarpSize, Value())
                             .getResult());
        break;
      }
      if (first + offset >= kWarpSize) {
        // Every reading lane wraps.
        values.push_back(ShuffleOp::create(rewriter, loc, ShuffleMode::up,
                                           readSlot(loc, array, high),
                                           i32(loc, kWarpSize - offset),
                                           kWarpSize, Value())
                             .getResult());
        break;
      }
      // A rotation: lane l reads lane (l + offset) mod 32, which sends its
      // slot `high` to the lanes that wrap (source lanes below `offset`)
      // and slot `low` to the others.
      Value wraps = arith::CmpIOp::create(rewriter, loc,
                                          arith::CmpIPredicate::ult, laneI32,
                                          i32(loc, offset));
      Value sent =
          arith::SelectOp::create(rewriter, loc, wraps,
                                  readSlot(loc, array, high),
                                  readSlot(loc, array, low));
      Value source = arith::AndIOp::create(
          rewriter, loc,
          arith::AddIOp::create(rewriter, loc, laneI32, i32(loc, offset)),
          i32(loc, kWarpSize - 1));
      values.push_back(ShuffleOp::create(rewriter, loc, ShuffleMode::idx, sent,
                                         source, kWarpSize, Value())
                           .getResult());
      break;
    }
    }
  }
  auto vectorType = VectorType::get({vthreads}, plan.elementType);
  return vector::FromElementsOp::create(rewriter, loc, vectorType, values);
}

/// Whether `op`, inside `phase`, runs for every thread its enclosing
/// `tid <pred> c` conditions admit (no other condition or loop encloses it).
static bool isGuardedOnlyByThreadId(Operation *op, VThreadsOp phase) {
  Value tid = phase.getThreadIds()[0];
  for (Operation *parent = op->getParentOp(); parent != phase;
       parent = parent->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(parent);
    auto cmp = ifOp ? ifOp.getCondition().getDefiningOp<arith::CmpIOp>()
                    : arith::CmpIOp();
    if (!cmp || cmp.getLhs() != tid ||
        !matchPattern(cmp.getRhs(), m_Constant()))
      return false;
  }
  return true;
}

/// The position that thread `t` accesses at `element`.
static int64_t positionFor(Element element, int64_t t) {
  switch (element.kind) {
  case Element::Kind::Relative:
    return t + element.value;
  case Element::Kind::Fixed:
    return element.value;
  case Element::Kind::Butterfly:
    return t ^ element.value;
  }
  llvm_unreachable("unknown element kind");
}

/// Rewrites the accesses of the buffer in `phase`, given the lane array
/// before it; returns the lane array after it.
///
/// The phase carries, per virtual thread, the elements it may write: its
/// own element at `storeOffset` (if it stores relative to itself) and each
/// fixed element its one writer thread stores. A read sees the carried
/// value where it reads such an element of its own, and otherwise the
/// element gathered before the phase (any other write would race in the
/// original kernel).
Value BufferRewriter::rewritePhase(VThreadsOp phase, Value array) {
  Location loc = phase.getLoc();
  ArrayRef<int64_t> block = job.getBlock();
  int64_t blockSize = job.getBlockSize();
  rewriter.setInsertionPoint(phase);
  lane = gpu::LaneIdOp::create(rewriter, loc, /*upperBound=*/nullptr);
  laneI32 = arith::IndexCastUIOp::create(rewriter, loc, rewriter.getI32Type(),
                                         lane);

  // The variables the phase writes: the own element (threads `storers`)
  // and fixed elements (position, writer).
  std::optional<int64_t> storeOffset;
  ThreadRange storers{0, 0};
  SmallVector<std::pair<int64_t, int64_t>> fixedStores;
  // Whether a fixed store may not run for its writer (then the carried
  // value must start as the element's current value).
  DenseSet<std::pair<int64_t, int64_t>> conditionalFixed;
  SmallVector<const PlannedAccess *> accesses;
  phase.walk([&](Operation *op) {
    auto it = accessOf.find(op);
    if (it == accessOf.end())
      return;
    const PlannedAccess &access = *it->second;
    accesses.push_back(&access);
    if (!access.isStore)
      return;
    if (access.writer >= 0) {
      std::pair<int64_t, int64_t> store{access.elements[0].value,
                                        access.writer};
      if (!llvm::is_contained(fixedStores, store))
        fixedStores.push_back(store);
      if (!isGuardedOnlyByThreadId(op, phase))
        conditionalFixed.insert(store);
      return;
    }
    storeOffset = access.elements[0].value;
    ThreadRange range = getThreadRange(op, phase, block);
    storers = storers.hi <= storers.lo
                  ? range
                  : ThreadRange{std::min(storers.lo, range.lo),
                                std::max(storers.hi, range.hi)};
  });
  auto isOwn = [&](const Element &element) {
    return storeOffset && element.kind == Element::Kind::Relative &&
           element.value == *storeOffset;
  };

  // Gather, at warp level, what the phase reads (one vector per element
  // pattern) and the initial values of the carried elements.
  SmallVector<std::pair<Element, ThreadRange>> patterns;
  auto addPattern = [&](Element element, ThreadRange range) {
    auto *it = llvm::find_if(patterns,
                             [&](auto &p) { return p.first == element; });
    if (it == patterns.end())
      patterns.push_back({element, range});
    else
      it->second = {std::min(it->second.lo, range.lo),
                    std::max(it->second.hi, range.hi)};
  };
  for (const PlannedAccess *access : accesses) {
    if (access->isStore)
      continue;
    ThreadRange range = getThreadRange(access->op, phase, block);
    for (const Element &element : access->elements)
      if (!isOwn(element))
        addPattern(element, range);
  }
  if (storeOffset)
    addPattern({Element::Kind::Relative, *storeOffset},
               ThreadRange{0, blockSize});
  // A fixed element's carried value starts as its current value only when
  // the writer may read it or may not store it.
  auto needsCurrent = [&](std::pair<int64_t, int64_t> store) {
    if (conditionalFixed.contains(store))
      return true;
    for (const PlannedAccess *access : accesses)
      if (!access->isStore)
        for (const Element &element : access->elements)
          if (positionFor(element, store.second) == store.first)
            return true;
    return false;
  };
  for (auto store : fixedStores)
    if (needsCurrent(store))
      addPattern({Element::Kind::Fixed, store.first},
                 ThreadRange{0, blockSize});
  SmallVector<Value> gathered;
  for (auto &[element, range] : patterns)
    gathered.push_back(gather(loc, array, element, range));

  // Inside the phase: reads become extracts (or carried values), stores
  // update the carried values. State 0 is the own element, if any, then
  // one per fixed store.
  Block &body = phase.getBody().front();
  Value v = phase.getVirtualThreadIndex();
  auto extractFor = [&](Element element) -> Value {
    auto *it = llvm::find_if(patterns,
                             [&](auto &p) { return p.first == element; });
    return vector::ExtractOp::create(rewriter, loc,
                                     gathered[it - patterns.begin()],
                                     ArrayRef<OpFoldResult>{v});
  };
  unsigned firstFixed = storeOffset ? 1 : 0;
  auto visit = [&](Operation *op, MutableArrayRef<Value> state) {
    const PlannedAccess &access = *accessOf.lookup(op);
    rewriter.setInsertionPoint(op);
    Location l = op->getLoc();
    if (access.isStore) {
      Value stored = cast<memref::StoreOp>(op).getValueToStore();
      unsigned index = 0;
      if (access.writer >= 0)
        index = firstFixed +
                (llvm::find(fixedStores,
                            std::make_pair(access.elements[0].value,
                                           access.writer)) -
                 fixedStores.begin());
      state[index] = stored;
      rewriter.eraseOp(op);
      return;
    }
    // The linear id of the reading thread, built when needed.
    Value thread;
    auto isThread = [&](int64_t t) {
      if (!thread)
        thread = arith::AddIOp::create(
            rewriter, l,
            arith::MulIOp::create(rewriter, l, v,
                                  createIndexConstant(rewriter, l, kWarpSize)),
            gpu::LaneIdOp::create(rewriter, l, nullptr));
      return arith::CmpIOp::create(rewriter, l, arith::CmpIPredicate::eq,
                                   thread, createIndexConstant(rewriter, l, t));
    };
    SmallVector<Value, 2> values;
    for (const Element &element : access.elements) {
      if (isOwn(element)) {
        values.push_back(state[0]);
        continue;
      }
      Value value = extractFor(element);
      // A thread reading an element it may have written in this phase.
      if (storeOffset && element.kind == Element::Kind::Fixed) {
        int64_t t = element.value - *storeOffset;
        if (t >= 0 && t < blockSize)
          value = arith::SelectOp::create(rewriter, l, isThread(t), state[0],
                                          value);
      }
      for (auto [k, store] : llvm::enumerate(fixedStores))
        if (positionFor(element, store.second) == store.first)
          value = arith::SelectOp::create(rewriter, l, isThread(store.second),
                                          state[firstFixed + k], value);
      values.push_back(value);
    }
    Value result = values[0];
    if (access.selectCondition)
      result = arith::SelectOp::create(rewriter, l, access.selectCondition,
                                       values[0], values[1]);
    rewriter.replaceOp(op, result);
  };
  auto isAccess = [&](Operation *op) { return accessOf.contains(op); };
  auto isStore = [&](Operation *op) { return accessOf.lookup(op)->isStore; };
  StateAccesses inPhase{isAccess, isStore, visit};
  rewriter.setInsertionPointToStart(&body);
  SmallVector<Value> initial;
  if (storeOffset)
    initial.push_back(extractFor({Element::Kind::Relative, *storeOffset}));
  for (auto store : fixedStores)
    initial.push_back(needsCurrent(store)
                          ? extractFor({Element::Kind::Fixed, store.first})
                          : zero(loc));
  SmallVector<Value> final = threadState(rewriter, body, initial, inPhase);
  if (final.empty())
    return array;

  // Yield the carried elements from the phase (a phase with more results).
  (void)appendTerminatorOperands(rewriter, body.getTerminator(), final);
  SmallVector<Type> types(phase.getResultTypes());
  types.append(final.size(), VectorType::get({vthreads}, plan.elementType));
  rewriter.setInsertionPoint(phase);
  auto newPhase = VThreadsOp::create(rewriter, loc, types);
  newPhase.getBody().takeBody(phase.getBody());
  rewriter.replaceOp(phase, newPhase.getResults().drop_back(final.size()));
  ValueRange written = newPhase.getResults().take_back(final.size());

  // Write the stored elements back into the lane array.
  rewriter.setInsertionPointAfter(newPhase);
  if (storeOffset) {
    int64_t chunk = llvm::divideFloorSigned(*storeOffset, kWarpSize);
    for (int64_t v = 0; v < vthreads; ++v) {
      int64_t slot = v + chunk;
      if (slot < 0 || slot >= slots || !getActiveLanes(storers, v))
        continue;
      Value value = vector::ExtractOp::create(rewriter, loc, written[0],
                                              ArrayRef<int64_t>{v});
      if ((v + 1) * kWarpSize > blockSize) {
        // Lanes past the block's end run no thread: keep their slot.
        Value active = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ult, lane,
            createIndexConstant(rewriter, loc, blockSize - v * kWarpSize));
        value = arith::SelectOp::create(rewriter, loc, active, value,
                                        readSlot(loc, array, slot));
      }
      array = LaneWriteOp::create(rewriter, loc, value, array,
                                  createIndexConstant(rewriter, loc, slot));
    }
  }
  for (auto [k, store] : llvm::enumerate(fixedStores)) {
    auto [position, writer] = store;
    int64_t slot = position / kWarpSize, owner = position % kWarpSize;
    if (position < 0 || slot >= slots)
      continue;
    // The writer's value, moved to the owner lane.
    Value value = vector::ExtractOp::create(
        rewriter, loc, written[firstFixed + k],
        ArrayRef<int64_t>{writer / kWarpSize});
    if (writer % kWarpSize != owner) {
      value = ShuffleOp::create(rewriter, loc, ShuffleMode::idx, value,
                                i32(loc, writer % kWarpSize), kWarpSize,
                                Value())
                  .getResult();
    }
    Value isOwner = arith::CmpIOp::create(rewriter, loc,
                                          arith::CmpIPredicate::eq, laneI32,
                                          i32(loc, owner));
    value = arith::SelectOp::create(rewriter, loc, isOwner, value,
                                    readSlot(loc, array, slot));
    array = LaneWriteOp::create(rewriter, loc, value, array,
                                createIndexConstant(rewriter, loc, slot));
  }
  return array;
}

void BufferRewriter::run() {
  Block &body = job.getBody().front();
  rewriter.setInsertionPointToStart(&body);
  Location loc = job.getLoc();
  Value initial = LaneArraySplatOp::create(rewriter, loc, plan.arrayType,
                                           zero(loc));
  auto isPhase = [&](Operation *op) { return isPhaseOfBuffer(op); };
  auto storesInPhase = [&](Operation *op) {
    return op
        ->walk([&](Operation *nested) {
          auto it = accessOf.find(nested);
          return it != accessOf.end() && it->second->isStore
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        })
        .wasInterrupted();
  };
  auto visitPhase = [&](Operation *op, MutableArrayRef<Value> array) {
    array[0] = rewritePhase(cast<VThreadsOp>(op), array[0]);
  };
  StateAccesses warpLevel{isPhase, storesInPhase, visitPhase};
  (void)threadState(rewriter, body, ValueRange{initial}, warpLevel);
}

/// Forwards the results of phases that pass a vector through (yield element
/// `v` of a vector defined outside: the result is that vector, its
/// elements of virtual threads that do not run being undefined anyway), and
/// erases the phases left with no used result and no effect.
static void simplifyPhases(WarpJobOp job) {
  SmallVector<VThreadsOp> phases;
  job.walk([&](VThreadsOp phase) { phases.push_back(phase); });
  for (VThreadsOp phase : phases) {
    Block &body = phase.getBody().front();
    auto yield = cast<YieldOp>(body.getTerminator());
    for (auto [result, value] :
         llvm::zip(phase.getResults(), yield.getValues())) {
      auto extract = value.getDefiningOp<vector::ExtractOp>();
      if (!extract || extract.getSource().getType() != result.getType() ||
          phase->isAncestor(extract.getSource().getParentBlock()->getParentOp()))
        continue;
      ArrayRef<OpFoldResult> position = extract.getMixedPosition();
      if (position.size() == 1 &&
          llvm::dyn_cast_if_present<Value>(position[0]) ==
              phase.getVirtualThreadIndex())
        result.replaceAllUsesWith(extract.getSource());
    }
    if (phase->use_empty() &&
        llvm::all_of(body.without_terminator(),
                     [](Operation &op) { return isMemoryEffectFree(&op); }))
      phase->erase();
  }
}

/// Erases the unused values the gathers left (reads of slots no thread
/// needed), then counts the shuffles and register reads of `job`.
static std::pair<unsigned, unsigned> cleanUpAndCount(WarpJobOp job) {
  simplifyPhases(job);
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> ops;
    job.walk([&](Operation *op) {
      if (op->getNumRegions() == 0 && op->getNumResults() != 0)
        ops.push_back(op);
    });
    for (Operation *op : llvm::reverse(ops)) {
      if (op->use_empty() &&
          (isa<LaneReadOp, ShuffleOp>(op) ||
           (isMemoryEffectFree(op) && isOpTriviallyDead(op)))) {
        // Memory reads stay: the plans of buffers not yet rewritten point
        // at their loads.
        op->erase();
        changed = true;
      }
    }
  }
  unsigned shuffles = 0, registerReads = 0;
  job.walk([&](Operation *op) {
    if (isa<ShuffleOp>(op))
      ++shuffles;
    if (auto read = dyn_cast<LaneReadOp>(op)) {
      auto cast = read.getLane().getDefiningOp<arith::IndexCastUIOp>();
      if (cast && cast.getIn().getDefiningOp<gpu::LaneIdOp>())
        ++registerReads;
      else
        ++shuffles;
    }
  });
  return {shuffles, registerReads};
}

/// Erases workgroup attribution `index` of `func`.
static void eraseWorkgroupAttribution(gpu::GPUFuncOp func, unsigned index) {
  unsigned position = func.getFirstWorkgroupAttributionIndex() + index;
  func.getBody().front().eraseArgument(position);
  Builder b(func.getContext());
  func->setAttr(func.getNumWorkgroupAttributionsAttrName(),
                b.getI64IntegerAttr(func.getNumWorkgroupAttributions() - 1));
  if (ArrayAttr attrs = func.getWorkgroupAttribAttrsAttr()) {
    SmallVector<Attribute> kept(attrs.getValue());
    if (index < kept.size())
      kept.erase(kept.begin() + index);
    func.setWorkgroupAttribAttrsAttr(b.getArrayAttr(kept));
  }
}

//===----------------------------------------------------------------------===//
// Warp syncs
//===----------------------------------------------------------------------===//

/// Whether `op` may access memory: lane arrays and shuffles are registers.
static bool mayAccessMemory(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    if (isa<LaneArraySplatOp, LaneReadOp, LaneWriteOp, ShuffleOp>(nested) ||
        nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (effects && effects.hasNoEffect())
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return result.wasInterrupted();
}

/// Whether the ops from `op` on, in direction `forward`, reach another warp
/// sync (which orders the same accesses) or, in the job's own block, its
/// end without meeting an op that may access memory.
static bool reachesSyncOrEnd(WarpSyncOp sync, bool forward, WarpJobOp job) {
  for (Operation *op = forward ? sync->getNextNode() : sync->getPrevNode(); op;
       op = forward ? op->getNextNode() : op->getPrevNode()) {
    if (auto other = dyn_cast<WarpSyncOp>(op))
      if (!other.getMask())
        return true;
    if (mayAccessMemory(op))
      return false;
  }
  return sync->getBlock() == &job.getBody().front();
}

/// Erases the warp syncs of `job` that order nothing another one does not:
/// those with no memory access between them and the next (or previous)
/// sync, or the job's start or end. Returns how many.
static unsigned eraseRedundantWarpSyncs(WarpJobOp job) {
  SmallVector<WarpSyncOp> syncs;
  job.walk([&](WarpSyncOp sync) {
    if (!sync.getMask() && !sync->getParentOfType<VThreadsOp>())
      syncs.push_back(sync);
  });
  unsigned erased = 0;
  for (WarpSyncOp sync : syncs) {
    if (reachesSyncOrEnd(sync, /*forward=*/false, job) ||
        reachesSyncOrEnd(sync, /*forward=*/true, job)) {
      sync->erase();
      ++erased;
    }
  }
  return erased;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct RegisterRemapPass
    : public wc::impl::RegisterRemapBase<RegisterRemapPass> {
  using RegisterRemapBase::RegisterRemapBase;
  void runOnOperation() override;
};
} // namespace

gpu::GPUFuncOp wc::remapKernel(gpu::GPUFuncOp func,
                               const TargetDescription &target) {
  if (func.walk([](WarpJobOp) { return WalkResult::interrupt(); })
          .wasInterrupted() == false)
    return func;

  // Work on a copy: unrolling for the analysis must not change a kernel
  // whose buffers all stay in shared memory.
  auto copy = cast<gpu::GPUFuncOp>(func->clone());
  unrollForRemap(copy);

  struct Refusal {
    std::string buffer, why;
    Location at;
  };
  SmallVector<Refusal> refusals;
  SmallVector<std::pair<BufferPlan, WarpJobOp>> plans;
  int64_t registerBudget = target.maxRegistersPerThread / 4;
  int64_t registersUsed = 0;
  copy.walk([&](WarpJobOp job) {
    SharedAccessAnalysis analysis(job);
    for (const SharedBufferAccesses &buffer : analysis.getBuffers()) {
      // Views of a buffer are reported with the buffer they view (whose
      // use by the view keeps it in shared memory).
      if (Operation *def = buffer.buffer.getDefiningOp();
          def && !isa<memref::AllocaOp, memref::AllocOp, memref::GetGlobalOp>(
                     def))
        continue;
      std::string why;
      Operation *culprit = nullptr;
      FailureOr<BufferPlan> plan = planBuffer(job, buffer, why, culprit);
      int index = -1;
      if (auto arg = dyn_cast<BlockArgument>(buffer.buffer))
        index = arg.getArgNumber() - copy.getFirstWorkgroupAttributionIndex();
      std::string name = describeBuffer(buffer.buffer, index);
      if (succeeded(plan))
        if (Operation *blocker = findUnsupportedControl(job, *plan)) {
          why = ("it is accessed inside '" +
                 blocker->getName().getStringRef() +
                 "', which the rewrite cannot carry a lane array through")
                    .str();
          culprit = blocker;
          plan = failure();
        }
      if (succeeded(plan)) {
        int64_t bits = plan->elementType.isIndex()
                           ? 64
                           : plan->elementType.getIntOrFloatBitWidth();
        int64_t registers =
            plan->arrayType.getSlotsPerLane() * llvm::divideCeil(bits, 32);
        if (registersUsed + registers > registerBudget) {
          why = "its lane array needs " + std::to_string(registers) +
                " registers per lane, over the budget of " +
                std::to_string(registerBudget - registersUsed) + " left";
          plan = failure();
        } else {
          registersUsed += registers;
        }
      }
      if (failed(plan)) {
        refusals.push_back(
            {name, why, culprit ? culprit->getLoc() : func.getLoc()});
        continue;
      }
      plans.push_back({std::move(*plan), job});
    }
  });

  for (const Refusal &refusal : refusals) {
    InFlightDiagnostic remark = func.emitRemark("wc-remap: ")
                                << refusal.buffer
                                << " stays in shared memory: " << refusal.why;
    if (refusal.at != func.getLoc())
      remark.attachNote(refusal.at) << "here";
  }
  if (plans.empty()) {
    copy->erase();
    return func;
  }

  SmallVector<unsigned> erasedAttributions;
  for (auto &[plan, job] : plans) {
    auto [shufflesBefore, readsBefore] = cleanUpAndCount(job);
    BufferRewriter(job, plan).run();
    auto [shuffles, reads] = cleanUpAndCount(job);
    func.emitRemark("wc-remap: ")
        << describeBuffer(plan.buffer, plan.bufferIndex) << " became "
        << plan.arrayType << " (" << plan.arrayType.getSlotsPerLane()
        << (plan.arrayType.getSlotsPerLane() == 1 ? " slot" : " slots")
        << " per lane"
        << (plan.shift ? ", layout shifted by " + std::to_string(plan.shift)
                       : std::string())
        << "): " << reads - readsBefore << " register reads, "
        << shuffles - shufflesBefore << " shuffles per job";
    if (plan.bufferIndex >= 0)
      erasedAttributions.push_back(plan.bufferIndex);
    else
      plan.buffer.getDefiningOp()->erase();
  }
  // Warp syncs that only ordered accesses to the remapped buffers go.
  DenseSet<Operation *> jobs;
  for (auto &[plan, job] : plans)
    jobs.insert(job);
  unsigned erasedSyncs = 0;
  for (Operation *job : jobs)
    erasedSyncs += eraseRedundantWarpSyncs(cast<WarpJobOp>(job));
  if (erasedSyncs)
    func.emitRemark("wc-remap: ")
        << erasedSyncs << " warp sync" << (erasedSyncs == 1 ? "" : "s")
        << " removed (no memory access left to order)";
  llvm::sort(erasedAttributions, std::greater<unsigned>());
  for (unsigned index : erasedAttributions)
    eraseWorkgroupAttribution(copy, index);

  // Swap the rewritten copy in.
  func->getBlock()->getOperations().insert(Block::iterator(func), copy);
  func->erase();
  return copy;
}

void RegisterRemapPass::runOnOperation() {
  std::optional<TargetDescription> target = TargetDescription::lookup(chip);
  if (!target) {
    getOperation()->emitError("wc-remap: unknown chip '")
        << chip << "' (known: " << TargetDescription::knownChips() << ")";
    return signalPassFailure();
  }
  SmallVector<gpu::GPUFuncOp> kernels;
  getOperation()->walk([&](gpu::GPUFuncOp func) {
    if (func.isKernel())
      kernels.push_back(func);
  });
  for (gpu::GPUFuncOp func : kernels)
    remapKernel(func, *target);
}
