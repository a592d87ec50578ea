//===- KernelCoarseningCollectives.cpp - Collectives and private arrays ---===//
//
// Part of the coarsen rewrite of warp aggregation (KernelCoarsening.cpp):
// virtual thread v of lane l is thread 32 v + l, so original warp v is
// virtual thread v of every lane. A warp reduction or a lane shuffle runs
// at warp level once per virtual thread; a block reduction combines each
// lane's virtual threads and then the lanes; a thread's private array
// becomes one array per virtual thread.
//
//===----------------------------------------------------------------------===//

#include "Coarsener.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::wc;
using coarsening::Coarsener;

LogicalResult Coarsener::emitCollective(Operation *op, OpBuilder &b) {
  if (auto reduce = dyn_cast<gpu::AllReduceOp>(op))
    return emitAllReduce(reduce, b);
  if (auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op))
    return emitSubgroupReduce(reduce, b);
  return emitShuffle(cast<gpu::ShuffleOp>(op), b);
}

SmallVector<Value> Coarsener::getPerVirtualThread(Value original,
                                                  OpBuilder &b) {
  Value replicated = getReplicated(original, b);
  SmallVector<Value> values;
  for (int64_t v = 0; v < vthreads; ++v)
    values.push_back(
        vector::ExtractOp::create(b, original.getLoc(), replicated, v));
  return values;
}

SmallVector<Value> Coarsener::maskMissingThreads(ArrayRef<Value> values,
                                                 CombiningKind kind,
                                                 OpBuilder &b, Location loc) {
  int64_t threads = getNumThreads(shape);
  SmallVector<Value> masked(values);
  Value lane, identity;
  for (auto [v, value] : llvm::enumerate(masked)) {
    int64_t first = static_cast<int64_t>(v) * kWarpSize;
    if (first + kWarpSize <= threads)
      continue;
    if (!lane) {
      lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);
      identity = createCombiningIdentity(b, loc, kind, value.getType());
    }
    Value runs = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ult, lane,
        arith::ConstantIndexOp::create(b, loc, threads - first));
    value = arith::SelectOp::create(b, loc, runs, value, identity);
  }
  return masked;
}

LogicalResult Coarsener::emitAllReduce(gpu::AllReduceOp reduce, OpBuilder &b) {
  std::optional<CombiningKind> kind = getAllReduceKind(reduce);
  if (!kind) {
    failure = "a 'gpu.all_reduce' whose region is not one combining op of "
              "its two arguments";
    return mlir::failure();
  }
  Location loc = reduce.getLoc();
  Value operand = reduce.getValue();
  if (!operand.getType().isIntOrIndexOrFloat()) {
    failure = "a 'gpu.all_reduce' of a value that is not a scalar";
    return mlir::failure();
  }
  SmallVector<Value> values = getPerVirtualThread(operand, b);
  values = maskMissingThreads(values, *kind, b, loc);
  Value partial = values.front();
  for (Value value : ArrayRef<Value>(values).drop_front())
    partial = createCombine(b, loc, *kind, partial, value);
  Value total = ReduceOp::create(b, loc, *kind, partial);
  // Every thread of the block gets the total: a warp-level value.
  warpLevel.map(reduce.getResult(), total);
  ++reductions;
  return success();
}

LogicalResult Coarsener::emitSubgroupReduce(gpu::SubgroupReduceOp reduce,
                                            OpBuilder &b) {
  Location loc = reduce.getLoc();
  Value operand = reduce.getValue();
  if (!operand.getType().isIntOrIndexOrFloat()) {
    failure = "a 'gpu.subgroup_reduce' of a value that is not a scalar";
    return mlir::failure();
  }
  CombiningKind kind = getCombiningKind(reduce.getOp());
  SmallVector<Value> values = getPerVirtualThread(operand, b);
  // A partial last warp reduces over the threads it has.
  values = maskMissingThreads(values, kind, b, loc);
  int64_t size = reduce.getClusterSize().value_or(kWarpSize);
  int64_t stride = reduce.getClusterStride();
  SmallVector<Value> results;
  for (Value value : values)
    results.push_back(
        ReduceOp::create(b, loc, kind, value, size, stride).getResult());
  replicas[reduce.getResult()] = vector::FromElementsOp::create(
      b, loc, VectorType::get({vthreads}, operand.getType()), results);
  ++reductions;
  return success();
}

LogicalResult Coarsener::emitShuffle(gpu::ShuffleOp shuffle, OpBuilder &b) {
  if (getNumThreads(shape) % kWarpSize != 0) {
    failure = "it uses 'gpu.shuffle' and its block size is not a multiple "
              "of 32 (a partial last warp)";
    return mlir::failure();
  }
  Location loc = shuffle.getLoc();
  SmallVector<Value> values = getPerVirtualThread(shuffle.getValue(), b),
                     offsets = getPerVirtualThread(shuffle.getOffset(), b),
                     widths = getPerVirtualThread(shuffle.getWidth(), b);
  SmallVector<Value> results, valid;
  for (int64_t v = 0; v < vthreads; ++v) {
    auto one = gpu::ShuffleOp::create(b, loc, values[v], offsets[v], widths[v],
                                      shuffle.getMode());
    results.push_back(one.getShuffleResult());
    valid.push_back(one.getValid());
  }
  replicas[shuffle.getShuffleResult()] = vector::FromElementsOp::create(
      b, loc, VectorType::get({vthreads}, shuffle.getValue().getType()),
      results);
  replicas[shuffle.getValid()] = vector::FromElementsOp::create(
      b, loc, VectorType::get({vthreads}, b.getI1Type()), valid);
  return success();
}

bool Coarsener::isPrivateArray(Operation *op) {
  auto alloca = dyn_cast<memref::AllocaOp>(op);
  if (!alloca || !alloca.getType().hasStaticShape() ||
      alloca.getType().getMemorySpace() || !alloca.getDynamicSizes().empty() ||
      !alloca.getSymbolOperands().empty())
    return false;
  return llvm::all_of(alloca->getUses(), [](OpOperand &use) {
    if (isa<memref::LoadOp>(use.getOwner()))
      return true;
    auto store = dyn_cast<memref::StoreOp>(use.getOwner());
    return store && use.get() == store.getMemRef() &&
           store.getValueToStore() != use.get();
  });
}

void Coarsener::replicatePrivateArray(memref::AllocaOp alloca) {
  // At the start of the kernel's entry block, where LLVM keeps static
  // allocations in registers (not in a loop a delegated job runs in).
  OpBuilder at(&region.front(), region.front().begin());
  MemRefType type = alloca.getType();
  SmallVector<int64_t> shape{vthreads};
  llvm::append_range(shape, type.getShape());
  auto arrays = memref::AllocaOp::create(
      at, alloca.getLoc(), MemRefType::get(shape, type.getElementType()),
      alloca.getAlignmentAttr());
  privateArrays[alloca.getResult()] = arrays;
}
