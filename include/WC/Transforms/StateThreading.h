//===- StateThreading.h - Thread a value through structured control flow --===//
//
// Turns a mutable variable into SSA values through structured control flow
// (a small mem2reg for regions): the ops that read or write the variable are
// visited in program order with its current value, and the `scf.if` and
// `scf.for` ops that contain a write get an extra result (and iteration
// argument) carrying it. wc-remap uses it twice: for a lane array through
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

/// The accesses to one variable.
struct StateAccesses {
  /// Whether `op` reads or writes the variable itself (a leaf: its regions,
  /// if any, are not entered).
  llvm::function_ref<bool(Operation *)> isAccess;
  /// Whether the access `op` may write the variable.
  llvm::function_ref<bool(Operation *)> isWrite;
  /// Rewrites the access `op`, given the variable's value before it, and
  /// returns the value after it. It may erase `op`.
  llvm::function_ref<Value(Operation *op, Value state)> visit;
};

/// Whether every op between the accesses in `block` and `block` itself is an
/// `scf.if` or `scf.for` (the control flow threadState handles); otherwise
/// sets `blocker` to the first op that is not.
bool canThreadState(Block &block, const StateAccesses &accesses,
                    Operation *&blocker);

/// Threads the variable, whose value at the start of `block` is `state`,
/// through the ops of `block` (canThreadState must hold) and returns its
/// value at the end of the block (before the terminator).
Value threadState(RewriterBase &rewriter, Block &block, Value state,
                  const StateAccesses &accesses);

} // namespace wc
} // namespace mlir

#endif // WC_TRANSFORMS_STATETHREADING_H
