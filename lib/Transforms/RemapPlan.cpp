//===- RemapPlan.cpp - What wc-remap does with each buffer ----------------===//
//
// The planning half of wc-remap: which element each access touches, the
// lane-array layout of a buffer, the refusals with their reasons, the cost
// estimate (RemapUnroll.cpp unrolls the loops that decide indices).
//
//===----------------------------------------------------------------------===//

#include "RemapPlan.h"

#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/StateThreading.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::remap;

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
std::optional<Element> remap::toElement(AffineExpr index, int64_t xorMask,
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
    why = "an index depends on a warp-uniform value that is not a constant";
    return std::nullopt;
  case AccessPattern::Kind::UniformOffset:
    why = "an index is the thread's element plus a warp-uniform value that "
          "is not a constant";
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
LogicalResult remap::checkBuffer(WarpJobOp job,
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
      if (!element) {
        explainUniformIndex(job, access.op, index, access.xorMask, why);
        return failure();
      }
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
