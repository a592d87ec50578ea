//===- WarpPrimitives.cpp - NVVM building blocks for warp ops -------------===//
//
// Shuffles of any scalar type and the log-step reduction and scan sequences
// that the `wc` collectives lower to.
//
//===----------------------------------------------------------------------===//

#include "WarpPrimitives.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wc;

Value wc::createI32(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, b.getI32Type(), value);
}

Value wc::getMemberMask(OpBuilder &b, Location loc, Value mask) {
  if (mask)
    return mask;
  return createI32(b, loc, static_cast<int32_t>(0xffffffffu));
}

/// Maps a wc shuffle mode to the NVVM one.
static NVVM::ShflKind getShflKind(ShuffleMode mode) {
  switch (mode) {
  case ShuffleMode::idx:
    return NVVM::ShflKind::idx;
  case ShuffleMode::up:
    return NVVM::ShflKind::up;
  case ShuffleMode::down:
    return NVVM::ShflKind::down;
  case ShuffleMode::xor_:
    return NVVM::ShflKind::bfly;
  }
  llvm_unreachable("unknown shuffle mode");
}

/// Emits one `nvvm.shfl.sync` of a 32-bit `value`; fills `valid` if asked.
static Value createShuffle32(OpBuilder &b, Location loc, NVVM::ShflKind kind,
                             Value value, Value offset, Value clamp, Value mask,
                             Value *valid) {
  if (!valid)
    return NVVM::ShflOp::create(b, loc, value.getType(), mask, value, offset,
                                clamp, kind, UnitAttr());
  auto structType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), {value.getType(), b.getI1Type()});
  Value both = NVVM::ShflOp::create(b, loc, structType, mask, value, offset,
                                    clamp, kind, b.getUnitAttr());
  *valid = LLVM::ExtractValueOp::create(b, loc, both, 1);
  return LLVM::ExtractValueOp::create(b, loc, both, 0);
}

Value wc::createShuffle(OpBuilder &b, Location loc, ShuffleMode mode,
                        Value value, Value offset, int64_t width, Value mask,
                        Value *valid) {
  // PTX packs the segment mask (bits 8..12) and the lane clamp (bits 0..4)
  // into one operand, as CUDA's __shfl_*_sync do.
  int64_t clampValue = ((kWarpSize - width) << 8) |
                       (mode == ShuffleMode::up ? 0 : kWarpSize - 1);
  Value clamp = createI32(b, loc, clampValue);
  mask = getMemberMask(b, loc, mask);
  NVVM::ShflKind kind = getShflKind(mode);
  Type type = value.getType();
  Type i32 = b.getI32Type();

  if (type.isInteger(32) || type.isF32())
    return createShuffle32(b, loc, kind, value, offset, clamp, mask, valid);

  if (type.isIndex()) {
    Value wide = arith::IndexCastUIOp::create(b, loc, b.getI64Type(), value);
    Value moved = createShuffle(b, loc, mode, wide, offset, width, mask, valid);
    return arith::IndexCastUIOp::create(b, loc, type, moved);
  }

  unsigned bits = type.getIntOrFloatBitWidth();
  Type intType = b.getIntegerType(bits);
  Value asInt =
      type.isInteger()
          ? value
          : arith::BitcastOp::create(b, loc, intType, value).getResult();
  Value movedInt;
  if (bits < 32) {
    Value ext = arith::ExtUIOp::create(b, loc, i32, asInt);
    Value moved =
        createShuffle32(b, loc, kind, ext, offset, clamp, mask, valid);
    movedInt = arith::TruncIOp::create(b, loc, intType, moved);
  } else {
    assert(bits == 64 && "wc.shuffle scalars are at most 64 bits");
    Value c32 = arith::ConstantIntOp::create(b, loc, intType, 32);
    Value lo = arith::TruncIOp::create(b, loc, i32, asInt);
    Value hi = arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, asInt, c32));
    Value movedLo =
        createShuffle32(b, loc, kind, lo, offset, clamp, mask, valid);
    Value movedHi =
        createShuffle32(b, loc, kind, hi, offset, clamp, mask, nullptr);
    Value wideLo = arith::ExtUIOp::create(b, loc, intType, movedLo);
    Value wideHi = arith::ShLIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, intType, movedHi), c32);
    movedInt = arith::OrIOp::create(b, loc, wideLo, wideHi);
  }
  if (type.isInteger())
    return movedInt;
  return arith::BitcastOp::create(b, loc, type, movedInt);
}

Value wc::createIdentity(OpBuilder &b, Location loc, CombiningKind kind,
                         Type type) {
  return arith::getIdentityValue(getArithReductionKind(kind, type), type, b,
                                 loc);
}

std::optional<NVVM::ReduxKind> wc::getReduxKind(CombiningKind kind) {
  switch (kind) {
  case CombiningKind::add:
    return NVVM::ReduxKind::ADD;
  case CombiningKind::minsi:
    return NVVM::ReduxKind::MIN;
  case CombiningKind::minui:
    return NVVM::ReduxKind::UMIN;
  case CombiningKind::maxsi:
    return NVVM::ReduxKind::MAX;
  case CombiningKind::maxui:
    return NVVM::ReduxKind::UMAX;
  case CombiningKind::and_:
    return NVVM::ReduxKind::AND;
  case CombiningKind::or_:
    return NVVM::ReduxKind::OR;
  case CombiningKind::xor_:
    return NVVM::ReduxKind::XOR;
  default:
    return std::nullopt;
  }
}

Value wc::createWarpReduce(OpBuilder &b, Location loc, CombiningKind kind,
                           Value value, int64_t clusterSize,
                           int64_t clusterStride,
                           const TargetDescription &target) {
  if (clusterSize == kWarpSize && value.getType().isInteger(32) &&
      target.hasIntegerRedux()) {
    if (std::optional<NVVM::ReduxKind> redux = getReduxKind(kind))
      return NVVM::ReduxOp::create(b, loc, value.getType(), value, *redux,
                                   getMemberMask(b, loc, nullptr));
  }
  // Butterfly: after the step with offset o*s, each lane holds the
  // combination of 2o lanes of its cluster.
  Value result = value;
  for (int64_t offset = clusterSize / 2; offset >= 1; offset /= 2) {
    Value other =
        createShuffle(b, loc, ShuffleMode::xor_, result,
                      createI32(b, loc, offset * clusterStride), kWarpSize,
                      /*mask=*/nullptr);
    result = createCombine(b, loc, kind, result, other);
  }
  return result;
}

Value wc::createWarpScan(OpBuilder &b, Location loc, CombiningKind kind,
                         Value value, bool exclusive) {
  // Hillis-Steele: after the step with distance d, lane l holds the
  // combination of lanes max(0, l - 2d + 1) .. l.
  Value result = value;
  for (int64_t distance = 1; distance < kWarpSize; distance *= 2) {
    Value valid;
    Value lower = createShuffle(b, loc, ShuffleMode::up, result,
                                createI32(b, loc, distance), kWarpSize,
                                /*mask=*/nullptr, &valid);
    Value combined = createCombine(b, loc, kind, lower, result);
    result = arith::SelectOp::create(b, loc, valid, combined, result);
  }
  if (!exclusive)
    return result;
  Value valid;
  Value previous =
      createShuffle(b, loc, ShuffleMode::up, result, createI32(b, loc, 1),
                    kWarpSize, /*mask=*/nullptr, &valid);
  Value identity = createIdentity(b, loc, kind, value.getType());
  return arith::SelectOp::create(b, loc, valid, previous, identity);
}

Value wc::createSegmentedScan(OpBuilder &b, Location loc, CombiningKind kind,
                              Value value, Value head) {
  // The head of lane l's segment is the highest set bit of the head ballot
  // (lane 0 always starts a segment) at or below l.
  Value full = getMemberMask(b, loc, nullptr);
  Value heads = NVVM::VoteSyncOp::create(b, loc, b.getI32Type(), full, head,
                                         NVVM::VoteSyncKind::ballot);
  heads = arith::OrIOp::create(b, loc, heads, createI32(b, loc, 1));
  Value lane = createLaneIdI32(b, loc);
  // (2 << lane) - 1 sets bits 0..lane; for lane 31 the shift wraps to 0.
  Value atOrBelow = arith::SubIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, createI32(b, loc, 2), lane),
      createI32(b, loc, 1));
  Value leadingZeros = math::CountLeadingZerosOp::create(
      b, loc, arith::AndIOp::create(b, loc, heads, atOrBelow));
  Value segmentHead = arith::SubIOp::create(
      b, loc, createI32(b, loc, kWarpSize - 1), leadingZeros);

  Value result = value;
  for (int64_t distance = 1; distance < kWarpSize; distance *= 2) {
    Value lower = createShuffle(b, loc, ShuffleMode::up, result,
                                createI32(b, loc, distance), kWarpSize,
                                /*mask=*/nullptr);
    Value source =
        arith::SubIOp::create(b, loc, lane, createI32(b, loc, distance));
    Value inSegment = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                            source, segmentHead);
    Value combined = createCombine(b, loc, kind, lower, result);
    result = arith::SelectOp::create(b, loc, inSegment, combined, result);
  }
  return result;
}

Value wc::createWarpUniform(OpBuilder &b, Location loc, Value value,
                            const TargetDescription &target) {
  if (!target.hasIntegerRedux())
    return value;
  Value narrow = arith::IndexCastUIOp::create(b, loc, b.getI32Type(), value);
  Value uniform =
      NVVM::ReduxOp::create(b, loc, b.getI32Type(), narrow,
                            NVVM::ReduxKind::UMIN, createI32(b, loc, -1));
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), uniform);
}
