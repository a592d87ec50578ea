//===- ExecNVVM.cpp - NVVM warp instruction semantics ---------------------===//
//
// The simulator's semantics of the NVVM ops the wc lowering emits: special
// registers, shfl.sync as the PTX ISA defines it (from the mask-and-clamp
// operand), vote.sync, match.sync, redux.sync, elect.sync, bar.warp.sync,
// the barriers with ids and thread counts, membar, and the mbarriers of
// the NVGPU dialect (create, init, arrive, try_wait.parity) that the
// lowering of warp-specialization channels emits.
//
//===----------------------------------------------------------------------===//

#include "WarpExecutor.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

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

FailureOr<bool> WarpExecutor::runNVVM() {
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
      .Case([&](NVVM::ShflOp shfl) { return handled(shufflePtx(shfl)); })
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
        return handled(p.block->sync(interp, &op, p.warp, 0, 0, active));
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
        return handled(p.block->sync(interp, &op, p.warp, id, threads, active));
      })
      .Case([&](NVVM::BarrierArriveOp arrive) {
        unsigned id = arrive.getBarrierId()
                          ? interp.scalar(arrive.getBarrierId(), firstLane())
                          : 0;
        int64_t threads =
            interp.scalar(arrive.getNumberOfThreads(), firstLane());
        return handled(
            p.block->arrive(interp, &op, p.warp, id, threads, active));
      })
      .Case([&](NVVM::SetMaxRegisterOp set) -> FailureOr<bool> {
        // The warps start with the registers the kernel is compiled with,
        // which ptxas knows only from its nvvm.maxnreg.
        Operation *kernel =
            op.getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
        auto budget = kernel ? kernel->getAttrOfType<IntegerAttr>(
                                   NVVM::NVVMDialect::getMaxnregAttrName())
                             : IntegerAttr();
        if (failed(requireFullWarp("setmaxnreg")))
          return failure();
        if (!budget)
          return error() << "setmaxnreg in a kernel without '"
                         << NVVM::NVVMDialect::getMaxnregAttrName()
                         << "': the registers its warps start with are not "
                            "known";
        return handled(p.block->setMaxRegisters(
            interp, &op, p.warp, budget.getInt(), set.getRegCount(),
            set.getAction() == NVVM::SetMaxRegisterAction::increase));
      })
      // A fence orders the thread's own accesses; the simulator's memory is
      // sequentially consistent, and a fence alone synchronizes no thread
      // with another (the race detector sees only barriers).
      .Case([&](NVVM::MembarOp) { return true; })
      // A pause, where a thread waits for other blocks' work: no effect on
      // what the program computes; resident blocks take their turn.
      .Case([&](NVVM::NanosleepOp) {
        return handled(p.block->yieldToOtherBlocks());
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}

FailureOr<bool> WarpExecutor::runNVGPU() {
  const WarpPlace &p = place();
  // The group an mbarrier op uses: the nvgpu.mbarrier.create that defines
  // it (this block's instance).
  auto groupOf = [&](Value group) -> Operation * {
    Operation *create = group.getDefiningOp<nvgpu::MBarrierCreateOp>();
    if (!create)
      error() << "an mbarrier group that is not the result of "
                 "nvgpu.mbarrier.create is not supported by the simulator";
    return create;
  };
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](nvgpu::MBarrierCreateOp create) {
        setUniform(create.getBarriers(), 0);
        return true;
      })
      .Case([&](nvgpu::MBarrierInitOp init) -> FailureOr<bool> {
        Operation *group = groupOf(init.getBarriers());
        if (!group)
          return failure();
        if (init.getPredicate())
          return error() << "nvgpu.mbarrier.init with a predicate is not "
                            "supported by the simulator";
        FailureOr<uint64_t> index = getUniform(init.getMbarId(), "mbarrier");
        FailureOr<uint64_t> count = succeeded(index)
                                        ? getUniform(init.getCount(), "count")
                                        : FailureOr<uint64_t>(failure());
        if (failed(count))
          return failure();
        return handled(p.block->initMBarrier(interp, &op, group, *index,
                                             static_cast<int64_t>(*count)));
      })
      .Case([&](nvgpu::MBarrierArriveOp arrive) -> FailureOr<bool> {
        Operation *group = groupOf(arrive.getBarriers());
        if (!group)
          return failure();
        FailureOr<uint64_t> index = getUniform(arrive.getMbarId(), "mbarrier");
        if (failed(index))
          return failure();
        FailureOr<uint64_t> phase =
            p.block->arriveMBarrier(interp, &op, group, *index, p.warp, active);
        if (failed(phase))
          return failure();
        setUniform(arrive.getToken(), *phase);
        return true;
      })
      .Case([&](nvgpu::MBarrierTryWaitParityOp wait) -> FailureOr<bool> {
        Operation *group = groupOf(wait.getBarriers());
        if (!group)
          return failure();
        FailureOr<uint64_t> index = getUniform(wait.getMbarId(), "mbarrier");
        FailureOr<uint64_t> parity =
            succeeded(index) ? getUniform(wait.getPhaseParity(), "phase parity")
                             : FailureOr<uint64_t>(failure());
        if (failed(parity))
          return failure();
        return handled(p.block->waitMBarrierParity(interp, &op, group, *index,
                                                   p.warp, *parity & 1));
      })
      .Case([&](nvgpu::DeviceAsyncCopyOp copy) {
        return handled(runAsyncCopy(copy));
      })
      .Case([&](nvgpu::DeviceAsyncCreateGroupOp group) {
        // cp.async.commit_group: the thread's copies not yet in a group
        // form its newest group.
        forEachLane(active, [&](unsigned lane) {
          BlockRunner::AsyncCopies &copies =
              p.block->asyncCopiesOf(p.linearThread(lane));
          copies.groups.push_back(std::move(copies.uncommitted));
          copies.uncommitted.clear();
        });
        setUniform(group.getAsyncToken(), 0);
        return true;
      })
      .Case([&](nvgpu::DeviceAsyncWaitOp wait) -> FailureOr<bool> {
        // cp.async.wait_group N: the thread's groups but the N newest
        // complete; their writes land now.
        size_t keep = wait.getNumGroups().value_or(0);
        LogicalResult status = success();
        forEachLane(active, [&](unsigned lane) {
          BlockRunner::AsyncCopies &copies =
              p.block->asyncCopiesOf(p.linearThread(lane));
          while (succeeded(status) && copies.groups.size() > keep) {
            for (const BlockRunner::AsyncWrite &w : copies.groups.front()) {
              if (failed(interp.recordAccess(w.copy, *w.buffer, w.element,
                                             /*isWrite=*/true, lane))) {
                status = failure();
                break;
              }
              w.buffer->store(w.element, w.bits);
            }
            copies.groups.pop_front();
          }
        });
        return handled(status);
      })
      .Default([](Operation *) -> FailureOr<bool> { return false; });
}

LogicalResult WarpExecutor::runAsyncCopy(nvgpu::DeviceAsyncCopyOp copy) {
  // cp.async: each lane reads dstElements elements of the source (past
  // srcElements, zeros) along its innermost dimension now; their writes to
  // the destination wait in the thread's uncommitted copies.
  const WarpPlace &p = place();
  const WarpValue &src = interp.get(copy.getSrc());
  const WarpValue &dst = interp.get(copy.getDst());
  int64_t count = copy.getDstElements().getSExtValue();
  Type element = cast<MemRefType>(copy.getDst().getType()).getElementType();
  LogicalResult status = success();
  forEachLane(active, [&](unsigned lane) {
    if (failed(status))
      return;
    auto indicesOf = [&](ValueRange indices) {
      SmallVector<int64_t, 4> idx;
      for (Value index : indices)
        idx.push_back(static_cast<int64_t>(interp.scalar(index, lane)));
      return idx;
    };
    SmallVector<int64_t, 4> from = indicesOf(copy.getSrcIndices());
    SmallVector<int64_t, 4> to = indicesOf(copy.getDstIndices());
    int64_t read = count;
    if (Value srcElements = copy.getSrcElements())
      read = std::min<int64_t>(
          count, static_cast<int64_t>(interp.scalar(srcElements, lane)));
    BlockRunner::AsyncCopies &copies =
        p.block->asyncCopiesOf(p.linearThread(lane));
    // The copy moves count * element bytes at once (4, 8 or 16): both
    // addresses must be multiples of that, as the GPU requires.
    uint64_t bytes = count * ((element.getIntOrFloatBitWidth() + 7) / 8);
    for (auto [side, indices, memref] : {std::tuple("source", from, &src),
                                         std::tuple("destination", to, &dst)}) {
      const MemRefDesc &desc = *memref->ref(lane);
      FailureOr<int64_t> e = interp.resolveElement(copy, desc, indices, lane);
      if (failed(e)) {
        status = failure();
        return;
      }
      if (!desc.buffer->isAligned(*e, bytes)) {
        interp.error(copy, 1u << lane)
            << "copies " << bytes << " bytes with a " << side
            << " address that is not a multiple of " << bytes << " (element "
            << *e << " of '" << desc.buffer->name << "', a buffer aligned to "
            << desc.buffer->getAlignment() << " bytes)";
        status = failure();
        return;
      }
    }
    for (int64_t k = 0; k < count && succeeded(status); ++k) {
      uint64_t bits = 0;
      if (k < read) {
        SmallVector<int64_t, 4> at = from;
        at.back() += k;
        const MemRefDesc &desc = *src.ref(lane);
        FailureOr<int64_t> e = interp.resolveElement(copy, desc, at, lane);
        if (failed(e) || failed(interp.recordAccess(copy, *desc.buffer, *e,
                                                    /*isWrite=*/false, lane))) {
          status = failure();
          return;
        }
        bits = desc.buffer->load(*e);
      }
      SmallVector<int64_t, 4> at = to;
      at.back() += k;
      const MemRefDesc &desc = *dst.ref(lane);
      FailureOr<int64_t> e = interp.resolveElement(copy, desc, at, lane);
      if (failed(e)) {
        status = failure();
        return;
      }
      // Two copies of a thread in flight to one element complete in no
      // defined order.
      if (Operation *earlier = p.block->pendingAsyncWrite(p.linearThread(lane),
                                                          desc.buffer, *e)) {
        InFlightDiagnostic diag =
            interp.error(copy, 1u << lane)
            << "copies to element " << *e << " of '" << desc.buffer->name
            << "' while an earlier asynchronous copy of the thread to it is "
               "in flight (no nvgpu.device_async_wait between them)";
        diag.attachNote(earlier->getLoc()) << "the earlier copy";
        status = failure();
        return;
      }
      copies.uncommitted.push_back(
          {copy, desc.buffer, *e, truncateTo(element, bits)});
    }
  });
  setUniform(copy.getAsyncToken(), 0);
  return status;
}
