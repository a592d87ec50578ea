//===- CollaborationBuilder.h - The builder of a collaborative loop -*- C++
//-*-===//
//
// The builder that CollaborationRewrite.cpp (the warp's forms),
// CollaborationBlock.cpp (the block's) and CollaborationGrid.cpp (the grid
// level) share, with the IR helpers they use.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_TRANSFORMS_COLLABORATIONBUILDER_H
#define WC_LIB_TRANSFORMS_COLLABORATIONBUILDER_H

#include "Collaboration.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

#include <array>
#include <memory>
#include <optional>
#include <string>

namespace mlir {
namespace wc {
namespace collaborate {

/// An `scf.for` whose body the caller terminates (the builder adds a
/// `scf.yield` itself when there are no iteration arguments).
scf::ForOp createFor(OpBuilder &b, Location loc, Value lower, Value upper,
                     Value step, ValueRange inits);
/// An `scf.if` with an else-region, both of which the caller terminates
/// (the builder adds `scf.yield`s itself when there are no results).
scf::IfOp createIfElse(OpBuilder &b, Location loc, TypeRange types,
                       Value condition);
/// A new workgroup buffer of `size` elements of `type` in `func`.
Value addWorkgroupBuffer(gpu::GPUFuncOp func, Location loc, int64_t size,
                         Type type);
/// The memory atomic that combines values of reduction kind `kind` into
/// memory of `type`, if the hardware has one.
std::optional<arith::AtomicRMWKind> getAtomicKind(CombiningKind kind,
                                                  Type type);

/// Whether the grid level may run the long ranges of `plan`'s loop: a body
/// that uses, from outside the loop, only values of the whole launch, and
/// reductions that memory atomics can combine; else sets `why`.
bool gridLevelApplies(const CollaborationPlan &plan, std::string &why);

/// Adds `buffers` to the arguments of `func`, after its others; returns the
/// first one's position.
unsigned appendLaunchState(
    gpu::GPUFuncOp func,
    ArrayRef<std::pair<MemRefType, std::optional<int32_t>>> buffers,
    Location loc);

/// Builds the forms of one planned loop at the rewriter's insertion point:
/// the original loop per thread, the warp-level loops over long ranges, and
/// the flattened windows.
class CollaborationBuilder {
public:
  CollaborationBuilder(RewriterBase &rewriter, const CollaborationPlan &plan,
                       Value active);
  ~CollaborationBuilder();

  /// Computes the lane's trip count and the warp's figures, then the
  /// run-time choice between the forms; returns the loop's results.
  SmallVector<Value> build();
  /// The split grid level's kernels (CollaborationGridLaunch.cpp), built at
  /// the insertion point (the start of the kernel's body). `jobs`: `inner`
  /// is where the kernel's bounds are, `mapped` maps the loop's bounds there;
  /// each long range takes a job. `chunks`: every warp runs its chunks, the
  /// body's values from outside the loop in `outside`.
  void buildGridJobs(gpu::GPUFuncOp jobs, const IRMapping &mapped);
  void buildGridChunks(gpu::GPUFuncOp chunks, const IRMapping &outside);
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
  bool canUseGrid(std::string &why) { return gridLevelApplies(plan, why); }
  /// The split grid level in the kernel: where `isGrid` holds, the thread
  /// looks for the job the launch of jobs gave its range; sets `published`
  /// where there is one (whose value combineGridJob adds).
  void lookUpGridJob(Value isGrid, Value &published);
  SmallVector<Value> combineGridJob(ValueRange results);
  /// `results` combined with the grid level's, where there is one.
  SmallVector<Value> finishLevels(ValueRange results);
  /// The split grid level's state, as the kernel `func` takes it (its last
  /// arguments).
  struct GridSplitState {
    Value head, chunkJobs, records, jobOf;
    SmallVector<Value> accumulators;
  };
  GridSplitState addGridSplitState(gpu::GPUFuncOp func);
  /// Where word `word` (0: lo, 1: count, 2: first chunk) of job `job` (an
  /// i32) is in the split grid level's records.
  Value gridRecordWord(Value job, int64_t word);
  /// With the split grid level: whether the thread's range is a job's, and
  /// the job's values.
  Value gridJobFound;
  SmallVector<Value> gridJobValues;
  /// The calling thread's linear id in the block, its warp, its lane, and
  /// whether it is its warp's first lane.
  struct BlockPosition {
    Value tid, warp, lane, isFirstLane;
  };
  BlockPosition getBlockPosition();
  /// The calling thread's share of iterations [begin, end) of the range
  /// starting at `rangeLo`, which `width` threads stride over, the calling
  /// one from `first` on: the values of its iterations (the body's other
  /// values from `outside`), combined per reduction from the identities,
  /// in rounds of `unroll` iterations whose loads are in flight together.
  SmallVector<Value> runStridedShare(const IRMapping &outside, Value rangeLo,
                                     Value begin, Value end, Value first,
                                     int64_t width, int64_t unroll);
  /// runStridedShare by the block's threads, `tid` the calling one's.
  SmallVector<Value> runBlockShare(Value rangeLo, Value begin, Value end,
                                   Value tid);
  /// Each warp's combination of `values` (one per reduction), in `partials`
  /// (workgroup buffers of a value per warp) after a barrier.
  void storeWarpPartials(ValueRange values, ArrayRef<Value> partials,
                         const BlockPosition &position);
  /// The grid level, in two parts around the block's other forms. First,
  /// the ranges longer than `plan.gridRange` (of the threads where `isGrid`
  /// holds) become jobs of the launch, whose chunks of `plan.gridChunk`
  /// iterations per thread any block may take; sets `published` where a
  /// thread's range has become one.
  void startGrid(Value isGrid, Value &published);
  /// Then, once the block has run its other ranges (`results`: each
  /// thread's accumulators), the block runs the chunks of its jobs that no
  /// other block took, helps with the launch's other jobs, and waits for
  /// its own: returns `results` combined with the thread's job's where it
  /// has one.
  SmallVector<Value> finishGrid(ValueRange results);
  class GridLevel;
  std::unique_ptr<GridLevel> grid;
  /// The whole block runs, one after the other, the ranges longer than
  /// `plan.blockRange` (of the threads where `isHuge` holds), `count`
  /// iterations from `lo` each; returns each thread's accumulators: the
  /// loop's initial values, combined with its range's where it is huge.
  SmallVector<Value> blockPerHugeRange(Value isHuge);
  /// Whether the block may flatten its threads' ranges: a body that uses,
  /// from outside the loop, only block-uniform values, and reductions that
  /// workgroup-memory atomics can combine; else sets `why`.
  bool canFlattenBlock(std::string &why);
  /// The block flattens the ranges of its threads (`count` iterations from
  /// `lo` each): an exclusive scan of the counts over the block, then each
  /// warp an equal share of the flattened iterations, in windows of 32
  /// (several in flight per round), each lane's value combined by a
  /// segmented reduction and a workgroup atomic into its owner's
  /// accumulator. Ranges too long for 32-bit sums over the block stay per
  /// thread. Returns each thread's results.
  SmallVector<Value> blockFlattened();
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

} // namespace collaborate
} // namespace wc
} // namespace mlir

#endif // WC_LIB_TRANSFORMS_COLLABORATIONBUILDER_H
