//===- Coarsener.h - The builder of a coarsened kernel's warp job -*- C++
//-*-===//
//
// The class that builds the warp job of a coarsened kernel
// (KernelCoarsening.cpp: phases, values kept per virtual thread, control
// flow at warp level; KernelCoarseningCollectives.cpp: block and warp
// collectives and private arrays).
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_TRANSFORMS_COARSENER_H
#define WC_LIB_TRANSFORMS_COARSENER_H

#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Aggregation.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"

#include <string>

namespace mlir {
namespace wc {
namespace coarsening {
/// Builds the warp job of a coarsened kernel: the original body split into
/// virtual-thread phases at the barriers, with uniform control flow that
/// contains barriers kept at warp level.
class Coarsener {
public:
  Coarsener(Region &region, BlockShape shape,
            const DenseSet<Operation *> &removable,
            const UniformityAnalysis &uniformity)
      : region(region), shape(shape), removable(removable),
        uniformity(uniformity) {
    vthreads = llvm::divideCeil(getNumThreads(shape), kWarpSize);
  }

  /// Builds the warp job at the start of the body, leaving the original
  /// ops in place; on failure leaves the kernel unchanged and sets `why`.
  FailureOr<WarpJobOp> build(std::string &why);
  /// Erases the original ops, leaving the warp job built by `build`.
  void commit();
  /// Erases the warp job built by `build` and what it added around it,
  /// leaving the kernel as it was.
  void discard(WarpJobOp job) {
    job.erase();
    for (auto &[original, arrays] : privateArrays)
      arrays.getDefiningOp()->erase();
    privateArrays.clear();
  }

  unsigned phases = 0;
  unsigned warpSyncs = 0;
  unsigned removedBarriers = 0;
  unsigned reductions = 0;

private:
  LogicalResult emitOps(ArrayRef<Operation *> ops, OpBuilder &b);
  LogicalResult flush(SmallVectorImpl<Operation *> &segment, OpBuilder &b);
  LogicalResult emitControl(Operation *op, OpBuilder &b);
  /// The value of uniform `original` at warp level.
  Value getWarpLevel(Value original, OpBuilder &b);
  /// The per-virtual-thread vector holding `original`.
  Value getReplicated(Value original, OpBuilder &b);
  /// Whether the results of `op`, of the phase being built, are recomputed
  /// where later phases use them instead of being kept per virtual thread:
  /// pure arithmetic on thread ids, on other such values and on values of
  /// the warp.
  bool isRecomputable(Operation *op);
  /// Recomputes `original` (see isRecomputable) at `b`, inside a phase
  /// whose thread ids are `ids`, mapping what it is made from in `mapping`.
  Value recompute(Value original, OpBuilder &b, ArrayRef<Value> ids,
                  IRMapping &mapping);
  /// The per-virtual-thread vector of `original`, a thread id or a
  /// recomputable value, each virtual thread's own, yielded by a phase built
  /// at `b`.
  Value replicateRecomputed(Value original, OpBuilder &b);
  /// `original` as a loop-carried or region result value: a warp-level
  /// scalar when `uniform`, else the per-virtual-thread vector.
  Value getCarried(Value original, bool uniform, OpBuilder &b) {
    return uniform ? getWarpLevel(original, b) : getReplicated(original, b);
  }
  /// The type `type` is carried as: itself when `uniform`, else a vector.
  FailureOr<Type> getCarriedType(Type type, bool uniform) {
    if (uniform)
      return type;
    FailureOr<VectorType> vec = getVectorType(type);
    if (mlir::failed(vec))
      return mlir::failure();
    return Type(*vec);
  }
  /// Records `newValue` as the carried form of `original`.
  void mapCarried(Value original, Value newValue, bool uniform) {
    if (uniform)
      warpLevel.map(original, newValue);
    else
      replicas[original] = newValue;
  }
  FailureOr<VectorType> getVectorType(Type type);
  /// Whether `op` can run once at warp level instead of per virtual thread:
  /// a pure, uniform op whose operands are all available at warp level.
  bool isWarpLevel(Operation *op);
  /// Whether `v` is an argument of the coarsened body or of a region around
  /// it (a kernel argument): available as it is at warp level.
  bool isArgument(Value v) const {
    return isa<BlockArgument>(v) && (v.getParentBlock() == &region.front() ||
                                     !region.isAncestor(v.getParentRegion()));
  }
  /// Emits channel op `op` of a warp role once, at warp level.
  LogicalResult emitChannelOp(Operation *op, OpBuilder &b);
  /// Emits thread collective `op` (isThreadCollective) at warp level.
  LogicalResult emitCollective(Operation *op, OpBuilder &b);
  /// The values of `original` of the lane's virtual threads, at warp level.
  SmallVector<Value> getPerVirtualThread(Value original, OpBuilder &b);
  /// Emits block reduction `reduce` at warp level: each lane combines the
  /// values of its virtual threads, the warp combines its lanes'.
  LogicalResult emitAllReduce(gpu::AllReduceOp reduce, OpBuilder &b);
  /// Emits warp reduction `reduce` at warp level: the original warp `w`
  /// is virtual thread `w` of every lane, so each virtual thread's values
  /// are combined across the lanes.
  LogicalResult emitSubgroupReduce(gpu::SubgroupReduceOp reduce, OpBuilder &b);
  /// Emits lane shuffle `shuffle` at warp level, once per virtual thread
  /// (original warp v is virtual thread v of every lane).
  LogicalResult emitShuffle(gpu::ShuffleOp shuffle, OpBuilder &b);
  /// `values` (one per virtual thread) with the identity of `kind` in place
  /// of the virtual threads of the lane that run no thread of the block:
  /// the lane's element `v` is thread `32 v + lane`.
  SmallVector<Value> maskMissingThreads(ArrayRef<Value> values,
                                        CombiningKind kind, OpBuilder &b,
                                        Location loc);
  /// Whether `op` allocates a thread's private array that only loads and
  /// stores use: it becomes one array per virtual thread.
  static bool isPrivateArray(Operation *op);
  /// Allocates, at the start of the coarsened body, the arrays of private
  /// array `alloca` for every virtual thread.
  void replicatePrivateArray(memref::AllocaOp alloca);

  Region &region;
  BlockShape shape;
  const DenseSet<Operation *> &removable;
  const UniformityAnalysis &uniformity;
  int64_t vthreads;
  /// Original thread-id values: every phase has its own copy as arguments.
  DenseMap<Value, unsigned> threadIds;
  IRMapping warpLevel;
  DenseMap<Value, Value> replicas;
  /// Original values that phases recompute (isRecomputable), with the
  /// original op that defines them (kept until commit).
  DenseMap<Value, Operation *> recomputed;
  /// Private arrays of the original threads: an array with a leading
  /// dimension of one row per virtual thread.
  DenseMap<Value, Value> privateArrays;
  std::string failure;
  SmallVector<Operation *> original;
};
} // namespace coarsening
} // namespace wc
} // namespace mlir

#endif // WC_LIB_TRANSFORMS_COARSENER_H
