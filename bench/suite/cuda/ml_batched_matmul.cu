// CUDA twin of test/Producers/batched_matmul.mlir, @scores_kernel::
// @scores_kernel, as bench/suite/suite.py's ml_batched_matmul generates it
// (the transform script through TRANSFORM_PIPELINE, at the sizes q, k and s
// 64x512x512 f32: s[z] = q[z] k[z]^T, attention scores); launched as blocks
// (32, 32, 64) x threads (16, 16, 1). Each thread zeroes its element of s,
// then per 16-wide step of the inner dimension the block stages 16x16 tiles
// of q (rows by*16..) and of k (rows bx*16..) in workgroup memory (a
// barrier after each) and the thread adds the 16 products into its element
// in global memory (a multiply then an add, no fma).
// Host side (inputs, timing, checksum of `s`): harness.h.
#include "harness.h"

constexpr size_t kBatch = 64;
constexpr size_t kSize = 512;          // q, k, s: kBatch x kSize x kSize
constexpr size_t kBlocks = kSize / 16; // blocks in x and in y

// known_block_size = [16, 16, 1]
__global__ void __launch_bounds__(256)
    scores_kernel(float *q /* 64 x 512 x 512 */, float *k /* 64 x 512 x 512 */,
                  float *s /* 64 x 512 x 512 */) {
  // The two memref.alloc() {alignment = 64} : memref<1x16x16xf32, workgroup>
  // in the loop (workgroup attributions of the kernel after wc-prepare).
  __shared__ __align__(64) float tileQ[16][16];
  __shared__ __align__(64) float tileK[16][16];
  const size_t bx = blockIdx.x;
  const size_t by = blockIdx.y;
  const size_t bz = blockIdx.z;
  const size_t rowBase = by * 16; // rows of q and s
  const size_t colBase = bx * 16; // rows of k, columns of s
  const size_t tx = threadIdx.x;
  const size_t ty = threadIdx.y;
  const size_t batch = bz * kSize * kSize;
  float *acc = s + batch + (rowBase + ty) * kSize + colBase + tx;
  *acc = 0.0f;
  __syncthreads();
  for (size_t d = 0; d < kSize; d += 16) {
    tileQ[ty][tx] = q[batch + (rowBase + ty) * kSize + d + tx];
    __syncthreads();
    tileK[ty][tx] = k[batch + (colBase + ty) * kSize + d + tx];
    __syncthreads();
    for (size_t dd = 0; dd < 16; dd += 1) {
      const float x = tileQ[ty][dd];
      const float y = tileK[tx][dd];
      const float sum = *acc;
      const float p = x * y;
      *acc = sum + p;
    }
    __syncthreads();
  }
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *q = wcInput<float>(lcg, kBatch * kSize * kSize);
  float *k = wcInput<float>(lcg, kBatch * kSize * kSize);
  float *s = wcInput<float>(lcg, kBatch * kSize * kSize);
  wcTimeLaunches(reinterpret_cast<const void *>(scores_kernel),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   scores_kernel<<<dim3(kBlocks, kBlocks, kBatch),
                                   dim3(16, 16, 1), 0, stream>>>(rot(q), rot(k),
                                                                 rot(s));
                 });
  wcPrintChecksum(s, kBatch * kSize * kSize);
  return 0;
}
