//===- Versioning.h - Run-time alignment tests and versioned ops -*- C++
//-*-===//
//
// Helpers of the passes that emit wide accesses (wc-async-copy,
// wc-vectorize): tests of a view's alignment at run time, and an op put
// under such a test with its original as the other branch.
//
//===----------------------------------------------------------------------===//

#ifndef WC_TRANSFORMS_VERSIONING_H
#define WC_TRANSFORMS_VERSIONING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace wc {

/// `value mod alignment == 0`, for a power of two `alignment`.
Value isMultipleOf(OpBuilder &b, Location loc, Value value, int64_t alignment);

/// Whether the element of `memref` at `src` is at an address that is a
/// multiple of `alignment` bytes; with no indices, whether the view's first
/// element and rows are.
Value isViewAligned(OpBuilder &b, Location loc, Value memref, int64_t alignment,
                    ValueRange src);

/// The address of the element of `memref` at `indices` (with fewer
/// indices, the leading ones; with none, the view's first element), as an
/// index.
Value getElementAddress(OpBuilder &b, Location loc, Value memref,
                        ValueRange indices);

/// Puts `op` in the then-branch of an `scf.if` on `condition` whose
/// else-branch is a copy of it; `mapping`, if given, maps `op` and what it
/// holds to the copy.
void versionOp(Operation *op, Value condition, IRMapping *mapping = nullptr);

} // namespace wc
} // namespace mlir

#endif // WC_TRANSFORMS_VERSIONING_H
