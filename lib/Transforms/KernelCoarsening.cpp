//===- KernelCoarsening.cpp - Coarsen a kernel into a warp job ------------===//
//
// The coarsen rewrite of warp aggregation: the kernel body (or the body of a
// warp role) becomes a wc.warp_job whose lanes run the original threads as
// virtual threads, phase by phase between the former barriers (or a role's
// channel signals and waits, which the warp runs itself). Values live across a
// barrier are kept per virtual thread in vectors (registers), except pure
// arithmetic on thread ids, which each phase that uses it recomputes;
// uniform values and control flow that contains barriers stay at warp
// level. The register estimate of the result is in JobRegisters.cpp; block
// and warp collectives and private arrays in
// KernelCoarseningCollectives.cpp (the class: Coarsener.h).
//
//===----------------------------------------------------------------------===//

#include "Coarsener.h"
#include "JobRegisters.h"

#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Aggregation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>
#include <tuple>

using namespace mlir;
using namespace mlir::wc;

using coarsening::Coarsener;

bool Coarsener::isWarpLevel(Operation *op) {
  if (op->getNumRegions() != 0 || !isMemoryEffectFree(op) ||
      isa<gpu::ThreadIdOp, gpu::BlockDimOp>(op))
    return false;
  if (!llvm::all_of(op->getResults(),
                    [&](Value v) { return uniformity.isUniform(v); }))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value v) {
    return warpLevel.contains(v) ||
           (!replicas.count(v) && !threadIds.count(v) && !recomputed.count(v) &&
            isArgument(v));
  });
}

static VThreadsOp createPhase(OpBuilder &b, Location loc,
                              TypeRange resultTypes);

bool Coarsener::isRecomputable(Operation *op) {
  if (op->getNumRegions() != 0 || !isPure(op) ||
      !isa<arith::ArithDialect, index::IndexDialect>(op->getDialect()) ||
      !llvm::all_of(op->getResultTypes(),
                    [](Type type) { return type.isIntOrIndexOrFloat(); }))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value v) {
    return threadIds.count(v) || recomputed.count(v) || warpLevel.contains(v) ||
           (!replicas.count(v) && isArgument(v));
  });
}

Value Coarsener::recompute(Value original, OpBuilder &b, ArrayRef<Value> ids,
                           IRMapping &mapping) {
  if (Value done = mapping.lookupOrNull(original))
    return done;
  auto id = threadIds.find(original);
  if (id != threadIds.end()) {
    mapping.map(original, ids[id->second]);
    return ids[id->second];
  }
  auto it = recomputed.find(original);
  if (it == recomputed.end())
    return getWarpLevel(original, b);
  Operation *op = it->second;
  for (Value operand : op->getOperands())
    mapping.map(operand, recompute(operand, b, ids, mapping));
  b.clone(*op, mapping);
  return mapping.lookup(original);
}

Value Coarsener::replicateRecomputed(Value original, OpBuilder &b) {
  VThreadsOp phase = createPhase(
      b, original.getLoc(), VectorType::get({vthreads}, original.getType()));
  OpBuilder inner = OpBuilder::atBlockEnd(&phase.getBody().front());
  IRMapping mapping;
  SmallVector<Value, 3> ids(phase.getThreadIds());
  Value value = recompute(original, inner, ids, mapping);
  YieldOp::create(inner, original.getLoc(), value);
  ++phases;
  return phase.getResult(0);
}

/// Whether `op` is a channel signal or wait of a warp role, which the
/// coarsened warp runs itself, between phases.
static bool isChannelOp(Operation *op) {
  return isa<ChannelSignalOp, ChannelWaitOp>(op);
}

/// Returns true if `op` contains a barrier or a channel op in one of its
/// regions.
static bool containsBarrier(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isa<gpu::BarrierOp>(nested) || isThreadCollective(nested) ||
                       isChannelOp(nested)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
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
  if (recomputed.count(original))
    return vector::ExtractOp::create(b, original.getLoc(),
                                     replicateRecomputed(original, b), 0);
  auto it = replicas.find(original);
  if (it == replicas.end())
    return original;
  // Uniform: virtual thread 0 (which always exists) holds the value.
  return vector::ExtractOp::create(b, original.getLoc(), it->second, 0);
}

/// Creates at `b` an empty phase with results of `resultTypes`: its body
/// has the virtual-thread index and the three thread-id arguments, and no
/// terminator yet.
static VThreadsOp createPhase(OpBuilder &b, Location loc,
                              TypeRange resultTypes) {
  auto phase = VThreadsOp::create(b, loc, resultTypes);
  Block *body = new Block;
  phase.getBody().push_back(body);
  for (int i = 0; i < 4; ++i)
    body->addArgument(b.getIndexType(), loc);
  return phase;
}

Value Coarsener::getReplicated(Value original, OpBuilder &b) {
  auto it = replicas.find(original);
  if (it != replicas.end())
    return it->second;
  // A thread id or a value recomputed from thread ids (a loop's initial
  // value, a yielded value) differs per virtual thread; the original op
  // disappears with the kernel body. The vector is not cached: `b` may be
  // inside a region that later uses of the value are not.
  if (threadIds.count(original) || recomputed.count(original))
    return replicateRecomputed(original, b);
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
    else if (isRecomputable(op))
      for (Value result : op->getResults())
        recomputed[result] = op;
  }
  for (Operation *op : segment)
    for (Value result : op->getResults())
      if (!threadIds.count(result) && !recomputed.count(result) &&
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
  }

  Location loc = segment.front()->getLoc();
  VThreadsOp phase = createPhase(b, loc, resultTypes);
  Block *body = &phase.getBody().front();
  Value vt = phase.getVirtualThreadIndex();
  SmallVector<Value, 3> ids(phase.getThreadIds());
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
    if (recomputed.count(v)) {
      recompute(v, inner, ids, mapping);
      return;
    }
    if (Value arrays = privateArrays.lookup(v)) {
      // The virtual thread's row, a view of the original array's shape.
      auto type = cast<MemRefType>(v.getType());
      SmallVector<OpFoldResult> offsets{OpFoldResult(vt)},
          sizes{inner.getIndexAttr(1)},
          strides(type.getRank() + 1, inner.getIndexAttr(1));
      for (int64_t extent : type.getShape()) {
        offsets.push_back(inner.getIndexAttr(0));
        sizes.push_back(inner.getIndexAttr(extent));
      }
      auto rowType = memref::SubViewOp::inferRankReducedResultType(
          type.getShape(), cast<MemRefType>(arrays.getType()), offsets, sizes,
          strides);
      mapping.map(v, memref::SubViewOp::create(inner, v.getLoc(), rowType,
                                               arrays, offsets, sizes, strides)
                         .getResult());
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
    if (isa<gpu::ThreadIdOp, gpu::BlockDimOp, gpu::GlobalIdOp,
            gpu::SubgroupIdOp, gpu::NumSubgroupsOp, gpu::SubgroupSizeOp>(op))
      idOps.push_back(op);
  });
  for (Operation *op : idOps) {
    OpBuilder at(op);
    Value replacement;
    if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
      replacement = ids[static_cast<unsigned>(id.getDimension())];
    // Virtual thread v of a lane is thread 32 v + lane: original warp v,
    // whose lane ids are the lanes' own (gpu.lane_id keeps its meaning).
    else if (isa<gpu::SubgroupIdOp>(op))
      replacement = vt;
    else if (isa<gpu::NumSubgroupsOp>(op))
      replacement = createIndexConstant(at, op->getLoc(), vthreads);
    else if (isa<gpu::SubgroupSizeOp>(op))
      replacement = createIndexConstant(at, op->getLoc(), kWarpSize);
    else if (auto id = dyn_cast<gpu::GlobalIdOp>(op)) {
      // With the original block size and the virtual thread's id.
      unsigned dim = static_cast<unsigned>(id.getDimension());
      replacement = createGlobalId(
          at, op->getLoc(),
          gpu::BlockIdOp::create(at, op->getLoc(), id.getDimension()),
          shape[dim], ids[dim]);
    } else
      replacement =
          createIndexConstant(at, op->getLoc(),
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

LogicalResult Coarsener::emitChannelOp(Operation *op, OpBuilder &b) {
  IRMapping mapping;
  for (Value operand : op->getOperands()) {
    if (!uniformity.isUniform(operand)) {
      llvm::raw_string_ostream os(failure);
      os << "'" << op->getName()
         << "' has a stage that differs between threads";
      return mlir::failure();
    }
    mapping.map(operand, getWarpLevel(operand, b));
  }
  b.clone(*op, mapping);
  return success();
}

LogicalResult Coarsener::emitOps(ArrayRef<Operation *> ops, OpBuilder &b) {
  SmallVector<Operation *> segment;
  for (Operation *op : ops) {
    if (isPrivateArray(op)) {
      replicatePrivateArray(cast<memref::AllocaOp>(op));
      continue;
    }
    if (isThreadCollective(op)) {
      if (mlir::failed(flush(segment, b)) ||
          mlir::failed(emitCollective(op, b)))
        return mlir::failure();
      continue;
    }
    if (isChannelOp(op)) {
      if (mlir::failed(flush(segment, b)) || mlir::failed(emitChannelOp(op, b)))
        return mlir::failure();
      continue;
    }
    if (isa<gpu::BarrierOp>(op)) {
      if (mlir::failed(flush(segment, b)))
        return mlir::failure();
      if (removable.contains(op)) {
        ++removedBarriers;
      } else {
        WarpSyncOp::create(b, op->getLoc(), Value());
        ++warpSyncs;
      }
      continue;
    }
    // The original block's warps and their size, the same for every thread.
    if (isa<gpu::NumSubgroupsOp, gpu::SubgroupSizeOp>(op)) {
      warpLevel.map(op->getResult(0),
                    createIndexConstant(
                        b, op->getLoc(),
                        isa<gpu::NumSubgroupsOp>(op) ? vthreads : kWarpSize));
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
  Block &entry = region.front();
  for (Operation &op : entry.without_terminator())
    original.push_back(&op);
  OpBuilder b(&entry, entry.begin());
  auto job = WarpJobOp::create(b, region.getParentOp()->getLoc(),
                               ArrayRef<int64_t>(shape));
  OpBuilder inner(job.getBody().front().getTerminator());
  if (mlir::failed(emitOps(original, inner))) {
    discard(job);
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
}

/// Coarsens the body of `region` (see coarsenKernel and coarsenRole).
static FailureOr<CoarseningStats>
coarsen(Region &region, BlockShape shape,
        const DenseSet<Operation *> &removable,
        const UniformityAnalysis &uniformity, int64_t registerBudget,
        std::string &why) {
  Coarsener coarsener(region, shape, removable, uniformity);
  FailureOr<WarpJobOp> job = coarsener.build(why);
  if (mlir::failed(job))
    return mlir::failure();
  int64_t registers = estimatePeakRegisters(*job);
  if (registers > registerBudget) {
    coarsener.discard(*job);
    why = "the values kept per virtual thread across barriers need about " +
          std::to_string(registers) +
          " registers per lane, over the budget of " +
          std::to_string(registerBudget);
    return mlir::failure();
  }
  coarsener.commit();
  return CoarseningStats{coarsener.phases, coarsener.warpSyncs,
                         coarsener.removedBarriers, coarsener.reductions,
                         registers};
}

FailureOr<CoarseningStats>
wc::coarsenKernel(gpu::GPUFuncOp func, BlockShape shape,
                  const DenseSet<Operation *> &removable,
                  const UniformityAnalysis &uniformity, int64_t registerBudget,
                  std::string &why) {
  FailureOr<CoarseningStats> stats = coarsen(func.getBody(), shape, removable,
                                             uniformity, registerBudget, why);
  if (mlir::succeeded(stats))
    func.setKnownBlockSizeAttr(
        Builder(func.getContext())
            .getDenseI32ArrayAttr({static_cast<int32_t>(kWarpSize), 1, 1}));
  return stats;
}

FailureOr<CoarseningStats> wc::coarsenRole(Region &role, BlockShape shape,
                                           const UniformityAnalysis &uniformity,
                                           int64_t registerBudget,
                                           std::string &why) {
  if (!role.front().args_empty() && !role.front().getArgument(0).use_empty()) {
    why = "the role uses its warp index";
    return failure();
  }
  // Values from around the role other than kernel arguments would be the
  // lane's own, not each virtual thread's.
  WalkResult outside = role.walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (role.isAncestor(operand.getParentRegion()))
        continue;
      if (isa<BlockArgument>(operand) &&
          isa<gpu::GPUFuncOp>(operand.getParentRegion()->getParentOp()))
        continue;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (outside.wasInterrupted()) {
    why = "the role uses a value from around it that is not a kernel "
          "argument";
    return failure();
  }
  return coarsen(role, shape, /*removable=*/{}, uniformity, registerBudget,
                 why);
}
