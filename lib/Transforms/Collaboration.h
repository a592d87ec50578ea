//===- Collaboration.h - wc-collaborate's plan and rewrite ------*- C++ -*-===//
//
// The halves of wc-collaborate: planning a per-thread loop of data-dependent
// trip count (CollaborationPlan.cpp: is it a reduction loop the warp may run
// collaboratively, and why not) and rewriting it into the forms the warp
// chooses between at run time (CollaborationRewrite.cpp). The pass
// (Collaborate.cpp) drives them.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_TRANSFORMS_COLLABORATION_H
#define WC_LIB_TRANSFORMS_COLLABORATION_H

#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <string>

namespace mlir {
namespace wc {
namespace collaborate {
/// When a warp flattens the iterations of its short ranges: when their
/// mean is 4 or more or the longest is more than twice the mean (`Auto`),
/// whenever it has any, or never (they stay per thread). Or (`Block`) the
/// block flattens the ranges of all its threads and gives each warp an
/// equal share of their iterations, in place of the warp's forms and the
/// block level.
enum class Flatten { Auto, Always, Never, Block };

/// One iteration argument of the loop: `acc = combiner(acc, value)`.
struct Reduction {
  Operation *combiner;
  CombiningKind kind;
};

/// The value that reduction `index` of `loop` combines into its iteration
/// argument: the combiner's operand that is not the argument.
Value getCombinedValue(scf::ForOp loop, unsigned index,
                       const Reduction &reduction);

/// What the rewrite of one loop needs.
struct CollaborationPlan {
  scf::ForOp loop;
  /// The `scf.if` of the kernel's body the loop is in (its then-region),
  /// or null when the loop is at the top level of the body.
  scf::IfOp guard;
  SmallVector<Reduction> reductions;
  int64_t step;
  /// Trip counts above this go to the whole warp.
  int64_t longRange = 32;
  /// Trip counts above this go to the whole block (0: never).
  int64_t blockRange = 0;
  /// Trip counts above this go to the whole grid, in chunks of `gridChunk`
  /// iterations that any block may take (0: never).
  int64_t gridRange = 0;
  int64_t gridChunk = 0;
  /// Jobs the grid level holds per launch; the ranges of a launch past them
  /// stay with the block level.
  int64_t gridJobs = 0;
  /// The grid level's ranges run in launches of their own before the
  /// kernel's (collaborate::GridLaunches) instead of in the kernel.
  bool gridSplit = false;
  /// With `gridSplit`: the buffers of the launches' state (the kernels take
  /// them as their last arguments).
  SmallVector<std::pair<MemRefType, std::optional<int32_t>>> gridSplitBuffers;
  /// The block's shape (whole warps).
  std::array<int64_t, 3> blockShape = {0, 0, 0};
  /// When a warp flattens its short ranges.
  Flatten flatten = Flatten::Auto;
};
/// What a loop's body may do for its iterations to be run in any order
/// and at once.
struct BodyRules {
  /// Float additions are reductions (their order changes).
  bool reassociateFloats = false;
  /// The body may use the values its atomics return (a slot taken from a
  /// counter, the old value of a minimum): they then depend on the order in
  /// which the thread's iterations run, which is no longer their order.
  bool reorderAtomics = false;
};

/// Plans the collaborative form of `loop` in `func`, or fails with the
/// reason in `why` (and the op of the body it is about in `culprit`, when
/// there is one).
FailureOr<CollaborationPlan>
planCollaboration(gpu::GPUFuncOp func, scf::ForOp loop,
                  const UniformityAnalysis &uniformity, const BodyRules &rules,
                  std::string &why, Operation **culprit = nullptr);

/// A grid job's chunk counter until the job is open for taking chunks.
constexpr int32_t kClosedGridJob = 1 << 30;
/// A grid job's chunk counter once the job is done (past kClosedGridJob:
/// no chunk is taken), plus kGridParityBit in odd launches: a job done in
/// the previous launch, whose slot this launch's owner has not opened yet,
/// is not done but not open yet for the blocks that look for chunks (takes
/// that find a job closed or done add 1, far below the parity bit).
constexpr int32_t kDoneGridJob = kClosedGridJob + (1 << 29);
constexpr int32_t kGridParityBit = 1 << 28;
/// The counters on which the blocks of a launch count themselves done with
/// the grid level's state, each kGridCounterStride words (a cache line)
/// after the previous one.
constexpr int64_t kGridBlockCounters = 64;
constexpr int64_t kGridCounterStride = 32;
/// Words of the grid level's control buffer before the jobs' counters of
/// finished chunks: the next free job, the first job that may still have
/// chunks to take, the count of the counters complete, the launch's parity
/// (word kGridParityWord, 0 or 1: the last block of a launch flips it), and
/// the counters of the blocks done with the launch (kGridBlockCounters,
/// from word kGridCounterStride on).
constexpr int64_t kGridParityWord = 3;
/// Takes in a row that get a helping block no chunk (the job it found was
/// taken meanwhile) before it leaves the rest to the jobs' owners.
constexpr int32_t kGridHelpFailures = 8;
constexpr int64_t kGridControlWords =
    (kGridBlockCounters + 1) * kGridCounterStride;

/// The split grid level's chunk words per launch: 4 per job, at most as
/// many as keep every job's chunks together below 2^31 (a job takes at most
/// this many), so that the 32-bit count of chunks taken cannot wrap.
inline int64_t getGridSplitChunks(int64_t gridJobs) {
  return std::max<int64_t>(
      1, std::min<int64_t>(4 * gridJobs, ((int64_t(1) << 31) - 1) / gridJobs));
}

/// The split grid level (`gridSplit`): the kernel's ranges longer than
/// `gridRange` run in two launches before the kernel's own, with the same
/// grid, block and arguments plus the state. The first, `jobs`, runs what
/// the kernel computes before the loop up to its bounds, and each thread
/// whose range is long takes a job for it (its range and its chunks'
/// numbers); the second, `chunks`, runs each chunk (the `grid-chunk`
/// option's iterations per lane) by a warp, strided over the launch's
/// warps, and combines its value into the job's accumulators. The kernel then
/// skips the long ranges and combines each one's job's value instead, where the
/// job's range is its own.
struct GridLaunches {
  gpu::GPUFuncOp jobs, chunks;
};

/// What the split grid level of a kernel runs before it: the ops that
/// compute the loop's bounds and the guard's condition (in the kernel's
/// body or its guard's then-block), and those that compute the values the
/// body uses from outside the loop; and the threads of its largest launch.
struct GridSplitPlan {
  SetVector<Operation *> bounds, bodyInputs;
  int64_t threads = 0;
};
/// Plans the grid level of `plan` in launches of its own for the kernel
/// `func` launched by `launches`, or fails with the reason in `why`: it
/// needs a body that only reads memory that the kernel never writes, bounds
/// computed from such reads and from values free of effects, a kernel that
/// writes only its arguments and its own allocations, and launches of
/// constant sizes whose buffers read there and written by the kernel are
/// known to be apart.
FailureOr<GridSplitPlan> planGridSplit(gpu::GPUFuncOp func,
                                       const CollaborationPlan &plan,
                                       ArrayRef<gpu::LaunchFuncOp> launches,
                                       std::string &why);
/// The state of the split grid level of `plan` (see GridLaunches), for
/// launches of `threads` threads at most.
SmallVector<std::pair<MemRefType, std::optional<int32_t>>>
getGridSplitBuffers(const CollaborationPlan &plan, int64_t threads);
/// Creates the two kernels of the split grid level of `plan` (whose
/// `gridSplitBuffers` are set), as `split` plans them, beside the loop's
/// kernel; call before applyCollaboration.
GridLaunches createGridLaunches(const CollaborationPlan &plan,
                                const GridSplitPlan &split);
/// Launches the kernels of `grid` before `launch` (whose operands already
/// include the state), with its sizes and operands, in order on its stream.
void launchGridKernels(gpu::LaunchFuncOp launch, const GridLaunches &grid);

/// What applyCollaboration did beyond the warp's forms.
struct CollaborationResult {
  /// Ranges over `plan.blockRange` go to the whole block.
  bool block = false;
  /// Ranges over `plan.gridRange` go to the grid: the kernel takes the
  /// buffers of `gridBuffers` as new last arguments, which each launch must
  /// pass, each filled with its value (or none) once per launch site.
  bool grid = false;
  SmallVector<std::pair<MemRefType, std::optional<int32_t>>> gridBuffers;
  /// Why ranges over `plan.gridRange` do not go to the grid (when it is
  /// set).
  std::string whyNotGrid;
  /// The block flattened its threads' ranges (`Flatten::Block`), or why
  /// not.
  bool blockFlattened = false;
  std::string whyNotBlockFlattened;
};

/// Rewrites the loop of `plan` into its collaborative form: the forms the
/// warp chooses between at run time, the loop split out of its guard.
/// The block level needs a body that uses only block-uniform values from
/// outside; the grid level one that uses only values of the whole launch,
/// and reductions that memory atomics can combine.
CollaborationResult applyCollaboration(const CollaborationPlan &plan);
/// The options of wc-collaborate.
struct CollaborationOptions {
  BodyRules rules;
  int64_t longRange = 32;
  /// -1: 8 per thread of the block; 0: no block level.
  int64_t blockRange = -1;
  /// 0: no grid level.
  int64_t gridRange = 0;
  /// Iterations per thread of the block in a chunk of the grid level.
  int64_t gridChunk = 64;
  /// Jobs of the grid level per launch.
  int64_t gridJobs = 16384;
  /// The grid level's ranges in launches of their own before the kernel's,
  /// where the kernel allows it (GridLaunches).
  bool gridSplit = false;
  Flatten flatten = Flatten::Auto;
  /// Which loops of data-dependent trip count to consider (all if unset).
  std::function<bool(scf::ForOp)> select;
};

/// wc-collaborate on `func`, launched by `launches`: its first loop of
/// data-dependent trip count that `options.select` accepts and that can be
/// planned is rewritten, with the pass's remarks. Returns whether one was.
bool collaborateKernel(gpu::GPUFuncOp func,
                       ArrayRef<gpu::LaunchFuncOp> launches,
                       const CollaborationOptions &options);
} // namespace collaborate
} // namespace wc
} // namespace mlir

#endif // WC_LIB_TRANSFORMS_COLLABORATION_H
