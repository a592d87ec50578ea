//===- IndexUtils.h - Index arithmetic the wc rewrites build ----*- C++ -*-===//
//
// Index constants, the lane id, and the split of a linear id into (x, y, z)
// ids, shared by the passes (kernel resizing) and the conversions (subgroup
// ops, virtual threads, job ids).
//
//===----------------------------------------------------------------------===//

#ifndef WC_DIALECT_WC_UTILS_INDEXUTILS_H
#define WC_DIALECT_WC_UTILS_INDEXUTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include <optional>

namespace mlir {
namespace wc {

/// Returns an index constant.
Value createIndexConstant(OpBuilder &b, Location loc, int64_t value);

/// Returns the lane id (`gpu.lane_id`) as an i32, the type of the warp
/// instructions' lane operands.
Value createLaneIdI32(OpBuilder &b, Location loc);

/// The calling thread's linear id in a block of `shape` (x varying fastest),
/// from its gpu.thread_id x, y and z.
Value createLinearThreadId(OpBuilder &b, Location loc, ArrayRef<int64_t> shape);

/// The calling block's linear id in the grid (x varying fastest) and the
/// grid's number of blocks, from gpu.block_id and gpu.grid_dim.
std::pair<Value, Value> createLinearBlockId(OpBuilder &b, Location loc);

/// The global id `blockId * blockSize + threadId` (one dimension) of a
/// thread of a block of `blockSize` threads in that dimension.
Value createGlobalId(OpBuilder &b, Location loc, Value blockId,
                     int64_t blockSize, Value threadId);

/// Splits linear id `linear` into the (x, y, z) ids of a box of `extents`,
/// x varying fastest; z is what is left after x and y. Divisions that fold
/// (an extent of 1) or that `bound`, an exclusive upper bound of `linear`
/// when known, makes identities are not emitted.
SmallVector<Value, 3> delinearize(OpBuilder &b, Location loc, Value linear,
                                  ArrayRef<OpFoldResult> extents,
                                  std::optional<int64_t> bound = std::nullopt);

} // namespace wc
} // namespace mlir

#endif // WC_DIALECT_WC_UTILS_INDEXUTILS_H
