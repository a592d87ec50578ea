// CUDA twin of test/Integration/srad_reduce.mlir, @kernels::@reduce, at the
// sizes of bench/suite/suite.py: in 4194000 i32 (the kernel's bound %c1000
// is substituted by 4194000), sums 16384x2 i32; launched as
// blocks (16384, 1, 1) x threads (256, 1, 1) (4194304 threads: the last 304
// read 0).
// Host side (inputs, timing, checksum of `sums`): harness.h.
#include "harness.h"

constexpr size_t kCount = 4194000; // in: kCount (the kernel's %c1000)
constexpr size_t kBlocks = 16384;  // sums: kBlocks x 2

// known_block_size = [256, 1, 1] (the MLIR lowering emits .maxntid 256, 1, 1)
__global__ void __launch_bounds__(256)
    reduce(int32_t *in /* kCount */, int32_t *sums /* kBlocks x 2 */) {
  __shared__ int32_t s[256]; // workgroup memref<256xi32>
  __shared__ int32_t q[256]; // workgroup memref<256xi32>
  const size_t tx = threadIdx.x;
  const size_t bx = blockIdx.x;
  const size_t base = bx * 256;
  const size_t g = base + tx;
  const bool inRange = g < kCount;
  int32_t x;
  if (inRange)
    x = in[g];
  else
    x = 0;
  const int32_t x2 = wc_muli(x, x);
  s[tx] = x;
  q[tx] = x2;
  __syncthreads();
  size_t stride = 1; // scf.while
  while (stride < 256) {
    const size_t span = stride * 2;
    const size_t r = tx % span; // arith.remui
    if (r == 0) {
      const size_t o = tx + stride;
      const int32_t a = s[tx];
      const int32_t b = s[o];
      s[tx] = wc_addi(a, b);
      const int32_t c = q[tx];
      const int32_t d = q[o];
      q[tx] = wc_addi(c, d);
    }
    __syncthreads();
    stride = span;
  }
  if (tx == 0) {
    const int32_t t = s[0];
    const int32_t t2 = q[0];
    sums[bx * 2 + 0] = t;
    sums[bx * 2 + 1] = t2;
  }
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *in = wcInput<int32_t>(lcg, kCount);
  int32_t *sums = wcInput<int32_t>(lcg, kBlocks * 2);
  wcTimeLaunches(reinterpret_cast<const void *>(reduce),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   reduce<<<dim3(kBlocks, 1, 1), dim3(256, 1, 1), 0, stream>>>(
                       rot(in), rot(sums));
                 });
  wcPrintChecksum(sums, kBlocks * 2);
  return 0;
}
