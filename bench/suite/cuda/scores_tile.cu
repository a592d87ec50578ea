// CUDA twin of test/Integration/scores_tile.mlir, @kernels::@scores, at the
// sizes of bench/suite/suite.py: q and kt 2048x2048 i32, s 2048x2048 i32
// (memref<?x?xi32> in the kernel, whose row strides are the buffers'
// 2048), d = 2048; launched as blocks (128, 128, 1) x threads (16, 16, 1).
// S = Q K^T: both operands read along their rows.
// Host side (inputs, timing, checksum of `s`): harness.h.
#include "harness.h"

constexpr size_t kSize = 2048; // q, kt, s: kSize x kSize; the argument d
constexpr size_t kBlocks = kSize / 16; // blocks in x and in y

// known_block_size = [16, 16, 1] (the MLIR lowering emits .maxntid 16, 16, 1)
__global__ void __launch_bounds__(256)
    scores(int32_t *q /* ? x ? */, int32_t *kt /* ? x ? */,
           int32_t *s /* ? x ? */, size_t d /* index */) {
  __shared__ int32_t tileQ[16][16]; // workgroup memref<16x16xi32>
  __shared__ int32_t tileK[16][16]; // workgroup memref<16x16xi32>
  // The memrefs' row strides (their dynamic sizes in dimension 1).
  const size_t strideQ = kSize, strideK = kSize, strideS = kSize;
  const size_t tx = threadIdx.x;
  const size_t ty = threadIdx.y;
  const size_t bx = blockIdx.x;
  const size_t by = blockIdx.y;
  const size_t rowBase = by * 16;
  const size_t row = rowBase + ty;
  const size_t colBase = bx * 16;
  const size_t col = colBase + tx;
  const size_t tiles = d / 16; // arith.divui
  int32_t acc = 0;
  // scf.for compares signed (slt); tiles is small and non-negative.
  for (int64_t t = 0; t < int64_t(tiles); t += 1) {
    const size_t base = size_t(t) * 16;
    const size_t dc = base + tx;
    tileQ[ty][tx] = q[row * strideQ + dc];
    const size_t krow = colBase + ty;
    tileK[ty][tx] = kt[krow * strideK + dc];
    __syncthreads();
    int32_t sa = acc;
    for (size_t kk = 0; kk < 16; kk += 1) {
      const int32_t qe = tileQ[ty][kk];
      const int32_t ke = tileK[tx][kk];
      sa = wc_addi(sa, wc_muli(qe, ke));
    }
    __syncthreads();
    acc = sa;
  }
  s[row * strideS + col] = acc;
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *q = wcInput<int32_t>(lcg, kSize * kSize);
  int32_t *kt = wcInput<int32_t>(lcg, kSize * kSize);
  int32_t *s = wcInput<int32_t>(lcg, kSize * kSize);
  wcTimeLaunches(
      reinterpret_cast<const void *>(scores),
      [&](cudaStream_t stream, const WcRotation &rot) {
        scores<<<dim3(kBlocks, kBlocks, 1), dim3(16, 16, 1), 0, stream>>>(
            rot(q), rot(kt), rot(s), kSize);
      });
  wcPrintChecksum(s, kSize * kSize);
  return 0;
}
