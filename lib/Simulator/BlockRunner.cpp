//===- BlockRunner.cpp - Runs the warps of one thread block ---------------===//
//
// Warps of a block with barriers run on their own threads, one at a time:
// a warp keeps the turn until it waits at a barrier or finishes, then hands
// it to the next runnable warp in round-robin order. A barrier releases its
// waiters when the thread count it expects has arrived; when no warp can
// run but some wait, only part of the block reached the barrier.
//
//===----------------------------------------------------------------------===//

#include "BlockRunner.h"

#include "mlir/IR/Diagnostics.h"

#include <thread>

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

namespace {
constexpr unsigned kNoTurn = ~0u;
} // namespace

BlockRunner::BlockRunner(Simulator &sim, const KernelLaunch &launch,
                         const int64_t id[3])
    : sim(sim), launch(launch) {
  for (int d = 0; d < 3; ++d)
    blockId[d] = id[d];
  numThreads = launch.block[0] * launch.block[1] * launch.block[2];
  numWarps = (numThreads + kLanes - 1) / kLanes;
  clocks.assign(numWarps, VectorClock(numWarps, 0));
  states.assign(numWarps, WarpState::Runnable);
  for (Barrier &barrier : barriers)
    barrier.joined.assign(numWarps, 0);
}

BlockRunner::~BlockRunner() {
  for (Buffer *buffer : owned)
    sim.memory.release(buffer);
}

Buffer *BlockRunner::allocateShared(Type elementType, int64_t count,
                                    StringRef name, std::string &why) {
  Buffer *buffer = sim.memory.allocate(Buffer::Space::Workgroup, elementType,
                                       count, name.str(), why);
  if (!buffer)
    return nullptr;
  owned.push_back(buffer);
  if (sim.options.detectRaces)
    buffer->shadow = std::make_unique<RaceShadow>(count);
  return buffer;
}

Buffer *BlockRunner::getSharedBuffer(Interpreter &interp, Operation *key,
                                     Type elementType, int64_t count,
                                     StringRef name) {
  Buffer *&buffer = sharedBuffers[key];
  if (buffer)
    return buffer;
  std::string why;
  buffer = allocateShared(elementType, count, name, why);
  if (!buffer)
    interp.error(key) << why;
  return buffer;
}

FailureOr<WarpValue>
BlockRunner::allocatePrivate(Interpreter &interp, Operation *op,
                             MemRefType type, ArrayRef<int64_t> sizes,
                             LaneMask lanes, StringRef name) {
  int64_t count = countElements(sizes).value_or(-1);
  WarpValue result = WarpValue::perLaneMemRef();
  bool allocated = true;
  forEachLane(lanes, [&](unsigned lane) {
    Buffer *buffer =
        allocated ? interp.allocate(op, Buffer::Space::Private,
                                    type.getElementType(), count, name.str())
                  : nullptr;
    allocated = buffer != nullptr;
    if (!buffer)
      return;
    owned.push_back(buffer);
    result.refs[lane] = describeBuffer(buffer, type, sizes);
  });
  if (!allocated)
    return failure();
  return result;
}

std::optional<Access> BlockRunner::recordAccess(Buffer &buffer, int64_t element,
                                                bool isWrite, unsigned warp,
                                                unsigned thread) {
  Access access{thread, warp, clocks[warp][warp], isWrite};
  return buffer.shadow->record(element, access, clocks[warp]);
}

LogicalResult BlockRunner::runWarp(unsigned warp) {
  const WarpPlace &place = places[warp];
  Interpreter interp(sim, &place, launch.host);
  SmallVector<WarpValue> args = launch.makeArgs(place);
  args.append(attributions.begin(), attributions.end());
  // Private attributions: one buffer per thread.
  for (Value buffer : launch.privateBuffers) {
    auto type = cast<MemRefType>(buffer.getType());
    FailureOr<WarpValue> perThread =
        allocatePrivate(interp, launch.body->getParentOp(), type,
                        type.getShape(), place.live, "private attribution");
    if (failed(perThread))
      return failure();
    args.push_back(std::move(*perThread));
  }
  FailureOr<SmallVector<WarpValue>> results =
      interp.runCallable(*launch.body, args, place.live);
  sim.stats.warpOps += interp.executedOps;
  ++sim.stats.warps;
  return failure(failed(results));
}

void BlockRunner::passTurn(unsigned warp) {
  std::lock_guard<std::mutex> lock(mutex);
  for (unsigned step = 1; step <= numWarps; ++step) {
    unsigned next = (warp + step) % numWarps;
    if (states[next] == WarpState::Runnable) {
      turn = next;
      wakeups[next].notify_one();
      return;
    }
  }
  turn = kNoTurn;
  bool waiting =
      llvm::any_of(states, [](WarpState s) { return s == WarpState::Waiting; });
  if (waiting && !aborted) {
    aborted = true;
    for (unsigned id = 0; id < 16; ++id) {
      Barrier &barrier = barriers[id];
      if (barrier.waiting.empty())
        continue;
      InFlightDiagnostic diag = barrier.op->emitError();
      diag << "[block (" << blockId[0] << ", " << blockId[1] << ", "
           << blockId[2] << ")] barrier " << id
           << " reached by only part of the block: warps";
      for (unsigned w : barrier.waiting)
        diag << " " << w;
      diag << " wait for " << barrier.expected << " threads, "
           << barrier.arrived << " arrived";
      SmallVector<unsigned> done;
      for (unsigned w = 0; w < numWarps; ++w)
        if (states[w] == WarpState::Done)
          done.push_back(w);
      if (!done.empty()) {
        diag << "; warps";
        for (unsigned w : done)
          diag << " " << w;
        diag << " finished without reaching it";
      }
      break;
    }
  }
  for (std::condition_variable &wakeup : wakeups)
    wakeup.notify_all();
}

bool BlockRunner::waitTurn(unsigned warp) {
  std::unique_lock<std::mutex> lock(mutex);
  wakeups[warp].wait(lock, [&] { return turn == warp || aborted; });
  return !aborted;
}

FailureOr<bool> BlockRunner::countArrival(Interpreter &interp, Operation *op,
                                          unsigned warp, unsigned id,
                                          int64_t threads, LaneMask active,
                                          bool waits) {
  if (!launch.hasBarriers)
    return interp.error(op) << "internal error: barrier in a kernel run "
                               "without barrier support";
  if (id >= 16)
    return interp.error(op) << "barrier id " << id << " outside 0..15";
  if (active != places[warp].live)
    return interp.error(op, places[warp].live & ~active)
           << "barrier reached by part of a warp: these lanes diverged away "
              "from it";
  int64_t expected = threads ? threads : numWarps * kLanes;
  if (expected % kLanes != 0)
    return interp.error(op) << "barrier thread count " << expected
                            << " is not a multiple of the warp size";
  std::lock_guard<std::mutex> lock(mutex);
  Barrier &barrier = barriers[id];
  if (barrier.arrived && barrier.expected != expected)
    return interp.error(op) << "barrier " << id << " expects " << expected
                            << " threads here but " << barrier.expected
                            << " at the warps already waiting";
  barrier.expected = expected;
  barrier.op = op;
  clocks[warp][warp]++;
  for (unsigned w = 0; w < numWarps; ++w)
    barrier.joined[w] = std::max(barrier.joined[w], clocks[warp][w]);
  barrier.arrived += kLanes;
  if (waits)
    barrier.waiting.push_back(warp);
  if (barrier.arrived < expected) {
    if (waits)
      states[warp] = WarpState::Waiting;
    return false;
  }
  for (unsigned w : barrier.waiting) {
    for (unsigned k = 0; k < numWarps; ++k)
      clocks[w][k] = std::max(clocks[w][k], barrier.joined[k]);
    states[w] = WarpState::Runnable;
  }
  barrier.arrived = 0;
  barrier.waiting.clear();
  barrier.joined.assign(numWarps, 0);
  return true;
}

LogicalResult BlockRunner::sync(Interpreter &interp, Operation *op,
                                unsigned warp, unsigned id, int64_t threads,
                                LaneMask active) {
  FailureOr<bool> complete =
      countArrival(interp, op, warp, id, threads, active, /*waits=*/true);
  if (failed(complete))
    return failure();
  if (*complete)
    return success();
  passTurn(warp);
  return success(waitTurn(warp));
}

LogicalResult BlockRunner::arrive(Interpreter &interp, Operation *op,
                                  unsigned warp, unsigned id, int64_t threads,
                                  LaneMask active) {
  return failure(failed(
      countArrival(interp, op, warp, id, threads, active, /*waits=*/false)));
}

FailureOr<uint64_t>
BlockRunner::allReduce(Interpreter &interp, Operation *op, unsigned warp,
                       LaneMask active, uint64_t partial,
                       function_ref<uint64_t(uint64_t, uint64_t)> combine) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    Reduction &r = reductions[op];
    r.value = r.contributed++ ? combine(r.value, partial) : partial;
  }
  if (failed(sync(interp, op, warp, 0, 0, active)))
    return failure();
  uint64_t total;
  {
    std::lock_guard<std::mutex> lock(mutex);
    Reduction &r = reductions[op];
    total = r.value;
    if (++r.read == numWarps)
      reductions.erase(op);
  }
  // No warp may contribute to the next instance before all have read.
  if (failed(sync(interp, op, warp, 0, 0, active)))
    return failure();
  return total;
}

LogicalResult BlockRunner::run() {
  ++sim.stats.blocks;
  for (Value buffer : launch.workgroupBuffers) {
    auto type = cast<MemRefType>(buffer.getType());
    std::string name;
    llvm::raw_string_ostream os(name);
    os << "workgroup attribution #"
       << cast<BlockArgument>(buffer).getArgNumber();
    std::string why;
    Buffer *b =
        allocateShared(type.getElementType(), type.getNumElements(), name, why);
    if (!b)
      return emitError(buffer.getLoc()) << why;
    attributions.push_back(
        WarpValue::memref(describeBuffer(b, type, type.getShape())));
  }
  for (unsigned w = 0; w < numWarps; ++w) {
    int64_t first = static_cast<int64_t>(w) * kLanes;
    int64_t count = std::min<int64_t>(kLanes, numThreads - first);
    LaneMask live = count >= 32 ? kAllLanes : ((1u << count) - 1);
    WarpPlace place;
    for (int d = 0; d < 3; ++d) {
      place.blockId[d] = blockId[d];
      place.gridDim[d] = launch.grid[d];
      place.blockDim[d] = launch.block[d];
    }
    place.warp = w;
    place.live = live;
    place.block = this;
    places.push_back(place);
  }

  if (!launch.hasBarriers) {
    for (unsigned w = 0; w < numWarps; ++w)
      if (failed(runWarp(w)))
        return failure();
    return success();
  }

  turn = 0;
  wakeups = std::vector<std::condition_variable>(numWarps);
  std::vector<std::thread> threads;
  for (unsigned w = 0; w < numWarps; ++w) {
    threads.emplace_back([this, w] {
      bool ok = waitTurn(w) && succeeded(runWarp(w));
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (!ok)
          aborted = true;
        states[w] = WarpState::Done;
      }
      passTurn(w);
    });
  }
  for (std::thread &t : threads)
    t.join();
  return failure(aborted);
}
