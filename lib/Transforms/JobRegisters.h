//===- JobRegisters.h - Registers a warp job keeps per lane -----*- C++ -*-===//
//
// The register estimate of wc-aggregate: how many 32-bit registers per lane
// the values a coarsened kernel keeps per virtual thread need at once.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_TRANSFORMS_JOBREGISTERS_H
#define WC_LIB_TRANSFORMS_JOBREGISTERS_H

#include "WC/Dialect/WC/IR/WC.h"

namespace mlir {
namespace wc {
/// Estimates the 32-bit registers per lane that the per-virtual-thread
/// vectors of `job` need at their peak: each vector is live from its
/// definition to its last use, a use inside a loop that does not define it
/// keeping it live to the loop's end.
int64_t estimatePeakRegisters(WarpJobOp job);
} // namespace wc
} // namespace mlir

#endif // WC_LIB_TRANSFORMS_JOBREGISTERS_H
