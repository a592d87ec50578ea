//===- WCWarpSpecialize.cpp - Warp roles and their channels ---------------===//
//
// Custom syntax and verifiers of `wc.warp_specialize` and of the channel
// signals between its roles (`wc.channel_signal`, `wc.channel_wait`), and
// the named barriers a channel's stages use.
//
//===----------------------------------------------------------------------===//

#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Target/TargetDescription.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace mlir::wc;

//===----------------------------------------------------------------------===//
// WarpSpecializeOp
//===----------------------------------------------------------------------===//

int64_t WarpSpecializeOp::getFirstWarp(int64_t r) {
  int64_t first = 0;
  for (int64_t warps : getWarps().take_front(r))
    first += warps;
  return first;
}

int64_t WarpSpecializeOp::getNumWarps() {
  return getFirstWarp(getWarps().size());
}

int64_t WarpSpecializeOp::getBarrierId(int64_t c, int64_t stage,
                                       ChannelSignal signal) {
  int64_t before = 0;
  for (int64_t other = 0; other < c; ++other)
    before += getStages(other);
  return getFirstBarrier() + 2 * (before + stage) +
         (signal == ChannelSignal::empty ? 1 : 0);
}

/// The named barriers of the channels of `op`: two per stage.
static int64_t getNumChannelBarriers(WarpSpecializeOp op) {
  int64_t stages = 0;
  for (int64_t c = 0; c < op.getNumChannels(); ++c)
    stages += op.getStages(c);
  return 2 * stages;
}

bool WarpSpecializeOp::hasRoleBarrier(int64_t r) {
  if (getWarps()[r] == 1)
    return false;
  return getRoles()[r]
      .walk([](RoleSyncOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

int64_t WarpSpecializeOp::getNumBarriers() {
  int64_t roles = 0;
  for (int64_t r = 0, e = getWarps().size(); r < e; ++r)
    roles += hasRoleBarrier(r);
  return getNumChannelBarriers(*this) + roles;
}

int64_t WarpSpecializeOp::getRoleBarrierId(int64_t r) {
  int64_t before = 0;
  for (int64_t other = 0; other < r; ++other)
    before += hasRoleBarrier(other);
  return getFirstBarrier() + getNumChannelBarriers(*this) + before;
}

int64_t WarpSpecializeOp::getRegisterBudget() {
  std::optional<ArrayRef<int64_t>> registers = getRegisters();
  if (!registers || registers->size() != getWarps().size())
    return 0;
  int64_t total = 0;
  for (auto [warps, count] : llvm::zip(getWarps(), *registers))
    total += warps * count;
  return llvm::alignTo(llvm::divideCeil(total, getNumWarps()),
                       kSetMaxNRegGranule);
}

int64_t WarpSpecializeOp::getBarrierThreads(int64_t c) {
  ArrayRef<int64_t> warps = getWarps();
  return (warps[getProducer(c)] + warps[getConsumer(c)]) * kWarpSize;
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<int64_t> warps, channels;
  if (parser.parseKeyword("warps") ||
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square,
          [&]() { return parser.parseInteger(warps.emplace_back()); }) ||
      parser.parseKeyword("channels") ||
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t producer = 0, consumer = 0, stages = 0;
            if (parser.parseInteger(producer) || parser.parseArrow() ||
                parser.parseInteger(consumer) ||
                parser.parseKeyword("stages") || parser.parseInteger(stages))
              return failure();
            channels.append({producer, consumer, stages});
            return success();
          }))
    return failure();
  Builder &b = parser.getBuilder();
  result.addAttribute("warps", b.getDenseI64ArrayAttr(warps));
  result.addAttribute("channels", b.getDenseI64ArrayAttr(channels));
  SMLoc attrLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  // An inherent attribute of the wrong type would be dropped silently.
  if (Attribute base = result.attributes.get("barrier_base");
      base && !isa<IntegerAttr>(base))
    return parser.emitError(attrLoc, "barrier_base must be an integer");
  if (Attribute registers = result.attributes.get("registers");
      registers && !isa<DenseI64ArrayAttr>(registers))
    return parser.emitError(attrLoc,
                            "registers must be an array<i64: ...>, one "
                            "count per role");
  auto parseRole = [&]() -> ParseResult {
    SmallVector<OpAsmParser::Argument> arguments;
    Region *role = result.addRegion();
    if (parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseRegion(*role, arguments))
      return failure();
    if (role->empty())
      role->emplaceBlock();
    return success();
  };
  return parser.parseCommaSeparatedList(parseRole);
}

void WarpSpecializeOp::print(OpAsmPrinter &p) {
  p << " warps [";
  llvm::interleaveComma(getWarps(), p);
  p << "] channels [";
  for (int64_t c = 0; c < getNumChannels(); ++c) {
    if (c)
      p << ", ";
    p << getProducer(c) << " -> " << getConsumer(c) << " stages "
      << getStages(c);
  }
  p << "]";
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {"warps", "channels"});
  p << ' ';
  llvm::interleaveComma(getRoles(), p, [&](Region &role) {
    p << "(";
    llvm::interleaveComma(role.getArguments(), p, [&](BlockArgument arg) {
      p.printRegionArgument(arg);
    });
    p << ") ";
    p.printRegion(role, /*printEntryBlockArgs=*/false);
  });
}

/// The index of the role of `specialize` whose region holds `op`.
static int64_t getRoleIndex(WarpSpecializeOp specialize, Operation *op) {
  Region *role = op->getParentRegion();
  while (role->getParentOp() != specialize)
    role = role->getParentOp()->getParentRegion();
  return role->getRegionNumber();
}

/// Whether the named barriers [first, first + count) overlap those of
/// `other`.
static bool overlapsBarriers(int64_t first, int64_t count,
                             WarpSpecializeOp other) {
  int64_t otherFirst = other.getFirstBarrier();
  return first < otherFirst + other.getNumBarriers() &&
         otherFirst < first + count;
}

LogicalResult WarpSpecializeOp::verify() {
  ArrayRef<int64_t> warps = getWarps();
  if (warps.empty())
    return emitOpError("needs at least one role");
  if (llvm::any_of(warps, [](int64_t w) { return w < 1; }))
    return emitOpError("every role needs at least one warp");
  // Each count bounded before they are added or multiplied.
  if (llvm::any_of(
          warps, [](int64_t w) { return w > kMaxThreadsPerBlock / kWarpSize; }))
    return emitOpError("a role of more than ")
           << kMaxThreadsPerBlock / kWarpSize << " warps exceeds a block";
  if (getRoles().size() != warps.size())
    return emitOpError("has ") << warps.size() << " roles in `warps` but "
                               << getRoles().size() << " regions";
  if (getNumWarps() * kWarpSize > kMaxThreadsPerBlock)
    return emitOpError("roles of ")
           << getNumWarps() << " warps exceed a block's "
           << kMaxThreadsPerBlock / kWarpSize;
  if (getChannels().size() % 3 != 0)
    return emitOpError("channels must be (producer, consumer, stages) "
                       "triples");
  for (int64_t c = 0; c < getNumChannels(); ++c) {
    int64_t roles = warps.size();
    if (getProducer(c) < 0 || getProducer(c) >= roles || getConsumer(c) < 0 ||
        getConsumer(c) >= roles)
      return emitOpError("channel ")
             << c << " names a role that does not exist";
    if (getProducer(c) == getConsumer(c))
      return emitOpError("channel ")
             << c << " connects role " << getProducer(c) << " to itself";
    if (getStages(c) < 1)
      return emitOpError("channel ") << c << " needs at least one stage";
    // Two named barriers or mbarriers per stage; more stages than a block
    // has named barriers can never be given theirs.
    if (getStages(c) > kNumNamedBarriers)
      return emitOpError("channel ")
             << c << " has " << getStages(c) << " stages, more than the "
             << kNumNamedBarriers << " named barriers of a block";
  }
  if (std::optional<ArrayRef<int64_t>> registers = getRegisters()) {
    if (registers->size() != warps.size())
      return emitOpError("has ") << warps.size() << " roles but "
                                 << registers->size() << " register counts";
    for (auto [r, count] : llvm::enumerate(*registers))
      if (count < kMinSetMaxNReg || count > kMaxSetMaxNReg ||
          count % kSetMaxNRegGranule != 0)
        return emitOpError("registers of role ")
               << r << ": " << count << " is not a multiple of "
               << kSetMaxNRegGranule << " in " << kMinSetMaxNReg << ".."
               << kMaxSetMaxNReg;
    for (auto [r, count] : llvm::enumerate(warps))
      if (count % kWarpsPerWarpgroup != 0)
        return emitOpError("sets the registers of role ")
               << r << " of " << count
               << " warps: registers are set for whole warpgroups of "
               << kWarpsPerWarpgroup << " warps";
    if (getRegisterBudget() * getNumWarps() * kWarpSize > kMaxRegistersPerBlock)
      return emitOpError("roles' registers need the block compiled with ")
             << getRegisterBudget() << " registers per thread: "
             << getRegisterBudget() * getNumWarps() * kWarpSize << " for its "
             << getNumWarps() * kWarpSize << " threads, more than a block's "
             << kMaxRegistersPerBlock;
  }
  if (getNumBarriers() > kNumNamedBarriers - 1)
    return emitOpError("channels and roles need ")
           << getNumBarriers()
           << " named barriers besides barrier 0, more than the "
           << kNumNamedBarriers - 1 << " a block has";
  if (getBarrierBase() &&
      (getFirstBarrier() < 1 ||
       getFirstBarrier() > kNumNamedBarriers - getNumBarriers()))
    return emitOpError("barrier_base ")
           << getFirstBarrier() << " puts its " << getNumBarriers()
           << " named barriers outside 1.." << kNumNamedBarriers - 1;
  for (Region &role : getRoles()) {
    Block &body = role.front();
    if (body.getNumArguments() != 1 || !body.getArgument(0).getType().isIndex())
      return emitOpError("each role takes one index argument, its warp "
                         "index within the role");
  }
  if (auto func = (*this)->getParentOfType<gpu::GPUFuncOp>())
    if (std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize()) {
      int64_t threads = 1;
      for (int32_t d : *known)
        threads *= d;
      if (threads != getNumWarps() * kWarpSize)
        return emitOpError("roles of ")
               << getNumWarps() << " warps in a block of " << threads
               << " threads";
    }
  // A later op that may run while this one's warps still use its named
  // barriers must not share them: where both are given their barriers
  // (barrier_base), they must be disjoint; the others get them from
  // allocateNamedBarriers.
  if (getNumBarriers() != 0) {
    // Which ops may run with it is known only in structured control flow,
    // in a kernel (or a function outside a gpu.module): after a branch to
    // another block, or in a device function a kernel calls, another op
    // could run with it unseen.
    for (Operation *parent = (*this)->getParentOp(); parent;
         parent = parent->getParentOp()) {
      if (llvm::any_of(parent->getRegions(), [](Region &region) {
            return !region.empty() && !region.hasOneBlock();
          }))
        return emitOpError("with named barriers in a region of several blocks: "
                           "the ops that may run with it (and share its "
                           "named barriers) are not known; use structured "
                           "control flow (scf)");
      if (isa<FunctionOpInterface, gpu::LaunchOp>(parent)) {
        auto func = dyn_cast<gpu::GPUFuncOp>(parent);
        if (parent->getParentOfType<gpu::GPUModuleOp>() &&
            !(func && func.isKernel()))
          return emitOpError(
              "with named barriers in a device function: the ops "
              "that may run with it in its callers (and share "
              "its named barriers) are not known; put it in "
              "the kernel");
        break;
      }
    }
    bool separated = false;
    for (WarpSpecializeOp other : getConcurrentLaterOps(*this, separated)) {
      if (!getBarrierBase() || !other.getBarrierBase())
        continue;
      if (overlapsBarriers(getFirstBarrier(), getNumBarriers(), other)) {
        InFlightDiagnostic diag =
            emitOpError("shares named barriers with a later "
                        "'wc.warp_specialize' that may run at the same time: "
                        "separate them with a 'gpu.barrier', or give them "
                        "disjoint barriers");
        diag.attachNote(other.getLoc()) << "the later one";
        return diag;
      }
    }
    // A role's own barrier is synced (never only arrived at) by every warp
    // of the role each time, so the next run cannot reach it early; a
    // channel's `bar.arrive` lets a warp go on into the next run.
    if (!separated && getNumChannels() != 0)
      for (Operation *parent = (*this)->getParentOp();
           parent && !isa<FunctionOpInterface>(parent);
           parent = parent->getParentOp())
        if (isa<LoopLikeOpInterface>(parent))
          return emitOpError("runs again in each iteration of a loop while "
                             "slower warps may still use its named barriers: "
                             "follow it with a 'gpu.barrier'");
  }
  WalkResult walk = (*this)->walk([&](Operation *op) {
    if (op == getOperation())
      return WalkResult::advance();
    if (isa<gpu::BarrierOp>(op)) {
      op->emitOpError("block barrier inside a warp role: roles synchronise "
                      "through channels");
      return WalkResult::interrupt();
    }
    if (isa<WarpSpecializeOp>(op)) {
      op->emitOpError("cannot be nested in 'wc.warp_specialize'");
      return WalkResult::interrupt();
    }
    // A warp job is one warp doing a block's work: its role is that warp.
    if (isa<WarpJobOp>(op)) {
      int64_t role = getRoleIndex(*this, op);
      if (int64_t count = getWarps()[role]; count != 1) {
        op->emitOpError("runs on one warp, but its role ")
            << role << " has " << count << " warps";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

SmallVector<WarpSpecializeOp>
mlir::wc::getConcurrentLaterOps(WarpSpecializeOp op, bool &separated) {
  // The ops after it in its block, then those after its parent, and so on
  // up to the kernel or a loop (an op under an `scf.if` is followed by what
  // follows the `scf.if`; one in a loop by the next iteration, which the
  // verifier checks), until a block barrier.
  SmallVector<WarpSpecializeOp> later;
  separated = false;
  for (Operation *at = op; !separated; at = at->getParentOp()) {
    for (Operation *next = at->getNextNode(); next;
         next = next->getNextNode()) {
      if (isa<gpu::BarrierOp>(next)) {
        separated = true;
        break;
      }
      next->walk([&](WarpSpecializeOp other) {
        if (other.getNumBarriers() != 0)
          later.push_back(other);
      });
    }
    Operation *parent = at->getParentOp();
    if (!parent ||
        isa<FunctionOpInterface, gpu::LaunchOp, LoopLikeOpInterface>(parent))
      break;
  }
  return later;
}

LogicalResult mlir::wc::allocateNamedBarriers(Operation *root) {
  // In program order; each op's range avoids those of the earlier ops it
  // may run with, already placed.
  SmallVector<WarpSpecializeOp> ops;
  root->walk([&](WarpSpecializeOp op) {
    if (op.getNumBarriers() != 0)
      ops.push_back(op);
  });
  DenseMap<Operation *, SmallVector<WarpSpecializeOp>> earlier;
  for (WarpSpecializeOp op : ops) {
    bool separated;
    for (WarpSpecializeOp other : getConcurrentLaterOps(op, separated))
      earlier[other].push_back(op);
  }
  Builder b(root->getContext());
  for (WarpSpecializeOp op : ops) {
    if (op.getBarrierBase())
      continue;
    // The ops it may run with that hold barriers: the earlier ones (placed
    // already) and the later ones given theirs.
    SmallVector<WarpSpecializeOp> placed = earlier.lookup(op);
    bool separated;
    for (WarpSpecializeOp other : getConcurrentLaterOps(op, separated))
      if (other.getBarrierBase())
        placed.push_back(other);
    // The lowest range clear of them: past each one it overlaps, until
    // none does.
    int64_t count = op.getNumBarriers(), first = 1;
    for (bool moved = true; moved;) {
      moved = false;
      for (WarpSpecializeOp other : placed) {
        if (overlapsBarriers(first, count, other)) {
          first = other.getFirstBarrier() + other.getNumBarriers();
          moved = true;
        }
      }
    }
    if (first + count > kNumNamedBarriers)
      return op.emitOpError("needs ")
             << count << " named barriers while the ops that may run at the "
             << "same time (no 'gpu.barrier' between) hold barriers up to "
             << first - 1 << ": more than the " << kNumNamedBarriers - 1
             << " a block has besides barrier 0";
    op.setBarrierBaseAttr(b.getI64IntegerAttr(first));
  }
  return success();
}

/// The channel op's enclosing warp_specialize and the role it runs in.
static LogicalResult verifyChannelOp(Operation *op, ChannelSignal signal,
                                     int64_t channel,
                                     std::optional<int64_t> stage, bool waits) {
  auto specialize = op->getParentOfType<WarpSpecializeOp>();
  if (!specialize)
    return op->emitOpError("outside 'wc.warp_specialize'");
  if (op->getParentOfType<VThreadsOp>())
    return op->emitOpError("inside 'wc.vthreads': the warp signals and "
                           "waits once, outside its virtual-thread phases");
  if (channel >= specialize.getNumChannels())
    return op->emitOpError("channel ")
           << channel << " does not exist (" << specialize.getNumChannels()
           << " channels)";
  if (stage && *stage >= specialize.getStages(channel))
    return op->emitOpError("stage ")
           << *stage << " of a channel of " << specialize.getStages(channel)
           << " stages";
  int64_t index = getRoleIndex(specialize, op);
  // full: the producer signals, the consumer waits; empty: the reverse.
  bool producerSide = (signal == ChannelSignal::full) != waits;
  int64_t expected = producerSide ? specialize.getProducer(channel)
                                  : specialize.getConsumer(channel);
  if (index != expected)
    return op->emitOpError("in role ")
           << index << ": '" << stringifyChannelSignal(signal)
           << "' of channel " << channel << " is "
           << (waits ? "waited on" : "signalled") << " by role " << expected
           << ", its " << (producerSide ? "producer" : "consumer");
  return success();
}

/// The verifier and stage value shared by the two channel ops.
template <typename ChannelOpT>
static LogicalResult verifyChannel(ChannelOpT op, bool waits) {
  if (!op.getDynamicStage() == !op.getStage())
    return op.emitOpError("needs either a constant or a dynamic stage");
  return verifyChannelOp(op, op.getSignal(), op.getChannel(), op.getStage(),
                         waits);
}

template <typename ChannelOpT>
static Value buildStageValue(ChannelOpT op, OpBuilder &b) {
  if (Value dynamic = op.getDynamicStage())
    return dynamic;
  return arith::ConstantIndexOp::create(b, op.getLoc(), *op.getStage());
}

LogicalResult ChannelSignalOp::verify() {
  return verifyChannel(*this, /*waits=*/false);
}

Value ChannelSignalOp::getStageValue(OpBuilder &b) {
  return buildStageValue(*this, b);
}

LogicalResult ChannelWaitOp::verify() {
  return verifyChannel(*this, /*waits=*/true);
}

Value ChannelWaitOp::getStageValue(OpBuilder &b) {
  return buildStageValue(*this, b);
}

LogicalResult RoleSyncOp::verify() {
  auto specialize = (*this)->getParentOfType<WarpSpecializeOp>();
  if (!specialize)
    return emitOpError("outside 'wc.warp_specialize'");
  if ((*this)->getParentOfType<VThreadsOp>())
    return emitOpError("inside 'wc.vthreads': the warp syncs with its role "
                       "once, outside its virtual-thread phases");
  return success();
}
