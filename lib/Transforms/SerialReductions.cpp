//===- SerialReductions.cpp - One thread's merge of the block's partials --===//
//
// Part of `wc-forward-stores`: producers reduce a block's values by having
// every thread store its partial into a workgroup buffer and, after a
// barrier, one thread fold the buffer in a loop (transform dialect's
// `tile_reduction_using_forall` merge, `for k < 64: m = max(m, part[k])`).
// Where the fold's combining op may be reordered, the loop becomes a
// `gpu.all_reduce` of the partials: every thread reduces at the store, and
// the merging thread combines the loop's initial value with the total.
// wc-aggregate then makes it a warp reduction of the job, where the merge
// was one lane reading the block's partials from shared memory one after
// another.
//
// The match: the buffer's one store is at the top level of the kernel
// body and writes element `tid` (linear, of a one-dimensional block); the
// loop runs `k` over `[0, T)` for a block of T threads, step 1, carries one
// value, and its body is a load of element `k` of the buffer, the
// combining op of the load and the carried value, and the yield of it.
// Integer kinds and float minima and maxima are exact in any order; a float
// sum or product only with `reassociate-floats`.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/SharedAccess.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Transforms/Consolidation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::wc;

/// Whether `indices` of a buffer of static `shape` name the element of
/// linear position `position`: `position` indexes the one dimension of
/// extent above 1 (or some dimension, if none is), every other index is 0.
static bool namesElement(ValueRange indices, ArrayRef<int64_t> shape,
                         Value position) {
  unsigned named = 0;
  for (auto [index, extent] : llvm::zip(indices, shape)) {
    if (index == position)
      ++named;
    else if (extent != 1 || !isConstantIntValue(index, 0))
      return false;
  }
  return named == 1;
}

namespace {
/// A merge loop and what replaces it.
struct SerialReduction {
  scf::ForOp loop;
  memref::StoreOp partial;
  CombiningKind kind;
};
} // namespace

/// Matches the fold of `buffer` by one thread, in a kernel of `threads`
/// one-dimensional threads, or nullopt.
static std::optional<SerialReduction>
matchSerialReduction(gpu::GPUFuncOp func, Value buffer, int64_t threads) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || !type.hasStaticShape() || type.getNumElements() != threads)
    return std::nullopt;
  memref::StoreOp partial;
  SmallVector<memref::LoadOp> loads;
  for (Operation *user : buffer.getUsers()) {
    if (auto store = dyn_cast<memref::StoreOp>(user)) {
      if (partial || store.getMemRef() != buffer)
        return std::nullopt;
      partial = store;
    } else if (auto load = dyn_cast<memref::LoadOp>(user)) {
      loads.push_back(load);
    } else {
      return std::nullopt;
    }
  }
  if (!partial || loads.size() != 1 ||
      partial->getBlock() != &func.getBody().front())
    return std::nullopt;
  gpu::ThreadIdOp tid;
  for (Value index : partial.getIndices())
    if (auto id = index.getDefiningOp<gpu::ThreadIdOp>())
      tid = id;
  if (!tid || tid.getDimension() != gpu::Dimension::x ||
      !namesElement(partial.getIndices(), type.getShape(), tid))
    return std::nullopt;

  memref::LoadOp load = loads.front();
  auto loop = dyn_cast<scf::ForOp>(load->getParentOp());
  if (!loop || loop.getNumRegionIterArgs() != 1 ||
      !isConstantIntValue(loop.getLowerBound(), 0) ||
      !isConstantIntValue(loop.getStep(), 1) ||
      !isConstantIntValue(loop.getUpperBound(), threads) ||
      !namesElement(load.getIndices(), type.getShape(),
                    loop.getInductionVar()) ||
      !partial->isBeforeInBlock(
          func.getBody().front().findAncestorOpInBlock(*loop)))
    return std::nullopt;
  // The body: the load, the combining op, the yield.
  Block *body = loop.getBody();
  if (body->getOperations().size() != 3 || &body->front() != load)
    return std::nullopt;
  Operation *combine = load->getNextNode();
  Value carried = loop.getRegionIterArg(0);
  if (combine->getNumOperands() != 2 || combine->getNumResults() != 1 ||
      !((combine->getOperand(0) == load.getResult() &&
         combine->getOperand(1) == carried) ||
        (combine->getOperand(1) == load.getResult() &&
         combine->getOperand(0) == carried)) ||
      body->getTerminator()->getOperand(0) != combine->getResult(0))
    return std::nullopt;
  std::optional<CombiningKind> kind = getCombiningKindOf(combine);
  if (!kind)
    return std::nullopt;
  return SerialReduction{loop, partial, *kind};
}

/// Whether reordering a fold by `kind` of values of `type` changes its
/// result: a float sum or product rounds differently.
static bool isOrderSensitive(CombiningKind kind, Type type) {
  return isa<FloatType>(type) &&
         (kind == CombiningKind::add || kind == CombiningKind::mul);
}

unsigned wc::mergeSerialReductions(gpu::GPUFuncOp func,
                                   bool reassociateFloats) {
  std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize();
  if (!known || known->size() != 3 || (*known)[1] != 1 || (*known)[2] != 1 ||
      !func.getBody().hasOneBlock())
    return 0;
  int64_t threads = (*known)[0];
  SmallVector<Value> buffers(func.getWorkgroupAttributions());
  func.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
        isWorkgroupMemRef(op->getResult(0).getType()))
      buffers.push_back(op->getResult(0));
  });
  unsigned count = 0;
  for (Value buffer : buffers) {
    std::optional<SerialReduction> match =
        matchSerialReduction(func, buffer, threads);
    if (!match)
      continue;
    if (!reassociateFloats &&
        isOrderSensitive(match->kind, match->partial.getValue().getType())) {
      emitRemark(match->loop.getLoc(), "wc-forward-stores: one thread's float ")
          << (match->kind == CombiningKind::add ? "sum" : "product")
          << " of the block's partials keeps its order (with "
             "`reassociate-floats` it becomes a block reduction, rounded "
             "differently)";
      continue;
    }
    // Every thread reduces its partial where it stores it.
    OpBuilder b(match->partial->getNextNode());
    Location loc = match->loop.getLoc();
    Value value = match->partial.getValueToStore();
    auto reduce = gpu::AllReduceOp::create(
        b, loc, value,
        gpu::AllReduceOperationAttr::get(b.getContext(),
                                         getAllReduceOperation(match->kind)),
        /*uniform=*/true);
    // The merging thread combines the loop's start with the total.
    b.setInsertionPoint(match->loop);
    Value merged = createCombine(
        b, loc, match->kind, match->loop.getInitArgs()[0], reduce.getResult());
    match->loop.getResult(0).replaceAllUsesWith(merged);
    match->loop.erase();
    // Nothing reads the partials any more: the buffer goes.
    match->partial.erase();
    eraseWorkgroupBuffer(func, buffer);
    ++count;
  }
  return count;
}
