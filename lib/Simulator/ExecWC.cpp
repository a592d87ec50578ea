//===- ExecWC.cpp - wc collective, lane array and sync semantics ----------===//
//
// The simulator's semantics of the non-structure `wc` ops, from their
// specification rather than from their lowering: shuffles segment by
// segment, votes, matches, elections, reductions, scans, segmented
// reductions, the warp-aggregated atomic, lane arrays, warp syncs and named
// barriers.
//
//===----------------------------------------------------------------------===//

#include "WarpExecutor.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

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

template <typename ChannelOpT>
LogicalResult WarpExecutor::channelBarrier(ChannelOpT channelOp, bool waits) {
  const WarpPlace &p = place();
  auto specialize = channelOp->template getParentOfType<WarpSpecializeOp>();
  int64_t channel = channelOp.getChannel();
  int64_t stage;
  if (Value dynamic = channelOp.getDynamicStage()) {
    FailureOr<uint64_t> value = getUniform(dynamic, "stage");
    if (failed(value))
      return failure();
    stage = static_cast<int64_t>(*value);
  } else {
    stage = *channelOp.getStage();
  }
  if (stage < 0 || stage >= specialize.getStages(channel))
    return interp.error(channelOp.getOperation())
           << "stage " << stage << " of a channel of "
           << specialize.getStages(channel) << " stages";
  int64_t id = specialize.getBarrierId(channel, stage, channelOp.getSignal());
  int64_t threads = specialize.getBarrierThreads(channel);
  if (waits)
    return p.block->sync(interp, channelOp.getOperation(), p.warp, id, threads,
                         active);
  return p.block->arrive(interp, channelOp.getOperation(), p.warp, id, threads,
                         active);
}

FailureOr<bool> WarpExecutor::runWC() {
  const WarpPlace &p = place();
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](ShuffleOp shuffle) { return handled(shuffleWC(shuffle)); })
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
          identity = attributeBits(attr);
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
      .Case<AggregatedAtomicAddOp,
            AggregatedAtomicRMWOp>([&](auto atomic) -> FailureOr<bool> {
        // Every lane of the mask updates the element in lane order.
        LaneMask members = active;
        if (atomic.getMask() &&
            failed(getMembers(atomic.getMask(), op.getName().getStringRef())))
          return failure();
        CombiningKind kind = CombiningKind::add;
        if constexpr (std::is_same_v<decltype(atomic), AggregatedAtomicRMWOp>)
          kind = atomic.getKind();
        Type type = atomic.getValue().getType();
        FailureOr<WarpValue> old = executeAtomicUpdate(
            interp, &op, atomic.getMemref(), atomic.getIndices(), members,
            [&](uint64_t value, unsigned lane) {
              return combine(kind, type, value,
                             interp.scalar(atomic.getValue(), lane));
            });
        if (failed(old))
          return failure();
        WarpValue result = std::move(*old);
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
        return handled(p.block->sync(interp, &op, p.warp, sync.getId(),
                                     sync.getThreads().value_or(0), active));
      })
      .Case([&](NamedBarrierArriveOp arrive) {
        return handled(p.block->arrive(interp, &op, p.warp, arrive.getId(),
                                       *arrive.getThreads(), active));
      })
      .Case([&](WarpSpecializeOp specialize) -> FailureOr<bool> {
        if (active != kAllLanes)
          return interp.error(&op, ~active)
                 << "a warp role needs all 32 lanes; these are inactive";
        int64_t warp = p.warp;
        for (auto [r, role] : llvm::enumerate(specialize.getRoles())) {
          int64_t first = specialize.getFirstWarp(r);
          if (warp >= first && warp < first + specialize.getWarps()[r])
            return handled(interp.runBody(
                role.front(), {WarpValue::scalar(warp - first)}, active));
        }
        return interp.error(&op)
               << "warp " << warp << " has no role: the roles have "
               << specialize.getNumWarps() << " warps";
      })
      .Case([&](ChannelSignalOp signal) {
        return handled(channelBarrier(signal, /*waits=*/false));
      })
      .Case([&](ChannelWaitOp wait) {
        return handled(channelBarrier(wait, /*waits=*/true));
      })
      .Case([&](RoleSyncOp) -> FailureOr<bool> {
        if (failed(requireFullWarp("wc.role_sync")))
          return failure();
        auto specialize = op.getParentOfType<WarpSpecializeOp>();
        int64_t role = p.warp;
        for (int64_t r = 0, e = specialize.getWarps().size(); r < e; ++r)
          if (role >= specialize.getFirstWarp(r) &&
              role < specialize.getFirstWarp(r) + specialize.getWarps()[r]) {
            role = r;
            break;
          }
        int64_t warps = specialize.getWarps()[role];
        if (warps == 1) {
          p.block->warpSync(p.warp);
          return true;
        }
        return handled(p.block->sync(interp, &op, p.warp,
                                     specialize.getRoleBarrierId(role),
                                     warps * kWarpSize, active));
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}
