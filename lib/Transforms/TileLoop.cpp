//===- TileLoop.cpp - The tile loop that wc-specialize splits -------------===//
//
// Finds the loop of a kernel that wc-specialize splits between producer and
// consumer warps: a uniform loop directly in the kernel's body whose
// iterations copy tiles from global into workgroup memory (barriers among
// the copy allowed), wait at a barrier, compute from the tiles and wait
// again. Fails with the reason for a kernel without such a loop, barriers
// elsewhere, a copy with control flow other than conditions without
// results, reading workgroup memory or a
// loop-carried value, writing anything but workgroup attributions or
// needing a value the producers cannot recompute, a compute part that
// writes workgroup memory, tile buffers used outside the loop, and global
// memory that the copy loads and the compute part or the kernel before the
// loop writes (the producer warps run ahead of the consumers: nothing
// orders their loads after those stores).
//
//===----------------------------------------------------------------------===//

#include "TileLoop.h"

#include "WC/Analysis/SharedAccess.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::wc;

/// The ops `value` is computed from (its definer included), uses from
/// above in their regions included, those that `filter` accepts (all if
/// null), added to `slice`.
static void addDefiningSlice(Value value, SetVector<Operation *> &slice,
                             SliceOptions::TransitiveFilter filter = {}) {
  BackwardSliceOptions options;
  options.inclusive = true;
  options.omitUsesFromAbove = false;
  options.filter = std::move(filter);
  if (Operation *def = value.getDefiningOp())
    (void)getBackwardSlice(def, &slice, options);
}

/// Whether `value` depends on a thread id (so the loop is not uniform).
static bool dependsOnThread(Value value) {
  SetVector<Operation *> slice;
  addDefiningSlice(value, slice);
  return llvm::any_of(slice, [](Operation *op) {
    return isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::GlobalIdOp,
               gpu::SubgroupIdOp, memref::LoadOp>(op);
  });
}

/// Whether `op` gives a value that depends on the warp that runs it (a
/// lane or warp id), which a producer warp copying for another thread
/// would not get right; thread, block and global ids and sizes are mapped.
static bool isWarpDependent(Operation *op) {
  return isa_and_present<gpu::GPUDialect>(op->getDialect()) &&
         !isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
              gpu::GlobalIdOp>(op);
}

/// The workgroup attribution `value` is, if any.
static BlockArgument getAttribution(gpu::GPUFuncOp func, Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || arg.getOwner() != &func.getBody().front() ||
      arg.getArgNumber() < func.getFirstWorkgroupAttributionIndex() ||
      arg.getArgNumber() >= func.getFirstPrivateAttributionIndex())
    return {};
  return arg;
}

/// Whether `value` is an argument of `func` (not an attribution).
static bool isKernelArgument(gpu::GPUFuncOp func, Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && arg.getOwner() == &func.getBody().front() &&
         arg.getArgNumber() < func.getNumArguments();
}

/// Checks that no op of `ops` (with what they hold) writes memory that one
/// of `loaded` (the roots of the buffers the copy loads) may be; records in
/// `match.mustNotAlias` the kernel arguments that only the launches can
/// tell apart. Fails with the reason and the writing op.
static LogicalResult checkWritesApart(gpu::GPUFuncOp func,
                                      ArrayRef<Operation *> ops,
                                      ArrayRef<Value> loaded, StringRef where,
                                      TileLoop &match, std::string &why,
                                      Operation *&at) {
  for (Operation *op : ops) {
    auto check = [&](Operation *nested, Value value, bool known) {
      if (!known) {
        why = where.str() + " has '" + nested->getName().getStringRef().str() +
              "', whose effects on memory are unknown";
        at = nested;
        return WalkResult::interrupt();
      }
      if (value && isWorkgroupMemRef(value.getType()))
        return WalkResult::advance();
      Value written = value ? getViewRoot(value) : Value();
      for (Value read : loaded) {
        bool apart = written && read != written &&
                     (isKernelAllocation(read) || isKernelAllocation(written));
        if (written && read != written && isKernelArgument(func, read) &&
            isKernelArgument(func, written)) {
          match.mustNotAlias.push_back(
              {cast<BlockArgument>(read).getArgNumber(),
               cast<BlockArgument>(written).getArgNumber()});
          apart = true;
        }
        if (!apart) {
          why = where.str() + " writes memory that the copy may load ('" +
                nested->getName().getStringRef().str() +
                "'; the producer warps would load it before the store)";
          at = nested;
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    };
    if (walkMemoryChanges(op, check))
      return failure();
  }
  return success();
}

/// Finds the tile loop of `func`, or fails with the reason and its op.
FailureOr<TileLoop> wc::matchTileLoop(gpu::GPUFuncOp func, std::string &why,
                                      Operation *&at) {
  Block &entry = func.getBody().front();
  if (func.getBody().getBlocks().size() != 1) {
    why = "its body has several blocks";
    return failure();
  }
  // Ops that every thread of the block must reach, or that count the
  // block's warps: after the split, the producer warps are part of the
  // block but run none of the kernel's own code.
  WalkResult blockWide = func.walk([&](Operation *op) {
    if (!isa<gpu::AllReduceOp, gpu::NumSubgroupsOp, NVVM::BarrierOp,
             NVVM::Barrier0Op>(op))
      return WalkResult::advance();
    why = "it uses '" + op->getName().getStringRef().str() +
          "', whose meaning takes in every warp of the block, the producers "
          "too";
    at = op;
    return WalkResult::interrupt();
  });
  if (blockWide.wasInterrupted())
    return failure();
  SmallVector<gpu::BarrierOp> barriers;
  func.walk([&](gpu::BarrierOp barrier) { barriers.push_back(barrier); });
  if (barriers.size() < 2) {
    why = "it has " + std::to_string(barriers.size()) + " barrier" +
          (barriers.size() == 1 ? "" : "s") +
          ", not a tile loop's copy, barrier, compute, barrier";
    return failure();
  }
  auto loop = dyn_cast<scf::ForOp>(barriers[0]->getParentOp());
  if (!loop || loop->getBlock() != &entry ||
      llvm::any_of(barriers, [&](gpu::BarrierOp barrier) {
        return barrier->getParentOp() != loop;
      })) {
    why = "its barriers are not all directly in one loop of the kernel's "
          "body";
    at = barriers[0];
    return failure();
  }
  if (dependsOnThread(loop.getLowerBound()) ||
      dependsOnThread(loop.getUpperBound()) ||
      dependsOnThread(loop.getStep())) {
    why = "the tile loop's bounds depend on the thread or on memory";
    at = loop;
    return failure();
  }
  if (loop.getUnsignedCmp()) {
    // The rings count the loop's trips signed.
    why = "the tile loop compares its bounds unsigned";
    at = loop;
    return failure();
  }
  if (!loop.getInductionVar().getType().isIndex()) {
    why = "the tile loop's induction variable is not an index";
    at = loop;
    return failure();
  }
  Block *body = loop.getBody();
  gpu::BarrierOp last = barriers.back(), split = barriers[barriers.size() - 2];
  if (last->getNextNode() != body->getTerminator()) {
    why = "the tile loop does not end with a barrier";
    at = last;
    return failure();
  }
  // The copy is everything before the last barrier but one (the barriers
  // among it go), the compute part what lies between the last two.
  TileLoop match;
  match.loop = loop;
  bool afterSplit = false;
  for (Operation &op : body->without_terminator()) {
    if (&op == split.getOperation()) {
      afterSplit = true;
      continue;
    }
    if (&op == last.getOperation())
      break;
    if (isa<gpu::BarrierOp>(op))
      continue;
    (afterSplit ? match.compute : match.copy).push_back(&op);
  }

  // The copy: global loads, stores of whole elements into workgroup
  // attributions, pure arithmetic, and conditions (`scf.if` without
  // results: a halo that some threads load) around them; nothing
  // loop-carried.
  // (A SetVector: in program order, so that remarks name the same
  // buffers every run.)
  SetVector<Operation *> copyOps;
  for (Operation *op : match.copy) {
    WalkResult walk = op->walk([&](Operation *nested) {
      copyOps.insert(nested);
      for (Value operand : nested->getOperands())
        if (auto arg = dyn_cast<BlockArgument>(operand);
            arg && arg.getOwner() == body && arg != loop.getInductionVar()) {
          why = "the copy uses a value carried from the previous tile";
          at = nested;
          return WalkResult::interrupt();
        }
      if (auto ifOp = dyn_cast<scf::IfOp>(nested)) {
        if (ifOp.getNumResults() != 0) {
          why = "the copy has a condition with results";
          at = nested;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      }
      if (isa<scf::YieldOp>(nested))
        return WalkResult::advance();
      if (isWarpDependent(nested)) {
        why = "the copy uses '" + nested->getName().getStringRef().str() +
              "', which the producer warps cannot recompute";
        at = nested;
        return WalkResult::interrupt();
      }
      if (nested->getNumRegions() != 0) {
        why = "the copy has control flow ('" +
              nested->getName().getStringRef().str() + "')";
        at = nested;
        return WalkResult::interrupt();
      }
      if (auto load = dyn_cast<memref::LoadOp>(nested)) {
        if (isWorkgroupMemRef(load.getMemRefType())) {
          why = "the copy reads workgroup memory";
          at = nested;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      }
      if (auto store = dyn_cast<memref::StoreOp>(nested)) {
        BlockArgument tile = getAttribution(func, store.getMemRef());
        if (!tile) {
          why = "the copy writes memory other than workgroup attributions";
          at = nested;
          return WalkResult::interrupt();
        }
        if (!llvm::is_contained(match.tiles, tile))
          match.tiles.push_back(tile);
        return WalkResult::advance();
      }
      if (!isMemoryEffectFree(nested)) {
        why = "the copy has a side effect ('" +
              nested->getName().getStringRef().str() + "')";
        at = nested;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
  }
  if (match.tiles.empty()) {
    why = "its loop writes no workgroup buffer before the first barrier";
    at = loop;
    return failure();
  }
  // The compute part reads the tiles and writes no workgroup memory.
  for (Operation *op : match.compute) {
    WalkResult walk = op->walk([&](Operation *nested) {
      if (auto store = dyn_cast<memref::StoreOp>(nested);
          store && isWorkgroupMemRef(store.getMemRefType()))
        return WalkResult::interrupt();
      if (isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(nested) &&
          isWorkgroupMemRef(nested->getOperand(1).getType()))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (walk.wasInterrupted()) {
      why = "the compute part writes workgroup memory";
      at = op;
      return failure();
    }
  }
  // What the compute part uses from the copy, the consumers recompute: pure
  // arithmetic only (an index such as tx + 1), not an element the copy
  // loaded.
  SetVector<Operation *> shared;
  for (Operation *op : match.compute) {
    WalkResult walk = op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (!def || !copyOps.contains(def))
          continue;
        SetVector<Operation *> slice;
        addDefiningSlice(operand, slice,
                         [&](Operation *o) { return copyOps.contains(o); });
        for (Operation *needed : slice)
          if (!isPure(needed) || needed->getNumRegions() != 0) {
            why = "the compute part uses a value the copy computes with '" +
                  needed->getName().getStringRef().str() + "'";
            at = nested;
            return WalkResult::interrupt();
          }
        shared.insert(slice.begin(), slice.end());
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
  }
  for (Operation *op : match.copy)
    if (shared.contains(op))
      match.sharedWithCompute.push_back(op);
  // The tiles are only loaded and stored, and only in the loop.
  for (BlockArgument tile : match.tiles)
    for (Operation *user : tile.getUsers())
      if (!loop->isAncestor(user) ||
          !isa<memref::LoadOp, memref::StoreOp>(user) ||
          (isa<memref::StoreOp>(user) && !copyOps.contains(user))) {
        why = "a tile buffer is used outside the copy and the compute part "
              "of the loop";
        at = user;
        return failure();
      }
  // Values the copy takes from before the loop must be recomputable by the
  // producers: pure.
  // Global memory the copy loads: neither the compute part nor the kernel
  // before the loop may write it.
  SmallVector<Value> loaded;
  for (Operation *copyOp : copyOps)
    if (auto load = dyn_cast<memref::LoadOp>(copyOp))
      if (!llvm::is_contained(loaded, getViewRoot(load.getMemRef())))
        loaded.push_back(getViewRoot(load.getMemRef()));
  SmallVector<Operation *> beforeLoop;
  for (Operation &op : entry) {
    if (&op == loop.getOperation())
      break;
    beforeLoop.push_back(&op);
  }
  if (failed(checkWritesApart(func, match.compute, loaded, "the compute part",
                              match, why, at)) ||
      failed(checkWritesApart(func, beforeLoop, loaded,
                              "the kernel before the tile loop", match, why,
                              at)))
    return failure();
  for (Operation *copyOp : copyOps)
    for (Value operand : copyOp->getOperands()) {
      SetVector<Operation *> slice;
      addDefiningSlice(operand, slice,
                       [&](Operation *def) { return !loop->isAncestor(def); });
      for (Operation *def : slice)
        if (!isMemoryEffectFree(def) || def->getNumRegions() != 0 ||
            isWarpDependent(def)) {
          why = "the copy uses a value computed by '" +
                def->getName().getStringRef().str() +
                "', which the producer warps cannot recompute";
          at = def;
          return failure();
        }
    }
  return match;
}
