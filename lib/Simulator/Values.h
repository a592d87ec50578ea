//===- Values.h - Runtime values of the simulator ---------------*- C++ -*-===//
//
// The values the simulator computes: buffers of memory, memref descriptors,
// and the value of an SSA value across the 32 lanes of a warp.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_SIMULATOR_VALUES_H
#define WC_LIB_SIMULATOR_VALUES_H

#include "Races.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace wc {
namespace sim {

constexpr unsigned kLanes = 32;
using LaneMask = uint32_t;
constexpr LaneMask kAllLanes = 0xffffffffu;

/// Calls `fn(lane)` for every lane set in `mask`.
template <typename Fn> inline void forEachLane(LaneMask mask, Fn fn) {
  while (mask) {
    unsigned lane = __builtin_ctz(mask);
    fn(lane);
    mask &= mask - 1;
  }
}

/// A block of memory a memref points into.
struct Buffer {
  enum class Space { Host, Device, Workgroup, Private, Global };
  Space space;
  /// Host memory made visible to kernels with gpu.host_register.
  bool registered = false;
  bool freed = false;
  Type elementType;
  unsigned elementBytes;
  int64_t numElements;
  std::vector<uint8_t> bytes;
  /// A stable fake address, so that pointer arithmetic on extracted
  /// pointers compares buffers the way addresses would.
  uint64_t address;
  /// What to call the buffer in diagnostics.
  std::string name;
  /// Access history for race detection (workgroup buffers only).
  std::unique_ptr<RaceShadow> shadow;
  /// For a typed view of another buffer's bytes (`memref.view`): that
  /// buffer, which holds the bytes, the shadow and the freed state, and
  /// where the view starts in it.
  Buffer *storage = nullptr;
  int64_t byteOffset = 0;
  /// The alignment in bytes the GPU gives the buffer: 256 for allocations
  /// (cudaMalloc's), the declared alignment of a workgroup buffer
  /// (`llvm.align` of an attribution, `alignment` of memref.global or
  /// memref.alloca), else its element size. Views use their storage's.
  uint64_t alignment = 256;

  uint64_t load(int64_t element) const;
  void store(int64_t element, uint64_t bits);
  bool isFreed() const { return freed || (storage && storage->freed); }
  /// The buffer holding this one's bytes and the element of it that
  /// `element` of this one starts in.
  std::pair<Buffer *, int64_t> getStorageElement(int64_t element) {
    if (!storage)
      return {this, element};
    return {storage,
            (byteOffset + element * elementBytes) / storage->elementBytes};
  }
  /// Whether `element` starts at an address that is a multiple of `bytes`
  /// (a power of two) wherever the GPU places the buffer.
  bool isAligned(int64_t element, uint64_t bytes) const {
    uint64_t offset = byteOffset + element * elementBytes;
    return getAlignment() % bytes == 0 && offset % bytes == 0;
  }
  /// The alignment of the storage that holds the buffer's bytes.
  uint64_t getAlignment() const {
    return storage ? storage->alignment : alignment;
  }

private:
  const uint8_t *data() const {
    return storage ? storage->bytes.data() + byteOffset : bytes.data();
  }
};

/// A memref value: a buffer and the strided layout of the view.
struct MemRefDesc {
  Buffer *buffer = nullptr;
  int64_t offset = 0;
  llvm::SmallVector<int64_t, 4> sizes;
  llvm::SmallVector<int64_t, 4> strides;
};
using MemRefRef = std::shared_ptr<const MemRefDesc>;

/// The value of one SSA value in a warp (or on the host, in lane 0). Each
/// lane holds `width` 64-bit words (scalar bits, or the elements of a vector,
/// LLVM struct or lane array) or a memref descriptor. A uniform value stores
/// lane 0's copy only.
struct WarpValue {
  bool uniform = true;
  unsigned width = 1;
  llvm::SmallVector<uint64_t, 1> bits;
  llvm::SmallVector<MemRefRef, 1> refs;

  /// A uniform scalar.
  static WarpValue scalar(uint64_t value) {
    WarpValue v;
    v.bits.push_back(value);
    return v;
  }
  /// A uniform memref.
  static WarpValue memref(MemRefRef ref) {
    WarpValue v;
    v.refs.push_back(std::move(ref));
    return v;
  }
  /// A non-uniform value of `width` words per lane, all zero.
  static WarpValue perLane(unsigned width = 1) {
    WarpValue v;
    v.uniform = false;
    v.width = width;
    v.bits.assign(kLanes * width, 0);
    return v;
  }
  /// A non-uniform memref value with no descriptors yet.
  static WarpValue perLaneMemRef() {
    WarpValue v;
    v.uniform = false;
    v.refs.resize(kLanes);
    return v;
  }

  bool isMemRef() const { return !refs.empty(); }
  uint64_t get(unsigned lane, unsigned index = 0) const {
    return bits[(uniform ? 0 : lane) * width + index];
  }
  uint64_t &at(unsigned lane, unsigned index = 0) {
    return bits[(uniform ? 0 : lane) * width + index];
  }
  const MemRefRef &ref(unsigned lane) const { return refs[uniform ? 0 : lane]; }
  /// Makes the value per-lane (copying the uniform value to every lane).
  void expand() {
    if (!uniform)
      return;
    uniform = false;
    if (!refs.empty()) {
      refs.assign(kLanes, refs[0]);
      return;
    }
    llvm::SmallVector<uint64_t, 1> lane0(bits.begin(), bits.end());
    bits.clear();
    for (unsigned l = 0; l < kLanes; ++l)
      bits.append(lane0.begin(), lane0.end());
  }
  /// Overwrites the lanes of `mask` with those of `other`.
  void assignLanes(const WarpValue &other, LaneMask mask) {
    expand();
    if (!refs.empty()) {
      forEachLane(mask, [&](unsigned l) { refs[l] = other.ref(l); });
      return;
    }
    forEachLane(mask, [&](unsigned l) {
      for (unsigned i = 0; i < width; ++i)
        bits[l * width + i] = other.get(l, i);
    });
  }
};

} // namespace sim
} // namespace wc
} // namespace mlir

#endif // WC_LIB_SIMULATOR_VALUES_H
