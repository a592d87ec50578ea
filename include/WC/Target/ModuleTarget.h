//===- ModuleTarget.h - The target a gpu.module is compiled for -*- C++ -*-===//
//
// wc plans and lowers each gpu.module for the chip its `#nvvm.target` names,
// so that the passes and the lowering cannot disagree about the chip; a pass
// option only overrides it, and a module without a target gets the default.
//
//===----------------------------------------------------------------------===//

#ifndef WC_TARGET_MODULETARGET_H
#define WC_TARGET_MODULETARGET_H

#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir {
namespace wc {

/// The chip of a gpu.module that neither its IR nor an option names.
constexpr llvm::StringLiteral kDefaultChip = "sm_90";
/// The PTX features wc gives a module it attaches a target to: PTX ISA 8.0,
/// the first that supports every chip wc knows.
constexpr llvm::StringLiteral kDefaultFeatures = "+ptx80";

/// The first `#nvvm.target` of `module`, if any.
NVVM::NVVMTargetAttr getNVVMTarget(gpu::GPUModuleOp module);

/// The chip wc plans `module` for: `chip` when not empty (a pass option
/// overrides the IR), else the chip of the module's first `#nvvm.target`,
/// else kDefaultChip.
StringRef getModuleChip(gpu::GPUModuleOp module, StringRef chip);

/// The target descriptions of the gpu.modules a pass works on, each looked
/// up once. An unknown chip is an error at the module naming the pass.
class ModuleTargets {
public:
  /// `chip`: the pass option, empty to read each module's target.
  ModuleTargets(StringRef pass, StringRef chip) : pass(pass), chip(chip) {}

  /// The description `module` is planned for, or null after an error.
  const TargetDescription *lookup(gpu::GPUModuleOp module);
  /// The same for the module of `op`.
  const TargetDescription *lookupFor(Operation *op) {
    return lookup(op->getParentOfType<gpu::GPUModuleOp>());
  }
  /// Whether some lookup failed.
  bool hadError() const { return failed; }

private:
  std::string pass, chip;
  llvm::DenseMap<Operation *, std::optional<TargetDescription>> cache;
  bool failed = false;
};

} // namespace wc
} // namespace mlir

#endif // WC_TARGET_MODULETARGET_H
