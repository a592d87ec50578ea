//===- WCOps.cpp - WC dialect operations ----------------------------------===//
//
// Custom syntax and verifiers of the `wc` operations.
//
//===----------------------------------------------------------------------===//

#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wc;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Parses `(%a, %b, ...)` as `count` region arguments of type index.
static ParseResult
parseIndexRegionArgs(OpAsmParser &parser,
                     SmallVectorImpl<OpAsmParser::Argument> &args,
                     unsigned count) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren))
    return failure();
  if (args.size() != count)
    return parser.emitError(loc, "expected ")
           << count << " region arguments, got " << args.size();
  Type index = parser.getBuilder().getIndexType();
  for (OpAsmParser::Argument &arg : args)
    arg.type = index;
  return success();
}

/// Prints the arguments of a region's entry block as `(%a, %b, ...)`.
static void printRegionArgs(OpAsmPrinter &p, Region &region) {
  p << "(";
  llvm::interleaveComma(region.getArguments(), p,
                        [&](BlockArgument arg) { p.printOperand(arg); });
  p << ")";
}

/// Fails with a diagnostic at `op` unless `slot` is a constant in
/// [0, slots-per-lane of `type`).
static LogicalResult verifySlot(Operation *op, Value slot, LaneArrayType type) {
  APInt value;
  if (!matchPattern(slot, m_ConstantInt(&value)))
    return op->emitOpError(
        "slot index must be a compile-time constant: a run-time slot would "
        "place the lane array in local memory");
  int64_t s = value.getSExtValue();
  if (s < 0 || s >= type.getSlotsPerLane())
    return op->emitOpError("slot ")
           << s << " out of range: " << type << " has "
           << type.getSlotsPerLane() << " slot(s) per lane";
  return success();
}

/// Returns the constant value of a verified slot operand.
static int64_t getConstantSlot(Value slot) {
  APInt value;
  if (!matchPattern(slot, m_ConstantInt(&value)))
    return -1;
  return value.getSExtValue();
}

/// Fails with a diagnostic at `op` unless `kind` applies to `type`: float
/// kinds to floats, bitwise and integer min/max kinds to integers.
static LogicalResult verifyCombiningKind(Operation *op, CombiningKind kind,
                                         Type type) {
  bool isFloat = isa<FloatType>(type);
  switch (kind) {
  case CombiningKind::add:
  case CombiningKind::mul:
    return success();
  case CombiningKind::minnumf:
  case CombiningKind::maxnumf:
  case CombiningKind::minimumf:
  case CombiningKind::maximumf:
    if (isFloat)
      return success();
    break;
  default:
    if (!isFloat)
      return success();
    break;
  }
  return op->emitOpError("combining kind '")
         << stringifyCombiningKind(kind) << "' does not apply to " << type;
}

/// Fails with a diagnostic at `op` unless `width` is a power of two in
/// [1, warp size].
static LogicalResult verifyLaneWidth(Operation *op, StringRef what,
                                     int64_t width) {
  if (width < 1 || width > kWarpSize || !llvm::isPowerOf2_64(width))
    return op->emitOpError() << what << " must be a power of two in [1, "
                             << kWarpSize << "], got " << width;
  return success();
}

//===----------------------------------------------------------------------===//
// WarpJobOp
//===----------------------------------------------------------------------===//

void WarpJobOp::build(OpBuilder &builder, OperationState &state,
                      ArrayRef<int64_t> block) {
  int64_t threads = 1;
  for (int64_t d : block)
    threads *= d;
  state.addAttribute(getBlockAttrName(state.name),
                     builder.getDenseI64ArrayAttr(block));
  state.addAttribute(
      getVirtualThreadsAttrName(state.name),
      builder.getI64IntegerAttr(llvm::divideCeil(threads, kWarpSize)));
  Region *body = state.addRegion();
  body->push_back(new Block);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&body->front());
  YieldOp::create(builder, state.location);
}

int64_t WarpJobOp::getBlockSize() {
  int64_t threads = 1;
  for (int64_t d : getBlock())
    threads *= d;
  return threads;
}

ParseResult WarpJobOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<int64_t, 3> block;
  int64_t vthreads;
  if (parser.parseKeyword("block") ||
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square,
          [&]() { return parser.parseInteger(block.emplace_back()); }) ||
      parser.parseKeyword("virtual_threads") || parser.parseInteger(vthreads))
    return failure();
  Builder &b = parser.getBuilder();
  result.addAttribute("block", b.getDenseI64ArrayAttr(block));
  result.addAttribute("virtual_threads", b.getI64IntegerAttr(vthreads));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, /*arguments=*/{}))
    return failure();
  WarpJobOp::ensureTerminator(*body, b, result.location);
  return success();
}

void WarpJobOp::print(OpAsmPrinter &p) {
  p << " block [";
  llvm::interleaveComma(getBlock(), p);
  p << "] virtual_threads " << getVirtualThreads();
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {"block", "virtual_threads"});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

LogicalResult WarpJobOp::verify() {
  ArrayRef<int64_t> block = getBlock();
  if (block.size() != 3)
    return emitOpError("block shape must have 3 dimensions, got ")
           << block.size();
  if (llvm::any_of(block, [](int64_t d) { return d < 1; }))
    return emitOpError("block dimensions must be positive");
  int64_t threads = 1;
  for (int64_t d : block)
    if (llvm::MulOverflow(threads, d, threads) ||
        threads > std::numeric_limits<int32_t>::max())
      return emitOpError("block of ")
             << block[0] << " x " << block[1] << " x " << block[2]
             << " threads has more than " << std::numeric_limits<int32_t>::max()
             << " threads";
  int64_t expected = llvm::divideCeil(threads, kWarpSize);
  int64_t vthreads = getVirtualThreadsAttr().getInt();
  if (vthreads != expected)
    return emitOpError("virtual_threads must be ceil(")
           << threads << " / " << kWarpSize << ") = " << expected << ", got "
           << vthreads;
  if (getBody().getNumArguments() != 0)
    return emitOpError("body takes no arguments");
  WalkResult walk = getBody().walk([&](Operation *op) {
    if (isa<gpu::ThreadIdOp, gpu::BlockDimOp>(op)) {
      op->emitOpError("names the physical launch inside a warp job; use the "
                      "thread ids of the enclosing 'wc.vthreads'");
      return WalkResult::interrupt();
    }
    if (isa<gpu::BarrierOp>(op)) {
      op->emitOpError("block barrier inside a warp job: synchronise the "
                      "warp with 'wc.warp_sync'");
      return WalkResult::interrupt();
    }
    if (isa<WarpJobOp, WarpSpecializeOp>(op)) {
      op->emitOpError(isa<WarpJobOp>(op)
                          ? "warp jobs cannot be nested"
                          : "warp roles cannot be nested in a warp job");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// VThreadsOp
//===----------------------------------------------------------------------===//

ParseResult VThreadsOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument, 4> args;
  if (parseIndexRegionArgs(parser, args, 4))
    return failure();
  if (succeeded(parser.parseOptionalArrow())) {
    SmallVector<Type> types;
    if (parser.parseTypeList(types))
      return failure();
    result.addTypes(types);
  }
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, args))
    return failure();
  VThreadsOp::ensureTerminator(*body, parser.getBuilder(), result.location);
  return success();
}

void VThreadsOp::print(OpAsmPrinter &p) {
  p << ' ';
  printRegionArgs(p, getBody());
  if (getNumResults()) {
    p << " -> ";
    llvm::interleaveComma(getResultTypes(), p);
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/getNumResults() != 0);
}

WarpJobOp VThreadsOp::getWarpJob() {
  return (*this)->getParentOfType<WarpJobOp>();
}

LogicalResult VThreadsOp::verify() {
  if (!getWarpJob())
    return emitOpError("must be nested in a 'wc.warp_job'");
  if ((*this)->getParentOfType<VThreadsOp>())
    return emitOpError("cannot be nested in another 'wc.vthreads'");
  Block &body = getBody().front();
  if (body.getNumArguments() != 4 ||
      !llvm::all_of(body.getArgumentTypes(),
                    [](Type t) { return t.isIndex(); }))
    return emitOpError("body must take 4 index arguments: the virtual "
                       "thread index and the original thread ids x, y, z");
  auto yield = cast<YieldOp>(body.getTerminator());
  if (yield.getValues().size() != getNumResults())
    return emitOpError("yields ")
           << yield.getValues().size() << " value(s) for " << getNumResults()
           << " result(s)";
  int64_t vthreads = static_cast<int64_t>(getWarpJob().getVirtualThreads());
  for (auto [i, result, yielded] :
       llvm::enumerate(getResults(), yield.getValues())) {
    auto vecType = cast<VectorType>(result.getType());
    if (vecType.getNumElements() != vthreads)
      return emitOpError("result #")
             << i << " must have one element per virtual thread (" << vthreads
             << "), got " << vecType;
    if (vecType.getElementType() != yielded.getType())
      return emitOpError("result #")
             << i << " of type " << vecType << " does not gather yielded "
             << yielded.getType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// JobLoopOp
//===----------------------------------------------------------------------===//

ParseResult JobLoopOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument, 3> args;
  SmallVector<OpAsmParser::UnresolvedOperand, 3> grid;
  OpAsmParser::UnresolvedOperand agent, agents, counter;
  Type counterType;
  bool hasCounter = false;
  Builder &b = parser.getBuilder();
  if (parseIndexRegionArgs(parser, args, 3) || parser.parseKeyword("in") ||
      parser.parseOperandList(grid, 3, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("agent") || parser.parseOperand(agent) ||
      parser.parseKeyword("of") || parser.parseOperand(agents))
    return failure();

  StringRef word;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword("schedule") || parser.parseKeyword(&word))
    return failure();
  std::optional<Schedule> schedule = symbolizeSchedule(word);
  if (!schedule)
    return parser.emitError(loc, "unknown schedule '")
           << word << "' (expected 'static' or 'dynamic')";
  result.addAttribute("schedule", ScheduleAttr::get(b.getContext(), *schedule));

  loc = parser.getCurrentLocation();
  if (parser.parseKeyword("order") || parser.parseKeyword(&word))
    return failure();
  std::optional<PartitionOrder> order = symbolizePartitionOrder(word);
  if (!order)
    return parser.emitError(loc, "unknown partition order '")
           << word << "' (expected 'x_major' or 'y_major')";
  result.addAttribute("order", PartitionOrderAttr::get(b.getContext(), *order));

  if (succeeded(parser.parseOptionalKeyword("max_agents"))) {
    int64_t maxAgents;
    if (parser.parseInteger(maxAgents))
      return failure();
    result.addAttribute("max_agents", b.getI64IntegerAttr(maxAgents));
  }
  if (succeeded(parser.parseOptionalKeyword("counter"))) {
    hasCounter = true;
    if (parser.parseOperand(counter) || parser.parseColonType(counterType))
      return failure();
  }

  Type index = b.getIndexType();
  if (parser.resolveOperands(grid, index, result.operands) ||
      parser.resolveOperand(agent, index, result.operands) ||
      parser.resolveOperand(agents, index, result.operands) ||
      (hasCounter &&
       parser.resolveOperand(counter, counterType, result.operands)))
    return failure();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, args))
    return failure();
  JobLoopOp::ensureTerminator(*body, b, result.location);
  return success();
}

void JobLoopOp::print(OpAsmPrinter &p) {
  p << ' ';
  printRegionArgs(p, getBody());
  p << " in (" << getGridX() << ", " << getGridY() << ", " << getGridZ()
    << ") agent " << getAgent() << " of " << getAgents() << " schedule "
    << stringifySchedule(getSchedule()) << " order "
    << stringifyPartitionOrder(getOrder());
  if (std::optional<int64_t> maxAgents = getMaxAgents())
    p << " max_agents " << *maxAgents;
  if (Value counter = getCounter())
    p << " counter " << counter << " : " << counter.getType();
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {"schedule", "order", "max_agents"});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/false);
}

LogicalResult JobLoopOp::verify() {
  // The agent and its jobs are warp-level notions of the kernel: inside a
  // job the warp is already doing one job (and inside a phase, lanes run
  // virtual threads, where the agent is not uniform).
  if ((*this)->getParentOfType<WarpJobOp>())
    return emitOpError("cannot be nested in a 'wc.warp_job' (nor in its "
                       "'wc.vthreads'): a job loop runs at kernel level, "
                       "around warp jobs");
  bool dynamic = getSchedule() == Schedule::dynamic_ticket;
  if (dynamic && !getCounter())
    return emitOpError("dynamic schedule needs ticket counters "
                       "(memref<Nxi32> in global memory)");
  if (!dynamic && getCounter())
    return emitOpError("static schedule takes no counter");
  if (Value counter = getCounter()) {
    auto type = cast<MemRefType>(counter.getType());
    if (type.hasStaticShape() && type.getNumElements() < 1)
      return emitOpError("counter needs an element (the ticket), got ") << type;
  }
  // A constant agent count below one would make the static schedule's
  // stride zero (an endless loop) or run no job at all.
  if (std::optional<int64_t> agents = getConstantIntValue(getAgents()))
    if (*agents < 1)
      return emitOpError("agent count must be positive, got ") << *agents;
  if (std::optional<int64_t> maxAgents = getMaxAgents())
    if (*maxAgents < 1)
      return emitOpError("max_agents must be positive, got ") << *maxAgents;
  Block &body = getBody().front();
  if (body.getNumArguments() != 3 ||
      !llvm::all_of(body.getArgumentTypes(),
                    [](Type t) { return t.isIndex(); }))
    return emitOpError("body must take the 3 index ids of a job");
  if (!cast<YieldOp>(body.getTerminator()).getValues().empty())
    return emitOpError("body yields no values");
  return success();
}

//===----------------------------------------------------------------------===//
// Lane arrays
//===----------------------------------------------------------------------===//

LogicalResult LaneReadOp::verify() {
  return verifySlot(*this, getSlot(), getArray().getType());
}

int64_t LaneReadOp::getStaticSlot() { return getConstantSlot(getSlot()); }

LogicalResult LaneWriteOp::verify() {
  return verifySlot(*this, getSlot(), getArray().getType());
}

int64_t LaneWriteOp::getStaticSlot() { return getConstantSlot(getSlot()); }

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

LogicalResult ShuffleOp::verify() {
  return verifyLaneWidth(*this, "width", getWidth());
}

LogicalResult VoteOp::verify() {
  Type expected = getKind() == VoteKind::ballot
                      ? Type(IntegerType::get(getContext(), 32))
                      : Type(IntegerType::get(getContext(), 1));
  if (getResult().getType() != expected)
    return emitOpError("vote ")
           << stringifyVoteKind(getKind()) << " returns " << expected
           << ", not " << getResult().getType();
  return success();
}

LogicalResult ReduceOp::verify() {
  if (failed(verifyCombiningKind(*this, getKind(), getValue().getType())) ||
      failed(verifyLaneWidth(*this, "cluster size", getClusterSize())) ||
      failed(verifyLaneWidth(*this, "cluster stride", getClusterStride())))
    return failure();
  if (getClusterSize() * getClusterStride() > kWarpSize)
    return emitOpError("cluster of ")
           << getClusterSize() << " lanes with stride " << getClusterStride()
           << " does not fit in a warp of " << kWarpSize << " lanes";
  return success();
}

LogicalResult ScanOp::verify() {
  return verifyCombiningKind(*this, getKind(), getValue().getType());
}

LogicalResult SegmentedReduceOp::verify() {
  return verifyCombiningKind(*this, getKind(), getValue().getType());
}

/// Fails with a diagnostic at `op` unless it has one index per dimension
/// of `memref`.
static LogicalResult verifyAtomicIndices(Operation *op, Value memref,
                                         ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  if (static_cast<int64_t>(indices.size()) != type.getRank())
    return op->emitOpError("expected ") << type.getRank() << " indices for "
                                        << type << ", got " << indices.size();
  return success();
}

LogicalResult AggregatedAtomicAddOp::verify() {
  return verifyAtomicIndices(*this, getMemref(), getIndices());
}

LogicalResult AggregatedAtomicRMWOp::verify() {
  if (!isAggregatedRMWKind(getKind()))
    return emitOpError("combining kind '")
           << stringifyCombiningKind(getKind())
           << "' is not aggregated by this op (and, or, minsi, minui, maxsi "
              "and maxui are)";
  return verifyAtomicIndices(*this, getMemref(), getIndices());
}

//===----------------------------------------------------------------------===//
// Named barriers
//===----------------------------------------------------------------------===//

/// Fails with a diagnostic at `op` unless `id` names a hardware barrier and
/// `threads`, when present (required if `needsThreads`), is a positive
/// multiple of the warp size.
static LogicalResult verifyNamedBarrier(Operation *op, int64_t id,
                                        std::optional<int64_t> threads,
                                        bool needsThreads) {
  if (id < 0 || id >= kNumNamedBarriers)
    return op->emitOpError("barrier id must be in [0, ")
           << kNumNamedBarriers - 1 << "], got " << id;
  if (!threads) {
    if (needsThreads)
      return op->emitOpError("needs a thread count");
    return success();
  }
  if (*threads <= 0 || *threads % kWarpSize != 0)
    return op->emitOpError("thread count must be a positive multiple of ")
           << kWarpSize << ", got " << *threads;
  if (*threads > kMaxThreadsPerBlock)
    return op->emitOpError("thread count must be at most ")
           << kMaxThreadsPerBlock << " (the threads of a block), got "
           << *threads;
  return success();
}

LogicalResult NamedBarrierSyncOp::verify() {
  return verifyNamedBarrier(*this, getId(), getThreads(),
                            /*needsThreads=*/false);
}

LogicalResult NamedBarrierArriveOp::verify() {
  return verifyNamedBarrier(*this, getId(), getThreads(),
                            /*needsThreads=*/true);
}

//===----------------------------------------------------------------------===//
// Custom directives of the generated parsers and printers
//===----------------------------------------------------------------------===//

/// `stage` of a channel op: a constant or an index value.
static ParseResult
parseChannelStage(OpAsmParser &parser,
                  std::optional<OpAsmParser::UnresolvedOperand> &dynamic,
                  IntegerAttr &stage) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult value = parser.parseOptionalOperand(operand);
  if (value.has_value()) {
    if (failed(*value))
      return failure();
    dynamic = operand;
    return success();
  }
  int64_t constant;
  if (parser.parseInteger(constant))
    return failure();
  stage = parser.getBuilder().getI64IntegerAttr(constant);
  return success();
}

static void printChannelStage(OpAsmPrinter &p, Operation *, Value dynamic,
                              IntegerAttr stage) {
  if (dynamic)
    p << dynamic;
  else
    p << stage.getInt();
}

#define GET_OP_CLASSES
#include "WC/Dialect/WC/IR/WCOps.cpp.inc"
