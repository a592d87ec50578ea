//===- StateThreading.h - Thread a value through structured control flow --===//
//
// Turns mutable variables into SSA values through structured control flow
// (a small mem2reg for regions): the ops that read or write the variables
// are visited in program order with their current values, and the `scf.if`
// and `scf.for` ops that contain a write get extra results (and iteration
// arguments) carrying them. wc-remap uses it twice: for a lane array through
// the warp-level control flow of a warp job, and for a thread's own element
// through the control flow of a virtual-thread phase.
//
//===----------------------------------------------------------------------===//

#ifndef WC_TRANSFORMS_STATETHREADING_H
#define WC_TRANSFORMS_STATETHREADING_H

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
namespace wc {

/// The accesses to a set of variables.
struct StateAccesses {
  /// Whether `op` reads or writes the variables itself (a leaf: its
  /// regions, if any, are not entered).
  llvm::function_ref<bool(Operation *)> isAccess;
  /// Whether the access `op` may write a variable.
  llvm::function_ref<bool(Operation *)> isWrite;
  /// Rewrites the access `op`, given the variables' values before it in
  /// `state`, which it updates to their values after it. It may erase `op`.
  llvm::function_ref<void(Operation *op, llvm::MutableArrayRef<Value> state)>
      visit;
};

/// Whether every op between the accesses in `block` and `block` itself is an
/// `scf.if` or `scf.for` (the control flow threadState handles); otherwise
/// sets `blocker` to the first op that is not.
bool canThreadState(Block &block, const StateAccesses &accesses,
                    Operation *&blocker);

/// Threads the variables, whose values at the start of `block` are `state`,
/// through the ops of `block` (canThreadState must hold) and returns their
/// values at the end of the block (before the terminator).
llvm::SmallVector<Value> threadState(RewriterBase &rewriter, Block &block,
                                     ValueRange state,
                                     const StateAccesses &accesses);

} // namespace wc
} // namespace mlir

#endif // WC_TRANSFORMS_STATETHREADING_H
