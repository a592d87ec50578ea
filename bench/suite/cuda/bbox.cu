// CUDA twin of test/Integration/bbox.mlir, @kernels::@bbox, at the sizes of
// bench/suite/suite.py: x and y 16777216 i32 (memref<?xi32> in the kernel),
// box 8192x4 i32 (memref<?x4xi32>), n = 16777216; launched as
// blocks (8192, 1, 1) x threads (256, 1, 1) (a grid-stride loop of 8
// iterations per thread).
// Host side (inputs, timing, checksum of `box`): harness.h.
#include "harness.h"

constexpr size_t kCount = 16777216; // x, y: kCount; the argument n
constexpr size_t kBlocks = 8192;    // box: kBlocks x 4

// known_block_size = [256, 1, 1] (the MLIR lowering emits .maxntid 256, 1, 1)
__global__ void __launch_bounds__(256)
    bbox(int32_t *x /* ? */, int32_t *y /* ? */, int32_t *box /* ? x 4 */,
         int64_t n /* index */) {
  __shared__ int32_t sminx[256]; // workgroup memref<256xi32>
  __shared__ int32_t smaxx[256]; // workgroup memref<256xi32>
  __shared__ int32_t sminy[256]; // workgroup memref<256xi32>
  __shared__ int32_t smaxy[256]; // workgroup memref<256xi32>
  const int32_t big = 2147483647;
  const int32_t small = -2147483647 - 1; // -2147483648
  const size_t tx = threadIdx.x;
  const size_t bx = blockIdx.x;
  const size_t nb = gridDim.x; // gpu.grid_dim x: the launch's, at run time
  const size_t base = bx * 256;
  const size_t start = base + tx;
  const size_t inc = nb * 256;
  int32_t mnx = big, mxx = small, mny = big, mxy = small;
  // scf.for compares signed (slt); start, n and inc are non-negative.
  for (int64_t i = int64_t(start); i < n; i += int64_t(inc)) {
    const int32_t xv = x[i];
    const int32_t yv = y[i];
    mnx = wc_minsi(mnx, xv);
    mxx = wc_maxsi(mxx, xv);
    mny = wc_minsi(mny, yv);
    mxy = wc_maxsi(mxy, yv);
  }
  sminx[tx] = mnx;
  smaxx[tx] = mxx;
  sminy[tx] = mny;
  smaxy[tx] = mxy;
  __syncthreads();
  for (size_t level = 0; level < 8; level += 1) {
    const size_t stride = size_t(128) >> level;
    if (tx < stride) {
      const size_t o = tx + stride;
      const int32_t x0 = sminx[tx];
      const int32_t x1 = sminx[o];
      sminx[tx] = wc_minsi(x0, x1);
      const int32_t x2 = smaxx[tx];
      const int32_t x3 = smaxx[o];
      smaxx[tx] = wc_maxsi(x2, x3);
      const int32_t y0 = sminy[tx];
      const int32_t y1 = sminy[o];
      sminy[tx] = wc_minsi(y0, y1);
      const int32_t y2 = smaxy[tx];
      const int32_t y3 = smaxy[o];
      smaxy[tx] = wc_maxsi(y2, y3);
    }
    __syncthreads();
  }
  if (tx == 0) {
    const int32_t v0 = sminx[0];
    const int32_t v1 = smaxx[0];
    const int32_t v2 = sminy[0];
    const int32_t v3 = smaxy[0];
    box[bx * 4 + 0] = v0;
    box[bx * 4 + 1] = v1;
    box[bx * 4 + 2] = v2;
    box[bx * 4 + 3] = v3;
  }
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *x = wcInput<int32_t>(lcg, kCount);
  int32_t *y = wcInput<int32_t>(lcg, kCount);
  int32_t *box = wcInput<int32_t>(lcg, kBlocks * 4);
  wcTimeLaunches(reinterpret_cast<const void *>(bbox),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   bbox<<<dim3(kBlocks, 1, 1), dim3(256, 1, 1), 0, stream>>>(
                       rot(x), rot(y), rot(box), int64_t(kCount));
                 });
  wcPrintChecksum(box, kBlocks * 4);
  return 0;
}
