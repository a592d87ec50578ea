//===- SharedAccess.h - Index patterns of workgroup-memory accesses C++ -*-===//
//
// The access analysis of wc-remap: for every load and
// store of a workgroup (shared) buffer inside a warp job, the element index
// as an affine function of the original thread ids `d0, d1, d2` (x, y, z;
// a dimension of extent 1 folds to 0) and of
// warp-uniform values (symbols `s0, s1, ...`: loop induction variables and
// other values computed outside the virtual-thread phases). An access whose
// index is anything else (a value read from memory, a product of two
// thread-dependent values, a division) has no expression and a reason; the
// remap pass keeps such buffers in shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef WC_ANALYSIS_SHAREDACCESS_H
#define WC_ANALYSIS_SHAREDACCESS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir {
namespace wc {

class WarpJobOp;
class UniformityAnalysis;

/// A condition comparing the linear thread id with a constant:
/// `thread <predicate> bound`.
struct ThreadBound {
  arith::CmpIPredicate predicate;
  int64_t bound;
};

/// One load or store of a workgroup buffer.
struct SharedAccess {
  Operation *op = nullptr;
  bool isStore = false;
  /// The linearised element index over d0, d1, d2 (thread ids) and the
  /// symbols of the buffer's access set; empty when not affine.
  std::optional<AffineExpr> index;
  /// For a 1-D buffer indexed by `x xor mask` (a butterfly exchange): the
  /// constant mask; `index` is then the expression of `x`.
  int64_t xorMask = 0;
  /// For a load whose index in one dimension is `arith.select %c, %a, %b`
  /// (a clamp at a tile's edge): `index` is the element with `%a`,
  /// `elseIndex` the one with `%b`, and `selectCondition` is `%c`. When
  /// the select was made in an earlier phase (a clamp computed before a
  /// loop), `%c` is not available at the access: `selectBound` is the
  /// thread-id comparison it is, and `selectCondition` is null.
  std::optional<AffineExpr> elseIndex;
  Value selectCondition;
  std::optional<ThreadBound> selectBound;

  bool hasSelect() const { return selectCondition || selectBound; }
  /// Why `index` is empty.
  std::string reason;
};

/// The accesses of one workgroup buffer within a warp job.
struct SharedBufferAccesses {
  Value buffer;
  /// Warp-uniform values that the index expressions use, in symbol order.
  llvm::SmallVector<Value> symbols;
  llvm::SmallVector<SharedAccess> accesses;
  /// Set when some use of the buffer is not a load or store (passed to a
  /// call, a view, a copy): the buffer cannot be remapped at all.
  Operation *escapingUse = nullptr;

  /// Whether every access has an affine index and nothing escapes.
  bool isStatic() const;
};

/// Analyses the workgroup buffers used in one warp job.
class SharedAccessAnalysis {
public:
  explicit SharedAccessAnalysis(WarpJobOp job);

  llvm::ArrayRef<SharedBufferAccesses> getBuffers() const { return buffers; }

private:
  llvm::SmallVector<SharedBufferAccesses> buffers;
};

/// How an access relates to the thread that makes it, under the default
/// lane-array layout (element `e` in slot `e / 32` of lane `e % 32`; thread
/// `t` is virtual thread `t / 32` of lane `t % 32`).
struct AccessPattern {
  enum class Kind {
    /// The element lives in the accessing lane: `offset` (a multiple of 32)
    /// from the thread's own element, a register read.
    Own,
    /// A constant `offset` from the thread's own element, not a multiple of
    /// 32: a shuffle from lane `(l + offset) mod 32`, crossing into the next
    /// slot for the lanes that wrap.
    Shift,
    /// The element of the thread whose id differs by the bits of `offset`:
    /// a butterfly shuffle (`xor` mask `offset mod 32`) of slot
    /// `v xor (offset / 32)`, a register read when `offset` is a multiple
    /// of 32.
    Butterfly,
    /// The same element for every thread: a broadcast.
    Uniform,
    /// The own element plus a warp-uniform, non-constant offset: resolved
    /// by unrolling the loop that computes it.
    UniformOffset,
    /// Anything else (or no affine index).
    Other,
  };
  Kind kind = Kind::Other;
  int64_t offset = 0;
  /// For `Uniform`: the element, when it is a constant.
  std::optional<int64_t> element;
};

/// Classifies the element `index` (with `xorMask` as in SharedAccess) that
/// a thread of a job with block shape `block` accesses.
AccessPattern classifyIndex(AffineExpr index, int64_t xorMask,
                            llvm::ArrayRef<int64_t> block);

/// Classifies `access` (its `index`) of a job with block shape `block`.
AccessPattern classifyAccess(const SharedAccess &access,
                             llvm::ArrayRef<int64_t> block);

/// The first store of `buffer` that does not write an element of the
/// storing lane under the default layout (class `own`), or null when every
/// store does: the condition for keeping the buffer in registers without
/// cross-lane writes.
Operation *findForeignStore(const SharedBufferAccesses &buffer,
                            llvm::ArrayRef<int64_t> block);

/// A short name for `kind` ("own", "shift", ...).
llvm::StringRef stringifyAccessKind(AccessPattern::Kind kind);

/// Matches `condition`, used at `user` in `job`, as a comparison of the
/// linear thread id with a constant (either side), seen through integer
/// casts, index arithmetic and values carried from an earlier phase (a
/// guard computed before a loop); nullopt otherwise.
std::optional<ThreadBound> matchThreadBound(WarpJobOp job, Value condition,
                                            Operation *user);

/// The expression of integer `value`, used at `user` in `job`, over the
/// original thread ids `d0, d1, d2` alone (integer casts, index arithmetic
/// and values carried from earlier phases seen through); nullopt when it
/// depends on anything else.
std::optional<AffineExpr> getThreadExpr(WarpJobOp job, Value value,
                                        Operation *user);

/// The expression of index `value`, used at `user` in `job`, over the
/// original thread ids `d0, d1, d2` and warp-uniform values (by
/// `uniformity`), which become symbols appended to `symbols`, as the
/// accesses of SharedAccess have it; nullopt with `reason` otherwise.
std::optional<AffineExpr> getIndexExpr(WarpJobOp job,
                                       const UniformityAnalysis &uniformity,
                                       Value value, Operation *user,
                                       llvm::SmallVectorImpl<Value> &symbols,
                                       std::string &reason);

/// The buffer `memref` is a view of (through view-like ops and casts), or
/// `memref`.
Value getViewRoot(Value memref);

/// Whether `buffer` is memory a kernel allocates itself: an attribution of
/// a gpu.func, or a `memref.alloc`/`alloca`.
bool isKernelAllocation(Value buffer);

/// Whether the host's `memref` (an operand of a launch) is a buffer no other
/// one passed to the launch can be: an allocation, or an argument of its
/// function marked `llvm.noalias` (through views and casts).
bool isDistinctHostBuffer(Value memref);

/// Whether `type` is a memref in the GPU workgroup address space.
bool isWorkgroupMemRef(Type type);

/// Whether `memref` views a private array of the thread: an alloca, or the
/// private address space (the GPU's or NVVM's 5).
bool isPrivateMemRef(Value memref);

/// Walks `op` and the ops it holds and calls `onChange` for each effect on
/// memory other than a read (writes, allocations, frees), with the op and
/// the memory it names: null when the effect names none, or when the op has
/// no MemoryEffectOpInterface (`known` false: its effects are unknown).
/// Ops with recursive effects are looked into; barriers, which order memory
/// but change none, are skipped. Stops at the first `onChange` that
/// interrupts; returns whether one did.
bool walkMemoryChanges(
    Operation *op,
    llvm::function_ref<WalkResult(Operation *changer, Value memory, bool known)>
        onChange);

} // namespace wc
} // namespace mlir

#endif // WC_ANALYSIS_SHAREDACCESS_H
