//===- RunnerUtils.cpp - MLIR runner-utils functions without MLIR ---------===//
//
// The functions of MLIR's runner utils that test programs call
// (`printMemrefF32`, `printI64`, `printNewline`, `memrefCopy`, ...), for
// programs compiled ahead of time by utils/wc-compile.py: the same symbols,
// the same ABIs and byte-identical output, without libmlir_runner_utils and
// the LLVM libraries it needs. An unranked memref comes as `(rank,
// descriptor)` in the plain ABI and as a pointer to that pair in the
// `_mlir_ciface_` one; memrefs print through WC/Runtime/MemRefPrinter.h, which
// the CPU simulator shares, to std::cout, and scalars through stdio, as
// upstream does (std::cout is synchronised with stdio, so the two interleave).
//
//===----------------------------------------------------------------------===//

#include "WC/Runtime/MemRefPrinter.h"

#include <chrono>
#include <cinttypes>
#include <complex>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sys/time.h>
#include <vector>

using wc::runtime::BF16Bits;
using wc::runtime::F16Bits;
using wc::runtime::StridedView;
using wc::runtime::viewRankedDescriptor;

namespace {
/// An unranked memref as the `_mlir_ciface_` ABI passes it.
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};
} // namespace

/// Prints the unranked memref `(rank, descriptor)` of `T` as the runner
/// utils' `printMemref*` do.
template <typename T>
static void printUnranked(int64_t rank, const void *descriptor) {
  wc::runtime::printMemRef<T>(std::cout, "Unranked Memref ",
                              viewRankedDescriptor(rank, descriptor));
}

/// Prints the ranked memref of rank `rank` at `descriptor` as the runner
/// utils' `printMemref<rank>d*` do.
template <typename T>
static void printRanked(int64_t rank, const void *descriptor) {
  wc::runtime::printMemRef<T>(std::cout, "Memref ",
                              viewRankedDescriptor(rank, descriptor));
}

/// Prints the metadata line of the unranked memref `(rank, descriptor)` as the
/// runner utils' `printMemrefShape*` do.
static void printShape(int64_t rank, const void *descriptor) {
  std::cout << "Unranked Memref ";
  wc::runtime::printMemRefMetaData(std::cout,
                                   viewRankedDescriptor(rank, descriptor));
  std::cout << "\n";
}

// NOLINTBEGIN(readability-identifier-naming): the names are MLIR's ABI.

#define WC_DEFINE_PRINT_MEMREF(SUFFIX, TYPE)                                   \
  extern "C" void printMemref##SUFFIX(int64_t rank, void *descriptor) {        \
    printUnranked<TYPE>(rank, descriptor);                                     \
  }                                                                            \
  extern "C" void _mlir_ciface_printMemref##SUFFIX(UnrankedMemRef *memref) {   \
    printUnranked<TYPE>(memref->rank, memref->descriptor);                     \
  }

WC_DEFINE_PRINT_MEMREF(I8, int8_t)
WC_DEFINE_PRINT_MEMREF(I16, int16_t)
WC_DEFINE_PRINT_MEMREF(I32, int32_t)
WC_DEFINE_PRINT_MEMREF(I64, int64_t)
WC_DEFINE_PRINT_MEMREF(F16, F16Bits)
WC_DEFINE_PRINT_MEMREF(BF16, BF16Bits)
WC_DEFINE_PRINT_MEMREF(F32, float)
WC_DEFINE_PRINT_MEMREF(F64, double)
// `index` elements print unsigned, as upstream's `impl::index_type`.
WC_DEFINE_PRINT_MEMREF(Ind, uint64_t)
WC_DEFINE_PRINT_MEMREF(C32, std::complex<float>)
WC_DEFINE_PRINT_MEMREF(C64, std::complex<double>)
#undef WC_DEFINE_PRINT_MEMREF

#define WC_DEFINE_PRINT_RANKED_MEMREF(NAME, TYPE, RANK)                        \
  extern "C" void _mlir_ciface_printMemref##NAME(void *descriptor) {           \
    printRanked<TYPE>(RANK, descriptor);                                       \
  }

WC_DEFINE_PRINT_RANKED_MEMREF(0dF32, float, 0)
WC_DEFINE_PRINT_RANKED_MEMREF(1dF32, float, 1)
WC_DEFINE_PRINT_RANKED_MEMREF(2dF32, float, 2)
WC_DEFINE_PRINT_RANKED_MEMREF(3dF32, float, 3)
WC_DEFINE_PRINT_RANKED_MEMREF(4dF32, float, 4)
WC_DEFINE_PRINT_RANKED_MEMREF(1dI8, int8_t, 1)
WC_DEFINE_PRINT_RANKED_MEMREF(1dI32, int32_t, 1)
WC_DEFINE_PRINT_RANKED_MEMREF(1dI64, int64_t, 1)
WC_DEFINE_PRINT_RANKED_MEMREF(1dF64, double, 1)
WC_DEFINE_PRINT_RANKED_MEMREF(1dInd, uint64_t, 1)
WC_DEFINE_PRINT_RANKED_MEMREF(1dC32, std::complex<float>, 1)
WC_DEFINE_PRINT_RANKED_MEMREF(1dC64, std::complex<double>, 1)
#undef WC_DEFINE_PRINT_RANKED_MEMREF

#define WC_DEFINE_PRINT_MEMREF_SHAPE(SUFFIX)                                   \
  extern "C" void _mlir_ciface_printMemrefShape##SUFFIX(                       \
      UnrankedMemRef *memref) {                                                \
    printShape(memref->rank, memref->descriptor);                              \
  }

WC_DEFINE_PRINT_MEMREF_SHAPE(I8)
WC_DEFINE_PRINT_MEMREF_SHAPE(I32)
WC_DEFINE_PRINT_MEMREF_SHAPE(I64)
WC_DEFINE_PRINT_MEMREF_SHAPE(F32)
WC_DEFINE_PRINT_MEMREF_SHAPE(F64)
WC_DEFINE_PRINT_MEMREF_SHAPE(Ind)
WC_DEFINE_PRINT_MEMREF_SHAPE(C32)
WC_DEFINE_PRINT_MEMREF_SHAPE(C64)
#undef WC_DEFINE_PRINT_MEMREF_SHAPE

// Scalars, for `vector.print` and hand-written output.
extern "C" void printI64(int64_t i) { std::printf("%" PRId64, i); }
extern "C" void printU64(uint64_t u) { std::printf("%" PRIu64, u); }
extern "C" void printF32(float f) { std::printf("%g", f); }
extern "C" void printF64(double d) { std::printf("%lg", d); }
extern "C" void printF16(uint16_t bits) { std::cout << F16Bits{bits}; }
extern "C" void printBF16(uint16_t bits) { std::cout << BF16Bits{bits}; }
extern "C" void printString(const char *s) { std::fputs(s, stdout); }
extern "C" void printCString(const char *s) { std::printf("%s", s); }
extern "C" void printOpen() { std::fputs("( ", stdout); }
extern "C" void printClose() { std::fputs(" )", stdout); }
extern "C" void printComma() { std::fputs(", ", stdout); }
extern "C" void printNewline() { std::fputc('\n', stdout); }

// Timing, for benchmarks.
extern "C" void printFlops(double flops) {
  std::fprintf(stderr, "%lf GFLOPS\n", flops / 1.0E9);
}

extern "C" double rtclock() {
  timeval now;
  if (gettimeofday(&now, nullptr) != 0)
    std::fprintf(stderr, "rtclock: gettimeofday failed\n");
  return static_cast<double>(now.tv_sec) +
         static_cast<double>(now.tv_usec) * 1.0e-6;
}

extern "C" int64_t _mlir_ciface_nanoTime() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::high_resolution_clock::now().time_since_epoch())
      .count();
}

/// Copies every element of `src` to the same indices of `dst`, as
/// `memref.copy` of memrefs whose layout is not the identity lowers to.
extern "C" void memrefCopy(int64_t elementSize, UnrankedMemRef *src,
                           UnrankedMemRef *dst) {
  StridedView from = viewRankedDescriptor(src->rank, src->descriptor);
  StridedView to = viewRankedDescriptor(dst->rank, dst->descriptor);
  for (int64_t d = 0; d < from.rank; ++d)
    if (from.sizes[d] == 0)
      return;
  auto *fromBytes = static_cast<const char *>(from.data);
  auto *toBytes = static_cast<char *>(const_cast<void *>(to.data));
  // Odometer over the indices, innermost dimension fastest.
  std::vector<int64_t> index(from.rank, 0);
  int64_t fromOffset = from.offset, toOffset = to.offset;
  while (true) {
    std::memcpy(toBytes + toOffset * elementSize,
                fromBytes + fromOffset * elementSize, elementSize);
    int64_t d = from.rank - 1;
    for (; d >= 0; --d) {
      fromOffset += from.strides[d];
      toOffset += to.strides[d];
      if (++index[d] < from.sizes[d])
        break;
      fromOffset -= from.sizes[d] * from.strides[d];
      toOffset -= from.sizes[d] * to.strides[d];
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}

// NOLINTEND(readability-identifier-naming)
