// The R-MAT graph of bench/collaborate (spmv_rmat.mlir and bfs_rmat.mlir
// build the same on the host): 2^20 vertices, 2^24 edges, each edge's
// source and destination chosen by 20 levels of quadrant choices from one
// LCG (probabilities 0.57, 0.19, 0.19, 0.05), then placed in CSR by source
// in edge order. And the error check of the CUDA baselines.
#ifndef WC_BENCH_COLLABORATE_RMAT_H
#define WC_BENCH_COLLABORATE_RMAT_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

/// Exits with the call and its status when a CUDA (or cuSPARSE) call fails.
#define CHECK(call)                                                            \
  do {                                                                         \
    auto status = (call);                                                      \
    if (status != 0) {                                                         \
      std::fprintf(stderr, "%s:%d: %s failed (%d)\n", __FILE__, __LINE__,      \
                   #call, (int)status);                                        \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int kRmatVertices = 1 << 20;
constexpr int kRmatEdges = 1 << 24;

/// The graph in CSR form: `rowptr` (kRmatVertices + 1 entries), and for
/// every edge e its position `position[e]` in the rows, where `cols` holds
/// its destination.
struct RmatGraph {
  std::vector<int> rowptr, cols, position;
};

inline RmatGraph makeRmatGraph() {
  std::vector<int> src(kRmatEdges), dst(kRmatEdges);
  int32_t state = 1;
  for (int e = 0; e < kRmatEdges; ++e) {
    int64_t r = 0, c = 0;
    for (int l = 0; l < 20; ++l) {
      state = (int32_t)((uint32_t)state * 1103515245u + 12345u);
      int32_t bits = (int32_t)((uint32_t)state >> 16) & 32767;
      bool down = bits >= 24904, inA = bits < 18678, inC = bits < 31130;
      bool right = (!down && !inA) || !inC;
      r = 2 * r + (down ? 1 : 0);
      c = 2 * c + (right ? 1 : 0);
    }
    src[e] = (int)r;
    dst[e] = (int)c;
  }
  RmatGraph graph;
  graph.rowptr.assign(kRmatVertices + 1, 0);
  for (int e = 0; e < kRmatEdges; ++e)
    ++graph.rowptr[src[e] + 1];
  for (int i = 0; i < kRmatVertices; ++i)
    graph.rowptr[i + 1] += graph.rowptr[i];
  std::vector<int> fill(kRmatVertices, 0);
  graph.cols.resize(kRmatEdges);
  graph.position.resize(kRmatEdges);
  for (int e = 0; e < kRmatEdges; ++e) {
    int pos = graph.rowptr[src[e]] + fill[src[e]]++;
    graph.position[e] = pos;
    graph.cols[pos] = dst[e];
  }
  return graph;
}

#endif // WC_BENCH_COLLABORATE_RMAT_H
