//===- Versioning.cpp - Run-time alignment tests and versioned ops --------===//
//
// See Versioning.h.
//
//===----------------------------------------------------------------------===//

#include "Versioning.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

Value wc::isMultipleOf(OpBuilder &b, Location loc, Value value,
                       int64_t alignment) {
  Value low = arith::AndIOp::create(
      b, loc, value, arith::ConstantIndexOp::create(b, loc, alignment - 1));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, low,
                               arith::ConstantIndexOp::create(b, loc, 0));
}

Value wc::isViewAligned(OpBuilder &b, Location loc, Value memref,
                        int64_t alignment, ValueRange src) {
  // The run's first element.
  if (!src.empty())
    return isMultipleOf(b, loc, getElementAddress(b, loc, memref, src),
                        alignment);
  // The view's first element and its rows.
  auto type = cast<MemRefType>(memref.getType());
  Value bytes =
      arith::ConstantIndexOp::create(b, loc, type.getElementTypeBitWidth() / 8);
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value aligned =
      isMultipleOf(b, loc, getElementAddress(b, loc, memref, {}), alignment);
  for (Value stride : metadata.getStrides().drop_back())
    aligned = arith::AndIOp::create(
        b, loc, aligned,
        isMultipleOf(b, loc, arith::MulIOp::create(b, loc, stride, bytes),
                     alignment));
  return aligned;
}

Value wc::getElementAddress(OpBuilder &b, Location loc, Value memref,
                            ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value element = metadata.getOffset();
  for (auto [index, stride] : llvm::zip(indices, metadata.getStrides()))
    element = arith::AddIOp::create(
        b, loc, element, arith::MulIOp::create(b, loc, index, stride));
  Value bytes =
      arith::ConstantIndexOp::create(b, loc, type.getElementTypeBitWidth() / 8);
  return arith::AddIOp::create(b, loc, base,
                               arith::MulIOp::create(b, loc, element, bytes));
}

void wc::versionOp(Operation *op, Value condition, IRMapping *mapping) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  auto branch = scf::IfOp::create(b, loc, op->getResultTypes(), condition,
                                  /*addThenBlock=*/true,
                                  /*addElseBlock=*/true);
  b.setInsertionPointToStart(branch.elseBlock());
  IRMapping local;
  Operation *original = b.clone(*op, mapping ? *mapping : local);
  scf::YieldOp::create(b, loc, original->getResults());
  b.setInsertionPointToStart(branch.thenBlock());
  auto yield = scf::YieldOp::create(b, loc, op->getResults());
  for (auto [from, to] : llvm::zip(op->getResults(), branch.getResults()))
    from.replaceAllUsesExcept(to, yield);
  op->moveBefore(yield);
}
