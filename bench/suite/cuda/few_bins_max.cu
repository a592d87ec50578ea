// CUDA twin of test/Integration/few_bins_max.mlir, @kernels::@few_max, at
// the sizes of bench/suite/suite.py: in 33554432 i32 (memref<?xi32> in the
// kernel), n = 33554432, hist 8 i32; launched as blocks (131072, 1, 1) x
// threads (256, 1, 1). The largest element of each value of its low three
// bits in global memory. No barrier.
// Host side (inputs, timing, checksum of `hist`): harness.h.
#include "harness.h"

constexpr size_t kCount = 33554432;
constexpr size_t kBlocks = 131072; // kCount / 256

// known_block_size = [256, 1, 1]
__global__ void __launch_bounds__(256)
    few_max(int32_t *in /* ? */, size_t n /* index */, int32_t *hist /* 8 */) {
  // gpu.global_id x, in index (64-bit) arithmetic
  const size_t g = size_t(blockIdx.x) * size_t(blockDim.x) + threadIdx.x;
  if (g < n) {
    const int32_t x = in[g];
    const size_t bin = static_cast<uint32_t>(x & 7); // arith.index_castui
    atomicMax(&hist[bin], x);
  }
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *in = wcInput<int32_t>(lcg, kCount);
  int32_t *hist = wcInput<int32_t>(lcg, 8);
  wcTimeLaunches(reinterpret_cast<const void *>(few_max),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   few_max<<<dim3(kBlocks, 1, 1), dim3(256, 1, 1), 0, stream>>>(
                       rot(in), kCount, rot(hist));
                 });
  wcPrintChecksum(hist, 8);
  return 0;
}
