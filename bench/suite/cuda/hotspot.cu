// CUDA twin of test/Integration/hotspot.mlir, @kernels::@hotspot, at the
// sizes of bench/suite/suite.py: temp, power and out 4096x4096 i32
// (memref<?x?xi32> in the kernel, whose row strides are the buffers' 4096);
// launched as blocks (256, 256, 1) x threads (16, 16, 1).
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kSize = 4096;         // temp, power, out: kSize x kSize
constexpr size_t kBlocks = kSize / 16; // blocks in x and in y

// known_block_size = [16, 16, 1] (the MLIR lowering emits .maxntid 16, 16, 1;
// __launch_bounds__ gives .maxntid 256, 1, 1: the same 256 threads)
__global__ void __launch_bounds__(256)
    hotspot(int32_t *temp /* ? x ? */, int32_t *power /* ? x ? */,
            int32_t *out /* ? x ? */) {
  __shared__ int32_t t_s[16][16]; // workgroup memref<16x16xi32>
  __shared__ int32_t p_s[16][16]; // workgroup memref<16x16xi32>
  // The memrefs' row strides (their dynamic sizes in dimension 1).
  const size_t strideT = kSize, strideP = kSize, strideO = kSize;
  const int32_t i2 = 2;
  const int32_t i3 = 3;
  const int32_t i8 = 8;
  const int32_t amb = 80;
  const size_t tx = threadIdx.x;
  const size_t ty = threadIdx.y;
  const size_t bx = blockIdx.x;
  const size_t by = blockIdx.y;
  const size_t colBase = bx * 16;
  const size_t col = colBase + tx;
  const size_t rowBase = by * 16;
  const size_t row = rowBase + ty;
  t_s[ty][tx] = temp[row * strideT + col];
  p_s[ty][tx] = power[row * strideP + col];
  __syncthreads();
  // The neighbours in the tile, clamped at its border (no halo).
  const size_t north = ty == 0 ? ty : ty - 1;
  const size_t south = ty == 15 ? ty : ty + 1;
  const size_t west = tx == 0 ? tx : tx - 1;
  const size_t east = tx == 15 ? tx : tx + 1;
  const int32_t t = t_s[ty][tx];
  const int32_t n = t_s[north][tx];
  const int32_t s = t_s[south][tx];
  const int32_t w = t_s[ty][west];
  const int32_t e = t_s[ty][east];
  const int32_t p = p_s[ty][tx];
  const int32_t t2 = wc_muli(t, i2);
  const int32_t ns = wc_addi(n, s);
  const int32_t dy = wc_subi(ns, t2);
  const int32_t ew = wc_addi(e, w);
  const int32_t dx = wc_subi(ew, t2);
  const int32_t dz = wc_subi(amb, t);
  const int32_t fy = wc_muli(dy, i2);
  const int32_t fx = wc_muli(dx, i3);
  const int32_t f0 = wc_addi(p, fy);
  const int32_t f1 = wc_addi(f0, fx);
  const int32_t f2 = wc_addi(f1, dz);
  // arith.divsi: truncates towards zero, as C's / on int32_t (the divisor is
  // 8, so no overflow).
  const int32_t delta = f2 / i8;
  const int32_t v = wc_addi(t, delta);
  out[row * strideO + col] = v;
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *temp = wcInput<int32_t>(lcg, kSize * kSize);
  int32_t *power = wcInput<int32_t>(lcg, kSize * kSize);
  int32_t *out = wcInput<int32_t>(lcg, kSize * kSize);
  wcTimeLaunches(
      reinterpret_cast<const void *>(hotspot),
      [&](cudaStream_t stream, const WcRotation &rot) {
        hotspot<<<dim3(kBlocks, kBlocks, 1), dim3(16, 16, 1), 0, stream>>>(
            rot(temp), rot(power), rot(out));
      });
  wcPrintChecksum(out, kSize * kSize);
  return 0;
}
