//===- Interpreter.cpp - Warp-level IR interpreter ------------------------===//
//
// Region execution, masked structured control flow, calls, value lookup and
// the checks every memory access goes through.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "BlockRunner.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

bool Memory::isStorable(Type type) {
  return type.isIndex() ||
         (type.isIntOrFloat() && type.getIntOrFloatBitWidth() <= 64);
}

std::string Memory::describeUnstorable(Type type) {
  std::string why;
  llvm::raw_string_ostream(why)
      << "buffers of '" << type << "' elements are not supported by the "
      << "simulator";
  return why;
}

std::optional<int64_t> sim::countElements(ArrayRef<int64_t> sizes) {
  int64_t count = 1;
  for (int64_t size : sizes)
    if (size < 0 || llvm::MulOverflow(count, size, count))
      return std::nullopt;
  return count;
}

unsigned Memory::getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return std::max(1u, (type.getIntOrFloatBitWidth() + 7) / 8);
  return 8;
}

Buffer *Memory::allocate(Buffer::Space space, Type elementType, int64_t count,
                         std::string name, std::string &why) {
  if (!isStorable(elementType)) {
    why = describeUnstorable(elementType);
    return nullptr;
  }
  llvm::raw_string_ostream os(why);
  int64_t size;
  if (count < 0 ||
      llvm::MulOverflow(count, int64_t(getElementBytes(elementType)), size) ||
      (limitBytes && uint64_t(size) > limitBytes - liveBytes)) {
    os << "cannot allocate " << count << " elements of '" << elementType
       << "': the program would hold more than the simulator's memory limit of "
       << limitBytes << " bytes (wc-sim --max-memory-mb)";
    return nullptr;
  }
  liveBytes += size;
  auto buffer = std::make_unique<Buffer>();
  buffer->space = space;
  buffer->elementType = elementType;
  buffer->elementBytes = getElementBytes(elementType);
  buffer->numElements = count;
  buffer->bytes.assign(count * buffer->elementBytes, 0);
  buffer->address = nextAddress;
  buffer->name = std::move(name);
  // Keep buffers apart so that no two fake address ranges touch.
  nextAddress += ((count * buffer->elementBytes + 255) / 256 + 1) * 256;
  buffers.push_back(std::move(buffer));
  return buffers.back().get();
}

uint64_t Buffer::load(int64_t element) const {
  uint64_t bits = 0;
  std::memcpy(&bits, data() + element * elementBytes, elementBytes);
  return bits;
}

void Buffer::store(int64_t element, uint64_t bits) {
  std::memcpy(const_cast<uint8_t *>(data()) + element * elementBytes, &bits,
              elementBytes);
}

void Memory::release(Buffer *buffer) {
  if (buffer->storage)
    return;
  liveBytes -= buffer->bytes.size();
  buffer->freed = true;
  buffer->shadow.reset();
  std::vector<uint8_t>().swap(buffer->bytes);
}

Buffer *Memory::createView(Buffer *source, int64_t byteOffset, Type elementType,
                           int64_t count, std::string &why) {
  if (!isStorable(elementType)) {
    why = describeUnstorable(elementType);
    return nullptr;
  }
  if (source->storage) {
    byteOffset += source->byteOffset;
    source = source->storage;
  }
  Buffer *&view =
      views[{source, byteOffset, elementType.getAsOpaquePointer(), count}];
  if (view)
    return view;
  auto buffer = std::make_unique<Buffer>();
  buffer->space = source->space;
  buffer->registered = source->registered;
  buffer->elementType = elementType;
  buffer->elementBytes = getElementBytes(elementType);
  buffer->numElements = count;
  buffer->address = source->address + byteOffset;
  buffer->name = source->name;
  buffer->storage = source;
  buffer->byteOffset = byteOffset;
  buffers.push_back(std::move(buffer));
  view = buffers.back().get();
  return view;
}

//===----------------------------------------------------------------------===//
// Values
//===----------------------------------------------------------------------===//

const WarpValue &Interpreter::get(Value value) {
  auto it = values.find(value);
  if (it != values.end())
    return it->second;
  if (parent) {
    const WarpValue &outer = parent->get(value);
    if (outer.uniform || parent->isDevice())
      return outer;
    // A host value seen from a kernel (gpu.launch body): lane 0's copy,
    // kept where insertions do not move it (callers hold references).
    std::unique_ptr<WarpValue> &slot = hostCopies[value];
    if (slot)
      return *slot;
    WarpValue copy;
    copy.width = outer.width;
    if (outer.isMemRef()) {
      copy.refs.push_back(outer.ref(0));
    } else {
      for (unsigned i = 0; i < outer.width; ++i)
        copy.bits.push_back(outer.get(0, i));
    }
    slot = std::make_unique<WarpValue>(std::move(copy));
    return *slot;
  }
  // Unreachable for verified IR; report it rather than compute with it.
  if (!missingValue)
    emitError(value.getLoc(),
              "internal simulator error: a value is used before it was "
              "computed");
  missingValue = true;
  static WarpValue undefined = WarpValue::scalar(0);
  return undefined;
}

int64_t Interpreter::index(OpFoldResult ofr, unsigned lane) {
  if (auto value = dyn_cast<Value>(ofr))
    return static_cast<int64_t>(scalar(value, lane));
  return *getConstantIntValue(ofr);
}

void Interpreter::set(Value value, WarpValue result) {
  values[value] = std::move(result);
}

WarpValue Interpreter::mapLanes(LaneMask mask, ArrayRef<Value> inputs,
                                function_ref<uint64_t(unsigned)> fn) {
  bool uniform = !isDevice() ||
                 llvm::all_of(inputs, [&](Value v) { return get(v).uniform; });
  if (uniform)
    return WarpValue::scalar(fn(mask ? __builtin_ctz(mask) : 0));
  WarpValue result = WarpValue::perLane();
  forEachLane(mask, [&](unsigned lane) { result.bits[lane] = fn(lane); });
  return result;
}

Buffer *Interpreter::allocate(Operation *op, Buffer::Space space,
                              Type elementType, int64_t count,
                              std::string name) {
  std::string why;
  Buffer *buffer =
      sim.memory.allocate(space, elementType, count, std::move(name), why);
  if (!buffer)
    error(op) << why;
  return buffer;
}

InFlightDiagnostic Interpreter::error(Operation *op, LaneMask lanes) {
  InFlightDiagnostic diag = op->emitError();
  if (place) {
    diag << "[block (" << place->blockId[0] << ", " << place->blockId[1] << ", "
         << place->blockId[2] << ") warp " << place->warp;
    if (lanes) {
      diag << " lane";
      if (lanes & (lanes - 1))
        diag << "s";
      bool first = true;
      forEachLane(lanes, [&](unsigned lane) {
        diag << (first ? " " : ",") << lane;
        first = false;
      });
    }
    diag << "] ";
  }
  return diag;
}

//===----------------------------------------------------------------------===//
// Memory access checks
//===----------------------------------------------------------------------===//

/// Returns how diagnostics name the memory space of `buffer`.
static StringRef getSpaceName(const Buffer &buffer) {
  switch (buffer.space) {
  case Buffer::Space::Host:
    return "host";
  case Buffer::Space::Device:
    return "device";
  case Buffer::Space::Workgroup:
    return "workgroup";
  case Buffer::Space::Private:
    return "private";
  case Buffer::Space::Global:
    return "global";
  }
  return "";
}

FailureOr<int64_t> Interpreter::resolveElement(Operation *op,
                                               const MemRefDesc &desc,
                                               ArrayRef<int64_t> indices,
                                               unsigned lane) {
  LaneMask lanes = isDevice() ? (1u << lane) : 0;
  if (!desc.buffer)
    return error(op, lanes) << "access through a null memref";
  Buffer &buffer = *desc.buffer;
  if (buffer.isFreed())
    return error(op, lanes)
           << "access to " << getSpaceName(buffer) << " memory '" << buffer.name
           << "' after it was deallocated";
  int64_t linear = desc.offset;
  for (auto [dim, index] : llvm::enumerate(indices)) {
    if (index < 0 || index >= desc.sizes[dim]) {
      InFlightDiagnostic diag = error(op, lanes);
      diag << "out-of-bounds access: index [";
      llvm::interleaveComma(indices, diag);
      diag << "] into a view of shape [";
      llvm::interleaveComma(desc.sizes, diag);
      diag << "] of " << getSpaceName(buffer) << " memory '" << buffer.name
           << "'";
      return diag;
    }
    linear += index * desc.strides[dim];
  }
  if (linear < 0 || linear >= buffer.numElements)
    return error(op, lanes)
           << "out-of-bounds access: element " << linear << " of "
           << getSpaceName(buffer) << " memory '" << buffer.name << "' of "
           << buffer.numElements << " elements";
  if (isDevice() && buffer.space == Buffer::Space::Host && !buffer.registered)
    return error(op, lanes)
           << "kernel accesses host memory '" << buffer.name
           << "' that was not registered with gpu.host_register";
  if (!isDevice() && (buffer.space == Buffer::Space::Device ||
                      buffer.space == Buffer::Space::Workgroup ||
                      buffer.space == Buffer::Space::Private))
    return error(op) << "host code accesses " << getSpaceName(buffer)
                     << " memory '" << buffer.name
                     << "' (copy it to the host with gpu.memcpy)";
  // A GPU faults on an element whose address is not a multiple of its size
  // (a view at an odd byte offset, a buffer aligned to less).
  if (isDevice() && !buffer.isAligned(linear, buffer.elementBytes))
    return error(op, lanes)
           << "misaligned access: element " << linear << " of "
           << getSpaceName(buffer) << " memory '" << buffer.name << "' ("
           << buffer.elementBytes << " bytes) is not at a multiple of "
           << buffer.elementBytes << " bytes (the buffer is aligned to "
           << buffer.getAlignment() << " bytes)";
  return linear;
}

LogicalResult Interpreter::recordAccess(Operation *op, Buffer &buffer,
                                        int64_t element, bool isWrite,
                                        unsigned lane,
                                        std::optional<uint64_t> stored) {
  // Accesses through a view are recorded on the bytes' own buffer (a
  // stored value is compared on the view's element only).
  auto [storage, storageElement] = buffer.getStorageElement(element);
  if (storage != &buffer)
    return recordAccess(
        op, *storage, storageElement, isWrite, lane,
        storage->elementBytes == buffer.elementBytes ? stored : std::nullopt);
  // Workgroup memory has its history; global memory (device buffers,
  // globals, registered host memory) one per block.
  bool global = buffer.space == Buffer::Space::Device ||
                buffer.space == Buffer::Space::Global ||
                buffer.space == Buffer::Space::Host;
  if ((!buffer.shadow && !global) || !place || !sim.options.detectRaces)
    return success();
  unsigned thread = place->linearThread(lane);
  bool sameValue = global && stored && buffer.load(element) == *stored;
  std::optional<Access> conflict = place->block->recordAccess(
      buffer, element, isWrite, place->warp, thread, sameValue);
  if (!conflict)
    return success();
  bool sameWarp = conflict->warp == place->warp;
  return error(op, 1u << lane)
         << "data race on " << (global ? "global" : "workgroup") << " memory '"
         << buffer.name << "' element " << element << ": "
         << (isWrite ? "write" : "read") << " by thread " << thread
         << " and earlier " << (conflict->isWrite ? "write" : "read")
         << " by thread " << conflict->thread << " with no "
         << (sameWarp ? "warp sync or barrier" : "barrier") << " between them";
}

//===----------------------------------------------------------------------===//
// Regions and control flow
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<WarpValue>>
Interpreter::runBody(Block &block, ArrayRef<WarpValue> args, LaneMask mask) {
  for (auto [arg, value] : llvm::zip(block.getArguments(), args))
    set(arg, value);
  for (Operation &op : block.without_terminator())
    if (failed(execute(op, mask)))
      return failure();
  // The terminator is a step too: a loop whose regions hold nothing else
  // still ends at the limit.
  if (failed(countStep(*block.getTerminator(), mask)))
    return failure();
  SmallVector<WarpValue> results;
  for (Value operand : block.getTerminator()->getOperands())
    results.push_back(get(operand));
  if (missingValue)
    return failure();
  return results;
}

FailureOr<SmallVector<WarpValue>>
Interpreter::runCallable(Region &region, ArrayRef<WarpValue> args,
                         LaneMask mask) {
  Block *block = &region.front();
  SmallVector<WarpValue> blockArgs(args.begin(), args.end());
  while (true) {
    for (auto [arg, value] : llvm::zip(block->getArguments(), blockArgs))
      set(arg, value);
    for (Operation &op : block->without_terminator())
      if (failed(execute(op, mask)))
        return failure();
    Operation *terminator = block->getTerminator();
    if (failed(countStep(*terminator, mask)))
      return failure();
    auto collect = [&](ValueRange operands) {
      SmallVector<WarpValue> values;
      for (Value v : operands)
        values.push_back(get(v));
      return values;
    };
    if (auto br = dyn_cast<cf::BranchOp>(terminator)) {
      blockArgs = collect(br.getDestOperands());
      block = br.getDest();
      continue;
    }
    if (auto condBr = dyn_cast<cf::CondBranchOp>(terminator)) {
      const WarpValue &cond = get(condBr.getCondition());
      LaneMask taken = 0;
      forEachLane(mask, [&](unsigned lane) {
        if (cond.get(lane) & 1)
          taken |= 1u << lane;
      });
      if (taken != 0 && taken != mask)
        return error(terminator, taken)
               << "divergent unstructured branch (lanes taking the true "
                  "destination listed): the simulator reconverges only "
                  "structured control flow (scf)";
      bool toTrue = taken == mask;
      blockArgs = collect(toTrue ? condBr.getTrueDestOperands()
                                 : condBr.getFalseDestOperands());
      block = toTrue ? condBr.getTrueDest() : condBr.getFalseDest();
      continue;
    }
    if (isa<func::ReturnOp, gpu::ReturnOp, gpu::TerminatorOp, LLVM::ReturnOp>(
            terminator)) {
      SmallVector<WarpValue> results = collect(terminator->getOperands());
      if (missingValue)
        return failure();
      return results;
    }
    return error(terminator) << "unsupported terminator '"
                             << terminator->getName() << "' in the simulator";
  }
}

LogicalResult Interpreter::executeScfIf(Operation &op, LaneMask mask) {
  auto ifOp = cast<scf::IfOp>(op);
  const WarpValue &cond = get(ifOp.getCondition());
  LaneMask thenMask = 0;
  forEachLane(mask, [&](unsigned lane) {
    if (cond.get(lane) & 1)
      thenMask |= 1u << lane;
  });
  LaneMask elseMask = mask & ~thenMask;
  SmallVector<WarpValue> results;
  bool haveResults = false;
  auto runBranch = [&](Region &region, LaneMask lanes) -> LogicalResult {
    if (!lanes || region.empty())
      return success();
    FailureOr<SmallVector<WarpValue>> values =
        runBody(region.front(), {}, lanes);
    if (failed(values))
      return failure();
    if (!haveResults) {
      results = std::move(*values);
      haveResults = true;
      return success();
    }
    for (auto [result, value] : llvm::zip(results, *values))
      result.assignLanes(value, lanes);
    return success();
  };
  if (failed(runBranch(ifOp.getThenRegion(), thenMask)) ||
      failed(runBranch(ifOp.getElseRegion(), elseMask)))
    return failure();
  for (auto [i, result] : llvm::enumerate(ifOp.getResults()))
    set(result, haveResults ? results[i] : WarpValue::scalar(0));
  return success();
}

/// Returns whether `lhs < rhs` for loop bounds of `type`.
static bool isLess(Type type, uint64_t lhs, uint64_t rhs, bool isUnsigned) {
  if (isUnsigned)
    return truncateTo(type, lhs) < truncateTo(type, rhs);
  return signExtend(type, lhs) < signExtend(type, rhs);
}

LogicalResult Interpreter::executeScfFor(Operation &op, LaneMask mask) {
  auto forOp = cast<scf::ForOp>(op);
  Type type = forOp.getInductionVar().getType();
  bool isUnsigned = forOp.getUnsignedCmp();
  // Copies: running the body adds values to the map and may move its entries.
  WarpValue lb = get(forOp.getLowerBound());
  WarpValue ub = get(forOp.getUpperBound());
  WarpValue step = get(forOp.getStep());
  SmallVector<WarpValue> iters;
  for (Value init : forOp.getInitArgs())
    iters.push_back(get(init));
  Block &body = *forOp.getBody();

  if (lb.uniform && ub.uniform && step.uniform) {
    uint64_t upper = ub.get(0), stride = step.get(0);
    for (uint64_t iv = lb.get(0); isLess(type, iv, upper, isUnsigned);
         iv = truncateTo(type, iv + stride)) {
      SmallVector<WarpValue> args = {WarpValue::scalar(iv)};
      args.append(iters.begin(), iters.end());
      FailureOr<SmallVector<WarpValue>> next = runBody(body, args, mask);
      if (failed(next))
        return failure();
      iters = std::move(*next);
    }
  } else {
    WarpValue iv = WarpValue::perLane();
    forEachLane(mask, [&](unsigned l) { iv.bits[l] = lb.get(l); });
    for (WarpValue &iter : iters)
      iter.expand();
    auto activeLanes = [&]() {
      LaneMask active = 0;
      forEachLane(mask, [&](unsigned l) {
        if (isLess(type, iv.bits[l], ub.get(l), isUnsigned))
          active |= 1u << l;
      });
      return active;
    };
    for (LaneMask active = activeLanes(); active; active = activeLanes()) {
      SmallVector<WarpValue> args = {iv};
      args.append(iters.begin(), iters.end());
      FailureOr<SmallVector<WarpValue>> next = runBody(body, args, active);
      if (failed(next))
        return failure();
      for (auto [iter, value] : llvm::zip(iters, *next))
        iter.assignLanes(value, active);
      forEachLane(active, [&](unsigned l) {
        iv.bits[l] = truncateTo(type, iv.bits[l] + step.get(l));
      });
    }
  }
  for (auto [result, value] : llvm::zip(forOp.getResults(), iters))
    set(result, value);
  return success();
}

LogicalResult Interpreter::executeScfWhile(Operation &op, LaneMask mask) {
  auto whileOp = cast<scf::WhileOp>(op);
  SmallVector<WarpValue> args;
  for (Value init : whileOp.getInits())
    args.push_back(get(init));
  SmallVector<WarpValue> results(whileOp.getNumResults());
  bool resultsSet = false;
  LaneMask active = mask;
  while (active) {
    FailureOr<SmallVector<WarpValue>> before =
        runBody(whileOp.getBefore().front(), args, active);
    if (failed(before))
      return failure();
    const WarpValue &cond = (*before)[0];
    LaneMask going = 0;
    forEachLane(active, [&](unsigned l) {
      if (cond.get(l) & 1)
        going |= 1u << l;
    });
    LaneMask leaving = active & ~going;
    ArrayRef<WarpValue> forwarded = ArrayRef<WarpValue>(*before).drop_front();
    if (leaving) {
      // The first lanes to leave copy the whole value; later ones
      // overwrite their own lanes.
      for (auto [result, value] : llvm::zip(results, forwarded)) {
        if (!resultsSet)
          result = value;
        else
          result.assignLanes(value, leaving);
      }
      resultsSet = true;
    }
    if (!going)
      break;
    FailureOr<SmallVector<WarpValue>> after =
        runBody(whileOp.getAfter().front(), forwarded, going);
    if (failed(after))
      return failure();
    args = std::move(*after);
    active = going;
  }
  for (auto [result, value] : llvm::zip(whileOp.getResults(), results))
    set(result, value);
  return success();
}

LogicalResult Interpreter::executeCall(Operation &op, LaneMask mask) {
  auto call = cast<func::CallOp>(op);
  auto callee = sim.symbols.lookupNearestSymbolFrom<func::FuncOp>(
      &op, call.getCalleeAttr());
  if (!callee)
    return error(&op) << "call to unknown function '" << call.getCallee()
                      << "'";
  if (callee.isExternal()) {
    FailureOr<bool> handled = callBuiltin(
        *this, &op, call.getCallee(), SmallVector<Value>(call.getOperands()));
    if (failed(handled))
      return failure();
    if (!*handled)
      return error(&op) << "call to external function '" << call.getCallee()
                        << "', which the simulator does not provide";
    return success();
  }
  if (callDepth >= kMaxCallDepth)
    return error(&op, isDevice() ? mask : 0)
           << "call depth limit reached: " << kMaxCallDepth
           << " nested calls (unbounded recursion?)";
  SmallVector<WarpValue> args;
  for (Value operand : call.getOperands())
    args.push_back(get(operand));
  Interpreter frame(sim, place);
  frame.callDepth = callDepth + 1;
  FailureOr<SmallVector<WarpValue>> results =
      frame.runCallable(callee.getBody(), args, mask);
  executedOps += frame.executedOps;
  if (failed(results))
    return failure();
  for (auto [result, value] : llvm::zip(call.getResults(), *results))
    set(result, value);
  return success();
}

LogicalResult Interpreter::countStep(Operation &op, LaneMask mask) {
  ++executedOps;
  uint64_t limit = sim.options.maxSteps;
  if (limit && sim.steps.fetch_add(1, std::memory_order_relaxed) >= limit)
    return error(&op, isDevice() ? mask : 0)
           << "step limit reached: " << limit
           << " operations executed (an endless loop, or a wait for memory "
              "nothing writes?); raise it with --max-steps";
  return success();
}

LogicalResult Interpreter::execute(Operation &op, LaneMask mask) {
  if (missingValue || failed(countStep(op, mask)))
    return failure();
  if (isa<scf::IfOp>(op))
    return executeScfIf(op, mask);
  if (isa<scf::ForOp>(op))
    return executeScfFor(op, mask);
  if (isa<scf::WhileOp>(op))
    return executeScfWhile(op, mask);
  if (isa<func::CallOp>(op))
    return executeCall(op, mask);
  for (auto family :
       {executeArithOp, executeAffineOp, executeVectorOp, executeMemRefOp,
        executeWarpOp, executeWCStructureOp, executeHostOp, executeReportOp}) {
    FailureOr<bool> handled = family(*this, op, mask);
    if (failed(handled))
      return failure();
    if (*handled)
      return success();
  }
  return error(&op) << "unsupported operation '" << op.getName()
                    << "' in the simulator";
}
