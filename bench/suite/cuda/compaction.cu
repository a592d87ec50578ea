// CUDA twin of test/Integration/warp_atomics.mlir, @kernels::@compact, at
// the sizes of bench/suite/suite.py: in and out 33554432 i32 each
// (memref<?xi32> in the kernel), n = 33554432, count 1 i32; launched as
// blocks (131072, 1, 1) x threads (256, 1, 1). Every element with its low
// three bits clear takes a slot from the counter and is written there
// (modulo n). No barrier; nvcc may aggregate the counter's atomic itself.
// Host side (inputs, timing, checksum of `count`): harness.h.
#include "harness.h"

constexpr size_t kCount = 33554432;
constexpr size_t kBlocks = 131072; // kCount / 256

// known_block_size = [256, 1, 1]
__global__ void __launch_bounds__(256)
    compact(int32_t *in /* ? */, int32_t *out /* ? */, size_t n /* index */,
            int32_t *count /* 1 */) {
  // gpu.global_id x, in index (64-bit) arithmetic
  const size_t g = size_t(blockIdx.x) * size_t(blockDim.x) + threadIdx.x;
  if (g < n) {
    const int32_t x = in[g];
    if ((x & 7) == 0) {
      const int32_t slot = atomicAdd(count, 1);
      const size_t s = static_cast<uint32_t>(slot); // arith.index_castui
      out[s % n] = x;
    }
  }
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *in = wcInput<int32_t>(lcg, kCount);
  int32_t *out = wcInput<int32_t>(lcg, kCount);
  int32_t *count = wcInput<int32_t>(lcg, 1);
  wcTimeLaunches(reinterpret_cast<const void *>(compact),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   compact<<<dim3(kBlocks, 1, 1), dim3(256, 1, 1), 0,
                             stream>>>(rot(in), rot(out), kCount, rot(count));
                 });
  wcPrintChecksum(count, 1);
  return 0;
}
