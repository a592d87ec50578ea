// CUDA twin of test/Integration/binomial.mlir, @kernels::@binomial, at the
// sizes of bench/suite/suite.py: leaves 8192x129 f32, prices 8192 f32;
// launched as blocks (8192, 1, 1) x threads (128, 1, 1).
// Host side (inputs, timing, checksum of `prices`): harness.h.
#include "harness.h"

constexpr size_t kOptions = 8192; // blocks; leaves: kOptions x 129

// known_block_size = [128, 1, 1] (the MLIR lowering emits .maxntid 128, 1, 1)
__global__ void __launch_bounds__(128)
    binomial(float *leaves /* kOptions x 129 */, float *prices /* kOptions */) {
  __shared__ float call[129]; // workgroup memref<129xf32>
  const float pu = 0.5f;
  const float pd = 0.25f;
  const float zero = 0.0f;
  const size_t tx = threadIdx.x;
  const size_t option = blockIdx.x;
  call[tx] = leaves[option * 129 + tx];
  const bool isLast = tx == 0;
  if (isLast)
    call[128] = leaves[option * 129 + 128];
  __syncthreads();
  for (size_t step = 0; step < 128; step += 1) {
    const size_t i = 128 - step;
    const bool active = tx < i;
    float v;
    if (active) {
      const size_t next = tx + 1;
      const float up = call[next];
      const float down = call[tx];
      const float a = pu * up;
      const float b = pd * down;
      v = a + b;
    } else {
      v = zero;
    }
    __syncthreads();
    if (active)
      call[tx] = v;
    __syncthreads();
  }
  if (isLast)
    prices[option] = call[0];
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *leaves = wcInput<float>(lcg, kOptions * 129);
  float *prices = wcInput<float>(lcg, kOptions);
  wcTimeLaunches(
      reinterpret_cast<const void *>(binomial),
      [&](cudaStream_t stream, const WcRotation &rot) {
        binomial<<<dim3(kOptions, 1, 1), dim3(128, 1, 1), 0, stream>>>(
            rot(leaves), rot(prices));
      });
  wcPrintChecksum(prices, kOptions);
  return 0;
}
