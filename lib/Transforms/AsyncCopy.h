//===- AsyncCopy.h - The steps of wc-async-copy -----------------*- C++ -*-===//
//
// wc-async-copy in three steps: the copies of a tile that all threads of
// an aggregated block make, one element each, become copies of 16 bytes
// per lane (AsyncCopyTiles.cpp), or, for a tile copied in pieces, copies
// of the box they fill by 8 bytes (AsyncCopyBoxes.cpp); then loads of
// global memory stored to workgroup memory become copies, and every copy
// is waited for before what may observe it (AsyncCopy.cpp); last, a tile
// loop copies its next tile during this one (AsyncCopyPrefetch.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef WC_TRANSFORMS_ASYNCCOPY_H
#define WC_TRANSFORMS_ASYNCCOPY_H

#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace wc {

struct TargetDescription;

/// Whether `op` may write memory (unknown effects included).
bool mayWrite(Operation *op);

/// Whether `op` writes memory other than workgroup memory, or may: an op
/// whose effects are not those of the ops it holds counts as a whole (a
/// `memref.generic_atomic_rmw`).
bool writesGlobalMemory(Operation *op);

/// The load of `store`'s value, if the store can become an asynchronous
/// copy of it: a load of a kernel argument of `func` (global memory) in
/// the same block, whose value nothing else uses, of the same element type,
/// with nothing that may write memory other than workgroup memory between
/// the two; `elementBytes` lists the element sizes allowed.
memref::LoadOp getCopiedLoad(memref::StoreOp store, gpu::GPUFuncOp func,
                             ArrayRef<unsigned> elementBytes);

/// The tile copies rewritten: by runs of 16 bytes, and whole boxes.
struct TileCopyCounts {
  int64_t runs = 0, boxes = 0;
};

/// Groups the tile copies of the warp jobs of `func` into copies of 16
/// bytes per lane, or of 8 bytes for tiles copied in pieces (see
/// AsyncCopyTiles.cpp). A remark at each phase says why its copies were
/// not.
TileCopyCounts groupTileCopies(gpu::GPUFuncOp func);

/// The expressions of `indices`, used at `user` in `job`, appended to
/// `exprs` (see getIndexExpr), or the reason they have none.
std::string getIndexExprs(WarpJobOp job, const UniformityAnalysis &uniformity,
                          ValueRange indices, Operation *user,
                          SmallVectorImpl<Value> &symbols,
                          SmallVectorImpl<AffineExpr> &exprs);

/// One copy of an element in a phase: a load of global memory and the
/// store of its value to a workgroup buffer.
struct CopyPiece {
  memref::StoreOp store;
  memref::LoadOp load;
};

/// The bytes of one copy of a box (see AsyncCopyBoxes.cpp).
inline constexpr int64_t kBoxCopyBytes = 8;

/// Copies of a workgroup buffer made in pieces that together copy the box
/// [lower, upper) of it: element `i` from element `offsets + i` of `view`
/// (the leading `offsets` are the source's indices in the dimensions
/// before the buffer's).
struct BoxCopy {
  SmallVector<CopyPiece> pieces;
  Value view;
  SmallVector<int64_t> lower, upper;
  /// Over the symbols of the phase's indices.
  SmallVector<AffineExpr> offsets;
  int64_t elementBytes = 0;
};

/// Whether `pieces`, the copies of one buffer in `phase`, copy a box of it
/// by 8-byte runs whose sources are aligned where the view is; fills `box`
/// or returns why not. The indices' warp-uniform values are appended to
/// `symbols`.
std::string matchBoxCopy(WarpJobOp job, VThreadsOp phase,
                         const UniformityAnalysis &uniformity,
                         SmallVectorImpl<Value> &symbols,
                         ArrayRef<CopyPiece> pieces, BoxCopy &box);

/// The most reads of a tile per element copied for which a box copy pays
/// (see AsyncCopyBoxes.cpp).
inline constexpr int64_t kMaxBoxReadsPerElement = 4;

/// Why the reads of `buffer` after `phase` (in the loop around it) make a
/// box copy of `elements` of its elements not pay, or "" (`per` names the
/// elements in the reason: "copied", "of the buffer").
std::string checkBoxReads(WarpJobOp job, VThreadsOp phase, Value buffer,
                          int64_t elements, StringRef per);

/// Builds the copies of `box` that the block's thread `thread` (of
/// `threads`) makes, at `b`, its source indices over `symbols`.
void buildBoxCopy(OpBuilder &b, Location loc, BoxCopy &box, Value thread,
                  int64_t threads, ArrayRef<Value> symbols);

/// Makes the tile loops of `func` whose body starts with a phase of
/// copies copy the next tile while computing on this one, in two halves of
/// each buffer (see AsyncCopyPrefetch.cpp); a remark at each loop with
/// copies says why not. Returns the number of loops rewritten.
int64_t prefetchTileCopies(gpu::GPUFuncOp func,
                           const TargetDescription &target);

/// Whether wc-async-copy would make a tile loop of `func` (a warp job)
/// copy its next tile during this one, for `target`.
bool wouldPrefetchTiles(gpu::GPUFuncOp func, const TargetDescription &target);

/// The workgroup attributions of `func` (positions among them) whose tile
/// copies wc-async-copy would make, each with the alignment in bytes their
/// rows need: 16 for runs of 16 bytes per lane, 8 for a box.
llvm::SmallDenseMap<unsigned, int64_t>
getTileCopyAlignments(gpu::GPUFuncOp func, const TargetDescription &target);

/// Erases the pieces of `box`, and the conditions that held only them.
void eraseBoxPieces(BoxCopy &box);

} // namespace wc
} // namespace mlir

#endif // WC_TRANSFORMS_ASYNCCOPY_H
