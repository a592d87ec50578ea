//===- ExecStructure.cpp - wc warp jobs, virtual threads, job loops -------===//
//
// The simulator's semantics of the `wc` structure ops, taken from their
// specification rather than from their lowering, so that running a program
// before and after `convert-wc-to-nvvm` checks the lowering.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "WC/Dialect/WC/IR/WC.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

/// Runs each virtual thread of the lanes of `mask` through the body.
static LogicalResult executeVThreads(Interpreter &interp, VThreadsOp op,
                                     LaneMask mask) {
  WarpJobOp job = op.getWarpJob();
  ArrayRef<int64_t> block = job.getBlock();
  int64_t threads = job.getBlockSize();
  int64_t vthreads = job.getVirtualThreads();
  SmallVector<WarpValue> results;
  for (Value result : op.getResults())
    results.push_back(WarpValue::perLane(
        cast<VectorType>(result.getType()).getNumElements()));
  Block &body = op.getBody().front();
  for (int64_t v = 0; v < vthreads; ++v) {
    LaneMask lanes = 0;
    WarpValue ids[3] = {WarpValue::perLane(), WarpValue::perLane(),
                        WarpValue::perLane()};
    forEachLane(mask, [&](unsigned lane) {
      int64_t linear = v * kLanes + lane;
      if (linear >= threads)
        return;
      lanes |= 1u << lane;
      ids[0].bits[lane] = linear % block[0];
      ids[1].bits[lane] = (linear / block[0]) % block[1];
      ids[2].bits[lane] = linear / (block[0] * block[1]);
    });
    if (!lanes)
      continue;
    FailureOr<SmallVector<WarpValue>> yielded = interp.runBody(
        body, {WarpValue::scalar(v), ids[0], ids[1], ids[2]}, lanes);
    if (failed(yielded))
      return failure();
    for (auto [result, value] : llvm::zip(results, *yielded))
      forEachLane(lanes, [&](unsigned l) { result.at(l, v) = value.get(l); });
  }
  for (auto [result, value] : llvm::zip(op.getResults(), results))
    interp.set(result, std::move(value));
  return success();
}

/// The 3-D id of job number `job` in `grid` walked in `order`.
static void delinearizeJob(uint64_t job, const uint64_t grid[3],
                           PartitionOrder order, uint64_t ids[3]) {
  if (order == PartitionOrder::x_major) {
    ids[0] = job % grid[0];
    ids[1] = (job / grid[0]) % grid[1];
  } else {
    ids[1] = job % grid[1];
    ids[0] = (job / grid[1]) % grid[0];
  }
  ids[2] = job / (grid[0] * grid[1]);
}

/// Takes a ticket: adds 1 to `counter[slot]` as one atomic of the warp;
/// returns the old value.
static FailureOr<uint64_t> takeTicket(Interpreter &interp, Operation *op,
                                      const MemRefDesc &counter, int64_t slot,
                                      unsigned lane) {
  FailureOr<int64_t> element = interp.resolveElement(op, counter, {slot}, lane);
  if (failed(element))
    return failure();
  uint64_t old = counter.buffer->load(*element);
  counter.buffer->store(*element,
                        truncateTo(counter.buffer->elementType, old + 1));
  return old;
}

/// Runs the jobs of `op` that the executing agent takes.
static LogicalResult executeJobLoop(Interpreter &interp, JobLoopOp op,
                                    LaneMask mask) {
  unsigned lane = __builtin_ctz(mask);
  auto uniformScalar = [&](Value v, StringRef what) -> FailureOr<uint64_t> {
    const WarpValue &value = interp.get(v);
    uint64_t first = value.get(lane);
    bool uniform = true;
    forEachLane(mask, [&](unsigned l) { uniform &= value.get(l) == first; });
    if (!uniform)
      return interp.error(op, mask) << what
                                    << " differs across the lanes of "
                                       "the agent";
    return first;
  };
  FailureOr<uint64_t> gx = uniformScalar(op.getGridX(), "the job grid"),
                      gy = uniformScalar(op.getGridY(), "the job grid"),
                      gz = uniformScalar(op.getGridZ(), "the job grid"),
                      agent = uniformScalar(op.getAgent(), "the agent id"),
                      agents = uniformScalar(op.getAgents(), "the agent count");
  if (failed(gx) || failed(gy) || failed(gz) || failed(agent) || failed(agents))
    return failure();
  uint64_t grid[3] = {*gx, *gy, *gz};
  uint64_t jobs = grid[0] * grid[1] * grid[2];
  uint64_t active = *agents;
  if (std::optional<int64_t> maxAgents = op.getMaxAgents())
    active = std::min<uint64_t>(active, *maxAgents);
  if (*agent >= active)
    return success();

  Block &body = op.getBody().front();
  auto runJob = [&](uint64_t job) -> LogicalResult {
    uint64_t ids[3];
    delinearizeJob(job, grid, op.getOrder(), ids);
    return interp.runBody(body,
                          {WarpValue::scalar(ids[0]), WarpValue::scalar(ids[1]),
                           WarpValue::scalar(ids[2])},
                          mask);
  };
  if (op.getSchedule() == Schedule::static_stride) {
    for (uint64_t job = *agent; job < jobs; job += active)
      if (failed(runJob(job)))
        return failure();
    return success();
  }
  // Chunks of jobs `active` apart, as the lowering takes them: chunk q
  // holds jobs (q mod A) + span (q div A) + k A, k < chunk, span = A x
  // chunk; the agent's own chunks first (q = agent + r A in the rounds
  // getOwnChunkRounds gives), then the counter's chunks (past the agents'
  // own): with K = min(counters, A), the agent draws from counter g =
  // agent mod K, whose t-th ticket names chunk S A + g + K t; each ticket
  // is taken when the agent starts the chunk before. Where tickets are
  // taken, the last round's chunks hold one job each.
  const MemRefDesc &counter = *interp.get(op.getCounter()).ref(lane);
  uint64_t chunk = std::max<uint64_t>(1, jobs / (kChunksPerAgent * active));
  uint64_t span = active * chunk;
  uint64_t rounds = (jobs + span - 1) / span;
  uint64_t ownRounds = getOwnChunkRounds(rounds);
  bool ticketed = takesTickets(jobs, active);
  assert(ticketed == (ownRounds < rounds) && "takesTickets disagrees with "
                                             "getOwnChunkRounds");
  // (No round at all: no job, and the loop below ends at once.)
  uint64_t firstTicketed = ownRounds * active;
  uint64_t lastOwn = ownRounds ? firstTicketed - active : 0;
  uint64_t groups = std::min<uint64_t>(
      getTicketCounterCount(counter.sizes.empty() ? 1 : counter.sizes[0]),
      active);
  uint64_t group = *agent % groups;
  int64_t slot = group * kTicketCounterStride;
  // The chunks with a job; every agent of the group draws tickets until one
  // names a chunk without a job, so the group's last ticket is its chunks
  // and one more per agent; its drawer zeroes the counter.
  // Where tickets are taken, the last round R - 1 comes in chunks of one
  // job: chunk (R - 1) A + i is job (R - 1) span + i.
  uint64_t lastRoundChunk = rounds ? (rounds - 1) * active : 0;
  uint64_t lastRoundJob = rounds ? (rounds - 1) * span : 0;
  uint64_t chunks = lastRoundChunk + jobs - lastRoundJob;
  auto countInGroup = [&](uint64_t total) {
    return total > group ? (total - group + groups - 1) / groups : 0;
  };
  uint64_t lastTicket =
      ticketed ? countInGroup(chunks - firstTicketed) + countInGroup(active) - 1
               : 0;
  for (uint64_t q = *agent;;) {
    bool single = ticketed && q >= lastRoundChunk;
    uint64_t start = single ? lastRoundJob + (q - lastRoundChunk)
                            : q % active + span * (q / active);
    if (start >= jobs)
      break;
    bool takesTicket = ticketed && q >= lastOwn;
    uint64_t ticket = 0;
    if (takesTicket) {
      FailureOr<uint64_t> taken = takeTicket(interp, op, counter, slot, lane);
      if (failed(taken))
        return failure();
      ticket = *taken;
    }
    for (uint64_t job = start,
                  end = single ? start + 1 : std::min(start + span, jobs);
         job < end; job += active)
      if (failed(runJob(job)))
        return failure();
    q = takesTicket ? firstTicketed + group + groups * ticket : q + active;
    if (takesTicket && ticket == lastTicket) {
      FailureOr<int64_t> element =
          interp.resolveElement(op, counter, {slot}, lane);
      if (failed(element))
        return failure();
      counter.buffer->store(*element, 0);
    }
  }
  return success();
}

FailureOr<bool> sim::executeWCStructureOp(Interpreter &interp, Operation &op,
                                          LaneMask mask) {
  if (!isa<WarpJobOp, VThreadsOp, JobLoopOp>(op))
    return false;
  if (!interp.isDevice())
    return interp.error(&op) << "'" << op.getName()
                             << "' executed on the host: it is a device "
                                "operation";
  return llvm::TypeSwitch<Operation *, FailureOr<bool>>(&op)
      .Case([&](WarpJobOp job) -> FailureOr<bool> {
        if (mask != kAllLanes)
          return interp.error(&op, ~mask)
                 << "a warp job needs all 32 lanes; these are inactive";
        return handled(interp.runBody(job.getBody().front(), {}, mask));
      })
      .Case([&](VThreadsOp vthreads) {
        return handled(executeVThreads(interp, vthreads, mask));
      })
      .Case([&](JobLoopOp loop) {
        return handled(executeJobLoop(interp, loop, mask));
      });
}
