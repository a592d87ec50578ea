// CUDA twin of test/Producers/rms_norm.mlir, @rms_norm_kernel::
// @rms_norm_kernel, as bench/suite/suite.py's ml_rms_norm generates it (the
// transform script through TRANSFORM_PIPELINE, at the sizes in and out
// 16384x1024 f32, gamma 1024 f32; the kernel's arguments are in, out,
// gamma); launched as blocks (16384, 1, 1) x threads (128, 1, 1). One row
// per block, 8 consecutive elements per thread: per-thread sums of squares
// in a workgroup buffer of 128, reduced serially by thread 0; then
// x * rsqrt(mean square + eps) * gamma. The mean divides by the row's 1024
// elements (the source's 512.0, which suite.py's size substitutions scale).
// Host side (inputs in the kernel's argument order, timing, checksum of
// `out`, the kernel's argument 1): harness.h.
#include "harness.h"

constexpr size_t kRows = 16384;
constexpr size_t kCols = 1024; // in, out: kRows x kCols; gamma: kCols

// known_block_size = [128, 1, 1]
__global__ void __launch_bounds__(128)
    rms_norm_kernel(float *in /* 16384 x 1024 */, float *out /* 16384 x 1024 */,
                    float *gamma /* 1024 */) {
  const float n = 1024.0f;   // 1.024000e+03
  const float eps = 1.0e-6f; // 9.99999997E-7
  // The memref.alloc() {alignment = 64} of the kernel, in workgroup memory.
  __shared__ __align__(64) float total[1];     // %alloc: memref<1xf32>
  __shared__ __align__(64) float sums[1][128]; // %alloc_2: memref<1x128xf32>
  const size_t bx = blockIdx.x;
  const float *row = in + bx * kCols;
  const size_t tx = threadIdx.x;
  const bool first = tx < 1;
  if (first)
    total[0] = 0.0f;
  __syncthreads();
  sums[0][tx] = 0.0f;
  __syncthreads();
  const size_t base = tx * 8; // the thread's 8 elements
  for (size_t i = 0; i < 8; i += 1) {
    const float x = row[base + i];
    const float s = sums[0][tx];
    const float sq = x * x;
    sums[0][tx] = sq + s;
  }
  __syncthreads();
  if (first) {
    for (size_t j = 0; j < 128; j += 1) {
      const float x = sums[0][j];
      const float s = total[0];
      total[0] = x + s;
    }
  }
  __syncthreads();
  float *result = out + bx * kCols;
  for (size_t i = 0; i < 8; i += 1) {
    const float x = row[base + i];
    const float s = total[0];
    const float g = gamma[base + i];
    const float mean = s / n;
    const float v = mean + eps;
    const float r = rsqrtf(v); // math.rsqrt: __nv_rsqrtf
    const float y = x * r;
    result[base + i] = y * g;
  }
  __syncthreads();
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kRows * kCols);
  float *out = wcInput<float>(lcg, kRows * kCols);
  float *gamma = wcInput<float>(lcg, kCols);
  wcTimeLaunches(
      reinterpret_cast<const void *>(rms_norm_kernel),
      [&](cudaStream_t stream, const WcRotation &rot) {
        rms_norm_kernel<<<dim3(kRows, 1, 1), dim3(128, 1, 1), 0, stream>>>(
            rot(in), rot(out), rot(gamma));
      });
  wcPrintChecksum(out, kRows * kCols);
  return 0;
}
