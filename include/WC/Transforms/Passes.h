//===- Passes.h - Warp-Consolidation transformations ------------*- C++ -*-===//
//
// Declares the passes that rewrite gpu kernels into the Warp-Consolidation
// model.
//
//===----------------------------------------------------------------------===//

#ifndef WC_TRANSFORMS_PASSES_H
#define WC_TRANSFORMS_PASSES_H

#include "WC/Dialect/WC/IR/WC.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace wc {

#define GEN_PASS_DECL
#include "WC/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "WC/Transforms/Passes.h.inc"

/// Checks that option `option` of the pass whose flag is `pass` has a value
/// in [min, max]; otherwise emits an error at `op` naming the pass, the
/// option and the range, and fails.
LogicalResult checkOptionRange(Operation *op, llvm::StringRef pass,
                               llvm::StringRef option, int64_t value,
                               int64_t min, int64_t max);

} // namespace wc
} // namespace mlir

#endif // WC_TRANSFORMS_PASSES_H
