//===- RegisterRemap.cpp - Workgroup buffers become lane arrays -----------===//
//
// The rewrite of `wc-remap` (RemapKernel.cpp drives it, RemapPlan.cpp plans
// it): register remapping, the second stage of the
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

#include "JobCleanup.h"
#include "RemapPlan.h"

#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Aggregation.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"
#include "WC/Transforms/StateThreading.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::remap;

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
  /// The accesses not rewritten yet (an entry goes with its op).
  DenseMap<Operation *, const PlannedAccess *> accessOf;
  /// The calling lane as an i32, at the current phase.
  Value laneI32, lane;
};
} // namespace

bool BufferRewriter::isPhaseOfBuffer(Operation *op) const {
  return isa<VThreadsOp>(op) && op->walk([&](Operation *nested) {
                                    return accessOf.contains(nested)
                                               ? WalkResult::interrupt()
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
    std::optional<std::pair<int64_t, int64_t>> lanes = getActiveLanes(range, v);
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
          fixed = LaneReadOp::create(rewriter, loc, array,
                                     createIndexConstant(rewriter, loc, slot),
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
      Value wraps = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ult, laneI32, i32(loc, offset));
      Value sent = arith::SelectOp::create(rewriter, loc, wraps,
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
  auto job = phase->getParentOfType<WarpJobOp>();
  for (Operation *parent = op->getParentOp(); parent != phase;
       parent = parent->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(parent);
    if (!ifOp || !matchThreadBound(job, ifOp.getCondition(), ifOp))
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
  laneI32 =
      arith::IndexCastUIOp::create(rewriter, loc, rewriter.getI32Type(), lane);

  // The variables the phase writes: the own elements at `ownOffsets` from
  // the thread (threads `storers`; several when a thread stores several
  // elements of its lane) and fixed elements (position, writer).
  SmallVector<int64_t, 2> ownOffsets;
  SmallVector<ThreadRange, 2> storers;
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
    int64_t offset = access.elements[0].value;
    ThreadRange range = getThreadRange(op, phase, block);
    auto *known = llvm::find(ownOffsets, offset);
    if (known == ownOffsets.end()) {
      ownOffsets.push_back(offset);
      storers.push_back(range);
      return;
    }
    ThreadRange &merged = storers[known - ownOffsets.begin()];
    merged = {std::min(merged.lo, range.lo), std::max(merged.hi, range.hi)};
  });
  // The carried own element `element` is, if any.
  auto ownIndex = [&](const Element &element) -> std::optional<unsigned> {
    if (element.kind != Element::Kind::Relative)
      return std::nullopt;
    auto *it = llvm::find(ownOffsets, element.value);
    if (it == ownOffsets.end())
      return std::nullopt;
    return it - ownOffsets.begin();
  };

  // Gather, at warp level, what the phase reads (one vector per element
  // pattern) and the initial values of the carried elements.
  SmallVector<std::pair<Element, ThreadRange>> patterns;
  auto addPattern = [&](Element element, ThreadRange range) {
    auto *it =
        llvm::find_if(patterns, [&](auto &p) { return p.first == element; });
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
      if (!ownIndex(element))
        addPattern(element, range);
  }
  for (int64_t offset : ownOffsets)
    addPattern({Element::Kind::Relative, offset}, ThreadRange{0, blockSize});
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
  // update the carried values: one state per own offset, then one per
  // fixed store.
  Block &body = phase.getBody().front();
  Value v = phase.getVirtualThreadIndex();
  auto extractFor = [&](Element element) -> Value {
    auto *it =
        llvm::find_if(patterns, [&](auto &p) { return p.first == element; });
    return vector::ExtractOp::create(rewriter, loc,
                                     gathered[it - patterns.begin()],
                                     ArrayRef<OpFoldResult>{v});
  };
  unsigned firstFixed = ownOffsets.size();
  auto visit = [&](Operation *op, MutableArrayRef<Value> state) {
    // The op goes: forget it, as a new op may take its address.
    const PlannedAccess &access = *accessOf.lookup(op);
    accessOf.erase(op);
    rewriter.setInsertionPoint(op);
    Location l = op->getLoc();
    if (access.isStore) {
      Value stored = cast<memref::StoreOp>(op).getValueToStore();
      unsigned index = ownIndex(access.elements[0]).value_or(0);
      if (access.writer >= 0)
        index =
            firstFixed +
            (llvm::find(fixedStores, std::make_pair(access.elements[0].value,
                                                    access.writer)) -
             fixedStores.begin());
      state[index] = stored;
      rewriter.eraseOp(op);
      return;
    }
    // The linear id of the reading thread, built when needed.
    Value thread;
    // `thread <predicate> t` for the linear id of the virtual thread.
    auto compareThread = [&](arith::CmpIPredicate predicate, int64_t t) {
      if (!thread)
        thread = arith::AddIOp::create(
            rewriter, l,
            arith::MulIOp::create(rewriter, l, v,
                                  createIndexConstant(rewriter, l, kWarpSize)),
            gpu::LaneIdOp::create(rewriter, l, nullptr));
      return arith::CmpIOp::create(rewriter, l, predicate, thread,
                                   createIndexConstant(rewriter, l, t));
    };
    auto isThread = [&](int64_t t) {
      return compareThread(arith::CmpIPredicate::eq, t);
    };
    SmallVector<Value, 2> values;
    for (const Element &element : access.elements) {
      if (std::optional<unsigned> own = ownIndex(element)) {
        values.push_back(state[*own]);
        continue;
      }
      Value value = extractFor(element);
      // A thread reading an element it may have written in this phase.
      if (element.kind == Element::Kind::Fixed) {
        for (auto [k, offset] : llvm::enumerate(ownOffsets)) {
          int64_t t = element.value - offset;
          if (t >= 0 && t < blockSize)
            value = arith::SelectOp::create(rewriter, l, isThread(t), state[k],
                                            value);
        }
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
    if (access.selectBound)
      result =
          arith::SelectOp::create(rewriter, l,
                                  compareThread(access.selectBound->predicate,
                                                access.selectBound->bound),
                                  values[0], values[1]);
    rewriter.replaceOp(op, result);
  };
  auto isAccess = [&](Operation *op) { return accessOf.contains(op); };
  auto isStore = [&](Operation *op) { return accessOf.lookup(op)->isStore; };
  StateAccesses inPhase{isAccess, isStore, visit};
  rewriter.setInsertionPointToStart(&body);
  SmallVector<Value> initial;
  for (int64_t offset : ownOffsets)
    initial.push_back(extractFor({Element::Kind::Relative, offset}));
  for (auto store : fixedStores)
    initial.push_back(needsCurrent(store)
                          ? extractFor({Element::Kind::Fixed, store.first})
                          : zero(loc));
  SmallVector<Value> final = threadState(rewriter, body, initial, inPhase);
  if (final.empty())
    return array;

  // Yield the carried elements from the phase (a phase with more results).
  Operation *yield = body.getTerminator();
  yield->insertOperands(yield->getNumOperands(), final);
  SmallVector<Type> types(phase.getResultTypes());
  types.append(final.size(), VectorType::get({vthreads}, plan.elementType));
  rewriter.setInsertionPoint(phase);
  auto newPhase = VThreadsOp::create(rewriter, loc, types);
  newPhase.getBody().takeBody(phase.getBody());
  rewriter.replaceOp(phase, newPhase.getResults().drop_back(final.size()));
  ValueRange written = newPhase.getResults().take_back(final.size());

  // Write the stored elements back into the lane array.
  rewriter.setInsertionPointAfter(newPhase);
  for (auto [k, offset] : llvm::enumerate(ownOffsets)) {
    int64_t chunk = llvm::divideFloorSigned(offset, kWarpSize);
    for (int64_t v = 0; v < vthreads; ++v) {
      int64_t slot = v + chunk;
      if (slot < 0 || slot >= slots || !getActiveLanes(storers[k], v))
        continue;
      Value value = vector::ExtractOp::create(rewriter, loc, written[k],
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
    Value value =
        vector::ExtractOp::create(rewriter, loc, written[firstFixed + k],
                                  ArrayRef<int64_t>{writer / kWarpSize});
    if (writer % kWarpSize != owner) {
      value =
          ShuffleOp::create(rewriter, loc, ShuffleMode::idx, value,
                            i32(loc, writer % kWarpSize), kWarpSize, Value())
              .getResult();
    }
    Value isOwner = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, laneI32, i32(loc, owner));
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
  Value initial =
      LaneArraySplatOp::create(rewriter, loc, plan.arrayType, zero(loc));
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

/// Rewrites the accesses of the buffer of `plan` in `job`; returns the
/// register reads and the shuffles it added.
std::pair<unsigned, unsigned> remap::applyBufferPlan(WarpJobOp job,
                                                     const BufferPlan &plan) {
  auto [shufflesBefore, readsBefore] = cleanUpAndCount(job);
  BufferRewriter(job, plan).run();
  auto [shuffles, reads] = cleanUpAndCount(job);
  return {reads - readsBefore, shuffles - shufflesBefore};
}
