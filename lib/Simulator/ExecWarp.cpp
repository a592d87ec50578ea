//===- ExecWarp.cpp - Device op semantics: ids, sync, collectives ---------===//
//
// The simulator's semantics of the ops a warp executes on a GPU: thread and
// block ids, barriers, `gpu` shuffles and reductions, the NVVM warp
// instructions the wc lowering emits, and the `wc` collectives, lane arrays
// and synchronisation. Collectives check their member masks: a lane named
// but not executing, or read but inactive, is a reported fault.
//
//===----------------------------------------------------------------------===//

#include "BlockRunner.h"
#include "Interpreter.h"

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

namespace {
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
  FailureOr<bool> runWC();

  LogicalResult shufflePtx(NVVM::ShflOp shfl);
  LogicalResult shuffleWC(ShuffleOp shuffle);
  LogicalResult shuffleGPU(gpu::ShuffleOp shuffle);
  LogicalResult finishShuffle(Value value, ArrayRef<int> sources,
                              ArrayRef<bool> valid, const Members &members,
                              Value result, Value validResult, bool packStruct);
};
} // namespace

/// Combines two words of `type` with a wc combining kind.
static uint64_t combine(CombiningKind kind, Type type, uint64_t a, uint64_t b) {
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

/// Maps a gpu reduction kind to the wc one.
static CombiningKind getKind(gpu::AllReduceOperation op) {
  switch (op) {
  case gpu::AllReduceOperation::ADD:
    return CombiningKind::add;
  case gpu::AllReduceOperation::MUL:
    return CombiningKind::mul;
  case gpu::AllReduceOperation::MINUI:
    return CombiningKind::minui;
  case gpu::AllReduceOperation::MINSI:
    return CombiningKind::minsi;
  case gpu::AllReduceOperation::MINNUMF:
    return CombiningKind::minnumf;
  case gpu::AllReduceOperation::MAXUI:
    return CombiningKind::maxui;
  case gpu::AllReduceOperation::MAXSI:
    return CombiningKind::maxsi;
  case gpu::AllReduceOperation::MAXNUMF:
    return CombiningKind::maxnumf;
  case gpu::AllReduceOperation::AND:
    return CombiningKind::and_;
  case gpu::AllReduceOperation::OR:
    return CombiningKind::or_;
  case gpu::AllReduceOperation::XOR:
    return CombiningKind::xor_;
  case gpu::AllReduceOperation::MINIMUMF:
    return CombiningKind::minimumf;
  case gpu::AllReduceOperation::MAXIMUMF:
    return CombiningKind::maximumf;
  }
  return CombiningKind::add;
}

/// Maps an NVVM redux kind to the wc one.
static CombiningKind getKind(NVVM::ReduxKind kind) {
  switch (kind) {
  case NVVM::ReduxKind::ADD:
    return CombiningKind::add;
  case NVVM::ReduxKind::AND:
    return CombiningKind::and_;
  case NVVM::ReduxKind::MAX:
    return CombiningKind::maxsi;
  case NVVM::ReduxKind::MIN:
    return CombiningKind::minsi;
  case NVVM::ReduxKind::OR:
    return CombiningKind::or_;
  case NVVM::ReduxKind::UMAX:
    return CombiningKind::maxui;
  case NVVM::ReduxKind::UMIN:
    return CombiningKind::minui;
  case NVVM::ReduxKind::XOR:
    return CombiningKind::xor_;
  case NVVM::ReduxKind::FMIN:
    return CombiningKind::minnumf;
  case NVVM::ReduxKind::FMAX:
    return CombiningKind::maxnumf;
  }
  return CombiningKind::add;
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

LogicalResult WarpExecutor::shufflePtx(NVVM::ShflOp shfl) {
  FailureOr<Members> members = getMembers(shfl.getThreadMask(), "shfl.sync");
  if (failed(members))
    return failure();
  SmallVector<int> sources(kLanes, 0);
  SmallVector<bool> valid(kLanes, false);
  forEachLane(active, [&](unsigned lane) {
    // The PTX ISA's definition of shfl.sync, operand by operand.
    uint32_t b = interp.scalar(shfl.getOffset(), lane) & 0x1f;
    uint32_t c = interp.scalar(shfl.getMaskAndClamp(), lane);
    uint32_t clamp = c & 0x1f, segmask = (c >> 8) & 0x1f;
    int minLane = lane & segmask;
    int maxLane = minLane | (clamp & ~segmask);
    int j = 0;
    bool p = false;
    switch (shfl.getKind()) {
    case NVVM::ShflKind::up:
      j = static_cast<int>(lane) - static_cast<int>(b);
      p = j >= maxLane;
      break;
    case NVVM::ShflKind::down:
      j = lane + b;
      p = j <= maxLane;
      break;
    case NVVM::ShflKind::bfly:
      j = lane ^ b;
      p = j <= maxLane;
      break;
    case NVVM::ShflKind::idx:
      j = minLane | (b & ~segmask);
      p = j <= maxLane;
      break;
    }
    sources[lane] = p ? j : lane;
    valid[lane] = p;
  });
  return finishShuffle(shfl.getVal(), sources, valid, *members, shfl.getRes(),
                       nullptr,
                       static_cast<bool>(shfl.getReturnValueAndIsValid()));
}

LogicalResult WarpExecutor::shuffleWC(ShuffleOp shuffle) {
  FailureOr<Members> members = getMembers(shuffle.getMask(), "wc.shuffle");
  if (failed(members))
    return failure();
  int width = shuffle.getWidth();
  SmallVector<int> sources(kLanes, 0);
  SmallVector<bool> valid(kLanes, false);
  forEachLane(active, [&](unsigned lane) {
    // The documented semantics of wc.shuffle, segment by segment.
    int offset =
        static_cast<int>(interp.scalar(shuffle.getOffset(), lane) & 0x1f);
    int s = lane % width, base = lane - s;
    int j = lane;
    bool p = true;
    switch (shuffle.getMode()) {
    case ShuffleMode::idx:
      j = base + offset % width;
      break;
    case ShuffleMode::up:
      p = s >= offset;
      j = lane - offset;
      break;
    case ShuffleMode::down:
      p = s + offset < width;
      j = lane + offset;
      break;
    case ShuffleMode::xor_:
      j = lane ^ offset;
      p = j < base + width;
      break;
    }
    sources[lane] = p ? j : lane;
    valid[lane] = p;
  });
  return finishShuffle(shuffle.getValue(), sources, valid, *members,
                       shuffle.getResult(), shuffle.getValid(),
                       /*packStruct=*/false);
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
static uint64_t reduceLanes(const WarpValue &value, LaneMask lanes,
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
static LaneMask clusterOf(unsigned lane, unsigned size, unsigned stride) {
  unsigned span = size * stride;
  unsigned base = (lane / span) * span + lane % stride;
  LaneMask lanes = 0;
  for (unsigned k = 0; k < size; ++k)
    lanes |= 1u << (base + k * stride);
  return lanes;
}

FailureOr<bool> WarpExecutor::runGPU() {
  auto ok = [](LogicalResult r) -> FailureOr<bool> {
    if (failed(r))
      return failure();
    return true;
  };
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
        return ok(p.block->sync(interp, &op, p.warp, 0, 0, active));
      })
      .Case([&](gpu::ShuffleOp shuffle) { return ok(shuffleGPU(shuffle)); })
      .Case([&](gpu::SubgroupReduceOp reduce) -> FailureOr<bool> {
        if (isa<VectorType>(reduce.getValue().getType()))
          return error() << "vector gpu.subgroup_reduce is not supported by "
                            "the simulator";
        Type type = reduce.getValue().getType();
        CombiningKind kind = getKind(reduce.getOp());
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
        if (!reduce.getOp())
          return error() << "gpu.all_reduce with a custom region is not "
                            "supported by the simulator";
        Type type = reduce.getValue().getType();
        CombiningKind kind = getKind(*reduce.getOp());
        const WarpValue &in = interp.get(reduce.getValue());
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

FailureOr<bool> WarpExecutor::runNVVM() {
  auto ok = [](LogicalResult r) -> FailureOr<bool> {
    if (failed(r))
      return failure();
    return true;
  };
  const WarpPlace &p = place();
  auto threadDim = [&](Value result, unsigned dim) {
    setPerLane(result, [&](unsigned l) { return threadId(l, dim); });
    return true;
  };
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](NVVM::ThreadIdXOp o) { return threadDim(o.getResult(), 0); })
      .Case([&](NVVM::ThreadIdYOp o) { return threadDim(o.getResult(), 1); })
      .Case([&](NVVM::ThreadIdZOp o) { return threadDim(o.getResult(), 2); })
      .Case([&](NVVM::BlockDimXOp o) {
        setUniform(o.getResult(), p.blockDim[0]);
        return true;
      })
      .Case([&](NVVM::BlockDimYOp o) {
        setUniform(o.getResult(), p.blockDim[1]);
        return true;
      })
      .Case([&](NVVM::BlockDimZOp o) {
        setUniform(o.getResult(), p.blockDim[2]);
        return true;
      })
      .Case([&](NVVM::BlockIdXOp o) {
        setUniform(o.getResult(), p.blockId[0]);
        return true;
      })
      .Case([&](NVVM::BlockIdYOp o) {
        setUniform(o.getResult(), p.blockId[1]);
        return true;
      })
      .Case([&](NVVM::BlockIdZOp o) {
        setUniform(o.getResult(), p.blockId[2]);
        return true;
      })
      .Case([&](NVVM::GridDimXOp o) {
        setUniform(o.getResult(), p.gridDim[0]);
        return true;
      })
      .Case([&](NVVM::GridDimYOp o) {
        setUniform(o.getResult(), p.gridDim[1]);
        return true;
      })
      .Case([&](NVVM::GridDimZOp o) {
        setUniform(o.getResult(), p.gridDim[2]);
        return true;
      })
      .Case([&](NVVM::LaneIdOp o) {
        setPerLane(o.getResult(), [](unsigned l) { return l; });
        return true;
      })
      .Case([&](NVVM::WarpSizeOp o) {
        setUniform(o.getResult(), kLanes);
        return true;
      })
      .Case([&](NVVM::ShflOp shfl) { return ok(shufflePtx(shfl)); })
      .Case([&](NVVM::VoteSyncOp vote) -> FailureOr<bool> {
        FailureOr<Members> members = getMembers(vote.getMask(), "vote.sync");
        if (failed(members))
          return failure();
        VoteKind kind = VoteKind::any;
        switch (vote.getKind()) {
        case NVVM::VoteSyncKind::any:
          kind = VoteKind::any;
          break;
        case NVVM::VoteSyncKind::all:
          kind = VoteKind::all;
          break;
        case NVVM::VoteSyncKind::uni:
          kind = VoteKind::uni;
          break;
        case NVVM::VoteSyncKind::ballot:
          kind = VoteKind::ballot;
          break;
        }
        setVote(vote.getRes(), *members, vote.getPred(), kind);
        return true;
      })
      .Case([&](NVVM::MatchSyncOp match) -> FailureOr<bool> {
        FailureOr<Members> members =
            getMembers(match.getThreadMask(), "match.sync");
        if (failed(members))
          return failure();
        const WarpValue &in = interp.get(match.getVal());
        bool all = match.getKind() == NVVM::MatchSyncKind::all;
        WarpValue result = WarpValue::perLane(all ? 2 : 1);
        forEachLane(active, [&](unsigned l) {
          LaneMask group = (*members)[l];
          LaneMask peers = peersOf(group, in, l);
          if (all) {
            result.bits[2 * l] = peers == group ? group : 0;
            result.bits[2 * l + 1] = peers == group;
          } else {
            result.bits[l] = peers;
          }
        });
        interp.set(match.getRes(), std::move(result));
        return true;
      })
      .Case([&](NVVM::ReduxOp redux) -> FailureOr<bool> {
        FailureOr<Members> members =
            getMembers(redux.getMaskAndClamp(), "redux.sync");
        if (failed(members))
          return failure();
        Type type = redux.getVal().getType();
        const WarpValue &in = interp.get(redux.getVal());
        setPerLane(redux.getRes(), [&](unsigned l) {
          return reduceLanes(in, (*members)[l], getKind(redux.getKind()), type);
        });
        return true;
      })
      .Case([&](NVVM::ElectSyncOp elect) -> FailureOr<bool> {
        FailureOr<Members> members =
            getMembers(elect.getMembermask(), "elect.sync");
        if (failed(members))
          return failure();
        setPerLane(elect.getPred(), [&](unsigned l) {
          return l == static_cast<unsigned>(__builtin_ctz((*members)[l]));
        });
        return true;
      })
      .Case([&](NVVM::SyncWarpOp sync) -> FailureOr<bool> {
        if (failed(getMembers(sync.getMask(), "bar.warp.sync")))
          return failure();
        p.block->warpSync(p.warp);
        return true;
      })
      .Case([&](NVVM::Barrier0Op) {
        return ok(p.block->sync(interp, &op, p.warp, 0, 0, active));
      })
      .Case([&](NVVM::BarrierOp barrier) -> FailureOr<bool> {
        if (barrier.getReductionOp())
          return error() << "nvvm.barrier with a reduction is not supported "
                            "by the simulator";
        unsigned id = barrier.getBarrierId()
                          ? interp.scalar(barrier.getBarrierId(), firstLane())
                          : 0;
        int64_t threads =
            barrier.getNumberOfThreads()
                ? interp.scalar(barrier.getNumberOfThreads(), firstLane())
                : 0;
        return ok(p.block->sync(interp, &op, p.warp, id, threads, active));
      })
      .Case([&](NVVM::BarrierArriveOp arrive) {
        unsigned id = arrive.getBarrierId()
                          ? interp.scalar(arrive.getBarrierId(), firstLane())
                          : 0;
        int64_t threads =
            interp.scalar(arrive.getNumberOfThreads(), firstLane());
        return ok(p.block->arrive(interp, &op, p.warp, id, threads, active));
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}

FailureOr<bool> WarpExecutor::runWC() {
  auto ok = [](LogicalResult r) -> FailureOr<bool> {
    if (failed(r))
      return failure();
    return true;
  };
  const WarpPlace &p = place();
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](ShuffleOp shuffle) { return ok(shuffleWC(shuffle)); })
      .Case([&](VoteOp vote) -> FailureOr<bool> {
        FailureOr<Members> members = getMembers(vote.getMask(), "wc.vote");
        if (failed(members))
          return failure();
        setVote(vote.getResult(), *members, vote.getPredicate(),
                vote.getKind());
        return true;
      })
      .Case([&](MatchOp match) -> FailureOr<bool> {
        FailureOr<Members> members = getMembers(match.getMask(), "wc.match");
        if (failed(members))
          return failure();
        const WarpValue &in = interp.get(match.getValue());
        bool all = match.getKind() == MatchKind::all;
        WarpValue lanes = WarpValue::perLane(), same = WarpValue::perLane();
        forEachLane(active, [&](unsigned l) {
          LaneMask group = (*members)[l];
          LaneMask peers = peersOf(group, in, l);
          lanes.bits[l] = all ? (peers == group ? group : 0) : peers;
          same.bits[l] = all ? peers == group : 1;
        });
        interp.set(match.getLanes(), std::move(lanes));
        interp.set(match.getSame(), std::move(same));
        return true;
      })
      .Case([&](ElectOp elect) -> FailureOr<bool> {
        FailureOr<Members> members = getMembers(elect.getMask(), "wc.elect");
        if (failed(members))
          return failure();
        setPerLane(elect.getElected(), [&](unsigned l) {
          return l == static_cast<unsigned>(__builtin_ctz((*members)[l]));
        });
        return true;
      })
      .Case([&](ActiveMaskOp mask) {
        setUniform(mask.getMask(), active);
        return true;
      })
      .Case([&](ReduceOp reduce) -> FailureOr<bool> {
        if (failed(requireFullWarp("wc.reduce")))
          return failure();
        Type type = reduce.getValue().getType();
        const WarpValue &in = interp.get(reduce.getValue());
        setPerLane(reduce.getResult(), [&](unsigned l) {
          return reduceLanes(
              in,
              clusterOf(l, reduce.getClusterSize(), reduce.getClusterStride()),
              reduce.getKind(), type);
        });
        return true;
      })
      .Case([&](ScanOp scan) -> FailureOr<bool> {
        if (failed(requireFullWarp("wc.scan")))
          return failure();
        Type type = scan.getValue().getType();
        const WarpValue &in = interp.get(scan.getValue());
        bool exclusive = scan.getScan() == ScanKind::exclusive;
        // The identity of the kind, as wc defines it (arith's identities).
        uint64_t identity = 0;
        if (exclusive) {
          OpBuilder b(op.getContext());
          TypedAttr attr = arith::getIdentityValueAttr(
              getArithReductionKind(scan.getKind(), type), type, b,
              op.getLoc());
          if (auto f = dyn_cast<FloatAttr>(attr))
            identity = f.getValue().bitcastToAPInt().getZExtValue();
          else
            identity = cast<IntegerAttr>(attr).getValue().getZExtValue();
        }
        setPerLane(scan.getResult(), [&](unsigned l) {
          LaneMask lanes = exclusive ? ((1u << l) - 1) : ((2u << l) - 1);
          if (l == 31 && !exclusive)
            lanes = kAllLanes;
          return lanes ? reduceLanes(in, lanes, scan.getKind(), type)
                       : identity;
        });
        return true;
      })
      .Case([&](SegmentedReduceOp seg) -> FailureOr<bool> {
        if (failed(requireFullWarp("wc.segmented_reduce")))
          return failure();
        Type type = seg.getValue().getType();
        const WarpValue &in = interp.get(seg.getValue());
        const WarpValue &head = interp.get(seg.getHead());
        WarpValue result = WarpValue::perLane();
        uint64_t acc = 0;
        for (unsigned l = 0; l < kLanes; ++l) {
          bool starts = l == 0 || (head.get(l) & 1);
          acc =
              starts ? in.get(l) : combine(seg.getKind(), type, acc, in.get(l));
          result.bits[l] = acc;
        }
        interp.set(seg.getResult(), std::move(result));
        return true;
      })
      .Case([&](AggregatedAtomicAddOp atomic) -> FailureOr<bool> {
        LaneMask members = active;
        if (atomic.getMask() &&
            failed(getMembers(atomic.getMask(), "wc.aggregated_atomic_add")))
          return failure();
        const WarpValue &ref = interp.get(atomic.getMemref());
        Type type = atomic.getValue().getType();
        WarpValue result = WarpValue::perLane();
        SmallVector<int64_t, 4> idx(atomic.getIndices().size());
        LogicalResult status = success();
        forEachLane(members, [&](unsigned lane) {
          if (failed(status))
            return;
          for (auto [i, index] : llvm::enumerate(atomic.getIndices()))
            idx[i] = static_cast<int64_t>(interp.scalar(index, lane));
          const MemRefDesc &desc = *ref.ref(lane);
          FailureOr<int64_t> element =
              interp.resolveElement(&op, desc, idx, lane);
          if (failed(element)) {
            status = failure();
            return;
          }
          uint64_t old = desc.buffer->load(*element);
          desc.buffer->store(*element,
                             combine(CombiningKind::add, type, old,
                                     interp.scalar(atomic.getValue(), lane)));
          result.bits[lane] = old;
        });
        if (failed(status))
          return failure();
        interp.set(atomic.getResult(), std::move(result));
        return true;
      })
      .Case([&](LaneArraySplatOp splat) {
        unsigned slots = splat.getType().getSlotsPerLane();
        const WarpValue &in = interp.get(splat.getValue());
        WarpValue v;
        v.width = slots;
        v.uniform = in.uniform;
        forEachLane(in.uniform ? 1u : kAllLanes, [&](unsigned l) {
          for (unsigned s = 0; s < slots; ++s)
            v.bits.push_back(in.get(l));
        });
        interp.set(splat.getResult(), std::move(v));
        return true;
      })
      .Case([&](LaneReadOp read) -> FailureOr<bool> {
        if (failed(requireFullWarp("wc.lane_read")))
          return failure();
        const WarpValue &array = interp.get(read.getArray());
        int64_t slot = read.getStaticSlot();
        setPerLane(read.getResult(), [&](unsigned l) {
          unsigned src = interp.scalar(read.getLane(), l) & 0x1f;
          return array.get(src, slot);
        });
        return true;
      })
      .Case([&](LaneWriteOp write) {
        WarpValue array = interp.get(write.getArray());
        array.expand();
        int64_t slot = write.getStaticSlot();
        const WarpValue &in = interp.get(write.getValue());
        forEachLane(active, [&](unsigned l) { array.at(l, slot) = in.get(l); });
        interp.set(write.getResult(), std::move(array));
        return true;
      })
      .Case([&](WarpSyncOp sync) -> FailureOr<bool> {
        if (failed(getMembers(sync.getMask(), "wc.warp_sync")))
          return failure();
        p.block->warpSync(p.warp);
        return true;
      })
      .Case([&](NamedBarrierSyncOp sync) {
        return ok(p.block->sync(interp, &op, p.warp, sync.getId(),
                                sync.getThreads().value_or(0), active));
      })
      .Case([&](NamedBarrierArriveOp arrive) {
        return ok(p.block->arrive(interp, &op, p.warp, arrive.getId(),
                                  *arrive.getThreads(), active));
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}

FailureOr<bool> WarpExecutor::run() {
  Dialect *dialect = op.getDialect();
  bool isDeviceOp =
      isa<NVVM::NVVMDialect, WCDialect>(dialect) ||
      isa<LLVM::InlineAsmOp>(op) ||
      (isa<gpu::GPUDialect>(dialect) &&
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
  return runWC();
}

FailureOr<bool> sim::executeWarpOp(Interpreter &interp, Operation &op,
                                   LaneMask mask) {
  return WarpExecutor{interp, op, mask}.run();
}
