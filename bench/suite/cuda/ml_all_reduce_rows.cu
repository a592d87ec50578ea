// CUDA twin of test/Producers/all_reduce_rows.mlir, @rowsum_kernel::
// @rowsum_kernel, as bench/suite/suite.py's ml_all_reduce_rows generates it
// (the parallel-loop path, PARALLEL_PIPELINE, at the sizes in 16384x1024
// i32, out 16384 i32); launched as blocks (16384, 1, 1) x threads
// (1024, 1, 1). One row per block, one element per thread, summed by a
// uniform gpu.all_reduce, which the NVVM lowering (convert-gpu-to-nvvm)
// rewrites as upstream's GpuAllReduceRewriter does
// (mlir/lib/Dialect/GPU/Transforms/AllReduceLowering.cpp): a xor-shuffle
// reduction in each warp, the warps' sums through a workgroup buffer of 32,
// a second shuffle reduction by the first warp, the result broadcast through
// the buffer; every thread stores it to its row's element.
// Host side (inputs, timing, checksum of `out`): harness.h.
#include "harness.h"

constexpr size_t kRows = 16384;
constexpr size_t kCols = 1024; // in: kRows x kCols; out: kRows

/// gpu.shuffle xor of `value` by `offset` among the first `width` lanes, as
/// the NVVM lowering emits it: shfl.sync.bfly with the member mask
/// -1 >> (32 - width) and the clamp width - 1; `valid` is its predicate
/// (whether the source lane is within the width).
__device__ __forceinline__ int32_t wcShuffleXor(int32_t value, int32_t offset,
                                                int32_t width, bool &valid) {
  const uint32_t mask = 0xffffffffu >> (32 - width);
  int32_t result;
  uint32_t predicate;
  asm volatile("{\n\t.reg .pred p;\n\t"
               "shfl.sync.bfly.b32 %0|p, %2, %3, %4, %5;\n\t"
               "selp.u32 %1, 1, 0, p;\n\t}"
               : "=r"(result), "=r"(predicate)
               : "r"(value), "r"(offset), "r"(width - 1), "r"(mask));
  valid = predicate != 0;
  return result;
}

/// createSubgroupReduce: the sum over the first `activeWidth` lanes (the
/// whole warp when it is at least 32); the first lane's result is the sum.
__device__ __forceinline__ int32_t wcSubgroupSum(int32_t activeWidth,
                                                 int32_t operand) {
  int32_t value = operand;
  if (activeWidth < 32) { // a partial subgroup
    for (int32_t i = 1; i < 32; i <<= 1) {
      bool valid;
      const int32_t shuffled = wcShuffleXor(value, i, activeWidth, valid);
      if (valid)
        value = wc_addi(value, shuffled);
    }
  } else {
    for (int32_t i = 1; i < 32; i <<= 1)
      value = wc_addi(value, __shfl_xor_sync(0xffffffffu, value, i));
  }
  return value;
}

// known_block_size = [1024, 1, 1] (the lowering reads %ntid.x; y and z are 1)
__global__ void __launch_bounds__(1024)
    rowsum_kernel(int32_t *in /* 16384 x 1024 */, int32_t *out /* 16384 */) {
  __shared__ int32_t buffer[32]; // the all-reduce's workgroup memref<32xi32>
  const size_t bx = blockIdx.x;
  const size_t tx = threadIdx.x;
  const int32_t v = in[bx * kCols + tx];
  // gpu.all_reduce add uniform (i32 arithmetic, as the rewrite computes it).
  const int32_t dimX = static_cast<int32_t>(blockDim.x);
  const int32_t invocationIdx = static_cast<int32_t>(tx); // (0 * 1 + 0) * x + x
  const int32_t workgroupSize = dimX;                     // x * 1 * 1
  const int32_t laneId = invocationIdx & 31;
  const int32_t activeWidth = workgroupSize - (invocationIdx - laneId);
  const int32_t subgroupSum = wcSubgroupSum(activeWidth, v);
  if (laneId == 0)
    buffer[invocationIdx / 32] = subgroupSum;
  __syncthreads();
  const int32_t numSubgroups = (workgroupSize + 31) / 32;
  if (invocationIdx < numSubgroups) {
    const int32_t partial = buffer[invocationIdx];
    buffer[0] = wcSubgroupSum(numSubgroups, partial);
  }
  __syncthreads();
  const int32_t sum = buffer[0];
  out[bx] = sum;
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *in = wcInput<int32_t>(lcg, kRows * kCols);
  int32_t *out = wcInput<int32_t>(lcg, kRows);
  wcTimeLaunches(
      reinterpret_cast<const void *>(rowsum_kernel),
      [&](cudaStream_t stream, const WcRotation &rot) {
        rowsum_kernel<<<dim3(kRows, 1, 1), dim3(1024, 1, 1), 0, stream>>>(
            rot(in), rot(out));
      });
  wcPrintChecksum(out, kRows);
  return 0;
}
