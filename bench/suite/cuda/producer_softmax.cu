// CUDA twin of test/Producers/softmax.mlir, @softmax_kernel::@softmax_kernel,
// as bench/suite/suite.py's producer_softmax generates it (the transform
// script through TRANSFORM_PIPELINE, at the sizes in and out 16384x1024
// f32: out = exp(x - max) / sum of exp(x - max), per row); launched as
// blocks (16384, 1, 1) x threads (64, 1, 1). One row per block, 16
// consecutive elements per thread: per-thread maxima in a workgroup buffer
// of 64, reduced serially by thread 0; exp(x - max) into a workgroup row of
// 1024; per-thread sums in a second buffer of 64, reduced serially by
// thread 0; then the divisions.
// The generated kernel also copies two workgroup buffers that nothing has
// written (memref.copy %alloc -> %alloc_1, %alloc_2 -> %alloc_3: every
// thread copying undefined values, racing with thread 0's -inf store into
// %alloc_1); wc-prepare, which the suite's upstream lowering runs too,
// removes them, so they are not here.
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kRows = 16384;
constexpr size_t kCols = 1024; // in, out: kRows x kCols

// known_block_size = [64, 1, 1]
__global__ void __launch_bounds__(64)
    softmax_kernel(float *in /* 16384 x 1024 */,
                   float *out /* 16384 x 1024 */) {
  // The memref.alloc() {alignment = 64} of the kernel, in workgroup memory.
  __shared__ __align__(64) float rowSum[1];     // %alloc: memref<1xf32>
  __shared__ __align__(64) float rowMax[1];     // %alloc_1: memref<1xf32>
  __shared__ __align__(64) float sums[1][64];   // %alloc_2: memref<1x64xf32>
  __shared__ __align__(64) float maxima[1][64]; // %alloc_3: memref<1x64xf32>
  __shared__ __align__(64) float exps[1][1024]; // %alloc_7: memref<1x1024xf32>
  const size_t bx = blockIdx.x;
  const float *row = in + bx * kCols;
  const size_t tx = threadIdx.x;
  const bool first = tx < 1;
  if (first)
    rowMax[0] = -INFINITY; // 0xFF800000
  __syncthreads();
  maxima[0][tx] = -INFINITY;
  __syncthreads();
  const size_t base = tx * 16; // the thread's 16 elements
  for (size_t i = 0; i < 16; i += 1) {
    const float x = row[base + i];
    const float m = maxima[0][tx];
    maxima[0][tx] = wc_maximumf(x, m);
  }
  __syncthreads();
  if (first) {
    for (size_t j = 0; j < 64; j += 1) {
      const float x = maxima[0][j];
      const float m = rowMax[0];
      rowMax[0] = wc_maximumf(x, m);
    }
  }
  __syncthreads();
  for (size_t i = 0; i < 16; i += 1) {
    const float x = row[base + i];
    const float m = rowMax[0];
    const float d = x - m;
    exps[0][base + i] = expf(d); // math.exp: __nv_expf
  }
  __syncthreads();
  if (first)
    rowSum[0] = 0.0f;
  __syncthreads();
  sums[0][tx] = 0.0f;
  __syncthreads();
  for (size_t i = 0; i < 16; i += 1) {
    const float e = exps[0][base + i];
    const float s = sums[0][tx];
    sums[0][tx] = e + s;
  }
  __syncthreads();
  if (first) {
    for (size_t j = 0; j < 64; j += 1) {
      const float e = sums[0][j];
      const float s = rowSum[0];
      rowSum[0] = e + s;
    }
  }
  __syncthreads();
  float *result = out + bx * kCols;
  for (size_t i = 0; i < 16; i += 1) {
    const float e = exps[0][base + i];
    const float s = rowSum[0];
    result[base + i] = e / s; // arith.divf: IEEE division
  }
  __syncthreads();
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kRows * kCols);
  float *out = wcInput<float>(lcg, kRows * kCols);
  wcTimeLaunches(
      reinterpret_cast<const void *>(softmax_kernel),
      [&](cudaStream_t stream, const WcRotation &rot) {
        softmax_kernel<<<dim3(kRows, 1, 1), dim3(64, 1, 1), 0, stream>>>(
            rot(in), rot(out));
      });
  wcPrintChecksum(out, kRows * kCols);
  return 0;
}
