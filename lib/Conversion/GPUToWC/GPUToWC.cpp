//===- GPUToWC.cpp - gpu subgroup ops to wc collectives -------------------===//
//
// Rewrites the `gpu` subgroup ops that upstream MLIR 22 cannot lower to NVVM
// into `wc` collectives and id arithmetic, and the
// `convert-gpu-subgroup-to-wc` pass that applies them.
//
//===----------------------------------------------------------------------===//

#include "WC/Conversion/Passes.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Dialect/WC/Utils/IndexUtils.h"
#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_CONVERTGPUSUBGROUPTOWC
#include "WC/Conversion/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

/// Returns true if wc collectives move values of `type`.
static bool isWarpScalar(Type type) {
  if (type.isIndex())
    return true;
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isSignless() &&
           llvm::is_contained({1u, 8u, 16u, 32u, 64u}, intType.getWidth());
  return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
}

/// Applies `perElement` to `value`, or to each element of a 1-D vector
/// `value`, and returns the (re-assembled) result; null when the element
/// type is not a warp scalar.
static Value mapElements(OpBuilder &b, Location loc, Value value,
                         function_ref<Value(Value)> perElement) {
  auto vecType = dyn_cast<VectorType>(value.getType());
  if (!vecType)
    return isWarpScalar(value.getType()) ? perElement(value) : Value();
  if (vecType.getRank() != 1 || vecType.isScalable() ||
      !isWarpScalar(vecType.getElementType()))
    return Value();
  SmallVector<Value> elements;
  for (int64_t i = 0, e = vecType.getNumElements(); i < e; ++i)
    elements.push_back(perElement(vector::ExtractOp::create(b, loc, value, i)));
  return vector::FromElementsOp::create(b, loc, vecType, elements);
}

namespace {

struct SubgroupReduceToWC : OpRewritePattern<gpu::SubgroupReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::SubgroupReduceOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    CombiningKind kind = getCombiningKind(op.getOp());
    int64_t size = op.getClusterSize().value_or(kWarpSize);
    int64_t stride = op.getClusterStride();
    Value result = mapElements(rewriter, loc, op.getValue(), [&](Value v) {
      return ReduceOp::create(rewriter, loc, kind, v, size, stride).getResult();
    });
    if (!result)
      return rewriter.notifyMatchFailure(op, "not a scalar or 1-D vector");
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SubgroupSizeToConstant : OpRewritePattern<gpu::SubgroupSizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::SubgroupSizeOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(op, kWarpSize);
    return success();
  }
};

/// Returns the number of threads of the block, as an index.
static Value createBlockThreads(OpBuilder &b, Location loc) {
  Value x = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  Value y = gpu::BlockDimOp::create(b, loc, gpu::Dimension::y);
  Value z = gpu::BlockDimOp::create(b, loc, gpu::Dimension::z);
  Value xy = arith::MulIOp::create(b, loc, x, y);
  return arith::MulIOp::create(b, loc, xy, z);
}

struct SubgroupIdToArith : OpRewritePattern<gpu::SubgroupIdOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::SubgroupIdOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value tx = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
    Value ty = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::y);
    Value tz = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::z);
    Value bx = gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::x);
    Value by = gpu::BlockDimOp::create(rewriter, loc, gpu::Dimension::y);
    // linear = x + bx * (y + by * z), as CUDA numbers threads into warps.
    Value inner = arith::AddIOp::create(
        rewriter, loc, ty, arith::MulIOp::create(rewriter, loc, by, tz));
    Value linear = arith::AddIOp::create(
        rewriter, loc, tx, arith::MulIOp::create(rewriter, loc, bx, inner));
    rewriter.replaceOpWithNewOp<arith::DivUIOp>(
        op, linear, arith::ConstantIndexOp::create(rewriter, loc, kWarpSize));
    return success();
  }
};

struct NumSubgroupsToArith : OpRewritePattern<gpu::NumSubgroupsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::NumSubgroupsOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    rewriter.replaceOpWithNewOp<arith::CeilDivUIOp>(
        op, createBlockThreads(rewriter, loc),
        arith::ConstantIndexOp::create(rewriter, loc, kWarpSize));
    return success();
  }
};

struct RotateToShuffle : OpRewritePattern<gpu::RotateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::RotateOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t width = op.getWidth();
    Value lane = createLaneIdI32(rewriter, loc);
    // An idx shuffle of width w reads lane base + (src mod w): with
    // src = lane + offset that is the rotation within the segment.
    Value source = arith::AddIOp::create(
        rewriter, loc, lane,
        arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(),
                                     op.getOffset()));
    Value result = mapElements(rewriter, loc, op.getValue(), [&](Value v) {
      return ShuffleOp::create(rewriter, loc, ShuffleMode::idx, v, source,
                               width, /*mask=*/Value())
          .getResult();
    });
    if (!result)
      return rewriter.notifyMatchFailure(op, "not a scalar or 1-D vector");
    Value valid =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, lane,
                              arith::ConstantIntOp::create(
                                  rewriter, loc, rewriter.getI32Type(), width));
    rewriter.replaceOp(op, {result, valid});
    return success();
  }
};

struct SubgroupBroadcastToShuffle : OpRewritePattern<gpu::SubgroupBroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::SubgroupBroadcastOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value source = op.getLane();
    Value mask;
    if (op.getBroadcastType() == gpu::BroadcastType::first_active_lane) {
      mask = ActiveMaskOp::create(rewriter, loc);
      source = math::CountTrailingZerosOp::create(rewriter, loc, mask);
    }
    Value result = mapElements(rewriter, loc, op.getSrc(), [&](Value v) {
      return ShuffleOp::create(rewriter, loc, ShuffleMode::idx, v, source,
                               kWarpSize, mask)
          .getResult();
    });
    if (!result)
      return rewriter.notifyMatchFailure(op, "not a scalar or 1-D vector");
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ConvertGPUSubgroupToWCPass
    : public wc::impl::ConvertGPUSubgroupToWCBase<ConvertGPUSubgroupToWCPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateGPUSubgroupToWCPatterns(patterns);
    // Only the listed ops are rewritten: no folding of unrelated IR.
    GreedyRewriteConfig config;
    config.enableFolding(false).setRegionSimplificationLevel(
        GreedySimplifyRegionLevel::Disabled);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
    // What is left has a type no warp collective moves: say so at the op.
    WalkResult walk = getOperation()->walk([](Operation *op) {
      if (isa<gpu::SubgroupReduceOp, gpu::RotateOp, gpu::SubgroupBroadcastOp>(
              op)) {
        op->emitOpError("cannot be lowered for NVVM: operand type ")
            << op->getOperand(0).getType()
            << " is not a scalar of at most 64 bits or a 1-D vector of them";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace

void wc::populateGPUSubgroupToWCPatterns(RewritePatternSet &patterns) {
  patterns
      .add<SubgroupReduceToWC, SubgroupSizeToConstant, SubgroupIdToArith,
           NumSubgroupsToArith, RotateToShuffle, SubgroupBroadcastToShuffle>(
          patterns.getContext());
}
