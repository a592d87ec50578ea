// CUDA twin of test/Producers/gemm_epilogue.mlir, @gemm_epilogue_kernel::
// @gemm_epilogue_kernel, as bench/suite/suite.py's ml_gemm_epilogue
// generates it (the transform script through TRANSFORM_PIPELINE, at the
// sizes bias 2048 f32, a, b and c 2048x2048 f32: c = max(a b + bias, 0), the
// bias indexed by the column); launched as blocks (128, 128, 1) x threads
// (16, 16, 1). Each thread zeroes its element of c, then per 16-wide step
// of k the block stages 16x16 tiles of a and b in workgroup memory (a
// barrier after each) and the thread adds the 16 products into its element
// in global memory (a multiply then an add, no fma); then it adds the bias
// and takes the maximum with 0.
// Host side (inputs in the kernel's argument order, timing, checksum of
// `c`): harness.h.
#include "harness.h"

constexpr size_t kSize = 2048;         // a, b, c: kSize x kSize; bias: kSize
constexpr size_t kBlocks = kSize / 16; // blocks in x and in y

// known_block_size = [16, 16, 1]
__global__ void __launch_bounds__(256)
    gemm_epilogue_kernel(float *bias /* 2048 */, float *a /* 2048 x 2048 */,
                         float *b /* 2048 x 2048 */,
                         float *c /* 2048 x 2048 */) {
  // The two memref.alloc() {alignment = 64} : memref<16x16xf32, workgroup>
  // in the k loop (workgroup attributions of the kernel after wc-prepare).
  __shared__ __align__(64) float tileA[16][16];
  __shared__ __align__(64) float tileB[16][16];
  const size_t bx = blockIdx.x;
  const size_t by = blockIdx.y;
  const size_t rowBase = by * 16;
  const size_t colBase = bx * 16;
  const size_t tx = threadIdx.x;
  const size_t ty = threadIdx.y;
  float *acc = c + (rowBase + ty) * kSize + colBase + tx;
  *acc = 0.0f;
  __syncthreads();
  for (size_t k = 0; k < kSize; k += 16) {
    tileA[ty][tx] = a[(rowBase + ty) * kSize + k + tx];
    __syncthreads();
    tileB[ty][tx] = b[(k + ty) * kSize + colBase + tx];
    __syncthreads();
    for (size_t kk = 0; kk < 16; kk += 1) {
      const float x = tileA[ty][kk];
      const float y = tileB[kk][tx];
      const float s = *acc;
      const float p = x * y;
      *acc = s + p;
    }
    __syncthreads();
  }
  const float beta = bias[colBase + tx];
  const float s = *acc;
  const float t = s + beta;
  *acc = wc_maximumf(t, 0.0f);
  __syncthreads();
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *bias = wcInput<float>(lcg, kSize);
  float *a = wcInput<float>(lcg, kSize * kSize);
  float *b = wcInput<float>(lcg, kSize * kSize);
  float *c = wcInput<float>(lcg, kSize * kSize);
  wcTimeLaunches(reinterpret_cast<const void *>(gemm_epilogue_kernel),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   gemm_epilogue_kernel<<<dim3(kBlocks, kBlocks, 1),
                                          dim3(16, 16, 1), 0, stream>>>(
                       rot(bias), rot(a), rot(b), rot(c));
                 });
  wcPrintChecksum(c, kSize * kSize);
  return 0;
}
