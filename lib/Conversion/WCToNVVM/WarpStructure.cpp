//===- WarpStructure.cpp - Expand warp jobs, vthreads and job loops -------===//
//
// Rewrites the structure ops of the `wc` dialect into ordinary control flow
// run by every lane: a warp job is inlined, its virtual-thread phases are
// unrolled with the original thread ids rebuilt from the lane id, a job
// loop becomes a strided `scf.for` or a ticket-fed `scf.while`, and warp
// roles become branches on the warp id (WarpRoles.cpp).
//
//===----------------------------------------------------------------------===//

#include "WC/Conversion/WCToNVVM/WCToNVVM.h"
#include "WC/Dialect/WC/Utils/IndexUtils.h"
#include "WarpPrimitives.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::wc;

/// Moves the operations of `body` but its terminator to the insertion point
/// of `b`, after replacing the block arguments by `args`.
static void spliceBody(OpBuilder &b, Block &body, ValueRange args) {
  for (auto [arg, value] : llvm::zip(body.getArguments(), args))
    arg.replaceAllUsesWith(value);
  Block *dest = b.getInsertionBlock();
  dest->getOperations().splice(b.getInsertionPoint(), body.getOperations(),
                               body.begin(), std::prev(body.end()));
}

/// Unrolls `op` once per virtual thread of the lane.
static void expandVThreads(VThreadsOp op) {
  WarpJobOp job = op.getWarpJob();
  int64_t blockSize = job.getBlockSize();
  int64_t vthreads = job.getVirtualThreads();
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);

  Block &body = op.getBody().front();
  auto yield = cast<YieldOp>(body.getTerminator());
  SmallVector<SmallVector<Value>> gathered(op.getNumResults());

  for (int64_t v = 0; v < vthreads; ++v) {
    Value linear = b.createOrFold<arith::AddIOp>(
        loc, lane, createIndexConstant(b, loc, v * wc::kWarpSize));
    IRMapping mapping;
    mapping.map(op.getVirtualThreadIndex(), createIndexConstant(b, loc, v));
    int64_t limit = std::min(blockSize, (v + 1) * wc::kWarpSize);
    for (auto [arg, id] : llvm::zip(
             op.getThreadIds(),
             delinearize(b, loc, linear,
                         getAsIndexOpFoldResult(b.getContext(), job.getBlock()),
                         limit)))
      mapping.map(arg, id);
    // A yielded value defined outside the phase (hoisted or folded by
    // canonicalization) is yielded as it is by every virtual thread.
    auto cloneBody = [&](OpBuilder &inner) {
      for (Operation &nested : body.without_terminator())
        inner.clone(nested, mapping);
      return llvm::map_to_vector(yield.getValues(), [&](Value v) {
        return mapping.lookupOrDefault(v);
      });
    };

    SmallVector<Value> values;
    if ((v + 1) * wc::kWarpSize <= blockSize) {
      values = cloneBody(b);
    } else {
      // Part of the last virtual-thread group lies past the block's end.
      Value active =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, linear,
                                createIndexConstant(b, loc, blockSize));
      auto ifOp = scf::IfOp::create(
          b, loc, active,
          [&](OpBuilder &then, Location l) {
            scf::YieldOp::create(then, l, cloneBody(then));
          },
          [&](OpBuilder &otherwise, Location l) {
            SmallVector<Value> zeros;
            for (Value v : yield.getValues())
              zeros.push_back(arith::ConstantOp::create(
                  otherwise, l, otherwise.getZeroAttr(v.getType())));
            scf::YieldOp::create(otherwise, l, zeros);
          });
      values = ifOp.getResults();
    }
    for (auto [list, value] : llvm::zip(gathered, values))
      list.push_back(value);
  }

  SmallVector<Value> results;
  for (auto [result, list] : llvm::zip(op.getResults(), gathered))
    results.push_back(
        vector::FromElementsOp::create(b, loc, result.getType(), list));
  op->replaceAllUsesWith(results);
  op->erase();
}

/// Inlines the body of `op` where it stands.
static void expandWarpJob(WarpJobOp op) {
  OpBuilder b(op);
  spliceBody(b, op.getBody().front(), {});
  op->erase();
}

/// Splits job number `job` into a 3-D job id of `grid` in `order`.
static SmallVector<Value, 3> delinearizeJob(OpBuilder &b, Location loc,
                                            Value job, ValueRange grid,
                                            PartitionOrder order) {
  if (order == PartitionOrder::x_major)
    return delinearize(b, loc, job, SmallVector<OpFoldResult>(grid));
  SmallVector<Value, 3> yxz = delinearize(
      b, loc, job, SmallVector<OpFoldResult>{grid[1], grid[0], grid[2]});
  return {yxz[1], yxz[0], yxz[2]};
}

/// Emits the ticket take of the dynamic schedule: lane 0 adds 1 to
/// `counter[slot]` (i32); the old value in lane 0, 0 in the others.
static Value createTicketTake(OpBuilder &b, Location loc, Value counter,
                              Value slot, Value isLeader) {
  auto ifOp = scf::IfOp::create(
      b, loc, isLeader,
      [&](OpBuilder &then, Location l) {
        Value ticket = memref::AtomicRMWOp::create(
            then, l, arith::AtomicRMWKind::addi, createI32(then, l, 1), counter,
            ValueRange{slot});
        scf::YieldOp::create(then, l, ticket);
      },
      [&](OpBuilder &otherwise, Location l) {
        scf::YieldOp::create(otherwise, l, createI32(otherwise, l, 0));
      });
  return ifOp.getResult(0);
}

/// Broadcasts lane 0's `ticket` to the warp, as an index.
static Value createTicketBroadcast(OpBuilder &b, Location loc, Value ticket) {
  Value job = createShuffle(b, loc, ShuffleMode::idx, ticket,
                            createI32(b, loc, 0), wc::kWarpSize,
                            /*mask=*/nullptr);
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), job);
}

/// Emits at `b` the loop over jobs `from`, `from + step`, ... below `to`
/// with the body of job loop `op`: moved there, or, with `copy`, cloned
/// (the body is then emitted again elsewhere).
static void createJobStrideLoop(OpBuilder &b, JobLoopOp op, Value from,
                                Value to, Value step, bool copy) {
  Location loc = op.getLoc();
  auto loop = scf::ForOp::create(b, loc, from, to, step);
  OpBuilder inner = OpBuilder::atBlockTerminator(loop.getBody());
  SmallVector<Value, 3> ids = delinearizeJob(
      inner, loc, loop.getInductionVar(),
      {op.getGridX(), op.getGridY(), op.getGridZ()}, op.getOrder());
  Block &body = op.getBody().front();
  if (!copy) {
    spliceBody(inner, body, ids);
    return;
  }
  IRMapping mapping;
  mapping.map(body.getArguments(), ids);
  for (Operation &nested : body.without_terminator())
    inner.clone(nested, mapping);
}

/// Emits the dynamic schedule of `op` for `agents` agents over `jobs` jobs
/// at `b` (inside the active agents' guard). Chunk q holds the jobs
/// (q mod A) + span (q div A) + k A, k < C, span = A C, in R = ceil(jobs /
/// span) rounds of A chunks; each agent runs the chunks of the first S =
/// getOwnChunkRounds(R) rounds as its own. The chunks after those come by
/// ticket: with K = min(counters, A), agent a draws from counter g = a mod
/// K, whose t-th ticket names chunk S A + g + K t. The chunks of the last
/// round, which come by ticket, hold one job each (chunk (R - 1) A + i is
/// job (R - 1) span + i): with chunks of C jobs there, the busiest agent
/// ran up to C - 1 jobs more than under the static schedule.
///
/// Where S = R (see takesTickets: no division needed), the own chunks are
/// all of the static schedule's rounds, and the schedule is its loop. In
/// the other branch the own chunks but the last are the static schedule's
/// first (S - 1) C rounds, and run as its loop; a loop over chunks follows,
/// from the agent's last own chunk: each chunk takes the ticket of the next
/// before it runs and reads it after, so that the atomic's latency overlaps
/// the jobs. The body is emitted three times: a grid without tickets runs
/// the static schedule's code alone, which the chunk loop's figures and
/// registers do not touch (sharing a kernel with them, grids that take no
/// ticket ran up to 24% slower, with more spills), and in a grid with
/// tickets most jobs run in the static loop (with all of them in the chunk
/// loop, hotspot ran 10% slower).
static void expandDynamicJobLoop(OpBuilder &b, JobLoopOp op, Value jobs,
                                 Value agents) {
  Location loc = op.getLoc();
  Value counter = op.getCounter();
  Type index = b.getIndexType();
  auto constant = [&](OpBuilder &builder, int64_t value) {
    return createIndexConstant(builder, loc, value);
  };
  // takesTickets, at run time.
  Value usesTickets = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ugt, jobs,
      arith::MulIOp::create(b, loc, agents, constant(b, kOwnOnlyRounds)));
  auto ifTickets = scf::IfOp::create(b, loc, usesTickets, /*withElse=*/true);
  // No ticket: the static schedule, with a copy of the body.
  OpBuilder otherwise = ifTickets.getElseBodyBuilder();
  createJobStrideLoop(otherwise, op, op.getAgent(), jobs, agents,
                      /*copy=*/true);

  OpBuilder then = ifTickets.getThenBodyBuilder();
  Location l = loc;
  auto constantHere = [&](int64_t value) { return constant(then, value); };
  // Chunks of C = max(1, jobs / (8 A)) jobs, rounds of span = A C jobs,
  // R = ceil(jobs / span) of them; S = getOwnChunkRounds(R) where R >
  // kOwnOnlyRounds: max(R - kTicketedChunkRounds, kOwnOnlyRounds), which is
  // max(R, kTicketedChunkRounds + kOwnOnlyRounds) - kTicketedChunkRounds
  // (R may be below kTicketedChunkRounds).
  Value chunk = arith::MaxUIOp::create(
      then, l,
      arith::DivUIOp::create(
          then, l, jobs,
          arith::MulIOp::create(then, l, agents,
                                constantHere(kChunksPerAgent))),
      constantHere(1));
  Value span = arith::MulIOp::create(then, l, agents, chunk);
  Value rounds = arith::CeilDivUIOp::create(then, l, jobs, span);
  Value ownRounds = arith::SubIOp::create(
      then, l,
      arith::MaxUIOp::create(
          then, l, rounds, constantHere(kTicketedChunkRounds + kOwnOnlyRounds)),
      constantHere(kTicketedChunkRounds));
  // The own chunks but the last: the static schedule's loop over the jobs
  // below (S - 1) span, with a copy of the body (in the chunk loop, the
  // body would share the registers of the loop's figures).
  createJobStrideLoop(
      then, op, op.getAgent(),
      arith::MulIOp::create(
          then, l, span,
          arith::SubIOp::create(then, l, ownRounds, constantHere(1))),
      agents, /*copy=*/true);
  Value firstTicketed = arith::MulIOp::create(then, l, agents, ownRounds);
  // The first chunk of the last own round, (S - 1) A.
  Value lastOwnRound = arith::SubIOp::create(then, l, firstTicketed, agents);
  // The last round, R - 1, comes by ticket in chunks of one job: its
  // first chunk (R - 1) A and first job (R - 1) span. N, the chunks with a
  // job: the A of each earlier round, and one per job of the last.
  Value lastRound = arith::SubIOp::create(then, l, rounds, constantHere(1));
  Value lastRoundChunk = arith::MulIOp::create(then, l, agents, lastRound);
  Value lastRoundJob = arith::MulIOp::create(then, l, span, lastRound);
  Value chunks =
      arith::AddIOp::create(then, l, lastRoundChunk,
                            arith::SubIOp::create(then, l, jobs, lastRoundJob));
  // The agent's counter g = a mod K and the ticket its last drawer draws:
  // each agent of the group draws until a ticket names a chunk past N, so
  // the group's tickets are its chunks, ceil((N - S A - g) / K), and one
  // more per agent, ceil((A - g) / K); the drawer of the last zeroes it.
  auto counterType = cast<MemRefType>(counter.getType());
  Value counters =
      counterType.hasStaticShape()
          ? constantHere(getTicketCounterCount(counterType.getDimSize(0)))
          : arith::CeilDivUIOp::create(
                then, l, memref::DimOp::create(then, l, counter, 0),
                constantHere(kTicketCounterStride))
                .getResult();
  Value groups = arith::MinUIOp::create(then, l, counters, agents);
  Value group = arith::RemUIOp::create(then, l, op.getAgent(), groups);
  Value slot =
      arith::MulIOp::create(then, l, group, constantHere(kTicketCounterStride));
  auto countIn = [&](Value total) { // ceil((total - g) / K), total >= g
    return arith::DivUIOp::create(
        then, l,
        arith::SubIOp::create(
            then, l,
            arith::AddIOp::create(
                then, l, total,
                arith::SubIOp::create(then, l, groups, constantHere(1))),
            group),
        groups);
  };
  Value ticketedChunks = arith::SubIOp::create(then, l, chunks, firstTicketed);
  Value lastTicket = arith::SubIOp::create(
      then, l,
      arith::AddIOp::create(
          then, l,
          countIn(arith::MaxUIOp::create(then, l, ticketedChunks, group)),
          countIn(agents)),
      constantHere(1));
  Value lastTicketI32 =
      arith::IndexCastUIOp::create(then, l, then.getI32Type(), lastTicket);
  Value firstOfGroup = arith::AddIOp::create(then, l, firstTicketed, group);

  Value lane = gpu::LaneIdOp::create(then, l, /*upperBound=*/nullptr);
  Value isLeader = arith::CmpIOp::create(then, l, arith::CmpIPredicate::eq,
                                         lane, constantHere(0));
  Type i32 = then.getI32Type();
  Value agentsI32 = arith::IndexCastUIOp::create(then, l, i32, agents);
  Value lastRoundChunkI32 =
      arith::IndexCastUIOp::create(then, l, i32, lastRoundChunk);
  // The loop carries the chunk number q, from the agent's last own chunk;
  // its body gets the chunk's first job and the end of its jobs.
  Value lastOwn = arith::AddIOp::create(then, l, op.getAgent(), lastOwnRound);
  scf::WhileOp::create(
      then, l, TypeRange{index, index}, ValueRange{lastOwn},
      [&](OpBuilder &before, Location bl, ValueRange args) {
        // Chunk numbers are i32 (they come from the i32 ticket): one
        // 32-bit division gives the round and the agent. The largest, N +
        // A, is below jobs / 8 + 17 A (the last round's one-job chunks), so
        // grids of up to about 2^34 jobs.
        Value q = arith::IndexCastUIOp::create(before, bl, i32, args[0]);
        Value round = arith::DivUIOp::create(before, bl, q, agentsI32);
        Value owner = arith::SubIOp::create(
            before, bl, q, arith::MulIOp::create(before, bl, round, agentsI32));
        auto toIndex = [&](Value v) {
          return arith::IndexCastUIOp::create(before, bl, index, v);
        };
        // A chunk of an earlier round: C jobs A apart, from owner + span
        // round; one of the last round: the job (R - 1) span + q - (R - 1)
        // A.
        Value inRounds = arith::CmpIOp::create(
            before, bl, arith::CmpIPredicate::ult, q, lastRoundChunkI32);
        Value start = arith::SelectOp::create(
            before, bl, inRounds,
            arith::AddIOp::create(
                before, bl, toIndex(owner),
                arith::MulIOp::create(before, bl, span, toIndex(round))),
            arith::AddIOp::create(before, bl, lastRoundJob,
                                  toIndex(arith::SubIOp::create(
                                      before, bl, q, lastRoundChunkI32))));
        Value end = arith::AddIOp::create(
            before, bl, start,
            arith::SelectOp::create(before, bl, inRounds, span,
                                    constant(before, 1)));
        Value more = arith::CmpIOp::create(
            before, bl, arith::CmpIPredicate::ult, start, jobs);
        scf::ConditionOp::create(before, bl, more, ValueRange{start, end});
      },
      [&](OpBuilder &after, Location al, ValueRange args) {
        Value start = args[0], end = args[1];
        Value ticket = createTicketTake(after, al, counter, slot, isLeader);
        createJobStrideLoop(after, op, start, end, agents, /*copy=*/false);
        Value next = arith::AddIOp::create(
            after, al, firstOfGroup,
            arith::MulIOp::create(after, al, groups,
                                  createTicketBroadcast(after, al, ticket)));
        Value resets = arith::AndIOp::create(
            after, al, isLeader,
            arith::CmpIOp::create(after, al, arith::CmpIPredicate::eq, ticket,
                                  lastTicketI32));
        scf::IfOp::create(after, al, resets, [&](OpBuilder &last, Location ll) {
          memref::AtomicRMWOp::create(last, ll, arith::AtomicRMWKind::assign,
                                      createI32(last, ll, 0), counter,
                                      ValueRange{slot});
          scf::YieldOp::create(last, ll);
        });
        scf::YieldOp::create(after, al, next);
      });
}

/// Rewrites `op` into the job loop of its schedule.
static void expandJobLoop(JobLoopOp op, const TargetDescription &target) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  op.getAgentMutable().assign(createWarpUniform(b, loc, op.getAgent(), target));
  SmallVector<Value, 3> grid = {op.getGridX(), op.getGridY(), op.getGridZ()};
  Value jobs = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, grid[0], grid[1]), grid[2]);
  Value agents = op.getAgents();
  if (std::optional<int64_t> maxAgents = op.getMaxAgents())
    agents = arith::MinUIOp::create(b, loc, agents,
                                    createIndexConstant(b, loc, *maxAgents));
  Value active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                       op.getAgent(), agents);
  auto guard = scf::IfOp::create(b, loc, active, /*withElseRegion=*/false);
  b.setInsertionPoint(guard.thenBlock()->getTerminator());

  if (op.getSchedule() == Schedule::static_stride) {
    createJobStrideLoop(b, op, op.getAgent(), jobs, agents, /*copy=*/false);
  } else {
    expandDynamicJobLoop(b, op, jobs, agents);
  }
  op->erase();
}

void wc::expandWarpStructure(Operation *root, const TargetDescription &target,
                             bool useMBarriers) {
  SmallVector<VThreadsOp> phases;
  SmallVector<WarpJobOp> jobs;
  SmallVector<JobLoopOp> loops;
  SmallVector<WarpSpecializeOp> roles;
  root->walk([&](Operation *op) {
    if (auto phase = dyn_cast<VThreadsOp>(op))
      phases.push_back(phase);
    else if (auto job = dyn_cast<WarpJobOp>(op))
      jobs.push_back(job);
    else if (auto loop = dyn_cast<JobLoopOp>(op))
      loops.push_back(loop);
    else if (auto specialize = dyn_cast<WarpSpecializeOp>(op))
      roles.push_back(specialize);
  });
  expandWarpSpecializeOps(roles, target, useMBarriers);
  // Phases need their enclosing job's shape, so they go first; loops only
  // move their bodies, so the order among jobs and loops does not matter.
  // The verifier keeps job loops out of jobs and phases: unrolling a phase
  // never erases a loop of the list.
  for (VThreadsOp phase : phases)
    expandVThreads(phase);
  for (WarpJobOp job : jobs)
    expandWarpJob(job);
  for (JobLoopOp loop : loops)
    expandJobLoop(loop, target);
}
