// CUDA twin of examples/stencil_1d.mlir, @stencil_1d::@stencil, at the sizes
// of bench/suite/suite.py: in and out 33554432 f32 (memref<?xf32> in the
// kernel), n = 33554432; launched as blocks (262144, 1, 1) x
// threads (128, 1, 1).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kCount = 33554432; // in, out: kCount; the argument n
constexpr size_t kBlocks = 262144;  // kCount / 128

// known_block_size = [128, 1, 1] (the MLIR lowering emits .maxntid 128, 1, 1)
__global__ void __launch_bounds__(128)
    stencil(float *in /* ? */, float *out /* ? */, size_t n /* index */) {
  __shared__ float tile[130]; // workgroup memref<130xf32>
  const float third = 0.333333343f;
  const size_t tid = threadIdx.x;
  const size_t bid = blockIdx.x;
  const size_t base = bid * 128;
  const size_t gid = base + tid;
  const size_t last = n - 1;
  // Own point at tile[tid + 1].
  const float x = in[gid];
  const size_t slot = tid + 1;
  tile[slot] = x;
  // Thread 0 loads the left halo, thread 127 the right one (clamped).
  if (tid == 0) {
    const size_t left = gid - 1; // wraps for gid 0 (not used then)
    const bool edge = gid == 0;
    const size_t li = edge ? 0 : left;
    tile[0] = in[li];
  }
  if (tid == 127) {
    const size_t right = gid + 1;
    const bool over = right > last; // arith.cmpi ugt
    const size_t ri = over ? last : right;
    tile[129] = in[ri];
  }
  __syncthreads();
  const float a = tile[tid];
  const float b = tile[slot];
  const size_t next = tid + 1;
  const size_t next2 = next + 1;
  const float c = tile[next2];
  const float ab = a + b;
  const float abc = ab + c;
  const float avg = abc * third;
  out[gid] = avg;
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  float *in = wcInput<float>(lcg, kCount);
  float *out = wcInput<float>(lcg, kCount);
  wcTimeLaunches(reinterpret_cast<const void *>(stencil),
                 [&](cudaStream_t stream, const WcRotation &rot) {
                   stencil<<<dim3(kBlocks, 1, 1), dim3(128, 1, 1), 0, stream>>>(
                       rot(in), rot(out), kCount);
                 });
  wcPrintChecksum(out, kCount);
  return 0;
}
