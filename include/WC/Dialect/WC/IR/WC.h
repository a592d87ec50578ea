//===- WC.h - Warp-Consolidation dialect ------------------------*- C++ -*-===//
//
// Declares the `wc` dialect, its types, enums and operations.
//
//===----------------------------------------------------------------------===//

#ifndef WC_DIALECT_WC_IR_WC_H
#define WC_DIALECT_WC_IR_WC_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "WC/Dialect/WC/IR/WCDialect.h.inc"
#include "WC/Dialect/WC/IR/WCEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "WC/Dialect/WC/IR/WCAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "WC/Dialect/WC/IR/WCTypes.h.inc"

#define GET_OP_CLASSES
#include "WC/Dialect/WC/IR/WCOps.h.inc"

namespace mlir {
namespace wc {
/// The arith reduction kind that computes combining kind `kind` on values of
/// `type` (e.g. add on f32 is addf); its identity (arith::getIdentityValue)
/// is the identity of `kind` everywhere in wc.
arith::AtomicRMWKind getArithReductionKind(CombiningKind kind, Type type);
/// The wc combining kind of a `gpu` reduction kind.
CombiningKind getCombiningKind(gpu::AllReduceOperation op);
/// The `gpu` reduction kind of a wc combining kind.
gpu::AllReduceOperation getAllReduceOperation(CombiningKind kind);
/// The combining kind of an atomic read-modify-write (the inverse of
/// getArithReductionKind), or nullopt for `assign`.
std::optional<CombiningKind> getCombiningKind(arith::AtomicRMWKind kind);
/// Whether `wc.aggregated_atomic_rmw` takes `kind`: and, or, and the
/// integer minima and maxima.
bool isAggregatedRMWKind(CombiningKind kind);
/// The combining kind that arith op `op` applies to its two operands
/// (`arith.addf` and `addi` are add, `arith.maxsi` is maxsi, ...), or
/// nullopt.
std::optional<CombiningKind> getCombiningKindOf(Operation *op);
/// The combining kind of `reduce`: its op, or the one combining op its
/// region applies to the region's two arguments; nullopt for any other
/// region.
std::optional<CombiningKind> getAllReduceKind(gpu::AllReduceOp reduce);
/// The identity of `kind` on `type` (-0.0 for a float sum; index min and
/// max at 64 bits, which upstream's arith::getIdentityValue lacks).
Value createCombiningIdentity(OpBuilder &b, Location loc, CombiningKind kind,
                              Type type);
/// `lhs` combined with `rhs` by `kind`.
Value createCombine(OpBuilder &b, Location loc, CombiningKind kind, Value lhs,
                    Value rhs);

/// About how many chunks of jobs each agent of a dynamic `wc.job_loop`
/// takes: a chunk is max(1, jobs / (kChunksPerAgent * active agents))
/// consecutive jobs.
constexpr int64_t kChunksPerAgent = 8;
/// How many rounds of chunks (one chunk per agent each) the agents take by
/// ticket: the last ones (the very last in chunks of one job); the rest
/// each agent runs as its own, as the static schedule would give them,
/// without a ticket. A grid has at most 2 kChunksPerAgent rounds, so that
/// of a grid that takes tickets, up to 8 rounds (at most about four
/// sevenths of the jobs) balance by ticket. On the H200, with the
/// tickets spread over kTicketCounters counters, balanced grids ran 0.98-1.04x
/// of the static schedule's time with 8 ticketed rounds, as with 2, and a
/// grid of skewed jobs 1.34x against 1.08x.
constexpr int64_t kTicketedChunkRounds = 8;
/// The most rounds of chunks of a dynamic `wc.job_loop` that take no
/// ticket: a grid of at most this many rounds is the agents' own (tickets
/// would only slow the few jobs per agent down), and the agents of a
/// larger grid run at least this many rounds as their own.
constexpr int64_t kOwnOnlyRounds = 6;
/// Of the `rounds` rounds of chunks of a dynamic `wc.job_loop`, how many
/// each agent runs as its own: all but the last kTicketedChunkRounds, and
/// at least kOwnOnlyRounds (all of them in a grid of at most that many).
constexpr int64_t getOwnChunkRounds(int64_t rounds) {
  int64_t allButLast =
      rounds > kTicketedChunkRounds ? rounds - kTicketedChunkRounds : 0;
  int64_t few = rounds < kOwnOnlyRounds ? rounds : kOwnOnlyRounds;
  return allButLast > few ? allButLast : few;
}
/// Elements of a dynamic `wc.job_loop`'s counter memref between two of its
/// ticket counters: 32 i32, 128 bytes, so that each counter has a cache
/// line (and an L2 slice's atomic unit) of its own.
constexpr int64_t kTicketCounterStride = 32;
/// How many ticket counters wc-delegate gives a dynamic `wc.job_loop`: the
/// agents draw tickets from counter `agent mod K`, so that the atomics the
/// GPU serialises on one address are spread over K addresses (on the H200,
/// balanced grids of 262144 short jobs ran 5-7% slower than the static
/// schedule with one counter, 0-3% with 16).
constexpr int64_t kTicketCounters = 16;
/// The ticket counters of a counter memref of `elements` elements: one at
/// each multiple of kTicketCounterStride below `elements`.
constexpr int64_t getTicketCounterCount(int64_t elements) {
  return (elements + kTicketCounterStride - 1) / kTicketCounterStride;
}
/// Whether a dynamic `wc.job_loop` of `jobs` jobs over `agents` agents takes
/// tickets, i.e. getOwnChunkRounds(R) < R, which is R > kOwnOnlyRounds:
/// below kChunksPerAgent jobs per agent the chunks hold one job and R =
/// ceil(jobs / agents); from there on R >= kChunksPerAgent. So no division
/// is needed: more than kOwnOnlyRounds jobs per agent.
constexpr bool takesTickets(uint64_t jobs, uint64_t agents) {
  static_assert(kOwnOnlyRounds < kChunksPerAgent,
                "a grid of kChunksPerAgent rounds or more must take tickets");
  return jobs > kOwnOnlyRounds * agents;
}

/// The later `wc.warp_specialize` ops with named barriers (channels, role
/// syncs of several warps) that may run while
/// `op` still uses its named barriers: those reached after it without a
/// block barrier between, in its block and after the ops around it up to
/// the kernel or a loop. `separated` tells whether a block barrier follows
/// it there.
SmallVector<WarpSpecializeOp> getConcurrentLaterOps(WarpSpecializeOp op,
                                                    bool &separated);

/// Named-barrier allocation: gives each `wc.warp_specialize` with named
/// barriers under `root` that has no `barrier_base` the lowest first barrier
/// (from 1) whose range is disjoint from those of the ops that may run at the
/// same time (getConcurrentLaterOps, in both directions); ops a block
/// barrier separates reuse barriers. Fails with an error at an op whose
/// barriers would pass barrier 15.
LogicalResult allocateNamedBarriers(Operation *root);
} // namespace wc
} // namespace mlir

#endif // WC_DIALECT_WC_IR_WC_H
