// CUDA twin of test/Integration/matmul_tile.mlir, @kernels::@matmul, at the
// sizes of bench/suite/suite.py: a, b and c 2048x2048 i32 (memref<?x?xi32>
// in the kernel, whose row strides are the buffers' 2048), k = 2048;
// launched as blocks (128, 128, 1) x threads (16, 16, 1).
// Host side (inputs, timing, checksum of `c`): harness.h.
#include "harness.h"

constexpr size_t kSize = 2048;         // a, b, c: kSize x kSize; the argument k
constexpr size_t kBlocks = kSize / 16; // blocks in x and in y

// known_block_size = [16, 16, 1] (the MLIR lowering emits .maxntid 16, 16, 1)
__global__ void __launch_bounds__(256)
    matmul(int32_t *a /* ? x ? */, int32_t *b /* ? x ? */,
           int32_t *c /* ? x ? */, size_t k /* index */) {
  __shared__ int32_t tileA[16][16]; // workgroup memref<16x16xi32>
  __shared__ int32_t tileB[16][16]; // workgroup memref<16x16xi32>
  // The memrefs' row strides (their dynamic sizes in dimension 1).
  const size_t strideA = kSize, strideB = kSize, strideC = kSize;
  const size_t tx = threadIdx.x;
  const size_t ty = threadIdx.y;
  const size_t bx = blockIdx.x;
  const size_t by = blockIdx.y;
  const size_t rowBase = by * 16;
  const size_t row = rowBase + ty;
  const size_t colBase = bx * 16;
  const size_t col = colBase + tx;
  const size_t tiles = k / 16; // arith.divui
  int32_t acc = 0;
  // scf.for compares signed (slt); tiles is small and non-negative.
  for (int64_t t = 0; t < int64_t(tiles); t += 1) {
    const size_t base = size_t(t) * 16;
    const size_t ac = base + tx;
    const int32_t av = a[row * strideA + ac];
    tileA[ty][tx] = av;
    const size_t br = base + ty;
    const int32_t bv = b[br * strideB + col];
    tileB[ty][tx] = bv;
    __syncthreads();
    int32_t s = acc;
    for (size_t kk = 0; kk < 16; kk += 1) {
      const int32_t x = tileA[ty][kk];
      const int32_t y = tileB[kk][tx];
      const int32_t p = wc_muli(x, y);
      s = wc_addi(s, p);
    }
    __syncthreads();
    acc = s;
  }
  c[row * strideC + col] = acc;
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *a = wcInput<int32_t>(lcg, kSize * kSize);
  int32_t *b = wcInput<int32_t>(lcg, kSize * kSize);
  int32_t *c = wcInput<int32_t>(lcg, kSize * kSize);
  wcTimeLaunches(
      reinterpret_cast<const void *>(matmul),
      [&](cudaStream_t stream, const WcRotation &rot) {
        matmul<<<dim3(kBlocks, kBlocks, 1), dim3(16, 16, 1), 0, stream>>>(
            rot(a), rot(b), rot(c), kSize);
      });
  wcPrintChecksum(c, kSize * kSize);
  return 0;
}
