//===- TargetDescription.cpp - Hardware facts for WC passes ---------------===//
//
// The known GPU descriptions. Numbers are from NVIDIA's CUDA programming
// guide (per-compute-capability limits) and the products' specifications.
//
//===----------------------------------------------------------------------===//

#include "WC/Target/TargetDescription.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::wc;

namespace {
/// Builds a description; every fact is a required argument so that a row
/// cannot silently leave one zero.
constexpr TargetDescription describe(llvm::StringRef chip, int64_t smVersion,
                                     int64_t smCount, int64_t warpSlotsPerSM,
                                     int64_t blockSlotsPerSM,
                                     int64_t sharedKiBPerSM,
                                     int64_t sharedKiBPerBlock,
                                     int64_t minPtxVersion) {
  return TargetDescription{
      chip, smVersion, smCount, warpSlotsPerSM, blockSlotsPerSM,
      /*registersPerSM=*/65536,
      /*maxRegistersPerThread=*/255, sharedKiBPerSM * 1024,
      sharedKiBPerBlock * 1024,
      /*maxThreadsPerBlock=*/kMaxThreadsPerBlock, minPtxVersion,
      /*staticSharedMemoryPerBlock=*/48 * 1024,
      /*reservedSharedMemoryPerBlock=*/
      smVersion >= 80 ? 1024 : 0};
}

// chip, sm, SMs, warp slots/SM, block slots/SM, shared KiB per SM and per
// block, oldest PTX ISA; the GPU whose SM count is taken is named beside.
const TargetDescription kTargets[] = {
    describe("sm_90", 90, 132, 64, 32, 228, 227, 78),  // H100 SXM
    describe("sm_90a", 90, 132, 64, 32, 228, 227, 80), // H100 SXM
    describe("sm_89", 89, 128, 48, 24, 100, 99, 78),   // RTX 4090
    describe("sm_86", 86, 82, 48, 16, 100, 99, 71),    // RTX 3090
    describe("sm_80", 80, 108, 64, 32, 164, 163, 70),  // A100 SXM
    describe("sm_75", 75, 40, 32, 16, 64, 64, 63),     // T4
    describe("sm_70", 70, 80, 64, 32, 96, 96, 60),     // V100 SXM
};
} // namespace

const TargetDescription &TargetDescription::h100() { return kTargets[0]; }

llvm::StringRef Residency::getLimitName() const {
  switch (limit) {
  case Limit::WarpSlots:
    return "warp slots";
  case Limit::BlockSlots:
    return "block slots";
  case Limit::Registers:
    return "registers";
  case Limit::SharedMemory:
    return "shared memory";
  }
  llvm_unreachable("unknown residency limit");
}

Residency TargetDescription::getResidency(int64_t warpsPerBlock,
                                          int64_t registersPerThread,
                                          int64_t sharedBytesPerBlock) const {
  Residency residency;
  auto limitTo = [&](int64_t blocks, Residency::Limit limit) {
    if (blocks < residency.blocks) {
      residency.blocks = blocks;
      residency.limit = limit;
    }
  };
  residency.blocks = warpSlotsPerSM / warpsPerBlock;
  residency.limit = Residency::Limit::WarpSlots;
  limitTo(blockSlotsPerSM, Residency::Limit::BlockSlots);
  if (registersPerThread > 0) {
    // The register file is handed out per warp, in allocation units.
    int64_t perWarp =
        llvm::alignTo(registersPerThread * kWarpSize, registerAllocationUnit);
    limitTo(registersPerThread > maxRegistersPerThread
                ? 0
                : (registersPerSM / perWarp) / warpsPerBlock,
            Residency::Limit::Registers);
  }
  if (sharedBytesPerBlock > 0)
    limitTo(sharedBytesPerBlock > sharedMemoryPerBlock
                ? 0
                : sharedMemoryPerSM /
                      (sharedBytesPerBlock + reservedSharedMemoryPerBlock),
            Residency::Limit::SharedMemory);
  residency.warps = residency.blocks * warpsPerBlock;
  return residency;
}

std::optional<TargetDescription>
TargetDescription::lookup(llvm::StringRef chip) {
  for (const TargetDescription &target : kTargets)
    if (target.chip == chip)
      return target;
  return std::nullopt;
}

std::optional<int64_t>
TargetDescription::getPtxVersion(llvm::StringRef features) {
  llvm::SmallVector<llvm::StringRef> parts;
  features.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  std::optional<int64_t> version;
  for (llvm::StringRef part : parts) {
    part = part.trim();
    int64_t value;
    if (part.consume_front("+ptx") && !part.getAsInteger(10, value))
      version = value;
  }
  return version;
}

/// PTX ISA versions the NVPTX backend of LLVM 22 has features for.
static constexpr int64_t kPtxVersions[] = {
    32, 40, 41, 42, 43, 50, 60, 61, 62, 63, 64, 65, 70, 71, 72, 73,
    74, 75, 76, 77, 78, 80, 81, 82, 83, 84, 85, 86, 87, 88, 90};

std::optional<llvm::StringRef>
TargetDescription::findUnknownFeature(llvm::StringRef features) {
  llvm::SmallVector<llvm::StringRef> parts;
  features.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef part : parts) {
    llvm::StringRef name = part.trim();
    int64_t value;
    if (!name.consume_front("+ptx") || name.getAsInteger(10, value) ||
        !llvm::is_contained(kPtxVersions, value))
      return part.trim();
  }
  return std::nullopt;
}

std::string TargetDescription::knownPtxVersions() {
  std::string names;
  llvm::raw_string_ostream os(names);
  llvm::interleaveComma(kPtxVersions, os,
                        [&](int64_t version) { os << "+ptx" << version; });
  return names;
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
