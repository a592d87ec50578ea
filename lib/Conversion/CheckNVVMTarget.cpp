//===- CheckNVVMTarget.cpp - One valid NVVM target per gpu.module ---------===//
//
// The `wc-check-nvvm-target` pass: gives every gpu.module without a target
// the `#nvvm.target` of its options, so that the wc passes, the NVVM
// conversion and the serialisation all read the chip from the IR, and turns
// a chip or PTX ISA the lowering cannot serve into a diagnostic before the
// NVPTX backend aborts on it.
//
//===----------------------------------------------------------------------===//

#include "WC/Conversion/Passes.h"
#include "WC/Target/ModuleTarget.h"
#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_CHECKNVVMTARGET
#include "WC/Conversion/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

/// Checks that `chip` and `features` can be compiled for, with errors at
/// `op`; `what` says where they come from.
static LogicalResult checkChipAndFeatures(Operation *op, StringRef chip,
                                          StringRef features, StringRef what) {
  std::optional<TargetDescription> target = TargetDescription::lookup(chip);
  if (!target)
    return op->emitError("unknown chip '")
           << chip << "'" << what
           << " (known: " << TargetDescription::knownChips() << ")";
  if (std::optional<StringRef> unknown =
          TargetDescription::findUnknownFeature(features))
    return op->emitError("unknown NVPTX feature '")
           << *unknown << "' in features '" << features << "'" << what
           << " (known: " << TargetDescription::knownPtxVersions() << ")";
  std::optional<int64_t> ptx = TargetDescription::getPtxVersion(features);
  if (ptx && *ptx < target->minPtxVersion)
    return op->emitError("PTX ISA ")
           << *ptx / 10 << "." << *ptx % 10 << " (features '" << features << "'"
           << what << ") does not support " << chip << ": it needs PTX ISA "
           << target->minPtxVersion / 10 << "." << target->minPtxVersion % 10
           << " or later (e.g. features=+ptx" << target->minPtxVersion << ")";
  // Asynchronous copies are cp.async, which the NVPTX backend cannot select
  // before sm_80 (it aborts).
  if (target->smVersion < 80) {
    WalkResult walk = op->walk([&](Operation *nested) {
      if (!isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp,
               nvgpu::DeviceAsyncWaitOp>(nested))
        return WalkResult::advance();
      nested->emitError("'") << nested->getName() << "' needs sm_80 or later "
                             << "(cp.async), the target is " << chip;
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      return failure();
  }
  return success();
}

namespace {
struct CheckNVVMTargetPass
    : public wc::impl::CheckNVVMTargetBase<CheckNVVMTargetPass> {
  using Base::Base;

  /// The chip and features of the options, defaults filled in.
  StringRef getOptionChip() const {
    return chip.empty() ? StringRef(kDefaultChip) : StringRef(chip);
  }
  StringRef getOptionFeatures() const {
    return features.empty() ? StringRef(kDefaultFeatures) : StringRef(features);
  }

  /// The target given to modules without one.
  NVVM::NVVMTargetAttr getDefaultTarget() {
    Builder b(&getContext());
    DictionaryAttr flags;
    std::pair<llvm::BumpPtrAllocator, SmallVector<const char *>> tokens =
        gpu::TargetOptions::tokenizeCmdOptions(ptxasOptions);
    if (!tokens.second.empty()) {
      SmallVector<StringRef> words(tokens.second.begin(), tokens.second.end());
      flags = b.getDictionaryAttr(
          b.getNamedAttr("ptxas-cmd-options", b.getStrArrayAttr(words)));
    }
    return NVVM::NVVMTargetAttr::get(&getContext(), optLevel,
                                     "nvptx64-nvidia-cuda", getOptionChip(),
                                     getOptionFeatures(), flags);
  }

  void runOnOperation() override {
    ModuleOp top = getOperation();
    // LLVM's optimisation levels.
    int level = optLevel;
    if (level < 0 || level > 3) {
      top.emitError() << "wc-check-nvvm-target: option O=" << level
                      << " is out of range: it must be in [0, 3]";
      return signalPassFailure();
    }
    // The options' target, whether or not a module gets it (kernels not yet
    // outlined into a gpu.module are checked against it here).
    if (failed(checkChipAndFeatures(top, getOptionChip(), getOptionFeatures(),
                                    "")))
      return signalPassFailure();
    bool failedModule = false;
    for (auto module : top.getOps<gpu::GPUModuleOp>()) {
      NVVM::NVVMTargetAttr target = getNVVMTarget(module);
      if (!target) {
        if (ArrayAttr others = module.getTargetsAttr();
            others && !others.empty()) {
          module.emitError("the module targets ")
              << others << ", which the NVVM lowering cannot compile for";
          failedModule = true;
          continue;
        }
        target = getDefaultTarget();
        module.setTargetsAttr(ArrayAttr::get(&getContext(), {target}));
      } else if ((!chip.empty() && target.getChip() != chip) ||
                 (!features.empty() && target.getFeatures() != features)) {
        // The chip of the IR and the one of the options would be mixed: the
        // wc passes plan for one, the lowering would compile for the other.
        InFlightDiagnostic error = module.emitError("the module's ")
                                   << target << " differs from the options'";
        if (!chip.empty())
          error << " chip=" << chip;
        if (!features.empty())
          error << " features=" << features;
        error << ": drop the options or the target";
        failedModule = true;
        continue;
      }
      if (failed(checkChipAndFeatures(module, target.getChip(),
                                      target.getFeatures(),
                                      " of the module's #nvvm.target")))
        failedModule = true;
    }
    if (failedModule)
      signalPassFailure();
  }
};
} // namespace
