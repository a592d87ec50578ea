//===- ExecAffine.cpp - affine index op semantics -------------------------===//
//
// The simulator's semantics of the affine ops producers leave in kernels
// for index arithmetic: `affine.apply`, `affine.min`, `affine.max`,
// `affine.delinearize_index` and `affine.linearize_index`. Expressions are
// evaluated on 64-bit signed integers with the affine meaning of `floordiv`,
// `ceildiv` and `mod` (rounding toward minus infinity, non-negative
// remainder), as upstream's lowering to arith expands them.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/AffineExprVisitor.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

/// The value of `expr` with dims `dims` and symbols `symbols`, or nullopt
/// on a division by zero (or a non-positive divisor, which affine maps do
/// not allow).
static std::optional<int64_t> evaluate(AffineExpr expr, ArrayRef<int64_t> dims,
                                       ArrayRef<int64_t> symbols) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant:
    return cast<AffineConstantExpr>(expr).getValue();
  case AffineExprKind::DimId:
    return dims[cast<AffineDimExpr>(expr).getPosition()];
  case AffineExprKind::SymbolId:
    return symbols[cast<AffineSymbolExpr>(expr).getPosition()];
  default:
    break;
  }
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::optional<int64_t> lhs = evaluate(binary.getLHS(), dims, symbols);
  std::optional<int64_t> rhs = evaluate(binary.getRHS(), dims, symbols);
  if (!lhs || !rhs)
    return std::nullopt;
  uint64_t l = static_cast<uint64_t>(*lhs), r = static_cast<uint64_t>(*rhs);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return static_cast<int64_t>(l + r);
  case AffineExprKind::Mul:
    return static_cast<int64_t>(l * r);
  case AffineExprKind::FloorDiv:
    if (*rhs <= 0)
      return std::nullopt;
    return llvm::divideFloorSigned(*lhs, *rhs);
  case AffineExprKind::CeilDiv:
    if (*rhs <= 0)
      return std::nullopt;
    return llvm::divideCeilSigned(*lhs, *rhs);
  case AffineExprKind::Mod:
    if (*rhs <= 0)
      return std::nullopt;
    return llvm::mod(*lhs, *rhs);
  default:
    llvm_unreachable("not a binary affine expression");
  }
}

/// Sets the results of `op`, an op with `map` applied to `operands` (dims
/// first), to `combine` of the map's results per lane.
static LogicalResult
executeMap(Interpreter &interp, Operation &op, AffineMap map,
           ValueRange operands, LaneMask mask,
           function_ref<int64_t(ArrayRef<int64_t>)> combine) {
  bool failedLane = false;
  SmallVector<int64_t> values(operands.size()), results;
  SmallVector<Value> inputs(operands);
  WarpValue result = interp.mapLanes(mask, inputs, [&](unsigned lane) {
    for (auto [i, operand] : llvm::enumerate(operands))
      values[i] = static_cast<int64_t>(interp.scalar(operand, lane));
    results.clear();
    for (AffineExpr expr : map.getResults()) {
      std::optional<int64_t> value =
          evaluate(expr, ArrayRef(values).take_front(map.getNumDims()),
                   ArrayRef(values).drop_front(map.getNumDims()));
      if (!value) {
        failedLane = true;
        return uint64_t(0);
      }
      results.push_back(*value);
    }
    return static_cast<uint64_t>(combine(results));
  });
  if (failedLane)
    return interp.error(&op) << "division by a non-positive value in an "
                                "affine expression";
  interp.set(op.getResult(0), std::move(result));
  return success();
}

/// The effective basis of a linearize/delinearize op per lane: its static
/// and dynamic sizes.
static SmallVector<int64_t>
resolveBasis(Interpreter &interp, ArrayRef<OpFoldResult> basis, unsigned lane) {
  return llvm::map_to_vector(
      basis, [&](OpFoldResult size) { return interp.index(size, lane); });
}

FailureOr<bool> sim::executeAffineOp(Interpreter &interp, Operation &op,
                                     LaneMask mask) {
  if (!isa_and_present<affine::AffineDialect>(op.getDialect()))
    return false;
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](affine::AffineApplyOp apply) {
        return handled(executeMap(
            interp, op, apply.getAffineMap(), apply.getMapOperands(), mask,
            [](ArrayRef<int64_t> results) { return results.front(); }));
      })
      .Case([&](affine::AffineMinOp min) {
        return handled(executeMap(interp, op, min.getMap(), min.getOperands(),
                                  mask, [](ArrayRef<int64_t> results) {
                                    return *llvm::min_element(results);
                                  }));
      })
      .Case([&](affine::AffineMaxOp max) {
        return handled(executeMap(interp, op, max.getMap(), max.getOperands(),
                                  mask, [](ArrayRef<int64_t> results) {
                                    return *llvm::max_element(results);
                                  }));
      })
      .Case(
          [&](affine::AffineDelinearizeIndexOp delinearize) -> FailureOr<bool> {
            // Results from the innermost: each the remainder by its size, the
            // outermost the remaining quotient.
            SmallVector<OpFoldResult> basis = delinearize.getMixedBasis();
            unsigned numResults = delinearize.getNumResults();
            SmallVector<Value> inputs(op.getOperands());
            bool failedLane = false;
            for (unsigned r = 0; r < numResults; ++r) {
              WarpValue value =
                  interp.mapLanes(mask, inputs, [&](unsigned lane) {
                    SmallVector<int64_t> sizes =
                        resolveBasis(interp, basis, lane);
                    // Without an outer bound the basis lacks the outermost
                    // size.
                    unsigned first = numResults - sizes.size();
                    int64_t x = static_cast<int64_t>(
                        interp.scalar(delinearize.getLinearIndex(), lane));
                    for (unsigned i = numResults; i-- > r + 1;) {
                      int64_t size = sizes[i - first];
                      if (size <= 0) {
                        failedLane = true;
                        return uint64_t(0);
                      }
                      x = llvm::divideFloorSigned(x, size);
                    }
                    if (r >= first && r > 0) {
                      int64_t size = sizes[r - first];
                      if (size <= 0) {
                        failedLane = true;
                        return uint64_t(0);
                      }
                      x = llvm::mod(x, size);
                    }
                    return static_cast<uint64_t>(x);
                  });
              interp.set(op.getResult(r), std::move(value));
            }
            if (failedLane)
              return interp.error(&op) << "affine.delinearize_index with a "
                                          "non-positive basis size";
            return true;
          })
      .Case([&](affine::AffineLinearizeIndexOp linearize) {
        SmallVector<OpFoldResult> basis = linearize.getMixedBasis();
        ValueRange indices = linearize.getMultiIndex();
        SmallVector<Value> inputs(op.getOperands());
        interp.set(
            op.getResult(0), interp.mapLanes(mask, inputs, [&](unsigned lane) {
              SmallVector<int64_t> sizes = resolveBasis(interp, basis, lane);
              unsigned first = indices.size() - sizes.size();
              uint64_t linear = 0;
              for (auto [i, index] : llvm::enumerate(indices)) {
                uint64_t size =
                    i >= first ? static_cast<uint64_t>(sizes[i - first]) : 1;
                linear = linear * size + interp.scalar(index, lane);
              }
              return linear;
            }));
        return true;
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}
