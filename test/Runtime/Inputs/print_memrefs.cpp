//===- print_memrefs.cpp - Calls every runner-utils print function --------===//
//
// Host-only driver for runner-utils.test: calls the print functions of MLIR's
// runner utils through their C ABIs on memrefs of every element type, rank
// and layout, and the scalar ones. Linked once with libwc_cuda_runtime.a and
// once with MLIR's libmlir_runner_utils, its output must be byte-identical.
// The data lives at a fixed address so that `base@ = 0x...` matches too.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <sys/mman.h>

namespace {
/// A ranked memref descriptor of rank up to 4: sizes in dims[0, rank),
/// strides in dims[rank, 2 * rank).
struct Descriptor {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t dims[8];
};

struct Unranked {
  int64_t rank;
  void *descriptor;
};
} // namespace

extern "C" {
void printMemrefI32(int64_t rank, void *descriptor);
void printMemrefI64(int64_t rank, void *descriptor);
void printMemrefF32(int64_t rank, void *descriptor);
void printMemrefF64(int64_t rank, void *descriptor);
void printMemrefInd(int64_t rank, void *descriptor);
void printMemrefC32(int64_t rank, void *descriptor);
void printMemrefC64(int64_t rank, void *descriptor);
void _mlir_ciface_printMemrefI8(Unranked *memref);
void _mlir_ciface_printMemrefI16(Unranked *memref);
void _mlir_ciface_printMemrefI32(Unranked *memref);
void _mlir_ciface_printMemrefI64(Unranked *memref);
void _mlir_ciface_printMemrefF16(Unranked *memref);
void _mlir_ciface_printMemrefBF16(Unranked *memref);
void _mlir_ciface_printMemrefF32(Unranked *memref);
void _mlir_ciface_printMemrefF64(Unranked *memref);
void _mlir_ciface_printMemrefInd(Unranked *memref);
void _mlir_ciface_printMemref0dF32(void *descriptor);
void _mlir_ciface_printMemref1dF32(void *descriptor);
void _mlir_ciface_printMemref2dF32(void *descriptor);
void _mlir_ciface_printMemref3dF32(void *descriptor);
void _mlir_ciface_printMemref4dF32(void *descriptor);
void _mlir_ciface_printMemref1dI8(void *descriptor);
void _mlir_ciface_printMemref1dI32(void *descriptor);
void _mlir_ciface_printMemref1dI64(void *descriptor);
void _mlir_ciface_printMemref1dF64(void *descriptor);
void _mlir_ciface_printMemref1dInd(void *descriptor);
void _mlir_ciface_printMemrefShapeF32(Unranked *memref);
void _mlir_ciface_printMemrefShapeI64(Unranked *memref);
void memrefCopy(int64_t elementSize, Unranked *src, Unranked *dst);
void printI64(int64_t i);
void printU64(uint64_t u);
void printF32(float f);
void printF64(double d);
void printF16(uint16_t bits);
void printBF16(uint16_t bits);
void printString(const char *s);
void printOpen();
void printClose();
void printComma();
void printNewline();
void printFlops(double flops);
}

/// A descriptor of `data` with `sizes` and `strides` (rank = sizes' length).
static Descriptor describe(void *data, int64_t offset,
                           std::initializer_list<int64_t> sizes,
                           std::initializer_list<int64_t> strides) {
  Descriptor d = {data, data, offset, {}};
  int i = 0;
  for (int64_t s : sizes)
    d.dims[i++] = s;
  for (int64_t s : strides)
    d.dims[i++] = s;
  return d;
}

int main() {
  // Fixed address: the printed base@ is the same in every run.
  void *arena = mmap(reinterpret_cast<void *>(0x100000000000ull), 1 << 16,
                     PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (arena == MAP_FAILED) {
    std::perror("mmap at the fixed address");
    return 1;
  }
  char *next = static_cast<char *>(arena);
  auto take = [&](size_t bytes) {
    void *p = next;
    next += (bytes + 63) / 64 * 64;
    return p;
  };

  // f32: 2x3, rank 0, 1x1, empty, 2x2x2, a transposed view with an offset,
  // and special values.
  auto *f32 = static_cast<float *>(take(32 * sizeof(float)));
  const float f32Values[] = {1.5f,        -2.0f,  3.25e-5f, 1e10f,
                             0.1f,        7.0f,   -0.0f,    12345.678f,
                             1.0f / 3.0f, 2e-38f, 6.0f,     100.0f};
  std::memcpy(f32, f32Values, sizeof(f32Values));
  f32[12] = std::numeric_limits<float>::infinity();
  f32[13] = -std::numeric_limits<float>::infinity();
  f32[14] = std::numeric_limits<float>::quiet_NaN();
  Descriptor f2x3 = describe(f32, 0, {2, 3}, {3, 1});
  printMemrefF32(2, &f2x3);
  Unranked uf2x3 = {2, &f2x3};
  _mlir_ciface_printMemrefF32(&uf2x3);
  Descriptor f0d = describe(f32, 4, {}, {});
  printMemrefF32(0, &f0d);
  Descriptor f1x1 = describe(f32, 0, {1, 1}, {1, 1});
  printMemrefF32(2, &f1x1);
  Descriptor fEmpty = describe(f32, 0, {0}, {1});
  printMemrefF32(1, &fEmpty);
  Descriptor f2x2x2 = describe(f32, 0, {2, 2, 2}, {4, 2, 1});
  printMemrefF32(3, &f2x2x2);
  Descriptor fTransposed = describe(f32, 1, {3, 2}, {1, 4});
  printMemrefF32(2, &fTransposed);
  Descriptor fSpecial = describe(f32, 12, {3}, {1});
  printMemrefF32(1, &fSpecial);
  Descriptor f4d = describe(f32, 0, {1, 2, 1, 3}, {6, 3, 3, 1});
  printMemrefF32(4, &f4d);

  // Ranked C-interface functions print "Memref " instead.
  _mlir_ciface_printMemref0dF32(&f0d);
  _mlir_ciface_printMemref1dF32(&fSpecial);
  _mlir_ciface_printMemref2dF32(&f2x3);
  _mlir_ciface_printMemref3dF32(&f2x2x2);
  _mlir_ciface_printMemref4dF32(&f4d);

  // Integers, including int8 (which the runner utils print as characters).
  auto *i32 = static_cast<int32_t *>(take(6 * sizeof(int32_t)));
  const int32_t i32Values[] = {0, -1, 2147483647, -2147483647 - 1, 42, 7};
  std::memcpy(i32, i32Values, sizeof(i32Values));
  Descriptor i2x3 = describe(i32, 0, {2, 3}, {3, 1});
  printMemrefI32(2, &i2x3);
  Unranked ui2x3 = {2, &i2x3};
  _mlir_ciface_printMemrefI32(&ui2x3);
  Descriptor i1d = describe(i32, 1, {4}, {1});
  _mlir_ciface_printMemref1dI32(&i1d);

  auto *i64 = static_cast<int64_t *>(take(4 * sizeof(int64_t)));
  const int64_t i64Values[] = {std::numeric_limits<int64_t>::min(), -3,
                               std::numeric_limits<int64_t>::max(), 9};
  std::memcpy(i64, i64Values, sizeof(i64Values));
  Descriptor l2x2 = describe(i64, 0, {2, 2}, {2, 1});
  printMemrefI64(2, &l2x2);
  Unranked ul2x2 = {2, &l2x2};
  _mlir_ciface_printMemrefI64(&ul2x2);
  _mlir_ciface_printMemrefShapeI64(&ul2x2);
  Descriptor l1d = describe(i64, 0, {4}, {1});
  _mlir_ciface_printMemref1dI64(&l1d);

  auto *ind = static_cast<uint64_t *>(take(3 * sizeof(uint64_t)));
  ind[0] = 0;
  ind[1] = 18446744073709551615ull;
  ind[2] = 1234;
  Descriptor ind1d = describe(ind, 0, {3}, {1});
  printMemrefInd(1, &ind1d);
  Unranked uind1d = {1, &ind1d};
  _mlir_ciface_printMemrefInd(&uind1d);
  _mlir_ciface_printMemref1dInd(&ind1d);

  auto *i8 = static_cast<int8_t *>(take(4));
  const int8_t i8Values[] = {65, 66, 97, 48};
  std::memcpy(i8, i8Values, sizeof(i8Values));
  Descriptor b1d = describe(i8, 0, {4}, {1});
  Unranked ub1d = {1, &b1d};
  _mlir_ciface_printMemrefI8(&ub1d);
  _mlir_ciface_printMemref1dI8(&b1d);

  auto *i16 = static_cast<int16_t *>(take(3 * sizeof(int16_t)));
  const int16_t i16Values[] = {-32768, 32767, 5};
  std::memcpy(i16, i16Values, sizeof(i16Values));
  Descriptor s1d = describe(i16, 0, {3}, {1});
  Unranked us1d = {1, &s1d};
  _mlir_ciface_printMemrefI16(&us1d);

  // f64.
  auto *f64 = static_cast<double *>(take(4 * sizeof(double)));
  const double f64Values[] = {3.141592653589793, -1e-300, 1e300, 0.5};
  std::memcpy(f64, f64Values, sizeof(f64Values));
  Descriptor d2x2 = describe(f64, 0, {2, 2}, {2, 1});
  printMemrefF64(2, &d2x2);
  Unranked ud2x2 = {2, &d2x2};
  _mlir_ciface_printMemrefF64(&ud2x2);
  Descriptor d1d = describe(f64, 0, {4}, {1});
  _mlir_ciface_printMemref1dF64(&d1d);

  // f16 and bf16: normal, subnormal, zero, negative, infinity, NaN.
  auto *f16 = static_cast<uint16_t *>(take(8 * sizeof(uint16_t)));
  const uint16_t f16Values[] = {0x3c00, 0x3555, 0x0001, 0x8000,
                                0xc500, 0x7c00, 0x7e00, 0x7bff};
  std::memcpy(f16, f16Values, sizeof(f16Values));
  Descriptor h2x4 = describe(f16, 0, {2, 4}, {4, 1});
  Unranked uh2x4 = {2, &h2x4};
  _mlir_ciface_printMemrefF16(&uh2x4);
  auto *bf16 = static_cast<uint16_t *>(take(6 * sizeof(uint16_t)));
  const uint16_t bf16Values[] = {0x3f80, 0x3eab, 0x0001,
                                 0xc0a0, 0x7f80, 0x7fc0};
  std::memcpy(bf16, bf16Values, sizeof(bf16Values));
  Descriptor bh1d = describe(bf16, 0, {6}, {1});
  Unranked ubh1d = {1, &bh1d};
  _mlir_ciface_printMemrefBF16(&ubh1d);

  // Complex.
  auto *c32 = static_cast<std::complex<float> *>(take(2 * 8));
  c32[0] = {1.5f, -2.0f};
  c32[1] = {0.0f, 3.0f};
  Descriptor c1d = describe(c32, 0, {2}, {1});
  printMemrefC32(1, &c1d);
  auto *c64 = static_cast<std::complex<double> *>(take(2 * 16));
  c64[0] = {1e-7, 2.5};
  c64[1] = {-4.0, 0.0};
  Descriptor z1d = describe(c64, 0, {2}, {1});
  printMemrefC64(1, &z1d);

  // Shape only.
  _mlir_ciface_printMemrefShapeF32(&uf2x3);

  // memrefCopy from the transposed view into a dense 3x2 buffer.
  auto *copy = static_cast<float *>(take(6 * sizeof(float)));
  Descriptor copy3x2 = describe(copy, 0, {3, 2}, {2, 1});
  Unranked from = {2, &fTransposed}, to = {2, &copy3x2};
  memrefCopy(sizeof(float), &from, &to);
  printMemrefF32(2, &copy3x2);

  // Scalars.
  printOpen();
  printI64(-42);
  printComma();
  printI64(std::numeric_limits<int64_t>::min());
  printComma();
  printU64(std::numeric_limits<uint64_t>::max());
  printComma();
  printF32(1.5f);
  printComma();
  printF32(1.0f / 3.0f);
  printComma();
  printF32(1e-20f);
  printComma();
  printF64(3.141592653589793);
  printComma();
  printF64(-1e300);
  printComma();
  printF64(std::nan(""));
  printComma();
  printF16(0x3555);
  printComma();
  printBF16(0xc0a0);
  printClose();
  printNewline();
  printString("string\n");
  std::fflush(stdout);
  printFlops(1.5e9);
  return 0;
}
