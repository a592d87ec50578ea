//===- KernelProfile.cpp - What wc-consolidate looks at in a kernel -------===//

#include "KernelProfile.h"

#include "WC/Analysis/SharedAccess.h"
#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;
using namespace mlir::wc;

/// Bytes of the sector that global memory is read in.
static constexpr int64_t kSectorBytes = 32;

/// The value of integer `value` with block id x `block`, thread id x
/// `thread` and every other id 0, loops at their first iteration; nullopt
/// where it depends on anything else (memory, arguments).
static std::optional<int64_t> evaluateAt(Value value, int64_t block,
                                         int64_t thread, unsigned depth = 0) {
  if (depth > 64)
    return std::nullopt;
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (loop && arg == loop.getInductionVar())
      return evaluateAt(loop.getLowerBound(), block, thread, depth + 1);
    return std::nullopt;
  }
  Operation *def = value.getDefiningOp();
  auto operand = [&](unsigned i) {
    return evaluateAt(def->getOperand(i), block, thread, depth + 1);
  };
  if (auto id = dyn_cast<gpu::BlockIdOp>(def))
    return id.getDimension() == gpu::Dimension::x ? block : 0;
  if (auto id = dyn_cast<gpu::ThreadIdOp>(def))
    return id.getDimension() == gpu::Dimension::x ? thread : 0;
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp>(def))
    return operand(0);
  if (def->getNumOperands() != 2)
    return std::nullopt;
  std::optional<int64_t> lhs = operand(0), rhs = operand(1);
  if (!lhs || !rhs)
    return std::nullopt;
  if (isa<arith::AddIOp>(def))
    return *lhs + *rhs;
  if (isa<arith::SubIOp>(def))
    return *lhs - *rhs;
  if (isa<arith::MulIOp>(def))
    return *lhs * *rhs;
  if (isa<arith::ShLIOp>(def) && *rhs >= 0 && *rhs < 32)
    return *lhs << *rhs;
  if (isa<arith::DivUIOp, arith::DivSIOp>(def) && *rhs > 0)
    return *lhs / *rhs;
  if (isa<arith::RemUIOp, arith::RemSIOp>(def) && *rhs > 0)
    return *lhs % *rhs;
  return std::nullopt;
}

/// Whether `load` of global memory reads, from block x `b` to block `b + 1`,
/// within one 32-byte sector, and from thread x `t` to `t + 1` not.
static bool readsSectorsOfNeighbourBlocks(memref::LoadOp load) {
  MemRefType type = load.getMemRefType();
  SmallVector<int64_t> strides;
  int64_t offset;
  if (isWorkgroupMemRef(type) || !type.getElementType().isIntOrFloat() ||
      failed(type.getStridesAndOffset(strides, offset)) ||
      llvm::any_of(strides, ShapedType::isDynamic))
    return false;
  int64_t bytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  auto address = [&](int64_t block, int64_t thread) -> std::optional<int64_t> {
    int64_t element = 0;
    for (auto [index, stride] : llvm::zip(load.getIndices(), strides)) {
      std::optional<int64_t> value = evaluateAt(index, block, thread);
      if (!value)
        return std::nullopt;
      element += *value * stride;
    }
    return element * bytes;
  };
  std::optional<int64_t> base = address(1, 1), nextBlock = address(2, 1),
                         nextThread = address(1, 2);
  return base && nextBlock && nextThread && *nextBlock != *base &&
         std::abs(*nextBlock - *base) < kSectorBytes &&
         std::abs(*nextThread - *base) >= kSectorBytes;
}

/// Whether an op of the backward slice of `value` (itself included)
/// satisfies `predicate`.
static bool sliceContains(Value value,
                          llvm::function_ref<bool(Operation *)> predicate) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.omitUsesFromAbove = false;
  if (Operation *def = value.getDefiningOp())
    (void)getBackwardSlice(def, &slice, options);
  return llvm::any_of(slice, predicate);
}

/// Whether `value` is computed from memory contents.
bool wc::dependsOnMemory(Value value) {
  return sliceContains(value, [](Operation *op) {
    return isa<memref::LoadOp, vector::LoadOp, affine::AffineLoadOp>(op);
  });
}

/// Whether `value` depends on the block's position in the grid or on memory
/// contents.
static bool dependsOnBlockOrData(Value value) {
  return sliceContains(value, [](Operation *op) {
    return isa<gpu::BlockIdOp, gpu::GlobalIdOp, memref::LoadOp>(op);
  });
}

/// Whether `step` is a grid stride: it depends on the grid's size.
static bool isGridStride(Value step) {
  return sliceContains(step,
                       [](Operation *op) { return isa<gpu::GridDimOp>(op); });
}

/// Per-thread loops of at least this many iterations that load global
/// memory make a kernel streaming.
static constexpr int64_t kStreamingTrips = 8;

/// The constant bound of `type` of index `value`: the value itself when
/// constant, through the clamps producers put on trip counts
/// (`arith.minsi`/`maxsi`, `arith.select`), else what upstream's
/// value-bounds analysis derives (thread ids bounded by the block size,
/// `affine.apply`/`affine.min`/`affine.max` of bounded values, ...).
/// ValueBounds alone cannot bound `max(min(x, 2), 0)` from above: a max
/// only gives it lower bounds.
static std::optional<int64_t>
getConstantBound(Value value, presburger::BoundType type, unsigned depth = 0) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  Operation *def = value.getDefiningOp();
  bool isMin = isa_and_nonnull<arith::MinSIOp>(def),
       isMax = isa_and_nonnull<arith::MaxSIOp>(def),
       isSelect = isa_and_nonnull<arith::SelectOp>(def);
  if ((isMin || isMax || isSelect) && depth < 16) {
    unsigned first = isSelect ? 1 : 0;
    std::optional<int64_t> a = getConstantBound(def->getOperand(first), type,
                                                depth + 1),
                           b = getConstantBound(def->getOperand(first + 1),
                                                type, depth + 1);
    bool upper = type == presburger::BoundType::UB;
    // A min is at most either operand, a max at least either: one bound
    // suffices; the other side (and a select) needs both.
    if ((isMin && upper) || (isMax && !upper)) {
      if (a && b)
        return upper ? std::min(*a, *b) : std::max(*a, *b);
      return a ? a : b;
    }
    if (!a || !b)
      return std::nullopt;
    return upper ? std::max(*a, *b) : std::min(*a, *b);
  }
  FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
      type, ValueBoundsConstraintSet::Variable(value),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
  if (failed(bound))
    return std::nullopt;
  return *bound;
}

/// The most iterations `loop` runs for one thread, when its upper bound and
/// step are bounded at compile time (a lower bound without a known bound,
/// such as a value read from memory, is taken as 0), or nullopt.
static std::optional<int64_t> getMaxTrips(scf::ForOp loop) {
  std::optional<int64_t> lower = getConstantBound(loop.getLowerBound(),
                                                  presburger::BoundType::LB),
                         upper = getConstantBound(loop.getUpperBound(),
                                                  presburger::BoundType::UB),
                         step = getConstantIntValue(loop.getStep());
  if (!upper || !step || *step <= 0)
    return std::nullopt;
  // `upper` is the largest value the bound takes; the loop stops below it.
  return std::max<int64_t>(0,
                           llvm::divideCeil(*upper - lower.value_or(0), *step));
}

/// Whether `value`, used in `loop`, may differ between its iterations: it
/// is computed in the loop from an induction variable, a loop-carried
/// value or memory.
static bool variesInLoop(Value value, scf::ForOp loop,
                         DenseMap<Value, bool> &known) {
  if (loop.isDefinedOutsideOfLoop(value))
    return false;
  auto it = known.find(value);
  if (it != known.end())
    return it->second;
  Operation *def = value.getDefiningOp();
  bool varies = !def || !isMemoryEffectFree(def) ||
                llvm::any_of(def->getOperands(), [&](Value operand) {
                  return variesInLoop(operand, loop, known);
                });
  known[value] = varies;
  return varies;
}

/// Whether `value` may differ between the threads of a block: it is
/// computed from a thread id, from memory, or from a value the region ops
/// around it carry (an iteration argument, a region result); a loop's
/// induction variable differs where its lower bound or step does. Unlike
/// UniformityAnalysis, control is not looked at: a load under `tid < 4`
/// reads one address in every thread that runs it.
static bool mayDifferBetweenThreads(Value value, DenseMap<Value, bool> &known,
                                    unsigned depth = 0) {
  auto it = known.find(value);
  if (it != known.end())
    return it->second;
  bool differs = true;
  if (depth > 64) {
    // Conservative beyond the depth.
  } else if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa<gpu::GPUFuncOp>(owner))
      differs = false;
    else if (auto loop = dyn_cast<scf::ForOp>(owner);
             loop && arg == loop.getInductionVar())
      differs =
          mayDifferBetweenThreads(loop.getLowerBound(), known, depth + 1) ||
          mayDifferBetweenThreads(loop.getStep(), known, depth + 1);
  } else {
    Operation *def = value.getDefiningOp();
    differs =
        isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::GlobalIdOp, gpu::SubgroupIdOp>(
            def) ||
        !isMemoryEffectFree(def) || def->getNumRegions() != 0 ||
        llvm::any_of(def->getOperands(), [&](Value operand) {
          return mayDifferBetweenThreads(operand, known, depth + 1);
        });
  }
  known[value] = differs;
  return differs;
}

/// A loop streams where it does at most this many ops per per-thread
/// global load: a loop that computes much per load (a convolution's
/// filter taps from shared memory around one load of its output) keeps
/// few loads in flight in the original kernel too.
static constexpr int64_t kStreamOpsPerLoad = 16;

/// The ops one trip of `body` runs and, of them, the per-thread global
/// loads that stream (`isStream`), nested constant-trip loops counted once
/// per trip (a loop of unknown trips kStreamingTrips times).
static std::pair<int64_t, int64_t>
countStreamWork(Block &body,
                llvm::function_ref<bool(memref::LoadOp)> isStream) {
  int64_t ops = 0, loads = 0;
  for (Operation &op : body) {
    if (op.hasTrait<OpTrait::ConstantLike>() ||
        op.hasTrait<OpTrait::IsTerminator>())
      continue;
    ++ops;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      loads += isStream(load);
      continue;
    }
    int64_t trips = 1;
    if (auto loop = dyn_cast<scf::ForOp>(op))
      trips = getMaxTrips(loop).value_or(kStreamingTrips);
    for (Region &region : op.getRegions())
      for (Block &block : region) {
        auto [nestedOps, nestedLoads] = countStreamWork(block, isStream);
        ops += std::min<int64_t>(trips * nestedOps, 1 << 20);
        loads += std::min<int64_t>(trips * nestedLoads, 1 << 20);
      }
  }
  return {ops, loads};
}

/// Whether `loop` streams global memory: it has no barrier, loads memory
/// outside the workgroup at addresses that change between iterations (a
/// fixed address, as an accumulation into one element, is not a stream)
/// and differ between threads (an address every thread reads, such as a
/// filter's weights, is one broadcast load per warp), does little else
/// per load (kStreamOpsPerLoad), and runs at least kStreamingTrips
/// iterations (or an unknown number) per thread; `trips` gets the bound if
/// known.
static bool isStreamingLoop(scf::ForOp loop, std::optional<int64_t> &trips) {
  bool barrier =
      loop.getBody()
          ->walk([](gpu::BarrierOp) { return WalkResult::interrupt(); })
          .wasInterrupted();
  if (barrier)
    return false;
  DenseMap<Value, bool> known, perThread;
  auto isStream = [&](memref::LoadOp load) {
    // A thread's private array (a row's elements wc-forward-stores made
    // registers) is no stream either.
    if (isWorkgroupMemRef(load.getMemRefType()) ||
        isPrivateMemRef(load.getMemRef()))
      return false;
    ValueRange indices = load.getIndices();
    return llvm::any_of(
               indices,
               [&](Value index) { return variesInLoop(index, loop, known); }) &&
           llvm::any_of(indices, [&](Value index) {
             return mayDifferBetweenThreads(index, perThread);
           });
  };
  auto [ops, loads] = countStreamWork(*loop.getBody(), isStream);
  if (loads == 0 || ops > loads * kStreamOpsPerLoad)
    return false;
  trips = getMaxTrips(loop);
  return !trips || *trips >= kStreamingTrips;
}

KernelProfile wc::profileKernel(gpu::GPUFuncOp func,
                                ArrayRef<gpu::LaunchFuncOp> launches) {
  KernelProfile profile;
  if (!func.getBody().empty())
    profile.threadOps =
        countStreamWork(func.getBody().front(), [](memref::LoadOp) {
          return false;
        }).first;
  profile.workgroupMemory = !func.getWorkgroupAttributions().empty();
  func.walk([&](Operation *op) {
    if (isa<gpu::BarrierOp>(op))
      ++profile.barriers;
    if (isa<gpu::AllReduceOp>(op))
      ++profile.blockReductions;
    for (Value result : op->getResults())
      profile.workgroupMemory |= isWorkgroupMemRef(result.getType());
    if (auto load = dyn_cast<memref::LoadOp>(op);
        load && !profile.sharedSectors && readsSectorsOfNeighbourBlocks(load))
      profile.sharedSectors = op;
    if (auto loop = dyn_cast<scf::ForOp>(op);
        loop && !profile.streaming &&
        isStreamingLoop(loop, profile.streamingTrips))
      profile.streaming = op;
    if (profile.imbalance)
      return;
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      // A grid-stride loop (its step spans the grid) does about the same
      // number of iterations in every block.
      if (isGridStride(loop.getStep()))
        return;
      if (dependsOnBlockOrData(loop.getLowerBound()) ||
          dependsOnBlockOrData(loop.getUpperBound()) ||
          dependsOnBlockOrData(loop.getStep()))
        profile.imbalance = op;
    } else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
      if (dependsOnBlockOrData(loop.getConditionOp().getCondition()))
        profile.imbalance = op;
    }
  });
  for (gpu::LaunchFuncOp launch : launches) {
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    std::optional<int64_t> x = getConstantIntValue(grid.x),
                           y = getConstantIntValue(grid.y),
                           z = getConstantIntValue(grid.z);
    if (!x || !y || !z) {
      profile.maxJobs.reset();
      break;
    }
    profile.maxJobs = std::max(profile.maxJobs.value_or(0), *x * *y * *z);
  }
  return profile;
}
