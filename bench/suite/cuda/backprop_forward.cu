// CUDA twin of test/Integration/backprop_forward.mlir, @kernels::@layerforward,
// at the sizes of bench/suite/suite.py: input 131072 i32, weights 131072x16
// i32, partial 8192x16 i32; launched as blocks (1, 8192, 1) x
// threads (16, 16, 1).
// Host side (inputs, timing, checksum of `partial`): harness.h.
#include "harness.h"

constexpr size_t kBlocksY = 8192; // partial: kBlocksY x 16
constexpr size_t kInputs =
    kBlocksY * 16; // input: kInputs, weights: kInputs x 16

// known_block_size = [16, 16, 1] (the MLIR lowering emits .maxntid 16, 16, 1;
// __launch_bounds__ gives .maxntid 256, 1, 1: the same 256 threads)
__global__ void __launch_bounds__(256)
    layerforward(int32_t *input /* kInputs */,
                 int32_t *weights /* kInputs x 16 */,
                 int32_t *partial /* kBlocksY x 16 */) {
  __shared__ int32_t node[16];       // workgroup memref<16xi32>
  __shared__ int32_t matrix[16][16]; // workgroup memref<16x16xi32>
  const size_t tx = threadIdx.x;
  const size_t ty = threadIdx.y;
  const size_t by = blockIdx.y;
  const size_t rowBase = by * 16;
  const size_t row = rowBase + ty;
  const bool isCol0 = tx == 0;
  if (isCol0)
    node[ty] = input[row];
  __syncthreads();
  matrix[ty][tx] = weights[row * 16 + tx];
  __syncthreads();
  {
    const int32_t m = matrix[ty][tx];
    const int32_t n = node[ty];
    matrix[ty][tx] = wc_muli(m, n);
  }
  __syncthreads();
  for (size_t i = 1; i < 5; i += 1) {
    const size_t power = size_t(1) << i;
    const size_t rem = ty % power; // arith.remui
    if (rem == 0) {
      const size_t half = power / 2; // arith.divui
      const size_t other = ty + half;
      const int32_t a = matrix[ty][tx];
      const int32_t b = matrix[other][tx];
      matrix[ty][tx] = wc_addi(a, b);
    }
    __syncthreads();
  }
  if (isCol0)
    partial[by * 16 + ty] = matrix[0][ty];
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *input = wcInput<int32_t>(lcg, kInputs);
  int32_t *weights = wcInput<int32_t>(lcg, kInputs * 16);
  int32_t *partial = wcInput<int32_t>(lcg, kBlocksY * 16);
  wcTimeLaunches(
      reinterpret_cast<const void *>(layerforward),
      [&](cudaStream_t stream, const WcRotation &rot) {
        layerforward<<<dim3(1, kBlocksY, 1), dim3(16, 16, 1), 0, stream>>>(
            rot(input), rot(weights), rot(partial));
      });
  wcPrintChecksum(partial, kBlocksY * 16);
  return 0;
}
