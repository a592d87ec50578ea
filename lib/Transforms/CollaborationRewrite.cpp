//===- CollaborationRewrite.cpp - The forms of a collaborative loop ------===//
//
// The rewriting half of wc-collaborate: a planned loop, split out of its
// bounds check, becomes the forms a warp chooses between at run time from
// its lanes' trip counts (the pass's file comment, Collaborate.cpp, gives
// the algorithm): long ranges by the whole warp one after the other, the
// others flattened into windows of 32 iterations or run per thread.
//
//===----------------------------------------------------------------------===//

#include "Collaboration.h"
#include "GuardSplit.h"

#include "WC/Dialect/WC/Utils/IndexUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::collaborate;

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

/// The identity of `kind` on `type`. (Upstream's arith::getIdentityValue
/// takes the bit width of `index` for min and max, which it has none of.)
static Value createIdentity(OpBuilder &b, Location loc, CombiningKind kind,
                            Type type) {
  if (!type.isIndex())
    return arith::getIdentityValue(getArithReductionKind(kind, type), type, b,
                                   loc);
  APInt value = APInt::getZero(64);
  if (kind == CombiningKind::and_ || kind == CombiningKind::minui)
    value = APInt::getAllOnes(64);
  else if (kind == CombiningKind::maxsi)
    value = APInt::getSignedMinValue(64);
  else if (kind == CombiningKind::minsi)
    value = APInt::getSignedMaxValue(64);
  return arith::ConstantOp::create(b, loc,
                                   b.getIndexAttr(value.getSExtValue()));
}

/// Iterations per thread that the block runs together in each round of a
/// range it takes.
static constexpr int64_t kBlockUnroll = 4;

/// `value` of lane `lane` (an i32), for every lane.
static Value shuffleFrom(OpBuilder &b, Location loc, Value value, Value lane) {
  return ShuffleOp::create(b, loc, value.getType(), b.getI1Type(),
                           ShuffleMode::idx, value, lane, /*width=*/32,
                           /*mask=*/Value())
      .getResult();
}

/// An `scf.for` whose body the caller terminates (the builder adds a
/// `scf.yield` itself when there are no iteration arguments).
static scf::ForOp createFor(OpBuilder &b, Location loc, Value lower,
                            Value upper, Value step, ValueRange inits) {
  auto loop = scf::ForOp::create(b, loc, lower, upper, step, inits);
  Block *body = loop.getBody();
  if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
    body->back().erase();
  return loop;
}

/// An `scf.if` with an else-region, both of which the caller terminates
/// (the builder adds `scf.yield`s itself when there are no results).
static scf::IfOp createIfElse(OpBuilder &b, Location loc, TypeRange types,
                              Value condition) {
  auto ifOp = scf::IfOp::create(b, loc, types, condition,
                                /*withElseRegion=*/true);
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
    if (!region->front().empty() &&
        region->front().back().hasTrait<OpTrait::IsTerminator>())
      region->front().back().erase();
  return ifOp;
}

namespace {
/// Builds the forms of one planned loop at the rewriter's insertion point:
/// the original loop per thread, the warp-level loops over long ranges, and
/// the flattened windows.
class CollaborationBuilder {
public:
  CollaborationBuilder(RewriterBase &rewriter, const CollaborationPlan &plan,
                       Value active)
      : rewriter(rewriter), b(rewriter), plan(plan), loop(plan.loop),
        active(active), loc(loop.getLoc()) {}

  /// Computes the lane's trip count and the warp's figures, then the
  /// run-time choice between the forms; returns the loop's results.
  SmallVector<Value> build();
  /// What build() did beyond the warp's forms.
  CollaborationResult result;

private:
  Value constI32(int64_t v) {
    return arith::ConstantIntOp::create(b, loc, b.getI32Type(), v);
  }
  Value constIndex(int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }
  /// An `scf.if` without results on `condition`, whose then-region `build`
  /// fills.
  void thenDo(Value condition, function_ref<void()> build) {
    auto ifOp = scf::IfOp::create(b, loc, condition);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    build();
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
  /// The identities of the reductions' kinds.
  SmallVector<Value> createIdentities();
  /// Reduction `index`'s combining kind applied to `acc` and `value`.
  Value combine(unsigned index, Value acc, Value value);
  /// The warp runs, one after the other, the long ranges (of the lanes in
  /// `longMask`), 32 iterations at a time, and reduces each into its
  /// owner's accumulator, which starts from `own` (the lane's other work).
  SmallVector<Value> warpPerLongRange(Value longMask, ValueRange own);
  /// Whether the body uses, from outside the loop, only values that are the
  /// same in every thread of the block (so that any thread may run any
  /// thread's iterations).
  bool bodyIsBlockWide();
  /// Whether the grid level may run the loop's long ranges: a body that
  /// uses, from outside the loop, only values of the whole launch, and
  /// reductions that memory atomics can combine; else sets `why`.
  bool canUseGrid(std::string &why);
  /// The calling thread's linear id in the block, its warp, and whether it
  /// is its warp's first lane.
  struct BlockPosition {
    Value tid, warp, isFirstLane;
  };
  BlockPosition getBlockPosition();
  /// The calling thread's share of iterations [begin, end) of the range
  /// starting at `rangeLo`, which the block's threads stride over: the
  /// values of its iterations, combined per reduction from the identities.
  SmallVector<Value> runBlockShare(Value rangeLo, Value begin, Value end,
                                   Value tid);
  /// Each warp's combination of `values` (one per reduction), in `partials`
  /// (workgroup buffers of a value per warp) after a barrier.
  void storeWarpPartials(ValueRange values, ArrayRef<Value> partials,
                         const BlockPosition &position);
  /// The grid level: the ranges longer than `plan.gridRange` (of the
  /// threads where `isGrid` holds) become jobs of the launch, whose chunks
  /// of `plan.blockRange` iterations any block may take. Returns each
  /// thread's accumulators (the loop's initial values, combined with its
  /// job's where it has one), and sets `published` where it has.
  SmallVector<Value> gridPerHugeRange(Value isGrid, Value &published);
  class GridLevel;
  /// The whole block runs, one after the other, the ranges longer than
  /// `plan.blockRange` (of the threads where `isHuge` holds), `count`
  /// iterations from `lo` each; returns each thread's accumulators: the
  /// loop's initial values, combined with its range's where it is huge.
  SmallVector<Value> blockPerHugeRange(Value isHuge);
  /// The flattened windows of 32 iterations (see the file comment) over the
  /// ranges of `laneCount` iterations (a lane's first ones), `warpTotal` in
  /// all.
  SmallVector<Value> windows(Value laneCount, Value warpTotal);

  RewriterBase &rewriter;
  OpBuilder &b;
  const CollaborationPlan &plan;
  scf::ForOp loop;
  Value active;
  Location loc;
  Value lane, lo, stepValue, count, countIndex;
};
} // namespace

SmallVector<Value>
CollaborationBuilder::buildIf(Value condition,
                              function_ref<SmallVector<Value>()> then,
                              function_ref<SmallVector<Value>()> otherwise) {
  auto ifOp = createIfElse(b, loc, loop.getResultTypes(), condition);
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
  for (auto [index, reduction] : llvm::enumerate(plan.reductions))
    values.push_back(
        mapping.lookupOrDefault(getCombinedValue(loop, index, reduction)));
  return values;
}

SmallVector<Value> CollaborationBuilder::createIdentities() {
  SmallVector<Value> identities;
  for (auto [index, reduction] : llvm::enumerate(plan.reductions))
    identities.push_back(
        createIdentity(b, loc, reduction.kind,
                       getCombinedValue(loop, index, reduction).getType()));
  return identities;
}

Value CollaborationBuilder::combine(unsigned index, Value acc, Value value) {
  // A new op of the kind: the original's overflow flags do not hold for
  // sums taken in another order.
  CombiningKind kind = plan.reductions[index].kind;
  return arith::getReductionOp(getArithReductionKind(kind, acc.getType()), b,
                               loc, acc, value);
}

SmallVector<Value> CollaborationBuilder::warpPerLongRange(Value longMask,
                                                          ValueRange own) {
  WarpSyncOp::create(b, loc, /*mask=*/Value());
  // Lane o's range, if long, by the whole warp (a uniform test of bit o).
  auto lanes = createFor(b, loc, constI32(0), constI32(32), constI32(1), own);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(lanes.getBody());
    Value owner = lanes.getInductionVar();
    ValueRange accs = lanes.getRegionIterArgs();
    Value bit = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, longMask, owner), constI32(1));
    Value taken = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, bit,
                                        constI32(0));
    auto ifOp = createIfElse(b, loc, accs.getTypes(), taken);
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, loc, accs);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    Value ownerLo = shuffleFrom(b, loc, lo, owner);
    Value ownerCount = arith::IndexCastOp::create(
        b, loc, b.getIndexType(), shuffleFrom(b, loc, count, owner));
    SmallVector<Value> identities = createIdentities();
    Value laneIndex =
        arith::IndexCastUIOp::create(b, loc, b.getIndexType(), lane);
    // The owner's values are shuffled once, before the strided loop.
    IRMapping outside = ownerMapping(owner, Value());
    auto strided =
        createFor(b, loc, laneIndex, ownerCount, constIndex(32), identities);
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

bool CollaborationBuilder::bodyIsBlockWide() {
  auto func = loop->getParentOfType<gpu::GPUFuncOp>();
  return !loop.getBody()
              ->walk([&](Operation *op) {
                for (Value operand : op->getOperands())
                  if (loop.isDefinedOutsideOfLoop(operand) &&
                      !isBlockUniform(operand, func))
                    return WalkResult::interrupt();
                return WalkResult::advance();
              })
              .wasInterrupted();
}

/// The memory atomic that combines values of reduction kind `kind` into
/// memory of `type`, if the hardware has one.
static std::optional<arith::AtomicRMWKind> getAtomicKind(CombiningKind kind,
                                                         Type type) {
  if (!type.isInteger(32) && !type.isInteger(64) && !type.isF32() &&
      !type.isF64())
    return std::nullopt;
  arith::AtomicRMWKind atomic = getArithReductionKind(kind, type);
  switch (atomic) {
  case arith::AtomicRMWKind::addi:
  case arith::AtomicRMWKind::addf:
  case arith::AtomicRMWKind::mins:
  case arith::AtomicRMWKind::minu:
  case arith::AtomicRMWKind::maxs:
  case arith::AtomicRMWKind::maxu:
  case arith::AtomicRMWKind::andi:
  case arith::AtomicRMWKind::ori:
  case arith::AtomicRMWKind::xori:
    return atomic;
  default:
    return std::nullopt;
  }
}

bool CollaborationBuilder::canUseGrid(std::string &why) {
  auto func = loop->getParentOfType<gpu::GPUFuncOp>();
  Operation *culprit = nullptr;
  loop.getBody()->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (loop.isDefinedOutsideOfLoop(operand) &&
          !isGridUniform(operand, func)) {
        culprit = op;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (culprit) {
    why = "the body uses a value that differs between blocks or threads "
          "(in '" +
          culprit->getName().getStringRef().str() + "')";
    return false;
  }
  for (auto [index, reduction] : llvm::enumerate(plan.reductions)) {
    Type type = getCombinedValue(loop, index, reduction).getType();
    if (!getAtomicKind(reduction.kind, type)) {
      why = "reduction " + std::to_string(index) +
            " has no memory atomic (integer add, min, max, and, or, xor of 32 "
            "or 64 bits; float add)";
      return false;
    }
  }
  return true;
}

CollaborationBuilder::BlockPosition CollaborationBuilder::getBlockPosition() {
  Value tid = createLinearThreadId(b, loc, plan.blockShape);
  Value warp = arith::DivUIOp::create(b, loc, tid, constIndex(32));
  Value laneIndex = arith::RemUIOp::create(b, loc, tid, constIndex(32));
  Value isFirstLane = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            laneIndex, constIndex(0));
  return {tid, warp, isFirstLane};
}

SmallVector<Value> CollaborationBuilder::runBlockShare(Value rangeLo,
                                                       Value begin, Value end,
                                                       Value tid) {
  std::array<int64_t, 3> shape = plan.blockShape;
  int64_t threads = shape[0] * shape[1] * shape[2];
  // Iteration k of the range, combined into `accs`.
  auto runIteration = [&](Value k, ValueRange accs) {
    IRMapping mapping;
    mapping.map(
        loop.getInductionVar(),
        arith::AddIOp::create(b, loc, rangeLo,
                              arith::MulIOp::create(b, loc, k, stepValue)));
    SmallVector<Value> next;
    for (auto [index, value] : llvm::enumerate(cloneBody(mapping)))
      next.push_back(combine(index, accs[index], value));
    return next;
  };
  // Rounds of kBlockUnroll iterations per thread, each into its own
  // accumulators (their loads in flight together: the block's range is
  // long, and one thread's iterations would otherwise wait for each
  // other), then the rest one at a time.
  unsigned numReductions = plan.reductions.size();
  SmallVector<Value> roundInits;
  for (int64_t u = 0; u < kBlockUnroll; ++u)
    llvm::append_range(roundInits, createIdentities());
  Value chunk = constIndex(kBlockUnroll * threads);
  Value numRounds = arith::DivUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, end, begin), chunk);
  auto rounds =
      createFor(b, loc, constIndex(0), numRounds, constIndex(1), roundInits);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(rounds.getBody());
    Value base = arith::AddIOp::create(
        b, loc,
        arith::AddIOp::create(
            b, loc, begin,
            arith::MulIOp::create(b, loc, rounds.getInductionVar(), chunk)),
        tid);
    SmallVector<Value> next;
    for (int64_t u = 0; u < kBlockUnroll; ++u) {
      Value k = arith::AddIOp::create(b, loc, base, constIndex(u * threads));
      llvm::append_range(
          next, runIteration(k, rounds.getRegionIterArgs().slice(
                                    u * numReductions, numReductions)));
    }
    scf::YieldOp::create(b, loc, next);
  }
  SmallVector<Value> merged(rounds.getResults().take_front(numReductions));
  for (int64_t u = 1; u < kBlockUnroll; ++u)
    for (unsigned index = 0; index < numReductions; ++index)
      merged[index] = combine(index, merged[index],
                              rounds.getResult(u * numReductions + index));
  Value restStart = arith::AddIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, begin,
                            arith::MulIOp::create(b, loc, numRounds, chunk)),
      tid);
  auto strided = createFor(b, loc, restStart, end, constIndex(threads), merged);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(strided.getBody());
    scf::YieldOp::create(
        b, loc,
        runIteration(strided.getInductionVar(), strided.getRegionIterArgs()));
  }
  return SmallVector<Value>(strided.getResults());
}

void CollaborationBuilder::storeWarpPartials(ValueRange values,
                                             ArrayRef<Value> partials,
                                             const BlockPosition &position) {
  SmallVector<Value> sums;
  for (auto [index, reduction] : llvm::enumerate(plan.reductions))
    sums.push_back(ReduceOp::create(b, loc, reduction.kind, values[index]));
  thenDo(position.isFirstLane, [&] {
    for (auto [sum, buffer] : llvm::zip(sums, partials))
      memref::StoreOp::create(b, loc, sum, buffer, position.warp);
  });
  gpu::BarrierOp::create(b, loc);
}

/// A new workgroup buffer of `size` elements of `type` in `func`.
static Value addWorkgroupBuffer(gpu::GPUFuncOp func, Location loc, int64_t size,
                                Type type) {
  auto workgroup = gpu::AddressSpaceAttr::get(func.getContext(),
                                              gpu::AddressSpace::Workgroup);
  return func.addWorkgroupAttribution(
      MemRefType::get({size}, type, MemRefLayoutAttrInterface(), workgroup),
      loc);
}

namespace {
/// One round's take of a chunk, as the block reads it from the workgroup
/// cells: the job, whether there was one to look at, the chunk and the
/// job's chunks, the job's range.
struct TakenChunk {
  Value job, open, chunk, chunks, rangeLo, count;
};
} // namespace

/// The grid level of one loop (CollaborationBuilder::gridPerHugeRange): the
/// launch's state and the block's cells, and the code that uses them.
class CollaborationBuilder::GridLevel {
public:
  explicit GridLevel(CollaborationBuilder &c);
  /// Builds the grid level at the builder's insertion point (see
  /// gridPerHugeRange).
  SmallVector<Value> build(Value isGrid, Value &published);

private:
  Value constI32(int64_t v) { return c.constI32(v); }
  Value constIndex(int64_t v) { return c.constIndex(v); }
  void thenDo(Value condition, function_ref<void()> fill) {
    c.thenDo(condition, fill);
  }
  Value atomic(arith::AtomicRMWKind kind, Value value, Value memref, Value at) {
    return memref::AtomicRMWOp::create(b, loc, kind, value, memref,
                                       ValueRange{at})
        .getResult();
  }
  /// A read by an atomic that changes nothing: coherent across the launch's
  /// blocks, where a plain load may hit a stale line of its SM's cache.
  Value atomicRead(Value memref, Value at) {
    Type type = cast<MemRefType>(memref.getType()).getElementType();
    return atomic(arith::AtomicRMWKind::ori,
                  arith::ConstantIntOp::create(b, loc, type, 0), memref, at);
  }
  void fence() { NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::GPU); }
  Value toIndex(Value v) {
    return arith::IndexCastOp::create(b, loc, indexType, v);
  }
  /// Where job `job` (an index) keeps its finished chunks, lo and count.
  Value doneWord(Value job) {
    return arith::AddIOp::create(b, loc, job, constIndex(kGridControlWords));
  }
  Value loWord(Value job) {
    return arith::MulIOp::create(b, loc, job, constIndex(2));
  }
  Value countWord(Value job) {
    return arith::AddIOp::create(b, loc, loWord(job), constIndex(1));
  }
  /// The chunks of a range of `count64` iterations (i64), as an i32.
  Value chunksOf(Value count64) {
    return arith::TruncIOp::create(
        b, loc, i32,
        arith::CeilDivUIOp::create(
            b, loc, count64,
            arith::ConstantIntOp::create(b, loc, i64, plan.gridChunk)));
  }

  /// Adds the launch's state to the kernel's arguments (the buffers the
  /// launches must pass, in `c.result.gridBuffers`).
  void addLaunchState();
  /// Each thread where `isGrid` holds takes a job, fills it in and opens
  /// it; returns the job and whether it got one.
  std::pair<Value, Value> publish(Value isGrid);
  /// In the first thread: takes a chunk of `job` (when `open`, which must
  /// be uniform) and leaves it in the workgroup cells.
  void takeChunk(Value job, Value open);
  /// The cells, read by the whole block between two barriers (the first
  /// thread writes them again after the second).
  TakenChunk readTaken();
  /// The block runs chunk `t.chunk` of job `t.job` and combines it into the
  /// job's accumulators; the first thread then counts the chunk finished.
  void runChunk(const TakenChunk &t);
  /// Whether a job whose chunk counter reads `claimed` is one the blocks
  /// that look for chunks may pass for good: all its `chunks` taken, or
  /// done (not a job that is not open yet).
  Value isPassable(Value claimed, Value chunks);
  /// In the first warp: finds, from the block's `cursor`, the first job
  /// that may have a chunk left, and takes one of it in its first lane.
  void takeAnyChunk(Value cursor);
  /// The block takes chunks and runs them while it gets one: of job `job`
  /// (open), or, where `job` is null, of the launch's open jobs, in order.
  /// Each round is block-uniform: the cells carry the first thread's take.
  void runChunks(Value job);
  /// Runs what is left of the block's jobs: of the owners in each warp's
  /// mask in `masks`, whose jobs are in `jobs`.
  void runOwnJobs(Value masks, Value jobs);
  /// Each thread with a job (`published`) waits for its chunks and takes
  /// its result; the others keep the loop's initial values.
  SmallVector<Value> waitForJob(Value job, Value published);
  /// At the end of the kernel: the last block of the launch to finish
  /// resets the control words for the next launch.
  void countBlockDone();

  CollaborationBuilder &c;
  OpBuilder &b;
  const CollaborationPlan &plan;
  Location loc;
  gpu::GPUFuncOp func;
  int64_t threads, warps;
  Type i1, i32, i64, indexType;
  /// The launch's state: the control words, each job's chunk counter, each
  /// job's range (lo, count), each job's accumulators.
  Value control, claims, ranges;
  SmallVector<Value> accumulators;
  Value headWord, openWord, blocksWord;
  /// The block's cells and the warps' partials.
  Value taken32, taken64;
  SmallVector<Value> partials;
  BlockPosition position;
  Value isFirstThread, isFirstWarp, lane;
};

CollaborationBuilder::GridLevel::GridLevel(CollaborationBuilder &c)
    : c(c), b(c.b), plan(c.plan), loc(c.loc),
      func(c.loop->getParentOfType<gpu::GPUFuncOp>()) {
  threads = plan.blockShape[0] * plan.blockShape[1] * plan.blockShape[2];
  warps = threads / 32;
  i1 = b.getI1Type();
  i32 = b.getI32Type();
  i64 = b.getI64Type();
  indexType = b.getIndexType();
}

void CollaborationBuilder::GridLevel::addLaunchState() {
  MLIRContext *context = b.getContext();
  // The control words and each job's counter of finished chunks (zeroed
  // once; the last block of a launch resets the control words, each job's
  // owner its counter); each job's chunk counter (not open until its owner
  // opens it, done once its owner has the result); each job's range, as lo
  // and trip count; each job's accumulators.
  SmallVector<std::pair<MemRefType, std::optional<int32_t>>> &buffers =
      c.result.gridBuffers;
  buffers.push_back(
      {MemRefType::get({kGridControlWords + plan.gridJobs}, i32), 0});
  buffers.push_back({MemRefType::get({plan.gridJobs}, i32), kClosedGridJob});
  buffers.push_back({MemRefType::get({2 * plan.gridJobs}, i64), std::nullopt});
  for (auto [index, reduction] : llvm::enumerate(plan.reductions))
    buffers.push_back(
        {MemRefType::get({plan.gridJobs},
                         getCombinedValue(c.loop, index, reduction).getType()),
         std::nullopt});
  unsigned first = func.getFunctionType().getNumInputs();
  SmallVector<unsigned> positions(buffers.size(), first);
  SmallVector<Type> types;
  for (auto &[type, fill] : buffers)
    types.push_back(type);
  SmallVector<DictionaryAttr> attrs(buffers.size(),
                                    DictionaryAttr::get(context));
  SmallVector<Location> locs(buffers.size(), loc);
  if (failed(func.insertArguments(positions, types, attrs, locs)))
    llvm_unreachable("gpu.func takes more arguments");
  Block &entry = func.getBody().front();
  control = entry.getArgument(first);
  claims = entry.getArgument(first + 1);
  ranges = entry.getArgument(first + 2);
  for (unsigned r = 0; r < plan.reductions.size(); ++r)
    accumulators.push_back(entry.getArgument(first + 3 + r));
  headWord = constIndex(0);
  openWord = constIndex(1);
  blocksWord = constIndex(2);
}

std::pair<Value, Value> CollaborationBuilder::GridLevel::publish(Value isGrid) {
  // Past the launch's `gridJobs`, the thread's range stays with it.
  auto publish = createIfElse(b, loc, {i32, i1}, isGrid);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&publish.getThenRegion().front());
  Value job =
      atomic(arith::AtomicRMWKind::addi, constI32(1), control, headWord);
  Value taken = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, job,
                                      constI32(plan.gridJobs));
  thenDo(taken, [&] {
    Value at = toIndex(job);
    // Not open yet (the job's last launch left it done): the blocks that
    // look for chunks wait for it instead of passing it.
    atomic(arith::AtomicRMWKind::assign, constI32(kClosedGridJob), claims, at);
    memref::StoreOp::create(b, loc,
                            arith::IndexCastOp::create(b, loc, i64, c.lo),
                            ranges, loWord(at));
    memref::StoreOp::create(
        b, loc, arith::IndexCastOp::create(b, loc, i64, c.countIndex), ranges,
        countWord(at));
    for (auto [identity, memref] :
         llvm::zip(c.createIdentities(), accumulators))
      memref::StoreOp::create(b, loc, identity, memref, at);
    memref::StoreOp::create(b, loc, constI32(0), control, doneWord(at));
    fence();
    atomic(arith::AtomicRMWKind::assign, constI32(0), claims, at);
  });
  scf::YieldOp::create(b, loc, ValueRange{job, taken});
  b.setInsertionPointToStart(&publish.getElseRegion().front());
  scf::YieldOp::create(
      b, loc,
      ValueRange{constI32(0), arith::ConstantIntOp::create(b, loc, i1, 0)});
  return {publish.getResult(0), publish.getResult(1)};
}

void CollaborationBuilder::GridLevel::takeChunk(Value job, Value open) {
  Value at = toIndex(job);
  auto took = createIfElse(b, loc, {i32, i32, i64, i64}, open);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&took.getThenRegion().front());
    Value chunk = atomic(arith::AtomicRMWKind::addi, constI32(1), claims, at);
    fence();
    Value isOpen = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                         chunk, constI32(kClosedGridJob));
    auto range = createIfElse(b, loc, {i64, i64}, isOpen);
    {
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPointToStart(&range.getThenRegion().front());
      scf::YieldOp::create(b, loc,
                           ValueRange{atomicRead(ranges, loWord(at)),
                                      atomicRead(ranges, countWord(at))});
      b.setInsertionPointToStart(&range.getElseRegion().front());
      Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
      scf::YieldOp::create(b, loc, ValueRange{zero, zero});
    }
    scf::YieldOp::create(b, loc,
                         ValueRange{chunk, chunksOf(range.getResult(1)),
                                    range.getResult(0), range.getResult(1)});
    b.setInsertionPointToStart(&took.getElseRegion().front());
    Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
    scf::YieldOp::create(
        b, loc, ValueRange{constI32(kClosedGridJob), constI32(0), zero, zero});
  }
  memref::StoreOp::create(b, loc, job, taken32, constIndex(0));
  memref::StoreOp::create(b, loc, arith::ExtUIOp::create(b, loc, i32, open),
                          taken32, constIndex(1));
  for (unsigned i = 0; i < 2; ++i) {
    memref::StoreOp::create(b, loc, took.getResult(i), taken32,
                            constIndex(2 + i));
    memref::StoreOp::create(b, loc, took.getResult(2 + i), taken64,
                            constIndex(i));
  }
}

TakenChunk CollaborationBuilder::GridLevel::readTaken() {
  gpu::BarrierOp::create(b, loc);
  TakenChunk t;
  t.job = memref::LoadOp::create(b, loc, taken32, constIndex(0));
  t.open = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne,
      memref::LoadOp::create(b, loc, taken32, constIndex(1)), constI32(0));
  t.chunk = memref::LoadOp::create(b, loc, taken32, constIndex(2));
  t.chunks = memref::LoadOp::create(b, loc, taken32, constIndex(3));
  t.rangeLo = memref::LoadOp::create(b, loc, taken64, constIndex(0));
  t.count = memref::LoadOp::create(b, loc, taken64, constIndex(1));
  gpu::BarrierOp::create(b, loc);
  return t;
}

void CollaborationBuilder::GridLevel::runChunk(const TakenChunk &t) {
  Value begin = arith::MulIOp::create(b, loc, toIndex(t.chunk),
                                      constIndex(plan.gridChunk));
  Value end = arith::MinUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, begin, constIndex(plan.gridChunk)),
      toIndex(t.count));
  c.storeWarpPartials(
      c.runBlockShare(toIndex(t.rangeLo), begin, end, position.tid), partials,
      position);
  thenDo(isFirstThread, [&] {
    Value at = toIndex(t.job);
    for (auto [index, reduction] : llvm::enumerate(plan.reductions)) {
      Value sum =
          memref::LoadOp::create(b, loc, partials[index], constIndex(0));
      for (int64_t w = 1; w < warps; ++w)
        sum = c.combine(
            index, sum,
            memref::LoadOp::create(b, loc, partials[index], constIndex(w)));
      atomic(*getAtomicKind(reduction.kind, sum.getType()), sum,
             accumulators[index], at);
    }
    fence();
    atomic(arith::AtomicRMWKind::addi, constI32(1), control, doneWord(at));
  });
  // The partials are written again for the next chunk.
  gpu::BarrierOp::create(b, loc);
}

Value CollaborationBuilder::GridLevel::isPassable(Value claimed, Value chunks) {
  Value taken = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, claimed, chunks),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, claimed,
                            constI32(kClosedGridJob)));
  Value done = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, claimed,
                                     constI32(kDoneGridJob));
  return arith::OrIOp::create(b, loc, taken, done);
}

void CollaborationBuilder::GridLevel::takeAnyChunk(Value cursor) {
  // Plain loads: a stale value (from this SM's cache) only makes the block
  // try a job already done or miss a new one, which its owner runs.
  Value loaded = memref::LoadOp::create(b, loc, control, openWord);
  Value firstOpen = arith::MaxSIOp::create(b, loc, cursor, loaded);
  Value head = arith::MinSIOp::create(
      b, loc, memref::LoadOp::create(b, loc, control, headWord),
      constI32(plan.gridJobs));
  // The warp passes, 32 at a time and by plain loads, the jobs whose chunks
  // look all taken (or that are done): only a job that may still have one,
  // or is not open yet, costs an atomic.
  auto scan = scf::WhileOp::create(b, loc, TypeRange{i32, i32}, firstOpen);
  {
    OpBuilder::InsertionGuard inner(b);
    Block *at = b.createBlock(&scan.getBefore(), {}, {i32}, {loc});
    Value base = at->getArgument(0);
    Value f = arith::AddIOp::create(b, loc, base, lane);
    Value inRange =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, f, head);
    auto passable = createIfElse(b, loc, {i1}, inRange);
    b.setInsertionPointToStart(&passable.getThenRegion().front());
    Value index = toIndex(f);
    Value claimed = memref::LoadOp::create(b, loc, claims, index);
    Value count = memref::LoadOp::create(b, loc, ranges, countWord(index));
    scf::YieldOp::create(b, loc, isPassable(claimed, chunksOf(count)));
    b.setInsertionPointToStart(&passable.getElseRegion().front());
    scf::YieldOp::create(
        b, loc, arith::ConstantIntOp::create(b, loc, i1, 1).getResult());
    b.setInsertionPointAfter(passable);
    Value stop = arith::AndIOp::create(
        b, loc, inRange,
        arith::XOrIOp::create(b, loc, passable.getResult(0),
                              arith::ConstantIntOp::create(b, loc, i1, 1)));
    Value found = VoteOp::create(b, loc, i32, VoteKind::ballot, stop, Value());
    Value more = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, base, head),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, found,
                              constI32(0)));
    scf::ConditionOp::create(b, loc, more, ValueRange{base, found});
    Block *next = b.createBlock(&scan.getAfter(), {}, {i32, i32}, {loc, loc});
    scf::YieldOp::create(
        b, loc,
        arith::AddIOp::create(b, loc, next->getArgument(0), constI32(32))
            .getResult());
  }
  Value found = scan.getResult(1);
  Value candidate = arith::SelectOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, found,
                            constI32(0)),
      arith::AddIOp::create(b, loc, scan.getResult(0),
                            math::CountTrailingZerosOp::create(b, loc, found)),
      head);
  thenDo(position.isFirstLane, [&] {
    Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                      candidate, head);
    takeChunk(candidate, any);
    // Past the jobs found without chunks (by the scan, or by the take), for
    // the blocks that look next.
    Value chunk = memref::LoadOp::create(b, loc, taken32, constIndex(2));
    Value chunks = memref::LoadOp::create(b, loc, taken32, constIndex(3));
    Value passed = arith::SelectOp::create(
        b, loc, arith::AndIOp::create(b, loc, any, isPassable(chunk, chunks)),
        arith::AddIOp::create(b, loc, candidate, constI32(1)), candidate);
    thenDo(
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, passed,
                              loaded),
        [&] { atomic(arith::AtomicRMWKind::maxs, passed, control, openWord); });
  });
}

void CollaborationBuilder::GridLevel::runChunks(Value job) {
  // The block's cursor over the launch's jobs: it only moves forward, past
  // each job found without a chunk, so that the loop ends even where the
  // block reads a stale first open job.
  auto chunks = scf::WhileOp::create(b, loc, TypeRange{i32, i32, i64, i64},
                                     ValueRange{constI32(0)});
  Block *before = b.createBlock(&chunks.getBefore(), {}, {i32}, {loc});
  Value cursor = before->getArgument(0);
  if (job)
    thenDo(isFirstThread, [&] {
      takeChunk(job, arith::ConstantIntOp::create(b, loc, i1, 1));
    });
  else
    thenDo(isFirstWarp, [&] { takeAnyChunk(cursor); });
  TakenChunk t = readTaken();
  // Another round while the block got a chunk of `job`, or while it found
  // a job to look at; the chunk runs if there was one.
  Value again = job ? arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                            t.chunk, t.chunks)
                          .getResult()
                    : t.open;
  scf::ConditionOp::create(b, loc, again,
                           ValueRange{t.job, t.chunk, t.rangeLo, t.count});
  Block *after = b.createBlock(&chunks.getAfter(), {}, {i32, i32, i64, i64},
                               SmallVector<Location>(4, loc));
  TakenChunk run;
  run.job = after->getArgument(0);
  run.chunk = after->getArgument(1);
  run.rangeLo = after->getArgument(2);
  run.count = after->getArgument(3);
  Value next = run.job;
  if (job) {
    runChunk(run);
  } else {
    Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                        run.chunk, chunksOf(run.count));
    thenDo(valid, [&] { runChunk(run); });
    next = arith::SelectOp::create(
        b, loc, valid, run.job,
        arith::AddIOp::create(b, loc, run.job, constI32(1)));
  }
  scf::YieldOp::create(b, loc, next);
  b.setInsertionPointAfter(chunks);
}

void CollaborationBuilder::GridLevel::runOwnJobs(Value masks, Value jobs) {
  auto ownWarps = createFor(b, loc, constIndex(0), constIndex(warps),
                            constIndex(1), ValueRange());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(ownWarps.getBody());
  Value w = ownWarps.getInductionVar();
  Value mask = memref::LoadOp::create(b, loc, masks, w);
  auto owners = scf::WhileOp::create(b, loc, TypeRange{i32}, mask);
  Block *before = b.createBlock(&owners.getBefore(), {}, {i32}, {loc});
  scf::ConditionOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                            before->getArgument(0), constI32(0)),
      before->getArguments());
  Block *after = b.createBlock(&owners.getAfter(), {}, {i32}, {loc});
  Value left = after->getArgument(0);
  Value owner = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, w, constIndex(32)),
      arith::IndexCastUIOp::create(
          b, loc, indexType, math::CountTrailingZerosOp::create(b, loc, left)));
  runChunks(memref::LoadOp::create(b, loc, jobs, owner));
  Value rest = arith::AndIOp::create(
      b, loc, left, arith::SubIOp::create(b, loc, left, constI32(1)));
  scf::YieldOp::create(b, loc, rest);
  b.setInsertionPointAfter(owners);
  scf::YieldOp::create(b, loc, ValueRange{});
}

SmallVector<Value>
CollaborationBuilder::GridLevel::waitForJob(Value job, Value published) {
  SmallVector<Value> accs = llvm::to_vector(c.loop.getInitArgs());
  auto wait = createIfElse(b, loc, ValueRange(accs).getTypes(), published);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&wait.getThenRegion().front());
  Value at = toIndex(job);
  Value chunks =
      chunksOf(arith::IndexCastOp::create(b, loc, i64, c.countIndex));
  auto spin = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  b.createBlock(&spin.getBefore());
  Value done = atomicRead(control, doneWord(at));
  scf::ConditionOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, done, chunks),
      ValueRange{});
  b.createBlock(&spin.getAfter());
  // Between reads, a pause: the reads go to the same word as the helpers'
  // atomics.
  NVVM::NanosleepOp::create(b, loc, constI32(256));
  scf::YieldOp::create(b, loc, ValueRange{});
  b.setInsertionPointAfter(spin);
  fence();
  SmallVector<Value> results;
  SmallVector<Value> identities = c.createIdentities();
  for (auto [index, reduction] : llvm::enumerate(plan.reductions)) {
    Value total =
        atomic(*getAtomicKind(reduction.kind, identities[index].getType()),
               identities[index], accumulators[index], at);
    results.push_back(c.combine(index, accs[index], total));
  }
  atomic(arith::AtomicRMWKind::assign, constI32(kDoneGridJob), claims, at);
  scf::YieldOp::create(b, loc, results);
  b.setInsertionPointToStart(&wait.getElseRegion().front());
  scf::YieldOp::create(b, loc, accs);
  return SmallVector<Value>(wait.getResults());
}

void CollaborationBuilder::GridLevel::countBlockDone() {
  // The last block of the launch to finish resets the control words for the
  // next launch: all blocks are past their last use of them. The blocks
  // count themselves on kGridBlockCounters counters a cache line apart
  // (block b on counter b mod kGridBlockCounters), the last of each counter
  // on one more, which the last counter's last block finds complete.
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(func.getBody().front().getTerminator());
    gpu::BarrierOp::create(b, loc);
    Value isFirst = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        createLinearThreadId(b, loc, plan.blockShape), constIndex(0));
    thenDo(isFirst, [&] {
      fence();
      SmallVector<Value, 3> ids, sizes;
      for (gpu::Dimension dim :
           {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
        ids.push_back(gpu::BlockIdOp::create(b, loc, dim));
        sizes.push_back(gpu::GridDimOp::create(b, loc, dim));
      }
      Value block = arith::AddIOp::create(
          b, loc, ids[0],
          arith::MulIOp::create(
              b, loc, sizes[0],
              arith::AddIOp::create(
                  b, loc, ids[1],
                  arith::MulIOp::create(b, loc, sizes[1], ids[2]))));
      Value blocks = arith::MulIOp::create(
          b, loc, arith::MulIOp::create(b, loc, sizes[0], sizes[1]), sizes[2]);
      Value counters = constIndex(kGridBlockCounters);
      Value counter = arith::RemUIOp::create(b, loc, block, counters);
      // Blocks counted on `counter`: those of the full rounds, and one more
      // where the last round reaches it.
      Value expected = arith::AddIOp::create(
          b, loc, arith::DivUIOp::create(b, loc, blocks, counters),
          arith::SelectOp::create(
              b, loc,
              arith::CmpIOp::create(
                  b, loc, arith::CmpIPredicate::ult, counter,
                  arith::RemUIOp::create(b, loc, blocks, counters)),
              constIndex(1), constIndex(0)));
      Value counterWord = arith::MulIOp::create(
          b, loc, arith::AddIOp::create(b, loc, counter, constIndex(1)),
          constIndex(kGridCounterStride));
      auto lastOf = [&](Value word, Value expected) -> Value {
        Value before =
            atomic(arith::AtomicRMWKind::addi, constI32(1), control, word);
        return arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq,
            arith::AddIOp::create(b, loc, before, constI32(1)),
            arith::IndexCastOp::create(b, loc, i32, expected));
      };
      thenDo(lastOf(counterWord, expected), [&] {
        fence();
        Value used = arith::MinUIOp::create(b, loc, blocks, counters);
        thenDo(lastOf(blocksWord, used), [&] {
          SmallVector<Value> words{headWord, openWord, blocksWord};
          for (int64_t k = 0; k < kGridBlockCounters; ++k)
            words.push_back(constIndex((k + 1) * kGridCounterStride));
          for (Value word : words)
            atomic(arith::AtomicRMWKind::assign, constI32(0), control, word);
        });
      });
    });
  }
}

SmallVector<Value> CollaborationBuilder::GridLevel::build(Value isGrid,
                                                          Value &published) {
  auto buffer = [&](int64_t size, Type type) {
    return addWorkgroupBuffer(func, loc, size, type);
  };
  addLaunchState();
  position = c.getBlockPosition();
  isFirstThread = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        position.tid, constIndex(0));
  isFirstWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      position.warp, constIndex(0));
  lane = arith::IndexCastOp::create(
      b, loc, i32,
      arith::RemUIOp::create(b, loc, position.tid, constIndex(32)));

  auto [job, taken] = publish(isGrid);
  published = taken;

  // The block's jobs, for the block to run: a mask per warp, and each
  // thread's job; the cells of the first thread's takes (the job and
  // whether it is open, the chunk and the job's chunks: i32; the job's
  // range: i64); the warps' partials.
  Value masks = buffer(warps, i32);
  Value jobs = buffer(threads, i32);
  taken32 = buffer(4, i32);
  taken64 = buffer(2, i64);
  for (auto [index, reduction] : llvm::enumerate(plan.reductions))
    partials.push_back(
        buffer(warps, getCombinedValue(c.loop, index, reduction).getType()));
  Value jobMask =
      VoteOp::create(b, loc, i32, VoteKind::ballot, published, Value());
  thenDo(position.isFirstLane, [&] {
    memref::StoreOp::create(b, loc, jobMask, masks, position.warp);
  });
  thenDo(published,
         [&] { memref::StoreOp::create(b, loc, job, jobs, position.tid); });
  gpu::BarrierOp::create(b, loc);

  // The block's own jobs first, then any open job of the launch.
  runOwnJobs(masks, jobs);
  runChunks(Value());
  SmallVector<Value> accs = waitForJob(job, published);
  countBlockDone();
  return accs;
}

SmallVector<Value> CollaborationBuilder::gridPerHugeRange(Value isGrid,
                                                          Value &published) {
  return GridLevel(*this).build(isGrid, published);
}

SmallVector<Value> CollaborationBuilder::blockPerHugeRange(Value isHuge) {
  auto func = loop->getParentOfType<gpu::GPUFuncOp>();
  std::array<int64_t, 3> shape = plan.blockShape;
  int64_t threads = shape[0] * shape[1] * shape[2];
  int64_t warps = threads / 32;
  Type i32 = b.getI32Type(), indexType = b.getIndexType();
  auto buffer = [&](int64_t size, Type type) {
    return addWorkgroupBuffer(func, loc, size, type);
  };
  // Which lanes of each warp have a huge range, and each such thread's
  // range; one partial per warp and reduction.
  Value masks = buffer(warps, i32);
  Value los = buffer(threads, indexType);
  Value counts = buffer(threads, indexType);
  SmallVector<Value> partials;
  for (auto [index, reduction] : llvm::enumerate(plan.reductions))
    partials.push_back(
        buffer(warps, getCombinedValue(loop, index, reduction).getType()));

  BlockPosition position = getBlockPosition();
  auto [tid, warp, isFirstLane] = position;
  Value hugeMask =
      VoteOp::create(b, loc, i32, VoteKind::ballot, isHuge, /*mask=*/Value());
  thenDo(isFirstLane,
         [&] { memref::StoreOp::create(b, loc, hugeMask, masks, warp); });
  thenDo(isHuge, [&] {
    memref::StoreOp::create(b, loc, lo, los, tid);
    memref::StoreOp::create(b, loc, countIndex, counts, tid);
  });
  gpu::BarrierOp::create(b, loc);

  // For each warp w, each owner o of its mask in turn (uniform in the
  // block): every thread strides over the owner's range, the warps reduce,
  // the owner combines the warps' partials.
  auto warpLoop = createFor(b, loc, constIndex(0), constIndex(warps),
                            constIndex(1), loop.getInitArgs());
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(warpLoop.getBody());
    Value w = warpLoop.getInductionVar();
    Value mask = memref::LoadOp::create(b, loc, masks, w);
    SmallVector<Value> inits{mask};
    llvm::append_range(inits, warpLoop.getRegionIterArgs());
    SmallVector<Type> types =
        llvm::map_to_vector(inits, [](Value value) { return value.getType(); });
    auto owners = scf::WhileOp::create(b, loc, types, inits);
    Block *before = b.createBlock(&owners.getBefore(), {}, types,
                                  SmallVector<Location>(types.size(), loc));
    Value left = before->getArgument(0);
    scf::ConditionOp::create(b, loc,
                             arith::CmpIOp::create(b, loc,
                                                   arith::CmpIPredicate::ne,
                                                   left, constI32(0)),
                             before->getArguments());
    Block *after = b.createBlock(&owners.getAfter(), {}, types,
                                 SmallVector<Location>(types.size(), loc));
    left = after->getArgument(0);
    ValueRange accs = after->getArguments().drop_front();
    Value bit = math::CountTrailingZerosOp::create(b, loc, left);
    Value owner = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, w, constIndex(32)),
        arith::IndexCastUIOp::create(b, loc, indexType, bit));
    Value ownerLo = memref::LoadOp::create(b, loc, los, owner);
    Value ownerCount = memref::LoadOp::create(b, loc, counts, owner);
    storeWarpPartials(runBlockShare(ownerLo, constIndex(0), ownerCount, tid),
                      partials, position);
    Value mine =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, owner);
    SmallVector<Value> next = buildIf(
        mine,
        [&] {
          SmallVector<Value> combined(accs);
          for (int64_t v = 0; v < warps; ++v)
            for (auto [index, buffer] : llvm::enumerate(partials))
              combined[index] = combine(
                  index, combined[index],
                  memref::LoadOp::create(b, loc, buffer, constIndex(v)));
          return combined;
        },
        [&] { return SmallVector<Value>(accs); });
    // The partials are written again for the next owner.
    gpu::BarrierOp::create(b, loc);
    Value rest = arith::AndIOp::create(
        b, loc, left, arith::SubIOp::create(b, loc, left, constI32(1)));
    next.insert(next.begin(), rest);
    scf::YieldOp::create(b, loc, next);
    b.setInsertionPointAfter(owners);
    scf::YieldOp::create(b, loc, owners.getResults().drop_front());
  }
  return SmallVector<Value>(warpLoop.getResults());
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
  auto windowLoop = createFor(b, loc, constIndex(0), totalIndex, constIndex(32),
                              loop.getInitArgs());
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
    for (auto [index, reduction] : llvm::enumerate(plan.reductions))
      valueTypes.push_back(getCombinedValue(loop, index, reduction).getType());
    auto guarded = createIfElse(b, loc, valueTypes, valid);
    b.setInsertionPointToStart(&guarded.getThenRegion().front());
    scf::YieldOp::create(b, loc, cloneBody(mapping));
    b.setInsertionPointToStart(&guarded.getElseRegion().front());
    SmallVector<Value> identities = createIdentities();
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
  // Ranges longer than `gridRange` go to the grid first, and those longer
  // than `blockRange` to the whole block; their threads then take part in
  // the next forms with nothing left to run.
  if (plan.gridRange > 0 && canUseGrid(result.whyNotGrid)) {
    result.grid = true;
    Value isGrid =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, countIndex,
                              constIndex(plan.gridRange));
    Value published;
    SmallVector<Value> accs = gridPerHugeRange(isGrid, published);
    rewriter.modifyOpInPlace(loop,
                             [&] { loop.getInitArgsMutable().assign(accs); });
    Value unpublished = arith::XOrIOp::create(
        b, loc, published,
        arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
    active =
        active ? arith::AndIOp::create(b, loc, active, unpublished).getResult()
               : unpublished;
    countIndex =
        arith::SelectOp::create(b, loc, unpublished, countIndex, zeroIndex);
  }
  if (plan.blockRange > 0 && bodyIsBlockWide()) {
    result.block = true;
    Value isHuge =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, countIndex,
                              constIndex(plan.blockRange));
    SmallVector<Value> accs = blockPerHugeRange(isHuge);
    rewriter.modifyOpInPlace(loop,
                             [&] { loop.getInitArgsMutable().assign(accs); });
    Value notHuge = arith::XOrIOp::create(
        b, loc, isHuge, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
    active = active ? arith::AndIOp::create(b, loc, active, notHuge).getResult()
                    : notHuge;
    countIndex =
        arith::SelectOp::create(b, loc, notHuge, countIndex, zeroIndex);
  }
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

CollaborationResult
collaborate::applyCollaboration(const CollaborationPlan &plan) {
  scf::ForOp loop = plan.loop;
  IRRewriter rewriter(loop.getContext());
  Value active;
  if (scf::IfOp guard = plan.guard) {
    splitOffPrelude(rewriter, guard, loop);
    active = guard.getCondition();
    // The loop moves out of the guard, between the prelude and the rest.
    rewriter.moveOpBefore(loop, guard);
  }
  rewriter.setInsertionPoint(loop);
  CollaborationBuilder builder(rewriter, plan, active);
  SmallVector<Value> results = builder.build();
  rewriter.replaceAllUsesWith(loop.getResults(), results);
  rewriter.eraseOp(loop);
  return builder.result;
}
