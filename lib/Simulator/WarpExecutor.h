//===- WarpExecutor.h - Device op semantics for one warp -------*- C++ -*-===//
//
// The evaluator of the ops a warp executes on a GPU, shared by the files
// that implement its families: gpu ids, barriers and reductions
// (ExecWarp.cpp), NVVM warp instructions (ExecNVVM.cpp) and wc collectives,
// lane arrays and synchronisation (ExecWC.cpp). Collectives check their
// member masks: a lane named but not executing, or read but inactive, is a
// reported fault.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_SIMULATOR_WARPEXECUTOR_H
#define WC_LIB_SIMULATOR_WARPEXECUTOR_H

#include "BlockRunner.h"
#include "Interpreter.h"

#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

#include <array>

namespace mlir {
namespace wc {
namespace sim {

/// The member mask of each lane of a *.sync collective.
using Members = std::array<LaneMask, kLanes>;

/// Evaluates device ops for one warp under one active mask.
struct WarpExecutor {
  Interpreter &interp;
  Operation &op;
  LaneMask active;

  const WarpPlace &place() { return *interp.place; }
  InFlightDiagnostic error(LaneMask lanes = 0) {
    return interp.error(&op, lanes);
  }
  unsigned firstLane() { return __builtin_ctz(active); }
  /// The value of `value` in the active lanes, which must all hold the
  /// same (else an error naming it `what`).
  FailureOr<uint64_t> getUniform(Value value, llvm::StringRef what) {
    const WarpValue &v = interp.get(value);
    uint64_t first = v.get(firstLane());
    bool same = true;
    forEachLane(active, [&](unsigned l) { same &= v.get(l) == first; });
    if (!same)
      return error(active) << "the " << what
                           << " differs between the lanes of the warp";
    return first;
  }

  /// The original thread id of `lane` along dimension `dim`.
  int64_t threadId(unsigned lane, unsigned dim) {
    const WarpPlace &p = place();
    int64_t linear = p.linearThread(lane);
    if (dim == 0)
      return linear % p.blockDim[0];
    if (dim == 1)
      return (linear / p.blockDim[0]) % p.blockDim[1];
    return linear / (p.blockDim[0] * p.blockDim[1]);
  }

  /// nvgpu.device_async_copy (cp.async) in the active lanes.
  LogicalResult runAsyncCopy(nvgpu::DeviceAsyncCopyOp copy);

  void setUniform(Value result, uint64_t value) {
    interp.set(result, WarpValue::scalar(value));
  }
  void setPerLane(Value result, function_ref<uint64_t(unsigned)> fn) {
    WarpValue v = WarpValue::perLane();
    forEachLane(active, [&](unsigned l) { v.bits[l] = fn(l); });
    interp.set(result, std::move(v));
  }

  /// Reads the member mask operand (default: all 32 lanes) of each
  /// executing lane and checks the rules of PTX's *.sync instructions: a
  /// lane is in its own mask, every lane a mask names executes the op, and
  /// all lanes of a mask name the same mask (disjoint groups may use
  /// different masks at once). Returns each lane's mask.
  FailureOr<Members> getMembers(Value mask, StringRef what) {
    Members members;
    members.fill(0);
    forEachLane(active, [&](unsigned l) {
      members[l] =
          mask ? static_cast<LaneMask>(interp.get(mask).get(l)) : kAllLanes;
    });
    LaneMask outside = 0, missing = 0, disagree = 0;
    forEachLane(active, [&](unsigned l) {
      if (!(members[l] & (1u << l)))
        outside |= 1u << l;
      missing |= members[l] & ~active;
      forEachLane(members[l] & active, [&](unsigned k) {
        if (members[k] != members[l])
          disagree |= 1u << l;
      });
    });
    if (missing)
      return error(missing)
             << what << " names lanes that are not executing it (listed)";
    if (outside)
      return error(outside) << what
                            << " executed by lanes outside its member mask "
                               "(listed)";
    if (disagree)
      return error(disagree) << what
                             << ": lanes of one member mask name different "
                                "masks (listed)";
    return members;
  }

  /// Fails unless all 32 lanes execute `what`.
  LogicalResult requireFullWarp(StringRef what) {
    if (active == kAllLanes)
      return success();
    return error(~active) << what << " needs all 32 lanes; these are inactive";
  }

  /// The ballot of `pred` over the lanes of `group`.
  LaneMask ballotOf(LaneMask group, const WarpValue &pred) {
    LaneMask ballot = 0;
    forEachLane(group, [&](unsigned k) {
      if (pred.get(k) & 1)
        ballot |= 1u << k;
    });
    return ballot;
  }

  /// Sets `result` to a vote of `kind` of each lane's member group.
  void setVote(Value result, const Members &members, Value predicate,
               VoteKind kind) {
    const WarpValue &pred = interp.get(predicate);
    setPerLane(result, [&](unsigned l) -> uint64_t {
      LaneMask group = members[l];
      LaneMask ballot = ballotOf(group, pred);
      switch (kind) {
      case VoteKind::any:
        return ballot != 0;
      case VoteKind::all:
        return ballot == group;
      case VoteKind::uni:
        return ballot == 0 || ballot == group;
      case VoteKind::ballot:
        return ballot;
      }
      return 0;
    });
  }

  /// The lanes of `group` whose `value` equals lane `l`'s.
  LaneMask peersOf(LaneMask group, const WarpValue &value, unsigned l) {
    LaneMask peers = 0;
    forEachLane(group, [&](unsigned k) {
      if (value.get(k) == value.get(l))
        peers |= 1u << k;
    });
    return peers;
  }

  FailureOr<bool> run();
  FailureOr<bool> runGPU();
  FailureOr<bool> runNVVM();
  FailureOr<bool> runNVGPU();
  FailureOr<bool> runWC();

  LogicalResult shufflePtx(NVVM::ShflOp shfl);
  LogicalResult shuffleWC(ShuffleOp shuffle);
  /// A channel signal or wait: the named barrier of its channel and stage.
  template <typename ChannelOpT>
  LogicalResult channelBarrier(ChannelOpT channelOp, bool waits);
  LogicalResult shuffleGPU(gpu::ShuffleOp shuffle);
  LogicalResult finishShuffle(Value value, ArrayRef<int> sources,
                              ArrayRef<bool> valid, const Members &members,
                              Value result, Value validResult, bool packStruct);
};

/// Combines two words of `type` with a wc combining kind.
uint64_t combine(CombiningKind kind, Type type, uint64_t a, uint64_t b);
/// Reduces the words of `lanes` of `value` with `kind` in lane order.
uint64_t reduceLanes(const WarpValue &value, LaneMask lanes, CombiningKind kind,
                     Type type);
/// Returns the lanes of the cluster of `lane` (size lanes, `stride` apart).
LaneMask clusterOf(unsigned lane, unsigned size, unsigned stride);

} // namespace sim
} // namespace wc
} // namespace mlir

#endif // WC_LIB_SIMULATOR_WARPEXECUTOR_H
