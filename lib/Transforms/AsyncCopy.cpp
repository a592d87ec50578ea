//===- AsyncCopy.cpp - Global-to-shared copies by cp.async ----------------===//
//
// The `wc-async-copy` pass: a load of global memory whose only use is a
// store to workgroup memory becomes an nvgpu.device_async_copy, and the
// copies of a block are waited for right before the next op that could
// observe them (the steps before and after: AsyncCopy.h).
//
//===----------------------------------------------------------------------===//

#include "WC/Transforms/Passes.h"

#include "AsyncCopy.h"

#include "WC/Analysis/SharedAccess.h"
#include "WC/Target/ModuleTarget.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_ASYNCCOPY
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

/// Whether `type`'s elements, of one of `elementBytes` sizes, can be
/// copied by cp.async: its innermost dimension contiguous.
static bool isCopyable(MemRefType type, ArrayRef<unsigned> elementBytes) {
  Type element = type.getElementType();
  if (!element.isIntOrFloat())
    return false;
  unsigned bits = element.getIntOrFloatBitWidth();
  return bits % 8 == 0 && llvm::is_contained(elementBytes, bits / 8) &&
         type.isLastDimUnitStride();
}

bool mlir::wc::mayWrite(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return !isMemoryEffectFree(op);
  return effects.hasEffect<MemoryEffects::Write>() ||
         effects.hasEffect<MemoryEffects::Allocate>() ||
         effects.hasEffect<MemoryEffects::Free>();
}

/// Whether `memref` is a kernel argument or a view of one: global memory
/// (not a thread's private buffer, which cp.async cannot read).
static bool isKernelArgument(Value memref, gpu::GPUFuncOp func) {
  auto arg = dyn_cast<BlockArgument>(getViewRoot(memref));
  return arg && arg.getOwner() == &func.getBody().front() &&
         arg.getArgNumber() < func.getNumArguments();
}

memref::LoadOp mlir::wc::getCopiedLoad(memref::StoreOp store,
                                       gpu::GPUFuncOp func,
                                       ArrayRef<unsigned> elementBytes) {
  MemRefType dst = store.getMemRefType();
  if (!isWorkgroupMemRef(dst) || !isCopyable(dst, elementBytes))
    return {};
  auto load = store.getValue().getDefiningOp<memref::LoadOp>();
  if (!load || load->getBlock() != store->getBlock() ||
      !load.getResult().hasOneUse())
    return {};
  MemRefType src = load.getMemRefType();
  if (isWorkgroupMemRef(src) || !isCopyable(src, elementBytes) ||
      src.getElementType() != dst.getElementType() ||
      !isKernelArgument(load.getMemref(), func))
    return {};
  // Writes to workgroup memory between them (the stores of other copies,
  // or copies already made asynchronous) cannot change global memory.
  for (Operation *op = load->getNextNode(); op != store;
       op = op->getNextNode()) {
    auto other = dyn_cast<memref::StoreOp>(op);
    if ((other && isWorkgroupMemRef(other.getMemRefType())) ||
        isa<nvgpu::DeviceAsyncCopyOp>(op))
      continue;
    if (mayWrite(op))
      return {};
  }
  return load;
}

/// Whether the copies pending in a block may stay pending past `op`: `op`
/// neither synchronizes nor touches memory, except by loads of
/// non-workgroup memory (those that feed copies, or others).
static bool canPassPendingCopies(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return !isWorkgroupMemRef(load.getMemRefType());
  if (op->getNumRegions() != 0 || op->hasTrait<OpTrait::IsTerminator>())
    return false;
  return isMemoryEffectFree(op);
}

/// Whether the copies an op's regions leave in flight may be waited for
/// after the op: a region that runs once (`scf.if`), or once per virtual
/// thread (`wc.vthreads`: distinct threads of the original block, whose
/// copies to one element would race in the original program already). Not
/// a loop: two iterations of one thread may copy to the same element, and
/// copies in flight together complete in no defined order.
static bool mayDeferWait(Operation *op) {
  return isa<scf::IfOp, VThreadsOp>(op);
}

/// `value` as a base value plus a constant (a null base for a constant),
/// seen through additions of constants.
static std::pair<Value, int64_t> splitConstantOffset(Value value) {
  int64_t offset = 0;
  while (true) {
    if (std::optional<int64_t> c = getConstantIntValue(value))
      return {Value(), offset + *c};
    auto add = value.getDefiningOp<arith::AddIOp>();
    if (!add)
      return {value, offset};
    if (std::optional<int64_t> c = getConstantIntValue(add.getRhs())) {
      offset += *c;
      value = add.getLhs();
    } else if (std::optional<int64_t> c = getConstantIntValue(add.getLhs())) {
      offset += *c;
      value = add.getRhs();
    } else {
      return {value, offset};
    }
  }
}

namespace {
/// The elements a copy in flight writes: `count` from `indices` of
/// `memref` along its innermost dimension; no indices when unknown (a
/// nested region's copies).
struct PendingWrite {
  Value memref;
  SmallVector<Value> indices;
  int64_t count = 0;

  /// Whether this and a copy of `count` elements at `indices` of `memref`
  /// provably write different elements: the same view, the same indices
  /// but the innermost, which differ by a constant that keeps the runs
  /// apart.
  bool isDisjointFrom(Value otherMemref, ValueRange otherIndices,
                      int64_t otherCount) const {
    if (indices.empty() || memref != otherMemref ||
        indices.size() != otherIndices.size())
      return false;
    for (size_t i = 0; i + 1 < indices.size(); ++i)
      if (indices[i] != otherIndices[i])
        return false;
    auto [base, offset] = splitConstantOffset(indices.back());
    auto [otherBase, otherOffset] = splitConstantOffset(otherIndices.back());
    if (base != otherBase)
      return false;
    return otherOffset >= offset + count || offset >= otherOffset + otherCount;
  }
};

/// What the copies of a block leave for its parent.
struct BlockCopies {
  /// Whether groups committed in the block are still in flight at its end.
  bool inFlight = false;
  /// Whether the block has no op that may observe copies (only copies and
  /// ops they may pass), so that every run of it, and what follows its
  /// parent until the wait, may overlap them.
  bool clean = true;
  /// The buffers (roots of views) its copies in flight write.
  llvm::MapVector<Value, SmallVector<PendingWrite>> written;

  /// Whether a copy of `count` elements at `indices` of `memref` may
  /// write an element that a copy in flight writes.
  bool overlaps(Value memref, ValueRange indices, int64_t count) const {
    auto it = written.find(getViewRoot(memref));
    if (it == written.end())
      return false;
    return llvm::any_of(it->second, [&](const PendingWrite &w) {
      return !w.isDisjointFrom(memref, indices, count);
    });
  }
  void record(Value memref, ValueRange indices, int64_t count) {
    written[getViewRoot(memref)].push_back(
        {memref, SmallVector<Value>(indices), count});
  }
};

/// The rewrite of one kernel's copies.
struct CopyRewriter {
  gpu::GPUFuncOp func;
  bool elementCopies;
  Type tokenType;
  int64_t copies = 0;

  CopyRewriter(gpu::GPUFuncOp func, bool elementCopies)
      : func(func), elementCopies(elementCopies),
        tokenType(nvgpu::DeviceAsyncTokenType::get(func.getContext())) {}

  /// One group of `pending` copies before `op`; and a wait for every group
  /// of the thread (`cp.async.wait_group 0`) when `wait`.
  void commit(Operation *op, SmallVectorImpl<Value> &pending, bool wait) {
    OpBuilder b(op);
    Value group = nvgpu::DeviceAsyncCreateGroupOp::create(b, op->getLoc(),
                                                          tokenType, pending);
    if (wait)
      nvgpu::DeviceAsyncWaitOp::create(b, op->getLoc(), group,
                                       b.getI32IntegerAttr(0));
    pending.clear();
  }

  /// A copy of the element `store` writes from `load`'s, in place of both.
  nvgpu::DeviceAsyncCopyOp replace(memref::StoreOp store, memref::LoadOp load) {
    OpBuilder b(store);
    auto copy = nvgpu::DeviceAsyncCopyOp::create(
        b, store.getLoc(), tokenType, store.getMemref(), store.getIndices(),
        load.getMemref(), load.getIndices(), b.getIndexAttr(1),
        /*srcElements=*/Value(), /*bypassL1=*/UnitAttr());
    store.erase();
    load.erase();
    ++copies;
    return copy;
  }

  /// Groups and waits for the copies of `block` (and makes copies of its
  /// loads and stores when `elementCopies`); leaves them in flight,
  /// uncommitted, at its end when `deferAtEnd` and the block is clean.
  BlockCopies rewriteBlock(Block &block, bool deferAtEnd) {
    SmallVector<Value> pending;
    // `inFlight`: groups committed before, in this block or by nested
    // regions, and not waited for yet. `written`: what they and the
    // pending copies write: a copy that may write one of those elements
    // waits first (copies in flight together complete in no defined
    // order).
    BlockCopies state;
    auto waitBefore = [&](Operation *op) {
      state.clean = false;
      state.written.clear();
      if (pending.empty() && !state.inFlight)
        return;
      commit(op, pending, /*wait=*/true);
      state.inFlight = false;
    };
    for (Operation &op : llvm::make_early_inc_range(block)) {
      auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(&op);
      if (auto store = dyn_cast<memref::StoreOp>(&op); store && elementCopies)
        if (memref::LoadOp load = getCopiedLoad(store, func, {4, 8}))
          copy = replace(store, load);
      // A copy no group holds yet (one just made, or made by the tiles'
      // step).
      if (copy && copy.getAsyncToken().use_empty()) {
        int64_t count = copy.getDstElements().getSExtValue();
        if (state.overlaps(copy.getDst(), copy.getDstIndices(), count))
          waitBefore(copy);
        state.record(copy.getDst(), copy.getDstIndices(), count);
        pending.push_back(copy.getAsyncToken());
        continue;
      }
      if (op.hasTrait<OpTrait::IsTerminator>()) {
        if (deferAtEnd && state.clean) {
          // The copies stay uncommitted: the commit before the wait that
          // follows the parent takes them into its group (a commit takes
          // all the thread's copies not yet in a group).
          state.inFlight |= !pending.empty();
          if (!state.inFlight)
            state.written.clear();
          return state;
        }
        waitBefore(&op);
        return state;
      }
      if (op.getNumRegions() != 0) {
        bool defer = mayDeferWait(&op);
        if (!defer)
          waitBefore(&op);
        BlockCopies nested;
        for (Region &region : op.getRegions()) {
          for (Block &inner : region) {
            BlockCopies one = rewriteBlock(inner, defer);
            nested.inFlight |= one.inFlight;
            nested.clean &= one.clean;
            for (auto &[buffer, writes] : one.written)
              nested.written[buffer];
          }
        }
        if (defer) {
          // The op may run past the copies before it when it observes
          // nothing and its copies write other buffers.
          bool conflict = llvm::any_of(nested.written, [&](auto &entry) {
            return state.written.contains(entry.first);
          });
          if (!nested.clean || conflict)
            waitBefore(&op);
        }
        if (nested.inFlight) {
          state.inFlight = true;
          // Their elements are unknown here: any copy to those buffers
          // waits.
          for (auto &[buffer, writes] : nested.written)
            state.written[buffer].push_back({buffer, {}, 0});
        }
        continue;
      }
      if (!canPassPendingCopies(&op))
        waitBefore(&op);
    }
    return state;
  }
};
} // namespace

namespace {
/// What copyAsync did to a kernel.
struct AsyncCopyCounts {
  TileCopyCounts tiles;
  int64_t copies = 0, ahead = 0;
};
} // namespace

/// The steps of wc-async-copy on `func`.
static AsyncCopyCounts copyAsync(gpu::GPUFuncOp func,
                                 const TargetDescription &target,
                                 bool elementCopies, bool prefetch) {
  AsyncCopyCounts counts;
  counts.tiles = groupTileCopies(func);
  CopyRewriter rewriter(func, elementCopies);
  for (Block &block : func.getBody())
    rewriter.rewriteBlock(block, /*deferAtEnd=*/false);
  counts.copies = rewriter.copies;
  counts.ahead = prefetch ? prefetchTileCopies(func, target) : 0;
  return counts;
}

/// Runs `fn` on a copy of `func` in its module (the steps look up nothing
/// else), without its remarks, and erases the copy.
template <typename Fn> static auto onCopyOf(gpu::GPUFuncOp func, Fn fn) {
  ScopedDiagnosticHandler quiet(func.getContext(),
                                [](Diagnostic &) { return success(); });
  OpBuilder b(func);
  auto copy = cast<gpu::GPUFuncOp>(b.clone(*func));
  auto result = fn(copy);
  copy.erase();
  return result;
}

bool mlir::wc::wouldPrefetchTiles(gpu::GPUFuncOp func,
                                  const TargetDescription &target) {
  if (!target.hasAsyncCopy())
    return false;
  return onCopyOf(func, [&](gpu::GPUFuncOp copy) {
    return copyAsync(copy, target, /*elementCopies=*/false,
                     /*prefetch=*/true)
               .ahead != 0;
  });
}

llvm::SmallDenseMap<unsigned, int64_t>
mlir::wc::getTileCopyAlignments(gpu::GPUFuncOp func,
                                const TargetDescription &target) {
  if (!target.hasAsyncCopy())
    return {};
  return onCopyOf(func, [&](gpu::GPUFuncOp copy) {
    groupTileCopies(copy);
    // Runs of 16 bytes bypass L1 (cp.async.cg); a box's copies do not.
    unsigned first = copy.getFirstWorkgroupAttributionIndex();
    llvm::SmallDenseMap<unsigned, int64_t> alignments;
    copy.walk([&](nvgpu::DeviceAsyncCopyOp op) {
      auto arg = dyn_cast<BlockArgument>(op.getDst());
      if (!arg || arg.getOwner() != &copy.getBody().front() ||
          arg.getArgNumber() < first)
        return;
      int64_t &bytes = alignments[arg.getArgNumber() - first];
      bytes = std::max(bytes, op.getBypassL1() ? int64_t(16) : kBoxCopyBytes);
    });
    return alignments;
  });
}

namespace {
struct AsyncCopyPass : public wc::impl::AsyncCopyBase<AsyncCopyPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleTargets targets("wc-async-copy", chip);
    getOperation().walk([&](gpu::GPUFuncOp func) {
      if (!func.isKernel())
        return;
      const TargetDescription *target = targets.lookupFor(func);
      if (!target || !target->hasAsyncCopy())
        return;
      AsyncCopyCounts counts =
          copyAsync(func, *target, elementCopies, prefetch);
      TileCopyCounts tiles = counts.tiles;
      if (tiles.runs)
        func.emitRemark() << "wc-async-copy: " << tiles.runs
                          << " tile copies by cp.async of 16 bytes per lane";
      if (tiles.boxes)
        func.emitRemark() << "wc-async-copy: " << tiles.boxes
                          << " tiles copied whole by cp.async of 8 bytes";
      if (counts.ahead)
        func.emitRemark() << "wc-async-copy: " << counts.ahead
                          << " tile loops copy the next tile during this one "
                             "(two of each tile)";
      if (int64_t copies = counts.copies)
        func.emitRemark() << "wc-async-copy: " << copies
                          << " copies from global to workgroup memory by "
                             "cp.async";
    });
    if (targets.hadError())
      signalPassFailure();
  }
};
} // namespace
