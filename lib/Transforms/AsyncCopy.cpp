//===- AsyncCopy.cpp - Global-to-shared copies by cp.async ----------------===//
//
// The `wc-async-copy` pass: a load of global memory whose only use is a
// store to workgroup memory becomes an nvgpu.device_async_copy, and the
// copies of a block are waited for right before the next op that could
// observe them.
//
//===----------------------------------------------------------------------===//

#include "WC/Transforms/Passes.h"

#include "WC/Analysis/SharedAccess.h"
#include "WC/Target/ModuleTarget.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_ASYNCCOPY
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

/// Whether `type`'s elements can be copied one at a time by cp.async (4 or
/// 8 bytes), its innermost dimension contiguous.
static bool isCopyable(MemRefType type) {
  Type element = type.getElementType();
  if (!element.isIntOrFloat())
    return false;
  unsigned bits = element.getIntOrFloatBitWidth();
  return (bits == 32 || bits == 64) && type.isLastDimUnitStride();
}

/// Whether `op` may write memory (unknown effects included).
static bool mayWrite(Operation *op) {
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
  auto arg = dyn_cast<BlockArgument>(
      memref::skipViewLikeOps(cast<MemrefValue>(memref)));
  return arg && arg.getOwner() == &func.getBody().front() &&
         arg.getArgNumber() < func.getNumArguments();
}

/// The load of `store`'s value, if the store can become an asynchronous
/// copy of it: a load of a kernel argument in the same block, whose value
/// nothing else uses, of the same element type, with nothing that may
/// write memory between the two.
static memref::LoadOp getCopiedLoad(memref::StoreOp store,
                                    gpu::GPUFuncOp func) {
  MemRefType dst = store.getMemRefType();
  if (!isWorkgroupMemRef(dst) || !isCopyable(dst))
    return {};
  auto load = store.getValue().getDefiningOp<memref::LoadOp>();
  if (!load || load->getBlock() != store->getBlock() ||
      !load.getResult().hasOneUse())
    return {};
  MemRefType src = load.getMemRefType();
  if (isWorkgroupMemRef(src) || !isCopyable(src) ||
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

namespace {
/// The rewrite of one kernel's copies.
struct CopyRewriter {
  gpu::GPUFuncOp func;
  Type tokenType;
  int64_t copies = 0;

  explicit CopyRewriter(gpu::GPUFuncOp func)
      : func(func),
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

  /// Rewrites the copies of `block`. Returns whether the block leaves
  /// committed groups in flight at its end (its only ops copies and ops
  /// they may pass, so that every run of it, and what follows its parent
  /// until the wait, may overlap them).
  bool rewriteBlock(Block &block, bool deferAtEnd) {
    SmallVector<Value> pending;
    // Groups committed before, in this block or by nested regions, and not
    // waited for yet.
    bool inFlight = false;
    bool clean = true;
    // The buffers the pending copies write: a second copy into one of
    // them, or any copy while nested regions' copies are in flight, waits
    // first (copies in flight together complete in no defined order).
    llvm::SmallPtrSet<Value, 4> written;
    auto waitBefore = [&](Operation *op) {
      clean = false;
      written.clear();
      if (pending.empty() && !inFlight)
        return;
      commit(op, pending, /*wait=*/true);
      inFlight = false;
    };
    for (Operation &op : llvm::make_early_inc_range(block)) {
      if (auto store = dyn_cast<memref::StoreOp>(&op)) {
        if (memref::LoadOp load = getCopiedLoad(store, func)) {
          if (inFlight || written.contains(store.getMemref()))
            waitBefore(store);
          written.insert(store.getMemref());
          OpBuilder b(store);
          auto copy = nvgpu::DeviceAsyncCopyOp::create(
              b, store.getLoc(), tokenType, store.getMemref(),
              store.getIndices(), load.getMemref(), load.getIndices(),
              b.getIndexAttr(1), /*srcElements=*/Value(),
              /*bypassL1=*/UnitAttr());
          pending.push_back(copy.getAsyncToken());
          store.erase();
          load.erase();
          ++copies;
          continue;
        }
      }
      if (op.hasTrait<OpTrait::IsTerminator>()) {
        if (deferAtEnd && clean) {
          if (!pending.empty()) {
            commit(&op, pending, /*wait=*/false);
            inFlight = true;
          }
          return inFlight;
        }
        waitBefore(&op);
        return false;
      }
      if (op.getNumRegions() != 0) {
        waitBefore(&op);
        bool nested = false;
        for (Region &region : op.getRegions())
          for (Block &inner : region)
            nested |= rewriteBlock(inner, mayDeferWait(&op));
        inFlight |= nested;
        continue;
      }
      if (!canPassPendingCopies(&op))
        waitBefore(&op);
    }
    return false;
  }
};
} // namespace

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
      CopyRewriter rewriter(func);
      for (Block &block : func.getBody())
        rewriter.rewriteBlock(block, /*deferAtEnd=*/false);
      if (int64_t copies = rewriter.copies)
        func.emitRemark() << "wc-async-copy: " << copies
                          << " copies from global to workgroup memory by "
                             "cp.async";
    });
    if (targets.hadError())
      signalPassFailure();
  }
};
} // namespace
