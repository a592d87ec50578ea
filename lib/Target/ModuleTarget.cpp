//===- ModuleTarget.cpp - The target a gpu.module is compiled for ---------===//

#include "WC/Target/ModuleTarget.h"

using namespace mlir;
using namespace mlir::wc;

NVVM::NVVMTargetAttr wc::getNVVMTarget(gpu::GPUModuleOp module) {
  if (ArrayAttr targets = module.getTargetsAttr())
    for (Attribute target : targets)
      if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target))
        return nvvm;
  return {};
}

StringRef wc::getModuleChip(gpu::GPUModuleOp module, StringRef chip) {
  if (!chip.empty())
    return chip;
  if (module)
    if (NVVM::NVVMTargetAttr target = getNVVMTarget(module))
      return target.getChip();
  return kDefaultChip;
}

const TargetDescription *ModuleTargets::lookup(gpu::GPUModuleOp module) {
  auto [it, inserted] = cache.try_emplace(module.getOperation());
  if (inserted) {
    StringRef moduleChip = getModuleChip(module, chip);
    it->second = TargetDescription::lookup(moduleChip);
    if (!it->second) {
      InFlightDiagnostic error =
          module.emitError()
          << pass << ": unknown chip '" << moduleChip
          << "' (known: " << TargetDescription::knownChips() << ")";
      if (chip.empty())
        error << "; it is the chip of the module's #nvvm.target";
      failed = true;
    }
  }
  return it->second ? &*it->second : nullptr;
}
