//===- CollaborationBlock.cpp - The block's forms of a collaborative loop -===//
//
// The block's forms of wc-collaborate: the whole block runs the longest
// ranges one after the other (the block level), or the ranges of all its
// threads flattened and split evenly between its warps (`flatten=block`).
//
//===----------------------------------------------------------------------===//

#include "CollaborationBuilder.h"
#include "WorkgroupBuffers.h"

#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::collaborate;

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
  auto [tid, warp, laneIndex, isFirstLane] = position;
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

bool CollaborationBuilder::canFlattenBlock(std::string &why) {
  if (!bodyIsBlockWide()) {
    why = "the body uses a value that differs between the block's threads";
    return false;
  }
  for (auto [index, reduction] : llvm::enumerate(plan.reductions)) {
    Type type = getCombinedValue(loop, index, reduction).getType();
    if (!getAtomicKind(reduction.kind, type)) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "no workgroup-memory atomic combines a reduction of "
         << stringifyCombiningKind(reduction.kind) << " on " << type;
      why = text;
      return false;
    }
  }
  // The workgroup memory it adds to the kernel's: the warps' sums, each
  // thread's start (i32), first iteration (index) and accumulators.
  auto func = loop->getParentOfType<gpu::GPUFuncOp>();
  std::array<int64_t, 3> shape = plan.blockShape;
  int64_t threads = shape[0] * shape[1] * shape[2];
  int64_t bytes = getWorkgroupBytes(func, /*allocations=*/true) +
                  threads / 32 * 4 + threads * (4 + 8);
  for (auto [index, reduction] : llvm::enumerate(plan.reductions))
    bytes += threads * (getCombinedValue(loop, index, reduction)
                            .getType()
                            .getIntOrFloatBitWidth() /
                        8);
  int64_t limit = TargetDescription().staticSharedMemoryPerBlock;
  if (bytes > limit) {
    why = "its workgroup memory with the kernel's would be " +
          std::to_string(bytes) +
          " bytes, over the static shared memory of a block (" +
          std::to_string(limit) + " bytes)";
    return false;
  }
  return true;
}

/// Windows of 32 iterations that each warp runs together in a round of the
/// flattened block, their loads in flight together.
static constexpr int64_t kBlockWindows = 4;

SmallVector<Value> CollaborationBuilder::blockFlattened() {
  auto func = loop->getParentOfType<gpu::GPUFuncOp>();
  std::array<int64_t, 3> shape = plan.blockShape;
  int64_t threads = shape[0] * shape[1] * shape[2];
  int64_t warps = threads / 32;
  Type i1 = b.getI1Type(), i32 = b.getI32Type(), indexType = b.getIndexType();
  auto buffer = [&](int64_t size, Type type) {
    return addWorkgroupBuffer(func, loc, size, type);
  };
  auto cmp = [&](arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, loc, predicate, lhs, rhs).getResult();
  };
  auto add = [&](Value lhs, Value rhs) {
    return arith::AddIOp::create(b, loc, lhs, rhs).getResult();
  };
  SmallVector<Type> valueTypes;
  for (auto [index, reduction] : llvm::enumerate(plan.reductions))
    valueTypes.push_back(getCombinedValue(loop, index, reduction).getType());

  // The block's sums count in 32 bits: a range over `limit` iterations
  // stays with its thread.
  int64_t limit = (int64_t(1) << 31) / threads - 1;
  Value tooLong = cmp(arith::CmpIPredicate::sgt, countIndex, constIndex(limit));
  Value count32 = arith::IndexCastOp::create(
      b, loc, i32,
      arith::SelectOp::create(b, loc, tooLong, constIndex(0), countIndex));
  BlockPosition position = getBlockPosition();
  Value lane32 = arith::IndexCastUIOp::create(b, loc, i32, position.lane);

  // Each thread's first iteration in the block's flattening: the scan of
  // its warp, after the sums of the warps before it.
  Value warpSums = buffer(warps, i32);
  Value starts = buffer(threads, i32);
  Value los = buffer(threads, indexType);
  SmallVector<Value> accs;
  for (Type type : valueTypes)
    accs.push_back(buffer(threads, type));
  Value inWarp =
      ScanOp::create(b, loc, ScanKind::exclusive, CombiningKind::add, count32);
  Value warpSum = ReduceOp::create(b, loc, CombiningKind::add, count32);
  thenDo(position.isFirstLane, [&] {
    memref::StoreOp::create(b, loc, warpSum, warpSums, position.warp);
  });
  memref::StoreOp::create(b, loc, lo, los, position.tid);
  for (auto [acc, identity] : llvm::zip(accs, createIdentities()))
    memref::StoreOp::create(b, loc, identity, acc, position.tid);
  gpu::BarrierOp::create(b, loc);
  Value before = constI32(0), total = constI32(0);
  for (int64_t w = 0; w < warps; ++w) {
    Value sum = memref::LoadOp::create(b, loc, warpSums, constIndex(w));
    Value earlier =
        cmp(arith::CmpIPredicate::ult, constIndex(w), position.warp);
    before =
        add(before, arith::SelectOp::create(b, loc, earlier, sum, constI32(0)));
    total = add(total, sum);
  }
  memref::StoreOp::create(b, loc, add(before, inWarp), starts, position.tid);
  gpu::BarrierOp::create(b, loc);

  // The warp's share of the block's iterations: [begin, end).
  Value share = arith::CeilDivUIOp::create(b, loc, total, constI32(warps));
  Value warp32 = arith::IndexCastUIOp::create(b, loc, i32, position.warp);
  Value begin = arith::MinUIOp::create(
      b, loc, arith::MulIOp::create(b, loc, warp32, share), total);
  Value end = arith::MinUIOp::create(b, loc, add(begin, share), total);

  // Iteration j of the flattening: its owner (the last thread whose range
  // starts at or before it: a binary search over the starts) and the value
  // of the body for it.
  struct Window {
    Value owner, head;
    SmallVector<Value> values;
  };
  int64_t topBit = 1;
  while (topBit * 2 < threads)
    topBit *= 2;
  auto openWindow = [&](Value j, Value valid) {
    Window window;
    Value owner = constIndex(0);
    for (int64_t bit = topBit; bit > 0; bit /= 2) {
      Value candidate = add(owner, constIndex(bit));
      Value inBlock =
          cmp(arith::CmpIPredicate::ult, candidate, constIndex(threads));
      Value at =
          arith::MinUIOp::create(b, loc, candidate, constIndex(threads - 1));
      Value start = memref::LoadOp::create(b, loc, starts, at);
      Value atOrBefore = arith::AndIOp::create(
          b, loc, inBlock, cmp(arith::CmpIPredicate::sle, start, j));
      owner = arith::SelectOp::create(b, loc, atOrBefore, candidate, owner);
    }
    window.owner = owner;
    Value ownerStart = memref::LoadOp::create(b, loc, starts, owner);
    Value ownerLo = memref::LoadOp::create(b, loc, los, owner);
    Value offset = arith::IndexCastOp::create(
        b, loc, indexType, arith::SubIOp::create(b, loc, j, ownerStart));
    IRMapping mapping;
    mapping.map(loop.getInductionVar(),
                add(ownerLo, arith::MulIOp::create(b, loc, offset, stepValue)));
    // A segment starts at lane 0 and where a range starts; lanes past the
    // end are each their own.
    window.head = arith::OrIOp::create(
        b, loc, cmp(arith::CmpIPredicate::eq, lane32, constI32(0)),
        cmp(arith::CmpIPredicate::eq, j, ownerStart));
    if (!valid) {
      window.values = cloneBody(mapping);
      return window;
    }
    window.head = arith::OrIOp::create(
        b, loc, window.head,
        arith::XOrIOp::create(b, loc, valid,
                              arith::ConstantIntOp::create(b, loc, i1, 1)));
    auto guarded = createIfElse(b, loc, valueTypes, valid);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&guarded.getThenRegion().front());
    scf::YieldOp::create(b, loc, cloneBody(mapping));
    b.setInsertionPointToStart(&guarded.getElseRegion().front());
    scf::YieldOp::create(b, loc, createIdentities());
    window.values = SmallVector<Value>(guarded.getResults());
    return window;
  };
  // Each segment's last lane combines the segment into its owner's
  // accumulators.
  auto closeWindow = [&](const Window &window, Value valid) {
    Value heads = VoteOp::create(b, loc, i32, VoteKind::ballot, window.head,
                                 /*mask=*/Value());
    Value shift =
        arith::MinUIOp::create(b, loc, add(lane32, constI32(1)), constI32(31));
    Value nextIsHead = cmp(
        arith::CmpIPredicate::ne,
        arith::AndIOp::create(
            b, loc, arith::ShRUIOp::create(b, loc, heads, shift), constI32(1)),
        constI32(0));
    Value last = arith::OrIOp::create(
        b, loc, cmp(arith::CmpIPredicate::eq, lane32, constI32(31)),
        nextIsHead);
    SmallVector<Value> partials;
    for (auto [index, reduction] : llvm::enumerate(plan.reductions))
      partials.push_back(
          SegmentedReduceOp::create(b, loc, valueTypes[index], reduction.kind,
                                    window.values[index], window.head));
    if (valid)
      last = arith::AndIOp::create(b, loc, last, valid);
    thenDo(last, [&] {
      for (auto [index, reduction] : llvm::enumerate(plan.reductions))
        memref::AtomicRMWOp::create(
            b, loc, *getAtomicKind(reduction.kind, valueTypes[index]),
            partials[index], accs[index], ValueRange{window.owner});
    });
  };

  // Rounds of kBlockWindows whole windows, then the rest one window at a
  // time.
  Value roundSize = constI32(kBlockWindows * 32);
  Value numRounds = arith::DivUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, end, begin), roundSize);
  auto rounds =
      createFor(b, loc, constI32(0), numRounds, constI32(1), ValueRange());
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(rounds.getBody());
    Value base = add(
        begin,
        add(arith::MulIOp::create(b, loc, rounds.getInductionVar(), roundSize),
            lane32));
    SmallVector<Window> windows;
    for (int64_t w = 0; w < kBlockWindows; ++w)
      windows.push_back(openWindow(add(base, constI32(w * 32)), Value()));
    for (const Window &window : windows)
      closeWindow(window, Value());
    scf::YieldOp::create(b, loc);
  }
  Value restBegin =
      add(begin, arith::MulIOp::create(b, loc, numRounds, roundSize));
  auto rest = createFor(b, loc, restBegin, end, constI32(32), ValueRange());
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(rest.getBody());
    Value j = add(rest.getInductionVar(), lane32);
    Value valid = cmp(arith::CmpIPredicate::slt, j, end);
    closeWindow(openWindow(j, valid), valid);
    scf::YieldOp::create(b, loc);
  }
  gpu::BarrierOp::create(b, loc);

  // Each thread's results: its accumulators, then the ranges too long for
  // the flattening per thread.
  SmallVector<Value> results;
  for (auto [index, acc] : llvm::enumerate(accs))
    results.push_back(
        combine(index, loop.getInitArgs()[index],
                memref::LoadOp::create(b, loc, acc, position.tid)));
  rewriter.modifyOpInPlace(loop,
                           [&] { loop.getInitArgsMutable().assign(results); });
  return perThread(
      active ? arith::AndIOp::create(b, loc, active, tooLong).getResult()
             : tooLong);
}
