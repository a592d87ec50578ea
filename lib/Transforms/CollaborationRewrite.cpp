//===- CollaborationRewrite.cpp - The forms of a collaborative loop ------===//
//
// The rewriting half of wc-collaborate: a planned loop, split out of its
// bounds check, becomes the forms a warp chooses between at run time from
// its lanes' trip counts (the pass's file comment, Collaborate.cpp, gives
// the algorithm): long ranges by the whole warp one after the other, the
// others flattened into windows of 32 iterations or run per thread. The
// block's forms are in CollaborationBlock.cpp, the grid level in
// CollaborationGrid.cpp.
//
//===----------------------------------------------------------------------===//

#include "CollaborationBuilder.h"
#include "GuardSplit.h"

#include "WC/Dialect/WC/Utils/IndexUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

/// Iterations per thread that the block and the warp run together in each
/// round of a range they take.
static constexpr int64_t kBlockUnroll = 4;
static constexpr int64_t kWarpUnroll = 4;

/// `value` of lane `lane` (an i32), for every lane.
static Value shuffleFrom(OpBuilder &b, Location loc, Value value, Value lane) {
  return ShuffleOp::create(b, loc, value.getType(), b.getI1Type(),
                           ShuffleMode::idx, value, lane, /*width=*/32,
                           /*mask=*/Value())
      .getResult();
}

scf::ForOp collaborate::createFor(OpBuilder &b, Location loc, Value lower,
                                  Value upper, Value step, ValueRange inits) {
  auto loop = scf::ForOp::create(b, loc, lower, upper, step, inits);
  Block *body = loop.getBody();
  if (!body->empty() && body->back().hasTrait<OpTrait::IsTerminator>())
    body->back().erase();
  return loop;
}

scf::IfOp collaborate::createIfElse(OpBuilder &b, Location loc, TypeRange types,
                                    Value condition) {
  auto ifOp = scf::IfOp::create(b, loc, types, condition,
                                /*withElseRegion=*/true);
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
    if (!region->front().empty() &&
        region->front().back().hasTrait<OpTrait::IsTerminator>())
      region->front().back().erase();
  return ifOp;
}

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
    identities.push_back(createCombiningIdentity(
        b, loc, reduction.kind,
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
    Value laneIndex =
        arith::IndexCastUIOp::create(b, loc, b.getIndexType(), lane);
    // The owner's values are shuffled once, before the strided loop.
    SmallVector<Value> shares =
        runStridedShare(ownerMapping(owner, Value()), ownerLo, constIndex(0),
                        ownerCount, laneIndex, 32, kWarpUnroll);
    Value mine =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, owner);
    SmallVector<Value> next;
    for (auto [index, reduction] : llvm::enumerate(plan.reductions)) {
      Value sum = ReduceOp::create(b, loc, reduction.kind, shares[index]);
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

CollaborationBuilder::BlockPosition CollaborationBuilder::getBlockPosition() {
  Value tid = createLinearThreadId(b, loc, plan.blockShape);
  Value warp = arith::DivUIOp::create(b, loc, tid, constIndex(32));
  Value laneIndex = arith::RemUIOp::create(b, loc, tid, constIndex(32));
  Value isFirstLane = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                            laneIndex, constIndex(0));
  return {tid, warp, laneIndex, isFirstLane};
}

SmallVector<Value>
CollaborationBuilder::runStridedShare(const IRMapping &outside, Value rangeLo,
                                      Value begin, Value end, Value first,
                                      int64_t width, int64_t unroll) {
  // Iteration k of the range, combined into `accs`.
  auto runIteration = [&](Value k, ValueRange accs) {
    IRMapping mapping = outside;
    mapping.map(
        loop.getInductionVar(),
        arith::AddIOp::create(b, loc, rangeLo,
                              arith::MulIOp::create(b, loc, k, stepValue)));
    SmallVector<Value> next;
    for (auto [index, value] : llvm::enumerate(cloneBody(mapping)))
      next.push_back(combine(index, accs[index], value));
    return next;
  };
  // Rounds of `unroll` iterations per thread, each into its own
  // accumulators (their loads in flight together: the range is long, and
  // one thread's iterations would otherwise wait for each other), then the
  // rest one at a time.
  unsigned numReductions = plan.reductions.size();
  SmallVector<Value> roundInits;
  for (int64_t u = 0; u < unroll; ++u)
    llvm::append_range(roundInits, createIdentities());
  Value chunk = constIndex(unroll * width);
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
        first);
    SmallVector<Value> next;
    for (int64_t u = 0; u < unroll; ++u) {
      Value k = arith::AddIOp::create(b, loc, base, constIndex(u * width));
      llvm::append_range(
          next, runIteration(k, rounds.getRegionIterArgs().slice(
                                    u * numReductions, numReductions)));
    }
    scf::YieldOp::create(b, loc, next);
  }
  SmallVector<Value> merged(rounds.getResults().take_front(numReductions));
  for (int64_t u = 1; u < unroll; ++u)
    for (unsigned index = 0; index < numReductions; ++index)
      merged[index] = combine(index, merged[index],
                              rounds.getResult(u * numReductions + index));
  Value restStart = arith::AddIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, begin,
                            arith::MulIOp::create(b, loc, numRounds, chunk)),
      first);
  auto strided = createFor(b, loc, restStart, end, constIndex(width), merged);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(strided.getBody());
    scf::YieldOp::create(
        b, loc,
        runIteration(strided.getInductionVar(), strided.getRegionIterArgs()));
  }
  return SmallVector<Value>(strided.getResults());
}

SmallVector<Value> CollaborationBuilder::runBlockShare(Value rangeLo,
                                                       Value begin, Value end,
                                                       Value tid) {
  std::array<int64_t, 3> shape = plan.blockShape;
  return runStridedShare(IRMapping(), rangeLo, begin, end, tid,
                         shape[0] * shape[1] * shape[2], kBlockUnroll);
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

Value collaborate::addWorkgroupBuffer(gpu::GPUFuncOp func, Location loc,
                                      int64_t size, Type type) {
  auto workgroup = gpu::AddressSpaceAttr::get(func.getContext(),
                                              gpu::AddressSpace::Workgroup);
  return func.addWorkgroupAttribution(
      MemRefType::get({size}, type, MemRefLayoutAttrInterface(), workgroup),
      loc);
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
  // Ranges longer than `gridRange` become jobs of the launch first (the
  // block runs what is left of them, and waits for them, after its other
  // ranges), and those longer than `blockRange` go to the whole block; their
  // threads then take part in the next forms with nothing left to run.
  if (plan.gridRange > 0 && canUseGrid(result.whyNotGrid)) {
    result.grid = true;
    Value isGrid =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, countIndex,
                              constIndex(plan.gridRange));
    Value published;
    if (plan.gridSplit)
      lookUpGridJob(isGrid, published);
    else
      startGrid(isGrid, published);
    Value unpublished = arith::XOrIOp::create(
        b, loc, published,
        arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
    active =
        active ? arith::AndIOp::create(b, loc, active, unpublished).getResult()
               : unpublished;
    countIndex =
        arith::SelectOp::create(b, loc, unpublished, countIndex, zeroIndex);
  }
  if (plan.flatten == Flatten::Block) {
    result.blockFlattened = canFlattenBlock(result.whyNotBlockFlattened);
    if (result.blockFlattened) {
      return finishLevels(blockFlattened());
    }
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
  case Flatten::Block: // Where the block cannot flatten, as Auto.
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
  return finishLevels(
      buildIf(fits, collaborate, [&] { return perThread(active); }));
}

SmallVector<Value> CollaborationBuilder::finishLevels(ValueRange results) {
  if (grid)
    return finishGrid(results);
  if (gridJobFound)
    return combineGridJob(results);
  return SmallVector<Value>(results);
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
