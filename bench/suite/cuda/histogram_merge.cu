// CUDA twin of test/Integration/histogram_merge.mlir, @kernels::@merge, at
// the sizes of bench/suite/suite.py: partial 600x8192 i32, hist 8192 i32;
// launched as blocks (8192, 1, 1) x threads (256, 1, 1).
// Host side (inputs, timing, checksum of `hist`): harness.h.
#include "harness.h"

constexpr size_t kBins = 8192; // blocks; partial: 600 x kBins, hist: kBins

// known_block_size = [256, 1, 1] (the MLIR lowering emits .maxntid 256, 1, 1)
__global__ void __launch_bounds__(256)
    merge(int32_t *partial /* 600 x kBins */, int32_t *hist /* kBins */) {
  __shared__ int32_t sums[256]; // workgroup memref<256xi32>
  const size_t tx = threadIdx.x;
  const size_t bin = blockIdx.x;
  int32_t acc = 0;
  for (size_t i = tx; i < 600; i += 256)
    acc = wc_addi(acc, partial[i * kBins + bin]);
  sums[tx] = acc;
  __syncthreads();
  for (size_t level = 0; level < 8; level += 1) {
    const size_t stride = size_t(128) >> level;
    if (tx < stride) {
      const size_t p = tx + stride;
      const int32_t a = sums[tx];
      const int32_t b = sums[p];
      sums[tx] = wc_addi(a, b);
    }
    __syncthreads();
  }
  if (tx == 0)
    hist[bin] = sums[0];
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *partial = wcInput<int32_t>(lcg, 600 * kBins);
  int32_t *hist = wcInput<int32_t>(lcg, kBins);
  wcTimeLaunches(reinterpret_cast<const void *>(merge),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   merge<<<dim3(kBins, 1, 1), dim3(256, 1, 1), 0, stream>>>(
                       rot(partial), rot(hist));
                 });
  wcPrintChecksum(hist, kBins);
  return 0;
}
