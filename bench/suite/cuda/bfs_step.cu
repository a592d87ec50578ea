// CUDA twin of test/Integration/bfs_step.mlir, @kernels::@bfs_step, at the
// sizes of bench/suite/suite.py: adj 16777216x4 i32 (memref<?x4xi32> in the
// kernel), frontier, cost and next 16777216 i32 each (memref<?xi32>),
// n = 16777216; launched as blocks (131072, 1, 1) x threads (128, 1, 1).
// No barrier.
// Host side (inputs, timing, checksum of `next`): harness.h.
#include "harness.h"

constexpr size_t kCount =
    16777216; // nodes: adj kCount x 4, the others kCount; n
constexpr size_t kBlocks = 131072; // kCount / 128

// known_block_size = [128, 1, 1] (the MLIR lowering emits .maxntid 128, 1, 1)
__global__ void __launch_bounds__(128)
    bfs_step(int32_t *adj /* ? x 4 */, int32_t *frontier /* ? */,
             int32_t *cost /* ? */, int32_t *next /* ? */,
             size_t n /* index */) {
  const int32_t zero = 0;
  const int32_t one = 1;
  const int32_t none = -1;
  const int32_t inf = 2147483647;
  // gpu.global_id x, in index (64-bit) arithmetic
  const size_t node = size_t(blockIdx.x) * size_t(blockDim.x) + threadIdx.x;
  const bool inside = node < n; // arith.cmpi ult
  if (inside) {
    const int32_t own = cost[node];
    const bool visited = own >= zero; // arith.cmpi sge
    const int32_t start = visited ? own : inf;
    int32_t best = start;
    for (size_t k = 0; k < 4; k += 1) {
      const int32_t a = adj[node * 4 + k];
      const size_t ai = static_cast<uint32_t>(a); // arith.index_castui
      const size_t nbr = ai % n;                  // arith.remui
      const int32_t f = frontier[nbr];
      const bool inFrontier = f != zero;
      int32_t nb;
      if (inFrontier) {
        const int32_t cn = cost[nbr];
        const int32_t cand = wc_addi(cn, one);
        nb = wc_minsi(best, cand);
      } else {
        nb = best;
      }
      best = nb;
    }
    const bool reached = best != inf;
    const int32_t result = reached ? best : none;
    next[node] = result;
  }
}

int main(int argc, char **argv) {
  WcLcg lcg(wcSeed(argc, argv));
  int32_t *adj = wcInput<int32_t>(lcg, kCount * 4);
  int32_t *frontier = wcInput<int32_t>(lcg, kCount);
  int32_t *cost = wcInput<int32_t>(lcg, kCount);
  int32_t *next = wcInput<int32_t>(lcg, kCount);
  wcTimeLaunches(
      reinterpret_cast<const void *>(bfs_step),
      [&](cudaStream_t stream, const WcRotation &rot) {
        bfs_step<<<dim3(kBlocks, 1, 1), dim3(128, 1, 1), 0, stream>>>(
            rot(adj), rot(frontier), rot(cost), rot(next), kCount);
      });
  wcPrintChecksum(next, kCount);
  return 0;
}
