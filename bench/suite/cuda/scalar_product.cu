// CUDA twin of test/Integration/scalar_product.mlir, @kernels::@scalar_prod,
// at the sizes of bench/suite/suite.py: a and b 8192x4096 i32
// (memref<?x4096xi32> in the kernel), out 8192 i32 (memref<?xi32>);
// launched as blocks (8192, 1, 1) x threads (256, 1, 1).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kPairs = 8192;  // a, b: kPairs x kLength; out: kPairs
constexpr size_t kLength = 4096; // the kernel's %c4096

// known_block_size = [256, 1, 1] (the MLIR lowering emits .maxntid 256, 1, 1)
__global__ void __launch_bounds__(256)
    scalar_prod(int32_t *a /* ? x 4096 */, int32_t *b /* ? x 4096 */,
                int32_t *out /* ? */) {
  __shared__ int32_t acc[256]; // workgroup memref<256xi32>
  const size_t tx = threadIdx.x;
  const size_t pair = blockIdx.x;
  int32_t sum = 0;
  // scf.for compares signed (slt); the bounds are small and non-negative.
  for (int64_t i = int64_t(tx); i < int64_t(kLength); i += 256) {
    const int32_t x = a[pair * kLength + size_t(i)];
    const int32_t y = b[pair * kLength + size_t(i)];
    const int32_t p = wc_muli(x, y);
    sum = wc_addi(sum, p);
  }
  acc[tx] = sum;
  __syncthreads();
  for (size_t level = 0; level < 8; level += 1) {
    const size_t stride = size_t(128) >> level;
    if (tx < stride) {
      const size_t o = tx + stride;
      const int32_t u = acc[tx];
      const int32_t v = acc[o];
      acc[tx] = wc_addi(u, v);
    }
    __syncthreads();
  }
  if (tx == 0) {
    const int32_t total = acc[0];
    out[pair] = total;
  }
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *a = wcInput<int32_t>(lcg, kPairs * kLength);
  int32_t *b = wcInput<int32_t>(lcg, kPairs * kLength);
  int32_t *out = wcInput<int32_t>(lcg, kPairs);
  wcTimeLaunches(
      reinterpret_cast<const void *>(scalar_prod),
      [&](cudaStream_t stream, const WcRotation &rot) {
        scalar_prod<<<dim3(kPairs, 1, 1), dim3(256, 1, 1), 0, stream>>>(
            rot(a), rot(b), rot(out));
      });
  wcPrintChecksum(out, kPairs);
  return 0;
}
