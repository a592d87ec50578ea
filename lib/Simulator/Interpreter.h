//===- Interpreter.h - Warp-level IR interpreter ----------------*- C++ -*-===//
//
// The interpreter at the heart of the simulator: it executes the operations
// of a region for one warp (32 lanes under an active mask) or for the host
// (lane 0 only), keeping one WarpValue per SSA value. Structured control
// flow diverges and reconverges by masking; the op semantics live in the
// Exec*.cpp files, which it dispatches to.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_SIMULATOR_INTERPRETER_H
#define WC_LIB_SIMULATOR_INTERPRETER_H

#include "Values.h"
#include "WC/Simulator/Simulator.h"

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

#include <atomic>
#include <deque>
#include <functional>
#include <map>
#include <optional>
#include <tuple>

namespace mlir {
namespace wc {
namespace sim {

class BlockRunner;

/// The memory of a simulated program.
class Memory {
public:
  explicit Memory(uint64_t limitBytes) : limitBytes(limitBytes) {}

  /// Returns a zero-filled buffer of `count` elements of `elementType`, or
  /// null with the reason in `why`: an element type the simulator does not
  /// store, a negative count, or more bytes than the memory limit leaves.
  Buffer *allocate(Buffer::Space space, Type elementType, int64_t count,
                   std::string name, std::string &why);
  /// Frees the bytes of `buffer` (a block's workgroup and private buffers
  /// when the block ends); later accesses are reported as after a free.
  void release(Buffer *buffer);
  /// Bytes one element of `type` takes in a buffer.
  static unsigned getElementBytes(Type type);
  /// The buffer that views `count` elements of `elementType` in the bytes
  /// of `source` from `byteOffset` on (the same one for the same view), or
  /// null with the reason in `why` for an element type it cannot store.
  Buffer *createView(Buffer *source, int64_t byteOffset, Type elementType,
                     int64_t count, std::string &why);

private:
  /// Whether buffers of `type` elements can be simulated: integers and
  /// floats of up to 64 bits, and index.
  static bool isStorable(Type type);
  static std::string describeUnstorable(Type type);

  std::deque<std::unique_ptr<Buffer>> buffers;
  std::map<std::tuple<Buffer *, int64_t, const void *, int64_t>, Buffer *>
      views;
  uint64_t nextAddress = 0x100000;
  uint64_t limitBytes;
  uint64_t liveBytes = 0;
};

/// The number of elements of a buffer of shape `sizes`, or none when a size
/// is negative or the product overflows.
std::optional<int64_t> countElements(llvm::ArrayRef<int64_t> sizes);

/// Global state of one simulation.
struct Simulator {
  ModuleOp module;
  std::ostream &out;
  SimulatorOptions options;
  SimulatorStats stats;
  Memory memory;
  SymbolTableCollection symbols;
  /// Module globals (memref.global) by name, created on first use.
  llvm::DenseMap<Operation *, Buffer *> globals;
  /// Operations executed so far, against options.maxSteps (the warps of a
  /// block take turns on threads).
  std::atomic<uint64_t> steps{0};

  Simulator(ModuleOp module, std::ostream &out, const SimulatorOptions &options)
      : module(module), out(out), options(options),
        memory(options.maxMemoryBytes) {}
};

/// Where a warp runs: its block, its index in the block, and the lanes that
/// are threads of the block (fewer than 32 in a partial last warp).
struct WarpPlace {
  int64_t blockId[3];
  int64_t gridDim[3];
  int64_t blockDim[3];
  unsigned warp;
  LaneMask live;
  BlockRunner *block;
  /// The block's workgroup and private buffers (gpu.func attributions).
  llvm::ArrayRef<WarpValue> attributions;

  /// The linear id in the block of `lane` of this warp.
  int64_t linearThread(unsigned lane) const { return warp * kLanes + lane; }
};

/// Executes operations for one warp (device) or for the host.
class Interpreter {
public:
  Interpreter(Simulator &sim, const WarpPlace *place,
              Interpreter *parent = nullptr)
      : sim(sim), place(place), parent(parent) {}

  Simulator &sim;
  /// Null for the host.
  const WarpPlace *place;

  bool isDevice() const { return place != nullptr; }
  /// The lanes that exist: lane 0 on the host, the block's threads in a warp.
  LaneMask liveLanes() const { return place ? place->live : 1u; }

  /// Runs a function-like region (entry block arguments `args`, branches
  /// between blocks, a return terminator) and returns the returned values.
  FailureOr<llvm::SmallVector<WarpValue>>
  runCallable(Region &region, llvm::ArrayRef<WarpValue> args, LaneMask mask);

  /// Runs the single block `block` of a structured op's region and returns
  /// the operands of its terminator.
  FailureOr<llvm::SmallVector<WarpValue>>
  runBody(Block &block, llvm::ArrayRef<WarpValue> args, LaneMask mask);

  /// Counts one executed op (terminators included) against the step limit;
  /// fails with an error at `op` once the limit is reached.
  LogicalResult countStep(Operation &op, LaneMask mask);
  /// Executes one non-terminator operation for the lanes of `mask`.
  LogicalResult execute(Operation &op, LaneMask mask);

  /// The value of `value` (which must have been computed). The reference is
  /// invalidated by the next `set` (the map may move its entries).
  const WarpValue &get(Value value);
  void set(Value value, WarpValue result);

  /// The value of a scalar operand in `lane`.
  uint64_t scalar(Value value, unsigned lane) { return get(value).get(lane); }
  /// The integer `ofr` holds in `lane`: its value, or its constant (the
  /// mixed static/dynamic sizes and offsets of view and index ops).
  int64_t index(OpFoldResult ofr, unsigned lane);

  /// Computes a scalar result lane by lane with `fn(lane)`, once when all
  /// `inputs` are uniform.
  WarpValue mapLanes(LaneMask mask, llvm::ArrayRef<Value> inputs,
                     llvm::function_ref<uint64_t(unsigned)> fn);

  /// Emits an error at `op` prefixed with the executing warp and lanes.
  InFlightDiagnostic error(Operation *op, LaneMask lanes = 0);

  /// A new buffer for `op`; null after an error at `op` when the memory
  /// cannot hold it (see Memory::allocate).
  Buffer *allocate(Operation *op, Buffer::Space space, Type elementType,
                   int64_t count, std::string name);

  /// Resolves `indices` of `desc` to an element of its buffer, checking the
  /// bounds and that this side (host/device) may access the buffer.
  FailureOr<int64_t> resolveElement(Operation *op, const MemRefDesc &desc,
                                    llvm::ArrayRef<int64_t> indices,
                                    unsigned lane);

  /// Records an access of `lane` to workgroup or global memory for race
  /// detection; fails with a diagnostic on a race. `stored`: the bits a
  /// write stores, where known; on global memory, a write of the value the
  /// element already holds does not race with an earlier write (every
  /// thread storing one result: the element ends with it whatever the
  /// order).
  LogicalResult recordAccess(Operation *op, Buffer &buffer, int64_t element,
                             bool isWrite, unsigned lane,
                             std::optional<uint64_t> stored = std::nullopt);

  /// Counts of executed ops per interpreter go to the simulator's stats.
  uint64_t executedOps = 0;

  /// Nested func.call frames beyond which a run ends with an error: deeper
  /// recursion would exhaust the simulator's own stack (and a GPU thread's
  /// far smaller one long before).
  static constexpr unsigned kMaxCallDepth = 200;

private:
  Interpreter *parent;
  /// func.call frames around this one.
  unsigned callDepth = 0;
  /// Set when a value was read before being computed (an internal error).
  bool missingValue = false;
  llvm::DenseMap<Value, WarpValue> values;
  /// Uniform copies of non-uniform host values read by a gpu.launch body.
  llvm::DenseMap<Value, std::unique_ptr<WarpValue>> hostCopies;

  LogicalResult executeScfFor(Operation &op, LaneMask mask);
  LogicalResult executeScfWhile(Operation &op, LaneMask mask);
  LogicalResult executeScfIf(Operation &op, LaneMask mask);
  LogicalResult executeCall(Operation &op, LaneMask mask);
};

/// The result of an op family that recognised its op: true, or failure
/// when executing it failed.
inline FailureOr<bool> handled(LogicalResult result) {
  if (failed(result))
    return failure();
  return true;
}

/// Op families: each returns true if it handled `op`, false if `op` is not
/// one of its ops, failure after a diagnostic.
FailureOr<bool> executeArithOp(Interpreter &interp, Operation &op,
                               LaneMask mask);
FailureOr<bool> executeVectorOp(Interpreter &interp, Operation &op,
                                LaneMask mask);
FailureOr<bool> executeAffineOp(Interpreter &interp, Operation &op,
                                LaneMask mask);
FailureOr<bool> executeReportOp(Interpreter &interp, Operation &op,
                                LaneMask mask);
FailureOr<bool> executeMemRefOp(Interpreter &interp, Operation &op,
                                LaneMask mask);
FailureOr<bool> executeWarpOp(Interpreter &interp, Operation &op,
                              LaneMask mask);
FailureOr<bool> executeWCStructureOp(Interpreter &interp, Operation &op,
                                     LaneMask mask);
FailureOr<bool> executeHostOp(Interpreter &interp, Operation &op,
                              LaneMask mask);

/// Runs the external function `name` (runner-utils printing) if the
/// simulator provides it; returns false if it does not.
FailureOr<bool> callBuiltin(Interpreter &interp, Operation *call,
                            llvm::StringRef name, llvm::ArrayRef<Value> args);

/// Atomically replaces `memref[indices]` by `update(old, lane)` for each
/// lane of `lanes`, in lane order; returns the value each lane saw.
FailureOr<WarpValue>
executeAtomicUpdate(Interpreter &interp, Operation *op, Value memref,
                    ValueRange indices, LaneMask lanes,
                    llvm::function_ref<uint64_t(uint64_t, unsigned)> update);

/// The descriptor of a whole buffer viewed as `type` with `sizes` (the
/// strides of the type's layout, row-major for the identity layout).
MemRefRef describeBuffer(Buffer *buffer, MemRefType type,
                         llvm::ArrayRef<int64_t> sizes);

/// Scalar helpers shared by the op families (Scalars.cpp).
/// The bit width of `type` in a lane word (index: 64).
unsigned getBitWidth(Type type);
/// Truncates `bits` to the width of integer `type`.
uint64_t truncateTo(Type type, uint64_t bits);
/// Sign-extends integer `bits` of `type` to 64 bits.
int64_t signExtend(Type type, uint64_t bits);
/// Converts float bits of `type` to a double and back.
double toDouble(Type type, uint64_t bits);
uint64_t fromDouble(Type type, double value);
/// The bits of an f32 / f64 word and back.
float asFloat(uint64_t bits);
uint64_t floatBits(float value);
double asDouble(uint64_t bits);
uint64_t doubleBits(double value);
/// The word of an integer, float or bool constant attribute (0 otherwise).
uint64_t attributeBits(Attribute attr);

} // namespace sim
} // namespace wc
} // namespace mlir

#endif // WC_LIB_SIMULATOR_INTERPRETER_H
