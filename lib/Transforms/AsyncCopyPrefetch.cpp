//===- AsyncCopyPrefetch.cpp - The next tile's copy during this tile ------===//
//
// The last step of wc-async-copy. A tile loop of a warp job whose body
// starts with a phase of asynchronous copies that it waits for before a
// warp sync, and ends with a warp sync,
//
//   scf.for %i = %lb to %ub step %s {
//     wc.vthreads { ... nvgpu.device_async_copy ... to %tile[...] ... }
//     %g = nvgpu.device_async_create_group
//     nvgpu.device_async_wait %g {numGroups = 0}
//     wc.warp_sync
//     ... (reads of %tile)
//     wc.warp_sync
//   }
//
// copies tile i + s while it computes on tile i: each buffer the phase
// copies to gets a leading dimension of 2 (the tile of iteration i in half
// ((i - lb) / s) mod 2), the phase for %lb runs before the loop, and
// iteration i starts the phase for i + s (when there is one), commits it,
// and waits for every group of copies but that one (numGroups = 1) before
// its warp sync. A half is copied again only after the warp sync that
// ends the iteration that read it.
//
// Sound when the copies are all the phase does to memory besides reading
// global memory, the phase uses no value carried by the loop, nothing else
// in the loop writes memory other than workgroup memory (the next tile is
// read one iteration early), every iteration copies the same elements of
// the buffers and nothing else in the loop writes them (an iteration reads
// what its own copy wrote, not what the iteration before the last left),
// and the buffers are used only in the loop (the last tile is not where
// the original left it). The doubled buffers must fit the block's static
// shared memory with as many warps resident, and keep the copies' alignment.
//
//===----------------------------------------------------------------------===//

#include "AsyncCopy.h"
#include "WorkgroupBuffers.h"

#include "WC/Analysis/SharedAccess.h"
#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::wc;

namespace {
/// A tile loop whose copies can run one tile ahead.
struct Prefetch {
  scf::ForOp loop;
  VThreadsOp phase;
  nvgpu::DeviceAsyncWaitOp wait;
  /// The workgroup attributions the phase copies to.
  SmallVector<Value> buffers;
  /// The ops of the loop's body before the phase, without memory effects.
  SmallVector<Operation *> first;
  /// The shared memory the second tiles add.
  int64_t addedBytes = 0;
};
} // namespace

/// Whether `op` is a warp sync of the whole warp.
static bool isFullWarpSync(Operation *op) {
  auto sync = dyn_cast_or_null<WarpSyncOp>(op);
  return sync && !sync.getMask();
}

/// Whether `op` neither writes memory nor reads workgroup memory (reads of
/// other memory are allowed); ops with regions are judged by their ops.
static bool onlyReadsGlobalMemory(Operation *op) {
  if (op->getNumRegions() != 0 &&
      op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return true;
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return !isWorkgroupMemRef(load.getMemRefType());
  return isMemoryEffectFree(op);
}

/// Whether `user` is in the other branch of the `scf.if` that holds `loop`
/// (the original loop, where the tile copies versioned it): it never runs
/// with the loop, and uses half 0 of a doubled buffer.
static bool isVersionedTwin(scf::ForOp loop, Operation *user) {
  auto versioned = dyn_cast<scf::IfOp>(loop->getParentOp());
  return versioned &&
         versioned.getThenRegion().isAncestor(loop->getParentRegion()) &&
         versioned.getElseRegion().isAncestor(user->getParentRegion());
}

/// Whether `value`, used in `phase` (in `loop`), is the same in every
/// iteration: defined before the loop, a virtual thread's id, or computed
/// from such values without memory.
static bool isSameEachIteration(Value value, scf::ForOp loop,
                                VThreadsOp phase) {
  if (!loop->isAncestor(value.getParentRegion()->getParentOp()))
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner() == &phase.getBody().front();
  Operation *def = value.getDefiningOp();
  // An affine.apply depends on the operands its map uses.
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
    AffineMap map = apply.getAffineMap();
    for (auto [i, operand] : llvm::enumerate(apply.getMapOperands())) {
      bool used = i < map.getNumDims()
                      ? map.isFunctionOfDim(i)
                      : map.isFunctionOfSymbol(i - map.getNumDims());
      if (used && !isSameEachIteration(operand, loop, phase))
        return false;
    }
    return true;
  }
  return isMemoryEffectFree(def) && def->getNumRegions() == 0 &&
         llvm::all_of(def->getOperands(), [&](Value operand) {
           return isSameEachIteration(operand, loop, phase);
         });
}

/// Matches `loop` as a tile loop whose copies can run ahead; returns why
/// not ("" and an empty `prefetch.buffers` when it has no such phase).
/// `planned` bytes of shared memory are added by loops matched before.
static std::string match(gpu::GPUFuncOp func, scf::ForOp loop,
                         const TargetDescription &target, int64_t planned,
                         Prefetch &prefetch) {
  // Ops without memory effects may come first (the tile's offset).
  SmallVector<Operation *> ops;
  for (Operation &op : loop.getBody()->without_terminator())
    if (!ops.empty() || !isMemoryEffectFree(&op) || op.getNumRegions() != 0)
      ops.push_back(&op);
    else
      prefetch.first.push_back(&op);
  auto phase = ops.empty() ? VThreadsOp() : dyn_cast<VThreadsOp>(ops.front());
  if (!phase || phase->getNumResults() != 0 ||
      phase->walk([](nvgpu::DeviceAsyncCopyOp) {
             return WalkResult::interrupt();
           }).wasInterrupted() == false)
    return "";
  if (ops.size() < 5)
    return "the loop is not [copy, wait, warp sync, ..., warp sync]";
  auto group = dyn_cast<nvgpu::DeviceAsyncCreateGroupOp>(ops[1]);
  auto wait = dyn_cast<nvgpu::DeviceAsyncWaitOp>(ops[2]);
  if (!group || !wait || wait.getAsyncDependencies() != group.getResult() ||
      wait.getNumGroups().value_or(0) != 0 || !isFullWarpSync(ops[3]) ||
      !isFullWarpSync(ops.back()))
    return "the loop is not [copy, wait, warp sync, ..., warp sync]";
  if (loop.getUnsignedCmp())
    return "the loop compares its bounds unsigned";
  // Each run of the loop starts afresh: no enclosing loop of the job reads
  // a tile a previous run left.
  auto job = loop->getParentOfType<WarpJobOp>();
  for (Operation *op = loop->getParentOp(); op != job; op = op->getParentOp())
    if (!isa<scf::IfOp>(op))
      return "the loop is inside '" + op->getName().getStringRef().str() +
             "' in its warp job";
  // The phase copies and reads global memory, from values it can have one
  // iteration early.
  WalkResult copiesOnly = phase.getBody().walk([&](Operation *op) {
    if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op)) {
      if (!llvm::is_contained(prefetch.buffers, copy.getDst()))
        prefetch.buffers.push_back(copy.getDst());
      return WalkResult::advance();
    }
    return onlyReadsGlobalMemory(op) ? WalkResult::advance()
                                     : WalkResult::interrupt();
  });
  if (copiesOnly.wasInterrupted())
    return "the copying phase does more than copy and read global memory";
  // Every iteration copies the same elements of the tiles, and nothing else
  // in the loop writes them: what an iteration reads of a tile is what its
  // own copy wrote, never what the one before left in that half.
  WalkResult varying = phase.getBody().walk([&](nvgpu::DeviceAsyncCopyOp copy) {
    auto same = [&](Value v) { return isSameEachIteration(v, loop, phase); };
    if (!llvm::all_of(copy.getDstIndices(), same))
      return WalkResult::interrupt();
    for (Operation *op = copy->getParentOp(); op != phase;
         op = op->getParentOp())
      if (auto branch = dyn_cast<scf::IfOp>(op);
          !branch || !same(branch.getCondition()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (varying.wasInterrupted())
    return "the copying phase copies to elements that differ between "
           "iterations";
  for (Value carried : loop.getRegionIterArgs())
    for (Operation *user : carried.getUsers())
      if (phase->isAncestor(user) || llvm::is_contained(prefetch.first, user))
        return "the copying phase uses a value the loop carries";
  for (Operation *op : llvm::drop_begin(ops, 4)) {
    if (isa<WarpSyncOp, nvgpu::DeviceAsyncCreateGroupOp,
            nvgpu::DeviceAsyncWaitOp>(op))
      continue;
    if (writesGlobalMemory(op))
      return "the loop writes memory other than workgroup memory";
  }
  // The buffers: attributions used only in the loop, copied to only by the
  // phase.
  int64_t bytes = getWorkgroupBytes(func, /*allocations=*/true) + planned;
  int64_t doubled = bytes;
  for (Value buffer : prefetch.buffers) {
    auto type = cast<MemRefType>(buffer.getType());
    if (!llvm::is_contained(func.getWorkgroupAttributions(), buffer) ||
        !type.hasStaticShape() || !type.getLayout().isIdentity())
      return "a tile is not a workgroup attribution of static shape";
    if (findUnindexedUser(buffer))
      return "a tile is used other than by loads, stores and copies";
    for (Operation *user : buffer.getUsers()) {
      if (!loop->isAncestor(user) && !isVersionedTwin(loop, user))
        return "a tile is used outside the loop";
      if (loop->isAncestor(user) && !isa<memref::LoadOp>(user) &&
          !phase->isAncestor(user))
        return "the loop writes a tile other than by the copying phase";
    }
    // The second half starts where its copies can.
    int64_t tileBytes = getBufferBytes(type);
    if (int64_t copyBytes = getAsyncCopyBytes(buffer);
        tileBytes % copyBytes != 0)
      return "a tile of " + std::to_string(tileBytes) +
             " bytes: a second one after it would not be aligned for its "
             "copies of " +
             std::to_string(copyBytes) + " bytes";
    doubled += tileBytes;
  }
  int64_t warps = 1;
  if (std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize())
    warps = llvm::divideCeil((*known)[0] * (*known)[1] * (*known)[2],
                             wc::kWarpSize);
  if (doubled > target.staticSharedMemoryPerBlock ||
      target.getResidency(warps, 0, doubled).warps <
          target.getResidency(warps, 0, bytes).warps)
    return "two of each tile (" + std::to_string(doubled) +
           " bytes of shared memory) exceed the block's static shared "
           "memory or leave fewer warps resident";
  prefetch.loop = loop;
  prefetch.phase = phase;
  prefetch.wait = wait;
  prefetch.addedBytes = doubled - bytes;
  return "";
}

/// Rewrites the loop of `prefetch` to copy one tile ahead.
static void rewrite(Prefetch &prefetch) {
  scf::ForOp loop = prefetch.loop;
  VThreadsOp phase = prefetch.phase;
  Location loc = loop.getLoc();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  Value step = loop.getStep(), iv = loop.getInductionVar();
  // The first tile's copy before the loop.
  OpBuilder b(loop);
  auto any = scf::IfOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lb, ub),
      /*withElseRegion=*/false);
  OpBuilder first = OpBuilder::atBlockTerminator(any.thenBlock());
  IRMapping mapping;
  mapping.map(iv, lb);
  for (Operation *op : prefetch.first)
    first.clone(*op, mapping);
  Operation *prologue = first.clone(*phase, mapping);
  // (Committed in the branch: a group with no tokens printed before an op
  // with results would not parse back.)
  Type token = nvgpu::DeviceAsyncTokenType::get(loop.getContext());
  nvgpu::DeviceAsyncCreateGroupOp::create(first, loc, token, ValueRange());
  // In the loop: the half of this tile and of the next, and the next
  // tile's copy.
  b.setInsertionPointToStart(loop.getBody());
  auto constant = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value tile = arith::DivUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, iv, lb), step);
  Value half = arith::RemUIOp::create(b, loc, tile, constant(2));
  Value nextHalf = arith::SubIOp::create(b, loc, constant(1), half);
  Value next = arith::AddIOp::create(b, loc, iv, step);
  auto ahead = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, next, ub),
      /*withElseRegion=*/false);
  // The ops before the phase again, for the next tile.
  OpBuilder in = OpBuilder::atBlockTerminator(ahead.thenBlock());
  IRMapping nextMapping;
  nextMapping.map(iv, next);
  for (Operation *op : prefetch.first)
    for (auto [from, to] :
         llvm::zip(op->getResults(), in.clone(*op, nextMapping)->getResults()))
      replaceAllUsesInRegionWith(from, to, phase.getBody());
  phase->moveBefore(ahead.thenBlock()->getTerminator());
  replaceAllUsesInRegionWith(iv, next, phase.getBody());
  prefetch.wait.setNumGroupsAttr(b.getI32IntegerAttr(1));
  for (Value buffer : prefetch.buffers)
    prependBufferDimension(buffer, 2, [&](Operation *user) -> Value {
      if (prologue->isAncestor(user) || isVersionedTwin(loop, user)) {
        OpBuilder at(user);
        return arith::ConstantIndexOp::create(at, loc, 0);
      }
      return phase->isAncestor(user) ? nextHalf : half;
    });
}

int64_t mlir::wc::prefetchTileCopies(gpu::GPUFuncOp func,
                                     const TargetDescription &target) {
  SmallVector<Prefetch> loops;
  int64_t planned = 0;
  func.walk([&](scf::ForOp loop) {
    if (!loop->getParentOfType<WarpJobOp>())
      return;
    Prefetch prefetch;
    std::string why = match(func, loop, target, planned, prefetch);
    if (!why.empty())
      loop.emitRemark() << "wc-async-copy: the next tile is not copied "
                           "during this one: "
                        << why;
    else if (prefetch.loop) {
      planned += prefetch.addedBytes;
      loops.push_back(std::move(prefetch));
    }
  });
  for (Prefetch &prefetch : loops)
    rewrite(prefetch);
  return loops.size();
}
