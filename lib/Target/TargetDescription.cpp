//===- TargetDescription.cpp - Hardware facts for WC passes ---------------===//
//
// The known GPU descriptions. Numbers are from NVIDIA's CUDA programming
// guide (per-compute-capability limits) and the products' specifications.
//
//===----------------------------------------------------------------------===//

#include "WC/Target/TargetDescription.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir::wc;

namespace {
/// One row per chip: the GPU whose SM count we take is named beside it.
const TargetDescription kTargets[] = {
    // chip     sm  SMs warps blocks regs   maxreg smem/SM      smem/block  thr
    {"sm_90", 90, 132, 64, 32, 65536, 255, 228 * 1024, 227 * 1024,
     1024}, // H100 SXM
    {"sm_90a", 90, 132, 64, 32, 65536, 255, 228 * 1024, 227 * 1024, 1024},
    {"sm_89", 89, 128, 48, 24, 65536, 255, 100 * 1024, 99 * 1024,
     1024}, // RTX 4090
    {"sm_86", 86, 82, 48, 16, 65536, 255, 100 * 1024, 99 * 1024,
     1024}, // RTX 3090
    {"sm_80", 80, 108, 64, 32, 65536, 255, 164 * 1024, 163 * 1024,
     1024},                                                            // A100
    {"sm_75", 75, 40, 32, 16, 65536, 255, 64 * 1024, 64 * 1024, 1024}, // T4
    {"sm_70", 70, 80, 64, 32, 65536, 255, 96 * 1024, 96 * 1024, 1024}, // V100
};
} // namespace

const TargetDescription &TargetDescription::h100() { return kTargets[0]; }

std::optional<TargetDescription>
TargetDescription::lookup(llvm::StringRef chip) {
  for (const TargetDescription &target : kTargets)
    if (target.chip == chip)
      return target;
  return std::nullopt;
}

std::string TargetDescription::knownChips() {
  std::string names;
  for (const TargetDescription &target : kTargets) {
    if (!names.empty())
      names += ", ";
    names += target.chip.str();
  }
  return names;
}
