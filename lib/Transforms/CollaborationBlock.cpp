//===- CollaborationBlock.cpp - The block's forms of a collaborative loop -===//
//
// The block's forms of wc-collaborate: the whole block runs the longest
// ranges one after the other (the block level), or the ranges of all its
// threads flattened and split evenly between its warps (`flatten=block`).
//
//===----------------------------------------------------------------------===//

#include "CollaborationBuilder.h"

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
