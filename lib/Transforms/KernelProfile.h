//===- KernelProfile.h - What wc-consolidate looks at in a kernel -*- C++
//-*-===//
//
// The facts of a kernel that the cost model (Consolidate.cpp) decides from:
// its barriers and workgroup memory, a loop that makes its jobs differ in
// length, a loop that streams global memory, loads whose neighbouring
// blocks share sectors, and the most jobs a launch starts.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_TRANSFORMS_KERNELPROFILE_H
#define WC_LIB_TRANSFORMS_KERNELPROFILE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <optional>

namespace mlir {
namespace wc {

/// What the cost model looks at in a kernel.
struct KernelProfile {
  unsigned barriers = 0;
  /// About how many ops one thread runs (loops of constant trips counted
  /// once per trip, of unknown trips 8 times): how long a job is.
  int64_t threadOps = 0;
  /// gpu.all_reduce ops: block-wide communication without a barrier op.
  unsigned blockReductions = 0;
  bool workgroupMemory = false;
  /// A loop whose trip count depends on the block's position or on data:
  /// the jobs may differ in length.
  Operation *imbalance = nullptr;
  /// The most jobs a launch starts, when every launch has a constant grid.
  std::optional<int64_t> maxJobs;
  /// A loop without barrier that loads global memory for many iterations
  /// per thread (or a number unknown at compile time): the block's memory
  /// streams, which a one-warp job would run one after another.
  Operation *streaming = nullptr;
  /// Its iterations per thread, when they are bounded at compile time.
  std::optional<int64_t> streamingTrips;
  /// A global load whose neighbouring blocks (along x) read the same 32-byte
  /// sectors while its neighbouring threads do not: the jobs of one
  /// hyper-CTA, which are neighbours, would share the SM's L1.
  Operation *sharedSectors = nullptr;
};

/// The profile of `func`, launched by `launches`.
KernelProfile profileKernel(gpu::GPUFuncOp func,
                            ArrayRef<gpu::LaunchFuncOp> launches);

/// Whether `value` is computed from memory contents.
bool dependsOnMemory(Value value);

} // namespace wc
} // namespace mlir

#endif // WC_LIB_TRANSFORMS_KERNELPROFILE_H
