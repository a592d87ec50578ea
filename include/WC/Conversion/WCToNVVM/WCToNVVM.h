//===- WCToNVVM.h - Lowering of the wc dialect to NVVM ----------*- C++ -*-===//
//
// Entry points of the `wc` to NVVM lowering, usable outside the pass.
//
//===----------------------------------------------------------------------===//

#ifndef WC_CONVERSION_WCTONVVM_WCTONVVM_H
#define WC_CONVERSION_WCTONVVM_WCTONVVM_H

namespace mlir {
class Operation;
class RewritePatternSet;
class TypeConverter;
namespace wc {
struct TargetDescription;

/// Rewrites the structure ops nested in `root` into ordinary control flow:
/// inlines `wc.warp_job`, unrolls `wc.vthreads` over the virtual threads of
/// the lane, turns `wc.job_loop` into a job loop of the chosen schedule and
/// `wc.warp_specialize` into one branch per role, its channels on mbarriers
/// (`useMBarriers`, sm_90) or on named barriers, for chips like `target`.
void expandWarpStructure(Operation *root, const TargetDescription &target,
                         bool useMBarriers);

/// Adds to `converter` the conversion of `!wc.lane_array<N x T>` to the
/// per-lane registers `vector<S x T>`.
void populateLaneArrayTypeConversion(TypeConverter &converter);

/// Adds the patterns lowering the non-structure `wc` ops to NVVM, `arith`,
/// `scf`, `vector` and `memref` ops for `target`.
void populateWCToNVVMConversionPatterns(TypeConverter &converter,
                                        RewritePatternSet &patterns,
                                        const TargetDescription &target);

} // namespace wc
} // namespace mlir

#endif // WC_CONVERSION_WCTONVVM_WCTONVVM_H
