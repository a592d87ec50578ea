// CUDA twin of test/Producers/layer_norm.mlir, @layer_norm_kernel::
// @layer_norm_kernel, as bench/suite/suite.py's ml_layer_norm generates it
// (the transform script through TRANSFORM_PIPELINE, at the sizes in and out
// 16384x1024 f32, gamma and beta 1024 f32; the kernel's arguments are
// in, out, gamma, beta); launched as blocks (16384, 1, 1) x threads
// (64, 1, 1). One row per block, 16 consecutive elements per thread:
// per-thread sums in a workgroup buffer of 64, reduced serially by thread 0;
// x - mean into a workgroup row of 1024; per-thread sums of squares,
// reduced serially by thread 0; then (x - mean) * rsqrt(var + eps) * gamma
// + beta. The mean and the variance divide by the row's 1024 elements (the
// source's 256.0, which suite.py's size substitutions scale).
// Host side (inputs in the kernel's argument order, timing, checksum of
// `out`, the kernel's argument 1): harness.h.
#include "harness.h"

constexpr size_t kRows = 16384;
constexpr size_t kCols = 1024; // in, out: kRows x kCols; gamma, beta: kCols

// known_block_size = [64, 1, 1]
__global__ void __launch_bounds__(64)
    layer_norm_kernel(float *in /* 16384 x 1024 */,
                      float *out /* 16384 x 1024 */, float *gamma /* 1024 */,
                      float *beta /* 1024 */) {
  const float n = 1024.0f;   // 1.024000e+03
  const float eps = 1.0e-5f; // 9.99999974E-6
  // The memref.alloc() {alignment = 64} of the kernel, in workgroup memory:
  // %alloc (memref<1xf32>), %alloc_2 and %alloc_4 (memref<1x64xf32>),
  // %alloc_8 (memref<1xf32>) and %alloc_9 (memref<1x1024xf32>).
  __shared__ __align__(64) float squares[1];
  __shared__ __align__(64) float squareSums[1][64];
  __shared__ __align__(64) float sums[1][64];
  __shared__ __align__(64) float total[1];
  __shared__ __align__(64) float centred[1][1024];
  const size_t bx = blockIdx.x;
  const float *row = in + bx * kCols;
  const size_t tx = threadIdx.x;
  const bool first = tx < 1;
  if (first)
    squares[0] = 0.0f;
  __syncthreads();
  squareSums[0][tx] = 0.0f;
  __syncthreads();
  sums[0][tx] = squareSums[0][tx];
  __syncthreads();
  const size_t base = tx * 16; // the thread's 16 elements
  for (size_t i = 0; i < 16; i += 1) {
    const float x = row[base + i];
    const float s = sums[0][tx];
    sums[0][tx] = x + s;
  }
  __syncthreads();
  if (first)
    total[tx] = squares[tx]; // the zero of %alloc
  __syncthreads();
  if (first) {
    for (size_t j = 0; j < 64; j += 1) {
      const float x = sums[0][j];
      const float s = total[0];
      total[0] = x + s;
    }
  }
  __syncthreads();
  for (size_t i = 0; i < 16; i += 1) {
    const float x = row[base + i];
    const float s = total[0];
    const float mean = s / n;
    centred[0][base + i] = x - mean;
  }
  __syncthreads();
  // %alloc_2, zero so far, takes the per-thread sums of squares.
  for (size_t i = 0; i < 16; i += 1) {
    const float d = centred[0][base + i];
    const float s = squareSums[0][tx];
    const float sq = d * d;
    squareSums[0][tx] = sq + s;
  }
  __syncthreads();
  if (first) {
    for (size_t j = 0; j < 64; j += 1) {
      const float x = squareSums[0][j];
      const float s = squares[0];
      squares[0] = x + s;
    }
  }
  __syncthreads();
  float *result = out + bx * kCols;
  for (size_t i = 0; i < 16; i += 1) {
    const float d = centred[0][base + i];
    const float s = squares[0];
    const float g = gamma[base + i];
    const float b = beta[base + i];
    const float var = s / n;
    const float v = var + eps;
    const float r = rsqrtf(v); // math.rsqrt: __nv_rsqrtf
    const float y = d * r;
    const float z = y * g;
    result[base + i] = z + b;
  }
  __syncthreads();
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kRows * kCols);
  float *out = wcInput<float>(lcg, kRows * kCols);
  float *gamma = wcInput<float>(lcg, kCols);
  float *beta = wcInput<float>(lcg, kCols);
  wcTimeLaunches(
      reinterpret_cast<const void *>(layer_norm_kernel),
      [&](cudaStream_t stream, const WcRotation &rot) {
        layer_norm_kernel<<<dim3(kRows, 1, 1), dim3(64, 1, 1), 0, stream>>>(
            rot(in), rot(out), rot(gamma), rot(beta));
      });
  wcPrintChecksum(out, kRows * kCols);
  return 0;
}
