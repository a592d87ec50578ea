// Expert baseline of the suite's bandwidth probe (probe_copy, a copy of a
// 16384x1024 f32 matrix): every thread copies one 16-byte chunk, 256 threads
// a block, the matrix's rows one after another. With the probe's own
// (scalar, coalesced) copy it bounds the kernels that read and write such a
// tensor once: bench/suite/report.py takes the faster of the two.
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kCount = size_t(16384) * 1024; // f32 elements

__global__ void __launch_bounds__(256) copy(const float4 *in, float4 *out) {
  const size_t chunk = size_t(blockIdx.x) * 256 + threadIdx.x;
  out[chunk] = in[chunk];
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kCount);
  float *out = wcInput<float>(lcg, kCount);
  wcTimeLaunches(reinterpret_cast<const void *>(copy),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   copy<<<dim3(kCount / 4 / 256), dim3(256), 0, stream>>>(
                       reinterpret_cast<const float4 *>(rot(in)),
                       reinterpret_cast<float4 *>(rot(out)));
                 });
  wcPrintChecksum(out, kCount);
  return 0;
}
