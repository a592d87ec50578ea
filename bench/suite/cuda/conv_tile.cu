// CUDA twin of test/Integration/conv_tile.mlir, @kernels::@conv, at the
// sizes of bench/suite/suite.py: in 16x2050x2050 i32 (memref<?x?x?xi32>),
// f 16x3x3 i32, out 2048x2048 i32, channels = 16; launched as blocks
// (128, 128, 1) x threads (16, 16, 1).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kChannels = 16;
constexpr size_t kOut = 2048;           // out: kOut x kOut
constexpr size_t kIn = kOut + 2;        // in: kChannels x kIn x kIn
constexpr size_t kBlocks = kOut / 16;   // blocks in x and in y

// known_block_size = [16, 16, 1]
__global__ void __launch_bounds__(256)
    conv(int32_t *in /* ? x ? x ? */, int32_t *f /* ? x 3 x 3 */,
         int32_t *out /* ? x ? */, size_t channels /* index */) {
  __shared__ int32_t tile[18][18]; // workgroup memref<18x18xi32>
  const size_t tx = threadIdx.x;
  const size_t ty = threadIdx.y;
  const size_t y = blockIdx.y * 16 + ty;
  const size_t x = blockIdx.x * 16 + tx;
  const bool right = tx < 2, below = ty < 2;
  int32_t acc = 0;
  for (int64_t c = 0; c < int64_t(channels); c += 1) {
    const int32_t *plane = in + size_t(c) * kIn * kIn;
    tile[ty][tx] = plane[y * kIn + x];
    if (right)
      tile[ty][tx + 16] = plane[y * kIn + x + 16];
    if (below) {
      tile[ty + 16][tx] = plane[(y + 16) * kIn + x];
      if (right)
        tile[ty + 16][tx + 16] = plane[(y + 16) * kIn + x + 16];
    }
    __syncthreads();
    for (size_t i = 0; i < 3; i += 1)
      for (size_t j = 0; j < 3; j += 1)
        acc = wc_addi(acc, wc_muli(tile[ty + i][tx + j],
                                   f[size_t(c) * 9 + i * 3 + j]));
    __syncthreads();
  }
  out[y * kOut + x] = acc;
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *in = wcInput<int32_t>(lcg, kChannels * kIn * kIn);
  int32_t *f = wcInput<int32_t>(lcg, kChannels * 9);
  int32_t *out = wcInput<int32_t>(lcg, kOut * kOut);
  wcTimeLaunches(
      reinterpret_cast<const void *>(conv),
      [&](cudaStream_t stream, const WcRotation &rot) {
        conv<<<dim3(kBlocks, kBlocks, 1), dim3(16, 16, 1), 0, stream>>>(
            rot(in), rot(f), rot(out), kChannels);
      });
  wcPrintChecksum(out, kOut * kOut);
  return 0;
}
