// Does compute-sanitizer racecheck accept producer/consumer ordering by
// named barriers (bar.arrive on one side, bar.sync on the other), as
// wc.warp_specialize's channels lower to? One block of two warps: warp 0
// produces, warp 1 consumes; every mode prints the consumer's sum
// (2096128 for the rings, 496 for mode 0).
// Build and run (GPU machine):
//   nvcc -O3 -arch=sm_90 -std=c++17 ring_racecheck.cu -o ring
//   for m in 0 1 2 3 4; do ./ring $m; compute-sanitizer --tool racecheck ./ring $m; done
// mode 0: warp 0 writes, bar.arrive 1; warp 1 bar.sync 1, reads (RAW).
// mode 1: ring of 2 stages over 64 rounds: the full/empty protocol of
//         wc.warp_specialize (consumer arrives on empty after reading,
//         producer syncs on empty before refilling).
// mode 2: as 1 with __threadfence_block() before each arrive.
// mode 3: the same ring on mbarriers (cuda::barrier in shared memory):
//         each phase counts the 64 threads of both warps; the waiting side
//         arrives and waits, the signalling side only arrives.
// mode 4: as 3 with raw PTX mbarriers, as wc's channel lowering on sm_90
//         emits them: the waiting side arrives, then waits with
//         mbarrier.try_wait.parity on the parity of the phase it arrived
//         in, which each thread counts itself (one bit per stage).
#include <cuda/barrier>
#include <cstdio>
#include <cstdlib>
__device__ __forceinline__ void arrive(int id, int n) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(n) : "memory");
}
__device__ __forceinline__ void sync(int id, int n) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(n) : "memory");
}
__global__ void k(int mode, int *out) {
  __shared__ int buf[2][32];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (mode == 0) {
    if (warp == 0) { buf[0][lane] = lane; arrive(1, 64); }
    else { sync(1, 64); out[lane] = buf[0][lane]; }
    return;
  }
  int acc = 0;
  for (int i = 0; i < 64; ++i) {
    int s = i % 2;
    if (warp == 0) {
      if (i >= 2) sync(3 + s, 64);          // empty[s]
      buf[s][lane] = i * 32 + lane;
      if (mode == 2) __threadfence_block();
      arrive(1 + s, 64);                    // full[s]
    } else {
      sync(1 + s, 64);                      // full[s]
      acc += buf[s][lane];
      if (mode == 2) __threadfence_block();
      if (i + 2 < 64) arrive(3 + s, 64);    // empty[s]
    }
  }
  if (warp == 1) out[lane] = acc;
}
using Barrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void kb(int *out) {
  __shared__ int buf[2][32];
  __shared__ Barrier full[2], empty[2];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0)
    for (int s = 0; s < 2; ++s) {
      init(&full[s], 64);
      init(&empty[s], 64);
    }
  __syncthreads();
  int acc = 0;
  for (int i = 0; i < 64; ++i) {
    int s = i % 2;
    if (warp == 0) {
      if (i >= 2) empty[s].arrive_and_wait();
      buf[s][lane] = i * 32 + lane;
      (void)full[s].arrive();
    } else {
      full[s].arrive_and_wait();
      acc += buf[s][lane];
      if (i + 2 < 64) (void)empty[s].arrive();
    }
  }
  if (warp == 1) out[lane] = acc;
}
__device__ __forceinline__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void mbInit(unsigned long long *bar, int count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(smem(bar)),
               "r"(count) : "memory");
}
__device__ __forceinline__ void mbArrive(unsigned long long *bar) {
  asm volatile("{ .reg .b64 state; mbarrier.arrive.shared.b64 state, [%0]; }"
               ::"r"(smem(bar)) : "memory");
}
__device__ __forceinline__ void mbWait(unsigned long long *bar,
                                       unsigned parity) {
  asm volatile("{ .reg .pred done; wait: mbarrier.try_wait.parity.shared.b64 "
               "done, [%0], %1; @!done bra wait; }"
               ::"r"(smem(bar)), "r"(parity) : "memory");
}
__global__ void km(int *out) {
  __shared__ int buf[2][32];
  __shared__ unsigned long long full[2], empty[2];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0)
    for (int s = 0; s < 2; ++s) {
      mbInit(&full[s], 64);
      mbInit(&empty[s], 64);
    }
  __syncthreads();
  unsigned fullBits = 0, emptyBits = 0;
  int acc = 0;
  for (int i = 0; i < 64; ++i) {
    int s = i % 2;
    if (warp == 0) {
      if (i >= 2) {
        mbArrive(&empty[s]);
        mbWait(&empty[s], (emptyBits >> s) & 1);
        emptyBits ^= 1u << s;
      }
      buf[s][lane] = i * 32 + lane;
      mbArrive(&full[s]);
    } else {
      mbArrive(&full[s]);
      mbWait(&full[s], (fullBits >> s) & 1);
      fullBits ^= 1u << s;
      acc += buf[s][lane];
      if (i + 2 < 64) mbArrive(&empty[s]);
    }
  }
  if (warp == 1) out[lane] = acc;
}
int main(int argc, char **argv) {
  int mode = atoi(argv[1]);
  int *out; cudaMalloc(&out, 32 * sizeof(int));
  if (mode == 3)
    kb<<<1, 64>>>(out);
  else if (mode == 4)
    km<<<1, 64>>>(out);
  else
    k<<<1, 64>>>(mode, out);
  int h[32]; cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  long s = 0; for (int i = 0; i < 32; ++i) s += h[i];
  printf("mode %d sum %ld\n", mode, s);
  return 0;
}
