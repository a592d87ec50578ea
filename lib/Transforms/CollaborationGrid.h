//===- CollaborationGrid.h - The grid level's builder -----------*- C++ -*-===//
//
// The builder of wc-collaborate's grid level (CollaborationGrid.cpp): the
// launch's state, the block's cells, and the code that publishes, takes,
// runs and waits for the launch's jobs.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_TRANSFORMS_COLLABORATIONGRID_H
#define WC_LIB_TRANSFORMS_COLLABORATIONGRID_H

#include "CollaborationBuilder.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir {
namespace wc {
namespace collaborate {

/// One round's take of a chunk, as the block reads it from the workgroup
/// cells: the job, whether there was one to look at, the chunk and the
/// job's chunks, the job's range.
struct TakenChunk {
  Value job, open, chunk, chunks, rangeLo, count;
};

/// The grid level of one loop (CollaborationBuilder::startGrid and
/// finishGrid): the launch's state and the block's cells, and the code
/// that uses them.
class CollaborationBuilder::GridLevel {
public:
  explicit GridLevel(CollaborationBuilder &c);
  /// Publishes the jobs at the builder's insertion point (see startGrid).
  void start(Value isGrid, Value &published);
  /// Runs and waits for the block's jobs at the builder's insertion point
  /// (see finishGrid).
  SmallVector<Value> finish(ValueRange results);

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
  /// Where job `job` (an index) counts with its group of 32 the chunks not
  /// taken yet.
  Value groupOf(Value job) {
    return arith::DivUIOp::create(b, loc, job, constIndex(32));
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
  /// done in this launch (not a job that is not open yet).
  Value isPassable(Value claimed, Value chunks);
  /// In the first warp: finds a group of jobs whose count of chunks left
  /// is not 0, then an open job of it that may have a chunk left, looking
  /// from a place of the block's and `round`'s own, and takes one of it in
  /// its first lane; the cells say whether a group was found.
  void takeAnyChunk(Value round);
  /// The block takes chunks and runs them while it gets one: of job `job`
  /// (open), or, where `job` is null, of the launch's open jobs, until
  /// kGridHelpFailures takes in a row get none. Each round is block-uniform:
  /// the cells carry the first thread's take.
  void runChunks(Value job);
  /// Runs what is left of the block's jobs: of the owners in each warp's
  /// mask in `masks`, whose jobs are in `jobs`.
  void runOwnJobs(Value masks, Value jobs);
  /// Each thread with a job (`published`) waits for its chunks and
  /// combines its result into `results`; the others keep theirs.
  SmallVector<Value> waitForJob(Value job, Value published, ValueRange results);
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
  /// job's range (lo, count), each group of 32 jobs' count of chunks not
  /// taken yet (0 again at the end of each launch: every chunk counted is
  /// taken), each job's accumulators.
  Value control, claims, ranges, pending;
  SmallVector<Value> accumulators;
  /// The block's linear id in the grid, an i32.
  Value blockLinear;
  Value headWord, openWord, blocksWord, parityWord;
  /// The launch's parity (0 or 1), and the chunk counter of a job done in
  /// this launch.
  Value parity, doneMark;
  /// The thread's job and whether it has one; the block's jobs (a mask of
  /// owners per warp, each owner's job); the block's cells and the warps'
  /// partials.
  Value job, published, masks, jobs;
  /// The thread's trip count when it published its job (the builder's
  /// count is 0 for published threads after start()).
  Value jobCount;
  Value taken32, taken64;
  SmallVector<Value> partials;
  BlockPosition position;
  Value isFirstThread, isFirstWarp, lane;
};

} // namespace collaborate
} // namespace wc
} // namespace mlir

#endif // WC_LIB_TRANSFORMS_COLLABORATIONGRID_H
