//===- harness.h - Host harness of the suite's CUDA twins -------*- C++ -*-===//
//
// The host side shared by the CUDA C++ twins of the benchmark suite
// (bench/suite/suite.py): the same inputs, launches, timing and checksum as
// the MLIR programs that bench/lib/benchgen.py generates (MAIN, fill(),
// checksum()), so that a twin and the MLIR build of its kernel print the same
// lines for the same seed, the timings aside.
//
//   NAME.cuda.exe SEED        (SEED: the decimal i32 the MLIR program has
//                              baked in as %seed)
//
// prints 60 lines of seconds per launch (each the GPU time of 20 launches
// divided by 20000.0, as printF64: "%g"), then the checksum of the last
// buffer argument (as printI64: a signed 64-bit decimal).
//
// What each part mirrors:
// - wcSeed: `%seed = arith.constant SEED : i32` (any value an i32 constant
//   accepts: -2^31 .. 2^32-1, taken modulo 2^32).
// - WcLcg / wcInput: fill(): one LCG state (i32, wrapping) shared by all
//   buffers in kernel-argument order; per element, row-major:
//   state = state * 1103515245 + 12345; v = (state >>u 16) & 15; stored as
//   the i32 v, or `arith.sitofp` v for f32. Every buffer, outputs included,
//   is filled on the host, allocated on the device and copied there.
// - wcTimeLaunches: the scf.for of 60 samples: wcTimerStart (an event on the
//   legacy default stream), 20 launches, wcTimerStopMs (an event on the
//   legacy default stream, synchronised, elapsed ms as f64), / 20000.0,
//   printF64 + printNewline. The launches are an scf.for of 20 / copies
//   iterations (see wcRotations), each with one gpu.launch_func per copy of
//   the buffers; the MLIR program lowers (gpu-async-region, as
//   utils/wc-compile.py runs it) each iteration into mgpuStreamCreate (a
//   blocking stream), its launches back to back on that stream,
//   mgpuStreamSynchronize and mgpuStreamDestroy: the host waits for every
//   iteration before the next. The twin does the same by default;
//   -DWC_TWIN_BACK_TO_BACK launches all 20 back to back on the legacy
//   default stream instead (not what the MLIR program does: for comparisons
//   of the launch overhead only).
//   The MLIR program loads its kernel module (gpu.binary) in a global
//   constructor; wcTimeLaunches loads the twin's kernel before the first
//   sample (cudaFuncGetAttributes), so that CUDA's lazy module loading does
//   not fall into the first sample.
// - wcRotations / WcRotation: benchgen's rotations(): the launches of a
//   sample rotate through copies of all buffers (launch j uses copy
//   j % copies) when the buffers fit in L2 several times over.
// - wcPrintChecksum: checksum(): copy the last buffer argument back; h = 0
//   (i64, wrapping); per element, row-major: h = h * 31 + zext(bits), bits
//   being the element's 32 bits (the f32 bit pattern, or the i32); printI64.
// - wcWarpSum: a warp's sum by shuffles, for the expert baselines.
// - wc_addi, wc_subi, wc_muli, wc_minsi, wc_maxsi, wc_maximumf: device helpers
// with the
//   semantics of the arith ops of the same names on i32 / f32.
//
//===----------------------------------------------------------------------===//

#ifndef WC_BENCH_SUITE_CUDA_HARNESS_H
#define WC_BENCH_SUITE_CUDA_HARNESS_H

#include <cuda_runtime.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// Exits with status 1 after printing `call` and the CUDA error, when `error`
/// is not cudaSuccess (flushing what the program printed so far first).
static inline void wcCheck(cudaError_t error, const char *call,
                           const char *file, int line) {
  if (error == cudaSuccess)
    return;
  std::fflush(stdout);
  std::fprintf(stderr, "%s:%d: '%s' failed with %s: %s\n", file, line, call,
               cudaGetErrorName(error), cudaGetErrorString(error));
  std::exit(1);
}

#define WC_CHECK(call) wcCheck((call), #call, __FILE__, __LINE__)

//===----------------------------------------------------------------------===//
// Seed and inputs
//===----------------------------------------------------------------------===//

/// The seed from argv[1] (decimal), as the i32 bit pattern the MLIR program
/// stores into its LCG state.
static inline uint32_t wcSeed(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s SEED\n", argc > 0 ? argv[0] : "twin");
    std::exit(1);
  }
  errno = 0;
  char *end = nullptr;
  long long seed = std::strtoll(argv[1], &end, 10);
  if (errno != 0 || end == argv[1] || *end != '\0' || seed < INT32_MIN ||
      seed > static_cast<long long>(UINT32_MAX)) {
    std::fprintf(stderr, "%s: the seed must be a decimal i32, not '%s'\n",
                 argv[0], argv[1]);
    std::exit(1);
  }
  return static_cast<uint32_t>(seed);
}

/// The LCG of fill(): i32 arithmetic, wrapping (computed in uint32_t).
struct WcLcg {
  uint32_t state;
  explicit WcLcg(uint32_t seed) : state(seed) {}
  /// Advances the state and returns the next value, 0 .. 15.
  uint32_t next() {
    state = state * 1103515245u + 12345u; // arith.muli, arith.addi
    return (state >> 16) & 15u;           // arith.shrui, arith.andi
  }
};

/// The device buffers wcInput allocated, in order, with their sizes: the
/// buffers that wcTimeLaunches rotates.
static inline std::vector<std::pair<void *, size_t>> &wcBuffers() {
  static std::vector<std::pair<void *, size_t>> buffers;
  return buffers;
}

/// A device buffer of `count` elements of T (int32_t or float), filled
/// row-major on the host from `lcg` (whose state carries on to the next
/// buffer) and copied to the device, as fill() does for every memref
/// argument, in kernel-argument order.
template <typename T> static T *wcInput(WcLcg &lcg, size_t count) {
  static_assert(std::is_same<T, int32_t>::value ||
                    std::is_same<T, float>::value,
                "buffers are i32 or f32");
  std::vector<T> host(count);
  for (size_t i = 0; i < count; ++i) {
    int32_t v = static_cast<int32_t>(lcg.next());
    host[i] = static_cast<T>(v); // the i32 itself, or arith.sitofp
  }
  T *device = nullptr;
  WC_CHECK(cudaMalloc(&device, count * sizeof(T)));
  WC_CHECK(cudaMemcpy(device, host.data(), count * sizeof(T),
                      cudaMemcpyHostToDevice));
  wcBuffers().push_back({device, count * sizeof(T)});
  return device;
}

//===----------------------------------------------------------------------===//
// Timing
//===----------------------------------------------------------------------===//

/// How many copies of its buffers a kernel's launches rotate through
/// (benchgen.rotations): the smallest divisor of the 20 launches of a sample
/// whose copies hold at least 4 times the H100's 50 MB L2, or 20, so that
/// kernels whose data fits in L2 are not timed on an L2 warmed by the
/// previous launch.
static inline int wcRotations(size_t bytes) {
  for (int copies = 1; copies < 20; ++copies)
    if (20 % copies == 0 && copies * bytes >= size_t(200) * 1000 * 1000)
      return copies;
  return 20;
}

/// Which copy of the buffers a launch uses: `rot(buffer)` is copy `copy`
/// of a buffer wcInput allocated (copy 0 being the buffer itself).
struct WcRotation {
  int copy;
  const std::vector<std::vector<void *>> *copies;
  template <typename T> T *operator()(T *buffer) const {
    for (const std::vector<void *> &all : *copies)
      if (all[0] == buffer)
        return static_cast<T *>(all[copy]);
    std::fprintf(stderr, "a kernel argument wcInput did not allocate\n");
    std::exit(1);
  }
};

/// Takes the 60 samples of 20 launches each and prints the seconds per
/// launch of each sample. `launch(stream, rot)` launches the kernel once on
/// `stream` with every buffer argument `b` passed as `rot(b)`; launch `j` of
/// a sample uses copy `j % wcRotations(bytes of all buffers)` (copies made
/// here, equal to the buffers; the checksum reads copy 0, whose launches
/// are the same in every sample). `kernel` is the __global__ function it
/// launches.
template <typename Launch>
static void wcTimeLaunches(const void *kernel, Launch launch) {
  cudaFuncAttributes attributes;
  WC_CHECK(cudaFuncGetAttributes(&attributes, kernel)); // loads the module
  size_t bytes = 0;
  for (auto [buffer, size] : wcBuffers())
    bytes += size;
  int rotations = wcRotations(bytes);
  std::vector<std::vector<void *>> copies;
  for (auto [buffer, size] : wcBuffers()) {
    copies.push_back({buffer});
    for (int copy = 1; copy < rotations; ++copy) {
      void *other = nullptr;
      WC_CHECK(cudaMalloc(&other, size));
      WC_CHECK(cudaMemcpy(other, buffer, size, cudaMemcpyDeviceToDevice));
      copies.back().push_back(other);
    }
  }
  cudaEvent_t start, stop;
  WC_CHECK(cudaEventCreate(&start));
  WC_CHECK(cudaEventCreate(&stop));
  for (int sample = 0; sample < 60; ++sample) {
    WC_CHECK(cudaEventRecord(start, 0)); // wcTimerStart
    // The MLIR program's loop `scf.for %j = 0 to 20 step rotations` holds
    // one gpu.launch_func per copy: gpu-async-region chains them on one
    // stream, which the host waits for at the end of the iteration.
    for (int j = 0; j < 20; j += rotations) {
#ifdef WC_TWIN_BACK_TO_BACK
      for (int copy = 0; copy < rotations; ++copy) {
        launch(static_cast<cudaStream_t>(0), WcRotation{copy, &copies});
        WC_CHECK(cudaGetLastError());
      }
#else
      cudaStream_t stream; // mgpuStreamCreate: a blocking stream
      WC_CHECK(cudaStreamCreate(&stream));
      for (int copy = 0; copy < rotations; ++copy) {
        launch(stream, WcRotation{copy, &copies});
        WC_CHECK(cudaGetLastError());
      }
      WC_CHECK(cudaStreamSynchronize(stream)); // gpu.wait
      WC_CHECK(cudaStreamDestroy(stream));
#endif
    }
    WC_CHECK(cudaEventRecord(stop, 0)); // wcTimerStopMs
    WC_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    WC_CHECK(cudaEventElapsedTime(&ms, start, stop));
    double elapsed = ms;
    std::printf("%g\n", elapsed / 20000.0); // printF64, printNewline
  }
  WC_CHECK(cudaEventDestroy(start));
  WC_CHECK(cudaEventDestroy(stop));
  for (const std::vector<void *> &all : copies)
    for (size_t copy = 1; copy < all.size(); ++copy)
      WC_CHECK(cudaFree(all[copy]));
}

//===----------------------------------------------------------------------===//
// Checksum
//===----------------------------------------------------------------------===//

/// Copies the `count` elements at `device` back and prints their hash.
template <typename T>
static void wcPrintChecksum(const T *device, size_t count) {
  static_assert(sizeof(T) == 4, "buffers have 32-bit elements");
  std::vector<T> host(count);
  WC_CHECK(cudaMemcpy(host.data(), device, count * sizeof(T),
                      cudaMemcpyDeviceToHost));
  uint64_t hash = 0;
  for (size_t i = 0; i < count; ++i) {
    uint32_t bits; // arith.bitcast (f32) / the i32 itself
    std::memcpy(&bits, &host[i], sizeof(bits));
    hash = hash * 31u + static_cast<uint64_t>(bits); // arith.extui
  }
  std::printf("%lld\n", static_cast<long long>(hash)); // printI64
  std::fflush(stdout);
}

//===----------------------------------------------------------------------===//
// arith semantics on the device
//===----------------------------------------------------------------------===//

/// arith.addi on i32: wrapping.
__device__ __forceinline__ int32_t wc_addi(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) +
                              static_cast<uint32_t>(b));
}

/// arith.subi on i32: wrapping.
__device__ __forceinline__ int32_t wc_subi(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) -
                              static_cast<uint32_t>(b));
}

/// arith.muli on i32: wrapping.
__device__ __forceinline__ int32_t wc_muli(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) *
                              static_cast<uint32_t>(b));
}

/// arith.minsi on i32: signed minimum.
__device__ __forceinline__ int32_t wc_minsi(int32_t a, int32_t b) {
  return a < b ? a : b;
}

/// arith.maxsi on i32: signed maximum.
__device__ __forceinline__ int32_t wc_maxsi(int32_t a, int32_t b) {
  return a > b ? a : b;
}

/// arith.maximumf on f32 (llvm.maximum): NaN when either operand is NaN
/// (the canonical NaN, as PTX max.NaN.f32 and every f32 operation of the GPU
/// return), otherwise the larger, -0.0 counting as less than +0.0. Unlike
/// fmaxf, which returns the other operand when one is NaN.
__device__ __forceinline__ float wc_maximumf(float a, float b) {
  if (a != a || b != b)
    return __int_as_float(0x7fffffff);
  if (a == b) // equal, or +0.0 and -0.0: +0.0 wins
    return signbit(a) ? b : a;
  return a > b ? a : b;
}

/// The sum of `value` over the 32 lanes of the warp, in every lane (the
/// expert baselines' row reductions, cuda/*.expert.cu).
__device__ __forceinline__ float wcWarpSum(float value) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
    value += __shfl_xor_sync(0xffffffffu, value, offset);
  return value;
}

#endif // WC_BENCH_SUITE_CUDA_HARNESS_H
