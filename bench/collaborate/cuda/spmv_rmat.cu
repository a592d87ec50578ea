// CUDA baselines of the R-MAT SpMV benchmark (bench/collaborate/
// spmv_rmat.mlir): the same matrix, generated on the host with the same
// LCG and the same placement of each edge in its row, times the same x,
// by three kernels:
//   thread  the thread-per-row kernel (the nvcc twin of the MLIR kernel);
//   merge   a merge-path CSR SpMV (each thread takes an equal share of the
//           merged row ends and nonzeros, found by a binary search on its
//           diagonal, and carries the partial sum of its last row into a
//           fix-up launch);
//   cusparse  cuSPARSE's CSR SpMV (cusparseSpMV, default algorithm). It has
//           no 32-bit integer inputs; the values (0-10) and x (0-12) fit in
//           8 bits, with 32-bit integer accumulation and output, so its y is
//           the same.
// Prints, per kernel, "NAME" then ms per launch of 10 samples of 20
// launches (events, median taken by the reader), then the checksum
// sum((i + 1) * y[i]) that the MLIR program prints.
// Build: nvcc -O3 -arch=sm_90 spmv_rmat.cu -lcusparse -o spmv_rmat.cuda.exe
#include "rmat.h"

#include <cuda_runtime.h>
#include <cusparse.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int kRows = kRmatVertices;
constexpr int kEdges = kRmatEdges;
constexpr int kItemsPerThread = 16;

__global__ void threadPerRow(const int *rowptr, const int *cols,
                             const int *vals, const int *x, int *y, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n)
    return;
  int sum = 0;
  for (int k = rowptr[row]; k < rowptr[row + 1]; ++k)
    sum += vals[k] * x[cols[k]];
  y[row] = sum;
}

// The merge path of the row ends (rowptr[1..n]) and the nonzero indices
// 0..nnz-1: on diagonal `d`, the number of row ends taken.
__device__ int searchDiagonal(const int *rowEnds, int n, int nnz, int d) {
  int lo = max(d - nnz, 0), hi = min(d, n);
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (rowEnds[mid] <= d - mid - 1)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

__global__ void mergePath(const int *rowptr, const int *cols, const int *vals,
                          const int *x, int *y, int n, int nnz, int threads,
                          int *carryRow, int *carryValue) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads)
    return;
  int total = n + nnz;
  int d0 = min(t * kItemsPerThread, total);
  int d1 = min(d0 + kItemsPerThread, total);
  int row = searchDiagonal(rowptr + 1, n, nnz, d0);
  int k = d0 - row;
  int rowEnd = searchDiagonal(rowptr + 1, n, nnz, d1);
  int kEnd = d1 - rowEnd;
  int sum = 0;
  for (; row < rowEnd; ++row) {
    for (int end = rowptr[row + 1]; k < end; ++k)
      sum += vals[k] * x[cols[k]];
    y[row] = sum;
    sum = 0;
  }
  for (; k < kEnd; ++k)
    sum += vals[k] * x[cols[k]];
  carryRow[t] = rowEnd;
  carryValue[t] = sum;
}

__global__ void fixUp(const int *carryRow, const int *carryValue, int *y,
                      int n, int threads) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < threads && carryRow[t] < n && carryValue[t] != 0)
    atomicAdd(&y[carryRow[t]], carryValue[t]);
}

int main() {
  // The matrix, as spmv_rmat.mlir builds it: value e mod 11 for edge e.
  RmatGraph graph = makeRmatGraph();
  const std::vector<int> &rowptr = graph.rowptr, &cols = graph.cols;
  std::vector<int> vals(kEdges);
  std::vector<int8_t> vals8(kEdges), x8(kRows);
  for (int e = 0; e < kEdges; ++e) {
    vals[graph.position[e]] = e % 11;
    vals8[graph.position[e]] = (int8_t)(e % 11);
  }
  std::vector<int> x(kRows);
  for (int i = 0; i < kRows; ++i) {
    x[i] = i % 13;
    x8[i] = (int8_t)(i % 13);
  }

  int *dRowptr, *dCols, *dVals, *dX, *dY, *dCarryRow, *dCarryValue;
  int8_t *dVals8, *dX8;
  int mergeThreads = (kRows + kEdges + kItemsPerThread - 1) / kItemsPerThread;
  CHECK(cudaMalloc(&dRowptr, (kRows + 1) * sizeof(int)));
  CHECK(cudaMalloc(&dCols, kEdges * sizeof(int)));
  CHECK(cudaMalloc(&dVals, kEdges * sizeof(int)));
  CHECK(cudaMalloc(&dVals8, kEdges));
  CHECK(cudaMalloc(&dX, kRows * sizeof(int)));
  CHECK(cudaMalloc(&dX8, kRows));
  CHECK(cudaMalloc(&dY, kRows * sizeof(int)));
  CHECK(cudaMalloc(&dCarryRow, mergeThreads * sizeof(int)));
  CHECK(cudaMalloc(&dCarryValue, mergeThreads * sizeof(int)));
  CHECK(cudaMemcpy(dRowptr, rowptr.data(), (kRows + 1) * sizeof(int),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dCols, cols.data(), kEdges * sizeof(int),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dVals, vals.data(), kEdges * sizeof(int),
                   cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dVals8, vals8.data(), kEdges, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dX, x.data(), kRows * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dX8, x8.data(), kRows, cudaMemcpyHostToDevice));

  cusparseHandle_t handle;
  cusparseSpMatDescr_t matrix;
  cusparseDnVecDescr_t vecX, vecY;
  CHECK(cusparseCreate(&handle));
  CHECK(cusparseCreateCsr(&matrix, kRows, kRows, kEdges, dRowptr, dCols,
                          dVals8, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                          CUSPARSE_INDEX_BASE_ZERO, CUDA_R_8I));
  CHECK(cusparseCreateDnVec(&vecX, kRows, dX8, CUDA_R_8I));
  CHECK(cusparseCreateDnVec(&vecY, kRows, dY, CUDA_R_32I));
  int alpha = 1, beta = 0;
  size_t bufferSize = 0;
  CHECK(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                &alpha, matrix, vecX, &beta, vecY, CUDA_R_32I,
                                CUSPARSE_SPMV_ALG_DEFAULT, &bufferSize));
  void *buffer = nullptr;
  CHECK(cudaMalloc(&buffer, std::max<size_t>(bufferSize, 1)));

  auto launch = [&](int which) {
    switch (which) {
    case 0:
      threadPerRow<<<kRows / 128, 128>>>(dRowptr, dCols, dVals, dX, dY, kRows);
      break;
    case 1:
      mergePath<<<(mergeThreads + 127) / 128, 128>>>(
          dRowptr, dCols, dVals, dX, dY, kRows, kEdges, mergeThreads,
          dCarryRow, dCarryValue);
      fixUp<<<(mergeThreads + 127) / 128, 128>>>(dCarryRow, dCarryValue, dY,
                                                 kRows, mergeThreads);
      break;
    case 2:
      CHECK(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                         matrix, vecX, &beta, vecY, CUDA_R_32I,
                         CUSPARSE_SPMV_ALG_DEFAULT, buffer));
      break;
    }
  };
  const char *names[] = {"thread", "merge", "cusparse"};
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  std::vector<int> y(kRows);
  for (int which = 0; which < 3; ++which) {
    std::printf("%s", names[which]);
    for (int s = 0; s < 10; ++s) {
      CHECK(cudaEventRecord(start));
      for (int l = 0; l < 20; ++l)
        launch(which);
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, start, stop));
      std::printf(" %g", ms / 20);
    }
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(y.data(), dY, kRows * sizeof(int),
                     cudaMemcpyDeviceToHost));
    int64_t sum = 0;
    for (int i = 0; i < kRows; ++i)
      sum += (int64_t)y[i] * (i + 1);
    std::printf(" %lld\n", (long long)sum);
  }
  return 0;
}
