//===- Collaborate.cpp - Warp-collaborative irregular loops (CTE) ---------===//
//
// The `wc-collaborate` pass: collaborative task engagement (Khorasani et
// al., IPDPS'15) for the per-thread loops whose trip count comes from data,
// such as a CSR row per thread. One long row keeps its thread busy while the
// other 31 lanes of its warp idle; here the warp flattens the iterations of
// its 32 lanes and runs them 32 at a time:
//
//   count   = active ? ceildiv(hi - lo, step) : 0   per lane
//   start   = exclusive scan of count                (wc.scan)
//   for base = 0 to total step 32:                  (warp-uniform)
//     j     = base + lane;  owner = last lane with start <= j (binary search
//             over `start` with five shuffles)
//     i     = lo[owner] + (j - start[owner]) * step; the owner's other
//             per-thread values by shuffles
//     v     = body(i) if j < total, else the identity
//     seg   = segmented reduction of v, a segment per owner (heads where a
//             range starts)                          (wc.segmented_reduce)
//     each owner combines the value of the last lane of its segment into
//     its accumulator
//
// The loop must reduce into its iteration arguments (if any) with an
// associative and commutative combiner (integer add, and, or, xor, min, max;
// float add only with `reassociate-floats`), and its iterations must be free
// to run in any order and at once: it may read memory it does not write,
// store where no other iteration stores, and update memory with atomics
// whose order nothing observes (with `reorder-atomics`, also use the values
// they return). An scf.while that counts is taken as the scf.for it is
// (upstream's uplifting, on a copy that replaces it only once planned). The
// choice is made per warp at run time, as CTE does: ranges longer than a warp's
// worth of iterations are run by the whole warp one after the other (coalesced,
// one warp reduction per range); the others are flattened when their mean
// is 4 iterations or more or the longest is more than twice the mean, and
// stay per thread otherwise. A loop under a
// condition of the kernel's body is split out of it: the ops before the loop,
// then the warp's loop (which all lanes run), then the ops after it, each under
// the condition.
//
//===----------------------------------------------------------------------===//

#include "Collaboration.h"

#include "WC/Transforms/Aggregation.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringSwitch.h"

#include <limits>

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_COLLABORATE
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::collaborate;

namespace {
/// A copy of a counted scf.while as an scf.for (upstream's uplifting), built
/// just before it; the scf.while itself is untouched.
struct UpliftedWhile {
  scf::ForOp loop;
  /// The ops the uplifting made beside the loop (the loop itself, and the
  /// final value of the induction variable), in order.
  SmallVector<Operation *> made;
  /// What replaces the scf.while's results.
  SmallVector<Value> results;

  /// Erases the copy.
  void erase() {
    for (Operation *op : llvm::reverse(made))
      op->erase();
    made.clear();
  }

  /// Puts the copy in the place of `original`. The induction variable's
  /// final value is the first that fails the condition (upstream's
  /// uplifting gives the last that passed it).
  void replace(scf::WhileOp original) {
    OpBuilder b(original);
    b.setInsertionPointAfter(loop);
    Location loc = original.getLoc();
    Value lower = loop.getLowerBound(), upper = loop.getUpperBound(),
          step = loop.getStep();
    Value trips = arith::CeilDivSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, upper, lower), step);
    Value past = arith::AddIOp::create(
        b, loc, lower, arith::MulIOp::create(b, loc, trips, step));
    Value ran =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, upper, lower);
    Value final = arith::SelectOp::create(b, loc, ran, past, lower);
    for (Value &result : results)
      if (result.getDefiningOp() != loop)
        result = final;
    original->replaceAllUsesWith(results);
    original->erase();
    // Upstream's final value, unused.
    for (Operation *op : llvm::reverse(made))
      if (op != loop && op->use_empty())
        op->erase();
    made.clear();
  }
};

/// Records what upstream's uplifting makes beside the copy and what it
/// replaces the copy with.
struct UpliftListener : public RewriterBase::Listener {
  Block *block = nullptr;
  Operation *copy = nullptr;
  SmallVector<Operation *> made;
  SmallVector<Value> results;

  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    if (!previous.isSet() && op->getBlock() == block)
      made.push_back(op);
  }
  void notifyOperationReplaced(Operation *op, ValueRange values) override {
    if (op == copy)
      results.assign(values.begin(), values.end());
  }
};
} // namespace

/// The scf.for that `loop` is, when it is counted (see UpliftedWhile).
static FailureOr<UpliftedWhile> upliftCopy(scf::WhileOp loop) {
  UpliftListener listener;
  IRRewriter rewriter(loop.getContext(), &listener);
  rewriter.setInsertionPoint(loop);
  auto copy = cast<scf::WhileOp>(rewriter.clone(*loop));
  listener.block = copy->getBlock();
  listener.copy = copy;
  listener.made.clear();
  FailureOr<scf::ForOp> counted = scf::upliftWhileToForLoop(rewriter, copy);
  if (failed(counted)) {
    copy->erase();
    return failure();
  }
  return UpliftedWhile{*counted, std::move(listener.made),
                       std::move(listener.results)};
}

bool collaborate::collaborateKernel(gpu::GPUFuncOp func,
                                    ArrayRef<gpu::LaunchFuncOp> launches,
                                    const CollaborationOptions &options) {
  if (func.walk([](Operation *op) {
            return isa_and_present<WCDialect>(op->getDialect())
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted())
    return false;
  // The loops whose trip count may differ between threads: scf.for, and
  // scf.while whose initial values or condition's values from outside do.
  UniformityAnalysis uniformity(func);
  SmallVector<Operation *> loops;
  func.walk([&](Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      if ((uniformity.isVarying(loop.getLowerBound()) ||
           uniformity.isVarying(loop.getUpperBound())) &&
          (!options.select || options.select(loop)))
        loops.push_back(loop);
    } else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
      bool varying = llvm::any_of(loop.getInits(), [&](Value init) {
        return uniformity.isVarying(init);
      });
      loop.getBefore().walk([&](Operation *nested) {
        for (Value operand : nested->getOperands())
          varying |=
              !loop->isAncestor(operand.getParentBlock()->getParentOp()) &&
              uniformity.isVarying(operand);
      });
      if (varying)
        loops.push_back(loop);
    }
  });
  if (loops.empty())
    return false;
  std::string why;
  FailureOr<BlockShape> shape = getBlockShape(func, launches, why);
  if (succeeded(shape) && getNumThreads(*shape) % 32 != 0)
    why = "the block is not a whole number of warps";
  if (failed(shape) || !why.empty()) {
    emitRemark(func.getLoc())
        << "wc-collaborate: kernel left unchanged: " << why;
    return false;
  }
  // One loop per kernel: the rewrite moves the ops around it.
  for (auto [index, candidate] : llvm::enumerate(loops)) {
    auto loop = dyn_cast<scf::ForOp>(candidate);
    auto whileLoop = dyn_cast<scf::WhileOp>(candidate);
    FailureOr<UpliftedWhile> uplifted = failure();
    if (whileLoop) {
      uplifted = upliftCopy(whileLoop);
      if (failed(uplifted)) {
        emitRemark(whileLoop.getLoc())
            << "wc-collaborate: loop left per thread: the scf.while is not a "
               "counted loop (its condition one `slt` of a value it carries "
               "with a bound from outside, which its body steps by an "
               "`addi` of a value from outside)";
        continue;
      }
      loop = uplifted->loop;
      if (options.select && !options.select(loop)) {
        uplifted->erase();
        continue;
      }
    }
    std::string reason;
    Operation *culprit = nullptr;
    FailureOr<CollaborationPlan> plan = planCollaboration(
        func, loop, uniformity, options.rules, reason, &culprit);
    if (failed(plan)) {
      InFlightDiagnostic remark = emitRemark(candidate->getLoc())
                                  << "wc-collaborate: loop left per thread: "
                                  << reason;
      if (culprit)
        remark.attachNote(culprit->getLoc()) << "here";
      if (whileLoop)
        uplifted->erase();
      continue;
    }
    // The kernel's other loops of data-dependent trip count, outside this
    // one, stay per thread.
    SmallVector<Location> others;
    for (Operation *other : ArrayRef(loops).drop_front(index + 1))
      if (!candidate->isAncestor(other))
        others.push_back(other->getLoc());
    std::string chosen = "another one";
    if (auto file = candidate->getLoc()->findInstanceOf<FileLineColLoc>())
      chosen = "the one at line " + std::to_string(file.getLine());
    if (whileLoop)
      uplifted->replace(whileLoop);
    plan->longRange = std::max<int64_t>(options.longRange, 0);
    plan->blockShape = *shape;
    int64_t threads = getNumThreads(*shape);
    // A warp would take 8 steps of 32 per block thread on such a range.
    plan->blockRange =
        options.blockRange < 0 ? 8 * threads : options.blockRange;
    plan->flatten = options.flatten;
    plan->gridRange = std::max<int64_t>(options.gridRange, 0);
    // At most 2^20 iterations per thread of the block: the chunk's
    // iterations stay far from 64 bits.
    plan->gridChunk =
        std::clamp<int64_t>(options.gridChunk, 1, int64_t(1) << 20) * threads;
    plan->gridJobs = std::clamp<int64_t>(options.gridJobs, 1, 1 << 24);
    // The grid level's state comes from each launch site (a kernel launched
    // from outside the module would be passed too few arguments), must be
    // used by one launch at a time and outlive the kernel
    // (launchStateIsSafe).
    std::string whyNoSite;
    if (plan->gridRange > 0) {
      if (launches.empty())
        whyNoSite = "the kernel has no launch site in the module to pass the "
                    "grid level's state";
      for (gpu::LaunchFuncOp launch : launches)
        if (!launchStateIsSafe(launch, whyNoSite))
          break;
      if (!whyNoSite.empty())
        plan->gridRange = 0;
    }
    // The grid level in launches of its own, where the kernel allows it.
    std::string whyNotSplit;
    std::optional<GridLaunches> gridLaunches;
    if (plan->gridRange > 0 && options.gridSplit) {
      FailureOr<GridSplitPlan> split =
          planGridSplit(func, *plan, launches, whyNotSplit);
      if (succeeded(split)) {
        plan->gridSplit = true;
        plan->gridSplitBuffers = getGridSplitBuffers(*plan, split->threads);
        gridLaunches = createGridLaunches(*plan, *split);
      }
    }
    CollaborationResult result = applyCollaboration(*plan);
    if (!whyNoSite.empty())
      result.whyNotGrid = whyNoSite;
    if (gridLaunches && !result.grid) {
      // The kernel took no grid level after all: no launches before it.
      gridLaunches->jobs.erase();
      gridLaunches->chunks.erase();
      gridLaunches.reset();
    }
    for (gpu::LaunchFuncOp launch : launches) {
      for (auto &[type, fill] : result.gridBuffers)
        launch.getKernelOperandsMutable().append(
            createLaunchBuffer(launch, type, fill));
      if (gridLaunches)
        launchGridKernels(launch, *gridLaunches);
    }
    std::string levels;
    if (result.grid && gridLaunches)
      levels += "ranges over " + std::to_string(plan->gridRange) +
                " iterations by the grid, in launches of their own before "
                "the kernel's (@" +
                gridLaunches->jobs.getName().str() + ", @" +
                gridLaunches->chunks.getName().str() + ") in chunks of " +
                std::to_string(plan->gridChunk / threads * 32) + " per warp, ";
    else if (result.grid)
      levels += "ranges over " + std::to_string(plan->gridRange) +
                " iterations by the grid, in chunks of " +
                std::to_string(plan->gridChunk) + " that any block takes, ";
    if (result.block)
      levels += "ranges over " + std::to_string(plan->blockRange) +
                " iterations by the whole block, ";
    InFlightDiagnostic remark = emitRemark(func.getLoc());
    if (result.blockFlattened)
      remark << "wc-collaborate: a loop of data-dependent trip count is run "
                "flattened over the block ("
             << levels << (levels.empty() ? "the" : "the other")
             << " ranges' iterations split evenly between its warps; ";
    else
      remark << "wc-collaborate: a loop of data-dependent trip count is run "
                "as each warp's trip counts decide ("
             << levels
             << "long ranges by the whole warp, the others flattened or per "
                "thread; ";
    remark << plan->reductions.size() << " reduction"
           << (plan->reductions.size() == 1 ? "" : "s") << ")";
    if (!result.whyNotGrid.empty())
      remark << "; no grid level: " << result.whyNotGrid;
    else if (result.grid && !whyNotSplit.empty())
      remark << "; the grid level in the kernel, not in launches of its own: "
             << whyNotSplit;
    if (!result.whyNotBlockFlattened.empty())
      remark << "; not flattened over the block: "
             << result.whyNotBlockFlattened;
    for (Location other : others)
      emitRemark(other) << "wc-collaborate: loop left per thread, not "
                           "examined: the pass rewrites one loop of "
                           "data-dependent trip count per kernel, and "
                        << chosen << " is collaborative";
    return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct CollaboratePass : public wc::impl::CollaborateBase<CollaboratePass> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

void CollaboratePass::runOnOperation() {
  std::optional<Flatten> mode =
      llvm::StringSwitch<std::optional<Flatten>>(flatten)
          .Case("auto", Flatten::Auto)
          .Case("always", Flatten::Always)
          .Case("never", Flatten::Never)
          .Case("block", Flatten::Block)
          .Default(std::nullopt);
  if (!mode) {
    getOperation()->emitError()
        << "wc-collaborate: unknown flatten mode '" << flatten
        << "' (auto, always, never or block)";
    return signalPassFailure();
  }
  // Ranges are counts of iterations (-1 for block-range: 8 per thread);
  // a chunk of the grid level is at most 2^20 iterations per thread, and a
  // launch has at most 2^24 grid jobs.
  constexpr int64_t kMaxCount = std::numeric_limits<int64_t>::max();
  ModuleOp module = getOperation();
  if (failed(checkOptionRange(module, "wc-collaborate", "long-range", longRange,
                              0, kMaxCount)) ||
      failed(checkOptionRange(module, "wc-collaborate", "block-range",
                              blockRange, -1, kMaxCount)) ||
      failed(checkOptionRange(module, "wc-collaborate", "grid-range", gridRange,
                              0, kMaxCount)) ||
      failed(checkOptionRange(module, "wc-collaborate", "grid-chunk", gridChunk,
                              1, int64_t(1) << 20)) ||
      failed(checkOptionRange(module, "wc-collaborate", "grid-jobs", gridJobs,
                              1, int64_t(1) << 24)))
    return signalPassFailure();
  CollaborationOptions options;
  options.rules.reassociateFloats = reassociateFloats;
  options.rules.reorderAtomics = reorderAtomics;
  options.longRange = longRange;
  options.blockRange = blockRange;
  options.gridRange = gridRange;
  options.gridChunk = gridChunk;
  options.gridJobs = gridJobs;
  options.gridSplit = gridSplit;
  options.flatten = *mode;
  // The pass rewrites gpu.func kernels: inline gpu.launch kernels are
  // outlined first.
  if (failed(outlineInlineLaunches(getOperation(), "wc-collaborate",
                                   [&](OpPassManager &pipeline, Operation *op) {
                                     return runPipeline(pipeline, op);
                                   })))
    return signalPassFailure();
  for (KernelSites &kernel : collectKernels(getOperation()))
    (void)collaborateKernel(kernel.func, kernel.launches, options);
}
