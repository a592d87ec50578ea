//===- JobCleanup.h - Clean-ups of warp jobs after a rewrite ---*- C++ -*-===//

#ifndef WC_LIB_TRANSFORMS_JOBCLEANUP_H
#define WC_LIB_TRANSFORMS_JOBCLEANUP_H

#include "WC/Dialect/WC/IR/WC.h"

namespace mlir {
namespace wc {

/// Forwards the results of phases of `job` that pass a vector through and
/// erases the phases left with no used result and no effect.
void simplifyPhases(WarpJobOp job);

/// Erases the warp syncs of `job` that order nothing another one does not
/// (no memory access between them and the next or previous sync, or the
/// job's start or end). Returns how many.
unsigned eraseRedundantWarpSyncs(WarpJobOp job);

} // namespace wc
} // namespace mlir

#endif // WC_LIB_TRANSFORMS_JOBCLEANUP_H
