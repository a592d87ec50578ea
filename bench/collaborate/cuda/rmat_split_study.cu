// A study of the R-MAT SpMV of spmv_rmat.mlir (not a baseline): how fast
// the matrix's rows of up to G nonzeros run when each block of 128 rows
// balances them between its threads, and how fast the rows over G run on
// their own, each chunk of 8192 nonzeros one block of a second launch.
// It bounds what a collaborative form that balances within the block can
// reach before it must hand the longest rows to other blocks.
//   contig   each thread an equal contiguous share of the block's flattened
//            nonzeros (merge-path's split, within the block), partial sums
//            into the rows' workgroup accumulators by atomics;
//   windows  each warp an equal share, in windows of 32 consecutive
//            nonzeros (the owner row by a binary search over the block's
//            scan), a segmented warp reduction, one atomic per segment;
//   win4     the same, 4 windows per round, their loads in flight together
//            (the form of wc-collaborate's flatten=block);
//   long     the rows over G alone; "+long" the two launches one after the
//            other (their checksum is the full product's).
// Prints per form the median ms per launch of 10 samples of 20 launches.
// Build and run on the GPU machine, G the row length past which rows are
// left to the second launch:
//   nvcc -O3 -arch=sm_90 rmat_split_study.cu -o study && ./study G
#include "rmat.h"
#include <algorithm>
#include <cuda_runtime.h>
#include <vector>
constexpr int kRows = kRmatVertices, kEdges = kRmatEdges;

__device__ int blockScan(int c, int *warpSums, int &total) {
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
  int v = c;
  for (int d = 1; d < 32; d <<= 1) {
    int u = __shfl_up_sync(~0u, v, d);
    if (lane >= d)
      v += u;
  }
  if (lane == 31)
    warpSums[w] = v;
  __syncthreads();
  int before = 0;
  total = 0;
  for (int i = 0; i < 4; ++i) {
    int s = warpSums[i];
    if (i < w)
      before += s;
    total += s;
  }
  return before + v - c;
}

template <int MODE>
__global__ void blockMerge(const int *rowptr, const int *cols, const int *vals,
                           const int *x, int *y, int n, int G) {
  __shared__ int start[129], acc[128], los[128], warpSums[4];
  int t = threadIdx.x, row = blockIdx.x * 128 + t;
  int lo = 0, c = 0;
  if (row < n) {
    lo = rowptr[row];
    c = rowptr[row + 1] - lo;
    if (c > G)
      c = 0;
  }
  int total;
  int s = blockScan(c, warpSums, total);
  start[t] = s;
  acc[t] = 0;
  los[t] = lo;
  if (t == 0)
    start[128] = total;
  __syncthreads();
  if (MODE == 0) {
    int j0 = (int)((long long)t * total / 128),
        j1 = (int)((long long)(t + 1) * total / 128);
    if (j0 < j1) {
      int r = 0, hiR = 127;
      while (r < hiR) {
        int m = (r + hiR + 1) / 2;
        if (start[m] <= j0)
          r = m;
        else
          hiR = m - 1;
      }
      int sum = 0, end = start[r + 1], base = los[r] - start[r];
      for (int j = j0; j < j1; ++j) {
        while (j >= end) {
          if (sum)
            atomicAdd(&acc[r], sum);
          sum = 0;
          ++r;
          end = start[r + 1];
          base = los[r] - start[r];
        }
        int k = base + j;
        sum += vals[k] * x[cols[k]];
      }
      atomicAdd(&acc[r], sum);
    }
  } else if (MODE == 2) {
    int lane = t & 31, w = t >> 5;
    int per = (total + 3) / 4;
    int j0 = min(w * per, total), j1 = min(j0 + per, total);
    for (int base = j0; base < j1; base += 128) {
      int v[4], rr[4];
      bool hd[4], vl[4];
#pragma unroll
      for (int u = 0; u < 4; ++u) {
        int j = base + u * 32 + lane;
        vl[u] = j < j1;
        int r = 0;
        for (int bit = 64; bit; bit >>= 1)
          if (start[r + bit] <= j)
            r += bit;
        rr[u] = r;
        int k = los[r] + j - start[r];
        v[u] = vl[u] ? vals[k] * x[cols[k]] : 0;
        hd[u] = lane == 0 || j == start[r] || !vl[u];
      }
#pragma unroll
      for (int u = 0; u < 4; ++u) {
        unsigned heads = __ballot_sync(~0u, hd[u]);
        int vv = v[u];
        for (int d = 1; d < 32; d <<= 1) {
          int q = __shfl_down_sync(~0u, vv, d);
          unsigned long long m = ((1ull << d) - 1) << (lane + 1);
          if (lane + d < 32 && !((unsigned long long)heads & m))
            vv += q;
        }
        if (vl[u] && hd[u])
          atomicAdd(&acc[rr[u]], vv);
      }
    }
  } else {
    int lane = t & 31, w = t >> 5;
    int per = (total + 3) / 4;
    int j0 = min(w * per, total), j1 = min(j0 + per, total);
    for (int base = j0; base < j1; base += 32) {
      int j = base + lane;
      bool valid = j < j1;
      int r = 0;
      for (int bit = 64; bit; bit >>= 1)
        if (start[r + bit] <= j)
          r += bit;
      // skip empty rows: start[r] <= j < start[r+1] with r last such
      int v = 0;
      if (valid) {
        int k = los[r] + j - start[r];
        v = vals[k] * x[cols[k]];
      }
      bool head = lane == 0 || j == start[r] || !valid;
      // segmented inclusive scan (backwards sum to head): use suffix approach
      unsigned heads = __ballot_sync(~0u, head);
      // segment end: lane where next lane is head or lane 31
      for (int d = 1; d < 32; d <<= 1) {
        int u = __shfl_down_sync(~0u, v, d);
        // add if lane+d in same segment: no head in (lane, lane+d]
        unsigned long long m = ((1ull << d) - 1) << (lane + 1);
        if (lane + d < 32 && !((unsigned long long)heads & m))
          v += u;
      }
      if (valid && head)
        atomicAdd(&acc[r], v);
    }
  }
  __syncthreads();
  if (row < n)
    y[row] = acc[t];
}

__global__ void longRows(const int *rowptr, const int *cols, const int *vals,
                         const int *x, int *y, const int *jobRow,
                         const int *jobLo, int chunk) {
  int row = jobRow[blockIdx.x], lo = jobLo[blockIdx.x];
  int hi = min(rowptr[row + 1], lo + chunk);
  int sum = 0;
  for (int k = lo + threadIdx.x; k < hi; k += 128)
    sum += vals[k] * x[cols[k]];
  for (int d = 16; d; d >>= 1)
    sum += __shfl_xor_sync(~0u, sum, d);
  if ((threadIdx.x & 31) == 0 && sum)
    atomicAdd(&y[row], sum);
}

int main(int argc, char **argv) {
  int G = argc > 1 ? atoi(argv[1]) : 2048;
  RmatGraph graph = makeRmatGraph();
  std::vector<int> vals(kEdges), x(kRows);
  for (int e = 0; e < kEdges; ++e)
    vals[graph.position[e]] = e % 11;
  for (int i = 0; i < kRows; ++i)
    x[i] = i % 13;
  std::vector<int> jobRow, jobLo;
  int chunk = 8192;
  for (int r = 0; r < kRows; ++r) {
    int c = graph.rowptr[r + 1] - graph.rowptr[r];
    if (c > G)
      for (int lo = graph.rowptr[r]; lo < graph.rowptr[r + 1]; lo += chunk) {
        jobRow.push_back(r);
        jobLo.push_back(lo);
      }
  }
  int *dR, *dC, *dV, *dX, *dY, *dJR, *dJL;
  CHECK(cudaMalloc(&dR, (kRows + 1) * 4));
  CHECK(cudaMalloc(&dC, kEdges * 4));
  CHECK(cudaMalloc(&dV, kEdges * 4));
  CHECK(cudaMalloc(&dX, kRows * 4));
  CHECK(cudaMalloc(&dY, kRows * 4));
  CHECK(cudaMalloc(&dJR, jobRow.size() * 4 + 4));
  CHECK(cudaMalloc(&dJL, jobRow.size() * 4 + 4));
  cudaMemcpy(dR, graph.rowptr.data(), (kRows + 1) * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dC, graph.cols.data(), kEdges * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dV, vals.data(), kEdges * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dX, x.data(), kRows * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dJR, jobRow.data(), jobRow.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dJL, jobLo.data(), jobLo.size() * 4, cudaMemcpyHostToDevice);
  int jobs = jobRow.size();
  printf("G=%d jobs=%d\n", G, jobs);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  std::vector<int> y(kRows);
  for (int which = 0; which < 7; ++which) {
    const char *names[] = {"contig",       "windows", "long",     "contig+long",
                           "windows+long", "win4",    "win4+long"};
    auto launch = [&] {
      if (which == 0 || which == 3)
        blockMerge<0><<<kRows / 128, 128>>>(dR, dC, dV, dX, dY, kRows, G);
      if (which == 1 || which == 4)
        blockMerge<1><<<kRows / 128, 128>>>(dR, dC, dV, dX, dY, kRows, G);
      if (which == 5 || which == 6)
        blockMerge<2><<<kRows / 128, 128>>>(dR, dC, dV, dX, dY, kRows, G);
      if ((which >= 2 && which != 5) && jobs)
        longRows<<<jobs, 128>>>(dR, dC, dV, dX, dY, dJR, dJL, chunk);
    };
    std::vector<float> ms;
    for (int s = 0; s < 10; ++s) {
      cudaEventRecord(a);
      for (int l = 0; l < 20; ++l)
        launch();
      cudaEventRecord(b);
      cudaEventSynchronize(b);
      float m;
      cudaEventElapsedTime(&m, a, b);
      ms.push_back(m / 20);
    }
    CHECK(cudaGetLastError());
    // checksum from one clean launch
    cudaMemset(dY, 0, kRows * 4);
    if (which >= 3 && which != 5)
      launch();
    cudaMemcpy(y.data(), dY, kRows * 4, cudaMemcpyDeviceToHost);
    long long sum = 0;
    for (int i = 0; i < kRows; ++i)
      sum += (long long)y[i] * (i + 1);
    std::sort(ms.begin(), ms.end());
    printf("%s median %.4f ms checksum %lld\n", names[which], ms[5], sum);
  }
}
