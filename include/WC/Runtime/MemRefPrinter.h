//===- MemRefPrinter.h - Runner-utils compatible memref printing -*- C++
//-*-===//
//
// Prints a strided memref exactly as MLIR's runner utils `printMemref*`
// functions do, so that test programs print the same text under the CPU
// simulator (wc-sim) and under the compiled GPU runtime, and upstream-style
// FileCheck lines apply unchanged. Header-only and free of MLIR and LLVM
// dependencies: the GPU runtime library travels without them.
//
//===----------------------------------------------------------------------===//

#ifndef WC_RUNTIME_MEMREFPRINTER_H
#define WC_RUNTIME_MEMREFPRINTER_H

#include <cstdint>
#include <cstring>
#include <ostream>

namespace wc {
namespace runtime {

/// A strided view of memref data: element (i0, .., in) is at
/// `data[offset + sum(ik * strides[k])]`.
struct StridedView {
  const void *data;
  int64_t rank;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
  /// The address to print as `base@` when it is not `data` itself (the CPU
  /// simulator prints its simulated addresses); 0 prints `data`.
  std::intptr_t shownAddress = 0;
};

/// Writes `base@ = 0x.. rank = r offset = o sizes = [..] strides = [..]`.
inline void printMemRefMetaData(std::ostream &os, const StridedView &v) {
  std::intptr_t address =
      v.shownAddress ? v.shownAddress : reinterpret_cast<std::intptr_t>(v.data);
  os << "base@ = " << std::hex << std::showbase << address << std::dec
     << std::noshowbase << " rank = " << v.rank << " offset = " << v.offset;
  auto print = [&](const int64_t *values) {
    for (int64_t i = 0; i < v.rank; ++i)
      os << (i ? ", " : "") << values[i];
  };
  os << " sizes = [";
  print(v.sizes);
  os << "] strides = [";
  print(v.strides);
  os << "]";
}

/// The view of an MLIR ranked memref descriptor of rank `rank`, laid out as
/// `{T *allocated; T *aligned; int64_t offset; int64_t sizes[rank];
/// int64_t strides[rank]}` (what an unranked memref's descriptor pointer and
/// the `_mlir_ciface_` ABI point to).
inline StridedView viewRankedDescriptor(int64_t rank, const void *descriptor) {
  static_assert(sizeof(void *) == sizeof(int64_t),
                "memref descriptors are laid out for 64-bit pointers");
  auto *pointers = static_cast<const void *const *>(descriptor);
  auto *fields = reinterpret_cast<const int64_t *>(pointers + 2);
  return {pointers[1], rank, fields[0], fields + 1, fields + 1 + rank};
}

/// An IEEE binary16 element as stored in memory; prints as the float it holds,
/// like the runner utils' `f16`.
struct F16Bits {
  uint16_t bits;
};

/// A bfloat16 element as stored in memory; prints as the float it holds, like
/// the runner utils' `bf16`.
struct BF16Bits {
  uint16_t bits;
};

/// The float that `value` holds exactly, signed zeros, infinities and NaN
/// payloads included.
inline float toFloat(F16Bits value) {
  uint32_t sign = static_cast<uint32_t>(value.bits & 0x8000u) << 16;
  uint32_t exponent = (value.bits >> 10) & 0x1fu;
  uint32_t mantissa = value.bits & 0x3ffu;
  float result;
  if (exponent == 0) {
    // Zero or subnormal: mantissa * 2^-24, exact in a float.
    result = static_cast<float>(mantissa) * (1.0f / 16777216.0f);
    uint32_t bits;
    std::memcpy(&bits, &result, sizeof(bits));
    bits |= sign;
    std::memcpy(&result, &bits, sizeof(bits));
    return result;
  }
  // Rebias the exponent from 15 to 127; all-ones (inf/NaN) stays all-ones.
  uint32_t floatExponent = exponent == 0x1f ? 0xffu : exponent + (127 - 15);
  uint32_t bits = sign | (floatExponent << 23) | (mantissa << 13);
  std::memcpy(&result, &bits, sizeof(result));
  return result;
}

/// The float that `value` holds exactly (bfloat16 is a truncated float).
inline float toFloat(BF16Bits value) {
  uint32_t bits = static_cast<uint32_t>(value.bits) << 16;
  float result;
  std::memcpy(&result, &bits, sizeof(result));
  return result;
}

inline std::ostream &operator<<(std::ostream &os, F16Bits value) {
  return os << toFloat(value);
}

inline std::ostream &operator<<(std::ostream &os, BF16Bits value) {
  return os << toFloat(value);
}

namespace detail {
inline void printSpaces(std::ostream &os, int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    os << ' ';
}

/// Prints dimension `dim` (counting down to 0 for a single element) of the
/// nested bracket layout the runner utils use.
template <typename T>
void printData(std::ostream &os, const T *base, int64_t dim, int64_t rank,
               int64_t offset, const int64_t *sizes, const int64_t *strides) {
  if (dim == 0) {
    os << base[offset];
    return;
  }
  os << "[";
  printData(os, base, dim - 1, rank, offset, sizes + 1, strides + 1);
  if (sizes[0] <= 1) {
    os << "]";
    return;
  }
  os << ", ";
  if (dim > 1)
    os << "\n";
  for (int64_t i = 1; i + 1 < sizes[0]; ++i) {
    printSpaces(os, rank - dim + 1);
    printData(os, base, dim - 1, rank, offset + i * strides[0], sizes + 1,
              strides + 1);
    os << ", ";
    if (dim > 1)
      os << "\n";
  }
  printSpaces(os, rank - dim + 1);
  printData(os, base, dim - 1, rank, offset + (sizes[0] - 1) * strides[0],
            sizes + 1, strides + 1);
  os << "]";
}
} // namespace detail

/// Prints `prefix` (e.g. "Unranked Memref "), the metadata and the data of
/// a memref of `T`, then a newline, as `printMemref*` of the runner utils.
template <typename T>
void printMemRef(std::ostream &os, const char *prefix, const StridedView &v) {
  os << prefix;
  printMemRefMetaData(os, v);
  os << " data = \n";
  if (v.rank == 0)
    os << "[";
  detail::printData(os, static_cast<const T *>(v.data), v.rank, v.rank,
                    v.offset, v.sizes, v.strides);
  if (v.rank == 0)
    os << "]";
  os << '\n' << std::flush;
}

} // namespace runtime
} // namespace wc

#endif // WC_RUNTIME_MEMREFPRINTER_H
