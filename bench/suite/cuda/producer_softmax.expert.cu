// Expert baseline of the row softmax of bench/suite/suite.py's
// producer_softmax (16384 rows of 1024 f32; out = exp(x - max) / sum of
// exp(x - max) per row): one warp per row, four rows per block of 128
// threads, the row in registers (lane l holds the 16-byte chunks l + 32 i),
// 16-byte loads and stores, the maximum and the sum by warp shuffles.
// Another algorithm than the generated kernel's (which sums in another
// order): its output is not compared.
// Host side (inputs in the kernel's argument order, timing): harness.h.
#include "harness.h"

constexpr size_t kRows = 16384;
constexpr size_t kCols = 1024;
constexpr int kChunks = kCols / 4 / 32; // float4 chunks per lane

__global__ void __launch_bounds__(128) softmax(const float4 *in, float4 *out) {
  const unsigned lane = threadIdx.x % 32;
  const size_t row = blockIdx.x * 4 + threadIdx.x / 32;
  const float4 *src = in + row * (kCols / 4);
  float4 v[kChunks];
  float m = -INFINITY;
#pragma unroll
  for (int i = 0; i < kChunks; ++i) {
    v[i] = src[lane + 32 * i];
    m = fmaxf(m, fmaxf(fmaxf(v[i].x, v[i].y), fmaxf(v[i].z, v[i].w)));
  }
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
    m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, offset));
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < kChunks; ++i) {
    v[i] = make_float4(expf(v[i].x - m), expf(v[i].y - m), expf(v[i].z - m),
                       expf(v[i].w - m));
    sum += v[i].x + v[i].y + v[i].z + v[i].w;
  }
  sum = wcWarpSum(sum);
  float4 *dst = out + row * (kCols / 4);
#pragma unroll
  for (int i = 0; i < kChunks; ++i)
    dst[lane + 32 * i] =
        make_float4(v[i].x / sum, v[i].y / sum, v[i].z / sum, v[i].w / sum);
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kRows * kCols);
  float *out = wcInput<float>(lcg, kRows * kCols);
  wcTimeLaunches(reinterpret_cast<const void *>(softmax),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   softmax<<<dim3(kRows / 4), dim3(128), 0, stream>>>(
                       reinterpret_cast<const float4 *>(rot(in)),
                       reinterpret_cast<float4 *>(rot(out)));
                 });
  wcPrintChecksum(out, kRows * kCols);
  return 0;
}
