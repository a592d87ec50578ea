//===- CollaborationGrid.cpp - The grid level of a collaborative loop -----===//
//
// The grid level of wc-collaborate: ranges longer than `grid-range` become
// jobs of the launch whose chunks any block takes (docs/passes.md gives the
// protocol). The launch's state comes from each launch site; no block waits
// for one that has not taken a chunk. How a helping block finds a chunk of
// another block's job is in CollaborationGridSearch.cpp.
//
//===----------------------------------------------------------------------===//

#include "CollaborationGrid.h"
#include "GuardSplit.h"

#include "WC/Dialect/WC/Utils/IndexUtils.h"

#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::collaborate;

std::optional<arith::AtomicRMWKind>
collaborate::getAtomicKind(CombiningKind kind, Type type) {
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

bool collaborate::gridLevelApplies(const CollaborationPlan &plan,
                                   std::string &why) {
  scf::ForOp loop = plan.loop;
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

unsigned collaborate::appendLaunchState(
    gpu::GPUFuncOp func,
    ArrayRef<std::pair<MemRefType, std::optional<int32_t>>> buffers,
    Location loc) {
  unsigned first = func.getNumArguments();
  SmallVector<unsigned> positions(buffers.size(), first);
  SmallVector<Type> types;
  for (auto &[type, fill] : buffers)
    types.push_back(type);
  SmallVector<DictionaryAttr> attrs(buffers.size(),
                                    DictionaryAttr::get(func.getContext()));
  SmallVector<Location> locs(buffers.size(), loc);
  if (failed(func.insertArguments(positions, types, attrs, locs)))
    llvm_unreachable("gpu.func takes more arguments");
  return first;
}

void CollaborationBuilder::GridLevel::addLaunchState() {
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
  buffers.push_back({MemRefType::get({(plan.gridJobs + 31) / 32}, i32), 0});
  for (auto [index, reduction] : llvm::enumerate(plan.reductions))
    buffers.push_back(
        {MemRefType::get({plan.gridJobs},
                         getCombinedValue(c.loop, index, reduction).getType()),
         std::nullopt});
  unsigned first = appendLaunchState(func, buffers, loc);
  Block &entry = func.getBody().front();
  control = entry.getArgument(first);
  claims = entry.getArgument(first + 1);
  ranges = entry.getArgument(first + 2);
  pending = entry.getArgument(first + 3);
  for (unsigned r = 0; r < plan.reductions.size(); ++r)
    accumulators.push_back(entry.getArgument(first + 4 + r));
  headWord = constIndex(0);
  openWord = constIndex(1);
  blocksWord = constIndex(2);
  parityWord = constIndex(kGridParityWord);
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
    atomic(arith::AtomicRMWKind::addi,
           chunksOf(arith::IndexCastOp::create(b, loc, i64, c.countIndex)),
           pending, groupOf(at));
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
    Value chunks = chunksOf(range.getResult(1));
    // A chunk taken: one fewer of the job's group left to take.
    thenDo(
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, chunk, chunks),
        [&] {
          atomic(arith::AtomicRMWKind::addi, constI32(-1), pending,
                 groupOf(at));
        });
    scf::YieldOp::create(
        b, loc,
        ValueRange{chunk, chunks, range.getResult(0), range.getResult(1)});
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

void CollaborationBuilder::GridLevel::runChunks(Value job) {
  // Helping, the block counts its rounds (for its place among the open
  // jobs) and the takes in a row that got no chunk: after
  // kGridHelpFailures of those it leaves what is left to the owners. On its
  // own job, the second count says whether the last chunk taken was the
  // job's last.
  auto chunks =
      scf::WhileOp::create(b, loc, TypeRange{i32, i64, i64, i32, i32, i32},
                           ValueRange{constI32(0), constI32(0)});
  Block *before =
      b.createBlock(&chunks.getBefore(), {}, {i32, i32}, {loc, loc});
  Value round = before->getArgument(0);
  Value failures = before->getArgument(1);
  if (job)
    thenDo(isFirstThread, [&] {
      // Past the job's last chunk (the round before took it) no take: none
      // is left.
      takeChunk(job, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           failures, constI32(0)));
    });
  else
    thenDo(isFirstWarp, [&] {
      // Past its failures the block takes nothing (a chunk it took must
      // run: its job's owner waits for it).
      Value tryMore =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, failures,
                                constI32(kGridHelpFailures));
      auto ifOp = scf::IfOp::create(b, loc, tryMore, /*withElseRegion=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(&ifOp.getThenRegion().front());
      takeAnyChunk(round);
      b.setInsertionPointToStart(&ifOp.getElseRegion().front());
      thenDo(position.isFirstLane, [&] {
        memref::StoreOp::create(b, loc, constI32(0), taken32, constIndex(1));
      });
    });
  TakenChunk t = readTaken();
  // Another round while the block got a chunk of `job`, or while it found
  // a job to look at; the chunk runs if there was one.
  Value again = job ? arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                            t.chunk, t.chunks)
                          .getResult()
                    : t.open;
  scf::ConditionOp::create(
      b, loc, again,
      ValueRange{t.chunk, t.rangeLo, t.count, t.job, round, failures});
  Block *after =
      b.createBlock(&chunks.getAfter(), {}, {i32, i64, i64, i32, i32, i32},
                    SmallVector<Location>(6, loc));
  TakenChunk run;
  run.chunk = after->getArgument(0);
  run.rangeLo = after->getArgument(1);
  run.count = after->getArgument(2);
  run.job = after->getArgument(3);
  Value nextRound =
      arith::AddIOp::create(b, loc, after->getArgument(4), constI32(1));
  if (job) {
    runChunk(run);
    Value last = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::sge,
        arith::AddIOp::create(b, loc, run.chunk, constI32(1)),
        chunksOf(run.count));
    scf::YieldOp::create(
        b, loc,
        ValueRange{nextRound, arith::ExtUIOp::create(b, loc, i32, last)});
  } else {
    Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                        run.chunk, chunksOf(run.count));
    thenDo(valid, [&] { runChunk(run); });
    Value failed =
        arith::AddIOp::create(b, loc, after->getArgument(5), constI32(1));
    scf::YieldOp::create(
        b, loc,
        ValueRange{nextRound, arith::SelectOp::create(b, loc, valid,
                                                      constI32(0), failed)});
  }
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
CollaborationBuilder::GridLevel::waitForJob(Value job, Value published,
                                            ValueRange results) {
  auto wait = createIfElse(b, loc, results.getTypes(), published);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&wait.getThenRegion().front());
  Value at = toIndex(job);
  Value chunks = chunksOf(arith::IndexCastOp::create(b, loc, i64, jobCount));
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
  SmallVector<Value> combined;
  SmallVector<Value> identities = c.createIdentities();
  for (auto [index, reduction] : llvm::enumerate(plan.reductions)) {
    Value total =
        atomic(*getAtomicKind(reduction.kind, identities[index].getType()),
               identities[index], accumulators[index], at);
    combined.push_back(c.combine(index, results[index], total));
  }
  atomic(arith::AtomicRMWKind::assign, doneMark, claims, at);
  scf::YieldOp::create(b, loc, combined);
  b.setInsertionPointToStart(&wait.getElseRegion().front());
  scf::YieldOp::create(b, loc, results);
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
      auto [block, blocks] = createLinearBlockId(b, loc);
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
          atomic(arith::AtomicRMWKind::xori, constI32(1), control, parityWord);
        });
      });
    });
  }
}

void CollaborationBuilder::GridLevel::start(Value isGrid, Value &isPublished) {
  auto buffer = [&](int64_t size, Type type) {
    return addWorkgroupBuffer(func, loc, size, type);
  };
  addLaunchState();
  position = c.getBlockPosition();
  isFirstThread = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        position.tid, constIndex(0));
  isFirstWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      position.warp, constIndex(0));
  lane = arith::IndexCastOp::create(b, loc, i32, position.lane);
  blockLinear = arith::IndexCastOp::create(b, loc, i32,
                                           createLinearBlockId(b, loc).first);

  jobCount = c.countIndex;
  // The same in the whole launch: only the launch's last block changes it,
  // at its end.
  parity = memref::LoadOp::create(b, loc, control, parityWord);
  doneMark = arith::AddIOp::create(
      b, loc, constI32(kDoneGridJob),
      arith::MulIOp::create(b, loc, parity, constI32(kGridParityBit)));
  std::tie(job, published) = publish(isGrid);
  isPublished = published;

  // The block's jobs, for the block to run: a mask per warp, and each
  // thread's job; the cells of the first thread's takes (the job and
  // whether it is open, the chunk and the job's chunks: i32; the job's
  // range: i64); the warps' partials.
  masks = buffer(warps, i32);
  jobs = buffer(threads, i32);
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
}

SmallVector<Value> CollaborationBuilder::GridLevel::finish(ValueRange results) {
  // The block's other forms end with the block together; the masks and jobs
  // written before them are visible after this barrier.
  gpu::BarrierOp::create(b, loc);
  // What other blocks have not taken of the block's own jobs, then any open
  // job of the launch; then the block's results.
  runOwnJobs(masks, jobs);
  runChunks(Value());
  SmallVector<Value> combined = waitForJob(job, published, results);
  countBlockDone();
  return combined;
}

CollaborationBuilder::CollaborationBuilder(RewriterBase &rewriter,
                                           const CollaborationPlan &plan,
                                           Value active)
    : rewriter(rewriter), b(rewriter), plan(plan), loop(plan.loop),
      active(active), loc(loop.getLoc()) {}

CollaborationBuilder::~CollaborationBuilder() = default;

void CollaborationBuilder::startGrid(Value isGrid, Value &published) {
  grid = std::make_unique<GridLevel>(*this);
  grid->start(isGrid, published);
}

SmallVector<Value> CollaborationBuilder::finishGrid(ValueRange results) {
  return grid->finish(results);
}
