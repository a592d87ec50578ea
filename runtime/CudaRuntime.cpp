//===- CudaRuntime.cpp - mgpu* functions over the CUDA driver API ---------===//
//
// The `mgpu*` functions that MLIR's host lowering (`gpu-to-llvm`) and the
// `gpu.binary` translation call, implemented on the CUDA driver API alone so
// that a program compiled ahead of time by utils/wc-compile.py runs where only
// libcuda.so.1 is installed. The signatures are those of the calls MLIR 22
// emits (`mlir-translate --mlir-to-llvmir`), `index` values being int64_t.
//
// Every driver result is checked: a failure prints the call, the CUDA error
// name and description to stderr and exits with status 1, after flushing what
// the program printed so far, since a test program cannot go on meaningfully
// after a failed load, launch or copy (kernel faults surface at the next
// synchronisation). All work runs in the primary context of one device: device
// 0, or $WC_CUDA_DEVICE, or the one `gpu.set_default_device` selected; it is
// retained on first use and made current on every thread that calls in.
//
//===----------------------------------------------------------------------===//

#include "WC/Runtime/MemRefPrinter.h"

#include "cuda.h"

#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>

/// Flushes the program's output so far, prints `message` and, for a driver
/// failure (`result` not CUDA_SUCCESS), the error's name and description to
/// stderr, and exits with status 1. Exits without running destructors, which
/// would call into the failed driver again.
[[noreturn]] static void fail(const char *message,
                              CUresult result = CUDA_SUCCESS,
                              const char *detail = nullptr) {
  std::fflush(stdout);
  std::fprintf(stderr, "wc-cuda-runtime: %s", message);
  if (result != CUDA_SUCCESS) {
    const char *name = nullptr;
    const char *description = nullptr;
    if (result == CUDA_ERROR_STUB_LIBRARY) {
      // The stub cannot describe its own errors.
      name = "CUDA_ERROR_STUB_LIBRARY";
      description = "the CUDA toolkit's stub libcuda was loaded, not the "
                    "driver's libcuda.so.1";
    }
    if (!name && cuGetErrorName(result, &name) != CUDA_SUCCESS)
      name = "unknown CUresult";
    if (!description && cuGetErrorString(result, &description) != CUDA_SUCCESS)
      description = "no description";
    std::fprintf(stderr, " failed with %s (%d): %s", name,
                 static_cast<int>(result), description);
  }
  if (detail && *detail)
    std::fprintf(stderr, "\n%s", detail);
  std::fprintf(stderr, "\n");
  std::fflush(stderr);
  std::_Exit(1);
}

/// Returns if `result` is CUDA_SUCCESS, otherwise reports `call` as failed
/// (with `detail`, e.g. the kernel or the JIT log) and exits.
static void check(CUresult result, const char *call,
                  const char *detail = nullptr) {
  if (result != CUDA_SUCCESS)
    fail(call, result, detail);
}

#define WC_CUDA_CHECK(call) check((call), "'" #call "'")

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

/// Device ordinals above this are refused.
static constexpr int kMaxDevices = 64;

// Plain data only: these outlive every destructor (the `gpu.binary` module
// is unloaded by a global destructor of the program).
static std::mutex contextMutex;
static CUcontext primaryContexts[kMaxDevices];
static int selectedDevice = -1;

/// The device ordinal in $WC_CUDA_DEVICE, or 0 when it is unset; exits when it
/// is not an ordinal.
static int deviceFromEnvironment() {
  const char *text = std::getenv("WC_CUDA_DEVICE");
  if (!text || !*text)
    return 0;
  char *end = nullptr;
  long device = std::strtol(text, &end, 10);
  if (*end || device < 0 || device >= kMaxDevices)
    fail("WC_CUDA_DEVICE is not a device ordinal");
  return static_cast<int>(device);
}

/// Makes the primary context of the selected device current on the calling
/// thread, initialising the driver and retaining the context on first use.
static void useContext() {
  CUcontext context;
  {
    std::lock_guard<std::mutex> lock(contextMutex);
    if (selectedDevice < 0)
      selectedDevice = deviceFromEnvironment();
    CUcontext &primary = primaryContexts[selectedDevice];
    if (!primary) {
      WC_CUDA_CHECK(cuInit(0));
      CUdevice device;
      char detail[96];
      std::snprintf(detail, sizeof(detail),
                    "device %d (from $WC_CUDA_DEVICE, or 0, or "
                    "gpu.set_default_device)",
                    selectedDevice);
      check(cuDeviceGet(&device, selectedDevice), "'cuDeviceGet'", detail);
      WC_CUDA_CHECK(cuDevicePrimaryCtxRetain(&primary, device));
    }
    context = primary;
  }
  thread_local CUcontext current = nullptr;
  if (current == context)
    return;
  WC_CUDA_CHECK(cuCtxSetCurrent(context));
  current = context;
}

extern "C" void mgpuSetDefaultDevice(int32_t device) {
  if (device < 0 || device >= kMaxDevices)
    fail("mgpuSetDefaultDevice: not a device ordinal");
  std::lock_guard<std::mutex> lock(contextMutex);
  selectedDevice = device;
}

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

/// Loads `image` (cubin, fatbin, or NUL-terminated PTX) into the current
/// context, JIT-compiling PTX at `jitOptLevel` (0-4; negative: the driver's
/// default); exits with the driver's error log when loading fails.
static CUmodule loadModule(const void *image, int jitOptLevel,
                           const char *call) {
  useContext();
  char errorLog[16384] = "";
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_OPTIMIZATION_LEVEL};
  int level = jitOptLevel > 4 ? 4 : jitOptLevel;
  void *values[] = {errorLog, reinterpret_cast<void *>(sizeof(errorLog)),
                    reinterpret_cast<void *>(static_cast<intptr_t>(level))};
  unsigned numOptions = level >= 0 ? 3 : 2;
  CUmodule module = nullptr;
  check(cuModuleLoadDataEx(&module, image, numOptions, options, values), call,
        errorLog);
  return module;
}

extern "C" CUmodule mgpuModuleLoad(void *data, size_t /*sizeBytes*/) {
  return loadModule(data, /*jitOptLevel=*/-1, "'cuModuleLoadDataEx' (binary)");
}

extern "C" CUmodule mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  return loadModule(data, optLevel, "'cuModuleLoadDataEx' (PTX JIT)");
}

extern "C" void mgpuModuleUnload(CUmodule module) {
  useContext();
  CUresult result = cuModuleUnload(module);
  // At exit the driver may have shut down first and released the module.
  if (result != CUDA_ERROR_DEINITIALIZED)
    check(result, "'cuModuleUnload(module)'");
}

extern "C" CUfunction mgpuModuleGetFunction(CUmodule module, const char *name) {
  useContext();
  CUfunction function = nullptr;
  char detail[256];
  std::snprintf(detail, sizeof(detail), "kernel '%s'", name);
  check(cuModuleGetFunction(&function, module, name), "'cuModuleGetFunction'",
        detail);
  return function;
}

/// `value` as the `axis` size of a launch's `what` (grid, block, cluster);
/// exits when it is not in [1, UINT_MAX].
static unsigned launchDimension(intptr_t value, const char *what,
                                const char *axis) {
  if (value < 1 || static_cast<uintmax_t>(value) > UINT_MAX) {
    char message[128];
    std::snprintf(message, sizeof(message),
                  "kernel launch: %s size %s is %lld, not in [1, %u]", what,
                  axis, static_cast<long long>(value), UINT_MAX);
    fail(message);
  }
  return static_cast<unsigned>(value);
}

/// Lets `function` take `sharedBytes` of dynamic shared memory: kernels must
/// opt in beyond the 48 KiB every kernel gets; exits when the device cannot.
static void allowDynamicSharedMemory(CUfunction function, int32_t sharedBytes) {
  if (sharedBytes < 0)
    fail("kernel launch: negative dynamic shared memory size");
  if (sharedBytes <= 48 * 1024)
    return;
  char call[128];
  std::snprintf(call, sizeof(call),
                "'cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, %d)'",
                sharedBytes);
  check(cuFuncSetAttribute(function,
                           CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                           sharedBytes),
        call);
}

namespace {
/// The shape of a kernel launch, checked for the driver's unsigned fields.
struct LaunchShape {
  unsigned grid[3];
  unsigned block[3];
  unsigned sharedBytes;
  /// Describes the launch for error reports.
  char text[160];

  LaunchShape(const intptr_t (&gridSizes)[3], const intptr_t (&blockSizes)[3],
              int32_t dynamicSharedBytes) {
    static const char *const kDims[] = {"x", "y", "z"};
    for (int d = 0; d < 3; ++d) {
      grid[d] = launchDimension(gridSizes[d], "grid", kDims[d]);
      block[d] = launchDimension(blockSizes[d], "block", kDims[d]);
    }
    sharedBytes = static_cast<unsigned>(dynamicSharedBytes);
    std::snprintf(text, sizeof(text),
                  "launch of grid %ux%ux%u, blocks of %ux%ux%u threads, %u "
                  "bytes of dynamic shared memory",
                  grid[0], grid[1], grid[2], block[0], block[1], block[2],
                  sharedBytes);
  }
};
} // namespace

extern "C" void mgpuLaunchKernel(CUfunction function, intptr_t gridX,
                                 intptr_t gridY, intptr_t gridZ,
                                 intptr_t blockX, intptr_t blockY,
                                 intptr_t blockZ, int32_t sharedBytes,
                                 CUstream stream, void **params, void **extra,
                                 size_t /*paramsCount*/) {
  useContext();
  allowDynamicSharedMemory(function, sharedBytes);
  LaunchShape shape({gridX, gridY, gridZ}, {blockX, blockY, blockZ},
                    sharedBytes);
  check(cuLaunchKernel(function, shape.grid[0], shape.grid[1], shape.grid[2],
                       shape.block[0], shape.block[1], shape.block[2],
                       shape.sharedBytes, stream, params, extra),
        "'cuLaunchKernel'", shape.text);
}

extern "C" void mgpuLaunchClusterKernel(CUfunction function, intptr_t clusterX,
                                        intptr_t clusterY, intptr_t clusterZ,
                                        intptr_t gridX, intptr_t gridY,
                                        intptr_t gridZ, intptr_t blockX,
                                        intptr_t blockY, intptr_t blockZ,
                                        int32_t sharedBytes, CUstream stream,
                                        void **params, void **extra) {
  useContext();
  allowDynamicSharedMemory(function, sharedBytes);
  LaunchShape shape({gridX, gridY, gridZ}, {blockX, blockY, blockZ},
                    sharedBytes);
  CUlaunchAttribute cluster = {};
  cluster.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  cluster.value.clusterDim.x = launchDimension(clusterX, "cluster", "x");
  cluster.value.clusterDim.y = launchDimension(clusterY, "cluster", "y");
  cluster.value.clusterDim.z = launchDimension(clusterZ, "cluster", "z");
  // Clusters of more than 8 blocks are "non-portable": the kernel opts in.
  if (static_cast<uint64_t>(clusterX) * clusterY * clusterZ > 8)
    check(cuFuncSetAttribute(
              function, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
          "'cuFuncSetAttribute(NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1)'");
  CUlaunchConfig config = {};
  config.gridDimX = shape.grid[0];
  config.gridDimY = shape.grid[1];
  config.gridDimZ = shape.grid[2];
  config.blockDimX = shape.block[0];
  config.blockDimY = shape.block[1];
  config.blockDimZ = shape.block[2];
  config.sharedMemBytes = shape.sharedBytes;
  config.hStream = stream;
  config.attrs = &cluster;
  config.numAttrs = 1;
  char detail[sizeof(shape.text) + 64];
  std::snprintf(detail, sizeof(detail), "%s, clusters of %ux%ux%u blocks",
                shape.text, cluster.value.clusterDim.x,
                cluster.value.clusterDim.y, cluster.value.clusterDim.z);
  check(cuLaunchKernelEx(&config, function, params, extra),
        "'cuLaunchKernelEx'", detail);
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

extern "C" CUstream mgpuStreamCreate() {
  useContext();
  CUstream stream = nullptr;
  // Blocking streams: work recorded on the legacy default stream (the
  // benchmark timer below) is ordered after everything launched on them.
  WC_CUDA_CHECK(cuStreamCreate(&stream, CU_STREAM_DEFAULT));
  return stream;
}

extern "C" void mgpuStreamDestroy(CUstream stream) {
  useContext();
  WC_CUDA_CHECK(cuStreamDestroy(stream));
}

extern "C" void mgpuStreamSynchronize(CUstream stream) {
  useContext();
  WC_CUDA_CHECK(cuStreamSynchronize(stream));
}

extern "C" void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  useContext();
  WC_CUDA_CHECK(cuStreamWaitEvent(stream, event, 0));
}

extern "C" CUevent mgpuEventCreate() {
  useContext();
  CUevent event = nullptr;
  WC_CUDA_CHECK(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
  return event;
}

extern "C" void mgpuEventDestroy(CUevent event) {
  useContext();
  WC_CUDA_CHECK(cuEventDestroy(event));
}

extern "C" void mgpuEventSynchronize(CUevent event) {
  useContext();
  WC_CUDA_CHECK(cuEventSynchronize(event));
}

extern "C" void mgpuEventRecord(CUevent event, CUstream stream) {
  useContext();
  WC_CUDA_CHECK(cuEventRecord(event, stream));
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

// `gpu.alloc` and `gpu.dealloc` allocate synchronously, whatever the stream:
// the allocation is usable on every stream once the call returns.
extern "C" void *mgpuMemAlloc(uint64_t sizeBytes, CUstream /*stream*/,
                              uint8_t isHostShared) {
  if (sizeBytes == 0)
    return nullptr;
  useContext();
  CUdeviceptr pointer = 0;
  if (isHostShared)
    WC_CUDA_CHECK(cuMemAllocManaged(&pointer, sizeBytes, CU_MEM_ATTACH_GLOBAL));
  else
    WC_CUDA_CHECK(cuMemAlloc(&pointer, sizeBytes));
  return reinterpret_cast<void *>(pointer);
}

extern "C" void mgpuMemFree(void *pointer, CUstream /*stream*/) {
  if (!pointer)
    return;
  useContext();
  CUdeviceptr address = reinterpret_cast<CUdeviceptr>(pointer);
  WC_CUDA_CHECK(cuMemFree(address));
}

// Host pointers are valid operands: with unified addressing the driver tells
// host from device memory.
extern "C" void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                           CUstream stream) {
  if (sizeBytes == 0)
    return;
  useContext();
  CUdeviceptr to = reinterpret_cast<CUdeviceptr>(dst);
  CUdeviceptr from = reinterpret_cast<CUdeviceptr>(src);
  char detail[96];
  std::snprintf(detail, sizeof(detail), "copy of %zu bytes from %p to %p",
                sizeBytes, src, dst);
  check(cuMemcpyAsync(to, from, sizeBytes, stream), "'cuMemcpyAsync'", detail);
}

extern "C" void mgpuMemset32(void *dst, uint32_t value, size_t count,
                             CUstream stream) {
  if (count == 0)
    return;
  useContext();
  CUdeviceptr address = reinterpret_cast<CUdeviceptr>(dst);
  WC_CUDA_CHECK(cuMemsetD32Async(address, value, count, stream));
}

extern "C" void mgpuMemset16(void *dst, uint16_t value, size_t count,
                             CUstream stream) {
  if (count == 0)
    return;
  useContext();
  CUdeviceptr address = reinterpret_cast<CUdeviceptr>(dst);
  WC_CUDA_CHECK(cuMemsetD16Async(address, value, count, stream));
}

extern "C" void mgpuMemHostRegister(void *pointer, uint64_t sizeBytes) {
  if (sizeBytes == 0)
    return;
  useContext();
  WC_CUDA_CHECK(cuMemHostRegister(pointer, sizeBytes, 0));
}

extern "C" void mgpuMemHostUnregister(void *pointer) {
  useContext();
  WC_CUDA_CHECK(cuMemHostUnregister(pointer));
}

namespace {
/// The bytes a strided memref's elements occupy, from its lowest-addressed
/// element to the end of its highest-addressed one.
struct ByteSpan {
  char *begin;
  uint64_t size;
};
} // namespace

/// The span of the ranked memref of rank `rank` at `descriptor` whose elements
/// are `elementBytes` wide; empty (size 0) when the memref has no element.
static ByteSpan memRefSpan(int64_t rank, const void *descriptor,
                           int64_t elementBytes) {
  wc::runtime::StridedView view =
      wc::runtime::viewRankedDescriptor(rank, descriptor);
  int64_t lowest = view.offset, highest = view.offset;
  for (int64_t d = 0; d < rank; ++d) {
    if (view.sizes[d] == 0)
      return {nullptr, 0};
    int64_t extent = (view.sizes[d] - 1) * view.strides[d];
    (extent < 0 ? lowest : highest) += extent;
  }
  char *base = static_cast<char *>(const_cast<void *>(view.data));
  return {base + lowest * elementBytes,
          static_cast<uint64_t>(highest - lowest + 1) * elementBytes};
}

extern "C" void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                          int64_t elementBytes) {
  ByteSpan span = memRefSpan(rank, descriptor, elementBytes);
  mgpuMemHostRegister(span.begin, span.size);
}

extern "C" void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                            int64_t elementBytes) {
  ByteSpan span = memRefSpan(rank, descriptor, elementBytes);
  if (span.size != 0)
    mgpuMemHostUnregister(span.begin);
}

//===----------------------------------------------------------------------===//
// Kernel timing (benchmarks)
//===----------------------------------------------------------------------===//

static CUevent timerStart = nullptr;
static CUevent timerStop = nullptr;

/// Starts the benchmark timer: an event on the legacy default stream, which
/// orders after all earlier work of the context's blocking streams.
extern "C" void wcTimerStart() {
  useContext();
  if (!timerStart) {
    WC_CUDA_CHECK(cuEventCreate(&timerStart, CU_EVENT_DEFAULT));
    WC_CUDA_CHECK(cuEventCreate(&timerStop, CU_EVENT_DEFAULT));
  }
  WC_CUDA_CHECK(cuEventRecord(timerStart, nullptr));
}

/// The number of SMs of the current device (for wc-delegate's
/// `runtime-agents`: agents = SMs x agents per SM), queried once.
extern "C" int32_t wcDeviceSMCount() {
  useContext();
  static int32_t count = [] {
    CUdevice device;
    WC_CUDA_CHECK(cuCtxGetDevice(&device));
    int value = 0;
    WC_CUDA_CHECK(cuDeviceGetAttribute(
        &value, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device));
    return static_cast<int32_t>(value);
  }();
  return count;
}

/// Stops the benchmark timer after all work launched since `wcTimerStart`
/// and returns the GPU time in between, in milliseconds.
extern "C" double wcTimerStopMs() {
  useContext();
  WC_CUDA_CHECK(cuEventRecord(timerStop, nullptr));
  WC_CUDA_CHECK(cuEventSynchronize(timerStop));
  float ms = 0;
  WC_CUDA_CHECK(cuEventElapsedTime(&ms, timerStart, timerStop));
  return ms;
}
