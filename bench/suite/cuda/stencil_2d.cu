// CUDA twin of test/Integration/stencil_2d.mlir, @kernels::@stencil, at the
// sizes of bench/suite/suite.py: in and out 4096x8192 i32 (memref<?x?xi32>
// in the kernel, whose row strides are the buffers' 8192); launched as
// blocks (256, 1024, 1) x threads (32, 4, 1): the plane is the grid's,
// 8192 wide (256 x 32) and 4096 high (1024 x 4).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kRows = 4096;          // in, out: kRows x kCols
constexpr size_t kCols = 8192;          //
constexpr size_t kBlocksX = kCols / 32; // 256
constexpr size_t kBlocksY = kRows / 4;  // 1024

// known_block_size = [32, 4, 1] (the MLIR lowering emits .maxntid 32, 4, 1;
// __launch_bounds__ gives .maxntid 128, 1, 1: the same 128 threads)
__global__ void __launch_bounds__(128)
    stencil(int32_t *in /* ? x ? */, int32_t *out /* ? x ? */) {
  __shared__ int32_t tile[6][34]; // workgroup memref<6x34xi32>
  // The memrefs' row strides (their dynamic sizes in dimension 1).
  const size_t strideIn = kCols, strideOut = kCols;
  const int32_t i3 = 3;
  const int32_t i5 = 5;
  const size_t tx = threadIdx.x;
  const size_t ty = threadIdx.y;
  const size_t bx = blockIdx.x;
  const size_t by = blockIdx.y;
  const size_t gx = gridDim.x; // gpu.grid_dim x: the launch's, at run time
  const size_t gy = gridDim.y; // gpu.grid_dim y
  const size_t width = gx * 32;
  const size_t height = gy * 4;
  const size_t colBase = bx * 32;
  const size_t col = colBase + tx;
  const size_t rowBase = by * 4;
  const size_t row = rowBase + ty;
  const size_t sx = tx + 1;
  const size_t sy = ty + 1;
  const int32_t center = in[row * strideIn + col];
  tile[sy][sx] = center;
  const size_t colM1 = col - 1; // wraps for col 0 (not used then)
  const size_t colP1 = col + 1;
  const size_t rowM1 = row - 1; // wraps for row 0 (not used then)
  const size_t rowP1 = row + 1;
  const bool notFirstCol = col > 0;       // arith.cmpi ugt
  const bool notLastCol = colP1 < width;  // arith.cmpi ult
  const bool notFirstRow = row > 0;       // arith.cmpi ugt
  const bool notLastRow = rowP1 < height; // arith.cmpi ult
  if (tx == 0) {
    if (notFirstCol)
      tile[sy][0] = in[row * strideIn + colM1];
  }
  if (tx == 31) {
    if (notLastCol)
      tile[sy][33] = in[row * strideIn + colP1];
  }
  if (ty == 0) {
    if (notFirstRow)
      tile[0][sx] = in[rowM1 * strideIn + col];
  }
  if (ty == 3) {
    if (notLastRow)
      tile[5][sx] = in[rowP1 * strideIn + col];
  }
  __syncthreads();
  const bool inX0 = notFirstCol && notLastCol; // arith.andi
  const bool inY0 = notFirstRow && notLastRow;
  const bool interior = inX0 && inY0;
  int32_t result;
  if (interior) {
    const int32_t c = tile[sy][sx];
    const int32_t n = tile[ty][sx];
    const size_t southY = ty + 2;
    const int32_t s = tile[southY][sx];
    const int32_t w = tile[sy][tx];
    const size_t eastX = tx + 2;
    const int32_t e = tile[sy][eastX];
    const int32_t ns = wc_addi(n, s);
    const int32_t ew = wc_addi(e, w);
    const int32_t sum = wc_addi(ns, ew);
    const int32_t ws = wc_muli(sum, i3);
    const int32_t wc = wc_muli(c, i5);
    result = wc_subi(ws, wc);
  } else {
    result = tile[sy][sx];
  }
  out[row * strideOut + col] = result;
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *in = wcInput<int32_t>(lcg, kRows * kCols);
  int32_t *out = wcInput<int32_t>(lcg, kRows * kCols);
  wcTimeLaunches(
      reinterpret_cast<const void *>(stencil),
      [&](cudaStream_t stream, const WcRotation &rot) {
        stencil<<<dim3(kBlocksX, kBlocksY, 1), dim3(32, 4, 1), 0, stream>>>(
            rot(in), rot(out));
      });
  wcPrintChecksum(out, kRows * kCols);
  return 0;
}
