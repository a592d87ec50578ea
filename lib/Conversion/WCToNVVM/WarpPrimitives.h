//===- WarpPrimitives.h - NVVM building blocks for warp ops -----*- C++ -*-===//
//
// Emitters shared by the lowerings of `wc` collectives: shuffles of any
// scalar type, butterfly reductions, prefix scans and segmented scans built
// from `nvvm.shfl.sync`, `nvvm.vote.sync` and `nvvm.redux.sync`.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_CONVERSION_WCTONVVM_WARPPRIMITIVES_H
#define WC_LIB_CONVERSION_WCTONVVM_WARPPRIMITIVES_H

#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Dialect/WC/Utils/IndexUtils.h"
#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace wc {

/// Returns an i32 constant.
Value createI32(OpBuilder &b, Location loc, int64_t value);

/// `value`, an index that is the same in every lane of the converged warp
/// (an agent, a warp's role), as a value ptxas knows to be: computed from
/// the warp index `tid / 32`, it is not uniform to ptxas, so that a loop or
/// branch on it looks divergent; every warp sync below then gets a
/// divergence check and a reconvergence barrier, and the registers these
/// keep spill (a delegated tiled convolution spilled 132 bytes on sm_90
/// with the dynamic schedule, none with this). `redux.sync.min` of the
/// value (sm_80 and later) gives it back, uniform.
Value createWarpUniform(OpBuilder &b, Location loc, Value value,
                        const TargetDescription &target);

/// Rewrites each of `ops` into one branch per role on the warp's linear id,
/// its channels into mbarriers (`useMBarriers`) or named barriers, its role
/// syncs into warp syncs or named barriers, and, on targets with
/// setmaxnreg, its roles' `registers` into setmaxnreg around each role (the
/// kernel compiled with their budget: its `nvvm.maxnreg`).
void expandWarpSpecializeOps(ArrayRef<WarpSpecializeOp> ops,
                             const TargetDescription &target,
                             bool useMBarriers);

/// Returns `mask` when present, else the full-warp member mask.
Value getMemberMask(OpBuilder &b, Location loc, Value mask);

/// Moves `value` (a wc.shuffle scalar: up to 64 bits, or index) between
/// lanes with `nvvm.shfl.sync` of `mode` in segments of `width` lanes,
/// splitting 64-bit values into two shuffles and widening narrower ones.
/// When `valid` is non-null it receives whether the source lane was in range.
Value createShuffle(OpBuilder &b, Location loc, ShuffleMode mode, Value value,
                    Value offset, int64_t width, Value mask,
                    Value *valid = nullptr);

/// (`lhs kind rhs` is wc::createCombine, in WC.h.)

/// Returns the identity of `kind` for `type`.
Value createIdentity(OpBuilder &b, Location loc, CombiningKind kind, Type type);
/// The `redux.sync` kind computing `kind` on i32, if there is one.
std::optional<NVVM::ReduxKind> getReduxKind(CombiningKind kind);

/// Reduces `value` over clusters of `clusterSize` lanes spaced
/// `clusterStride` apart; every lane gets its cluster's result. Uses
/// `nvvm.redux.sync` where `target` has it, a shuffle butterfly otherwise.
Value createWarpReduce(OpBuilder &b, Location loc, CombiningKind kind,
                       Value value, int64_t clusterSize, int64_t clusterStride,
                       const TargetDescription &target);

/// Inclusive (or exclusive) prefix scan of `value` over the warp's lanes.
Value createWarpScan(OpBuilder &b, Location loc, CombiningKind kind,
                     Value value, bool exclusive);

/// Inclusive scan of `value` restarted at every lane whose `head` is set.
Value createSegmentedScan(OpBuilder &b, Location loc, CombiningKind kind,
                          Value value, Value head);

} // namespace wc
} // namespace mlir

#endif // WC_LIB_CONVERSION_WCTONVVM_WARPPRIMITIVES_H
