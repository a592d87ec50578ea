//===- ExecHost.cpp - Host-side GPU runtime ops and kernel launches -------===//
//
// What the host side of a test program does: allocate device memory, copy,
// register host memory, launch kernels (outlined `gpu.launch_func` and
// inline `gpu.launch`), and print through the runner-utils functions.
//
//===----------------------------------------------------------------------===//

#include "BlockRunner.h"
#include "Interpreter.h"
#include "WC/Target/TargetDescription.h"

#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Runtime/MemRefPrinter.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <thread>

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

/// Returns whether `region` may execute a barrier (a call may hide one).
static bool mayUseBarriers(Region &region) {
  WalkResult walk = region.walk([](Operation *op) {
    if (isa<gpu::BarrierOp, gpu::AllReduceOp, NVVM::BarrierOp, NVVM::Barrier0Op,
            NVVM::BarrierArriveOp, NamedBarrierSyncOp, NamedBarrierArriveOp,
            ChannelSignalOp, ChannelWaitOp, RoleSyncOp, NVVM::SetMaxRegisterOp,
            nvgpu::MBarrierArriveOp, nvgpu::MBarrierTryWaitParityOp,
            CallOpInterface>(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// Reads a uniform index operand on the host.
static int64_t hostIndex(Interpreter &interp, Value value) {
  return static_cast<int64_t>(interp.scalar(value, 0));
}

/// Reads the grid and block sizes of a launch into `launch`.
static void readLaunchShape(Interpreter &host, gpu::KernelDim3 grid,
                            gpu::KernelDim3 block, KernelLaunch &launch) {
  Value gridValues[3] = {grid.x, grid.y, grid.z};
  Value blockValues[3] = {block.x, block.y, block.z};
  for (int d = 0; d < 3; ++d) {
    launch.grid[d] = hostIndex(host, gridValues[d]);
    launch.block[d] = hostIndex(host, blockValues[d]);
  }
}

/// Runs every block of `launch`, in x-fastest order.
static LogicalResult runGrid(Interpreter &host, Operation *op,
                             KernelLaunch &launch) {
  for (int d = 0; d < 3; ++d) {
    if (launch.grid[d] < 1 || launch.block[d] < 1)
      return host.error(op) << "launch with an empty grid or block";
  }
  int64_t threads = launch.block[0] * launch.block[1] * launch.block[2];
  if (threads > 1024)
    return host.error(op) << "block of " << threads
                          << " threads exceeds the 1024-thread limit";
  ++host.sim.stats.kernelLaunches;
  int64_t blocks = launch.grid[0] * launch.grid[1] * launch.grid[2];
  auto blockId = [&](int64_t linear, int64_t id[3]) {
    id[0] = linear % launch.grid[0];
    id[1] = linear / launch.grid[0] % launch.grid[1];
    id[2] = linear / (launch.grid[0] * launch.grid[1]);
  };
  unsigned slots = static_cast<unsigned>(
      std::min<int64_t>(std::max(1u, host.sim.options.residentBlocks), blocks));
  if (slots == 1) {
    for (int64_t linear = 0; linear < blocks; ++linear) {
      int64_t id[3];
      blockId(linear, id);
      BlockRunner block(host.sim, launch, id);
      if (failed(block.run()))
        return failure();
    }
    return success();
  }
  // Resident blocks: a thread per slot, one slot running at a time; the
  // slot that holds the turn takes the next block.
  BlockScheduler scheduler(slots, host.sim.options.scheduleSeed);
  int64_t next = 0;
  bool failedBlock = false;
  std::vector<std::thread> workers;
  for (unsigned slot = 0; slot < slots; ++slot)
    workers.emplace_back([&, slot] {
      if (!scheduler.enter(slot))
        return;
      for (int64_t linear = next++; linear < blocks; linear = next++) {
        int64_t id[3];
        blockId(linear, id);
        BlockRunner block(host.sim, launch, id, &scheduler, slot);
        if (failed(block.run())) {
          failedBlock = true;
          scheduler.abort();
          return;
        }
      }
      scheduler.leave(slot);
    });
  for (std::thread &worker : workers)
    worker.join();
  return failure(failedBlock);
}

static LogicalResult executeLaunchFunc(Interpreter &host,
                                       gpu::LaunchFuncOp op) {
  auto kernel = host.sim.symbols.lookupNearestSymbolFrom<gpu::GPUFuncOp>(
      op, op.getKernel());
  if (!kernel)
    return host.error(op) << "kernel " << op.getKernel()
                          << " not found (was it serialised to a binary?)";
  if (op.hasClusterSize())
    return host.error(op) << "thread-block clusters are not supported by the "
                             "simulator";
  KernelLaunch launch;
  launch.body = &kernel.getBody();
  launch.host = nullptr;
  readLaunchShape(host, op.getGridSizeOperandValues(),
                  op.getBlockSizeOperandValues(), launch);
  SmallVector<WarpValue> args;
  for (Value operand : op.getKernelOperands())
    args.push_back(host.get(operand));
  launch.makeArgs = [args](const WarpPlace &) { return args; };
  for (BlockArgument b : kernel.getWorkgroupAttributions())
    launch.workgroupBuffers.push_back(b);
  for (BlockArgument b : kernel.getPrivateAttributions())
    launch.privateBuffers.push_back(b);
  launch.hasBarriers = mayUseBarriers(kernel.getBody());
  return runGrid(host, op, launch);
}

static LogicalResult executeLaunch(Interpreter &host, gpu::LaunchOp op) {
  KernelLaunch launch;
  launch.body = &op.getBody();
  launch.host = &host;
  readLaunchShape(host, op.getGridSizeOperandValues(),
                  op.getBlockSizeOperandValues(), launch);
  if (op.hasClusterSize())
    return host.error(op) << "thread-block clusters are not supported by the "
                             "simulator";
  // The body's block arguments: block ids, thread ids, grid and block sizes.
  launch.makeArgs = [&launch](const WarpPlace &place) {
    SmallVector<WarpValue> args;
    for (int d = 0; d < 3; ++d)
      args.push_back(WarpValue::scalar(place.blockId[d]));
    for (int d = 0; d < 3; ++d) {
      WarpValue ids = WarpValue::perLane();
      forEachLane(place.live, [&](unsigned lane) {
        int64_t linear = place.linearThread(lane);
        int64_t id = d == 0 ? linear % place.blockDim[0]
                     : d == 1
                         ? (linear / place.blockDim[0]) % place.blockDim[1]
                         : linear / (place.blockDim[0] * place.blockDim[1]);
        ids.bits[lane] = id;
      });
      args.push_back(std::move(ids));
    }
    for (int d = 0; d < 3; ++d)
      args.push_back(WarpValue::scalar(launch.grid[d]));
    for (int d = 0; d < 3; ++d)
      args.push_back(WarpValue::scalar(launch.block[d]));
    return args;
  };
  for (BlockArgument b : op.getWorkgroupAttributions())
    launch.workgroupBuffers.push_back(b);
  for (BlockArgument b : op.getPrivateAttributions())
    launch.privateBuffers.push_back(b);
  launch.hasBarriers = mayUseBarriers(op.getBody());
  return runGrid(host, op, launch);
}

/// Sets the async token results of `op` (they carry no data here).
static void setTokens(Interpreter &host, Operation *op) {
  for (Value result : op->getResults())
    if (isa<gpu::AsyncTokenType>(result.getType()))
      host.set(result, WarpValue::scalar(0));
}

/// Calls `fn(offsets)` with the element offsets of every element of the
/// same-shaped `descs`, in row-major order; fails at `op` when one is out of
/// its buffer or a buffer was deallocated.
static LogicalResult forEachElement(Interpreter &host, Operation *op,
                                    ArrayRef<const MemRefDesc *> descs,
                                    function_ref<void(ArrayRef<int64_t>)> fn) {
  ArrayRef<int64_t> sizes = descs.front()->sizes;
  for (const MemRefDesc *desc : descs) {
    if (desc->sizes != sizes)
      return host.error(op) << "memrefs of different shapes";
    if (desc->buffer->isFreed())
      return host.error(op) << "access to deallocated memory";
  }
  int64_t count = countElements(sizes).value_or(0);
  SmallVector<int64_t, 4> idx(sizes.size(), 0);
  SmallVector<int64_t, 2> offsets(descs.size());
  for (int64_t n = 0; n < count; ++n) {
    for (auto [k, desc] : llvm::enumerate(descs)) {
      offsets[k] = desc->offset;
      for (auto [d, i] : llvm::enumerate(idx))
        offsets[k] += i * desc->strides[d];
      if (offsets[k] < 0 || offsets[k] >= desc->buffer->numElements)
        return host.error(op)
               << "access out of bounds of '" << desc->buffer->name << "'";
    }
    fn(offsets);
    for (int64_t d = static_cast<int64_t>(idx.size()) - 1; d >= 0; --d) {
      if (++idx[d] < sizes[d])
        break;
      idx[d] = 0;
    }
  }
  return success();
}

/// Copies the elements of `src` to `dst`, element by element.
static LogicalResult copyElements(Interpreter &host, Operation *op,
                                  const MemRefDesc &dst,
                                  const MemRefDesc &src) {
  return forEachElement(host, op, {&dst, &src}, [&](ArrayRef<int64_t> at) {
    dst.buffer->store(at[0], src.buffer->load(at[1]));
  });
}

FailureOr<bool> sim::executeHostOp(Interpreter &interp, Operation &op,
                                   LaneMask mask) {
  if (!isa<gpu::LaunchFuncOp, gpu::LaunchOp, gpu::AllocOp, gpu::DeallocOp,
           gpu::MemcpyOp, gpu::MemsetOp, gpu::WaitOp, gpu::HostRegisterOp,
           gpu::HostUnregisterOp>(op))
    return false;
  if (interp.isDevice())
    return interp.error(&op) << "'" << op.getName()
                             << "' executed in a kernel: it is a host "
                                "operation";
  auto ok = [&](LogicalResult r) -> FailureOr<bool> {
    if (failed(r))
      return failure();
    setTokens(interp, &op);
    return true;
  };
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](gpu::LaunchFuncOp launch) {
        return ok(executeLaunchFunc(interp, launch));
      })
      .Case([&](gpu::LaunchOp launch) {
        return ok(executeLaunch(interp, launch));
      })
      .Case([&](gpu::AllocOp alloc) -> FailureOr<bool> {
        MemRefType type = alloc.getType();
        SmallVector<int64_t> sizes;
        unsigned next = 0;
        for (int64_t dim : type.getShape())
          sizes.push_back(
              ShapedType::isDynamic(dim)
                  ? hostIndex(interp, alloc.getDynamicSizes()[next++])
                  : dim);
        std::optional<int64_t> count = countElements(sizes);
        if (!count)
          return interp.error(&op) << "gpu.alloc of a negative or "
                                      "overflowing number of elements";
        std::string name;
        llvm::raw_string_ostream os(name);
        os << "gpu.alloc at " << alloc.getLoc();
        Buffer *buffer = interp.allocate(
            &op,
            alloc.getHostShared() ? Buffer::Space::Host : Buffer::Space::Device,
            type.getElementType(), *count, name);
        if (!buffer)
          return failure();
        buffer->registered = alloc.getHostShared();
        interp.set(alloc.getMemref(),
                   WarpValue::memref(describeBuffer(buffer, type, sizes)));
        return ok(success());
      })
      .Case([&](gpu::DeallocOp dealloc) -> FailureOr<bool> {
        Buffer *buffer = interp.get(dealloc.getMemref()).ref(0)->buffer;
        if (buffer->freed)
          return interp.error(&op) << "device memory deallocated twice";
        buffer->freed = true;
        return ok(success());
      })
      .Case([&](gpu::MemcpyOp copy) {
        return ok(copyElements(interp, &op, *interp.get(copy.getDst()).ref(0),
                               *interp.get(copy.getSrc()).ref(0)));
      })
      .Case([&](gpu::MemsetOp memset) -> FailureOr<bool> {
        const MemRefDesc &dst = *interp.get(memset.getDst()).ref(0);
        uint64_t value = truncateTo(dst.buffer->elementType,
                                    interp.scalar(memset.getValue(), 0));
        return ok(
            forEachElement(interp, &op, {&dst}, [&](ArrayRef<int64_t> at) {
              dst.buffer->store(at[0], value);
            }));
      })
      .Case([&](gpu::HostRegisterOp reg) {
        interp.get(reg.getValue()).ref(0)->buffer->registered = true;
        return ok(success());
      })
      .Case([&](gpu::HostUnregisterOp reg) {
        interp.get(reg.getValue()).ref(0)->buffer->registered = false;
        return ok(success());
      })
      .Case([&](gpu::WaitOp) { return ok(success()); })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}

//===----------------------------------------------------------------------===//
// Runner-utils functions
//===----------------------------------------------------------------------===//

/// Prints a memref of host memory as printMemref<T> would.
template <typename T>
static void printTyped(Interpreter &interp, const MemRefDesc &desc) {
  const Buffer &buffer = *desc.buffer;
  std::vector<T> elements(buffer.numElements);
  for (int64_t i = 0; i < buffer.numElements; ++i) {
    uint64_t bits = buffer.load(i);
    if constexpr (std::is_same_v<T, float>) {
      elements[i] = static_cast<float>(toDouble(buffer.elementType, bits));
    } else if constexpr (std::is_same_v<T, double>) {
      elements[i] = toDouble(buffer.elementType, bits);
    } else {
      elements[i] = static_cast<T>(signExtend(buffer.elementType, bits));
    }
  }
  ::wc::runtime::StridedView view{
      elements.data(),     static_cast<int64_t>(desc.sizes.size()),
      desc.offset,         desc.sizes.data(),
      desc.strides.data(), static_cast<std::intptr_t>(buffer.address)};
  ::wc::runtime::printMemRef<T>(interp.sim.out, "Unranked Memref ", view);
}

/// Formats like C's printf, for the scalar print functions.
template <typename... Args>
static void printFormatted(std::ostream &out, const char *format,
                           Args... args) {
  char text[64];
  std::snprintf(text, sizeof(text), format, args...);
  out << text;
}

FailureOr<bool> sim::callBuiltin(Interpreter &interp, Operation *call,
                                 StringRef name, ArrayRef<Value> args) {
  std::ostream &out = interp.sim.out;
  if (name.consume_front("printMemref")) {
    if (args.size() != 1 || !isa<BaseMemRefType>(args[0].getType()))
      return interp.error(call) << "printMemref" << name << " takes one memref";
    const MemRefDesc &desc = *interp.get(args[0]).ref(0);
    Type element = cast<BaseMemRefType>(args[0].getType()).getElementType();
    auto expect = [&](bool matches) -> FailureOr<bool> {
      if (!matches)
        return interp.error(call) << "printMemref" << name
                                  << " called with a memref of " << element;
      return true;
    };
    if (desc.buffer->isFreed())
      return interp.error(call) << "printing deallocated memory";
    if (interp.isDevice())
      return interp.error(call) << "printMemref called in a kernel";
    if (desc.buffer->space == Buffer::Space::Device)
      return interp.error(call) << "printing device memory from the host "
                                   "(copy it back with gpu.memcpy first)";
    if (name == "F32") {
      if (failed(expect(element.isF32())))
        return failure();
      printTyped<float>(interp, desc);
    } else if (name == "F64") {
      if (failed(expect(element.isF64())))
        return failure();
      printTyped<double>(interp, desc);
    } else if (name == "F16" || name == "BF16") {
      if (failed(expect(name == "F16" ? element.isF16() : element.isBF16())))
        return failure();
      printTyped<float>(interp, desc);
    } else if (name == "I64" || name == "Ind") {
      if (failed(expect(name == "I64" ? element.isInteger(64)
                                      : element.isIndex())))
        return failure();
      printTyped<int64_t>(interp, desc);
    } else if (name == "I32") {
      if (failed(expect(element.isInteger(32))))
        return failure();
      printTyped<int32_t>(interp, desc);
    } else if (name == "I16") {
      if (failed(expect(element.isInteger(16))))
        return failure();
      printTyped<int16_t>(interp, desc);
    } else if (name == "I8") {
      if (failed(expect(element.isInteger(8))))
        return failure();
      printTyped<int8_t>(interp, desc);
    } else {
      return false;
    }
    return true;
  }
  if (name == "wcDeviceSMCount") {
    // The simulated device has the SMs of the default target.
    if (call->getNumResults() != 1 ||
        !call->getResult(0).getType().isInteger(32))
      return interp.error(call) << "wcDeviceSMCount returns one i32";
    interp.set(call->getResult(0), WarpValue::scalar(static_cast<uint64_t>(
                                       wc::TargetDescription::h100().smCount)));
    return true;
  }
  if (name == "wcTimerStart" && call->getNumResults() == 0)
    return true;
  if (name == "wcTimerStopMs") {
    // The benchmarks' timer (runtime/CudaRuntime.cpp): the simulator has no
    // clock, so no time passes.
    if (call->getNumResults() != 1 || !call->getResult(0).getType().isF64())
      return interp.error(call) << "wcTimerStopMs returns one f64";
    interp.set(call->getResult(0), WarpValue::scalar(0)); // the bits of 0.0
    return true;
  }
  auto arg = [&](unsigned i) { return interp.scalar(args[i], 0); };
  if (name == "printI64") {
    printFormatted(out, "%" PRId64, static_cast<int64_t>(arg(0)));
  } else if (name == "printU64") {
    printFormatted(out, "%" PRIu64, arg(0));
  } else if (name == "printF32" || name == "printF64") {
    double value = toDouble(args[0].getType(), arg(0));
    if (std::isnan(value) && std::signbit(value))
      out << "-nan";
    else
      printFormatted(out, "%g", value);
  } else if (name == "printNewline") {
    out << '\n';
  } else if (name == "printComma") {
    out << ", ";
  } else if (name == "printOpen") {
    out << "( ";
  } else if (name == "printClose") {
    out << " )";
  } else {
    return false;
  }
  return true;
}
