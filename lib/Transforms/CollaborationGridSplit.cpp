//===- CollaborationGridSplit.cpp - When the grid level may split -------===//
//
// Whether wc-collaborate's grid level may run in launches of its own before
// the kernel's (planGridSplit; the launches are built in
// CollaborationGridLaunch.cpp): the launches run the body and compute the
// loop's bounds before the kernel does, so both may only read memory that
// the kernel never writes, and each thread of a launch has a word.
//
//===----------------------------------------------------------------------===//

#include "CollaborationBuilder.h"

#include "WC/Analysis/SharedAccess.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::collaborate;

/// The launch's threads past which the split grid level is not used (its
/// word per thread would take over 256 MiB).
static constexpr int64_t kMaxSplitThreads = int64_t(1) << 26;

/// The kernel input whose memory `memref` is (through views), if any.
static std::optional<unsigned> getRootInput(Value memref, gpu::GPUFuncOp func) {
  auto arg = dyn_cast<BlockArgument>(getViewRoot(memref));
  if (!arg || arg.getOwner() != &func.getBody().front() ||
      arg.getArgNumber() >= func.getNumArguments())
    return std::nullopt;
  return arg.getArgNumber();
}

namespace {
/// The kernel's inputs that it may write, or the op whose writes are
/// unknown.
struct KernelWrites {
  llvm::SmallDenseSet<unsigned> inputs;
  Operation *unknown = nullptr;
  /// `unknown` writes to a buffer that is neither an input nor its own.
  bool chosen = false;
};

/// The reads of memory of the split grid level's kernels: only of inputs
/// the kernel never writes (so that they read what the kernel would).
struct ReadRules {
  gpu::GPUFuncOp func;
  const KernelWrites &writes;
  llvm::SmallDenseSet<unsigned> &read;
  /// Whether `op` (with what it holds) only reads such inputs; `why` says
  /// what else it does.
  bool allows(Operation *op, std::string &why) const {
    WalkResult walk = op->walk([&](Operation *nested) {
      if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        return WalkResult::advance();
      auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
      if (!effects) {
        why = "'" + nested->getName().getStringRef().str() +
              "' may have effects on memory";
        return WalkResult::interrupt();
      }
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (MemoryEffects::EffectInstance &instance : instances) {
        std::optional<unsigned> input;
        if (Value value = instance.getValue())
          input = getRootInput(value, func);
        if (!isa<MemoryEffects::Read>(instance.getEffect()) || !input) {
          why = "'" + nested->getName().getStringRef().str() +
                "' does more than read a buffer the kernel is passed";
          return WalkResult::interrupt();
        }
        if (writes.inputs.contains(*input)) {
          why = "'" + nested->getName().getStringRef().str() +
                "' reads a buffer the kernel writes";
          return WalkResult::interrupt();
        }
        read.insert(*input);
      }
      return WalkResult::advance();
    });
    return !walk.wasInterrupted();
  }
};
} // namespace

static KernelWrites findKernelWrites(gpu::GPUFuncOp func) {
  KernelWrites writes;
  auto record = [&](Operation *op, Value value, bool) {
    if (!value) {
      writes.unknown = op;
      return WalkResult::interrupt();
    }
    if (std::optional<unsigned> input = getRootInput(value, func)) {
      writes.inputs.insert(*input);
    } else if (!isKernelAllocation(getViewRoot(value))) {
      // Memory chosen at run time (a select of buffers, a buffer an
      // `scf.if` yields): it may be any input's.
      writes.unknown = op;
      writes.chosen = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  };
  for (Block &block : func.getBody())
    for (Operation &op : block)
      if (walkMemoryChanges(&op, record))
        return writes;
  return writes;
}

/// The ops that compute `roots` in `func`, each allowed by `allowed`, where
/// every one is in the kernel's body or in `guard`'s then-block (or inside
/// another of them). Else sets `why`.
static FailureOr<SetVector<Operation *>>
collectSlice(gpu::GPUFuncOp func, scf::IfOp guard, ArrayRef<Value> roots,
             function_ref<bool(Operation *, std::string &)> allowed,
             std::string &why) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.omitUsesFromAbove = false;
  options.filter = [&](Operation *op) { return func->isProperAncestor(op); };
  auto isInput = [&](Value value) {
    auto arg = dyn_cast<BlockArgument>(value);
    return arg && arg.getOwner() == &func.getBody().front() &&
           arg.getArgNumber() < func.getNumArguments();
  };
  for (Value root : roots) {
    if (isa<BlockArgument>(root) && !isInput(root)) {
      why = "the loop's bounds come from a value the kernel's body defines in "
            "a loop or block of its own";
      return failure();
    }
    if (Operation *def = root.getDefiningOp())
      if (failed(getBackwardSlice(def, &slice, options))) {
        why = "the loop's bounds could not be traced";
        return failure();
      }
  }
  Block *body = &func.getBody().front();
  Block *guarded = guard ? guard.thenBlock() : nullptr;
  for (Operation *op : slice) {
    bool nested = llvm::any_of(slice, [&](Operation *other) {
      return other != op && other->isProperAncestor(op);
    });
    if (nested)
      continue;
    for (Value operand : op->getOperands())
      if (isa<BlockArgument>(operand) && !isInput(operand)) {
        why = "the loop's bounds come from a value the kernel's body defines "
              "in a loop or block of its own";
        return failure();
      }
    Block *block = op->getBlock();
    if (block != body && block != guarded) {
      why = "the loop's bounds come from '" +
            op->getName().getStringRef().str() +
            "' inside an op of the kernel that computes more";
      return failure();
    }
    if (!allowed(op, why))
      return failure();
  }
  return slice;
}

/// The values from outside the loop that its body uses, but its own
/// arguments.
static SetVector<Value> getBodyInputs(scf::ForOp loop) {
  SetVector<Value> inputs;
  loop.getBody()->walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (loop.isDefinedOutsideOfLoop(operand))
        inputs.insert(operand);
  });
  return inputs;
}

FailureOr<GridSplitPlan>
collaborate::planGridSplit(gpu::GPUFuncOp func, const CollaborationPlan &plan,
                           ArrayRef<gpu::LaunchFuncOp> launches,
                           std::string &why) {
  if (!gridLevelApplies(plan, why))
    return failure();
  scf::ForOp loop = plan.loop;
  scf::IfOp guardOp = plan.guard;
  KernelWrites writes = findKernelWrites(func);
  if (writes.unknown) {
    why = (writes.chosen ? "the kernel writes a buffer that is neither an "
                           "argument nor its own allocation ('"
                         : "the kernel has an op whose writes are not known "
                           "('") +
          writes.unknown->getName().getStringRef().str() + "')";
    return failure();
  }
  llvm::SmallDenseSet<unsigned> read;
  ReadRules rules{func, writes, read};
  // The body runs in the launch of chunks: it may only read.
  for (Operation &op : loop.getBody()->without_terminator())
    if (!rules.allows(&op, why)) {
      why = "the body must only read buffers the kernel does not write: " + why;
      return failure();
    }
  // The bounds are computed again in the launch of jobs, the body's values
  // from outside in the launch of chunks.
  SmallVector<Value> bounds{loop.getLowerBound(), loop.getUpperBound()};
  if (guardOp)
    bounds.push_back(guardOp.getCondition());
  auto readOnly = [&](Operation *op, std::string &reason) {
    if (rules.allows(op, reason))
      return true;
    reason = "the loop's bounds must come from reads of buffers the kernel "
             "does not write and ops free of effects: " +
             reason;
    return false;
  };
  GridSplitPlan split;
  FailureOr<SetVector<Operation *>> boundsSlice =
      collectSlice(func, guardOp, bounds, readOnly, why);
  if (failed(boundsSlice))
    return failure();
  split.bounds = std::move(*boundsSlice);
  SmallVector<Value> inputs(getBodyInputs(loop).takeVector());
  auto pure = [](Operation *op, std::string &reason) {
    if (isPure(op))
      return true;
    reason = "the body uses a value of '" + op->getName().getStringRef().str() +
             "', which the launch of chunks cannot compute again";
    return false;
  };
  FailureOr<SetVector<Operation *>> inputsSlice =
      collectSlice(func, guardOp, inputs, pure, why);
  if (failed(inputsSlice))
    return failure();
  split.bodyInputs = std::move(*inputsSlice);
  for (gpu::LaunchFuncOp launch : launches) {
    int64_t launched = 1;
    for (Value size : {launch.getGridSizeX(), launch.getGridSizeY(),
                       launch.getGridSizeZ(), launch.getBlockSizeX(),
                       launch.getBlockSizeY(), launch.getBlockSizeZ()}) {
      std::optional<int64_t> constant = getConstantIntValue(size);
      if (!constant || *constant <= 0) {
        why = "a launch's grid or block size is not a constant (each thread "
              "of the launch has a word for its job)";
        return failure();
      }
      if (*constant > kMaxSplitThreads / launched) {
        why = "a launch has more than 2^26 threads";
        return failure();
      }
      launched *= *constant;
    }
    split.threads = std::max(split.threads, launched);
    // Buffers passed twice: what the launches before the kernel read could
    // be what the kernel writes.
    auto pairs = [&](function_ref<bool(Value, Value)> apart) {
      for (unsigned r : read)
        for (unsigned w : writes.inputs)
          if (!apart(launch.getKernelOperand(r), launch.getKernelOperand(w)))
            return false;
      return true;
    };
    if (!pairs([](Value read, Value written) {
          return getViewRoot(read) != getViewRoot(written);
        })) {
      why = "a launch passes the same buffer for an argument the body or "
            "bounds read and one the kernel writes";
      return failure();
    }
    if (!pairs([](Value read, Value written) {
          return isDistinctHostBuffer(read) && isDistinctHostBuffer(written);
        })) {
      why = "a launch passes buffers for an argument the body or bounds "
            "read and one the kernel writes that may be the same memory "
            "(each must be an allocation, or a host function's argument "
            "marked llvm.noalias)";
      return failure();
    }
  }
  return split;
}
