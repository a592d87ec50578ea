//===- CollaborationGridSearch.cpp - Helpers' search for a chunk ---------===//
//
// The grid level's search of a helping block (CollaborationGrid.cpp has the
// rest of the protocol): the groups of 32 jobs that count chunks left to
// take, then a job of the group found, whose chunk the block takes.
//
//===----------------------------------------------------------------------===//

#include "CollaborationGrid.h"

#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::collaborate;

Value CollaborationBuilder::GridLevel::isPassable(Value claimed, Value chunks) {
  Value taken = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, claimed, chunks),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, claimed,
                            constI32(kClosedGridJob)));
  // Done in this launch, not in the previous one (whose owner in this
  // launch has not opened it yet).
  Value done = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, claimed,
                            constI32(kDoneGridJob)),
      arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          arith::AndIOp::create(b, loc, claimed, constI32(kGridParityBit)),
          arith::MulIOp::create(b, loc, parity, constI32(kGridParityBit))));
  return arith::OrIOp::create(b, loc, taken, done);
}

void CollaborationBuilder::GridLevel::takeAnyChunk(Value round) {
  // The first open job and the head, the same in every lane: the scan's
  // loop and votes need the same bounds in the whole warp, and reads by
  // each lane may see other blocks' updates at different times (reads by
  // atomics in every lane hung the warp). Both words only grow during a
  // launch, so the warp's largest read is as good as any. Plain loads: a
  // stale value only makes the block scan more, or miss a new job, which
  // its owner runs.
  auto warpRead = [&](Value word) -> Value {
    return ReduceOp::create(b, loc, CombiningKind::maxsi,
                            memref::LoadOp::create(b, loc, control, word));
  };
  Value firstOpen = warpRead(openWord);
  Value head = arith::MinSIOp::create(b, loc, warpRead(headWord),
                                      constI32(plan.gridJobs));
  // The groups of 32 jobs from the first open job's to the head's.
  Value firstGroup = arith::DivUIOp::create(b, loc, firstOpen, constI32(32));
  Value groups = arith::MaxSIOp::create(
      b, loc,
      arith::SubIOp::create(
          b, loc, arith::CeilDivUIOp::create(b, loc, head, constI32(32)),
          firstGroup),
      constI32(0));
  // Each block starts its look at its own place among the groups (a hash of
  // the block and the round), so that the blocks that help at the same time
  // do not all race for the first open job: the warp passes, 32 groups at a
  // time, the groups whose count of chunks not taken is 0, going round them
  // once; then, in the first group left, it looks for a job whose chunks
  // look not all taken, from a place of its own too. A stale count only
  // makes the block try a group whose jobs are all taken (a take that gets
  // no chunk), or miss a new job, which its owner runs.
  Value hash = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, blockLinear, constI32(-1640531535)),
      arith::MulIOp::create(b, loc, round, constI32(40503)));
  Value rotation = arith::RemUIOp::create(
      b, loc, hash, arith::MaxSIOp::create(b, loc, groups, constI32(1)));
  auto groupAt = [&](Value i) -> Value {
    // (rotation + i) mod groups, for i < groups: one subtraction.
    Value p = arith::AddIOp::create(b, loc, rotation, i);
    Value wraps =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, p, groups);
    return arith::AddIOp::create(
        b, loc, firstGroup,
        arith::SelectOp::create(b, loc, wraps,
                                arith::SubIOp::create(b, loc, p, groups), p));
  };
  auto scan = scf::WhileOp::create(b, loc, TypeRange{i32, i32}, constI32(0));
  {
    OpBuilder::InsertionGuard inner(b);
    Block *at = b.createBlock(&scan.getBefore(), {}, {i32}, {loc});
    Value base = at->getArgument(0);
    Value i = arith::AddIOp::create(b, loc, base, lane);
    Value inRange =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, i, groups);
    auto left = createIfElse(b, loc, {i1}, inRange);
    b.setInsertionPointToStart(&left.getThenRegion().front());
    Value count = memref::LoadOp::create(b, loc, pending, toIndex(groupAt(i)));
    scf::YieldOp::create(b, loc,
                         arith::CmpIOp::create(b, loc,
                                               arith::CmpIPredicate::sgt, count,
                                               constI32(0))
                             .getResult());
    b.setInsertionPointToStart(&left.getElseRegion().front());
    scf::YieldOp::create(
        b, loc, arith::ConstantIntOp::create(b, loc, i1, 0).getResult());
    b.setInsertionPointAfter(left);
    Value found = VoteOp::create(b, loc, i32, VoteKind::ballot,
                                 left.getResult(0), Value());
    Value more = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, base, groups),
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
  Value anyGroup = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                         found, constI32(0));
  Value group = groupAt(arith::MinSIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, scan.getResult(0),
                            math::CountTrailingZerosOp::create(b, loc, found)),
      arith::MaxSIOp::create(b, loc,
                             arith::SubIOp::create(b, loc, groups, constI32(1)),
                             constI32(0))));
  // The group's jobs, a lane each.
  Value first = arith::MulIOp::create(b, loc, group, constI32(32));
  Value mine = arith::AddIOp::create(b, loc, first, lane);
  Value inJobs = arith::AndIOp::create(
      b, loc, anyGroup,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, mine, head));
  auto open = createIfElse(b, loc, {i1}, inJobs);
  {
    OpBuilder::InsertionGuard inner(b);
    b.setInsertionPointToStart(&open.getThenRegion().front());
    Value index = toIndex(mine);
    Value claimed = memref::LoadOp::create(b, loc, claims, index);
    Value count = memref::LoadOp::create(b, loc, ranges, countWord(index));
    scf::YieldOp::create(
        b, loc,
        arith::XOrIOp::create(b, loc, isPassable(claimed, chunksOf(count)),
                              arith::ConstantIntOp::create(b, loc, i1, 1))
            .getResult());
    b.setInsertionPointToStart(&open.getElseRegion().front());
    scf::YieldOp::create(
        b, loc, arith::ConstantIntOp::create(b, loc, i1, 0).getResult());
  }
  Value jobs =
      VoteOp::create(b, loc, i32, VoteKind::ballot, open.getResult(0), Value());
  Value any = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, jobs,
                                    constI32(0));
  // The first job left from lane `shift` on, round the group.
  Value shift = arith::AndIOp::create(b, loc, hash, constI32(31));
  Value rotated = arith::OrIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, jobs, shift),
      arith::ShLIOp::create(
          b, loc, jobs,
          arith::AndIOp::create(
              b, loc, arith::SubIOp::create(b, loc, constI32(32), shift),
              constI32(31))));
  Value pick = arith::AndIOp::create(
      b, loc,
      arith::AddIOp::create(
          b, loc, shift, math::CountTrailingZerosOp::create(b, loc, rotated)),
      constI32(31));
  Value candidate = arith::SelectOp::create(
      b, loc, any, arith::AddIOp::create(b, loc, first, pick), head);
  thenDo(position.isFirstLane, [&] {
    takeChunk(candidate, any);
    // Another round where a group looked to have a chunk left, with or
    // without a take in this one.
    memref::StoreOp::create(b, loc,
                            arith::ExtUIOp::create(b, loc, i32, anyGroup),
                            taken32, constIndex(1));
    // Past the first open job, for the blocks that look next, where the
    // take found it without a chunk left.
    Value chunk = memref::LoadOp::create(b, loc, taken32, constIndex(2));
    Value chunks = memref::LoadOp::create(b, loc, taken32, constIndex(3));
    Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          candidate, firstOpen);
    thenDo(arith::AndIOp::create(b, loc,
                                 arith::AndIOp::create(b, loc, any, isFirst),
                                 isPassable(chunk, chunks)),
           [&] {
             atomic(arith::AtomicRMWKind::maxs,
                    arith::AddIOp::create(b, loc, candidate, constI32(1)),
                    control, openWord);
           });
  });
}
