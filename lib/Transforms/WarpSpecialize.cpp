//===- WarpSpecialize.cpp - Producer and consumer warps over a tile ring --===//
//
// The `wc-specialize` pass: warp specialization of a tile loop. A kernel
// whose threads loop over tiles, each iteration copying a tile from global
// into workgroup memory, waiting at a barrier, computing from the tile and
// waiting again, makes every warp wait for the slowest load of every tile.
// Specialized, the block's original warps become consumers that only
// compute, and extra producer warps copy tile i + 1, ..., i + N - 1 into an
// N-stage ring of the tile buffers while the consumers compute on tile i;
// the two roles hand the stages over with a channel's full and empty
// signals (named barriers between the roles only), so the block barriers
// are gone.
//
//   scf.for %t = lb to ub step st {       wc.warp_specialize warps [C, P]
//     <copy: global -> tile buffers>        channels [1 -> 0 stages N]
//     gpu.barrier                           consumers: the kernel, its loop
//     <compute: reads the tiles>              waiting on full[i mod N] and
//     gpu.barrier                             releasing empty[i mod N]
//   }                                       producers: the loop, each warp
//                                             copying for ceil(T / 32 P) of
//                                             the original T threads
//
// The block grows by P warps and becomes one-dimensional; thread ids are
// recomputed from the linear id in both roles, and the launches are
// updated. Refused with a remark, the kernel unchanged: a kernel without
// such a loop (TileLoop.cpp says which), and rings that exceed the static
// shared memory.
//
//===----------------------------------------------------------------------===//

#include "TileLoop.h"

#include "WC/Analysis/SharedAccess.h"
#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Dialect/WC/Utils/IndexUtils.h"
#include "WC/Target/ModuleTarget.h"
#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Aggregation.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_WARPSPECIALIZE
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

/// Gives the roles of `op` (consumers, producers) their registers per
/// thread where the target has setmaxnreg and both are whole warpgroups:
/// the producers `producerRegisters`, the consumers what the block's
/// register file leaves them, at most kMaxSetMaxNReg. Returns why not, or
/// "".
static std::string setRoleRegisters(WarpSpecializeOp op,
                                    const TargetDescription &target,
                                    int64_t producerRegisters) {
  if (!target.hasSetMaxNReg())
    return "the target (" + target.chip.str() + ") has no setmaxnreg (sm_90a)";
  ArrayRef<int64_t> warps = op.getWarps();
  for (int64_t count : warps)
    if (count % kWarpsPerWarpgroup != 0)
      return "a role of " + std::to_string(count) +
             (count == 1 ? " warp" : " warps") + " is not whole warpgroups";
  if (producerRegisters < kMinSetMaxNReg ||
      producerRegisters > kMaxSetMaxNReg ||
      producerRegisters % kSetMaxNRegGranule != 0)
    return "producer-registers " + std::to_string(producerRegisters) +
           " is not a multiple of " + std::to_string(kSetMaxNRegGranule) +
           " in " + std::to_string(kMinSetMaxNReg) + ".." +
           std::to_string(kMaxSetMaxNReg);
  int64_t total = op.getNumWarps();
  int64_t perThread = kMaxRegistersPerBlock / (total * kWarpSize);
  int64_t consumers = std::min<int64_t>(
      kMaxSetMaxNReg,
      llvm::alignDown((perThread * total - warps[1] * producerRegisters) /
                          warps[0],
                      kSetMaxNRegGranule));
  Builder b(op.getContext());
  for (; consumers > producerRegisters; consumers -= kSetMaxNRegGranule) {
    op.setRegistersAttr(b.getDenseI64ArrayAttr({consumers, producerRegisters}));
    if (op.getRegisterBudget() * total * kWarpSize <= kMaxRegistersPerBlock)
      return "";
  }
  op.removeRegistersAttr();
  return "the block's register file leaves the consumers no more than the "
         "producers' " +
         std::to_string(producerRegisters);
}

namespace {
/// Builds the specialized kernel.
class Specializer {
public:
  Specializer(gpu::GPUFuncOp func, TileLoop &match, ArrayRef<int64_t> block,
              int64_t producers, int64_t stages)
      : func(func), match(match), block(block.begin(), block.end()),
        producers(producers), stages(stages) {
    threads = block[0] * block[1] * block[2];
    consumers = threads / kWarpSize;
  }

  /// Builds the specialized kernel. With `aggregate`, the consumers become
  /// one warp running the compute part of every original thread as a
  /// virtual thread (a wc.warp_job whose replicated values get at most
  /// `registerBudget` registers per lane) where the consumer role can be
  /// coarsened; where not, they stay the block's warps and `notAggregated`
  /// says why.
  void run(bool aggregate, int64_t registerBudget, std::string &notAggregated);
  int64_t getConsumerWarps() const { return consumers; }

private:
  /// Maps the original thread and block-size ids to `ids` and the block's
  /// extents in `mapping`, for code cloned into a role.
  void mapIds(OpBuilder &b, Location loc, ValueRange ids, IRMapping &mapping);
  /// Clones `op` at `b`; a load or store of a tile gets `stage` as a new
  /// first index.
  void cloneWithStage(OpBuilder &b, Operation *op, IRMapping &mapping,
                      Value stage);
  /// Builds the consumer role: the kernel's code with the tile loop's body
  /// reduced to its compute part, between a wait for the stage and its
  /// release. Its thread ids are those of the original block, `consumerIds`.
  void buildConsumers(OpBuilder &b, Region &role);
  /// Computes the consumers' `consumerIds` from their linear thread id, for
  /// consumers that stay the block's warps.
  void delinearizeConsumerIds();
  void buildProducers(OpBuilder &b, Region &role);
  /// The iteration number and ring stage of induction value `iv` of a loop
  /// from `lb` by `step`.
  std::pair<Value, Value> getIterationAndStage(OpBuilder &b, Location loc,
                                               Value iv, Value lb, Value step);
  /// Releases `stage` (an `empty` signal) at `b` unless `iteration` is one
  /// of the last `stages` of `trips`, which no later tile refills.
  void releaseStage(OpBuilder &b, Location loc, Value iteration, Value trips,
                    Value stage);
  /// The type of tile buffer `type` as a ring of `stages` stages.
  MemRefType getRingType(MemRefType type) const;

  gpu::GPUFuncOp func;
  TileLoop &match;
  SmallVector<int64_t, 3> block;
  int64_t producers, stages, threads, consumers;
  SmallVector<gpu::ThreadIdOp> threadIds;
  SmallVector<gpu::BlockDimOp> blockDims;
  /// The consumer role's thread ids, by dimension.
  SmallVector<gpu::ThreadIdOp, 3> consumerIds;
};
} // namespace

void Specializer::mapIds(OpBuilder &b, Location loc, ValueRange ids,
                         IRMapping &mapping) {
  for (gpu::ThreadIdOp id : threadIds)
    mapping.map(id.getResult(), ids[static_cast<unsigned>(id.getDimension())]);
  for (gpu::BlockDimOp dim : blockDims)
    mapping.map(dim.getResult(),
                createIndexConstant(
                    b, loc, block[static_cast<unsigned>(dim.getDimension())]));
}

/// Gives every load and store of a tile in `root` the ring stage `stage` as
/// a new first index.
static void stageTileAccesses(Operation *root, ArrayRef<BlockArgument> tiles,
                              Value stage) {
  SmallVector<Operation *> accesses;
  root->walk([&](Operation *op) {
    if (isa<memref::LoadOp, memref::StoreOp>(op))
      accesses.push_back(op);
  });
  for (Operation *op : accesses) {
    OpBuilder at(op);
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      if (!llvm::is_contained(tiles, load.getMemRef()))
        continue;
      SmallVector<Value> indices{stage};
      llvm::append_range(indices, load.getIndices());
      auto staged =
          memref::LoadOp::create(at, load.getLoc(), load.getMemRef(), indices);
      load.getResult().replaceAllUsesWith(staged.getResult());
      load->erase();
      continue;
    }
    auto store = cast<memref::StoreOp>(op);
    if (!llvm::is_contained(tiles, store.getMemRef()))
      continue;
    SmallVector<Value> indices{stage};
    llvm::append_range(indices, store.getIndices());
    memref::StoreOp::create(at, store.getLoc(), store.getValue(),
                            store.getMemRef(), indices);
    store->erase();
  }
}

void Specializer::cloneWithStage(OpBuilder &b, Operation *op,
                                 IRMapping &mapping, Value stage) {
  // Thread ids and block sizes (moved to the kernel's top) are mapped.
  if (isa<gpu::ThreadIdOp, gpu::BlockDimOp>(op))
    return;
  auto isTile = [&](Value memref) {
    auto arg = dyn_cast<BlockArgument>(memref);
    return arg && llvm::is_contained(match.tiles, arg);
  };
  auto staged = [&](ValueRange indices) {
    SmallVector<Value> result{stage};
    for (Value index : indices)
      result.push_back(mapping.lookupOrDefault(index));
    return result;
  };
  if (auto load = dyn_cast<memref::LoadOp>(op);
      load && isTile(load.getMemRef())) {
    auto staging = memref::LoadOp::create(b, load.getLoc(), load.getMemRef(),
                                          staged(load.getIndices()));
    mapping.map(load.getResult(), staging.getResult());
    return;
  }
  if (auto store = dyn_cast<memref::StoreOp>(op);
      store && isTile(store.getMemRef())) {
    memref::StoreOp::create(b, store.getLoc(),
                            mapping.lookupOrDefault(store.getValue()),
                            store.getMemRef(), staged(store.getIndices()));
    return;
  }
  // Tile loads nested in the compute part (inside its loops), tile stores
  // nested in the copy (under its conditions).
  stageTileAccesses(b.clone(*op, mapping), match.tiles, stage);
}

std::pair<Value, Value> Specializer::getIterationAndStage(OpBuilder &b,
                                                          Location loc,
                                                          Value iv, Value lb,
                                                          Value step) {
  Value iteration = arith::DivUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, iv, lb), step);
  Value stage = arith::RemUIOp::create(b, loc, iteration,
                                       createIndexConstant(b, loc, stages));
  return {iteration, stage};
}

void Specializer::releaseStage(OpBuilder &b, Location loc, Value iteration,
                               Value trips, Value stage) {
  Value later = arith::AddIOp::create(b, loc, iteration,
                                      createIndexConstant(b, loc, stages));
  Value refilled =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, later, trips);
  auto release = scf::IfOp::create(b, loc, refilled, false);
  OpBuilder then = OpBuilder::atBlockTerminator(release.thenBlock());
  ChannelSignalOp::create(then, loc, ChannelSignal::empty, 0, stage,
                          IntegerAttr());
}

MemRefType Specializer::getRingType(MemRefType type) const {
  SmallVector<int64_t> shape{stages};
  shape.append(type.getShape().begin(), type.getShape().end());
  return MemRefType::get(shape, type.getElementType(),
                         MemRefLayoutAttrInterface(), type.getMemorySpace());
}

void Specializer::buildConsumers(OpBuilder &b, Region &role) {
  Location loc = func.getLoc();
  Block *body = b.createBlock(&role, {}, {b.getIndexType()}, {loc});
  b.setInsertionPointToStart(body);
  SmallVector<Value, 3> ids;
  for (gpu::Dimension dim :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
    consumerIds.push_back(gpu::ThreadIdOp::create(b, loc, dim));
    ids.push_back(consumerIds.back());
  }
  IRMapping mapping;
  mapIds(b, loc, ids, mapping);
  scf::ForOp loop = match.loop;
  for (Operation &op : func.getBody().front().without_terminator()) {
    if (isa<gpu::ThreadIdOp, gpu::BlockDimOp, WarpSpecializeOp>(op))
      continue;
    if (&op != loop.getOperation()) {
      b.clone(op, mapping);
      continue;
    }
    // The loop: wait for the stage, compute, release it.
    SmallVector<Value> inits =
        llvm::map_to_vector(loop.getInitArgs(), [&](Value v) {
          return mapping.lookupOrDefault(v);
        });
    Value lb = mapping.lookupOrDefault(loop.getLowerBound());
    Value ub = mapping.lookupOrDefault(loop.getUpperBound());
    Value step = mapping.lookupOrDefault(loop.getStep());
    Value span = arith::SubIOp::create(b, loc, ub, lb);
    Value trips = arith::CeilDivUIOp::create(b, loc, span, step);
    auto consumerLoop = scf::ForOp::create(b, loc, lb, ub, step, inits);
    OpBuilder inner = OpBuilder::atBlockBegin(consumerLoop.getBody());
    IRMapping loopMapping = mapping;
    loopMapping.map(loop.getInductionVar(), consumerLoop.getInductionVar());
    for (auto [from, to] :
         llvm::zip(loop.getRegionIterArgs(), consumerLoop.getRegionIterArgs()))
      loopMapping.map(from, to);
    auto [iteration, stage] = getIterationAndStage(
        inner, loc, consumerLoop.getInductionVar(), lb, step);
    ChannelWaitOp::create(inner, loc, ChannelSignal::full, 0, stage,
                          IntegerAttr());
    // The copy's arithmetic the compute part uses.
    for (Operation *op : match.sharedWithCompute)
      if (!isa<gpu::ThreadIdOp, gpu::BlockDimOp>(op))
        inner.clone(*op, loopMapping);
    for (Operation *op : match.compute)
      cloneWithStage(inner, op, loopMapping, stage);
    // Release the stage while a later tile will refill it.
    releaseStage(inner, loc, iteration, trips, stage);
    // A loop without iteration arguments got its (empty) yield from the
    // builder; the ops above went before it.
    if (!inits.empty()) {
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      SmallVector<Value> yielded =
          llvm::map_to_vector(yield.getOperands(), [&](Value v) {
            return loopMapping.lookupOrDefault(v);
          });
      scf::YieldOp::create(inner, loc, yielded);
    }
    for (auto [from, to] :
         llvm::zip(loop.getResults(), consumerLoop.getResults()))
      mapping.map(from, to);
  }
}

void Specializer::delinearizeConsumerIds() {
  // The consumers are the block's first warps: their linear id is the
  // original one.
  OpBuilder b(consumerIds.front());
  Location loc = func.getLoc();
  Value linear = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  SmallVector<Value, 3> ids = delinearize(
      b, loc, linear, getAsIndexOpFoldResult(b.getContext(), block), threads);
  for (auto [id, value] : llvm::zip(consumerIds, ids)) {
    id.getResult().replaceAllUsesWith(value);
    id->erase();
  }
  consumerIds.clear();
}

void Specializer::buildProducers(OpBuilder &b, Region &role) {
  Location loc = func.getLoc();
  Block *body = b.createBlock(&role, {}, {b.getIndexType()}, {loc});
  b.setInsertionPointToStart(body);
  scf::ForOp loop = match.loop;
  // The loop bounds (uniform, pure: recomputed here).
  IRMapping outer;
  SetVector<Operation *> boundSlice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.omitUsesFromAbove = false;
  for (Value bound :
       {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()})
    if (Operation *def = bound.getDefiningOp())
      (void)getBackwardSlice(def, &boundSlice, options);
  for (Operation *op : topologicalSort(boundSlice))
    b.clone(*op, outer);
  Value lb = outer.lookupOrDefault(loop.getLowerBound());
  Value ub = outer.lookupOrDefault(loop.getUpperBound());
  Value step = outer.lookupOrDefault(loop.getStep());
  // The producer's thread among the producers' 32 P.
  Value linear = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value self = arith::SubIOp::create(
      b, loc, linear, createIndexConstant(b, loc, consumers * kWarpSize));
  int64_t width = producers * kWarpSize;
  int64_t rounds = llvm::divideCeil(threads, width);

  // What the copy needs from before the loop, recomputed per original
  // thread.
  SetVector<Operation *> copySlice;
  BackwardSliceOptions copyOptions = options;
  copyOptions.filter = [&](Operation *def) { return !loop->isAncestor(def); };
  for (Operation *op : match.copy)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && !loop->isAncestor(def))
          (void)getBackwardSlice(def, &copySlice, copyOptions);
    });

  auto producerLoop = scf::ForOp::create(b, loc, lb, ub, step);
  OpBuilder inner = OpBuilder::atBlockBegin(producerLoop.getBody());
  auto [iteration, stage] = getIterationAndStage(
      inner, loc, producerLoop.getInductionVar(), lb, step);
  // From the N-th tile on, wait until the consumers released the stage.
  Value refill =
      arith::CmpIOp::create(inner, loc, arith::CmpIPredicate::uge, iteration,
                            createIndexConstant(inner, loc, stages));
  auto wait = scf::IfOp::create(inner, loc, refill, false);
  OpBuilder then = OpBuilder::atBlockTerminator(wait.thenBlock());
  ChannelWaitOp::create(then, loc, ChannelSignal::empty, 0, stage,
                        IntegerAttr());
  // Each producer copies for the original threads self, self + 32 P, ...:
  // the rounds are unrolled, all their loads first and then all their
  // stores (the copy reads no workgroup memory), so that every load of a
  // tile is in flight at once; a last round that only some producers run is
  // guarded.
  SmallVector<Operation *> ordered =
      llvm::to_vector(topologicalSort(copySlice));
  auto mapRound = [&](OpBuilder &rb, int64_t v, IRMapping &mapping) {
    Value original = arith::AddIOp::create(
        rb, loc, self, createIndexConstant(rb, loc, v * width));
    SmallVector<Value, 3> ids =
        delinearize(rb, loc, original,
                    getAsIndexOpFoldResult(rb.getContext(), block), threads);
    mapIds(rb, loc, ids, mapping);
    mapping.map(loop.getInductionVar(), producerLoop.getInductionVar());
    for (Operation *op : ordered)
      if (!isa<gpu::ThreadIdOp, gpu::BlockDimOp>(op))
        rb.clone(*op, mapping);
    return original;
  };
  int64_t fullRounds = threads / width;
  SmallVector<IRMapping> mappings(fullRounds, outer);
  // Ops that store (a store, or a condition around stores) keep their
  // order among themselves: a guarded store may overwrite a plain one.
  auto stores = [](Operation *op) {
    return op->walk([](memref::StoreOp) { return WalkResult::interrupt(); })
        .wasInterrupted();
  };
  for (int64_t v = 0; v < fullRounds; ++v) {
    mapRound(inner, v, mappings[v]);
    for (Operation *op : match.copy)
      if (!stores(op))
        cloneWithStage(inner, op, mappings[v], stage);
  }
  for (int64_t v = 0; v < fullRounds; ++v)
    for (Operation *op : match.copy)
      if (stores(op))
        cloneWithStage(inner, op, mappings[v], stage);
  if (fullRounds < rounds) {
    Value original = arith::AddIOp::create(
        inner, loc, self, createIndexConstant(inner, loc, fullRounds * width));
    Value active =
        arith::CmpIOp::create(inner, loc, arith::CmpIPredicate::ult, original,
                              createIndexConstant(inner, loc, threads));
    auto guard = scf::IfOp::create(inner, loc, active, false);
    OpBuilder gb = OpBuilder::atBlockTerminator(guard.thenBlock());
    IRMapping mapping = outer;
    mapRound(gb, fullRounds, mapping);
    for (Operation *op : match.copy)
      cloneWithStage(gb, op, mapping, stage);
  }
  ChannelSignalOp::create(inner, loc, ChannelSignal::full, 0, stage,
                          IntegerAttr());
}

void Specializer::run(bool aggregate, int64_t registerBudget,
                      std::string &notAggregated) {
  Block &entry = func.getBody().front();
  // Global ids are block id x block size + thread id, whose parts the roles
  // map.
  SmallVector<gpu::GlobalIdOp> globalIds;
  func.walk([&](gpu::GlobalIdOp id) { globalIds.push_back(id); });
  for (gpu::GlobalIdOp id : globalIds) {
    OpBuilder at(id);
    Location idLoc = id.getLoc();
    gpu::Dimension dim = id.getDimension();
    auto block = gpu::BlockIdOp::create(at, idLoc, dim);
    auto size = gpu::BlockDimOp::create(at, idLoc, dim);
    auto product = arith::MulIOp::create(at, idLoc, block, size);
    auto thread = gpu::ThreadIdOp::create(at, idLoc, dim);
    auto sum = arith::AddIOp::create(at, idLoc, product, thread);
    // The parts of the tile loop the match lists take the new ops in the
    // id's place.
    for (SmallVector<Operation *> *part :
         {&match.copy, &match.compute, &match.sharedWithCompute}) {
      auto *it = llvm::find(*part, id.getOperation());
      if (it == part->end())
        continue;
      it = part->erase(it);
      part->insert(it, {block, size, product, thread, sum});
    }
    id.replaceAllUsesWith(sum.getResult());
    id->erase();
  }
  // Thread ids and block sizes move to the top of the kernel (they have no
  // operands), where both roles map them to their own values.
  func.walk([&](gpu::ThreadIdOp id) { threadIds.push_back(id); });
  func.walk([&](gpu::BlockDimOp dim) { blockDims.push_back(dim); });
  for (gpu::ThreadIdOp id : threadIds)
    id->moveBefore(&entry, entry.begin());
  for (gpu::BlockDimOp dim : blockDims)
    dim->moveBefore(&entry, entry.begin());
  Operation *terminator = entry.getTerminator();
  OpBuilder b(terminator);
  Location loc = func.getLoc();
  auto specialize = WarpSpecializeOp::create(
      b, loc, b.getDenseI64ArrayAttr({consumers, producers}),
      b.getDenseI64ArrayAttr({1, 0, stages}), /*barrier_base=*/IntegerAttr(),
      /*registers=*/DenseI64ArrayAttr(),
      /*roles=*/2);
  {
    OpBuilder rb(func.getContext());
    Region &consumerRole = specialize.getRoles()[0];
    buildConsumers(rb, consumerRole);
    // The consumer role is coarsened in place, before the producers are
    // built: their thread ids follow the consumers' warps.
    bool aggregated = false;
    if (aggregate) {
      UniformityAnalysis uniformity(func);
      aggregated =
          succeeded(coarsenRole(consumerRole, {block[0], block[1], block[2]},
                                uniformity, registerBudget, notAggregated));
    }
    if (aggregated) {
      consumers = 1;
      specialize.setWarps({consumers, producers});
    } else {
      delinearizeConsumerIds();
    }
    buildProducers(rb, specialize.getRoles()[1]);
  }
  // The original body goes (uses first), the tiles become rings.
  SmallVector<Operation *> old;
  for (Operation &op : entry)
    if (&op != specialize.getOperation() && &op != terminator)
      old.push_back(&op);
  for (Operation *op : llvm::reverse(old)) {
    op->dropAllUses();
    op->erase();
  }
  for (BlockArgument tile : match.tiles)
    tile.setType(getRingType(cast<MemRefType>(tile.getType())));
  func.setKnownBlockSizeAttr(b.getDenseI32ArrayAttr(
      {static_cast<int32_t>((consumers + producers) * kWarpSize), 1, 1}));
}

namespace {
struct WarpSpecializePass
    : public wc::impl::WarpSpecializeBase<WarpSpecializePass> {
  using WarpSpecializeBase::WarpSpecializeBase;
  void runOnOperation() override;
};
} // namespace

void WarpSpecializePass::runOnOperation() {
  ModuleOp module = getOperation();
  // Producer IR is normalised first (inline gpu.launch kernels outlined,
  // in-kernel workgroup buffers made attributions).
  if (failed(prepareModule(module, "wc-specialize", chip,
                           [&](OpPassManager &pipeline, Operation *op) {
                             return runPipeline(pipeline, op);
                           })))
    return signalPassFailure();
  ModuleTargets targets("wc-specialize", chip);
  int64_t producerWarps = this->producerWarps, stages = this->stages;
  // Producers are warps of the block; each stage takes two of the block's
  // named barriers besides barrier 0.
  if (failed(checkOptionRange(module, "wc-specialize", "producer-warps",
                              producerWarps, 1,
                              kMaxThreadsPerBlock / kWarpSize - 1)) ||
      failed(checkOptionRange(module, "wc-specialize", "stages", stages, 1,
                              (kNumNamedBarriers - 1) / 2)) ||
      failed(checkOptionRange(module, "wc-specialize", "producer-registers",
                              producerRegisters, kMinSetMaxNReg,
                              kMaxSetMaxNReg)))
    return signalPassFailure();
  for (KernelSites &kernel : collectKernels(module)) {
    gpu::GPUFuncOp func = kernel.func;
    const TargetDescription *target = targets.lookupFor(func);
    if (!target)
      continue;
    auto refuse = [&](const std::string &why, Operation *at) {
      InFlightDiagnostic remark =
          emitRemark(func.getLoc(), "wc-specialize: kernel left unchanged: ")
          << why;
      if (at)
        remark.attachNote(at->getLoc()) << "here";
    };
    std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize();
    if (!known) {
      refuse("its block size is not known (known_block_size)", nullptr);
      continue;
    }
    SmallVector<int64_t, 3> block(known->begin(), known->end());
    int64_t threads = block[0] * block[1] * block[2];
    if (threads % kWarpSize != 0) {
      refuse("its block of " + std::to_string(threads) +
                 " threads is not whole warps",
             nullptr);
      continue;
    }
    if ((threads + producerWarps * kWarpSize) > target->maxThreadsPerBlock) {
      refuse("its block of " + std::to_string(threads) + " threads and " +
                 std::to_string(producerWarps) +
                 " producer warps exceed a block's " +
                 std::to_string(target->maxThreadsPerBlock) + " threads",
             nullptr);
      continue;
    }
    if (llvm::any_of(kernel.launches, [&](gpu::LaunchFuncOp launch) {
          return launch.getClusterSizeX() ||
                 launch.getDynamicSharedMemorySize();
        })) {
      refuse("a launch uses clusters or dynamic shared memory", nullptr);
      continue;
    }
    bool hasWC = func.walk([](Operation *op) {
                       return isa<WCDialect>(op->getDialect())
                                  ? WalkResult::interrupt()
                                  : WalkResult::advance();
                     })
                     .wasInterrupted();
    if (hasWC) {
      refuse("it already uses wc ops", nullptr);
      continue;
    }
    std::string why;
    Operation *at = nullptr;
    FailureOr<TileLoop> match = matchTileLoop(func, why, at);
    if (failed(match)) {
      refuse(why, at);
      continue;
    }
    // Buffers the copy loads and the consumers write must be distinct at
    // every launch.
    // A pair is apart when the kernel's arguments are marked llvm.noalias,
    // or when every launch (there must be one) passes distinct buffers.
    auto isApart = [&](std::pair<unsigned, unsigned> pair) {
      if (func.getArgAttr(pair.first, "llvm.noalias") &&
          func.getArgAttr(pair.second, "llvm.noalias"))
        return true;
      return !kernel.launches.empty() &&
             llvm::all_of(kernel.launches, [&](gpu::LaunchFuncOp launch) {
               Value read = launch.getKernelOperand(pair.first);
               Value written = launch.getKernelOperand(pair.second);
               return getViewRoot(read) != getViewRoot(written) &&
                      isDistinctHostBuffer(read) &&
                      isDistinctHostBuffer(written);
             });
    };
    const auto *overlap = llvm::find_if_not(match->mustNotAlias, isApart);
    if (overlap != match->mustNotAlias.end()) {
      refuse("arguments " + std::to_string(overlap->first) +
                 " (the copy "
                 "loads it) and " +
                 std::to_string(overlap->second) +
                 " (the consumers write it before a later copy) may be the "
                 "same memory: mark both llvm.noalias, or pass allocations "
                 "or a host function's llvm.noalias arguments at every "
                 "launch",
             nullptr);
      continue;
    }
    // The rings must fit in the static shared memory.
    int64_t bytes = 0;
    for (BlockArgument arg : func.getWorkgroupAttributions()) {
      auto type = cast<MemRefType>(arg.getType());
      if (!type.hasStaticShape()) {
        bytes = -1;
        break;
      }
      int64_t size = type.getNumElements() *
                     llvm::divideCeil(type.getElementTypeBitWidth(), 8);
      bytes += llvm::is_contained(match->tiles, arg) ? size * stages : size;
    }
    if (bytes < 0 || bytes > target->staticSharedMemoryPerBlock) {
      refuse(bytes < 0 ? std::string("a workgroup buffer has a dynamic shape")
                       : "rings of " + std::to_string(stages) +
                             " stages need " + std::to_string(bytes) +
                             " bytes of shared memory, over the static " +
                             std::to_string(target->staticSharedMemoryPerBlock),
             nullptr);
      continue;
    }
    Specializer specializer(func, *match, block, producerWarps, stages);
    std::string notAggregated;
    // Replicated values compete with the rest of the consumer for
    // registers: half of the per-thread budget, as in wc-aggregate.
    specializer.run(aggregateConsumers, target->maxRegistersPerThread / 2,
                    notAggregated);
    int64_t consumerWarps = specializer.getConsumerWarps();
    int64_t total = consumerWarps + producerWarps;
    for (gpu::LaunchFuncOp launch : kernel.launches) {
      castLaunchSizesToIndex(launch);
      OpBuilder b(launch);
      Location loc = launch.getLoc();
      Value one = createIndexConstant(b, loc, 1);
      launch.getBlockSizeXMutable().assign(
          createIndexConstant(b, loc, total * kWarpSize));
      launch.getBlockSizeYMutable().assign(one);
      launch.getBlockSizeZMutable().assign(one);
    }
    InFlightDiagnostic remark = emitRemark(func.getLoc(), "wc-specialize: ");
    if (consumerWarps == 1 && threads > kWarpSize)
      remark << "1 consumer warp running the block's " << threads
             << " threads as " << threads / kWarpSize << " virtual threads";
    else
      remark << consumerWarps << " consumer warp"
             << (consumerWarps == 1 ? "" : "s");
    remark << " and " << producerWarps << " producer warp"
           << (producerWarps == 1 ? "" : "s") << " over a " << stages
           << "-stage ring of " << match->tiles.size() << " tile buffer"
           << (match->tiles.size() == 1 ? "" : "s") << " (" << bytes
           << " bytes of shared memory)";
    if (!notAggregated.empty())
      remark << "; consumers not aggregated: " << notAggregated;
    if (setRegisters) {
      WarpSpecializeOp op = *func.getBody().getOps<WarpSpecializeOp>().begin();
      std::string why = setRoleRegisters(op, *target, producerRegisters);
      if (why.empty())
        remark << "; registers per thread: " << (*op.getRegisters())[0]
               << " for the consumers, " << (*op.getRegisters())[1]
               << " for the producers (setmaxnreg)";
      else
        remark << "; registers not set: " << why;
    }
  }
  if (targets.hadError())
    signalPassFailure();
}
