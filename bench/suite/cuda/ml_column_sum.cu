// CUDA twin of test/Producers/column_sum.mlir, @colsum_kernel::@colsum_kernel,
// as bench/suite/suite.py's ml_column_sum generates it (the transform script
// through TRANSFORM_PIPELINE, at the sizes in 512x65536 i32, out 65536 i32);
// launched as blocks (1024, 1, 1) x threads (64, 1, 1). 64 columns per
// block, one column per thread, which zeroes its output element and adds the
// column's 512 rows into it in global memory (no workgroup memory).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kRows = 512;
constexpr size_t kCols = 65536;        // in: kRows x kCols; out: kCols
constexpr size_t kBlocks = kCols / 64; // 64 columns per block

// known_block_size = [64, 1, 1]
__global__ void __launch_bounds__(64)
    colsum_kernel(int32_t *in /* 512 x 65536 */, int32_t *out /* 65536 */) {
  const size_t bx = blockIdx.x;
  const size_t base = bx * 64; // the block's columns
  const size_t tx = threadIdx.x;
  const size_t col = base + tx;
  int32_t *acc = out + col; // subview of out: the thread's element
  *acc = 0;                 // the fused linalg.fill
  __syncthreads();
  for (size_t i = 0; i < kRows; i += 1) {
    const int32_t v = in[i * kCols + col];
    const int32_t a = *acc;
    *acc = wc_addi(v, a);
  }
  __syncthreads();
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *in = wcInput<int32_t>(lcg, kRows * kCols);
  int32_t *out = wcInput<int32_t>(lcg, kCols);
  wcTimeLaunches(
      reinterpret_cast<const void *>(colsum_kernel),
      [&](cudaStream_t stream, const WcRotation &rot) {
        colsum_kernel<<<dim3(kBlocks, 1, 1), dim3(64, 1, 1), 0, stream>>>(
            rot(in), rot(out));
      });
  wcPrintChecksum(out, kCols);
  return 0;
}
