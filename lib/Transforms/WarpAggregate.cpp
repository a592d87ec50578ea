//===- WarpAggregate.cpp - One warp does the job of a thread block --------===//
//
// The `wc-aggregate` pass: warp aggregation, the first stage of the
// Warp-Consolidation model. Kernels without inter-thread synchronisation are
// resized into one-warp blocks; kernels with barriers or workgroup memory
// are coarsened into a `wc.warp_job` whose lanes run the original threads as
// virtual threads, phase by phase between the former barriers. Launch sites
// follow. Kernels the pass cannot prove safe are left unchanged with a
// remark that says why.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/Uniformity.h"
#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

#include <array>

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_WARPAGGREGATE
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

using BlockShape = std::array<int64_t, 3>;

//===----------------------------------------------------------------------===//
// Kernel facts
//===----------------------------------------------------------------------===//

/// Returns the block shape of `func`: its `known_block_size`, else the
/// constant block size of its launches, which must all agree. Fails with
/// the reason in `why`.
static FailureOr<BlockShape> getBlockShape(gpu::GPUFuncOp func,
                                           ArrayRef<gpu::LaunchFuncOp> launches,
                                           std::string &why) {
  std::optional<BlockShape> shape;
  if (std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize())
    shape = BlockShape{(*known)[0], (*known)[1], (*known)[2]};
  for (gpu::LaunchFuncOp launch : launches) {
    gpu::KernelDim3 dims = launch.getBlockSizeOperandValues();
    std::optional<int64_t> x = getConstantIntValue(dims.x),
                           y = getConstantIntValue(dims.y),
                           z = getConstantIntValue(dims.z);
    if (!x || !y || !z) {
      if (shape)
        continue;
      why = "the block size is not known: no known_block_size attribute and "
            "a launch with a non-constant block size";
      return failure();
    }
    BlockShape site{*x, *y, *z};
    if (shape && *shape != site) {
      why = "launch sites disagree on the block size";
      return failure();
    }
    shape = site;
  }
  if (!shape) {
    why = "the block size is not known: no known_block_size attribute and no "
          "launch in the module";
    return failure();
  }
  return *shape;
}

/// Returns true if buffers of `type` live in workgroup memory.
static bool isWorkgroupMemRef(Type type) {
  auto memref = dyn_cast<BaseMemRefType>(type);
  if (!memref)
    return false;
  return gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
      memref.getMemorySpace());
}

/// What a kernel contains that decides how (and whether) it is aggregated.
struct KernelTraits {
  unsigned barriers = 0;
  bool workgroupMemory = false;
  bool writesMemory = false;
  /// An op whose meaning depends on how threads are grouped into warps.
  Operation *warpDependent = nullptr;
  /// An op that makes the kernel unsafe to aggregate at all.
  Operation *forbidden = nullptr;
  bool alreadyAggregated = false;
  /// A reduction over the whole block (gpu.all_reduce).
  bool blockReduction = false;
};

static KernelTraits getTraits(gpu::GPUFuncOp func) {
  KernelTraits traits;
  traits.workgroupMemory = !func.getWorkgroupAttributions().empty();
  func.walk([&](Operation *op) {
    if (isa<gpu::BarrierOp>(op))
      ++traits.barriers;
    if (isa<WarpJobOp, JobLoopOp>(op))
      traits.alreadyAggregated = true;
    if (isa<gpu::AllReduceOp>(op))
      traits.blockReduction = true;
    for (Value result : op->getResults())
      traits.workgroupMemory |= isWorkgroupMemRef(result.getType());
    if (auto effects = dyn_cast<MemoryEffectOpInterface>(op))
      traits.writesMemory |= effects.hasEffect<MemoryEffects::Write>();
    if (!traits.warpDependent &&
        isa<gpu::LaneIdOp, gpu::SubgroupIdOp, gpu::NumSubgroupsOp,
            gpu::SubgroupSizeOp, gpu::ShuffleOp, gpu::SubgroupReduceOp,
            gpu::RotateOp, gpu::SubgroupBroadcastOp, gpu::AllReduceOp,
            gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
            gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
            gpu::SubgroupMmaElementwiseOp>(op))
      traits.warpDependent = op;
    if (!traits.forbidden &&
        (isa<NVVM::NVVMDialect, WCDialect>(op->getDialect()) ||
         isa<gpu::ClusterIdOp, gpu::ClusterDimOp, gpu::ClusterBlockIdOp,
             gpu::ClusterDimBlocksOp, CallOpInterface>(op)) &&
        !isa<WarpJobOp, JobLoopOp, VThreadsOp, YieldOp>(op))
      traits.forbidden = op;
  });
  return traits;
}

/// Returns `value` as an index constant.
static Value createIndex(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// Splits linear thread id `linear` into the ids of a block of `shape`.
static SmallVector<Value, 3> delinearize(OpBuilder &b, Location loc,
                                         Value linear, BlockShape shape) {
  Value x =
      arith::RemUIOp::create(b, loc, linear, createIndex(b, loc, shape[0]));
  Value rest =
      arith::DivUIOp::create(b, loc, linear, createIndex(b, loc, shape[0]));
  Value y = arith::RemUIOp::create(b, loc, rest, createIndex(b, loc, shape[1]));
  Value z = arith::DivUIOp::create(b, loc, rest, createIndex(b, loc, shape[1]));
  return {x, y, z};
}

static int64_t getNumThreads(BlockShape shape) {
  return shape[0] * shape[1] * shape[2];
}

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

/// Rewrites `func` to run with one-warp blocks, `warps` of them per
/// original block along x, rebuilding every original id.
static LogicalResult resizeKernel(gpu::GPUFuncOp func, BlockShape shape,
                                  int64_t warps, std::string &why) {
  int64_t threads = getNumThreads(shape);
  bool partial = threads % kWarpSize != 0;
  Block &entry = func.getBody().front();
  if (partial && !func.getBody().hasOneBlock()) {
    why = "the block size is not a multiple of 32 and the kernel body has "
          "several blocks (the inactive tail cannot be masked)";
    return failure();
  }
  SmallVector<Operation *> idOps;
  func.walk([&](Operation *op) {
    if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp,
            gpu::GlobalIdOp, gpu::SubgroupIdOp, gpu::NumSubgroupsOp>(op))
      idOps.push_back(op);
  });

  OpBuilder b(&entry, entry.begin());
  Location loc = func.getLoc();
  Value block = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value warpsValue = createIndex(b, loc, warps);
  Value warp = arith::RemUIOp::create(b, loc, block, warpsValue);
  Value originalBlockX = arith::DivUIOp::create(b, loc, block, warpsValue);
  Value lane = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value linear = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, warp, createIndex(b, loc, kWarpSize)),
      lane);
  SmallVector<Value, 3> threadIds = delinearize(b, loc, linear, shape);
  Value originalGridX = arith::DivUIOp::create(
      b, loc, gpu::GridDimOp::create(b, loc, gpu::Dimension::x), warpsValue);

  for (Operation *op : idOps) {
    b.setInsertionPoint(op);
    Location l = op->getLoc();
    Value replacement;
    if (auto id = dyn_cast<gpu::ThreadIdOp>(op)) {
      replacement = threadIds[static_cast<unsigned>(id.getDimension())];
    } else if (auto dim = dyn_cast<gpu::BlockDimOp>(op)) {
      replacement =
          createIndex(b, l, shape[static_cast<unsigned>(dim.getDimension())]);
    } else if (auto id = dyn_cast<gpu::BlockIdOp>(op)) {
      if (id.getDimension() != gpu::Dimension::x)
        continue;
      replacement = originalBlockX;
    } else if (auto dim = dyn_cast<gpu::GridDimOp>(op)) {
      if (dim.getDimension() != gpu::Dimension::x)
        continue;
      replacement = originalGridX;
    } else if (isa<gpu::SubgroupIdOp>(op)) {
      // Warp w of the original block is the block's only warp now.
      replacement = warp;
    } else if (isa<gpu::NumSubgroupsOp>(op)) {
      replacement = createIndex(b, l, warps);
    } else if (auto id = dyn_cast<gpu::GlobalIdOp>(op)) {
      unsigned d = static_cast<unsigned>(id.getDimension());
      Value blockId =
          d == 0 ? originalBlockX
                 : gpu::BlockIdOp::create(b, l, id.getDimension()).getResult();
      replacement = arith::AddIOp::create(
          b, l,
          arith::MulIOp::create(b, l, blockId, createIndex(b, l, shape[d])),
          threadIds[d]);
    }
    op->getResult(0).replaceAllUsesWith(replacement);
    op->erase();
  }

  if (partial) {
    // Lanes past the original block's end do nothing.
    b.setInsertionPointAfterValue(originalGridX);
    Value active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         linear, createIndex(b, loc, threads));
    auto guard = scf::IfOp::create(b, loc, active, /*withElseRegion=*/false);
    Block *body = guard.thenBlock();
    Operation *terminator = entry.getTerminator();
    body->getOperations().splice(body->begin(), entry.getOperations(),
                                 std::next(Block::iterator(guard)),
                                 Block::iterator(terminator));
  }
  func.setKnownBlockSizeAttr(
      b.getDenseI32ArrayAttr({static_cast<int32_t>(kWarpSize), 1, 1}));
  return success();
}

//===----------------------------------------------------------------------===//
// Coarsen
//===----------------------------------------------------------------------===//

namespace {
/// Builds the warp job of a coarsened kernel: the original body split into
/// virtual-thread phases at the barriers, with uniform control flow that
/// contains barriers kept at warp level.
class Coarsener {
public:
  Coarsener(gpu::GPUFuncOp func, BlockShape shape, bool keepWarpSyncs,
            const UniformityAnalysis &uniformity)
      : func(func), shape(shape), keepWarpSyncs(keepWarpSyncs),
        uniformity(uniformity) {
    vthreads = llvm::divideCeil(getNumThreads(shape), kWarpSize);
  }

  /// Builds the warp job at the start of the body, leaving the original
  /// ops in place; on failure leaves the kernel unchanged and sets `why`.
  FailureOr<WarpJobOp> build(std::string &why);
  /// Replaces the original body with the warp job built by `build`.
  void commit();

  unsigned phases = 0;
  int64_t replicatedRegisters = 0;

private:
  LogicalResult emitOps(ArrayRef<Operation *> ops, OpBuilder &b);
  LogicalResult flush(SmallVectorImpl<Operation *> &segment, OpBuilder &b);
  LogicalResult emitControl(Operation *op, OpBuilder &b);
  /// The value of uniform `original` at warp level.
  Value getWarpLevel(Value original, OpBuilder &b);
  /// The per-virtual-thread vector holding `original`.
  Value getReplicated(Value original, OpBuilder &b);
  /// `original` as a loop-carried or region result value: a warp-level
  /// scalar when `uniform`, else the per-virtual-thread vector.
  Value getCarried(Value original, bool uniform, OpBuilder &b) {
    return uniform ? getWarpLevel(original, b) : getReplicated(original, b);
  }
  /// The type `type` is carried as: itself when `uniform`, else a vector.
  FailureOr<Type> getCarriedType(Type type, bool uniform) {
    if (uniform)
      return type;
    FailureOr<VectorType> vec = getVectorType(type);
    if (mlir::failed(vec))
      return mlir::failure();
    return Type(*vec);
  }
  /// Records `newValue` as the carried form of `original`.
  void mapCarried(Value original, Value newValue, bool uniform) {
    if (uniform)
      warpLevel.map(original, newValue);
    else
      replicas[original] = newValue;
  }
  FailureOr<VectorType> getVectorType(Type type);
  /// Whether `op` can run once at warp level instead of per virtual thread:
  /// a pure, uniform op whose operands are all available at warp level.
  bool isWarpLevel(Operation *op);

  gpu::GPUFuncOp func;
  BlockShape shape;
  bool keepWarpSyncs;
  const UniformityAnalysis &uniformity;
  int64_t vthreads;
  /// Original thread-id values: every phase has its own copy as arguments.
  DenseMap<Value, unsigned> threadIds;
  IRMapping warpLevel;
  DenseMap<Value, Value> replicas;
  std::string failure;
  SmallVector<Operation *> original;
};
} // namespace

bool Coarsener::isWarpLevel(Operation *op) {
  if (op->getNumRegions() != 0 || !isMemoryEffectFree(op) ||
      isa<gpu::ThreadIdOp, gpu::BlockDimOp>(op))
    return false;
  if (!llvm::all_of(op->getResults(),
                    [&](Value v) { return uniformity.isUniform(v); }))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value v) {
    return warpLevel.contains(v) ||
           (!replicas.count(v) && !threadIds.count(v) &&
            isa<BlockArgument>(v) && v.getParentRegion() == &func.getBody());
  });
}

/// Returns true if `op` contains a barrier in one of its regions.
static bool containsBarrier(Operation *op) {
  return op->walk([](gpu::BarrierOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

FailureOr<VectorType> Coarsener::getVectorType(Type type) {
  if (!type.isIntOrIndexOrFloat()) {
    llvm::raw_string_ostream os(failure);
    os << "a value of type " << type
       << " is live across a barrier (only scalars can be kept per virtual "
          "thread in registers)";
    return mlir::failure();
  }
  return VectorType::get({vthreads}, type);
}

Value Coarsener::getWarpLevel(Value original, OpBuilder &b) {
  if (Value mapped = warpLevel.lookupOrNull(original))
    return mapped;
  auto it = replicas.find(original);
  if (it == replicas.end())
    return original;
  // Uniform: virtual thread 0 (which always exists) holds the value.
  return vector::ExtractOp::create(b, original.getLoc(), it->second, 0);
}

Value Coarsener::getReplicated(Value original, OpBuilder &b) {
  auto it = replicas.find(original);
  if (it != replicas.end())
    return it->second;
  Value scalar = getWarpLevel(original, b);
  return vector::BroadcastOp::create(
      b, original.getLoc(), VectorType::get({vthreads}, original.getType()),
      scalar);
}

LogicalResult Coarsener::flush(SmallVectorImpl<Operation *> &segment,
                               OpBuilder &b) {
  if (segment.empty())
    return success();
  Block *source = segment.front()->getBlock();
  llvm::SmallPtrSet<Operation *, 16> members(segment.begin(), segment.end());
  // Values the rest of the kernel uses after this phase.
  SmallVector<Value> escaping;
  for (Operation *op : segment) {
    if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
      threadIds[id.getResult()] = static_cast<unsigned>(id.getDimension());
  }
  for (Operation *op : segment)
    for (Value result : op->getResults())
      if (!threadIds.count(result) &&
          llvm::any_of(result.getUsers(), [&](Operation *user) {
            Operation *ancestor = source->findAncestorOpInBlock(*user);
            return !ancestor || !members.contains(ancestor);
          }))
        escaping.push_back(result);
  SmallVector<Type> resultTypes;
  for (Value v : escaping) {
    FailureOr<VectorType> type = getVectorType(v.getType());
    if (mlir::failed(type))
      return mlir::failure();
    resultTypes.push_back(*type);
    replicatedRegisters +=
        vthreads * llvm::divideCeil(v.getType().isIndex()
                                        ? 64
                                        : v.getType().getIntOrFloatBitWidth(),
                                    32);
  }

  Location loc = segment.front()->getLoc();
  auto phase = VThreadsOp::create(b, loc, resultTypes);
  Block *body = new Block;
  phase.getBody().push_back(body);
  Type index = b.getIndexType();
  Value vt = body->addArgument(index, loc);
  SmallVector<Value, 3> ids;
  for (int d = 0; d < 3; ++d)
    ids.push_back(body->addArgument(index, loc));
  ++phases;

  OpBuilder inner = OpBuilder::atBlockBegin(body);
  IRMapping mapping;
  // Values from outside the phase: per-virtual-thread copies, or warp-level.
  auto bindOutside = [&](Value v) {
    if (mapping.contains(v))
      return;
    Operation *def = v.getDefiningOp();
    if (def && members.contains(source->findAncestorOpInBlock(*def)))
      return;
    auto id = threadIds.find(v);
    if (id != threadIds.end()) {
      mapping.map(v, ids[id->second]);
      return;
    }
    auto it = replicas.find(v);
    if (it != replicas.end())
      mapping.map(v, vector::ExtractOp::create(inner, v.getLoc(), it->second,
                                               OpFoldResult(vt))
                         .getResult());
    else if (Value w = warpLevel.lookupOrNull(v))
      mapping.map(v, w);
  };
  for (Operation *op : segment) {
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        bindOutside(operand);
    });
    inner.clone(*op, mapping);
  }
  SmallVector<Value> yielded;
  for (Value v : escaping)
    yielded.push_back(mapping.lookup(v));
  YieldOp::create(inner, loc, yielded);

  // Inside the phase, thread ids are the virtual thread's and the block's
  // shape is the original one.
  SmallVector<Operation *> idOps;
  body->walk([&](Operation *op) {
    if (isa<gpu::ThreadIdOp, gpu::BlockDimOp>(op))
      idOps.push_back(op);
  });
  for (Operation *op : idOps) {
    OpBuilder at(op);
    Value replacement;
    if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
      replacement = ids[static_cast<unsigned>(id.getDimension())];
    else
      replacement = createIndex(at, op->getLoc(),
                                shape[static_cast<unsigned>(
                                    cast<gpu::BlockDimOp>(op).getDimension())]);
    op->getResult(0).replaceAllUsesWith(replacement);
    op->erase();
  }
  for (auto [v, result] : llvm::zip(escaping, phase.getResults()))
    replicas[v] = result;
  segment.clear();
  // A segment of thread ids only leaves nothing to run.
  if (phase.getNumResults() == 0 && body->getOperations().size() == 1) {
    phase.erase();
    --phases;
  }
  return success();
}

LogicalResult Coarsener::emitControl(Operation *op, OpBuilder &b) {
  Location loc = op->getLoc();
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    Value lb = getWarpLevel(forOp.getLowerBound(), b);
    Value ub = getWarpLevel(forOp.getUpperBound(), b);
    Value step = getWarpLevel(forOp.getStep(), b);
    // Uniform carried values stay scalars at warp level.
    SmallVector<bool> uniform;
    for (Value arg : forOp.getRegionIterArgs())
      uniform.push_back(uniformity.isUniform(arg));
    SmallVector<Value> inits;
    for (auto [i, init] : llvm::enumerate(forOp.getInitArgs())) {
      if (mlir::failed(getCarriedType(init.getType(), uniform[i])))
        return mlir::failure();
      inits.push_back(getCarried(init, uniform[i], b));
    }
    auto newFor = scf::ForOp::create(b, loc, lb, ub, step, inits);
    newFor.setUnsignedCmp(forOp.getUnsignedCmp());
    warpLevel.map(forOp.getInductionVar(), newFor.getInductionVar());
    for (auto [i, args] : llvm::enumerate(
             llvm::zip(forOp.getRegionIterArgs(), newFor.getRegionIterArgs())))
      mapCarried(std::get<0>(args), std::get<1>(args), uniform[i]);
    // The body is rebuilt from scratch, its terminator included.
    Block *newBody = newFor.getBody();
    if (!newBody->empty() && isa<scf::YieldOp>(newBody->back()))
      newBody->back().erase();
    OpBuilder inner = OpBuilder::atBlockEnd(newBody);
    SmallVector<Operation *> ops;
    for (Operation &nested : forOp.getBody()->without_terminator())
      ops.push_back(&nested);
    if (mlir::failed(emitOps(ops, inner)))
      return mlir::failure();
    auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
    SmallVector<Value> yielded;
    for (auto [i, v] : llvm::enumerate(yield.getOperands()))
      yielded.push_back(getCarried(v, uniform[i], inner));
    scf::YieldOp::create(inner, loc, yielded);
    for (auto [i, results] :
         llvm::enumerate(llvm::zip(forOp.getResults(), newFor.getResults())))
      mapCarried(std::get<0>(results), std::get<1>(results), uniform[i]);
    return success();
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    Value cond = getWarpLevel(ifOp.getCondition(), b);
    SmallVector<bool> uniform;
    for (Value result : ifOp.getResults())
      uniform.push_back(uniformity.isUniform(result));
    SmallVector<Type> types;
    for (auto [i, t] : llvm::enumerate(ifOp.getResultTypes())) {
      FailureOr<Type> carried = getCarriedType(t, uniform[i]);
      if (mlir::failed(carried))
        return mlir::failure();
      types.push_back(*carried);
    }
    auto newIf =
        scf::IfOp::create(b, loc, types, cond, !ifOp.getElseRegion().empty());
    for (auto [oldRegion, newRegion] :
         {std::make_pair(&ifOp.getThenRegion(), &newIf.getThenRegion()),
          std::make_pair(&ifOp.getElseRegion(), &newIf.getElseRegion())}) {
      if (oldRegion->empty())
        continue;
      Block *newBlock = &newRegion->front();
      if (!newBlock->empty() && isa<scf::YieldOp>(newBlock->back()))
        newBlock->back().erase();
      OpBuilder inner = OpBuilder::atBlockEnd(newBlock);
      SmallVector<Operation *> ops;
      for (Operation &nested : oldRegion->front().without_terminator())
        ops.push_back(&nested);
      if (mlir::failed(emitOps(ops, inner)))
        return mlir::failure();
      auto yield = cast<scf::YieldOp>(oldRegion->front().getTerminator());
      SmallVector<Value> yielded;
      for (auto [i, v] : llvm::enumerate(yield.getOperands()))
        yielded.push_back(getCarried(v, uniform[i], inner));
      scf::YieldOp::create(inner, loc, yielded);
    }
    for (auto [i, results] :
         llvm::enumerate(llvm::zip(ifOp.getResults(), newIf.getResults())))
      mapCarried(std::get<0>(results), std::get<1>(results), uniform[i]);
    return success();
  }
  if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
    SmallVector<bool> beforeUniform, afterUniform;
    for (Value arg : whileOp.getBeforeArguments())
      beforeUniform.push_back(uniformity.isUniform(arg));
    for (Value arg : whileOp.getAfterArguments())
      afterUniform.push_back(uniformity.isUniform(arg));
    SmallVector<Value> inits;
    for (auto [i, init] : llvm::enumerate(whileOp.getInits())) {
      if (mlir::failed(getCarriedType(init.getType(), beforeUniform[i])))
        return mlir::failure();
      inits.push_back(getCarried(init, beforeUniform[i], b));
    }
    SmallVector<Type> resultTypes;
    for (auto [i, t] : llvm::enumerate(whileOp.getResultTypes())) {
      FailureOr<Type> carried = getCarriedType(t, afterUniform[i]);
      if (mlir::failed(carried))
        return mlir::failure();
      resultTypes.push_back(*carried);
    }
    /// Emits the ops of `region` (all but its terminator) into `inner`.
    auto emitRegionOps = [&](Region &region, OpBuilder &inner) {
      SmallVector<Operation *> ops;
      for (Operation &nested : region.front().without_terminator())
        ops.push_back(&nested);
      return emitOps(ops, inner);
    };
    LogicalResult status = success();
    auto newWhile = scf::WhileOp::create(
        b, loc, resultTypes, inits,
        [&](OpBuilder &inner, Location l, ValueRange args) {
          for (auto [i, oldArg] : llvm::enumerate(whileOp.getBeforeArguments()))
            mapCarried(oldArg, args[i], beforeUniform[i]);
          if (mlir::failed(emitRegionOps(whileOp.getBefore(), inner))) {
            status = mlir::failure();
            scf::ConditionOp::create(
                inner, l,
                getWarpLevel(whileOp.getConditionOp().getCondition(), inner),
                args);
            return;
          }
          scf::ConditionOp condition = whileOp.getConditionOp();
          SmallVector<Value> forwarded;
          for (auto [i, v] : llvm::enumerate(condition.getArgs()))
            forwarded.push_back(getCarried(v, afterUniform[i], inner));
          scf::ConditionOp::create(
              inner, l, getWarpLevel(condition.getCondition(), inner),
              forwarded);
        },
        [&](OpBuilder &inner, Location l, ValueRange args) {
          for (auto [i, oldArg] : llvm::enumerate(whileOp.getAfterArguments()))
            mapCarried(oldArg, args[i], afterUniform[i]);
          if (mlir::succeeded(status) &&
              mlir::failed(emitRegionOps(whileOp.getAfter(), inner)))
            status = mlir::failure();
          SmallVector<Value> yielded;
          for (auto [i, v] :
               llvm::enumerate(whileOp.getYieldOp().getOperands()))
            yielded.push_back(mlir::succeeded(status)
                                  ? getCarried(v, beforeUniform[i], inner)
                                  : Value());
          if (mlir::succeeded(status))
            scf::YieldOp::create(inner, l, yielded);
        });
    if (mlir::failed(status))
      return mlir::failure();
    for (auto [i, results] : llvm::enumerate(
             llvm::zip(whileOp.getResults(), newWhile.getResults())))
      mapCarried(std::get<0>(results), std::get<1>(results), afterUniform[i]);
    return success();
  }
  llvm::raw_string_ostream os(failure);
  os << "a barrier inside '" << op->getName()
     << "' (only scf.for, scf.if and scf.while around barriers are "
        "supported)";
  return mlir::failure();
}

LogicalResult Coarsener::emitOps(ArrayRef<Operation *> ops, OpBuilder &b) {
  SmallVector<Operation *> segment;
  for (Operation *op : ops) {
    if (isa<gpu::BarrierOp>(op)) {
      if (mlir::failed(flush(segment, b)))
        return mlir::failure();
      if (keepWarpSyncs)
        WarpSyncOp::create(b, op->getLoc(), Value());
      continue;
    }
    // Constants and other uniform pure values are computed once at warp
    // level instead of being replicated per virtual thread.
    if (isWarpLevel(op)) {
      b.clone(*op, warpLevel);
      continue;
    }
    if (containsBarrier(op)) {
      if (mlir::failed(flush(segment, b)) || mlir::failed(emitControl(op, b)))
        return mlir::failure();
      continue;
    }
    segment.push_back(op);
  }
  return flush(segment, b);
}

FailureOr<WarpJobOp> Coarsener::build(std::string &why) {
  Block &entry = func.getBody().front();
  for (Operation &op : entry.without_terminator())
    original.push_back(&op);
  OpBuilder b(&entry, entry.begin());
  auto job = WarpJobOp::create(b, func.getLoc(), ArrayRef<int64_t>(shape));
  OpBuilder inner(job.getBody().front().getTerminator());
  if (mlir::failed(emitOps(original, inner))) {
    job.erase();
    why = failure;
    return mlir::failure();
  }
  return job;
}

void Coarsener::commit() {
  for (Operation *op : llvm::reverse(original)) {
    op->dropAllUses();
    op->erase();
  }
  Builder b(func.getContext());
  func.setKnownBlockSizeAttr(
      b.getDenseI32ArrayAttr({static_cast<int32_t>(kWarpSize), 1, 1}));
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct WarpAggregatePass
    : public wc::impl::WarpAggregateBase<WarpAggregatePass> {
  using Base::Base;

  void runOnOperation() override;

  /// Aggregates `func`; returns true if it changed, with `why` describing
  /// the decision either way.
  bool aggregate(gpu::GPUFuncOp func, ArrayRef<gpu::LaunchFuncOp> launches,
                 const TargetDescription &target);
};
} // namespace

/// Rewrites the launch configuration of `launch`: blocks of one warp and a
/// grid whose x dimension is multiplied by `scaleX`.
static void updateLaunch(gpu::LaunchFuncOp launch, int64_t scaleX) {
  OpBuilder b(launch);
  Location loc = launch.getLoc();
  Value warp = createIndex(b, loc, kWarpSize);
  Value one = createIndex(b, loc, 1);
  launch.getBlockSizeXMutable().assign(warp);
  launch.getBlockSizeYMutable().assign(one);
  launch.getBlockSizeZMutable().assign(one);
  if (scaleX != 1) {
    Value grid = arith::MulIOp::create(b, loc, launch.getGridSizeX(),
                                       createIndex(b, loc, scaleX));
    launch.getGridSizeXMutable().assign(grid);
  }
}

bool WarpAggregatePass::aggregate(gpu::GPUFuncOp func,
                                  ArrayRef<gpu::LaunchFuncOp> launches,
                                  const TargetDescription &target) {
  auto refuse = [&](const Twine &why) {
    func.emitRemark("wc-aggregate: kernel left unchanged: ") << why;
    return false;
  };
  std::string why;
  FailureOr<BlockShape> shape = getBlockShape(func, launches, why);
  if (mlir::failed(shape))
    return refuse(why);
  KernelTraits traits = getTraits(func);
  if (traits.alreadyAggregated)
    return refuse("it is already a warp job");
  if (traits.forbidden)
    return refuse("it uses '" + traits.forbidden->getName().getStringRef() +
                  "', whose meaning aggregation would change");
  for (gpu::LaunchFuncOp launch : launches)
    if (launch.getDynamicSharedMemorySize() &&
        !isConstantIntValue(launch.getDynamicSharedMemorySize(), 0))
      return refuse("a launch uses dynamic shared memory");
  int64_t threads = getNumThreads(*shape);
  int64_t warps = llvm::divideCeil(threads, kWarpSize);
  bool needsCoarsening = traits.barriers > 0 || traits.workgroupMemory;

  if (!needsCoarsening) {
    if (warps == 1)
      return refuse("each block is already a single warp and it has no "
                    "barrier");
    // Resizing keeps every warp's threads together (original warp w of a
    // block becomes a block of its own), so warp-level ops keep their
    // meaning; only a partial last warp would gain masked lanes.
    if (traits.warpDependent && threads % kWarpSize != 0)
      return refuse("it uses '" +
                    traits.warpDependent->getName().getStringRef() +
                    "' and its block size is not a multiple of 32");
    if (traits.blockReduction)
      return refuse("it uses 'gpu.all_reduce', a reduction over the whole "
                    "block");
    if (mlir::failed(resizeKernel(func, *shape, warps, why)))
      return refuse(why);
    for (gpu::LaunchFuncOp launch : launches)
      updateLaunch(launch, warps);
    func.emitRemark("wc-aggregate: resized ")
        << threads << "-thread blocks into " << warps
        << " one-warp blocks each (grid x scaled by " << warps << ")";
    return true;
  }

  if (traits.warpDependent)
    return refuse("it uses '" + traits.warpDependent->getName().getStringRef() +
                  "', whose meaning depends on which threads share a warp");
  if (!func.getBody().hasOneBlock())
    return refuse("its body has several blocks (unstructured control flow)");
  UniformityAnalysis uniformity(func);
  WalkResult divergent = func.walk([&](gpu::BarrierOp barrier) {
    if (Operation *control = uniformity.getVaryingControl(barrier)) {
      barrier.emitRemark("wc-aggregate: this barrier is under the "
                         "thread-dependent control flow of '")
          << control->getName() << "'";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (divergent.wasInterrupted())
    return refuse("a barrier is under thread-dependent control flow");

  bool keepWarpSyncs = traits.workgroupMemory || traits.writesMemory;
  Coarsener coarsener(func, *shape, keepWarpSyncs, uniformity);
  FailureOr<WarpJobOp> job = coarsener.build(why);
  if (mlir::failed(job))
    return refuse(why);
  // Replicated values compete with the rest of the kernel for registers:
  // allow them half of the per-thread budget.
  int64_t budget = target.maxRegistersPerThread / 2;
  if (coarsener.replicatedRegisters > budget) {
    job->erase();
    return refuse(Twine("the values kept per virtual thread across barriers "
                        "need about ") +
                  Twine(coarsener.replicatedRegisters) +
                  " registers per lane, over the budget of " + Twine(budget) +
                  " (half of " + Twine(target.maxRegistersPerThread) + ")");
  }
  coarsener.commit();
  for (gpu::LaunchFuncOp launch : launches)
    updateLaunch(launch, 1);
  InFlightDiagnostic remark =
      func.emitRemark("wc-aggregate: coarsened: one "
                      "warp per ")
      << threads << "-thread block, " << warps << " virtual thread"
      << (warps == 1 ? "" : "s") << " per lane, " << coarsener.phases
      << " phase" << (coarsener.phases == 1 ? "" : "s") << ", "
      << traits.barriers << " barrier" << (traits.barriers == 1 ? "" : "s");
  remark << (keepWarpSyncs ? " became warp syncs" : " removed");
  return true;
}

void WarpAggregatePass::runOnOperation() {
  std::optional<TargetDescription> target = TargetDescription::lookup(chip);
  if (!target) {
    getOperation()->emitError("wc-aggregate: unknown chip '")
        << chip << "' (known: " << TargetDescription::knownChips() << ")";
    return signalPassFailure();
  }
  ModuleOp module = getOperation();
  SymbolTableCollection symbols;
  DenseMap<Operation *, SmallVector<gpu::LaunchFuncOp>> launches;
  module.walk([&](gpu::LaunchFuncOp launch) {
    if (auto kernel = symbols.lookupNearestSymbolFrom<gpu::GPUFuncOp>(
            launch, launch.getKernel()))
      launches[kernel].push_back(launch);
  });
  SmallVector<gpu::GPUFuncOp> kernels;
  module.walk([&](gpu::GPUFuncOp func) {
    if (func.isKernel())
      kernels.push_back(func);
  });
  for (gpu::GPUFuncOp func : kernels)
    aggregate(func, launches[func], *target);
  module.walk([](gpu::LaunchOp launch) {
    launch.emitRemark("wc-aggregate: kernel left unchanged: it is an inline "
                      "gpu.launch; outline it first (gpu-kernel-outlining)");
  });
}
