//===- TileLoop.h - The tile loop that wc-specialize splits -----*- C++ -*-===//
//
// The matching half of wc-specialize (lib/Transforms/WarpSpecialize.cpp
// builds the roles): a kernel's loop over tiles, split at its barriers into
// the copy part and the compute part.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_TRANSFORMS_TILELOOP_H
#define WC_LIB_TRANSFORMS_TILELOOP_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <string>

namespace mlir {
namespace wc {
/// A tile loop of a kernel, split at its last two barriers.
struct TileLoop {
  scf::ForOp loop;
  /// The ops before the last barrier but one (the barriers among them
  /// excluded), and those between the last two barriers.
  SmallVector<Operation *> copy, compute;
  /// The workgroup attributions the copy writes (the tile buffers).
  SmallVector<BlockArgument> tiles;
  /// The ops of `copy` whose values the compute part uses, with the ops of
  /// `copy` they are made from, in the copy's order: pure arithmetic (an
  /// index such as tx + 1) that the consumers recompute.
  SmallVector<Operation *> sharedWithCompute;
  /// Pairs of kernel arguments (one the copy loads, one the compute part or
  /// the kernel before the loop writes) that every launch must pass as
  /// distinct memory: the producer warps load ahead of those writes.
  SmallVector<std::pair<unsigned, unsigned>> mustNotAlias;
};

/// Finds the tile loop of `func`, or fails with the reason in `why` and the
/// offending op, if any, in `at`.
FailureOr<TileLoop> matchTileLoop(gpu::GPUFuncOp func, std::string &why,
                                  Operation *&at);
} // namespace wc
} // namespace mlir

#endif // WC_LIB_TRANSFORMS_TILELOOP_H
