// CUDA twin of test/Producers/conv2d.mlir, @conv_kernel::@conv_kernel, as
// bench/suite/suite.py's ml_conv2d generates it (the transform script
// through TRANSFORM_PIPELINE, at the sizes in 1x1026x1026x4 f32 (NHWC),
// filter 3x3x4x8 f32 (HWCF), out 1x1024x1024x8 f32: a 3x3 convolution,
// stride 1, no padding); launched as blocks (128, 128, 1) x threads
// (8, 8, 1). A block stages its 10x10x4 input tile (threads with ty, tx < 5
// copying 2x2x4 each) and the whole filter (threads with ty < 4 copying
// filter[*][*][ty][tx]) in workgroup memory; then each thread zeroes its
// output pixel's 8 channels and accumulates into them in global memory
// (output channel, filter row, filter column, input channel; a multiply
// then an add, no fma).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kOutSize = 1024;        // out: 1 x kOutSize x kOutSize x 8
constexpr size_t kInSize = kOutSize + 2; // in: 1 x kInSize x kInSize x 4
constexpr size_t kIn = 4;                // input channels
constexpr size_t kOut = 8;               // output channels
constexpr size_t kBlocks = kOutSize / 8; // blocks in x and in y

/// arith.minsi and arith.maxsi on index.
__device__ __forceinline__ int64_t minsi(int64_t a, int64_t b) {
  return a < b ? a : b;
}
__device__ __forceinline__ int64_t maxsi(int64_t a, int64_t b) {
  return a > b ? a : b;
}

// known_block_size = [8, 8, 1]
__global__ void __launch_bounds__(64)
    conv_kernel(float *in /* 1 x 1026 x 1026 x 4 */,
                float *filter /* 3 x 3 x 4 x 8 */,
                float *out /* 1 x 1024 x 1024 x 8 */) {
  // memref.alloc() {alignment = 64} : memref<1x10x10x4xf32, workgroup>
  __shared__ __align__(64) float tile[10][10][4];
  // memref.alloc() {alignment = 64} : memref<3x3x4x8xf32, workgroup>
  __shared__ __align__(64) float weights[3][3][4][8];
  const size_t bx = blockIdx.x;
  const size_t by = blockIdx.y;
  const size_t row = by * 8; // the block's 8x8 output pixels, and its tile
  const size_t col = bx * 8;
  const size_t tx = threadIdx.x;
  const size_t ty = threadIdx.y;
  // The thread's part of the tile: rows 2 ty + [0, rows), columns
  // 2 tx + [0, cols), with rows = max(min(10 - 2 ty, 2), 0) (index
  // arithmetic, signed), cols likewise.
  const int64_t rows = maxsi(minsi(int64_t(ty) * -2 + 10, 2), 0);
  const int64_t cols = maxsi(minsi(int64_t(tx) * -2 + 10, 2), 0);
  const size_t py = ty * 2;
  const size_t px = tx * 2;
  for (int64_t i = 0; i < rows; i += 1)
    for (int64_t j = 0; j < cols; j += 1)
      for (size_t c = 0; c < kIn; c += 1)
        tile[py + i][px + j][c] =
            in[((row + py + i) * kInSize + col + px + j) * kIn + c];
  __syncthreads();
  if (ty < 4) {
    for (size_t i = 0; i < 3; i += 1)
      for (size_t j = 0; j < 3; j += 1)
        weights[i][j][ty][tx] = filter[((i * 3 + j) * kIn + ty) * kOut + tx];
  }
  __syncthreads();
  float *pixel = out + ((row + ty) * kOutSize + col + tx) * kOut;
  for (size_t f = 0; f < kOut; f += 1)
    pixel[f] = 0.0f;
  __syncthreads();
  for (size_t f = 0; f < kOut; f += 1)
    for (size_t i = 0; i < 3; i += 1)
      for (size_t j = 0; j < 3; j += 1)
        for (size_t c = 0; c < kIn; c += 1) {
          const float x = tile[ty + i][tx + j][c];
          const float w = weights[i][j][c][f];
          const float acc = pixel[f];
          const float p = x * w;
          pixel[f] = acc + p;
        }
  __syncthreads();
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kInSize * kInSize * kIn);
  float *filter = wcInput<float>(lcg, 3 * 3 * kIn * kOut);
  float *out = wcInput<float>(lcg, kOutSize * kOutSize * kOut);
  wcTimeLaunches(
      reinterpret_cast<const void *>(conv_kernel),
      [&](cudaStream_t stream, const WcRotation &rot) {
        conv_kernel<<<dim3(kBlocks, kBlocks, 1), dim3(8, 8, 1), 0, stream>>>(
            rot(in), rot(filter), rot(out));
      });
  wcPrintChecksum(out, kOutSize * kOutSize * kOut);
  return 0;
}
