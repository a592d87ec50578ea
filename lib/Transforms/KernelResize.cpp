//===- KernelResize.cpp - Resize a kernel into one-warp blocks ------------===//
//
// The resize rewrite of warp aggregation: one original block becomes as
// many one-warp blocks as it had warps, and every id the kernel reads is
// rebuilt from the new ones so that it keeps its original value.
//
//===----------------------------------------------------------------------===//

#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Aggregation.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::wc;

/// Rewrites `func` to run with one-warp blocks, `warps` of them per
/// original block along x, rebuilding every original id.
LogicalResult wc::resizeKernel(gpu::GPUFuncOp func, BlockShape shape,
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
  Value warpsValue = createIndexConstant(b, loc, warps);
  Value warp = arith::RemUIOp::create(b, loc, block, warpsValue);
  Value originalBlockX = arith::DivUIOp::create(b, loc, block, warpsValue);
  Value lane = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value linear = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, warp,
                            createIndexConstant(b, loc, kWarpSize)),
      lane);
  SmallVector<Value, 3> threadIds = delinearize(
      b, loc, linear, getAsIndexOpFoldResult(b.getContext(), shape));
  Value originalGridX = arith::DivUIOp::create(
      b, loc, gpu::GridDimOp::create(b, loc, gpu::Dimension::x), warpsValue);

  for (Operation *op : idOps) {
    b.setInsertionPoint(op);
    Location l = op->getLoc();
    Value replacement;
    if (auto id = dyn_cast<gpu::ThreadIdOp>(op)) {
      replacement = threadIds[static_cast<unsigned>(id.getDimension())];
    } else if (auto dim = dyn_cast<gpu::BlockDimOp>(op)) {
      replacement = createIndexConstant(
          b, l, shape[static_cast<unsigned>(dim.getDimension())]);
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
      replacement = createIndexConstant(b, l, warps);
    } else if (auto id = dyn_cast<gpu::GlobalIdOp>(op)) {
      unsigned d = static_cast<unsigned>(id.getDimension());
      Value blockId =
          d == 0 ? originalBlockX
                 : gpu::BlockIdOp::create(b, l, id.getDimension()).getResult();
      replacement = createGlobalId(b, l, blockId, shape[d], threadIds[d]);
    }
    op->getResult(0).replaceAllUsesWith(replacement);
    op->erase();
  }

  if (partial) {
    // Lanes past the original block's end do nothing.
    b.setInsertionPointAfterValue(originalGridX);
    Value active =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, linear,
                              createIndexConstant(b, loc, threads));
    auto guard = scf::IfOp::create(b, loc, active, /*withElseRegion=*/false);
    Block *body = guard.thenBlock();
    Operation *terminator = entry.getTerminator();
    body->getOperations().splice(body->begin(), entry.getOperations(),
                                 std::next(Block::iterator(guard)),
                                 Block::iterator(terminator));
  }
  func.setKnownBlockSizeAttr(
      b.getDenseI32ArrayAttr({static_cast<int32_t>(kWarpSize), 1, 1}));
  // The launch multiplies the grid's x dimension by `warps`.
  if (std::optional<ArrayRef<int32_t>> grid = func.getKnownGridSize())
    func.setKnownGridSizeAttr(b.getDenseI32ArrayAttr(
        {static_cast<int32_t>((*grid)[0] * warps), (*grid)[1], (*grid)[2]}));
  return success();
}
