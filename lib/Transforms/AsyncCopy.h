//===- AsyncCopy.h - The steps of wc-async-copy -----------------*- C++ -*-===//
//
// wc-async-copy in two steps: the copies of a tile that all threads of an
// aggregated block make, one element each, become copies of 16 bytes per
// lane (AsyncCopyTiles.cpp); then loads of global memory stored to
// workgroup memory become copies, and every copy is waited for before
// what may observe it (AsyncCopy.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef WC_TRANSFORMS_ASYNCCOPY_H
#define WC_TRANSFORMS_ASYNCCOPY_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir {
namespace wc {

/// Whether `op` may write memory (unknown effects included).
bool mayWrite(Operation *op);

/// The load of `store`'s value, if the store can become an asynchronous
/// copy of it: a load of a kernel argument of `func` (global memory) in
/// the same block, whose value nothing else uses, of the same element type,
/// with nothing that may write memory other than workgroup memory between
/// the two; `elementBytes` lists the element sizes allowed.
memref::LoadOp getCopiedLoad(memref::StoreOp store, gpu::GPUFuncOp func,
                             ArrayRef<unsigned> elementBytes);

/// Groups the tile copies of the warp jobs of `func` into copies of 16
/// bytes per lane (see AsyncCopyTiles.cpp). Returns the number of copy
/// sites rewritten; a remark at each phase says why its copies were not.
int64_t groupTileCopies(gpu::GPUFuncOp func);

} // namespace wc
} // namespace mlir

#endif // WC_TRANSFORMS_ASYNCCOPY_H
