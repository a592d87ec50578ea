//===- Aggregation.h - Rewrites of warp aggregation -------------*- C++ -*-===//
//
// The two kernel rewrites of warp aggregation, usable by any pass that
// decides to apply them (wc-aggregate, and wc-consolidate through
// aggregateKernel): resizing a kernel into one-warp blocks, and coarsening
// it into a warp job whose lanes run the original threads as virtual
// threads.
//
//===----------------------------------------------------------------------===//

#ifndef WC_TRANSFORMS_AGGREGATION_H
#define WC_TRANSFORMS_AGGREGATION_H

#include "WC/Dialect/WC/Utils/IndexUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"

#include <array>
#include <string>

namespace mlir {
namespace wc {
class UniformityAnalysis;

/// The (x, y, z) shape of a thread block.
using BlockShape = std::array<int64_t, 3>;

inline int64_t getNumThreads(BlockShape shape) {
  return shape[0] * shape[1] * shape[2];
}

/// Whether `op` is a collective that coarsening runs at warp level, for
/// every virtual thread at once (a block or warp reduction, a lane
/// shuffle): like a barrier, every thread must reach it.
inline bool isThreadCollective(Operation *op) {
  return isa<gpu::AllReduceOp, gpu::SubgroupReduceOp, gpu::ShuffleOp>(op);
}

/// Returns the block shape of `func`: its `known_block_size`, else the
/// constant block size of its launches, which must all agree. Fails with
/// the reason in `why`.
FailureOr<BlockShape> getBlockShape(gpu::GPUFuncOp func,
                                    ArrayRef<gpu::LaunchFuncOp> launches,
                                    std::string &why);

/// Rewrites `func`, a kernel with blocks of `shape`, to run with one-warp
/// blocks, `warps` of them per original block along x, rebuilding every
/// original id and masking the tail of a partial last warp. Launch sites are
/// the caller's. Fails, with the reason in `why` and `func` unchanged, when
/// the tail cannot be masked (a multi-block body).
LogicalResult resizeKernel(gpu::GPUFuncOp func, BlockShape shape, int64_t warps,
                           std::string &why);

/// What coarsening built.
struct CoarseningStats {
  unsigned phases = 0;
  unsigned warpSyncs = 0;
  unsigned removedBarriers = 0;
  /// gpu.all_reduce and gpu.subgroup_reduce ops made warp reductions.
  unsigned reductions = 0;
  /// Peak 32-bit registers per lane holding values across barriers.
  int64_t replicatedRegisters = 0;
};

/// Returns the barriers of `func` that order no conflicting memory accesses
/// (found by upstream's barrier elimination, each barrier tried with those
/// found before it detached; `func` is left as it was).
llvm::DenseSet<Operation *> findRemovableBarriers(gpu::GPUFuncOp func);

/// Rewrites the body of `func`, a single-block kernel with blocks of
/// `shape`, into a wc.warp_job split at its barriers into wc.vthreads
/// phases; barriers become wc.warp_sync, except those in `removable`, which
/// vanish.
/// Every barrier must be under uniform control (per `uniformity`). Fails,
/// with the reason in `why` and `func` unchanged, on a construct it cannot
/// coarsen or when the replicated values need more than `registerBudget`
/// registers per lane.
FailureOr<CoarseningStats>
coarsenKernel(gpu::GPUFuncOp func, BlockShape shape,
              const llvm::DenseSet<Operation *> &removable,
              const UniformityAnalysis &uniformity, int64_t registerBudget,
              std::string &why);

/// Rewrites the body of `role`, a role region of wc.warp_specialize whose
/// threads are those of a block of `shape`, into a wc.warp_job that one warp
/// runs, in place: the role's code between its channel signals and waits
/// becomes wc.vthreads phases, and the warp signals and waits itself, once
/// (each stage must be uniform). Fails, with the reason in `why` and `role`
/// unchanged, as coarsenKernel does, and when the role uses its warp index
/// or a value from around it other than a kernel argument.
FailureOr<CoarseningStats> coarsenRole(Region &role, BlockShape shape,
                                       const UniformityAnalysis &uniformity,
                                       int64_t registerBudget,
                                       std::string &why);

} // namespace wc
} // namespace mlir

#endif // WC_TRANSFORMS_AGGREGATION_H
