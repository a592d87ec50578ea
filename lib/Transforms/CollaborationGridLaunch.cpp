//===- CollaborationGridLaunch.cpp - The grid level in launches of its own ===//
//
// The split form of wc-collaborate's grid level (GridLaunches in
// Collaboration.h): the long ranges run in two launches before the
// kernel's, so that no block of the kernel takes, waits for or helps with
// another's jobs, and no fence orders their steps (the launches' ends do).
//
//   jobs:   the kernel's code up to the loop's bounds; a thread whose range
//           is longer than grid-range takes a job (head[0]) and its chunks'
//           numbers (head[1]), records the range, writes the job's number
//           into each chunk's word and into its own
//   chunks: warp w of W runs chunks w, w + W, ...: grid-chunk iterations
//           per lane (in rounds of 4), a warp reduction, and the job's
//           accumulators set (a job of one chunk) or combined by a memory
//           atomic
//   kernel: a thread whose range is long reads its job; where the job's
//           range is its own, its value replaces the range's iterations;
//           the launch's first thread resets head for the next launches
//
//===----------------------------------------------------------------------===//

#include "CollaborationBuilder.h"

#include "WC/Dialect/WC/Utils/IndexUtils.h"
#include "WC/Transforms/Aggregation.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::collaborate;

/// A warp runs a chunk (`grid-chunk` iterations per lane) in rounds of 4
/// iterations per lane, their loads in flight together.
static constexpr int64_t kChunkUnroll = 4;

SmallVector<std::pair<MemRefType, std::optional<int32_t>>>
collaborate::getGridSplitBuffers(const CollaborationPlan &plan,
                                 int64_t threads) {
  scf::ForOp loop = plan.loop;
  MLIRContext *context = loop.getContext();
  Type i32 = IntegerType::get(context, 32), i64 = IntegerType::get(context, 64);
  // head: jobs and chunks taken (0 between launches); each chunk's job; each
  // job's lo, count and first chunk; each thread's job; each job's
  // accumulators.
  SmallVector<std::pair<MemRefType, std::optional<int32_t>>> buffers;
  buffers.push_back({MemRefType::get({2}, i32), 0});
  buffers.push_back({MemRefType::get({getGridSplitChunks(plan.gridJobs)}, i32),
                     std::nullopt});
  buffers.push_back({MemRefType::get({3 * plan.gridJobs}, i64), std::nullopt});
  buffers.push_back({MemRefType::get({threads}, i32), std::nullopt});
  for (auto [index, reduction] : llvm::enumerate(plan.reductions))
    buffers.push_back(
        {MemRefType::get({plan.gridJobs},
                         getCombinedValue(loop, index, reduction).getType()),
         std::nullopt});
  return buffers;
}

Value CollaborationBuilder::gridRecordWord(Value job, int64_t word) {
  return arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(
          b, loc, arith::IndexCastOp::create(b, loc, b.getIndexType(), job),
          constIndex(3)),
      constIndex(word));
}

CollaborationBuilder::GridSplitState
CollaborationBuilder::addGridSplitState(gpu::GPUFuncOp func) {
  unsigned first = appendLaunchState(func, plan.gridSplitBuffers, loc);
  Block &entry = func.getBody().front();
  GridSplitState state;
  state.head = entry.getArgument(first);
  state.chunkJobs = entry.getArgument(first + 1);
  state.records = entry.getArgument(first + 2);
  state.jobOf = entry.getArgument(first + 3);
  for (unsigned r = 0; r < plan.reductions.size(); ++r)
    state.accumulators.push_back(entry.getArgument(first + 4 + r));
  return state;
}

/// The thread's linear id in the launch.
static Value createLaunchThreadId(OpBuilder &b, Location loc,
                                  BlockShape shape) {
  Value block = createLinearBlockId(b, loc).first;
  return arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(
          b, loc, block,
          arith::ConstantIndexOp::create(b, loc, getNumThreads(shape))),
      createLinearThreadId(b, loc, shape));
}

void CollaborationBuilder::buildGridJobs(gpu::GPUFuncOp jobs,
                                         const IRMapping &mapped) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  GridSplitState state = addGridSplitState(jobs);
  Value rangeLo = mapped.lookup(loop.getLowerBound());
  Value rangeHi = mapped.lookup(loop.getUpperBound());
  // The trip count as the kernel computes it (build()).
  Value trips = arith::CeilDivUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, rangeHi, rangeLo),
      constIndex(plan.step));
  Value nonEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                         rangeHi, rangeLo);
  Value tripCount =
      arith::SelectOp::create(b, loc, nonEmpty, trips, constIndex(0));
  Value isLong = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                       tripCount, constIndex(plan.gridRange));
  int64_t chunkIterations =
      plan.gridChunk / getNumThreads(plan.blockShape) * 32;
  int64_t chunkCapacity = getGridSplitChunks(plan.gridJobs);
  thenDo(isLong, [&] {
    Value count64 = arith::IndexCastOp::create(b, loc, i64, tripCount);
    Value chunks64 = arith::CeilDivUIOp::create(
        b, loc, count64,
        arith::ConstantIntOp::create(b, loc, i64, chunkIterations));
    auto take = [&](int64_t word, Value amount) {
      return memref::AtomicRMWOp::create(b, loc, arith::AtomicRMWKind::addi,
                                         amount, state.head,
                                         ValueRange{constIndex(word)})
          .getResult();
    };
    // A job past the launch's jobs, or one of more chunks than the chunk
    // words, takes no chunks, nor does one whose chunks pass the words'
    // end: the range stays with the kernel (its word says -1, and so do the
    // chunk words it took). Only a job below `gridJobs` of at most
    // `chunkCapacity` chunks adds to the count of chunks taken, which so
    // stays below 2^31.
    Value job = take(0, constI32(1));
    Value countable = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, job,
                              constI32(plan.gridJobs)),
        arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::ule, chunks64,
            arith::ConstantIntOp::create(b, loc, i64, chunkCapacity)));
    Value chunks = arith::SelectOp::create(
        b, loc, countable, arith::TruncIOp::create(b, loc, i32, chunks64),
        constI32(0));
    Value firstChunk = take(1, chunks);
    Value firstIndex =
        arith::IndexCastOp::create(b, loc, b.getIndexType(), firstChunk);
    Value endIndex = arith::AddIOp::create(
        b, loc, firstIndex,
        arith::IndexCastOp::create(b, loc, b.getIndexType(), chunks));
    Value fits = arith::AndIOp::create(
        b, loc, countable,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, endIndex,
                              constIndex(chunkCapacity)));
    Value mine = arith::SelectOp::create(b, loc, fits, job, constI32(-1));
    Value chunkEnd =
        arith::MinUIOp::create(b, loc, endIndex, constIndex(chunkCapacity));
    auto words = createFor(b, loc, firstIndex, chunkEnd, constIndex(1), {});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(words.getBody());
      memref::StoreOp::create(b, loc, mine, state.chunkJobs,
                              ValueRange{words.getInductionVar()});
      scf::YieldOp::create(b, loc);
    }
    memref::StoreOp::create(b, loc, mine, state.jobOf,
                            createLaunchThreadId(b, loc, plan.blockShape));
    thenDo(fits, [&] {
      auto put = [&](Value value, int64_t word) {
        memref::StoreOp::create(b, loc, value, state.records,
                                gridRecordWord(job, word));
      };
      put(arith::IndexCastOp::create(b, loc, i64, rangeLo), 0);
      put(count64, 1);
      put(arith::ExtUIOp::create(b, loc, i64, firstChunk), 2);
      Value at = arith::IndexCastOp::create(b, loc, b.getIndexType(), job);
      for (auto [identity, memref] :
           llvm::zip(createIdentities(), state.accumulators))
        memref::StoreOp::create(b, loc, identity, memref, at);
    });
  });
}

void CollaborationBuilder::buildGridChunks(gpu::GPUFuncOp chunks,
                                           const IRMapping &outside) {
  GridSplitState state = addGridSplitState(chunks);
  stepValue = constIndex(plan.step);
  int64_t threads = getNumThreads(plan.blockShape), warps = threads / 32;
  int64_t chunkIterations = plan.gridChunk / threads * 32;
  auto [block, blocks] = createLinearBlockId(b, loc);
  Value tid = createLinearThreadId(b, loc, plan.blockShape);
  Value laneIndex = arith::RemUIOp::create(b, loc, tid, constIndex(32));
  Value warp = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, block, constIndex(warps)),
      arith::DivUIOp::create(b, loc, tid, constIndex(32)));
  Value allWarps = arith::MulIOp::create(b, loc, blocks, constIndex(warps));
  Value taken = arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      memref::LoadOp::create(b, loc, state.head, ValueRange{constIndex(1)}));
  Value total = arith::MinUIOp::create(
      b, loc, taken, constIndex(getGridSplitChunks(plan.gridJobs)));
  auto each = createFor(b, loc, warp, total, allWarps, {});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(each.getBody());
  Value chunk = each.getInductionVar();
  Value job = memref::LoadOp::create(b, loc, state.chunkJobs, chunk);
  thenDo(
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, job,
                            constI32(0)),
      [&] {
        auto get = [&](int64_t word) -> Value {
          return arith::IndexCastOp::create(
              b, loc, b.getIndexType(),
              memref::LoadOp::create(b, loc, state.records,
                                     gridRecordWord(job, word)));
        };
        Value rangeLo = get(0), rangeCount = get(1), firstChunk = get(2);
        Value begin = arith::MulIOp::create(
            b, loc, arith::SubIOp::create(b, loc, chunk, firstChunk),
            constIndex(chunkIterations));
        Value end = arith::MinUIOp::create(
            b, loc,
            arith::AddIOp::create(b, loc, begin, constIndex(chunkIterations)),
            rangeCount);
        SmallVector<Value> shares = runStridedShare(
            outside, rangeLo, begin, end, laneIndex, 32, kChunkUnroll);
        SmallVector<Value> sums;
        for (auto [index, reduction] : llvm::enumerate(plan.reductions))
          sums.push_back(
              ReduceOp::create(b, loc, reduction.kind, shares[index]));
        Value at = arith::IndexCastOp::create(b, loc, b.getIndexType(), job);
        Value single =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, rangeCount,
                                  constIndex(chunkIterations));
        thenDo(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                     laneIndex, constIndex(0)),
               [&] {
                 // A job of one chunk is this warp's alone.
                 auto ifOp = scf::IfOp::create(b, loc, single,
                                               /*withElseRegion=*/true);
                 OpBuilder::InsertionGuard inner(b);
                 b.setInsertionPointToStart(ifOp.thenBlock());
                 for (auto [sum, memref] : llvm::zip(sums, state.accumulators))
                   memref::StoreOp::create(b, loc, sum, memref, at);
                 b.setInsertionPointToStart(ifOp.elseBlock());
                 for (auto [index, reduction] :
                      llvm::enumerate(plan.reductions))
                   memref::AtomicRMWOp::create(
                       b, loc,
                       *getAtomicKind(reduction.kind, sums[index].getType()),
                       sums[index], state.accumulators[index], ValueRange{at});
               });
      });
  scf::YieldOp::create(b, loc);
}

void CollaborationBuilder::lookUpGridJob(Value isGrid, Value &published) {
  auto func = loop->getParentOfType<gpu::GPUFuncOp>();
  GridSplitState state = addGridSplitState(func);
  result.gridBuffers = plan.gridSplitBuffers;
  Type i1 = b.getI1Type(), i64 = b.getI64Type();
  Value thread = createLaunchThreadId(b, loc, plan.blockShape);
  // The launches of jobs and chunks of this launch are done with head.
  thenDo(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, thread,
                               constIndex(0)),
         [&] {
           for (int64_t word : {0, 1})
             memref::StoreOp::create(b, loc, constI32(0), state.head,
                                     ValueRange{constIndex(word)});
         });
  SmallVector<Type> types{i1};
  SmallVector<Value> none{arith::ConstantIntOp::create(b, loc, i1, 0)};
  for (Value identity : createIdentities()) {
    types.push_back(identity.getType());
    none.push_back(identity);
  }
  auto look = createIfElse(b, loc, types, isGrid);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&look.getElseRegion().front());
    scf::YieldOp::create(b, loc, none);
    b.setInsertionPointToStart(&look.getThenRegion().front());
    Value job = memref::LoadOp::create(b, loc, state.jobOf, thread);
    Value known = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, job,
                              constI32(0)),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, job,
                              constI32(plan.gridJobs)));
    auto read = createIfElse(b, loc, types, known);
    scf::YieldOp::create(b, loc, read.getResults());
    b.setInsertionPointToStart(&read.getElseRegion().front());
    scf::YieldOp::create(b, loc, none);
    b.setInsertionPointToStart(&read.getThenRegion().front());
    Value at = arith::IndexCastOp::create(b, loc, b.getIndexType(), job);
    auto get = [&](int64_t word) -> Value {
      return memref::LoadOp::create(b, loc, state.records,
                                    gridRecordWord(job, word));
    };
    // The job's range is the thread's (its word could be another launch's).
    Value same = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, get(0),
                              arith::IndexCastOp::create(b, loc, i64, lo)),
        arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq, get(1),
            arith::IndexCastOp::create(b, loc, i64, countIndex)));
    SmallVector<Value> found{same};
    for (auto [memref, identity] :
         llvm::zip(state.accumulators, ArrayRef(none).drop_front()))
      found.push_back(arith::SelectOp::create(
          b, loc, same, memref::LoadOp::create(b, loc, memref, at), identity));
    scf::YieldOp::create(b, loc, found);
  }
  published = look.getResult(0);
  gridJobFound = published;
  gridJobValues.assign(look.getResults().begin() + 1, look.getResults().end());
}

SmallVector<Value> CollaborationBuilder::combineGridJob(ValueRange results) {
  SmallVector<Value> combined;
  for (auto [index, result] : llvm::enumerate(results))
    combined.push_back(arith::SelectOp::create(
        b, loc, gridJobFound, combine(index, result, gridJobValues[index]),
        result));
  return combined;
}

GridLaunches collaborate::createGridLaunches(const CollaborationPlan &plan,
                                             const GridSplitPlan &split) {
  scf::ForOp loop = plan.loop;
  scf::IfOp guardOp = plan.guard;
  auto func = loop->getParentOfType<gpu::GPUFuncOp>();
  Location loc = loop.getLoc();
  IRRewriter rewriter(loop.getContext());
  SymbolTable symbols(func->getParentOp());
  auto makeKernel = [&](StringRef suffix) {
    rewriter.setInsertionPointAfter(func);
    auto kernel = gpu::GPUFuncOp::create(
        rewriter, loc, (func.getName() + suffix).str(),
        FunctionType::get(func.getContext(), func.getArgumentTypes(), {}));
    kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
    for (StringAttr name :
         {func.getKnownBlockSizeAttrName(), func.getKnownGridSizeAttrName()})
      if (Attribute attr = func->getAttr(name))
        kernel->setAttr(name, attr);
    symbols.insert(kernel);
    rewriter.setInsertionPointToStart(&kernel.getBody().front());
    gpu::ReturnOp::create(rewriter, loc);
    rewriter.setInsertionPointToStart(&kernel.getBody().front());
    IRMapping mapping;
    for (unsigned i = 0; i < func.getNumArguments(); ++i)
      mapping.map(func.getArgument(i), kernel.getArgument(i));
    return std::make_pair(kernel, mapping);
  };

  GridLaunches grid;
  {
    auto [jobs, mapping] = makeKernel("_grid_jobs");
    grid.jobs = jobs;
    const SetVector<Operation *> &slice = split.bounds;
    Block *body = &func.getBody().front();
    for (Operation &op : *body)
      if (slice.contains(&op))
        rewriter.clone(op, mapping);
    // The bounds computed under the kernel's condition stay under it.
    if (guardOp) {
      auto ifOp = scf::IfOp::create(rewriter, loc,
                                    mapping.lookup(guardOp.getCondition()));
      rewriter.setInsertionPointToStart(ifOp.thenBlock());
      for (Operation &op : *guardOp.thenBlock())
        if (slice.contains(&op))
          rewriter.clone(op, mapping);
    }
    CollaborationBuilder builder(rewriter, plan, Value());
    builder.buildGridJobs(jobs, mapping);
  }
  {
    auto [chunks, mapping] = makeKernel("_grid_chunks");
    grid.chunks = chunks;
    const SetVector<Operation *> &slice = split.bodyInputs;
    for (Operation *op : slice)
      if (!llvm::any_of(slice, [&](Operation *other) {
            return other != op && other->isProperAncestor(op);
          }))
        rewriter.clone(*op, mapping);
    CollaborationBuilder builder(rewriter, plan, Value());
    builder.buildGridChunks(chunks, mapping);
  }
  return grid;
}

void collaborate::launchGridKernels(gpu::LaunchFuncOp launch,
                                    const GridLaunches &grid) {
  OpBuilder b(launch);
  SmallVector<Value> dependencies(launch.getAsyncDependencies());
  for (gpu::GPUFuncOp kernel : {grid.jobs, grid.chunks}) {
    auto before = cast<gpu::LaunchFuncOp>(b.clone(*launch));
    before.setKernelAttr(
        SymbolRefAttr::get(launch.getKernelModuleName(),
                           {FlatSymbolRefAttr::get(kernel.getNameAttr())}));
    before.getAsyncDependenciesMutable().assign(dependencies);
    if (Value token = before.getAsyncToken())
      dependencies.assign({token});
  }
  if (launch.getAsyncToken())
    launch.getAsyncDependenciesMutable().assign(dependencies);
}
