//===- ForwardStores.cpp - A thread's own stores forwarded across barriers ===//
//
// The `wc-forward-stores` pass: memory traffic that a thread has with
// itself through an address no other thread touches in between becomes
// register traffic. LLVM does this within straight-line code, but it stops
// at every block barrier (an intrinsic that may touch any memory), and the
// kernels producers emit keep values in memory across barriers: a linalg
// reduction fills its output with the identity, then, after the barriers
// of the tree, one thread adds the partial sums to it in a loop, and each
// thread accumulates its share into a workgroup element it zeroed earlier.
//
// Three rewrites, each sound for a data-race-free kernel (a block barrier
// orders the block's accesses, so a write by another thread to the same
// address between two phases must be textually between them, and a write
// of the same address in the same phase would be a race):
//
//  - promotion: a `scf.for` of one or more iterations, with no barrier and
//    no other access to memory that may alias, whose body loads and then
//    stores one loop-invariant address at its top level, carries the value
//    as an iteration argument (one load before the loop, one store after);
//    where the body's other accesses are loads and stores of other memrefs
//    that may be the same buffer (a column sum accumulating into its output
//    while it reads its input, both kernel arguments), the promoted loop
//    runs under a run-time test that the element lies outside of each of
//    those memrefs' bytes, the original otherwise;
//  - forwarding: a load of the address a dominating store of the same
//    thread wrote (the store runs whenever the load does: its enclosing
//    `scf.if` conditions are among the load's), with no write to memory
//    that may alias textually between them, takes the stored value;
//  - dead stores: a store that a later store of the same address by the
//    same thread overwrites, with no access to memory that may alias
//    textually between, is erased.
//
// Two memrefs may alias unless they live in different named address
// spaces (workgroup, private, global; a memref without one is generic and
// may alias any), or both lead through views to known buffers that are
// different objects: a kernel's own allocation (an attribution,
// `memref.alloc`/`alloca`) and any other buffer, or two different globals.
// Two kernel arguments may be one buffer, and a memref that comes from a
// select, a region result or a loop-carried value may be any buffer.
//
//===----------------------------------------------------------------------===//

#include "Versioning.h"

#include "WC/Analysis/SharedAccess.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_FORWARDSTORES
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

//===----------------------------------------------------------------------===//
// Addresses and aliasing
//===----------------------------------------------------------------------===//

/// The memory a memref lives in, as far as aliasing goes: a memref without
/// an address space is generic and may point into any of the others (a
/// `memref.memory_space_cast` of workgroup memory, say).
enum class MemorySpace { Generic, Global, Workgroup, Private };

static MemorySpace memorySpaceOf(Value memref) {
  Attribute space = cast<BaseMemRefType>(memref.getType()).getMemorySpace();
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space)) {
    switch (gpuSpace.getValue()) {
    case gpu::AddressSpace::Global:
      return MemorySpace::Global;
    case gpu::AddressSpace::Workgroup:
      return MemorySpace::Workgroup;
    case gpu::AddressSpace::Private:
      return MemorySpace::Private;
    }
  }
  if (auto number = dyn_cast_or_null<IntegerAttr>(space)) {
    // NVVM numbering, as the lowering of gpu address spaces produces.
    switch (number.getInt()) {
    case 1:
      return MemorySpace::Global;
    case 3:
      return MemorySpace::Workgroup;
    case 5:
      return MemorySpace::Private;
    }
  }
  return MemorySpace::Generic;
}

/// Whether `buffer` is an argument of the function that holds it.
static bool isFunctionArgument(Value buffer) {
  auto arg = dyn_cast<BlockArgument>(buffer);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return false;
  auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return func && arg.getArgNumber() < func.getNumArguments();
}

/// Whether an access through `a` may touch memory an access through `b`
/// touches: unless their address spaces are distinct named ones, or both
/// lead (through views) to known buffers that are different objects (one
/// of them the kernel's own allocation, or two different globals). A
/// memref that comes from anything else (a select, a region result, a
/// loop-carried value, a call) may be any buffer.
static bool mayAlias(Value a, Value b) {
  MemorySpace spaceA = memorySpaceOf(a), spaceB = memorySpaceOf(b);
  if (spaceA != spaceB && spaceA != MemorySpace::Generic &&
      spaceB != MemorySpace::Generic)
    return false;
  Value bufferA = getViewRoot(a), bufferB = getViewRoot(b);
  if (bufferA == bufferB)
    return true;
  auto globalA = bufferA.getDefiningOp<memref::GetGlobalOp>();
  auto globalB = bufferB.getDefiningOp<memref::GetGlobalOp>();
  if (globalA && globalB)
    return globalA.getName() == globalB.getName();
  auto known = [](Value buffer) {
    return isKernelAllocation(buffer) || isFunctionArgument(buffer) ||
           buffer.getDefiningOp<memref::GetGlobalOp>();
  };
  if (!known(bufferA) || !known(bufferB))
    return true;
  return !isKernelAllocation(bufferA) && !isKernelAllocation(bufferB);
}

/// Whether two index values are equal whenever a thread evaluates both at
/// the same point: the same value, equal constants, or the same pure op of
/// equal operands.
static bool sameIndex(Value a, Value b, unsigned depth = 0) {
  if (a == b)
    return true;
  APInt ca, cb;
  if (matchPattern(a, m_ConstantInt(&ca)) &&
      matchPattern(b, m_ConstantInt(&cb)))
    return ca.getBitWidth() == cb.getBitWidth() && ca == cb;
  Operation *da = a.getDefiningOp(), *db = b.getDefiningOp();
  if (!da || !db || depth > 8 || !isPure(da) || da->getNumRegions() != 0 ||
      cast<OpResult>(a).getResultNumber() !=
          cast<OpResult>(b).getResultNumber())
    return false;
  return OperationEquivalence::isEquivalentTo(
      da, db,
      [&](Value x, Value y) { return success(sameIndex(x, y, depth + 1)); },
      /*markEquivalent=*/nullptr, OperationEquivalence::IgnoreLocations);
}

/// Whether two accesses (`memref.load`/`memref.store`) touch the same
/// element of the same memref.
template <typename AccessA, typename AccessB>
static bool sameAddress(AccessA a, AccessB b) {
  if (a.getMemRef() != b.getMemRef())
    return false;
  return llvm::all_of_zip(a.getIndices(), b.getIndices(),
                          [](Value x, Value y) { return sameIndex(x, y); });
}

/// Whether `op` only synchronises threads: its memory effects order the
/// accesses of others, which the data-race-free argument of this file
/// already accounts for.
static bool isBarrier(Operation *op) { return isa<gpu::BarrierOp>(op); }

/// Whether `op` or an op nested in it, other than those in `except`, may
/// write (with `reads`, also read) memory that an access through `memref`
/// may touch. Ops with unknown effects may.
static bool mayAccess(Operation *op, Value memref, bool reads,
                      ArrayRef<Operation *> except = {}) {
  WalkResult result = op->walk([&](Operation *nested) {
    if (llvm::is_contained(except, nested) || isBarrier(nested))
      return WalkResult::advance();
    auto iface = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!iface) {
      if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        return WalkResult::advance();
      return WalkResult::interrupt();
    }
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects) {
      bool relevant = isa<MemoryEffects::Write>(effect.getEffect()) ||
                      (reads && isa<MemoryEffects::Read>(effect.getEffect()));
      if (!relevant)
        continue;
      Value value = effect.getValue();
      if (!value || !isa<BaseMemRefType>(value.getType()) ||
          mayAlias(value, memref))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

//===----------------------------------------------------------------------===//
// Promotion of loop-carried accesses
//===----------------------------------------------------------------------===//

/// Whether `value` is the same in every iteration of `loop`: defined
/// outside it, or computed inside by pure ops from such values.
static bool isLoopInvariant(Value value, scf::ForOp loop, unsigned depth = 0) {
  if (loop.isDefinedOutsideOfLoop(value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || depth > 8 || !isPure(def) || def->getNumRegions() != 0)
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isLoopInvariant(operand, loop, depth + 1);
  });
}

/// Whether the bytes of `memref` are known from its descriptor: an identity
/// or strided layout with static strides of at least 0.
static bool hasExtent(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type || failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return llvm::all_of(strides, [](int64_t stride) {
    return !ShapedType::isDynamic(stride) && stride >= 0;
  });
}

/// The addresses of the bytes of `memref` that an access may touch,
/// [first, last): those of its element at `indices`, or with none, of the
/// whole view (from its first element to its last).
static std::pair<Value, Value> getByteRange(OpBuilder &b, Location loc,
                                            Value memref, ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  Value bytes =
      arith::ConstantIndexOp::create(b, loc, type.getElementTypeBitWidth() / 8);
  Value first = getElementAddress(b, loc, memref, indices);
  Value lastElement = first;
  if (indices.empty()) {
    // The last element: every index its dimension's size minus 1.
    auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    SmallVector<Value> last;
    for (Value size : metadata.getSizes())
      last.push_back(arith::SubIOp::create(b, loc, size, one));
    lastElement = getElementAddress(b, loc, memref, last);
  }
  return {first, arith::AddIOp::create(b, loc, lastElement, bytes)};
}

/// `value` (loop-invariant) available before `loop`: itself, or a copy of
/// its computation inserted at the rewriter's point.
static Value hoistInvariant(Value value, scf::ForOp loop,
                            RewriterBase &rewriter) {
  if (loop.isDefinedOutsideOfLoop(value))
    return value;
  Operation *def = value.getDefiningOp();
  IRMapping mapping;
  for (Value operand : def->getOperands())
    mapping.map(operand, hoistInvariant(operand, loop, rewriter));
  Operation *copy = rewriter.clone(*def, mapping);
  return copy->getResult(cast<OpResult>(value).getResultNumber());
}

/// Carries the element `load` reads and `store` writes at the top level of
/// the body of `loop` as an iteration argument, when that is sound (see the
/// file comment). Returns whether it did.
static bool promoteLoopAccess(scf::ForOp &loop, memref::LoadOp load,
                              memref::StoreOp store) {
  std::optional<APInt> trips = loop.getStaticTripCount();
  if (!trips || trips->isZero())
    return false;
  Block *body = loop.getBody();
  if (load->getBlock() != body || store->getBlock() != body ||
      !load->isBeforeInBlock(store) || !sameAddress(load, store))
    return false;
  auto invariant = [&](Value v) { return isLoopInvariant(v, loop); };
  if (!loop.isDefinedOutsideOfLoop(load.getMemRef()) ||
      !llvm::all_of(load.getIndices(), invariant))
    return false;
  bool hasBarrier = false;
  loop.getBody()->walk([&](Operation *op) { hasBarrier |= isBarrier(op); });
  if (hasBarrier)
    return false;
  // Other accesses that may touch the element: loads and stores of
  // another memref that may be the same buffer (two kernel arguments) are
  // allowed under a run-time test that the element lies outside of it.
  Value memref = load.getMemRef();
  SmallVector<Value> others;
  for (Operation &op : body->without_terminator()) {
    if (!mayAccess(&op, memref, /*reads=*/true,
                   {load.getOperation(), store.getOperation()}))
      continue;
    Value other;
    if (auto otherLoad = dyn_cast<memref::LoadOp>(op))
      other = otherLoad.getMemRef();
    else if (auto otherStore = dyn_cast<memref::StoreOp>(op))
      other = otherStore.getMemRef();
    // Addresses compare only within one address space (a generic pointer
    // into workgroup memory is not the workgroup address).
    if (!other || !hasExtent(other) || !hasExtent(memref) ||
        !loop.isDefinedOutsideOfLoop(other) ||
        getViewRoot(other) == getViewRoot(memref) ||
        memorySpaceOf(other) != memorySpaceOf(memref))
      return false;
    if (!llvm::is_contained(others, other))
      others.push_back(other);
  }

  IRRewriter rewriter(loop.getContext());
  rewriter.setInsertionPoint(loop);
  if (!others.empty()) {
    SmallVector<Value> at;
    for (Value index : load.getIndices())
      at.push_back(hoistInvariant(index, loop, rewriter));
    Location loc = loop.getLoc();
    auto [first, last] = getByteRange(rewriter, loc, memref, at);
    Value outside;
    for (Value other : others) {
      auto [start, end] = getByteRange(rewriter, loc, other, {});
      Value before = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ule, last, start);
      Value after = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::uge, first, end);
      Value disjoint = arith::OrIOp::create(rewriter, loc, before, after);
      outside = outside
                    ? arith::AndIOp::create(rewriter, loc, outside, disjoint)
                    : disjoint;
    }
    versionOp(loop, outside);
    rewriter.setInsertionPoint(loop);
  }
  SmallVector<Value> indices;
  for (Value index : load.getIndices())
    indices.push_back(hoistInvariant(index, loop, rewriter));
  Value initial =
      memref::LoadOp::create(rewriter, load.getLoc(), memref, indices);
  Value stored = store.getValueToStore();
  FailureOr<LoopLikeOpInterface> grown =
      cast<LoopLikeOpInterface>(loop.getOperation())
          .replaceWithAdditionalYields(
              rewriter, initial, /*replaceInitOperandUsesInLoop=*/false,
              [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                return SmallVector<Value>{stored};
              });
  if (failed(grown))
    return false;
  loop = cast<scf::ForOp>(grown->getOperation());
  rewriter.replaceAllUsesWith(load.getResult(),
                              loop.getRegionIterArgs().back());
  rewriter.eraseOp(load);
  rewriter.eraseOp(store);
  rewriter.setInsertionPointAfter(loop);
  memref::StoreOp::create(rewriter, loop.getLoc(), loop.getResults().back(),
                          memref, indices);
  return true;
}

/// Promotes every access `promoteLoopAccess` can in `func`, inner loops
/// first. Returns how many.
static unsigned promoteLoopAccesses(FunctionOpInterface func) {
  SmallVector<scf::ForOp> loops;
  func->walk([&](scf::ForOp loop) { loops.push_back(loop); });
  unsigned count = 0;
  for (scf::ForOp loop : loops) {
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<memref::LoadOp> loads(
          loop.getBody()->getOps<memref::LoadOp>());
      SmallVector<memref::StoreOp> stores(
          loop.getBody()->getOps<memref::StoreOp>());
      for (memref::LoadOp load : loads) {
        for (memref::StoreOp store : stores) {
          if (promoteLoopAccess(loop, load, store)) {
            ++count;
            changed = true;
            break;
          }
        }
        if (changed)
          break;
      }
    }
  }
  return count;
}

//===----------------------------------------------------------------------===//
// Forwarding and dead stores
//===----------------------------------------------------------------------===//

namespace {
/// Two accesses of one thread, the earlier first, with their ancestors in
/// their closest common block (the accesses themselves where that is
/// their own block).
struct AccessPair {
  Operation *earlier; // the earlier access
  Operation *later;   // the later access
  Operation *earlierAncestor = nullptr;
  Operation *laterAncestor = nullptr;
};
} // namespace

/// The ancestors of `pair.earlier` and `pair.later` in their closest common
/// block; fails when there is none with the earlier one first.
static LogicalResult findAncestors(AccessPair &pair) {
  for (Operation *a = pair.earlier; a; a = a->getParentOp()) {
    Block *block = a->getBlock();
    if (!block)
      return failure();
    if (Operation *b = block->findAncestorOpInBlock(*pair.later)) {
      if (a == b || !a->isBeforeInBlock(b))
        return failure();
      pair.earlierAncestor = a;
      pair.laterAncestor = b;
      return success();
    }
    if (isa<FunctionOpInterface>(a->getParentOp()))
      return failure();
  }
  return failure();
}

/// The conditions under which `op` runs relative to `ancestor` (an ancestor
/// of `op` or `op` itself): the `scf.if` conditions whose then-region holds
/// it. With `onlyIfs`, fails when another region op lies between them.
static FailureOr<SmallVector<Value>>
conditionsOf(Operation *op, Operation *ancestor, bool onlyIfs) {
  SmallVector<Value> conditions;
  for (Operation *cur = op; cur != ancestor;) {
    Operation *parent = cur->getParentOp();
    if (auto ifOp = dyn_cast<scf::IfOp>(parent)) {
      if (cur->getParentRegion() == &ifOp.getThenRegion())
        conditions.push_back(ifOp.getCondition());
      else if (onlyIfs)
        return failure();
    } else if (onlyIfs) {
      return failure();
    }
    cur = parent;
  }
  return conditions;
}

/// Whether an op textually between the two accesses of `pair` (after the
/// earlier one in its nest, between the ancestors, before the later one in
/// its nest, and anywhere in a region op other than `scf.if` around the
/// later one) may write (with
/// `reads`, also read) memory an access through `memref` may touch.
static bool accessedBetween(const AccessPair &pair, Value memref, bool reads) {
  for (Operation *cur = pair.earlier; cur != pair.earlierAncestor;
       cur = cur->getParentOp())
    for (Operation *next = cur->getNextNode(); next; next = next->getNextNode())
      if (mayAccess(next, memref, reads))
        return true;
  for (Operation *op = pair.earlierAncestor->getNextNode();
       op != pair.laterAncestor; op = op->getNextNode())
    if (mayAccess(op, memref, reads))
      return true;
  for (Operation *cur = pair.later; cur != pair.laterAncestor;) {
    for (Operation *prev = cur->getPrevNode(); prev; prev = prev->getPrevNode())
      if (mayAccess(prev, memref, reads))
        return true;
    // Within an `scf.if` only the ops before `cur` run before it; any other
    // region op (a loop, a region of several blocks) may run all of its
    // ops before `cur`, in an earlier iteration or an earlier block.
    Operation *parent = cur->getParentOp();
    if (!isa<scf::IfOp>(parent) &&
        mayAccess(parent, memref, reads, {pair.later}))
      return true;
    cur = parent;
  }
  return false;
}

/// Whether every value of `subset` is in `set`.
static bool isSubset(ArrayRef<Value> subset, ArrayRef<Value> set) {
  return llvm::all_of(subset,
                      [&](Value v) { return llvm::is_contained(set, v); });
}

namespace {
/// Which of two accesses of one thread must run whenever the other does.
enum class RunsWith {
  /// The earlier one runs whenever the later one does (a store a load can
  /// take its value from); the later one may sit in loops.
  Later,
  /// The later one runs whenever the earlier one does (a store that
  /// overwrites another).
  Earlier
};
} // namespace

/// The ancestors of `earlier` and `later` in their closest common block,
/// when `earlier` comes first there and the conditions of the two (their
/// enclosing `scf.if` then-regions below that block) say `runsWith`.
static FailureOr<AccessPair>
pairInOneThread(Operation *earlier, Operation *later, RunsWith runsWith) {
  AccessPair pair{earlier, later};
  if (failed(findAncestors(pair)))
    return failure();
  FailureOr<SmallVector<Value>> earlierConditions =
      conditionsOf(earlier, pair.earlierAncestor, /*onlyIfs=*/true);
  FailureOr<SmallVector<Value>> laterConditions = conditionsOf(
      later, pair.laterAncestor, /*onlyIfs=*/runsWith == RunsWith::Earlier);
  if (failed(earlierConditions) || failed(laterConditions))
    return failure();
  bool implied = runsWith == RunsWith::Later
                     ? isSubset(*earlierConditions, *laterConditions)
                     : isSubset(*laterConditions, *earlierConditions);
  if (!implied)
    return failure();
  return pair;
}

/// The value of the store of the same thread that `load` reads, when
/// forwarding it is sound (see the file comment), or null.
static Value forwardedValue(memref::LoadOp load,
                            ArrayRef<memref::StoreOp> stores,
                            DominanceInfo &dominance) {
  for (memref::StoreOp store : stores) {
    if (!sameAddress(load, store))
      continue;
    FailureOr<AccessPair> pair = pairInOneThread(store, load, RunsWith::Later);
    // A constant costs no register; a thread's own value kept across a
    // barrier would (warp aggregation keeps one per virtual thread), where
    // memory held it for free.
    Value value = store.getValueToStore();
    if (failed(pair) || !matchPattern(value, m_Constant()) ||
        !dominance.properlyDominates(value, load) ||
        accessedBetween(*pair, load.getMemRef(), /*reads=*/false))
      continue;
    return value;
  }
  return nullptr;
}

/// Whether `store` is dead: a later store of the same thread in `stores`
/// overwrites it with nothing that may access the element between.
static bool isOverwritten(memref::StoreOp store,
                          ArrayRef<memref::StoreOp> stores) {
  return llvm::any_of(stores, [&](memref::StoreOp later) {
    if (later == store || !sameAddress(store, later))
      return false;
    FailureOr<AccessPair> pair =
        pairInOneThread(store, later, RunsWith::Earlier);
    return succeeded(pair) &&
           !accessedBetween(*pair, store.getMemRef(), /*reads=*/true);
  });
}

ForwardingCounts wc::forwardThreadStores(FunctionOpInterface func,
                                         bool reassociateFloats) {
  ForwardingCounts counts;
  auto kernel = dyn_cast<gpu::GPUFuncOp>(func.getOperation());
  if (kernel)
    counts.privatized = privatizeThreadBuffers(kernel);
  counts.promoted = promoteLoopAccesses(func);

  SmallVector<memref::StoreOp> stores;
  SmallVector<memref::LoadOp> loads;
  func->walk([&](Operation *op) {
    if (auto store = dyn_cast<memref::StoreOp>(op))
      stores.push_back(store);
    else if (auto load = dyn_cast<memref::LoadOp>(op))
      loads.push_back(load);
  });
  DominanceInfo dominance(func);
  for (memref::LoadOp load : loads) {
    if (Value value = forwardedValue(load, stores, dominance)) {
      load.getResult().replaceAllUsesWith(value);
      load->erase();
      ++counts.forwarded;
    }
  }
  for (unsigned i = 0; i < stores.size();) {
    if (!isOverwritten(stores[i], stores)) {
      ++i;
      continue;
    }
    stores[i]->erase();
    stores.erase(stores.begin() + i);
    ++counts.deadStores;
  }
  // Last: the merge loops are recognised once their accumulator is an
  // iteration argument and the partials' stores are out of their loops.
  if (kernel)
    counts.merges = mergeSerialReductions(kernel, reassociateFloats);
  return counts;
}

namespace {
struct ForwardStoresPass
    : public wc::impl::ForwardStoresBase<ForwardStoresPass> {
  using Base::Base;
  void runOnOperation() override {
    getOperation()->walk([&](gpu::GPUFuncOp func) {
      // A warp job's lanes run several threads each: "the same thread" is
      // not one program point there.
      if (func->walk([](Operation *op) {
                return isa_and_present<WCDialect>(op->getDialect())
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted())
        return;
      ForwardingCounts counts = forwardThreadStores(func, reassociateFloats);
      if (counts.total() == 0)
        return;
      InFlightDiagnostic remark = emitRemark(func.getLoc());
      remark << "wc-forward-stores: " << counts.forwarded
             << " loads take a value the thread stored, " << counts.promoted
             << " loop-carried elements kept in registers, "
             << counts.deadStores << " overwritten stores removed";
      if (counts.privatized != 0)
        remark << ", " << counts.privatized
               << " workgroup buffers private to their threads made per-thread "
                  "arrays";
      if (counts.merges != 0)
        remark << ", " << counts.merges
               << " serial merges of the block's partials made block "
                  "reductions";
    });
  }
};
} // namespace
