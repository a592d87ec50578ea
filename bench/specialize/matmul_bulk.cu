// A study, not a benchmark twin: does a 16x16-tile i32 matrix product (the
// suite's matmul_tile, 2048^3) run faster when its tiles reach shared memory
// by bulk asynchronous copies (sm_90 cp.async.bulk, completing on an
// mbarrier) instead of through the consumers' registers?
//
//   nvcc -O3 -arch=sm_90 matmul_bulk.cu -o /tmp/matmul_bulk && /tmp/matmul_bulk
//
// Every kernel computes one 16x16 tile of c per consumer warp, 8 outputs per
// lane (lane l: column l % 16, rows l / 16 + 2 v), as wc-aggregate's kernel:
//   agg      one warp per block copies its tiles itself (ld.global, st.shared)
//   self<S>  one warp per block; lane 0 copies tile t + S by bulk copies
//            into stage t % S of a ring while the warp computes tile t
//   aggRxC   as agg, each lane computing an R x C block of the tile
//   aggVec, aggAsync, aggAsync2
//            as agg, copying 16 bytes per lane: by vector loads and stores,
//            by cp.async, and by cp.async a tile ahead into a second buffer
//   aggAsync4 as agg, its copy of 4 bytes per lane and element by cp.async
//   spec<C,S> one producer warp (lane 0: bulk copies) and C consumer warps,
//            consumer c computing block column C bx + c; the C consumers
//            share the producer's tile of a
// Prints each kernel's median time (10 samples of 20 launches) and whether
// its c equals agg's.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

constexpr int N = 2048;
constexpr int T = 16;

__device__ __forceinline__ uint32_t smem(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void barInit(uint64_t *bar, uint32_t count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(smem(bar)), "r"(count)
               : "memory");
}
__device__ __forceinline__ void barExpect(uint64_t *bar, uint32_t bytes) {
  asm volatile(
      "mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(smem(bar)),
      "r"(bytes)
      : "memory");
}
__device__ __forceinline__ void barArrive(uint64_t *bar) {
  asm volatile("mbarrier.arrive.shared.b64 _, [%0];" ::"r"(smem(bar))
               : "memory");
}
__device__ __forceinline__ void barWait(uint64_t *bar, uint32_t parity) {
  asm volatile("{ .reg .pred done; wait: mbarrier.try_wait.parity.shared.b64 "
               "done, [%0], %1; @!done bra wait; }" ::"r"(smem(bar)),
               "r"(parity)
               : "memory");
}
__device__ __forceinline__ void bulk(void *dst, const void *src, uint32_t bytes,
                                     uint64_t *bar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::"
               "bytes [%0], [%1], %2, [%3];" ::"r"(smem(dst)),
               "l"(src), "r"(bytes), "r"(smem(bar))
               : "memory");
}

// cp.async of 16 bytes (past L1) and of 4 bytes, global to shared memory.
__device__ __forceinline__ void async16(void *dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem(dst)),
               "l"(src)
               : "memory");
}
__device__ __forceinline__ void async4(void *dst, const void *src) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem(dst)),
               "l"(src)
               : "memory");
}

// One warp's tile product: 8 accumulators per lane.
__device__ __forceinline__ void tileProduct(const int32_t (*sA)[T],
                                            const int32_t (*sB)[T], int lane,
                                            int32_t acc[8]) {
  int tx = lane % 16, ty0 = lane / 16;
#pragma unroll
  for (int kk = 0; kk < T; ++kk) {
    int32_t y = sB[kk][tx];
#pragma unroll
    for (int v = 0; v < 8; ++v)
      acc[v] += sA[ty0 + 2 * v][kk] * y;
  }
}

__device__ __forceinline__ void storeTile(int32_t *c, int bx, int by, int lane,
                                          const int32_t acc[8]) {
  int tx = lane % 16, ty0 = lane / 16;
#pragma unroll
  for (int v = 0; v < 8; ++v)
    c[(by * T + ty0 + 2 * v) * N + bx * T + tx] = acc[v];
}

// The warp copies tile t of a and b, 8 elements per lane.
__device__ __forceinline__ void copyTiles(int32_t (*sA)[T], int32_t (*sB)[T],
                                          const int32_t *a, const int32_t *b,
                                          int t, int bx, int by, int lane) {
  int tx = lane % 16, ty0 = lane / 16;
#pragma unroll
  for (int v = 0; v < 8; ++v) {
    int ty = ty0 + 2 * v;
    sA[ty][tx] = a[(by * T + ty) * N + t * T + tx];
    sB[ty][tx] = b[(t * T + ty) * N + bx * T + tx];
  }
}

__global__ void __launch_bounds__(32)
    agg(const int32_t *a, const int32_t *b, int32_t *c) {
  __shared__ int32_t sA[T][T], sB[T][T];
  int lane = threadIdx.x, bx = blockIdx.x, by = blockIdx.y;
  int32_t acc[8] = {};
  for (int t = 0; t < N / T; ++t) {
    copyTiles(sA, sB, a, b, t, bx, by, lane);
    __syncwarp();
    tileProduct(sA, sB, lane, acc);
    __syncwarp();
  }
  storeTile(c, bx, by, lane, acc);
}

// Lane 0 fills `stage` with tile t of a (rows of block row by) and of b.
__device__ __forceinline__ void fill(int32_t (*sA)[T], int32_t (*sB)[T],
                                     const int32_t *a, const int32_t *b, int t,
                                     int bx, int by, uint64_t *full, bool withA,
                                     bool withB) {
  barExpect(full, (withA + withB) * T * T * 4);
  for (int r = 0; r < T; ++r) {
    if (withA)
      bulk(sA[r], a + (by * T + r) * N + t * T, T * 4, full);
    if (withB)
      bulk(sB[r], b + (t * T + r) * N + bx * T, T * 4, full);
  }
}

template <int S>
__global__ void __launch_bounds__(32)
    self(const int32_t *a, const int32_t *b, int32_t *c) {
  __shared__ alignas(128) int32_t sA[S][T][T];
  __shared__ alignas(128) int32_t sB[S][T][T];
  __shared__ uint64_t full[S];
  int lane = threadIdx.x, bx = blockIdx.x, by = blockIdx.y;
  if (lane == 0)
    for (int s = 0; s < S; ++s)
      barInit(&full[s], 1);
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  __syncwarp();
  constexpr int tiles = N / T;
  if (lane == 0)
    for (int t = 0; t < S; ++t)
      fill(sA[t], sB[t], a, b, t, bx, by, &full[t], true, true);
  int32_t acc[8] = {};
  for (int t = 0; t < tiles; ++t) {
    int s = t % S;
    barWait(&full[s], (t / S) & 1);
    tileProduct(sA[s], sB[s], lane, acc);
    __syncwarp();
    if (lane == 0 && t + S < tiles) {
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      fill(sA[s], sB[s], a, b, t + S, bx, by, &full[s], true, true);
    }
  }
  storeTile(c, bx, by, lane, acc);
}

template <int C, int S>
__global__ void __launch_bounds__(32 * (C + 1))
    spec(const int32_t *a, const int32_t *b, int32_t *c) {
  __shared__ alignas(128) int32_t sA[S][T][T];
  __shared__ alignas(128) int32_t sB[S][C][T][T];
  __shared__ uint64_t full[S], empty[S];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int by = blockIdx.y;
  if (threadIdx.x == 0)
    for (int s = 0; s < S; ++s) {
      barInit(&full[s], 1);
      barInit(&empty[s], C);
    }
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  __syncthreads();
  constexpr int tiles = N / T;
  if (warp == C) { // the producer
    if (lane != 0)
      return;
    for (int t = 0; t < tiles; ++t) {
      int s = t % S;
      if (t >= S)
        barWait(&empty[s], (t / S - 1) & 1);
      barExpect(&full[s], (1 + C) * T * T * 4);
      for (int r = 0; r < T; ++r) {
        bulk(sA[s][r], a + (by * T + r) * N + t * T, T * 4, &full[s]);
#pragma unroll
        for (int k = 0; k < C; ++k)
          bulk(sB[s][k][r], b + (t * T + r) * N + (blockIdx.x * C + k) * T,
               T * 4, &full[s]);
      }
    }
    return;
  }
  int32_t acc[8] = {};
  for (int t = 0; t < tiles; ++t) {
    int s = t % S;
    barWait(&full[s], (t / S) & 1);
    tileProduct(sA[s], sB[s][warp], lane, acc);
    __syncwarp();
    if (lane == 0)
      barArrive(&empty[s]);
  }
  storeTile(c, blockIdx.x * C + warp, by, lane, acc);
}

// As agg, with each lane computing an R x C block of the tile (rows r0 ..
// r0 + R - 1, columns c0 .. c0 + C - 1), so that a lane reuses each value it
// reads from shared memory R or C times.
template <int R, int C>
__global__ void __launch_bounds__(32)
    aggRC(const int32_t *a, const int32_t *b, int32_t *c) {
  static_assert(R * C == 8, "8 outputs per lane");
  __shared__ alignas(16) int32_t sA[T][T];
  __shared__ alignas(16) int32_t sB[T][T];
  int lane = threadIdx.x, bx = blockIdx.x, by = blockIdx.y;
  constexpr int colGroups = T / C;
  int r0 = (lane / colGroups) * R, c0 = (lane % colGroups) * C;
  int32_t acc[R][C] = {};
  for (int t = 0; t < N / T; ++t) {
    copyTiles(sA, sB, a, b, t, bx, by, lane);
    __syncwarp();
#pragma unroll
    for (int kk = 0; kk < T; ++kk) {
      int32_t x[R], y[C];
#pragma unroll
      for (int i = 0; i < R; ++i)
        x[i] = sA[r0 + i][kk];
#pragma unroll
      for (int j = 0; j < C; ++j)
        y[j] = sB[kk][c0 + j];
#pragma unroll
      for (int i = 0; i < R; ++i)
#pragma unroll
        for (int j = 0; j < C; ++j)
          acc[i][j] += x[i] * y[j];
    }
    __syncwarp();
  }
#pragma unroll
  for (int i = 0; i < R; ++i)
#pragma unroll
    for (int j = 0; j < C; ++j)
      c[(by * T + r0 + i) * N + bx * T + c0 + j] = acc[i][j];
}

// As agg, with 16-byte copies: lane l copies elements 4 (32 j + l) ..
// +3 (j < 2) of each tile, by ld.global.v4 and st.shared.v4 (Mode 0), by
// cp.async of 16 bytes waited for at once (1), or by cp.async a tile ahead
// into a second buffer, in flight during this tile's product (2); or agg's
// copy (4 bytes per lane and element) by cp.async (3).
__device__ __forceinline__ void copyTilesVec(int32_t (*sA)[T], int32_t (*sB)[T],
                                             const int32_t *a, const int32_t *b,
                                             int t, int bx, int by, int lane) {
#pragma unroll
  for (int j = 0; j < 2; ++j) {
    int e = (j * 32 + lane) * 4, r = e / T, c = e % T;
    *reinterpret_cast<int4 *>(&sA[r][c]) =
        *reinterpret_cast<const int4 *>(&a[(by * T + r) * N + t * T + c]);
    *reinterpret_cast<int4 *>(&sB[r][c]) =
        *reinterpret_cast<const int4 *>(&b[(t * T + r) * N + bx * T + c]);
  }
}

__device__ __forceinline__ void
copyTilesAsync(int32_t (*sA)[T], int32_t (*sB)[T], const int32_t *a,
               const int32_t *b, int t, int bx, int by, int lane) {
#pragma unroll
  for (int j = 0; j < 2; ++j) {
    int e = (j * 32 + lane) * 4, r = e / T, c = e % T;
    async16(&sA[r][c], &a[(by * T + r) * N + t * T + c]);
    async16(&sB[r][c], &b[(t * T + r) * N + bx * T + c]);
  }
  asm volatile("cp.async.commit_group;" ::: "memory");
}

// The copy of copyTiles (4 bytes per lane and element) by cp.async.ca.
__device__ __forceinline__ void
copyTilesAsync4(int32_t (*sA)[T], int32_t (*sB)[T], const int32_t *a,
                const int32_t *b, int t, int bx, int by, int lane) {
  int tx = lane % 16, ty0 = lane / 16;
#pragma unroll
  for (int v = 0; v < 8; ++v) {
    int ty = ty0 + 2 * v;
    async4(&sA[ty][tx], &a[(by * T + ty) * N + t * T + tx]);
    async4(&sB[ty][tx], &b[(t * T + ty) * N + bx * T + tx]);
  }
  asm volatile("cp.async.commit_group;" ::: "memory");
}

template <int Mode>
__global__ void __launch_bounds__(32)
    aggCopy(const int32_t *a, const int32_t *b, int32_t *c) {
  __shared__ alignas(16) int32_t sA[2][T][T];
  __shared__ alignas(16) int32_t sB[2][T][T];
  int lane = threadIdx.x, bx = blockIdx.x, by = blockIdx.y;
  int32_t acc[8] = {};
  if (Mode == 2)
    copyTilesAsync(sA[0], sB[0], a, b, 0, bx, by, lane);
  for (int t = 0; t < N / T; ++t) {
    int s = Mode == 2 ? t % 2 : 0;
    if (Mode == 0) {
      copyTilesVec(sA[0], sB[0], a, b, t, bx, by, lane);
    } else if (Mode == 1) {
      copyTilesAsync(sA[0], sB[0], a, b, t, bx, by, lane);
      asm volatile("cp.async.wait_group 0;" ::: "memory");
    } else if (Mode == 3) {
      copyTilesAsync4(sA[0], sB[0], a, b, t, bx, by, lane);
      asm volatile("cp.async.wait_group 0;" ::: "memory");
    } else if (t + 1 < N / T) {
      copyTilesAsync(sA[1 - s], sB[1 - s], a, b, t + 1, bx, by, lane);
      asm volatile("cp.async.wait_group 1;" ::: "memory");
    } else {
      asm volatile("cp.async.wait_group 0;" ::: "memory");
    }
    __syncwarp();
    tileProduct(sA[s], sB[s], lane, acc);
    __syncwarp();
  }
  storeTile(c, bx, by, lane, acc);
}

template <typename Launch> float time(Launch launch) {
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  for (int i = 0; i < 5; ++i)
    launch();
  std::vector<float> samples;
  for (int k = 0; k < 10; ++k) {
    cudaEventRecord(e0);
    for (int i = 0; i < 20; ++i)
      launch();
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    float ms;
    cudaEventElapsedTime(&ms, e0, e1);
    samples.push_back(ms / 20);
  }
  std::sort(samples.begin(), samples.end());
  return samples[5];
}

int main() {
  size_t n = size_t(N) * N;
  std::vector<int32_t> h(n);
  uint32_t x = 12345;
  for (auto &v : h)
    v = int32_t((x = x * 1664525u + 1013904223u) >> 24) - 128;
  int32_t *a, *b, *c, *ref;
  cudaMalloc(&a, n * 4);
  cudaMalloc(&b, n * 4);
  cudaMalloc(&c, n * 4);
  cudaMalloc(&ref, n * 4);
  cudaMemcpy(a, h.data(), n * 4, cudaMemcpyHostToDevice);
  for (auto &v : h)
    v = int32_t((x = x * 1664525u + 1013904223u) >> 24) - 128;
  cudaMemcpy(b, h.data(), n * 4, cudaMemcpyHostToDevice);
  std::vector<int32_t> hr(n), hc(n);
  auto report = [&](const char *name, float ms, int32_t *out) {
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(hc.data(), out, n * 4, cudaMemcpyDeviceToHost);
    printf("%-12s %.4f ms  %s  %s\n", name, ms,
           hc == hr ? "equal" : "DIFFERENT", cudaGetErrorString(err));
    fflush(stdout);
  };
  dim3 grid(N / T, N / T);
  float ms = time([&] { agg<<<grid, 32>>>(a, b, ref); });
  cudaDeviceSynchronize();
  cudaMemcpy(hr.data(), ref, n * 4, cudaMemcpyDeviceToHost);
  report("agg", ms, ref);
#define SELF(S)                                                                \
  cudaMemset(c, 0, n * 4);                                                     \
  report("self" #S, time([&] { self<S><<<grid, 32>>>(a, b, c); }), c);
  SELF(2);
  SELF(3);
#define RC(R, C)                                                               \
  cudaMemset(c, 0, n * 4);                                                     \
  report("agg" #R "x" #C, time([&] { aggRC<R, C><<<grid, 32>>>(a, b, c); }), c);
  RC(8, 1);
  RC(4, 2);
  RC(2, 4);
  RC(1, 8);
#define COPY(M, NAME)                                                          \
  cudaMemset(c, 0, n * 4);                                                     \
  report(NAME, time([&] { aggCopy<M><<<grid, 32>>>(a, b, c); }), c);
  COPY(0, "aggVec");
  COPY(1, "aggAsync");
  COPY(2, "aggAsync2");
  COPY(3, "aggAsync4");
#define SPEC(C, S)                                                             \
  cudaMemset(c, 0, n * 4);                                                     \
  report("spec" #C "x" #S, time([&] {                                          \
           spec<C, S><<<dim3(N / T / C, N / T), 32 * (C + 1)>>>(a, b, c);      \
         }),                                                                   \
         c);
  SPEC(1, 3);
  SPEC(2, 3);
  SPEC(4, 3);
  ms = time([&] { agg<<<grid, 32>>>(a, b, ref); });
  report("agg", ms, ref);
  return 0;
}
