//===- GuardSplit.h - Moving an op out of the conditions around it -*- C++
//-*-===//
//
// Block-wide code (a barrier, a warp collective that every lane runs) cannot
// stay under a thread-dependent condition. These helpers take an op out of
// the result-less `scf.if`s around it: the ops before it move into a new
// `scf.if` on the same condition (the prelude, whose results carry the
// values used later), the op follows with the conjunction of the conditions
// as its "active" flag, and the ops after it stay under their conditions.
// Each thread runs its own ops in the same order as before.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_TRANSFORMS_GUARDSPLIT_H
#define WC_LIB_TRANSFORMS_GUARDSPLIT_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace wc {

/// Moves the ops of `guard`'s then-block before `at` (an op of that block)
/// into a new `scf.if` on the same condition placed before `guard`, whose
/// results replace their uses from `at` and after it (a zero where the
/// condition is false; constants and arithmetic on values the same in every
/// thread of the block, isBlockUniform, are copied before it instead). Values
/// of other than integer, index or float type must not be used from `at` on.
/// Returns the replacement of each value it carried or copied.
IRMapping splitOffPrelude(RewriterBase &rewriter, scf::IfOp guard,
                          Operation *at);

/// Why `op` cannot be moved to `block` by hoistOutOfGuards (an empty string
/// when it can): every op between them must be a result-less `scf.if` with
/// `op` in its then-region, and the values defined before `op` in those
/// then-blocks and used from `op` on must be integers, indices or floats.
std::string whyNotHoistable(Operation *op, Block *block);

/// Moves `op` out of the `scf.if`s between it and `block` (see
/// whyNotHoistable), splitting off each one's prelude; returns the i1 that
/// is true where the original conditions all held (null when `op` already
/// is in `block`).
Value hoistOutOfGuards(RewriterBase &rewriter, Operation *op, Block *block);

/// Whether `value` is the same in every thread of a block by its data alone:
/// computed by pure arithmetic from constants, the arguments of `func` and
/// the block's and grid's ids and sizes. (Block-wide code may use such a
/// value in any thread.)
bool isBlockUniform(Value value, gpu::GPUFuncOp func);

/// Whether `value` is the same in every thread of a launch by its data
/// alone: as isBlockUniform, without the block's id and workgroup buffers.
/// (Code any block runs for another may use such a value.)
bool isGridUniform(Value value, gpu::GPUFuncOp func);

} // namespace wc
} // namespace mlir

#endif // WC_LIB_TRANSFORMS_GUARDSPLIT_H
