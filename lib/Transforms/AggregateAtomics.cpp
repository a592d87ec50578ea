//===- AggregateAtomics.cpp - One atomic per warp and address -------------===//
//
// The `wc-aggregate-atomics` pass: a `memref.atomic_rmw` that adds to memory
// in device code becomes `wc.aggregated_atomic_add`, which has the meaning
// of the warp's active lanes adding in lane order (one of the orders the
// original lanes could take) and is lowered to one atomic per group of
// lanes that target the same address: a counter that every thread of a
// warp bumps costs one atomic instead of 32, and a histogram of few bins
// one per bin the warp touches.
//
//   %old = memref.atomic_rmw addi %v, %m[%i]    %old = wc.aggregated_atomic_add
//                                                        %v, %m[%i]
//
// Integer additions are exact whatever the grouping; a float addition is
// reassociated (the group's values are summed before they reach memory),
// so it is aggregated only with `reassociate-floats`. Integer and, or,
// minima and maxima (exact in any grouping too) become
// `wc.aggregated_atomic_rmw`, lowered the same way; other kinds are left
// alone with a remark.
//
// An integer addition, and, or, minimum or maximum at an address that is the
// same for every thread of the block (a counter) is aggregated per block
// instead, where the kernel allows block-wide code at that point: the
// atomic is taken out of the conditions around it (GuardSplit.h), every
// thread contributes its value (the kind's identity where it would not have
// run), and
//
//   before = exclusive scan of the value over the warp      (wc.scan)
//   lane 0 of each warp stores the warp's total and whether any of its
//   threads is active into two workgroup arrays;   gpu.barrier
//   warp 0 scans the warps' totals (exclusive), stores each warp's offset,
//   and its lane 0 updates memory with the block's total by one atomic
//   where any thread is active and stores the old value; gpu.barrier
//   result = old . warp's offset . before
//
// which gives each thread the value of one order of the original atomics
// (the threads in linear order): one atomic per block instead of one per
// warp.
//===----------------------------------------------------------------------===//

#include "GuardSplit.h"
#include "KernelProfile.h"

#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Dialect/WC/Utils/IndexUtils.h"
#include "WC/Transforms/Aggregation.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_AGGREGATEATOMICS
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

namespace {
struct AggregateAtomicsPass
    : public wc::impl::AggregateAtomicsBase<AggregateAtomicsPass> {
  using Base::Base;
  void runOnOperation() override;
};
} // namespace

/// The warp collectives' kind of `op` where it is aggregated per block:
/// integer additions, and, or, minima and maxima on i32/i64 (exact in any
/// grouping; `xori` and `muli` are not taken), else nullopt.
static std::optional<CombiningKind> getBlockKind(memref::AtomicRMWOp op) {
  Type type = op.getValue().getType();
  std::optional<CombiningKind> kind = getCombiningKind(op.getKind());
  if (!kind || !(type.isInteger(32) || type.isInteger(64)) ||
      !(*kind == CombiningKind::add || isAggregatedRMWKind(*kind)))
    return std::nullopt;
  return kind;
}

/// Whether `op` is one of the integer atomics other than additions that
/// are aggregated (and, or, min, max on i32/i64): per block, or per warp
/// with `wc.aggregated_atomic_rmw`.
static bool isAggregatedAsRMW(memref::AtomicRMWOp op) {
  std::optional<CombiningKind> kind = getBlockKind(op);
  return kind && *kind != CombiningKind::add;
}

/// Why `op` is not aggregated, or an empty string when it is.
static std::string whyNotAggregated(memref::AtomicRMWOp op,
                                    bool reassociateFloats) {
  Type type = op.getValue().getType();
  switch (op.getKind()) {
  case arith::AtomicRMWKind::addi:
    if (type.isInteger(32) || type.isInteger(64))
      return "";
    return "only 32- and 64-bit integer additions are aggregated";
  case arith::AtomicRMWKind::addf:
    if (!type.isF32())
      return "only 32-bit float additions are aggregated";
    if (!reassociateFloats)
      return "a float addition would be reassociated (the group's values "
             "summed before they reach memory); allow it with "
             "reassociate-floats";
    return "";
  default:
    if (isAggregatedAsRMW(op))
      return "";
    if (std::optional<CombiningKind> kind = getCombiningKind(op.getKind());
        kind && isAggregatedRMWKind(*kind))
      return "'" + stringifyAtomicRMWKind(op.getKind()).str() +
             "' is aggregated on 32- and 64-bit integers only";
    return "'" + stringifyAtomicRMWKind(op.getKind()).str() +
           "' is not aggregated, only additions, and, or, min and max are";
  }
}

/// An atomic on a buffer of at most this many elements (a histogram of few
/// bins, a few counters) is taken as contended by wc-consolidate.
static constexpr int64_t kContendedElements = 256;

//===----------------------------------------------------------------------===//
// One atomic per block
//===----------------------------------------------------------------------===//

/// `value`, block-uniform, available before `point`: itself where it
/// dominates `point`, else a copy of its computation.
static Value materializeBefore(RewriterBase &rewriter, Value value,
                               Operation *point, DominanceInfo &dominance) {
  if (dominance.properlyDominates(value, point))
    return value;
  Operation *def = value.getDefiningOp();
  IRMapping mapping;
  for (Value operand : def->getOperands())
    mapping.map(operand,
                materializeBefore(rewriter, operand, point, dominance));
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(point);
  return rewriter.clone(*def, mapping)
      ->getResult(cast<OpResult>(value).getResultNumber());
}

/// Why `op` cannot be aggregated per block in `func`, whose blocks have
/// `shape` (empty when it can).
static std::string whyNotPerBlock(memref::AtomicRMWOp op, gpu::GPUFuncOp func,
                                  FailureOr<BlockShape> shape,
                                  const std::string &whyNoShape) {
  if (!getBlockKind(op))
    return "only integer additions, and, or, min and max are aggregated per "
           "block";
  if (!isBlockUniform(op.getMemref(), func) ||
      !llvm::all_of(op.getIndices(),
                    [&](Value index) { return isBlockUniform(index, func); }))
    return "its address may differ between the threads of a block";
  if (failed(shape))
    return whyNoShape;
  int64_t threads = getNumThreads(*shape);
  if (threads % kWarpSize != 0 || threads > kWarpSize * kWarpSize)
    return "the block is not a whole number of warps, at most 32";
  if (!func.getBody().hasOneBlock())
    return "the kernel's body has more than one block";
  if (func.walk([](Operation *nested) {
            return isa<WarpJobOp, WarpSpecializeOp>(nested)
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted())
    return "the kernel already has warp jobs or roles";
  return whyNotHoistable(op, &func.getBody().front());
}

/// Replaces `op`, which whyNotPerBlock accepts, with one atomic per block.
static void aggregatePerBlock(RewriterBase &rewriter, memref::AtomicRMWOp op,
                              gpu::GPUFuncOp func, BlockShape shape) {
  Block &body = func.getBody().front();
  // The address, computed before the conditions around the atomic (where
  // every thread gets it right, not a zero from a split-off prelude).
  DominanceInfo dominance(func);
  Operation *top = body.findAncestorOpInBlock(*op);
  SmallVector<Operation *> worklist;
  rewriter.modifyOpInPlace(op, [&] {
    for (OpOperand &operand : op->getOpOperands()) {
      if (&operand == &op.getValueMutable())
        continue;
      Value address =
          materializeBefore(rewriter, operand.get(), top, dominance);
      if (address != operand.get())
        worklist.push_back(operand.get().getDefiningOp());
      operand.set(address);
    }
  });
  // The computations of the address under the conditions, now unused. An
  // op may be reached along several paths: it is erased once (the set is
  // checked before an op is looked at), and looked at again when a later
  // user goes.
  DenseSet<Operation *> erased;
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val();
    if (!def || erased.contains(def) || !isOpTriviallyDead(def))
      continue;
    for (Value operand : def->getOperands())
      worklist.push_back(operand.getDefiningOp());
    erased.insert(def);
    rewriter.eraseOp(def);
  }
  Value active = hoistOutOfGuards(rewriter, op, &body);

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  OpBuilder &b = rewriter;
  Type type = op.getValue().getType();
  Type i32 = b.getI32Type();
  int64_t warps = getNumThreads(shape) / kWarpSize;
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  auto workgroup =
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  // [0, warps): each warp's total, then its offset; [warps]: the old value.
  Value totals = func.addWorkgroupAttribution(
      MemRefType::get({warps + 1}, type, MemRefLayoutAttrInterface(),
                      workgroup),
      loc);
  Value flags = func.addWorkgroupAttribution(
      MemRefType::get({warps}, i32, MemRefLayoutAttrInterface(), workgroup),
      loc);

  // The thread's linear id, its warp and lane.
  Value linear = createLinearThreadId(b, loc, shape);
  Value warp = arith::DivUIOp::create(b, loc, linear, index(kWarpSize));
  Value lane = arith::RemUIOp::create(b, loc, linear, index(kWarpSize));
  CombiningKind kind = *getBlockKind(op);
  // The kind's identity, which a thread that would not have run the atomic
  // contributes.
  Value identity = arith::getIdentityValue(op.getKind(), type, b, loc);
  auto combine = [&](Value lhs, Value rhs) {
    return arith::getReductionOp(op.getKind(), b, loc, lhs, rhs);
  };
  Value zero32 = arith::ConstantIntOp::create(b, loc, 0, 32);
  Value value = op.getValue();
  Value flag = arith::ConstantIntOp::create(b, loc, 1, 32);
  if (active) {
    value = arith::SelectOp::create(b, loc, active, value, identity);
    flag = arith::ExtUIOp::create(b, loc, i32, active);
  }
  auto isEqual = [&](Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, rhs)
        .getResult();
  };
  auto thenDo = [&](Value condition, function_ref<void()> build) {
    auto ifOp = scf::IfOp::create(b, loc, condition);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    build();
  };

  Value before = ScanOp::create(b, loc, ScanKind::exclusive, kind, value);
  Value warpTotal = ReduceOp::create(b, loc, kind, value);
  Value warpActive = ReduceOp::create(b, loc, CombiningKind::or_, flag);
  thenDo(isEqual(lane, index(0)), [&] {
    memref::StoreOp::create(b, loc, warpTotal, totals, warp);
    memref::StoreOp::create(b, loc, warpActive, flags, warp);
  });
  gpu::BarrierOp::create(b, loc);
  thenDo(isEqual(warp, index(0)), [&] {
    Value isWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         lane, index(warps));
    auto loadOr = [&](Value buffer, Value otherwise) {
      auto ifOp = scf::IfOp::create(
          b, loc, isWarp,
          [&](OpBuilder &then, Location l) {
            scf::YieldOp::create(
                then, l,
                memref::LoadOp::create(then, l, buffer, lane).getResult());
          },
          [&](OpBuilder &other, Location l) {
            scf::YieldOp::create(other, l, otherwise);
          });
      return ifOp.getResult(0);
    };
    Value total = loadOr(totals, identity);
    Value anyActive = loadOr(flags, zero32);
    Value offsets = ScanOp::create(b, loc, ScanKind::exclusive, kind, total);
    Value blockTotal = ReduceOp::create(b, loc, kind, total);
    Value blockActive = ReduceOp::create(b, loc, CombiningKind::or_, anyActive);
    thenDo(isWarp,
           [&] { memref::StoreOp::create(b, loc, offsets, totals, lane); });
    thenDo(isEqual(lane, index(0)), [&] {
      Value doAdd = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                          blockActive, zero32);
      auto add = scf::IfOp::create(
          b, loc, doAdd,
          [&](OpBuilder &then, Location l) {
            Value old =
                memref::AtomicRMWOp::create(then, l, op.getKind(), blockTotal,
                                            op.getMemref(), op.getIndices());
            scf::YieldOp::create(then, l, old);
          },
          [&](OpBuilder &other, Location l) {
            scf::YieldOp::create(other, l, identity);
          });
      memref::StoreOp::create(b, loc, add.getResult(0), totals, index(warps));
    });
  });
  gpu::BarrierOp::create(b, loc);
  Value old = memref::LoadOp::create(b, loc, totals, index(warps));
  Value offset = memref::LoadOp::create(b, loc, totals, warp);
  Value result = combine(combine(old, offset), before);
  rewriter.replaceOp(op, result);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// How an atomic was aggregated.
enum class Aggregated { none, perWarp, perBlock };

/// Aggregates `op`, in `kernel` (a gpu.func launched by `launches`, or a
/// gpu.launch body), per block where it can and `perBlock` allows, else
/// per warp (with a remark why not per block) where its kind allows.
static Aggregated aggregateAtomic(RewriterBase &rewriter,
                                  memref::AtomicRMWOp op, Operation *kernel,
                                  ArrayRef<gpu::LaunchFuncOp> launches,
                                  bool perBlock) {
  std::string whyNot = "not per block (per-block=0)";
  if (!perBlock)
    ;
  else if (auto func = dyn_cast<gpu::GPUFuncOp>(kernel)) {
    std::string whyNoShape;
    FailureOr<BlockShape> shape = getBlockShape(func, launches, whyNoShape);
    whyNot = whyNotPerBlock(op, func, shape, whyNoShape);
    if (whyNot.empty()) {
      aggregatePerBlock(rewriter, op, func, *shape);
      return Aggregated::perBlock;
    }
  } else {
    whyNot = "it is in a gpu.launch body, not an outlined kernel";
  }
  if (perBlock && isa<gpu::GPUFuncOp>(kernel))
    emitRemark(op.getLoc(), "wc-aggregate-atomics: aggregated per warp, "
                            "not per block: ")
        << whyNot;
  rewriter.setInsertionPoint(op);
  if (isAggregatedAsRMW(op))
    rewriter.replaceOpWithNewOp<AggregatedAtomicRMWOp>(
        op, *getBlockKind(op), op.getValue(), op.getMemref(), op.getIndices(),
        Value());
  else
    rewriter.replaceOpWithNewOp<AggregatedAtomicAddOp>(
        op, op.getValue(), op.getMemref(), op.getIndices(), Value());
  return Aggregated::perWarp;
}

/// The remarks at `kernel` counting what was aggregated.
static void remarkAggregated(Operation *kernel, unsigned perWarp,
                             unsigned perBlock) {
  if (perWarp)
    emitRemark(kernel->getLoc(), "wc-aggregate-atomics: ")
        << perWarp << " atomic" << (perWarp == 1 ? "" : "s")
        << " aggregated per warp and address";
  if (perBlock)
    emitRemark(kernel->getLoc(), "wc-aggregate-atomics: ")
        << perBlock << " atomic" << (perBlock == 1 ? "" : "s")
        << " to a block-wide address aggregated per block (one atomic per "
           "block, two barriers)";
}

/// Whether `op` runs in one thread of the block only: under a condition
/// that compares a value computed from the thread or lane id (and no
/// memory) with a constant for equality.
static bool isSingleThread(Operation *op) {
  for (auto guard = op->getParentOfType<scf::IfOp>(); guard;
       guard = guard->getParentOfType<scf::IfOp>()) {
    auto compare = guard.getCondition().getDefiningOp<arith::CmpIOp>();
    if (!compare || compare.getPredicate() != arith::CmpIPredicate::eq)
      continue;
    for (auto [value, other] :
         {std::pair(compare.getLhs(), compare.getRhs()),
          std::pair(compare.getRhs(), compare.getLhs())}) {
      if (!matchPattern(other, m_Constant()))
        continue;
      SetVector<Operation *> slice;
      BackwardSliceOptions options;
      options.inclusive = true;
      if (Operation *def = value.getDefiningOp())
        (void)getBackwardSlice(def, &slice, options);
      // From the thread's ids and constants only, not from data that
      // the thread reads (`in[tid] mod 2 == 0` holds in many threads).
      if (llvm::any_of(slice,
                       [](Operation *op) {
                         return isa<gpu::ThreadIdOp, gpu::LaneIdOp>(op);
                       }) &&
          llvm::all_of(slice, [](Operation *op) {
            return isPure(op) && op->getNumRegions() == 0;
          }))
        return true;
    }
  }
  return false;
}

/// Whether `op` is nested, in `func`, in a loop whose bounds are read from
/// memory: the lanes of a warp reach it in different iterations, so few of
/// them meet in one aggregated atomic, which then costs more than it saves
/// (on the H100, the breadth-first search of bench/collaborate: its queue
/// counter aggregated per warp in the loop over a vertex's neighbours ran
/// at 0.90x of upstream's, and at 0.95x of the collaborated loop's without
/// it).
static bool isInDataDependentLoop(Operation *op, gpu::GPUFuncOp func) {
  for (Operation *parent = op->getParentOp(); parent && parent != func;
       parent = parent->getParentOp()) {
    if (auto loop = dyn_cast<scf::ForOp>(parent))
      if (dependsOnMemory(loop.getLowerBound()) ||
          dependsOnMemory(loop.getUpperBound()))
        return true;
    if (isa<scf::WhileOp>(parent))
      return true;
  }
  return false;
}

unsigned wc::aggregateContendedAtomics(gpu::GPUFuncOp func,
                                       ArrayRef<gpu::LaunchFuncOp> launches) {
  SmallVector<memref::AtomicRMWOp> contended;
  std::string whyNoShape;
  FailureOr<BlockShape> shape = getBlockShape(func, launches, whyNoShape);
  func.walk([&](memref::AtomicRMWOp op) {
    if (!whyNotAggregated(op, /*reassociateFloats=*/false).empty() ||
        isSingleThread(op) || isInDataDependentLoop(op, func))
      return;
    auto type = cast<MemRefType>(op.getMemref().getType());
    if (whyNotPerBlock(op, func, shape, whyNoShape).empty() ||
        (type.hasStaticShape() && type.getNumElements() <= kContendedElements))
      contended.push_back(op);
  });
  IRRewriter rewriter(func.getContext());
  unsigned perWarp = 0, perBlock = 0;
  for (memref::AtomicRMWOp op : contended) {
    Aggregated how =
        aggregateAtomic(rewriter, op, func, launches, /*perBlock=*/true);
    perWarp += how == Aggregated::perWarp;
    perBlock += how == Aggregated::perBlock;
  }
  remarkAggregated(func, perWarp, perBlock);
  return perWarp + perBlock;
}

void AggregateAtomicsPass::runOnOperation() {
  // Each atomic of device code, with its kernel (a gpu.func or the body of
  // a gpu.launch).
  SmallVector<std::pair<memref::AtomicRMWOp, Operation *>> atomics;
  getOperation().walk([&](memref::AtomicRMWOp op) {
    Operation *kernel = op->getParentOfType<gpu::GPUFuncOp>();
    if (!kernel)
      kernel = op->getParentOfType<gpu::LaunchOp>();
    if (kernel)
      atomics.push_back({op, kernel});
  });
  // The launches of the outlined kernels, for their block shapes.
  DenseMap<Operation *, SmallVector<gpu::LaunchFuncOp>> launchesOf;
  for (KernelSites &kernel : collectKernels(getOperation()))
    launchesOf[kernel.func] = kernel.launches;
  llvm::MapVector<Operation *, std::pair<unsigned, unsigned>> counts;
  IRRewriter rewriter(&getContext());
  for (auto [op, kernel] : atomics) {
    std::string why = whyNotAggregated(op, reassociateFloats);
    if (!why.empty()) {
      emitRemark(op.getLoc(), "wc-aggregate-atomics: left unchanged: ") << why;
      continue;
    }
    auto &[perWarp, perBlock] = counts[kernel];
    Aggregated how = aggregateAtomic(rewriter, op, kernel,
                                     launchesOf.lookup(kernel), blockLevel);
    perWarp += how == Aggregated::perWarp;
    perBlock += how == Aggregated::perBlock;
  }
  for (auto &[kernel, count] : counts)
    remarkAggregated(kernel, count.first, count.second);
}
