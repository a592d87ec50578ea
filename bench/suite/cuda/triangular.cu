// CUDA twin of test/Integration/triangular.mlir, @kernels::@triangle, at the
// sizes of bench/suite/suite.py: data and out 8192x64 i32 (memref<?x64xi32>
// in the kernel), n = 8192; launched as blocks (8192, 1, 1) x
// threads (64, 1, 1). No barrier.
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kRows = 8192; // data, out: kRows x 64; blocks; the argument n

// known_block_size = [64, 1, 1] (the MLIR lowering emits .maxntid 64, 1, 1)
__global__ void __launch_bounds__(64)
    triangle(int32_t *data /* ? x 64 */, int32_t *out /* ? x 64 */,
             int64_t n /* index */) {
  const size_t t = threadIdx.x;
  const size_t r = blockIdx.x;
  const int32_t mine = data[r * 64 + t];
  int32_t acc = 0;
  // scf.for compares signed (slt); r and n are small and non-negative.
  for (int64_t k = int64_t(r); k < n; k += 1) {
    const int32_t other = data[size_t(k) * 64 + t];
    const int32_t p = wc_muli(mine, other);
    acc = wc_addi(acc, p);
  }
  out[r * 64 + t] = acc;
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *data = wcInput<int32_t>(lcg, kRows * 64);
  int32_t *out = wcInput<int32_t>(lcg, kRows * 64);
  wcTimeLaunches(reinterpret_cast<const void *>(triangle),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   triangle<<<dim3(kRows, 1, 1), dim3(64, 1, 1), 0, stream>>>(
                       rot(data), rot(out), int64_t(kRows));
                 });
  wcPrintChecksum(out, kRows * 64);
  return 0;
}
