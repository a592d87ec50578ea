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

#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Diagnostics.h"

#include <thread>

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

namespace {
constexpr unsigned kNoTurn = ~0u;
} // namespace

BlockScheduler::BlockScheduler(unsigned slots, uint64_t seed)
    : active(slots, true), seed(seed), state(seed) {}

unsigned BlockScheduler::pickNext(unsigned slot) {
  unsigned slots = active.size();
  if (seed) {
    // A linear congruential step; a random start of the round-robin search
    // among the active slots.
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    unsigned start = (state >> 33) % slots;
    for (unsigned step = 0; step < slots; ++step)
      if (active[(start + step) % slots])
        return (start + step) % slots;
  }
  for (unsigned step = 1; step <= slots; ++step)
    if (active[(slot + step) % slots])
      return (slot + step) % slots;
  return kNoTurn;
}

bool BlockScheduler::enter(unsigned slot) {
  std::unique_lock<std::mutex> lock(mutex);
  wakeup.wait(lock, [&] { return turn == slot || aborted; });
  return !aborted;
}

bool BlockScheduler::yield(unsigned slot) {
  std::unique_lock<std::mutex> lock(mutex);
  turn = pickNext(slot);
  wakeup.notify_all();
  wakeup.wait(lock, [&] { return turn == slot || aborted; });
  return !aborted;
}

void BlockScheduler::leave(unsigned slot) {
  std::lock_guard<std::mutex> lock(mutex);
  active[slot] = false;
  turn = pickNext(slot);
  wakeup.notify_all();
}

void BlockScheduler::abort() {
  std::lock_guard<std::mutex> lock(mutex);
  aborted = true;
  wakeup.notify_all();
}

LogicalResult BlockRunner::yieldToOtherBlocks() {
  if (!scheduler)
    return success();
  return success(scheduler->yield(slot));
}

BlockRunner::BlockRunner(Simulator &sim, const KernelLaunch &launch,
                         const int64_t id[3], BlockScheduler *scheduler,
                         unsigned slot)
    : sim(sim), launch(launch), scheduler(scheduler), slot(slot) {
  for (int d = 0; d < 3; ++d)
    blockId[d] = id[d];
  numThreads = launch.block[0] * launch.block[1] * launch.block[2];
  numWarps = (numThreads + kLanes - 1) / kLanes;
  clocks.assign(numWarps, VectorClock(numWarps, 0));
  states.assign(numWarps, WarpState::Runnable);
  // Each block's own order, from the seed and the block's place.
  if (uint64_t seed = sim.options.warpOrderSeed)
    orderState = seed * 0x9E3779B97F4A7C15ull + 1 +
                 ((blockId[2] * launch.grid[1] + blockId[1]) * launch.grid[0] +
                  blockId[0]);
  for (Barrier &barrier : barriers)
    barrier.joined.assign(numWarps, 0);
}

BlockRunner::~BlockRunner() {
  for (Buffer *buffer : owned)
    sim.memory.release(buffer);
}

Buffer *BlockRunner::allocateShared(Type elementType, int64_t count,
                                    StringRef name, uint64_t alignment,
                                    std::string &why) {
  Buffer *buffer = sim.memory.allocate(Buffer::Space::Workgroup, elementType,
                                       count, name.str(), why);
  if (!buffer)
    return nullptr;
  // The lowering gives every workgroup buffer at least
  // kWorkgroupBufferAlignment bytes.
  buffer->alignment = std::max<uint64_t>(
      {alignment, buffer->elementBytes, kWorkgroupBufferAlignment});
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
  // The alignment the declaration asks for.
  std::optional<uint64_t> alignment;
  if (auto global = dyn_cast<memref::GlobalOp>(key))
    alignment = global.getAlignment();
  else if (auto alloca = dyn_cast<memref::AllocaOp>(key))
    alignment = alloca.getAlignment();
  else if (auto alloc = dyn_cast<memref::AllocOp>(key))
    alignment = alloc.getAlignment();
  std::string why;
  buffer = allocateShared(elementType, count, name, alignment.value_or(0), why);
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
                                                unsigned thread,
                                                bool sameValue) {
  Access access{thread, warp, clocks[warp][warp], isWrite};
  RaceShadow *shadow = buffer.shadow.get();
  if (!shadow) {
    std::unique_ptr<RaceShadow> &global = globalShadows[&buffer];
    if (!global)
      global = std::make_unique<RaceShadow>(buffer.numElements,
                                            /*sparse=*/true);
    shadow = global.get();
  }
  return shadow->record(element, access, clocks[warp], sameValue);
}

unsigned BlockRunner::pickWarp(ArrayRef<unsigned> candidates) {
  if (!orderState || candidates.size() == 1)
    return candidates.front();
  // A linear congruential step.
  orderState = orderState * 6364136223846793005ull + 1442695040888963407ull;
  return candidates[(orderState >> 33) % candidates.size()];
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
  SmallVector<unsigned> runnable;
  for (unsigned step = 1; step <= numWarps; ++step) {
    unsigned next = (warp + step) % numWarps;
    if (states[next] == WarpState::Runnable)
      runnable.push_back(next);
  }
  if (!runnable.empty()) {
    turn = pickWarp(runnable);
    wakeups[turn].notify_one();
    return;
  }
  turn = kNoTurn;
  bool waiting =
      llvm::any_of(states, [](WarpState s) { return s == WarpState::Waiting; });
  if (waiting && !aborted) {
    aborted = true;
    bool reported = false;
    // A warp that waits for registers holds up the warps that wait for it
    // at a barrier.
    if (!registerRequests.empty()) {
      RegisterRequest &first = registerRequests.front();
      first.op->emitError()
          << "[block (" << blockId[0] << ", " << blockId[1] << ", "
          << blockId[2] << ")] setmaxnreg.inc never gets its registers: warp "
          << first.warp << " waits for " << first.count
          << " registers per thread, "
          << (first.count - warpRegisters[first.warp]) * kWarpSize
          << " more, and the block's pool holds " << registerPool;
      reported = true;
    }
    for (unsigned id = 0; id < 16 && !reported; ++id) {
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
      reported = true;
    }
    for (auto &[key, barrier] : mbarriers) {
      if (reported || barrier.waiting.empty())
        continue;
      InFlightDiagnostic diag = barrier.op->emitError();
      diag << "[block (" << blockId[0] << ", " << blockId[1] << ", "
           << blockId[2] << ")] mbarrier " << key.second
           << " never completes its phase " << barrier.phase << ": warps";
      for (unsigned w : barrier.waiting)
        diag << " " << w;
      diag << " wait, " << barrier.expected - barrier.pending << " of "
           << barrier.expected << " threads arrived";
      reported = true;
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
  // A block barrier (`bar.sync 0` without a count, `barrier.sync.aligned`)
  // must be the same instruction in every thread: two ops of one block
  // reaching it together complete it on the GPU, but PTX leaves that
  // undefined and compute-sanitizer's synccheck reports "divergent
  // thread(s) in block".
  if (!threads && barrier.arrived && barrier.op != op) {
    InFlightDiagnostic diag =
        interp.error(op) << "block barrier reached at two different ops: "
                            "every thread of the block must reach the same "
                            "one (a block barrier is aligned)";
    diag.attachNote(barrier.op->getLoc()) << "the other warps wait here";
    return diag;
  }
  if (barrier.arrived && barrier.expected != expected)
    return interp.error(op) << "barrier " << id << " expects " << expected
                            << " threads here but " << barrier.expected
                            << " at the warps already waiting";
  barrier.expected = expected;
  barrier.op = op;
  release(warp, barrier.joined);
  barrier.arrived += kLanes;
  if (waits)
    barrier.waiting.push_back(warp);
  if (barrier.arrived < expected) {
    if (waits)
      states[warp] = WarpState::Waiting;
    return false;
  }
  for (unsigned w : barrier.waiting) {
    acquire(w, barrier.joined);
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
    return yieldToOtherBlocks();
  passTurn(warp);
  return success(waitTurn(warp));
}

LogicalResult BlockRunner::arrive(Interpreter &interp, Operation *op,
                                  unsigned warp, unsigned id, int64_t threads,
                                  LaneMask active) {
  return failure(failed(
      countArrival(interp, op, warp, id, threads, active, /*waits=*/false)));
}

BlockRunner::MBarrier *BlockRunner::getMBarrier(Interpreter &interp,
                                                Operation *op, Operation *group,
                                                int64_t index,
                                                bool initialised) {
  auto create = cast<nvgpu::MBarrierCreateOp>(group);
  int64_t count = create.getBarriers().getType().getNumBarriers();
  if (index < 0 || index >= count) {
    interp.error(op) << "mbarrier " << index << " outside the group of "
                     << count;
    return nullptr;
  }
  MBarrier &barrier = mbarriers[{group, index}];
  if (initialised && !barrier.expected) {
    interp.error(op) << "mbarrier " << index << " used before mbarrier.init";
    return nullptr;
  }
  barrier.op = op;
  return &barrier;
}

void BlockRunner::release(unsigned warp, VectorClock &into) {
  clocks[warp][warp]++;
  for (unsigned w = 0; w < numWarps; ++w)
    into[w] = std::max(into[w], clocks[warp][w]);
}

void BlockRunner::acquire(unsigned warp, const VectorClock &released) {
  for (unsigned k = 0; k < numWarps; ++k)
    clocks[warp][k] = std::max(clocks[warp][k], released[k]);
}

LogicalResult BlockRunner::initMBarrier(Interpreter &interp, Operation *op,
                                        Operation *group, int64_t index,
                                        int64_t count) {
  std::lock_guard<std::mutex> lock(mutex);
  MBarrier *barrier =
      getMBarrier(interp, op, group, index, /*initialised=*/false);
  if (!barrier)
    return failure();
  if (count <= 0)
    return interp.error(op)
           << "mbarrier initialised to expect " << count << " arrivals";
  if (barrier->expected)
    return interp.error(op)
           << "mbarrier " << index
           << " initialised again while valid (PTX leaves that undefined)";
  *barrier = MBarrier();
  barrier->releasing.assign(numWarps, 0);
  barrier->completed.assign(numWarps, 0);
  barrier->expected = barrier->pending = count;
  barrier->op = op;
  return success();
}

FailureOr<uint64_t> BlockRunner::arriveMBarrier(Interpreter &interp,
                                                Operation *op, Operation *group,
                                                int64_t index, unsigned warp,
                                                LaneMask active) {
  std::lock_guard<std::mutex> lock(mutex);
  MBarrier *barrier = getMBarrier(interp, op, group, index);
  if (!barrier)
    return failure();
  int64_t lanes = llvm::popcount(active);
  if (lanes > barrier->pending)
    return interp.error(op) << "arrival of " << lanes << " threads at mbarrier "
                            << index << ", whose phase " << barrier->phase
                            << " expects only " << barrier->pending << " more";
  uint64_t phase = barrier->phase;
  release(warp, barrier->releasing);
  barrier->pending -= lanes;
  if (barrier->pending == 0) {
    barrier->completed = barrier->releasing;
    barrier->releasing.assign(numWarps, 0);
    barrier->pending = barrier->expected;
    ++barrier->phase;
    for (unsigned w : barrier->waiting) {
      acquire(w, barrier->completed);
      states[w] = WarpState::Runnable;
    }
    barrier->waiting.clear();
  }
  return phase;
}

LogicalResult BlockRunner::waitMBarrierParity(Interpreter &interp,
                                              Operation *op, Operation *group,
                                              int64_t index, unsigned warp,
                                              bool parity) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    MBarrier *barrier = getMBarrier(interp, op, group, index);
    if (!barrier)
      return failure();
    if ((barrier->phase & 1) != parity) {
      // The phase of that parity is the one that completed last.
      acquire(warp, barrier->completed);
      return success();
    }
    barrier->waiting.push_back(warp);
    states[warp] = WarpState::Waiting;
  }
  passTurn(warp);
  return success(waitTurn(warp));
}

LogicalResult BlockRunner::setMaxRegisters(Interpreter &interp, Operation *op,
                                           unsigned warp, int64_t budget,
                                           int64_t count, bool increase) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    warpRegisters.resize(numWarps, 0);
    int64_t &current = warpRegisters[warp];
    if (current == 0)
      current = budget;
    if (increase ? count < current : count > current)
      return interp.error(op)
             << "setmaxnreg." << (increase ? "inc" : "dec") << " to " << count
             << " registers per thread in a warp that has " << current;
    if (!increase) {
      registerPool += (current - count) * kWarpSize;
      current = count;
      // Requests the pool now holds are granted, oldest first.
      while (!registerRequests.empty()) {
        RegisterRequest &next = registerRequests.front();
        int64_t need = (next.count - warpRegisters[next.warp]) * kWarpSize;
        if (need > registerPool)
          break;
        registerPool -= need;
        warpRegisters[next.warp] = next.count;
        states[next.warp] = WarpState::Runnable;
        registerRequests.erase(registerRequests.begin());
      }
      return success();
    }
    int64_t need = (count - current) * kWarpSize;
    if (registerRequests.empty() && need <= registerPool) {
      registerPool -= need;
      current = count;
      return success();
    }
    registerRequests.push_back({warp, count, op});
    states[warp] = WarpState::Waiting;
  }
  passTurn(warp);
  return success(waitTurn(warp));
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
    // A gpu.func's attribution may ask for an alignment (`llvm.align`, which
    // the lowering gives its global).
    uint64_t alignment = 0;
    auto arg = cast<BlockArgument>(buffer);
    if (auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp()))
      if (auto align =
              dyn_cast_or_null<IntegerAttr>(func.getWorkgroupAttributionAttr(
                  arg.getArgNumber() - func.getNumArguments(),
                  LLVM::LLVMDialect::getAlignAttrName())))
        alignment = align.getInt();
    std::string why;
    Buffer *b = allocateShared(type.getElementType(), type.getNumElements(),
                               name, alignment, why);
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

  // The first warp: warp 0, or one chosen by the warp-order seed (without
  // barriers, warps run one after the other in that order).
  SmallVector<unsigned> all = llvm::to_vector(llvm::seq<unsigned>(0, numWarps));
  if (!launch.hasBarriers) {
    while (!all.empty()) {
      unsigned w = pickWarp(all);
      if (failed(runWarp(w)))
        return failure();
      llvm::erase(all, w);
    }
    return success();
  }

  turn = pickWarp(all);
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
  if (aborted)
    return failure();
  return checkBarriersAtExit();
}

LogicalResult BlockRunner::checkBarriersAtExit() {
  // Arrivals that no phase completed: a signal that nobody waits for (a
  // release too many), or one whose partner was skipped, which on an
  // mbarrier can let a phase complete early.
  auto where = [&] {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "[block (" << blockId[0] << ", " << blockId[1] << ", " << blockId[2]
       << ")] ";
    return text;
  };
  for (unsigned id = 0; id < 16; ++id)
    if (barriers[id].arrived)
      return barriers[id].op->emitError()
             << where() << "the block ends with " << barriers[id].arrived
             << " of the " << barriers[id].expected << " threads of barrier "
             << id << " arrived: an arrive that no sync completed";
  for (auto &[key, barrier] : mbarriers)
    if (barrier.expected && barrier.pending != barrier.expected)
      return barrier.op->emitError()
             << where() << "the block ends with phase " << barrier.phase
             << " of mbarrier " << key.second << " incomplete, "
             << barrier.expected - barrier.pending << " of " << barrier.expected
             << " threads arrived: an arrival without its partners";
  // A copy no wait retired: its destination may or may not hold the data
  // when the block's threads read it, and nothing orders it with them.
  for (auto [thread, copies] : llvm::enumerate(asyncCopies)) {
    Operation *copy = nullptr;
    if (!copies.uncommitted.empty())
      copy = copies.uncommitted.front().copy;
    for (const std::vector<AsyncWrite> &group : copies.groups)
      if (!copy && !group.empty())
        copy = group.front().copy;
    if (!copy)
      continue;
    return copy->emitError() << where() << "thread " << thread
                             << " ends with an asynchronous copy that no "
                                "nvgpu.device_async_wait completed";
  }
  return success();
}

Operation *BlockRunner::pendingAsyncWrite(int64_t thread, const Buffer *buffer,
                                          int64_t element) const {
  if (asyncCopies.size() <= static_cast<size_t>(thread))
    return nullptr;
  const AsyncCopies &copies = asyncCopies[thread];
  auto find = [&](const std::vector<AsyncWrite> &writes) -> Operation * {
    for (const AsyncWrite &w : writes)
      if (w.buffer == buffer && w.element == element)
        return w.copy;
    return nullptr;
  };
  if (Operation *copy = find(copies.uncommitted))
    return copy;
  for (const std::vector<AsyncWrite> &group : copies.groups)
    if (Operation *copy = find(group))
      return copy;
  return nullptr;
}
