//===- RemapPlan.h - What wc-remap does with each buffer --------*- C++ -*-===//
//
// The planning half of wc-remap (lib/Transforms/RegisterRemap.cpp does the
// rewrite): for one workgroup buffer of a warp job, the element every access
// touches relative to the thread, the layout that makes every store the
// storing lane's own, or the reason the buffer stays in shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_TRANSFORMS_REMAPPLAN_H
#define WC_LIB_TRANSFORMS_REMAPPLAN_H

#include "WC/Analysis/SharedAccess.h"
#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <optional>
#include <string>

namespace mlir {
namespace wc {
struct TargetDescription;
namespace remap {
/// Which element an access reads or writes, in positions of the lane array
/// (position `p` is slot `p / 32` of lane `p % 32`; thread `t` is virtual
/// thread `t / 32` of lane `t % 32`).
struct Element {
  enum class Kind {
    /// Position `t + value`.
    Relative,
    /// Position `value`, the same for every thread.
    Fixed,
    /// Position `t xor value`.
    Butterfly,
  };
  Kind kind;
  int64_t value;

  bool operator==(const Element &other) const {
    return kind == other.kind && value == other.value;
  }
};

/// An access and the element(s) it touches: two for a load whose index
/// selects between two elements.
struct PlannedAccess {
  Operation *op;
  bool isStore;
  SmallVector<Element, 2> elements;
  Value selectCondition;
  /// The select's condition as a thread-id comparison when it was made in
  /// an earlier phase (`selectCondition` is then null).
  std::optional<ThreadBound> selectBound;
  /// For a store to a fixed element: the one thread that executes it.
  int64_t writer = -1;
};

/// What the rewrite of one buffer needs.
struct BufferPlan {
  Value buffer;
  /// The buffer's position in the kernel's workgroup attributions, or -1
  /// for an allocation op.
  int bufferIndex = -1;
  Type elementType;
  int64_t numElements = 0;
  /// Position of element `e` is `e + shift`: a layout that makes every
  /// store write the storing lane's own element.
  int64_t shift = 0;
  LaneArrayType arrayType;
  SmallVector<PlannedAccess> accesses;
};

/// The range [lo, hi) of linear thread ids that may execute an op.
struct ThreadRange {
  int64_t lo, hi;
};

/// A name for a buffer in remarks (`index`: its workgroup attribution, or -1).
std::string describeBuffer(Value buffer, int index);

/// The linear thread ids of a job of block shape `block` that may execute
/// `op`, from the `tid < c`-like `scf.if` conditions around it in `phase`.
ThreadRange getThreadRange(Operation *op, VThreadsOp phase,
                           ArrayRef<int64_t> block);

/// The lanes [first, last] of virtual thread `v` within `range`, if any.
std::optional<std::pair<int64_t, int64_t>> getActiveLanes(ThreadRange range,
                                                          int64_t v);

/// The element `index` (with `xorMask` as in SharedAccess) names relative to
/// the thread, or nullopt with the reason in `why`.
std::optional<Element> toElement(AffineExpr index, int64_t xorMask,
                                 ArrayRef<int64_t> block, std::string &why);

/// Where toElement refused `index` of `access` as a warp-uniform value that
/// is no constant, adds to `why` what computes it: a loop wc-remap does not
/// unroll (its trip count), or no loop at all.
void explainUniformIndex(WarpJobOp job, Operation *access, AffineExpr index,
                         int64_t xorMask, std::string &why);

/// The checks of planBuffer on `buffer` as a whole (its uses, shape,
/// element type and allocation), which start `plan`; on failure the reason
/// in `why` and the offending op, if any, in `culprit`.
LogicalResult checkBuffer(WarpJobOp job, const SharedBufferAccesses &buffer,
                          BufferPlan &plan, std::string &why,
                          Operation *&culprit);

/// Plans the remapping of `buffer`, or fails with the reason in `why` and
/// the offending op in `culprit`.
FailureOr<BufferPlan> planBuffer(WarpJobOp job,
                                 const SharedBufferAccesses &buffer,
                                 std::string &why, Operation *&culprit);

/// The first op between the accesses of `plan` and `job` that the rewrite
/// cannot carry values through, or null.
Operation *findUnsupportedControl(WarpJobOp job, const BufferPlan &plan);

/// A workgroup buffer whose innermost dimension is padded so that the
/// warps' accesses meet fewer bank conflicts.
struct PaddingPlan {
  Value buffer;
  /// The buffer's position in the kernel's workgroup attributions.
  int bufferIndex;
  MemRefType newType;
  /// Elements added to the innermost dimension.
  int64_t padding;
  /// Shared-memory wavefronts of the buffer's accesses per job (every
  /// virtual thread, loop trips counted), before and after padding.
  int64_t wavefrontsBefore, wavefrontsAfter;
  /// Where the rows were kept a multiple of this many bytes for the tile's
  /// copy by cp.async at the cost of wavefronts, that multiple; else 0.
  int64_t rowAlignment;
};

/// Plans the padding of the workgroup attributions of `func`, accessed in
/// its warp jobs, that are served in fewer wavefronts when padded (within
/// the static shared memory of `target`, and keeping as many one-warp blocks
/// resident).
SmallVector<PaddingPlan> planPadding(gpu::GPUFuncOp func,
                                     const TargetDescription &target);

/// Rewrites the accesses of the buffer of `plan` in `job` (RegisterRemap.cpp);
/// returns the register reads and the shuffles it added.
std::pair<unsigned, unsigned> applyBufferPlan(WarpJobOp job,
                                              const BufferPlan &plan);

/// Pads the buffer of `plan`; its loads and stores keep their indices.
void applyPadding(const PaddingPlan &plan);

/// Plans and applies the padding of the buffers of `func`, with a remark per
/// padded buffer.
void padSharedBuffers(gpu::GPUFuncOp func, const TargetDescription &target);

/// Unrolls, in `func`, the uniform constant-trip loops that keep buffer
/// indices from being constants relative to the thread, then folds them.
void unrollForRemap(gpu::GPUFuncOp func);

/// Called for a buffer that stays in shared memory, with the reason and the
/// offending op (or null).
using RefusalCallback =
    llvm::function_ref<void(Value buffer, StringRef why, Operation *culprit)>;

/// What unrollForRemap would do for `func`, decided without changing it.
enum class UnrollDecision {
  /// No loop decides a buffer index: unrollForRemap would change nothing.
  notNeeded,
  /// Unrolling may let some buffer become a lane array.
  promising,
  /// Unrolling is needed, and no buffer could become a lane array after
  /// it; `refuse` was called for each.
  refused,
};

/// Whether unrollForRemap would change `func`, and if so whether it may let
/// a buffer of its warp jobs become a lane array, decided on `func` as it
/// stands: the checks of planBuffer that do not need the unrolled kernel,
/// each access with the iterations of the loops around it substituted.
/// Calls `refuse` for each buffer that cannot (only where unrolling is
/// needed).
UnrollDecision decideUnrollForRemap(gpu::GPUFuncOp func,
                                    RefusalCallback refuse);

/// Calls `fn` for each buffer of the warp jobs of `func` that is planned on
/// its own: attributions and allocations, not views of them.
void forEachPlannedBuffer(
    gpu::GPUFuncOp func,
    llvm::function_ref<void(WarpJobOp, const SharedBufferAccesses &)> fn);

} // namespace remap
} // namespace wc
} // namespace mlir

#endif // WC_LIB_TRANSFORMS_REMAPPLAN_H
