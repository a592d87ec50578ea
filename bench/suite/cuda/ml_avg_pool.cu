// CUDA twin of test/Producers/avg_pool.mlir, @avg_pool_kernel::
// @avg_pool_kernel, as bench/suite/suite.py's ml_avg_pool generates it (the
// transform script through TRANSFORM_PIPELINE, at the sizes in
// 1x2048x2048x4 f32 (NHWC), out 1x1024x1024x4 f32: 2x2 windows, stride 2);
// launched as blocks (128, 128, 1) x threads (8, 8, 1). A block stages its
// 16x16x4 input tile in workgroup memory (each thread its 2x2x4 window),
// then each thread zeroes its output pixel's 4 channels, adds its window
// into them (channel-major, then window row, then window column) and
// divides them by 4.0, in global memory.
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kInSize = 2048;         // in: 1 x kInSize x kInSize x 4
constexpr size_t kOutSize = kInSize / 2; // out: 1 x kOutSize x kOutSize x 4
constexpr size_t kChannels = 4;
constexpr size_t kBlocks = kOutSize / 8; // blocks in x and in y

// known_block_size = [8, 8, 1]
__global__ void __launch_bounds__(64)
    avg_pool_kernel(float *in /* 1 x 2048 x 2048 x 4 */,
                    float *out /* 1 x 1024 x 1024 x 4 */) {
  // memref.alloc() {alignment = 64} : memref<1x16x16x4xf32, workgroup>
  __shared__ __align__(64) float tile[16][16][4];
  const size_t bx = blockIdx.x;
  const size_t by = blockIdx.y;
  const size_t outRow = by * 8;
  const size_t outCol = bx * 8;
  const size_t inRow = by * 16;
  const size_t inCol = bx * 16;
  const size_t tx = threadIdx.x;
  const size_t ty = threadIdx.y;
  const size_t wy = ty * 2; // the thread's window in the tile
  const size_t wx = tx * 2;
  for (size_t i = 0; i < 2; i += 1)
    for (size_t j = 0; j < 2; j += 1)
      for (size_t c = 0; c < kChannels; c += 1)
        tile[wy + i][wx + j][c] =
            in[((inRow + wy + i) * kInSize + inCol + wx + j) * kChannels + c];
  __syncthreads();
  float *pixel = out + ((outRow + ty) * kOutSize + outCol + tx) * kChannels;
  for (size_t c = 0; c < kChannels; c += 1)
    pixel[c] = 0.0f;
  __syncthreads();
  for (size_t c = 0; c < kChannels; c += 1)
    for (size_t i = 0; i < 2; i += 1)
      for (size_t j = 0; j < 2; j += 1) {
        const float v = tile[wy + i][wx + j][c];
        const float acc = pixel[c];
        pixel[c] = acc + v; // arith.addf %acc, %v
      }
  __syncthreads();
  for (size_t c = 0; c < kChannels; c += 1) {
    const float sum = pixel[c];
    pixel[c] = sum / 4.0f; // arith.divf (IEEE, the value of sum * 0.25)
  }
  __syncthreads();
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kInSize * kInSize * kChannels);
  float *out = wcInput<float>(lcg, kOutSize * kOutSize * kChannels);
  wcTimeLaunches(reinterpret_cast<const void *>(avg_pool_kernel),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   avg_pool_kernel<<<dim3(kBlocks, kBlocks, 1), dim3(8, 8, 1),
                                     0, stream>>>(rot(in), rot(out));
                 });
  wcPrintChecksum(out, kOutSize * kOutSize * kChannels);
  return 0;
}
