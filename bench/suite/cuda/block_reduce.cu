// CUDA twin of examples/block_reduce.mlir, @block_reduce::@block_sum, at the
// sizes of bench/suite/suite.py: in 67108864 f32, out 262144 f32
// (memref<?xf32> in the kernel); launched as blocks (262144, 1, 1) x
// threads (256, 1, 1).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kBlocks = 262144;       // out: kBlocks
constexpr size_t kCount = kBlocks * 256; // in: kCount

// known_block_size = [256, 1, 1] (the MLIR lowering emits .maxntid 256, 1, 1)
__global__ void __launch_bounds__(256)
    block_sum(float *in /* ? */, float *out /* ? */) {
  __shared__ float tree[256]; // workgroup memref<256xf32>
  const size_t tid = threadIdx.x;
  const size_t bid = blockIdx.x;
  const size_t base = bid * 256;
  const size_t gid = base + tid;
  tree[tid] = in[gid];
  __syncthreads();
  for (size_t level = 0; level < 8; level += 1) {
    const size_t stride = size_t(128) >> level;
    if (tid < stride) {
      const size_t partner = tid + stride;
      const float a = tree[tid];
      const float b = tree[partner];
      tree[tid] = a + b;
    }
    __syncthreads();
  }
  if (tid == 0)
    out[bid] = tree[0];
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kCount);
  float *out = wcInput<float>(lcg, kBlocks);
  wcTimeLaunches(
      reinterpret_cast<const void *>(block_sum),
      [&](cudaStream_t stream, const WcRotation &rot) {
        block_sum<<<dim3(kBlocks, 1, 1), dim3(256, 1, 1), 0, stream>>>(
            rot(in), rot(out));
      });
  wcPrintChecksum(out, kBlocks);
  return 0;
}
