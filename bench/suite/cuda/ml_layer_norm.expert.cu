// Expert baseline of the layer norm of bench/suite/suite.py's ml_layer_norm
// (16384 rows of 1024 f32, gamma and beta of 1024; mean = sum / 1024, var =
// sum((x - mean)^2) / 1024, out = (x - mean) * rsqrt(var + 1e-5) * gamma +
// beta, the constants of the generated kernel): one warp per row, four rows
// per block of 128 threads, the row in registers (lane l holds the 16-byte
// chunks l + 32 i), 16-byte loads and stores, both sums by warp shuffles.
// Another algorithm than the generated kernel's (which sums in another
// order): its output is not compared.
// Host side (inputs in the kernel's argument order, timing): harness.h.
#include "harness.h"

constexpr size_t kRows = 16384;
constexpr size_t kCols = 1024;
constexpr int kChunks = kCols / 4 / 32; // float4 chunks per lane

__global__ void __launch_bounds__(128)
    layer_norm(const float4 *in, float4 *out, const float4 *gamma,
               const float4 *beta) {
  const unsigned lane = threadIdx.x % 32;
  const size_t row = blockIdx.x * 4 + threadIdx.x / 32;
  const float4 *src = in + row * (kCols / 4);
  float4 v[kChunks];
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < kChunks; ++i) {
    v[i] = src[lane + 32 * i];
    sum += v[i].x + v[i].y + v[i].z + v[i].w;
  }
  const float mean = wcWarpSum(sum) / 1024.0f;
  float squares = 0.0f;
#pragma unroll
  for (int i = 0; i < kChunks; ++i) {
    v[i] = make_float4(v[i].x - mean, v[i].y - mean, v[i].z - mean,
                       v[i].w - mean);
    squares += v[i].x * v[i].x + v[i].y * v[i].y + v[i].z * v[i].z +
               v[i].w * v[i].w;
  }
  const float r = rsqrtf(wcWarpSum(squares) / 1024.0f + 1e-5f);
  float4 *dst = out + row * (kCols / 4);
#pragma unroll
  for (int i = 0; i < kChunks; ++i) {
    const float4 g = gamma[lane + 32 * i];
    const float4 b = beta[lane + 32 * i];
    dst[lane + 32 * i] =
        make_float4(v[i].x * r * g.x + b.x, v[i].y * r * g.y + b.y,
                    v[i].z * r * g.z + b.z, v[i].w * r * g.w + b.w);
  }
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kRows * kCols);
  float *out = wcInput<float>(lcg, kRows * kCols);
  float *gamma = wcInput<float>(lcg, kCols);
  float *beta = wcInput<float>(lcg, kCols);
  wcTimeLaunches(reinterpret_cast<const void *>(layer_norm),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   layer_norm<<<dim3(kRows / 4), dim3(128), 0, stream>>>(
                       reinterpret_cast<const float4 *>(rot(in)),
                       reinterpret_cast<float4 *>(rot(out)),
                       reinterpret_cast<const float4 *>(rot(gamma)),
                       reinterpret_cast<const float4 *>(rot(beta)));
                 });
  wcPrintChecksum(out, kRows * kCols);
  return 0;
}
