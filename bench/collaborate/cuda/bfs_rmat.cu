// CUDA twin of the breadth-first search benchmark (bench/collaborate/
// bfs_rmat.mlir): the same R-MAT graph (rmat.h), the same search from vertex 0 with a queue, level by
// level, the host reading each next frontier's size, with the same kernel
// written in CUDA (a frontier vertex per thread, atomicMin to claim a
// neighbour, atomicAdd for its slot in the next frontier).
// Prints "thread", the ms per search of 10 samples of 5 searches (events
// on the default stream, as the MLIR program's timer), then the checksum
// the MLIR program prints.
// Build: nvcc -O3 -arch=sm_90 bfs_rmat.cu -o bfs_rmat.cuda.exe
#include "rmat.h"

#include <cuda_runtime.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

constexpr int kVertices = kRmatVertices;
constexpr int kEdges = kRmatEdges;

__global__ void expand(const int *rowptr, const int *cols, int *level,
                       const int *frontier, const int *size, int *queue,
                       int *count, int depth) {
  int i = blockIdx.x * 128 + threadIdx.x;
  int d1 = depth + 1;
  if (i >= *size)
    return;
  int v = frontier[i];
  for (int k = rowptr[v]; k < rowptr[v + 1]; ++k) {
    int u = cols[k];
    if (atomicMin(&level[u], d1) > d1)
      queue[atomicAdd(count, 1)] = u;
  }
}

__global__ void reset(int *level, int *frontier, int *size, int n) {
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i >= n)
    return;
  level[i] = i == 0 ? 0 : INT_MAX;
  if (i == 0) {
    frontier[0] = 0;
    *size = 1;
  }
}

int main() {
  RmatGraph graph = makeRmatGraph();
  const std::vector<int> &rowptr = graph.rowptr, &cols = graph.cols;

  int *dRowptr, *dCols, *dLevel, *dA, *dB, *dNA, *dNB;
  CHECK(cudaMalloc(&dRowptr, (kVertices + 1) * sizeof(int)));
  CHECK(cudaMalloc(&dCols, kEdges * sizeof(int)));
  CHECK(cudaMalloc(&dLevel, kVertices * sizeof(int)));
  CHECK(cudaMalloc(&dA, kVertices * sizeof(int)));
  CHECK(cudaMalloc(&dB, kVertices * sizeof(int)));
  CHECK(cudaMalloc(&dNA, sizeof(int)));
  CHECK(cudaMalloc(&dNB, sizeof(int)));
  CHECK(cudaMemcpy(dRowptr, rowptr.data(), (kVertices + 1) * sizeof(int),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dCols, cols.data(), kEdges * sizeof(int),
                   cudaMemcpyHostToDevice));

  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  const int zero = 0;
  std::printf("thread");
  for (int s = 0; s < 10; ++s) {
    CHECK(cudaEventRecord(start));
    for (int r = 0; r < 5; ++r) {
      reset<<<4096, 256>>>(dLevel, dA, dNA, kVertices);
      int *f = dA, *fn = dNA, *q = dB, *qn = dNB;
      int size = 1, depth = 0;
      while (size > 0) {
        CHECK(cudaMemcpy(qn, &zero, sizeof(int), cudaMemcpyHostToDevice));
        expand<<<(size + 127) / 128, 128>>>(dRowptr, dCols, dLevel, f, fn, q,
                                           qn, depth);
        CHECK(cudaMemcpy(&size, qn, sizeof(int), cudaMemcpyDeviceToHost));
        std::swap(f, q);
        std::swap(fn, qn);
        ++depth;
      }
    }
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    std::printf(" %g", ms / 5);
  }
  CHECK(cudaGetLastError());
  std::vector<int> level(kVertices);
  CHECK(cudaMemcpy(level.data(), dLevel, kVertices * sizeof(int),
                   cudaMemcpyDeviceToHost));
  int64_t sum = 0, reached = 0;
  for (int v = 0; v < kVertices; ++v)
    if (level[v] != INT_MAX) {
      sum += (int64_t)(level[v] + 1) * (v % 1000 + 1);
      ++reached;
    }
  std::printf(" %lld\n", (long long)(sum * kVertices + reached));
  return 0;
}
