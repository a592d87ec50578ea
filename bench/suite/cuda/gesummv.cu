// CUDA twin of test/Integration/gesummv.mlir, @kernels::@gesummv, at the
// sizes of bench/suite/suite.py: a and b 8192x8192 i32 (memref<?x?xi32> in
// the kernel, whose row strides are the buffers' 8192), x and y 8192 i32
// (memref<?xi32>), n = 8192; launched as blocks (128, 1, 1) x
// threads (64, 1, 1). No barrier.
// Host side (inputs, timing, checksum of `y`): harness.h.
#include "harness.h"

constexpr size_t kSize = 8192;         // a, b: kSize x kSize; x, y: kSize; n
constexpr size_t kBlocks = kSize / 64; // one thread per row

// known_block_size = [64, 1, 1] (the MLIR lowering emits .maxntid 64, 1, 1)
__global__ void __launch_bounds__(64)
    gesummv(int32_t *a /* ? x ? */, int32_t *b /* ? x ? */, int32_t *x /* ? */,
            int32_t *y /* ? */, int64_t n /* index */) {
  // The memrefs' row strides (their dynamic sizes in dimension 1).
  const size_t strideA = kSize, strideB = kSize;
  const int32_t alpha = 43532;
  const int32_t beta = 12313;
  // gpu.global_id x, in index (64-bit) arithmetic
  const size_t i = size_t(blockIdx.x) * size_t(blockDim.x) + threadIdx.x;
  const bool inside = i < size_t(n); // arith.cmpi ult
  if (inside) {
    int32_t ta = 0;
    int32_t tb = 0;
    // scf.for compares signed (slt); n is non-negative.
    for (int64_t j = 0; j < n; j += 1) {
      const int32_t xj = x[j];
      const int32_t aij = a[i * strideA + size_t(j)];
      const int32_t bij = b[i * strideB + size_t(j)];
      const int32_t pa = wc_muli(aij, xj);
      const int32_t pb = wc_muli(bij, xj);
      ta = wc_addi(ta, pa);
      tb = wc_addi(tb, pb);
    }
    const int32_t sa = wc_muli(alpha, ta);
    const int32_t sb = wc_muli(beta, tb);
    const int32_t v = wc_addi(sa, sb);
    y[i] = v;
  }
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *a = wcInput<int32_t>(lcg, kSize * kSize);
  int32_t *b = wcInput<int32_t>(lcg, kSize * kSize);
  int32_t *x = wcInput<int32_t>(lcg, kSize);
  int32_t *y = wcInput<int32_t>(lcg, kSize);
  wcTimeLaunches(reinterpret_cast<const void *>(gesummv),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   gesummv<<<dim3(kBlocks, 1, 1), dim3(64, 1, 1), 0, stream>>>(
                       rot(a), rot(b), rot(x), rot(y), int64_t(kSize));
                 });
  wcPrintChecksum(y, kSize);
  return 0;
}
