//===- AsyncCopyTiles.cpp - Tile copies of 16 bytes per lane -------------===//
//
// The first step of wc-async-copy. In a virtual-thread phase of a warp job,
// a copy that every thread of the original block makes of one element,
// from global memory to a workgroup buffer, with consecutive x threads
// copying consecutive elements of both (a tile's rows), is made by fewer
// threads in runs of 16 bytes: thread `t` of the block (virtual thread
// `t / 32` of lane `t mod 32`) copies the elements of threads
// `(W * (t mod bx/W) .. + W - 1, y, z)`, W elements of 16 bytes, for `t`
// below `bx * by * bz / W`, by one `nvgpu.device_async_copy` (cp.async.cg
// of 16 bytes, which needs no register and bypasses L1). The buffer is
// aligned to 16 bytes (`llvm.align`), the run's offset in it is a multiple
// of W by the index's form. When the source view's alignment decides every
// run's, one test of it versions the outermost op it can precede (the tile
// loop) and the original runs when it fails; otherwise each lane tests its
// run and copies one that is not aligned element by element.
//
// Moving a copy to another thread is sound when every thread sees the same
// source view, and nothing touches the buffer or writes global memory
// between the warp syncs around the phase, on every path: no thread reads
// its own element back, or writes its source element, where the other
// lane's copy is not ordered with it.
//
//===----------------------------------------------------------------------===//

#include "AsyncCopy.h"
#include "Versioning.h"

#include "WC/Analysis/SharedAccess.h"
#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::wc;

/// The bytes one copy moves.
static constexpr int64_t kCopyBytes = 16;

namespace {
/// One copy of a phase, its indices as expressions over the thread ids
/// (d0, d1, d2) and the phase's symbols.
struct TileCopy {
  memref::LoadOp load;
  memref::StoreOp store;
  SmallVector<AffineExpr> dst, src;
  /// The elements of one run (16 bytes).
  int64_t width = 0;
};

/// Finds and rewrites the tile copies of one phase.
class PhaseCopies {
public:
  PhaseCopies(gpu::GPUFuncOp func, WarpJobOp job, VThreadsOp phase,
              const UniformityAnalysis &uniformity)
      : func(func), job(job), phase(phase), uniformity(uniformity) {}

  /// Collects the phase's tile copies; returns why there are none when it
  /// has copies from global to workgroup memory.
  std::string collect();
  bool hasCopies() const { return !copies.empty() || !boxes.empty(); }
  /// The tile copies rewritten (runs and boxes).
  int64_t getNumRuns() const { return copies.size(); }
  int64_t getNumBoxes() const { return boxes.size(); }
  /// Whether one test of the source views decides every run of every
  /// copy (see hasUniformTest).
  bool hasUniformTests();
  /// The outermost of the phase and its ancestors in the warp job that the
  /// source views are defined outside of: what the test can version.
  Operation *getVersionedOp();
  /// The test of the source views (hasUniformTests), built by `b`.
  Value buildUniformTest(OpBuilder &b, Location loc);
  /// Rewrites the copies collected, without a test of the source when
  /// `tested` (the phase runs only when the views are aligned).
  void rewrite(bool tested);

private:
  /// Why the copies of `buffer` from `view` by `stores` cannot be made by
  /// other threads of the block, whichever their form.
  std::string checkMove(Value buffer, Value view, ArrayRef<Operation *> stores);
  /// Why `store` (of `load`'s value) cannot be copied by runs; fills
  /// `copy` when it can.
  std::string check(memref::StoreOp store, memref::LoadOp load, TileCopy &copy);
  /// `expr` with the thread ids replaced by `ids`, as an index value.
  Value materialize(OpBuilder &b, Location loc, AffineExpr expr,
                    ValueRange ids);
  /// Whether the alignment of the view that `copy` reads decides it for
  /// all its runs: the innermost index is x plus a multiple of the width,
  /// and the view is defined outside the phase.
  bool hasUniformTest(TileCopy &copy);
  gpu::GPUFuncOp func;
  WarpJobOp job;
  VThreadsOp phase;
  const UniformityAnalysis &uniformity;
  SmallVector<Value> symbols;
  SmallVector<TileCopy> copies;
  SmallVector<BoxCopy, 1> boxes;
};
} // namespace

/// The workgroup attribution of `func` that `memref` is, or null.
static BlockArgument getAttribution(gpu::GPUFuncOp func, Value memref) {
  auto arg = dyn_cast<BlockArgument>(memref);
  if (!arg || !llvm::is_contained(func.getWorkgroupAttributions(), arg))
    return {};
  return arg;
}

std::string mlir::wc::getIndexExprs(WarpJobOp job,
                                    const UniformityAnalysis &uniformity,
                                    ValueRange indices, Operation *user,
                                    SmallVectorImpl<Value> &symbols,
                                    SmallVectorImpl<AffineExpr> &exprs) {
  for (Value index : indices) {
    std::string reason;
    std::optional<AffineExpr> expr =
        getIndexExpr(job, uniformity, index, user, symbols, reason);
    if (!expr)
      return reason;
    exprs.push_back(*expr);
  }
  return "";
}

/// Whether `indices` put consecutive x threads on consecutive elements of
/// the innermost dimension: the innermost index is `d0` plus an expression
/// without `d0`, and no other index has `d0`.
static bool followsThreadX(ArrayRef<AffineExpr> indices, unsigned symbols) {
  MLIRContext *context = indices.front().getContext();
  AffineExpr x = getAffineDimExpr(0, context);
  for (auto [i, index] : llvm::enumerate(indices)) {
    AffineExpr rest = i + 1 == indices.size() ? index - x : index;
    rest = simplifyAffineExpr(rest, 3, symbols);
    if (rest.isFunctionOfDim(0))
      return false;
  }
  return true;
}

bool mlir::wc::writesGlobalMemory(Operation *op) {
  WalkResult writes = op->walk([&](Operation *nested) {
    auto store = dyn_cast<memref::StoreOp>(nested);
    if (store && isWorkgroupMemRef(store.getMemRefType()))
      return WalkResult::advance();
    bool whole = nested->getNumRegions() == 0 ||
                 !nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
    return whole && mayWrite(nested) ? WalkResult::interrupt()
                                     : WalkResult::advance();
  });
  return writes.wasInterrupted();
}

/// Whether `op` or an op nested in it, other than `except`, uses `buffer`
/// or a view of it.
static bool touches(Operation *op, Value buffer,
                    ArrayRef<Operation *> except = {}) {
  WalkResult touched = op->walk([&](Operation *nested) {
    if (llvm::is_contained(except, nested))
      return WalkResult::advance();
    for (Value operand : nested->getOperands())
      if (isa<BaseMemRefType>(operand.getType()) &&
          getViewRoot(operand) == buffer)
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return touched.wasInterrupted();
}

namespace {
/// The walk of the program from a phase to the warp syncs around it, on
/// every path: the other ops of its block, then, at the block's end
/// (start), the next (previous) iterations of an enclosing `scf.for` and
/// what follows (precedes) the loop, up to the warp job's body, whose end
/// (start) is a sync (the job ends; delegated jobs are separated by a
/// warp sync). Any other region is not known to be fenced.
struct SyncFence {
  VThreadsOp phase;
  /// What may not come between the phase and a sync.
  function_ref<bool(Operation *)> conflicts;

  enum class Scan { Sync, Conflict, End };

  /// Scans `ops` from `from` by `step` up to (not including) index `to`.
  Scan scan(ArrayRef<Operation *> ops, int64_t from, int64_t to, int64_t step) {
    for (int64_t i = from; i != to; i += step) {
      auto sync = dyn_cast<WarpSyncOp>(ops[i]);
      if (sync && !sync.getMask())
        return Scan::Sync;
      if (ops[i] != phase.getOperation() && conflicts(ops[i]))
        return Scan::Conflict;
    }
    return Scan::End;
  }

  /// Whether every path from `op` (the phase or a loop holding it) by
  /// `step` (1: forward, -1: backward) meets a full warp sync before an op
  /// that conflicts.
  bool isFenced(Operation *op, int64_t step) {
    Block *block = op->getBlock();
    SmallVector<Operation *> ops;
    for (Operation &o : *block)
      ops.push_back(&o);
    int64_t size = ops.size();
    int64_t at = llvm::find(ops, op) - ops.begin();
    int64_t end = step > 0 ? size : -1;
    Scan onward = scan(ops, at + step, end, step);
    if (onward != Scan::End)
      return onward == Scan::Sync;
    Operation *parent = block->getParentOp();
    if (isa<WarpJobOp>(parent))
      return true;
    if (!isa<scf::ForOp>(parent))
      return false;
    // Leaving (entering) the loop, and its next (previous) iterations up to
    // `op` again: past `op`, the walk is the one this block's scan made, or
    // the phase itself again.
    if (!isFenced(parent, step))
      return false;
    int64_t begin = step > 0 ? 0 : size - 1;
    return scan(ops, begin, at, step) != Scan::Conflict;
  }
};
} // namespace

std::string PhaseCopies::checkMove(Value buffer, Value view,
                                   ArrayRef<Operation *> stores) {
  // The lane that now makes a thread's copy must see the thread's view.
  if (phase->isAncestor(view.getParentRegion()->getParentOp()) ||
      uniformity.isVarying(view))
    return "the source view may differ between threads";
  if (!getAttribution(func, buffer))
    return "the destination is not a workgroup attribution of the kernel";
  // Nothing else in the phase touches the buffer.
  if (touches(phase, buffer, stores))
    return "the phase accesses the destination otherwise";
  // Nor anything between the warp syncs around the phase: a thread may
  // read back its own element there, which another lane now copies; a
  // write of global memory may be to an element another lane now reads.
  auto conflicts = [&](Operation *op) {
    return touches(op, buffer) || writesGlobalMemory(op);
  };
  SyncFence fence{phase, conflicts};
  if (!fence.isFenced(phase, 1) || !fence.isFenced(phase, -1))
    return "the destination is accessed, or global memory written, between "
           "the phase and a warp sync around it";
  return "";
}

std::string PhaseCopies::check(memref::StoreOp store, memref::LoadOp load,
                               TileCopy &copy) {
  MemRefType dstType = store.getMemRefType();
  int64_t bytes = dstType.getElementTypeBitWidth() / 8;
  copy.width = kCopyBytes / bytes;
  ArrayRef<int64_t> block = job.getBlock();
  if (dstType.getRank() == 0 || load.getMemRefType().getRank() == 0)
    return "a memref of rank 0 has no rows to copy";
  if (std::string why = checkMove(store.getMemref(), load.getMemref(),
                                  {store.getOperation()});
      !why.empty())
    return why;
  if (!dstType.hasStaticShape() || !dstType.getLayout().isIdentity())
    return "the destination has no static shape and identity layout";
  if (block[0] % copy.width != 0)
    return "the block's x size is not a multiple of the " +
           std::to_string(copy.width) + " elements of 16 bytes";
  if (std::string why = getIndexExprs(job, uniformity, store.getIndices(),
                                      store, symbols, copy.dst);
      !why.empty())
    return "destination " + why;
  if (std::string why = getIndexExprs(job, uniformity, load.getIndices(), load,
                                      symbols, copy.src);
      !why.empty())
    return "source " + why;
  if (!followsThreadX(copy.dst, symbols.size()) ||
      !followsThreadX(copy.src, symbols.size()))
    return "consecutive x threads do not copy consecutive elements";
  // The run's first element (x a multiple of the width) is at an offset
  // that is a multiple of the width in the buffer.
  MLIRContext *context = store.getContext();
  AffineExpr offset = getAffineConstantExpr(0, context);
  int64_t stride = 1;
  for (int64_t i = dstType.getRank() - 1; i >= 0; --i) {
    offset = offset + copy.dst[i] * stride;
    stride *= dstType.getDimSize(i);
  }
  offset = offset.replace(getAffineDimExpr(0, context),
                          getAffineDimExpr(0, context) * copy.width);
  if (simplifyAffineExpr(offset, 3, symbols.size()).getLargestKnownDivisor() %
          copy.width !=
      0)
    return "a run would start at an offset of the destination that is not "
           "a multiple of 16 bytes";
  return "";
}

std::string PhaseCopies::collect() {
  // The copies of each buffer, in order.
  llvm::MapVector<Value, SmallVector<CopyPiece>> candidates;
  phase.getBody().walk([&](memref::StoreOp store) {
    if (memref::LoadOp load = getCopiedLoad(store, func, {1, 2, 4, 8}))
      candidates[store.getMemref()].push_back({store, load});
  });
  if (candidates.empty())
    return "";
  // No thread's write of global memory may come between a copy's read and
  // the thread that now makes it.
  if (writesGlobalMemory(phase))
    return "the phase may write global memory";
  std::string why;
  Block *body = &phase.getBody().front();
  for (auto &[buffer, pieces] : candidates) {
    // One copy by every thread: runs of 16 bytes.
    CopyPiece &piece = pieces.front();
    if (pieces.size() == 1 && piece.store->getBlock() == body) {
      TileCopy copy{piece.load, piece.store, {}, {}, 0};
      why = check(piece.store, piece.load, copy);
      if (why.empty()) {
        copies.push_back(std::move(copy));
        continue;
      }
    }
    // Copies in pieces (or rows that runs of 16 bytes do not fit): the
    // box they copy, by runs of 8 bytes.
    SmallVector<Operation *> stores;
    for (CopyPiece &p : pieces)
      stores.push_back(p.store);
    std::string whyBox = checkMove(buffer, piece.load.getMemref(), stores);
    // A tile read more often than a box copy pays for, whatever box the
    // copy is: no box is matched.
    if (whyBox.empty())
      whyBox = checkBoxReads(
          job, phase, buffer,
          cast<MemRefType>(buffer.getType()).getNumElements(), "of the buffer");
    BoxCopy box;
    if (whyBox.empty())
      whyBox = matchBoxCopy(job, phase, uniformity, symbols, pieces, box);
    if (whyBox.empty()) {
      int64_t elements = 1;
      for (auto [l, u] : llvm::zip(box.lower, box.upper))
        elements *= u - l;
      whyBox = checkBoxReads(job, phase, buffer, elements, "copied");
    }
    if (whyBox.empty())
      boxes.push_back(std::move(box));
    else if (pieces.size() > 1 || why.empty())
      why = whyBox;
  }
  // Where each lane tests its runs, a run that is not aligned is copied
  // element by element: cp.async copies 4, 8 or 16 bytes. Boxes need the
  // one test before the phase.
  if (!hasUniformTests()) {
    size_t before = copies.size();
    llvm::erase_if(copies, [](const TileCopy &copy) { return copy.width > 4; });
    if (copies.size() != before)
      why = "elements of under 4 bytes, whose runs only each lane can test "
            "for alignment (cp.async copies 4, 8 or 16 bytes)";
    if (!boxes.empty())
      why = "a box copy needs the sources' alignment tested before the "
            "phase, which another copy's runs do not allow";
    boxes.clear();
  }
  return hasCopies() ? "" : why;
}

Value PhaseCopies::materialize(OpBuilder &b, Location loc, AffineExpr expr,
                               ValueRange ids) {
  SmallVector<Value> operands(ids);
  llvm::append_range(operands, symbols);
  auto map = AffineMap::get(3, symbols.size(), expr);
  return affine::AffineApplyOp::create(b, loc, map, operands);
}

bool PhaseCopies::hasUniformTest(TileCopy &copy) {
  Value memref = copy.load.getMemref();
  AffineExpr rest = simplifyAffineExpr(
      copy.src.back() - getAffineDimExpr(0, memref.getContext()), 3,
      symbols.size());
  return !phase->isAncestor(memref.getParentRegion()->getParentOp()) &&
         rest.getLargestKnownDivisor() % copy.width == 0;
}

bool PhaseCopies::hasUniformTests() {
  return llvm::all_of(copies,
                      [&](TileCopy &copy) { return hasUniformTest(copy); });
}

Operation *PhaseCopies::getVersionedOp() {
  Operation *versioned = phase;
  for (Operation *op = phase->getParentOp(); op != job;
       op = op->getParentOp()) {
    auto definedInside = [&](Value view) {
      return op->isAncestor(view.getParentRegion()->getParentOp());
    };
    if (llvm::any_of(
            copies,
            [&](TileCopy &c) { return definedInside(c.load.getMemref()); }) ||
        llvm::any_of(boxes, [&](BoxCopy &b) { return definedInside(b.view); }))
      break;
    versioned = op;
  }
  return versioned;
}

Value PhaseCopies::buildUniformTest(OpBuilder &b, Location loc) {
  Value aligned;
  for (TileCopy &copy : copies) {
    Value ok = isViewAligned(b, loc, copy.load.getMemref(), kCopyBytes, {});
    aligned = aligned ? arith::AndIOp::create(b, loc, aligned, ok) : ok;
  }
  for (BoxCopy &box : boxes) {
    Value ok = isViewAligned(b, loc, box.view, kBoxCopyBytes, {});
    aligned = aligned ? arith::AndIOp::create(b, loc, aligned, ok) : ok;
  }
  return aligned;
}

/// Aligns `func`'s workgroup attribution `buffer` to at least `bytes`.
static void alignAttribution(gpu::GPUFuncOp func, Value buffer, int64_t bytes) {
  unsigned position =
      getAttribution(func, buffer).getArgNumber() - func.getNumArguments();
  StringRef name = LLVM::LLVMDialect::getAlignAttrName();
  auto known = dyn_cast_or_null<IntegerAttr>(
      func.getWorkgroupAttributionAttr(position, name));
  if (!known || known.getInt() < bytes)
    func.setWorkgroupAttributionAttr(
        position, name, Builder(func.getContext()).getI64IntegerAttr(bytes));
}

void PhaseCopies::rewrite(bool tested) {
  if (!hasCopies())
    return;
  Block *body = &phase.getBody().front();
  Location loc = phase.getLoc();
  OpBuilder b = OpBuilder::atBlockTerminator(body);
  ArrayRef<int64_t> block = job.getBlock();
  // All copies of the phase have the same width: the runs of the block
  // are numbered alike. (Copies of other widths are rewritten separately.)
  auto constant = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  llvm::MapVector<int64_t, SmallVector<TileCopy *>> byWidth;
  for (TileCopy &copy : copies)
    byWidth[copy.width].push_back(&copy);
  Value lane = gpu::LaneIdOp::create(b, loc, /*upper_bound=*/nullptr);
  Value thread = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, body->getArgument(0), constant(32)),
      lane);
  for (auto &[width, group] : byWidth) {
    int64_t runsPerRow = block[0] / width;
    int64_t runs = runsPerRow * block[1] * block[2];
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          thread, constant(runs));
    auto inside = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
    OpBuilder in = OpBuilder::atBlockTerminator(inside.thenBlock());
    auto inConstant = [&](int64_t v) {
      return arith::ConstantIndexOp::create(in, loc, v);
    };
    // The first thread of the run: (width * (t mod runsPerRow), y, z).
    Value x = arith::MulIOp::create(
        in, loc,
        arith::RemUIOp::create(in, loc, thread, inConstant(runsPerRow)),
        inConstant(width));
    Value row = arith::DivUIOp::create(in, loc, thread, inConstant(runsPerRow));
    Value y = arith::RemUIOp::create(in, loc, row, inConstant(block[1]));
    Value z = arith::DivUIOp::create(in, loc, row, inConstant(block[1]));
    SmallVector<Value> ids = {x, y, z};
    SmallVector<SmallVector<Value>> dsts, srcs;
    Value aligned;
    for (TileCopy *copy : group) {
      SmallVector<Value> dst, src;
      for (AffineExpr e : copy->dst)
        dst.push_back(materialize(in, loc, e, ids));
      for (AffineExpr e : copy->src)
        src.push_back(materialize(in, loc, e, ids));
      if (!tested) {
        Value ok =
            isViewAligned(in, loc, copy->load.getMemref(), kCopyBytes, src);
        aligned = aligned ? arith::AndIOp::create(in, loc, aligned, ok) : ok;
      }
      dsts.push_back(std::move(dst));
      srcs.push_back(std::move(src));
    }
    // Each lane's test: its runs by 16 bytes, or element by element.
    OpBuilder whole = in, single = in;
    if (!tested) {
      auto choice = scf::IfOp::create(in, loc, aligned, /*withElse=*/true);
      whole = OpBuilder::atBlockTerminator(choice.thenBlock());
      single = OpBuilder::atBlockTerminator(choice.elseBlock());
    }
    Type token = nvgpu::DeviceAsyncTokenType::get(b.getContext());
    for (auto [i, copy] : llvm::enumerate(group)) {
      Value dst = copy->store.getMemref(), src = copy->load.getMemref();
      nvgpu::DeviceAsyncCopyOp::create(whole, loc, token, dst, dsts[i], src,
                                       srcs[i], whole.getIndexAttr(width),
                                       /*srcElements=*/Value(),
                                       /*bypassL1=*/whole.getUnitAttr());
      for (int64_t k = 0; k < width && !tested; ++k) {
        SmallVector<Value> d(dsts[i]), s(srcs[i]);
        if (k != 0) {
          Value step = arith::ConstantIndexOp::create(single, loc, k);
          d.back() = arith::AddIOp::create(single, loc, d.back(), step);
          s.back() = arith::AddIOp::create(single, loc, s.back(), step);
        }
        nvgpu::DeviceAsyncCopyOp::create(single, loc, token, dst, d, src, s,
                                         single.getIndexAttr(1),
                                         /*srcElements=*/Value(),
                                         /*bypassL1=*/UnitAttr());
      }
      alignAttribution(func, dst, kCopyBytes);
    }
  }
  for (BoxCopy &box : boxes) {
    buildBoxCopy(b, loc, box, thread, block[0] * block[1] * block[2], symbols);
    alignAttribution(func, box.pieces.front().store.getMemref(), kBoxCopyBytes);
    eraseBoxPieces(box);
  }
  for (TileCopy &copy : copies) {
    copy.store.erase();
    copy.load.erase();
  }
}

TileCopyCounts mlir::wc::groupTileCopies(gpu::GPUFuncOp func) {
  UniformityAnalysis uniformity(func);
  SmallVector<std::unique_ptr<PhaseCopies>> phases;
  func.walk([&](VThreadsOp phase) {
    auto job = phase->getParentOfType<WarpJobOp>();
    if (!job)
      return;
    auto copies = std::make_unique<PhaseCopies>(func, job, phase, uniformity);
    if (std::string why = copies->collect(); !why.empty())
      phase.emitRemark() << "wc-async-copy: no tile copies: " << why;
    else if (copies->hasCopies())
      phases.push_back(std::move(copies));
  });
  // Where one test of the source views decides for all runs, the
  // outermost op it can precede (the loop around the phase, typically) is
  // versioned on it: the original op runs when a view is not aligned, and
  // the phases below copy by runs with no test and no other path. One
  // test per op for all its phases.
  llvm::MapVector<Operation *, SmallVector<PhaseCopies *>> versioned;
  for (auto &copies : phases)
    if (copies->hasUniformTests())
      versioned[copies->getVersionedOp()].push_back(copies.get());
  for (auto &[op, group] : versioned) {
    OpBuilder before(op);
    Value aligned;
    for (PhaseCopies *copies : group) {
      Value ok = copies->buildUniformTest(before, op->getLoc());
      aligned = aligned
                    ? arith::AndIOp::create(before, op->getLoc(), aligned, ok)
                    : ok;
    }
    versionOp(op, aligned);
  }
  TileCopyCounts counts;
  for (auto &copies : phases) {
    counts.runs += copies->getNumRuns();
    counts.boxes += copies->getNumBoxes();
    copies->rewrite(copies->hasUniformTests());
  }
  return counts;
}
