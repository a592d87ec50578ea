//===- GPUToWC.h - gpu subgroup ops to wc collectives -----------*- C++ -*-===//
//
// Patterns that rewrite the `gpu` subgroup ops upstream MLIR cannot lower
// to NVVM into `wc` collectives and id arithmetic.
//
//===----------------------------------------------------------------------===//

#ifndef WC_CONVERSION_GPUTOWC_GPUTOWC_H
#define WC_CONVERSION_GPUTOWC_GPUTOWC_H

namespace mlir {
class RewritePatternSet;
namespace wc {

/// Adds patterns rewriting `gpu.subgroup_reduce`, `gpu.subgroup_id`,
/// `gpu.num_subgroups`, `gpu.subgroup_size`, `gpu.rotate` and
/// `gpu.subgroup_broadcast` into `wc` ops, `gpu` ids and `arith`.
void populateGPUSubgroupToWCPatterns(RewritePatternSet &patterns);

} // namespace wc
} // namespace mlir

#endif // WC_CONVERSION_GPUTOWC_GPUTOWC_H
