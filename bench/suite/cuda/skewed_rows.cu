// CUDA twin of test/Integration/skewed_rows.mlir, @kernels::@skewed, at the
// sizes of bench/suite/suite.py: data 1024x4096 i32 (memref<?x4096xi32> in
// the kernel), len and out 65536 i32, rows = 1024; launched as blocks
// (65536, 1, 1) x threads (64, 1, 1).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kRows = 1024;    // data: kRows x 4096; the argument rows
constexpr size_t kBlocks = 65536; // len, out: kBlocks

// known_block_size = [64, 1, 1] (the MLIR lowering emits .maxntid 64, 1, 1)
__global__ void __launch_bounds__(64)
    skewed(int32_t *data /* ? x 4096 */, int32_t *len /* ? */,
           int32_t *out /* ? */, int64_t rows /* index */) {
  __shared__ int32_t part[64]; // workgroup memref<64xi32>
  const size_t t = threadIdx.x;
  const size_t r = blockIdx.x;
  // arith.index_castui of (len[r] & 7), then shli of 32.
  const size_t n = size_t(32) << uint32_t(len[r] & 7);
  const size_t row = r % size_t(rows);
  int32_t acc = 0;
  // scf.for compares signed (slt); t and n are small and non-negative.
  for (int64_t j = int64_t(t); j < int64_t(n); j += 64) {
    const int32_t v = data[row * 4096 + size_t(j)];
    acc = wc_addi(acc, wc_muli(v, v));
  }
  part[t] = acc;
  __syncthreads();
  for (size_t level = 0; level < 6; level += 1) {
    const size_t stride = size_t(32) >> level;
    if (t < stride)
      part[t] = wc_addi(part[t], part[t + stride]);
    __syncthreads();
  }
  if (t == 0)
    out[r] = part[0];
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *data = wcInput<int32_t>(lcg, kRows * 4096);
  int32_t *len = wcInput<int32_t>(lcg, kBlocks);
  int32_t *out = wcInput<int32_t>(lcg, kBlocks);
  wcTimeLaunches(reinterpret_cast<const void *>(skewed),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   skewed<<<dim3(kBlocks, 1, 1), dim3(64, 1, 1), 0, stream>>>(
                       rot(data), rot(len), rot(out), int64_t(kRows));
                 });
  wcPrintChecksum(out, kBlocks);
  return 0;
}
