// CUDA twin of test/Integration/stencil_time.mlir, @kernels::@frames, at
// the sizes of bench/suite/suite.py: in 16x4194306 i32 (memref<?x?xi32>,
// frames padded by one element on either side), out 4194304 i32,
// frames = 16; launched as blocks (32768, 1, 1) x threads (128, 1, 1).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kFrames = 16;
constexpr size_t kN = size_t(1) << 22; // out: kN
constexpr size_t kRow = kN + 2;        // in: kFrames x kRow
constexpr size_t kBlocks = kN / 128;

// known_block_size = [128, 1, 1]
__global__ void __launch_bounds__(128)
    frames(int32_t *in /* ? x ? */, int32_t *out /* ? */,
           size_t count /* index */) {
  __shared__ int32_t tile[130]; // workgroup memref<130xi32>
  const size_t tx = threadIdx.x;
  const size_t x = blockIdx.x * 128 + tx;
  int32_t acc = 0;
  for (int64_t t = 0; t < int64_t(count); t += 1) {
    const int32_t *frame = in + size_t(t) * kRow;
    tile[tx + 1] = frame[x + 1];
    if (tx == 0)
      tile[0] = frame[x];
    if (tx == 127)
      tile[129] = frame[x + 2];
    __syncthreads();
    acc = wc_addi(acc, wc_addi(wc_addi(tile[tx], wc_muli(tile[tx + 1], 2)),
                               tile[tx + 2]));
    __syncthreads();
  }
  out[x] = acc;
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *in = wcInput<int32_t>(lcg, kFrames * kRow);
  int32_t *out = wcInput<int32_t>(lcg, kN);
  wcTimeLaunches(reinterpret_cast<const void *>(frames),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   frames<<<dim3(kBlocks, 1, 1), dim3(128, 1, 1), 0, stream>>>(
                       rot(in), rot(out), kFrames);
                 });
  wcPrintChecksum(out, kN);
  return 0;
}
