//===- RemapPlan.cpp - What wc-remap does with each buffer ----------------===//
//
// The planning half of wc-remap: which element each access touches, the
// lane-array layout of a buffer, the refusals with their reasons, the cost
// estimate, and the unrolling of the loops that decide indices.
//
//===----------------------------------------------------------------------===//

#include "RemapPlan.h"

#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/StateThreading.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::remap;

/// Uniform loops of at most this many iterations are unrolled when their
/// induction variable decides which elements a phase accesses.
static constexpr int64_t kMaxUnrolledTrips = 32;

//===----------------------------------------------------------------------===//
// Plans
//===----------------------------------------------------------------------===//

/// A name for a buffer in remarks.
std::string remap::describeBuffer(Value buffer, int index) {
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
/// `op`, from the `tid < C`, `tid == C`, ... conditions of the `scf.if`s
/// that enclose it inside its phase (wherever the condition is computed).
ThreadRange remap::getThreadRange(Operation *op, VThreadsOp phase,
                                  ArrayRef<int64_t> block) {
  int64_t blockSize = block[0] * block[1] * block[2];
  ThreadRange range{0, blockSize};
  auto job = phase->getParentOfType<WarpJobOp>();
  for (Operation *child = op, *parent = op->getParentOp(); parent != phase;
       child = parent, parent = parent->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(parent);
    if (!ifOp)
      continue;
    std::optional<ThreadBound> guard =
        matchThreadBound(job, ifOp.getCondition(), ifOp);
    if (!guard)
      continue;
    int64_t c = guard->bound;
    arith::CmpIPredicate predicate = guard->predicate;
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
std::optional<std::pair<int64_t, int64_t>>
remap::getActiveLanes(ThreadRange range, int64_t v) {
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
      auto *it =
          llvm::find_if(list, [&](auto &p) { return p.first == element; });
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

/// The first op, in program order, that uses `buffer` outside `job`, or
/// null when every use is inside the job.
static Operation *findUseOutsideJob(WarpJobOp job, Value buffer) {
  if (llvm::all_of(buffer.getUsers(),
                   [&](Operation *user) { return job->isAncestor(user); }))
    return nullptr;
  Operation *found = nullptr;
  buffer.getParentRegion()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == job.getOperation())
      return WalkResult::skip();
    if (llvm::is_contained(op->getOperands(), buffer)) {
      found = op;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// The checks of planBuffer on `buffer` as a whole (its uses, shape,
/// element type and allocation), which start `plan`.
static LogicalResult checkBuffer(WarpJobOp job,
                                 const SharedBufferAccesses &buffer,
                                 BufferPlan &plan, std::string &why,
                                 Operation *&culprit) {
  plan.buffer = buffer.buffer;
  auto type = cast<MemRefType>(buffer.buffer.getType());
  if (buffer.escapingUse) {
    culprit = buffer.escapingUse;
    why = ("it is used by '" + buffer.escapingUse->getName().getStringRef() +
           "', not only loaded and stored")
              .str();
    return failure();
  }
  // The lane array lives within the job: contents that another job or the
  // kernel outside the job would see must stay in memory.
  if (Operation *user = findUseOutsideJob(job, buffer.buffer)) {
    culprit = user;
    why = ("it is also used outside the warp job, by '" +
           user->getName().getStringRef() +
           "' (a lane array only lives within one job)")
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
  return success();
}

/// Plans the remapping of `buffer`, or fails with the reason in `why` and
/// the offending op in `culprit`.
FailureOr<BufferPlan> remap::planBuffer(WarpJobOp job,
                                        const SharedBufferAccesses &buffer,
                                        std::string &why, Operation *&culprit) {
  ArrayRef<int64_t> block = job.getBlock();
  BufferPlan plan;
  if (failed(checkBuffer(job, buffer, plan, why, culprit)))
    return failure();

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
    PlannedAccess planned{access.op,
                          access.isStore,
                          {},
                          access.selectCondition,
                          access.selectBound};
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
  // Own stores per phase: position, the threads that may store there, and
  // the first store.
  struct OwnStore {
    int64_t position;
    ThreadRange range;
    Operation *op;
  };
  DenseMap<Operation *, SmallVector<OwnStore, 2>> phaseStores;
  // In program order: the first conflict found names the culprit, so the
  // note must not depend on pointer hashing.
  llvm::MapVector<std::pair<Operation *, int64_t>,
                  std::pair<int64_t, Operation *>>
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
    ThreadRange range =
        getThreadRange(access.op, cast<VThreadsOp>(phase), block);
    auto &stores = phaseStores[phase];
    auto *known = llvm::find_if(
        stores, [&](OwnStore &store) { return store.position == position; });
    if (known == stores.end())
      stores.push_back({position, range, access.op});
    else
      known->range = {std::min(known->range.lo, range.lo),
                      std::max(known->range.hi, range.hi)};
  }
  // Several own elements per thread in a phase (a thread storing elements
  // `tid` and `tid + 64`): each is written back slot by slot after the
  // phase, so no slot may be written back for two of them.
  int64_t vthreads = job.getVirtualThreads();
  for (auto &[phase, stores] : phaseStores) {
    if (stores.size() < 2)
      continue;
    DenseSet<int64_t> slots;
    for (OwnStore &store : stores)
      for (int64_t v = 0; v < vthreads; ++v) {
        if (!getActiveLanes(store.range, v))
          continue;
        if (!slots
                 .insert(v + llvm::divideFloorSigned(store.position, kWarpSize))
                 .second) {
          culprit = store.op;
          why = "a phase stores to several elements per thread that share "
                "a slot of the lane array";
          return failure();
        }
      }
  }
  for (auto &[key, writer] : fixedWriter) {
    auto it = phaseStores.find(key.first);
    culprit = writer.second;
    if (it == phaseStores.end())
      continue;
    for (OwnStore &store : it->second)
      if (key.second - store.position >= 0 &&
          key.second - store.position < job.getBlockSize()) {
        why = "a fixed element is also a thread's own stored element";
        return failure();
      }
  }
  for (const PlannedAccess &access : plan.accesses) {
    auto it = phaseStores.find(access.op->getParentOfType<VThreadsOp>());
    if (it == phaseStores.end() ||
        llvm::all_of(it->second,
                     [](OwnStore &store) { return store.position == 0; }))
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
  plan.arrayType = LaneArrayType::get(
      job.getContext(), padded, plan.elementType, LaneArrayLayout::cyclic);
  return plan;
}

/// Whether every op between the accesses of `buffer` and the job is control
/// flow the rewrite can thread values through; otherwise the culprit.
Operation *remap::findUnsupportedControl(WarpJobOp job,
                                         const BufferPlan &plan) {
  DenseSet<Operation *> accessOps;
  for (const PlannedAccess &access : plan.accesses)
    accessOps.insert(access.op);
  auto isPhase = [&](Operation *op) {
    return isa<VThreadsOp>(op) && op->walk([&](Operation *nested) {
                                      return accessOps.contains(nested)
                                                 ? WalkResult::interrupt()
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

/// The loops unrollForRemap unrolls to make `symbol`, used in an index of
/// `job`, a constant.
static SmallVector<scf::ForOp> getUnrollableLoops(WarpJobOp job, Value symbol) {
  SmallVector<scf::ForOp> loops = getLoopsDeciding(job, symbol);
  llvm::erase_if(loops, [](scf::ForOp loop) { return !isUnrollable(loop); });
  return loops;
}

/// A warp-level loop of `job` with a constant trip count whose induction
/// variable a buffer index depends on through `symbols`, or null.
static scf::ForOp findLoopToUnroll(WarpJobOp job,
                                   const SharedAccessAnalysis &analysis) {
  for (const SharedBufferAccesses &buffer : analysis.getBuffers()) {
    if (buffer.escapingUse)
      continue;
    for (Value symbol : buffer.symbols)
      if (SmallVector<scf::ForOp> loops = getUnrollableLoops(job, symbol);
          !loops.empty())
        return loops.front();
  }
  return nullptr;
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
          // A fold to another value (`x + 0`, `(a - b) + b`).
          result = std::nullopt;
          bool isOperand = false;
          for (auto [operand, attr] : llvm::zip(copy->getOperands(), operands))
            if (operand == other) {
              result = cast<IntegerAttr>(attr).getValue().getSExtValue();
              isOperand = true;
              break;
            }
          if (!isOperand)
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
      for (auto [position, replacement] : llvm::enumerate(replacements))
        if (positions.contains(position) &&
            isa<AffineSymbolExpr>(replacement) &&
            dependsOnUnrolledLoop(job, buffer.symbols[position],
                                  threadStridedLoops))
          unknownAfterUnroll = true;
      if (unknownAfterUnroll)
        break;
      for (AffineExpr index : indices) {
        AffineExpr at = index.replaceSymbols(replacements);
        std::optional<Element> element =
            toElement(at, access.xorMask, block, why);
        if (!element)
          return false;
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

void remap::forEachPlannedBuffer(
    gpu::GPUFuncOp func,
    function_ref<void(WarpJobOp, const SharedBufferAccesses &)> fn) {
  func.walk([&](WarpJobOp job) {
    SharedAccessAnalysis analysis(job);
    for (const SharedBufferAccesses &buffer : analysis.getBuffers()) {
      // A view keeps the buffer it views in shared memory, and is reported
      // with it.
      Operation *def = buffer.buffer.getDefiningOp();
      if (!def ||
          isa<memref::AllocaOp, memref::AllocOp, memref::GetGlobalOp>(def))
        fn(job, buffer);
    }
  });
}

bool remap::mayRemapAfterUnroll(gpu::GPUFuncOp func, RefusalCallback refuse) {
  SmallVector<scf::ForOp> threadStridedLoops = llvm::map_to_vector(
      findThreadStridedLoops(func), [](auto pair) { return pair.first; });
  bool promising = false;
  forEachPlannedBuffer(
      func, [&](WarpJobOp job, const SharedBufferAccesses &buffer) {
        std::string why;
        Operation *culprit = nullptr;
        if (mayPlanAfterUnroll(job, buffer, threadStridedLoops, why, culprit))
          promising = true;
        else
          refuse(buffer.buffer, why, culprit);
      });
  return promising;
}

/// Unrolls, in `func`, the uniform loops that keep buffer indices from being
/// constants relative to the thread, then folds the now-constant indices.
bool remap::needsUnrollForRemap(gpu::GPUFuncOp func) {
  if (!findThreadStridedLoops(func).empty())
    return true;
  return func
      .walk([](WarpJobOp job) {
        SharedAccessAnalysis analysis(job);
        return findLoopToUnroll(job, analysis) ? WalkResult::interrupt()
                                               : WalkResult::advance();
      })
      .wasInterrupted();
}

void remap::unrollForRemap(gpu::GPUFuncOp func) {
  normalizeThreadStridedLoops(func);
  std::optional<FrozenRewritePatternSet> canonicalization;
  for (int round = 0; round < 16; ++round) {
    bool unrolled = false;
    func.walk([&](WarpJobOp job) {
      SharedAccessAnalysis analysis(job);
      if (scf::ForOp loop = findLoopToUnroll(job, analysis))
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
