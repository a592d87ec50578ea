//===- TargetDescription.h - Hardware facts for WC passes -------*- C++ -*-===//
//
// The hardware numbers the Warp-Consolidation passes and lowerings depend on
// (warp size, SM count, occupancy limits, register and shared-memory
// budgets) in one place, so that no pass carries a literal for them.
//
//===----------------------------------------------------------------------===//

#ifndef WC_TARGET_TARGETDESCRIPTION_H
#define WC_TARGET_TARGETDESCRIPTION_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace wc {

/// Lanes of a warp on every NVIDIA GPU. The `wc` dialect's semantics (lane
/// arrays, collectives) are defined for this width.
constexpr int64_t kWarpSize = 32;

/// Hardware named barriers per block (ids 0..kNumNamedBarriers-1).
constexpr int64_t kNumNamedBarriers = 16;

/// 32-bit registers a block may use on every chip wc targets (sm_70 on).
constexpr int64_t kMaxRegistersPerBlock = 65536;

/// Warps of a warpgroup, the unit that `setmaxnreg` (sm_90a) acts on.
constexpr int64_t kWarpsPerWarpgroup = 4;
/// The register counts `setmaxnreg` takes: multiples of the granule in
/// [kMinSetMaxNReg, kMaxSetMaxNReg].
constexpr int64_t kSetMaxNRegGranule = 8;
constexpr int64_t kMinSetMaxNReg = 24;
constexpr int64_t kMaxSetMaxNReg = 256;

/// The alignment in bytes that the lowering gives every workgroup buffer (an
/// attribution's `llvm.align`, a workgroup `memref.global`'s `alignment`)
/// at least: the widest access one thread makes (`ld.shared.v4.b32`,
/// `.v2.b64`, a 16-byte `cp.async`). LLVM assumes it of a large buffer
/// without an alignment of its own and may widen accesses to it, while the
/// PTX printer would declare such a buffer with its element's alignment.
constexpr uint64_t kWorkgroupBufferAlignment = 16;

/// Threads of a block on every NVIDIA GPU wc targets (sm_70 on): the most a
/// named barrier can count.
constexpr int64_t kMaxThreadsPerBlock = 1024;

/// How many blocks of one kernel an SM keeps resident, and what limits them.
struct Residency {
  /// What limits the resident blocks first.
  enum class Limit { WarpSlots, BlockSlots, Registers, SharedMemory };
  int64_t blocks = 0;
  /// blocks x warps per block.
  int64_t warps = 0;
  Limit limit = Limit::WarpSlots;

  /// The limit in words ("warp slots", "registers", ...).
  llvm::StringRef getLimitName() const;
};

/// Facts about one GPU that the WC passes need.
struct TargetDescription {
  llvm::StringRef chip;          ///< e.g. "sm_90"
  int64_t smVersion;             ///< compute capability * 10, e.g. 90
  int64_t smCount;               ///< streaming multiprocessors
  int64_t warpSlotsPerSM;        ///< resident warps per SM
  int64_t blockSlotsPerSM;       ///< resident blocks per SM
  int64_t registersPerSM;        ///< 32-bit registers per SM
  int64_t maxRegistersPerThread; ///< per-thread register cap
  int64_t sharedMemoryPerSM;     ///< bytes
  int64_t sharedMemoryPerBlock;  ///< bytes (opt-in maximum)
  int64_t maxThreadsPerBlock;
  int64_t minPtxVersion; ///< oldest PTX ISA with this chip, e.g. 78
  /// Static shared memory a block may declare (bytes; more needs dynamic
  /// shared memory and an opt-in at launch).
  int64_t staticSharedMemoryPerBlock = 48 * 1024;
  /// Shared memory the driver reserves per resident block (bytes).
  int64_t reservedSharedMemoryPerBlock = 1024;
  /// Registers are allocated to a warp in units of this many.
  int64_t registerAllocationUnit = 256;

  /// The occupancy model every WC decision uses: the blocks of
  /// `warpsPerBlock` warps whose threads use `registersPerThread` registers
  /// (0: unknown, then registers are taken not to limit) and that declare
  /// `sharedBytesPerBlock` of shared memory, resident on one SM: the fewest
  /// that warp slots, block slots, the register file and shared memory allow
  /// (0 when one block does not fit).
  Residency getResidency(int64_t warpsPerBlock, int64_t registersPerThread,
                         int64_t sharedBytesPerBlock) const;

  /// The PTX ISA version requested by an LLVM NVPTX feature string such as
  /// "+ptx80" (80), if it names one.
  static std::optional<int64_t> getPtxVersion(llvm::StringRef features);
  /// The first entry of a comma-separated NVPTX feature string that is not
  /// a PTX ISA version the NVPTX backend of LLVM 22 knows ("+ptx32" ..
  /// "+ptx90"), if any: the backend would ignore it with a warning.
  static std::optional<llvm::StringRef>
  findUnknownFeature(llvm::StringRef features);
  /// The PTX ISA versions findUnknownFeature accepts, for diagnostics.
  static std::string knownPtxVersions();

  /// Whether `redux.sync` exists for 32-bit integers (sm_80 and later).
  bool hasIntegerRedux() const { return smVersion >= 80; }
  /// cp.async: copies from global to shared memory past the registers.
  bool hasAsyncCopy() const { return smVersion >= 80; }
  /// setmaxnreg: warpgroups give registers to each other (the
  /// architecture-specific sm_90a).
  bool hasSetMaxNReg() const { return chip == "sm_90a"; }

  /// H100 SXM (sm_90), the default target.
  static const TargetDescription &h100();
  /// The description of a chip name ("sm_90", "sm_80", ...), if known.
  static std::optional<TargetDescription> lookup(llvm::StringRef chip);
  /// The chip names `lookup` knows, comma separated, for diagnostics.
  static std::string knownChips();
};

} // namespace wc
} // namespace mlir

#endif // WC_TARGET_TARGETDESCRIPTION_H
