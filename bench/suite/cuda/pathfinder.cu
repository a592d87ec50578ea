// CUDA twin of test/Integration/pathfinder.mlir, @kernels::@dynproc, at the
// sizes of bench/suite/suite.py: wall 32x2097152 i32 (32 rows: the kernel's
// %c8 row count is substituted by 32), out 2097152 i32; launched as
// blocks (8192, 1, 1) x threads (256, 1, 1).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kRows = 32;      // the kernel's %c8 (= 32 here)
constexpr size_t kCols = 2097152; // wall: kRows x kCols, out: kCols
constexpr size_t kBlocks = 8192;  // kCols / 256

// known_block_size = [256, 1, 1] (the MLIR lowering emits .maxntid 256, 1, 1)
__global__ void __launch_bounds__(256)
    dynproc(int32_t *wall /* kRows x kCols */, int32_t *out /* kCols */) {
  __shared__ int32_t prev[256]; // workgroup memref<256xi32>
  const size_t tx = threadIdx.x;
  const size_t bx = blockIdx.x;
  const size_t base = bx * 256;
  const size_t col = base + tx;
  prev[tx] = wall[0 * kCols + col];
  __syncthreads();
  for (size_t row = 1; row < kRows; row += 1) {
    const size_t left = tx == 0 ? tx : tx - 1;
    const size_t right = tx == 255 ? tx : tx + 1;
    const int32_t a = prev[left];
    const int32_t b = prev[tx];
    const int32_t c = prev[right];
    const int32_t ab = wc_minsi(a, b);
    const int32_t m = wc_minsi(ab, c);
    const int32_t w = wall[row * kCols + col];
    const int32_t v = wc_addi(m, w);
    __syncthreads();
    prev[tx] = v;
    __syncthreads();
  }
  out[col] = prev[tx];
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *wall = wcInput<int32_t>(lcg, kRows * kCols);
  int32_t *out = wcInput<int32_t>(lcg, kCols);
  wcTimeLaunches(reinterpret_cast<const void *>(dynproc),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   dynproc<<<dim3(kBlocks, 1, 1), dim3(256, 1, 1), 0, stream>>>(
                       rot(wall), rot(out));
                 });
  wcPrintChecksum(out, kCols);
  return 0;
}
