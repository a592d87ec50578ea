//===- ExecWarp.cpp - Device op semantics: gpu ids, sync, collectives -----===//
//
// The simulator's semantics of the `gpu` ops a warp executes: thread and
// block ids, barriers, shuffles, rotations, broadcasts and reductions; and
// the dispatch of device ops to the NVVM (ExecNVVM.cpp) and wc (ExecWC.cpp)
// families.
//
//===----------------------------------------------------------------------===//

#include "WarpExecutor.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/TypeSwitch.h"

#include <array>

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

/// Combines two words of `type` with a wc combining kind.
uint64_t sim::combine(CombiningKind kind, Type type, uint64_t a, uint64_t b) {
  auto s = [&](uint64_t v) { return signExtend(type, v); };
  auto u = [&](uint64_t v) { return truncateTo(type, v); };
  bool isFloat = isa<FloatType>(type);
  auto fop = [&](auto fn) {
    if (type.isF64())
      return fromDouble(type, fn(toDouble(type, a), toDouble(type, b)));
    return fromDouble(
        type, static_cast<float>(fn(static_cast<float>(toDouble(type, a)),
                                    static_cast<float>(toDouble(type, b)))));
  };
  switch (kind) {
  case CombiningKind::add:
    return isFloat ? fop([](auto x, auto y) { return x + y; }) : u(a + b);
  case CombiningKind::mul:
    return isFloat ? fop([](auto x, auto y) { return x * y; }) : u(a * b);
  case CombiningKind::minsi:
    return s(a) < s(b) ? a : b;
  case CombiningKind::maxsi:
    return s(a) > s(b) ? a : b;
  case CombiningKind::minui:
    return u(a) < u(b) ? a : b;
  case CombiningKind::maxui:
    return u(a) > u(b) ? a : b;
  case CombiningKind::minnumf:
    return fop([](auto x, auto y) { return std::fmin(x, y); });
  case CombiningKind::maxnumf:
    return fop([](auto x, auto y) { return std::fmax(x, y); });
  case CombiningKind::minimumf:
    return fop([](auto x, auto y) {
      return (std::isnan(x) || std::isnan(y)) ? NAN : (x < y ? x : y);
    });
  case CombiningKind::maximumf:
    return fop([](auto x, auto y) {
      return (std::isnan(x) || std::isnan(y)) ? NAN : (x > y ? x : y);
    });
  case CombiningKind::and_:
    return a & b;
  case CombiningKind::or_:
    return a | b;
  case CombiningKind::xor_:
    return a ^ b;
  }
  return a;
}

LogicalResult WarpExecutor::finishShuffle(Value value, ArrayRef<int> sources,
                                          ArrayRef<bool> valid,
                                          const Members &members, Value result,
                                          Value validResult, bool packStruct) {
  const WarpValue &in = interp.get(value);
  LaneMask inactiveSources = 0, readers = 0;
  forEachLane(active, [&](unsigned l) {
    if (!(members[l] & (1u << sources[l])) || !(active & (1u << sources[l]))) {
      inactiveSources |= 1u << sources[l];
      readers |= 1u << l;
    }
  });
  if (inactiveSources) {
    InFlightDiagnostic diag = error(readers);
    diag << "shuffle reads inactive lane";
    if (inactiveSources & (inactiveSources - 1))
      diag << "s";
    forEachLane(inactiveSources, [&](unsigned l) { diag << " " << l; });
    return failure();
  }
  WarpValue moved = WarpValue::perLane(packStruct ? 2 : 1);
  WarpValue ok = WarpValue::perLane();
  forEachLane(active, [&](unsigned l) {
    uint64_t word = in.get(sources[l]);
    if (packStruct) {
      moved.bits[l * 2] = word;
      moved.bits[l * 2 + 1] = valid[l];
    } else {
      moved.bits[l] = word;
      ok.bits[l] = valid[l];
    }
  });
  interp.set(result, std::move(moved));
  if (validResult)
    interp.set(validResult, std::move(ok));
  return success();
}

LogicalResult WarpExecutor::shuffleGPU(gpu::ShuffleOp shuffle) {
  SmallVector<int> sources(kLanes, 0);
  SmallVector<bool> valid(kLanes, false);
  LaneMask participants = 0;
  forEachLane(active, [&](unsigned lane) {
    // Upstream semantics: lanes [0, width) take part; the source is valid
    // when it is one of them.
    int offset = static_cast<int>(interp.scalar(shuffle.getOffset(), lane));
    int width = static_cast<int>(interp.scalar(shuffle.getWidth(), lane));
    participants = width >= 32 ? kAllLanes : ((1u << width) - 1);
    int j = lane;
    switch (shuffle.getMode()) {
    case gpu::ShuffleMode::IDX:
      j = offset;
      break;
    case gpu::ShuffleMode::UP:
      j = lane - offset;
      break;
    case gpu::ShuffleMode::DOWN:
      j = lane + offset;
      break;
    case gpu::ShuffleMode::XOR:
      j = lane ^ offset;
      break;
    }
    bool p = j >= 0 && j < width;
    sources[lane] = p ? j : lane;
    valid[lane] = p;
  });
  Members members;
  members.fill(participants | active);
  return finishShuffle(shuffle.getValue(), sources, valid, members,
                       shuffle.getShuffleResult(), shuffle.getValid(),
                       /*packStruct=*/false);
}

/// Reduces the words of `lanes` of `value` with `kind` in lane order.
uint64_t sim::reduceLanes(const WarpValue &value, LaneMask lanes,
                          CombiningKind kind, Type type) {
  bool first = true;
  uint64_t acc = 0;
  forEachLane(lanes, [&](unsigned l) {
    acc = first ? value.get(l) : combine(kind, type, acc, value.get(l));
    first = false;
  });
  return acc;
}

/// Returns the lanes of the cluster of `lane` (size lanes, `stride` apart).
LaneMask sim::clusterOf(unsigned lane, unsigned size, unsigned stride) {
  unsigned span = size * stride;
  unsigned base = (lane / span) * span + lane % stride;
  LaneMask lanes = 0;
  for (unsigned k = 0; k < size; ++k)
    lanes |= 1u << (base + k * stride);
  return lanes;
}

FailureOr<bool> WarpExecutor::runGPU() {
  const WarpPlace &p = place();
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](gpu::ThreadIdOp id) {
        unsigned dim = static_cast<unsigned>(id.getDimension());
        setPerLane(id.getResult(),
                   [&](unsigned l) { return threadId(l, dim); });
        return true;
      })
      .Case([&](gpu::BlockIdOp id) {
        setUniform(id.getResult(),
                   p.blockId[static_cast<unsigned>(id.getDimension())]);
        return true;
      })
      .Case([&](gpu::BlockDimOp dim) {
        setUniform(dim.getResult(),
                   p.blockDim[static_cast<unsigned>(dim.getDimension())]);
        return true;
      })
      .Case([&](gpu::GridDimOp dim) {
        setUniform(dim.getResult(),
                   p.gridDim[static_cast<unsigned>(dim.getDimension())]);
        return true;
      })
      .Case([&](gpu::GlobalIdOp id) {
        unsigned dim = static_cast<unsigned>(id.getDimension());
        setPerLane(id.getResult(), [&](unsigned l) {
          return p.blockId[dim] * p.blockDim[dim] + threadId(l, dim);
        });
        return true;
      })
      .Case([&](gpu::LaneIdOp id) {
        setPerLane(id.getResult(), [](unsigned l) { return l; });
        return true;
      })
      .Case([&](gpu::SubgroupIdOp id) {
        setUniform(id.getResult(), p.warp);
        return true;
      })
      .Case([&](gpu::NumSubgroupsOp n) {
        int64_t threads = p.blockDim[0] * p.blockDim[1] * p.blockDim[2];
        setUniform(n.getResult(), (threads + kLanes - 1) / kLanes);
        return true;
      })
      .Case([&](gpu::SubgroupSizeOp n) {
        setUniform(n.getResult(), kLanes);
        return true;
      })
      .Case([&](gpu::BarrierOp) {
        return handled(p.block->sync(interp, &op, p.warp, 0, 0, active));
      })
      .Case(
          [&](gpu::ShuffleOp shuffle) { return handled(shuffleGPU(shuffle)); })
      .Case([&](gpu::SubgroupReduceOp reduce) -> FailureOr<bool> {
        if (isa<VectorType>(reduce.getValue().getType()))
          return error() << "vector gpu.subgroup_reduce is not supported by "
                            "the simulator";
        Type type = reduce.getValue().getType();
        CombiningKind kind = getCombiningKind(reduce.getOp());
        unsigned size = reduce.getClusterSize().value_or(kLanes);
        unsigned stride = reduce.getClusterStride();
        const WarpValue &in = interp.get(reduce.getValue());
        setPerLane(reduce.getResult(), [&](unsigned l) {
          return reduceLanes(in, clusterOf(l, size, stride) & active, kind,
                             type);
        });
        return true;
      })
      .Case([&](gpu::AllReduceOp reduce) -> FailureOr<bool> {
        Type type = reduce.getValue().getType();
        const WarpValue &in = interp.get(reduce.getValue());
        if (!reduce.getOp()) {
          // The region form (what upstream's parallel-loop conversion emits
          // for every scf.reduce): its block combines two values, run for
          // one lane; the lanes of a warp, then the warps, combined in
          // order.
          Region &body = reduce.getBody();
          if (!body.hasOneBlock())
            return error() << "gpu.all_reduce whose region has several "
                              "blocks is not supported by the simulator";
          unsigned lane = firstLane();
          LogicalResult status = success();
          auto combineByRegion = [&](uint64_t a, uint64_t b) -> uint64_t {
            if (failed(status))
              return 0;
            FailureOr<SmallVector<WarpValue>> result = interp.runBody(
                body.front(), {WarpValue::scalar(a), WarpValue::scalar(b)},
                1u << lane);
            if (failed(result) || result->size() != 1) {
              status = failure();
              return 0;
            }
            return (*result)[0].get(lane);
          };
          uint64_t partial = 0;
          bool first = true;
          forEachLane(active, [&](unsigned l) {
            partial = first ? in.get(l) : combineByRegion(partial, in.get(l));
            first = false;
          });
          if (failed(status))
            return failure();
          FailureOr<uint64_t> total = p.block->allReduce(
              interp, &op, p.warp, active, partial, combineByRegion);
          if (failed(total) || failed(status))
            return failure();
          setUniform(reduce.getResult(), *total);
          return true;
        }
        CombiningKind kind = getCombiningKind(*reduce.getOp());
        uint64_t partial = reduceLanes(in, active, kind, type);
        FailureOr<uint64_t> total = p.block->allReduce(
            interp, &op, p.warp, active, partial,
            [&](uint64_t a, uint64_t b) { return combine(kind, type, a, b); });
        if (failed(total))
          return failure();
        setUniform(reduce.getResult(), *total);
        return true;
      })
      .Case([&](gpu::RotateOp rotate) -> FailureOr<bool> {
        unsigned width = rotate.getWidth(), offset = rotate.getOffset();
        const WarpValue &in = interp.get(rotate.getValue());
        LaneMask readers = 0, missing = 0;
        WarpValue moved = WarpValue::perLane(), valid = WarpValue::perLane();
        forEachLane(active, [&](unsigned l) {
          unsigned src = ((l + offset) & (width - 1)) + (l & ~(width - 1));
          if (!(active & (1u << src))) {
            readers |= 1u << l;
            missing |= 1u << src;
          }
          moved.bits[l] = in.get(src);
          valid.bits[l] = l < width;
        });
        if (missing)
          return error(readers) << "gpu.rotate reads inactive lanes";
        interp.set(rotate.getRotateResult(), std::move(moved));
        interp.set(rotate.getValid(), std::move(valid));
        return true;
      })
      .Case([&](gpu::SubgroupBroadcastOp bc) -> FailureOr<bool> {
        const WarpValue &in = interp.get(bc.getSrc());
        unsigned src = firstLane();
        if (bc.getBroadcastType() == gpu::BroadcastType::specific_lane)
          src = interp.scalar(bc.getLane(), firstLane());
        if (src >= kLanes || !(active & (1u << src)))
          return error(active)
                 << "gpu.subgroup_broadcast reads inactive lane " << src;
        setUniform(bc.getResult(), in.get(src));
        return true;
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}

FailureOr<bool> WarpExecutor::run() {
  Dialect *dialect = op.getDialect();
  bool isDeviceOp =
      isa_and_present<NVVM::NVVMDialect, nvgpu::NVGPUDialect, WCDialect>(
          dialect) ||
      isa<LLVM::InlineAsmOp>(op) ||
      (isa_and_present<gpu::GPUDialect>(dialect) &&
       !isa<gpu::LaunchFuncOp, gpu::LaunchOp, gpu::AllocOp, gpu::DeallocOp,
            gpu::MemcpyOp, gpu::MemsetOp, gpu::WaitOp, gpu::HostRegisterOp,
            gpu::HostUnregisterOp, gpu::TerminatorOp, gpu::ReturnOp>(op));
  if (!isDeviceOp || isa<WarpJobOp, VThreadsOp, JobLoopOp>(op))
    return false;
  if (!interp.isDevice())
    return error() << "'" << op.getName()
                   << "' executed on the host: it is a device operation";
  if (auto asmOp = dyn_cast<LLVM::InlineAsmOp>(op)) {
    if (asmOp.getAsmString().trim() != "activemask.b32 $0;")
      return error() << "inline assembly '" << asmOp.getAsmString()
                     << "' is not supported by the simulator";
    setUniform(asmOp.getResult(0), active);
    return true;
  }
  if (isa<gpu::GPUDialect>(dialect))
    return runGPU();
  if (isa<NVVM::NVVMDialect>(dialect))
    return runNVVM();
  if (isa<nvgpu::NVGPUDialect>(dialect))
    return runNVGPU();
  return runWC();
}

FailureOr<bool> sim::executeWarpOp(Interpreter &interp, Operation &op,
                                   LaneMask mask) {
  return WarpExecutor{interp, op, mask}.run();
}
