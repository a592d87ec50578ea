// Expert baseline of the RMS norm of bench/suite/suite.py's ml_rms_norm
// (16384 rows of 1024 f32, gamma of 1024; out = x * rsqrt(sum(x^2) / 1024 +
// 1e-6) * gamma, the constants of the generated kernel): one warp per row,
// four rows per block of 128 threads, the row in registers (lane l holds
// the 16-byte chunks l + 32 i), 16-byte loads and stores, the sum by warp
// shuffles. Another algorithm than the generated kernel's (which sums in
// another order): its output is not compared.
// Host side (inputs in the kernel's argument order, timing): harness.h.
#include "harness.h"

constexpr size_t kRows = 16384;
constexpr size_t kCols = 1024;
constexpr int kChunks = kCols / 4 / 32; // float4 chunks per lane

__global__ void __launch_bounds__(128)
    rms_norm(const float4 *in, float4 *out, const float4 *gamma) {
  const unsigned lane = threadIdx.x % 32;
  const size_t row = blockIdx.x * 4 + threadIdx.x / 32;
  const float4 *src = in + row * (kCols / 4);
  float4 v[kChunks];
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < kChunks; ++i) {
    v[i] = src[lane + 32 * i];
    sum += v[i].x * v[i].x + v[i].y * v[i].y + v[i].z * v[i].z +
           v[i].w * v[i].w;
  }
  sum = wcWarpSum(sum);
  const float r = rsqrtf(sum / 1024.0f + 1e-6f);
  float4 *dst = out + row * (kCols / 4);
#pragma unroll
  for (int i = 0; i < kChunks; ++i) {
    const float4 g = gamma[lane + 32 * i];
    dst[lane + 32 * i] = make_float4(v[i].x * r * g.x, v[i].y * r * g.y,
                                     v[i].z * r * g.z, v[i].w * r * g.w);
  }
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kRows * kCols);
  float *out = wcInput<float>(lcg, kRows * kCols);
  float *gamma = wcInput<float>(lcg, kCols);
  wcTimeLaunches(reinterpret_cast<const void *>(rms_norm),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   rms_norm<<<dim3(kRows / 4), dim3(128), 0, stream>>>(
                       reinterpret_cast<const float4 *>(rot(in)),
                       reinterpret_cast<float4 *>(rot(out)),
                       reinterpret_cast<const float4 *>(rot(gamma)));
                 });
  wcPrintChecksum(out, kRows * kCols);
  return 0;
}
