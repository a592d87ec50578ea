//===- Uniformity.h - Which values are the same in all threads --*- C++ -*-===//
//
// Block uniformity of a GPU kernel: a value is uniform when every thread of
// a block computes the same value for it (block and grid ids and sizes,
// kernel arguments, and what is computed only from them); it is varying
// when it may differ between threads (thread and lane ids, memory reads,
// and whatever depends on them, through data or through control flow). It
// runs on MLIR's dataflow framework, through RegionBranchOpInterface, which
// the wc structure ops implement.
// Passes use it to decide what may stay outside per-thread code (uniform
// loop bounds, conditions) and to refuse barriers under varying control.
//
//===----------------------------------------------------------------------===//

#ifndef WC_ANALYSIS_UNIFORMITY_H
#define WC_ANALYSIS_UNIFORMITY_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace wc {

/// The block uniformity of the values in one function-like op.
class UniformityAnalysis {
public:
  /// Analyses the values defined in `root` (a gpu.func, or any op whose
  /// arguments and enclosing values are uniform).
  explicit UniformityAnalysis(Operation *root);

  /// Whether `value` may differ between the threads of a block (or is
  /// computed under varying control, by some threads only).
  bool isVarying(Value value) const;
  bool isUniform(Value value) const { return !isVarying(value); }

  /// The closest op enclosing `op` (within the analysed root) whose control
  /// decision is varying (an scf.if condition, scf.for bounds, scf.while
  /// condition), or null when all threads that reach the block of `op`
  /// execute it together.
  Operation *getVaryingControl(Operation *op) const;

private:
  Operation *root;
  /// The values the dataflow analysis found varying.
  llvm::DenseSet<Value> varying;
  /// Ops with regions whose control decision is varying.
  llvm::DenseSet<Operation *> varyingControl;
};

} // namespace wc
} // namespace mlir

#endif // WC_ANALYSIS_UNIFORMITY_H
