//===- CombiningKinds.cpp - The combining kinds of wc's collectives -------===//
//
// Combining kinds of warp reductions and scans, and how they map to and
// from arith reductions and ops, atomics and `gpu` reductions; identities
// and combines.
//
//===----------------------------------------------------------------------===//

#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wc;

arith::AtomicRMWKind wc::getArithReductionKind(CombiningKind kind, Type type) {
  bool isFloat = isa<FloatType>(type);
  switch (kind) {
  case CombiningKind::add:
    return isFloat ? arith::AtomicRMWKind::addf : arith::AtomicRMWKind::addi;
  case CombiningKind::mul:
    return isFloat ? arith::AtomicRMWKind::mulf : arith::AtomicRMWKind::muli;
  case CombiningKind::minsi:
    return arith::AtomicRMWKind::mins;
  case CombiningKind::minui:
    return arith::AtomicRMWKind::minu;
  case CombiningKind::maxsi:
    return arith::AtomicRMWKind::maxs;
  case CombiningKind::maxui:
    return arith::AtomicRMWKind::maxu;
  case CombiningKind::minnumf:
    return arith::AtomicRMWKind::minnumf;
  case CombiningKind::maxnumf:
    return arith::AtomicRMWKind::maxnumf;
  case CombiningKind::minimumf:
    return arith::AtomicRMWKind::minimumf;
  case CombiningKind::maximumf:
    return arith::AtomicRMWKind::maximumf;
  case CombiningKind::and_:
    return arith::AtomicRMWKind::andi;
  case CombiningKind::or_:
    return arith::AtomicRMWKind::ori;
  case CombiningKind::xor_:
    return arith::AtomicRMWKind::xori;
  }
  llvm_unreachable("unknown combining kind");
}

bool wc::isAggregatedRMWKind(CombiningKind kind) {
  switch (kind) {
  case CombiningKind::and_:
  case CombiningKind::or_:
  case CombiningKind::minsi:
  case CombiningKind::minui:
  case CombiningKind::maxsi:
  case CombiningKind::maxui:
    return true;
  default:
    return false;
  }
}

std::optional<CombiningKind> wc::getCombiningKind(arith::AtomicRMWKind kind) {
  switch (kind) {
  case arith::AtomicRMWKind::addf:
  case arith::AtomicRMWKind::addi:
    return CombiningKind::add;
  case arith::AtomicRMWKind::mulf:
  case arith::AtomicRMWKind::muli:
    return CombiningKind::mul;
  case arith::AtomicRMWKind::mins:
    return CombiningKind::minsi;
  case arith::AtomicRMWKind::minu:
    return CombiningKind::minui;
  case arith::AtomicRMWKind::maxs:
    return CombiningKind::maxsi;
  case arith::AtomicRMWKind::maxu:
    return CombiningKind::maxui;
  case arith::AtomicRMWKind::minnumf:
    return CombiningKind::minnumf;
  case arith::AtomicRMWKind::maxnumf:
    return CombiningKind::maxnumf;
  case arith::AtomicRMWKind::minimumf:
    return CombiningKind::minimumf;
  case arith::AtomicRMWKind::maximumf:
    return CombiningKind::maximumf;
  case arith::AtomicRMWKind::andi:
    return CombiningKind::and_;
  case arith::AtomicRMWKind::ori:
    return CombiningKind::or_;
  case arith::AtomicRMWKind::xori:
    return CombiningKind::xor_;
  case arith::AtomicRMWKind::assign:
    return std::nullopt;
  }
  llvm_unreachable("unknown atomic kind");
}

/// Maps a `gpu` reduction kind to the wc one.
CombiningKind wc::getCombiningKind(gpu::AllReduceOperation op) {
  switch (op) {
  case gpu::AllReduceOperation::ADD:
    return CombiningKind::add;
  case gpu::AllReduceOperation::MUL:
    return CombiningKind::mul;
  case gpu::AllReduceOperation::MINUI:
    return CombiningKind::minui;
  case gpu::AllReduceOperation::MINSI:
    return CombiningKind::minsi;
  case gpu::AllReduceOperation::MINNUMF:
    return CombiningKind::minnumf;
  case gpu::AllReduceOperation::MAXUI:
    return CombiningKind::maxui;
  case gpu::AllReduceOperation::MAXSI:
    return CombiningKind::maxsi;
  case gpu::AllReduceOperation::MAXNUMF:
    return CombiningKind::maxnumf;
  case gpu::AllReduceOperation::AND:
    return CombiningKind::and_;
  case gpu::AllReduceOperation::OR:
    return CombiningKind::or_;
  case gpu::AllReduceOperation::XOR:
    return CombiningKind::xor_;
  case gpu::AllReduceOperation::MINIMUMF:
    return CombiningKind::minimumf;
  case gpu::AllReduceOperation::MAXIMUMF:
    return CombiningKind::maximumf;
  }
  llvm_unreachable("unknown gpu reduction");
}

gpu::AllReduceOperation wc::getAllReduceOperation(CombiningKind kind) {
  for (auto op :
       {gpu::AllReduceOperation::ADD, gpu::AllReduceOperation::MUL,
        gpu::AllReduceOperation::MINUI, gpu::AllReduceOperation::MINSI,
        gpu::AllReduceOperation::MINNUMF, gpu::AllReduceOperation::MAXUI,
        gpu::AllReduceOperation::MAXSI, gpu::AllReduceOperation::MAXNUMF,
        gpu::AllReduceOperation::AND, gpu::AllReduceOperation::OR,
        gpu::AllReduceOperation::XOR, gpu::AllReduceOperation::MINIMUMF,
        gpu::AllReduceOperation::MAXIMUMF})
    if (getCombiningKind(op) == kind)
      return op;
  llvm_unreachable("unknown combining kind");
}

std::optional<CombiningKind> wc::getCombiningKindOf(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<CombiningKind>>(op)
      .Case<arith::AddIOp, arith::AddFOp>(
          [](Operation *) { return CombiningKind::add; })
      .Case<arith::MulIOp, arith::MulFOp>(
          [](Operation *) { return CombiningKind::mul; })
      .Case([](arith::AndIOp) { return CombiningKind::and_; })
      .Case([](arith::OrIOp) { return CombiningKind::or_; })
      .Case([](arith::XOrIOp) { return CombiningKind::xor_; })
      .Case([](arith::MaxSIOp) { return CombiningKind::maxsi; })
      .Case([](arith::MinSIOp) { return CombiningKind::minsi; })
      .Case([](arith::MaxUIOp) { return CombiningKind::maxui; })
      .Case([](arith::MinUIOp) { return CombiningKind::minui; })
      .Case([](arith::MaxNumFOp) { return CombiningKind::maxnumf; })
      .Case([](arith::MinNumFOp) { return CombiningKind::minnumf; })
      .Case([](arith::MaximumFOp) { return CombiningKind::maximumf; })
      .Case([](arith::MinimumFOp) { return CombiningKind::minimumf; })
      .Default([](Operation *) { return std::nullopt; });
}

std::optional<CombiningKind> wc::getAllReduceKind(gpu::AllReduceOp reduce) {
  if (std::optional<gpu::AllReduceOperation> op = reduce.getOp())
    return getCombiningKind(*op);
  Region &body = reduce.getBody();
  if (!body.hasOneBlock() || body.front().getNumArguments() != 2)
    return std::nullopt;
  Block &block = body.front();
  // One op on the two arguments, yielded.
  if (block.getOperations().size() != 2)
    return std::nullopt;
  Operation &combine = block.front();
  auto yield = dyn_cast<gpu::YieldOp>(block.getTerminator());
  if (!yield || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != combine.getResult(0) ||
      combine.getNumOperands() != 2 || combine.getNumResults() != 1)
    return std::nullopt;
  Value a = block.getArgument(0), b = block.getArgument(1);
  if (!((combine.getOperand(0) == a && combine.getOperand(1) == b) ||
        (combine.getOperand(0) == b && combine.getOperand(1) == a)))
    return std::nullopt;
  return getCombiningKindOf(&combine);
}

Value wc::createCombiningIdentity(OpBuilder &b, Location loc,
                                  CombiningKind kind, Type type) {
  // -0.0, not upstream's +0.0, is the identity of a float sum: x + (-0.0) is
  // x for every x, -0.0 too.
  if (auto floatType = dyn_cast<FloatType>(type);
      floatType && kind == CombiningKind::add)
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(floatType, -0.0));
  if (!type.isIndex())
    return arith::getIdentityValue(getArithReductionKind(kind, type), type, b,
                                   loc);
  APInt value = APInt::getZero(64);
  if (kind == CombiningKind::and_ || kind == CombiningKind::minui)
    value = APInt::getAllOnes(64);
  else if (kind == CombiningKind::maxsi)
    value = APInt::getSignedMinValue(64);
  else if (kind == CombiningKind::minsi)
    value = APInt::getSignedMaxValue(64);
  else if (kind == CombiningKind::mul)
    value = APInt(64, 1);
  return arith::ConstantOp::create(b, loc,
                                   b.getIndexAttr(value.getSExtValue()));
}

Value wc::createCombine(OpBuilder &b, Location loc, CombiningKind kind,
                        Value lhs, Value rhs) {
  return arith::getReductionOp(getArithReductionKind(kind, lhs.getType()), b,
                               loc, lhs, rhs);
}
