//===- IndexUtils.cpp - Index arithmetic the wc rewrites build ------------===//

#include "WC/Dialect/WC/Utils/IndexUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

Value wc::createIndexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value wc::createLaneIdI32(OpBuilder &b, Location loc) {
  Value lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);
  return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), lane);
}

SmallVector<Value, 3> wc::delinearize(OpBuilder &b, Location loc, Value linear,
                                      ArrayRef<OpFoldResult> extents,
                                      std::optional<int64_t> bound) {
  assert(extents.size() == 3 && "expected (x, y, z) extents");
  SmallVector<Value, 3> ids;
  Value rest = linear;
  for (unsigned d = 0; d < 3; ++d) {
    if (bound && *bound <= 1) {
      ids.push_back(createIndexConstant(b, loc, 0));
      continue;
    }
    std::optional<int64_t> extent = getConstantIntValue(extents[d]);
    if (d == 2 || (bound && extent && *bound <= *extent)) {
      ids.push_back(rest);
      bound = 1;
      continue;
    }
    Value divisor = getValueOrCreateConstantIndexOp(b, loc, extents[d]);
    ids.push_back(b.createOrFold<arith::RemUIOp>(loc, rest, divisor));
    rest = b.createOrFold<arith::DivUIOp>(loc, rest, divisor);
    if (bound)
      bound = extent ? std::optional<int64_t>(llvm::divideCeil(*bound, *extent))
                     : std::nullopt;
  }
  return ids;
}

Value wc::createLinearThreadId(OpBuilder &b, Location loc,
                               ArrayRef<int64_t> shape) {
  Value x = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value y = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value z = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
  Value yz = arith::AddIOp::create(
      b, loc, y,
      arith::MulIOp::create(b, loc, createIndexConstant(b, loc, shape[1]), z));
  return arith::AddIOp::create(
      b, loc, x,
      arith::MulIOp::create(b, loc, createIndexConstant(b, loc, shape[0]), yz));
}

std::pair<Value, Value> wc::createLinearBlockId(OpBuilder &b, Location loc) {
  SmallVector<Value, 3> ids, sizes;
  for (gpu::Dimension dim :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
    ids.push_back(gpu::BlockIdOp::create(b, loc, dim));
    sizes.push_back(gpu::GridDimOp::create(b, loc, dim));
  }
  Value yz = arith::AddIOp::create(
      b, loc, ids[1], arith::MulIOp::create(b, loc, sizes[1], ids[2]));
  Value block = arith::AddIOp::create(
      b, loc, ids[0], arith::MulIOp::create(b, loc, sizes[0], yz));
  Value blocks = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, sizes[0], sizes[1]), sizes[2]);
  return {block, blocks};
}

Value wc::createGlobalId(OpBuilder &b, Location loc, Value blockId,
                         int64_t blockSize, Value threadId) {
  return arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, blockId,
                            createIndexConstant(b, loc, blockSize)),
      threadId);
}
