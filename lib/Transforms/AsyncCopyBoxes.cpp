//===- AsyncCopyBoxes.cpp - Tiles copied in pieces, as one box ------------===//
//
// Part of the first step of wc-async-copy (see AsyncCopyTiles.cpp): a
// tile with a halo is copied in pieces, each by the threads a condition
// on the thread ids selects (the block's own elements by every thread, the
// columns on the right by the threads with x < 2, ...). When the pieces
// write disjoint boxes of the buffer whose union is one box, and each
// piece reads the element at the same offset from the one it writes, the
// pieces together copy that box from the source: the box is copied again
// by 8-byte runs of its rows, spread over the block's threads, one
// `nvgpu.device_async_copy` each (cp.async.ca of 8 bytes; a row of a
// length not a multiple of 8 bytes ends with a copy of 4). Halo rows are
// seldom 16-byte aligned (18 elements of 4 bytes), so 8 is the size that
// fits them. Those copies pass through L1 (cp.async.cg copies only 16
// bytes), and cost the L1 pipe more than the stores they replace: a tile
// read many times per element is slowed by them, one read a few times
// gains (docs/results.md has the suite's figures). A box is copied only
// where the tile is read at most kMaxBoxReadsPerElement times per element
// copied; collect() asks that of the whole buffer before matching pieces,
// since a box is no larger than its buffer.
//
//===----------------------------------------------------------------------===//

#include "AsyncCopy.h"

#include "WC/Analysis/SharedAccess.h"
#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::wc;

namespace {
/// The values a thread id takes: [lower, upper).
struct IdRange {
  int64_t lower = 0, upper = 0;
  bool isEmpty() const { return lower >= upper; }
  bool isSingle() const { return upper == lower + 1; }
};

/// An expression `sum coefficients[j] * dj + constant` over the thread ids.
struct Linear {
  int64_t coefficients[3] = {0, 0, 0};
  int64_t constant = 0;
  /// How many thread ids it depends on.
  int64_t countIds() const {
    return llvm::count_if(coefficients, [](int64_t a) { return a != 0; });
  }
  /// The first thread id it depends on (3 for none).
  int64_t firstId() const {
    return llvm::find_if(coefficients, [](int64_t a) { return a != 0; }) -
           std::begin(coefficients);
  }
};
} // namespace

/// `expr` as a linear expression of the thread ids, or nullopt when it has
/// symbols or is not linear (upstream's flattening gives `mod` and
/// `floordiv` local variables of their own).
static std::optional<Linear> getLinear(AffineExpr expr) {
  bool hasSymbol = false;
  expr.walk([&](AffineExpr e) { hasSymbol |= isa<AffineSymbolExpr>(e); });
  SmallVector<int64_t, 4> flat;
  if (hasSymbol || failed(getFlattenedAffineExpr(expr, 3, 0, &flat)) ||
      flat.size() != 4)
    return std::nullopt;
  Linear linear;
  llvm::copy(ArrayRef<int64_t>(flat).take_front(3), linear.coefficients);
  linear.constant = flat.back();
  return linear;
}

/// Restricts `ranges` to the ids where `expr < 0`; false when the
/// expression is not linear in at most one thread id.
static bool restrictBelowZero(AffineExpr expr,
                              MutableArrayRef<IdRange> ranges) {
  std::optional<Linear> linear = getLinear(expr);
  if (!linear)
    return false;
  int64_t dims = linear->countIds();
  if (dims > 1)
    return false;
  int64_t c = linear->constant;
  if (dims == 0) {
    // A condition that holds for no thread: the piece never copies.
    if (c >= 0)
      ranges[0].upper = ranges[0].lower;
    return true;
  }
  int64_t j = linear->firstId();
  int64_t a = linear->coefficients[j];
  // a d + c < 0: d < -c / a for a > 0, d > c / -a for a < 0.
  if (a > 0)
    ranges[j].upper = std::min(ranges[j].upper, llvm::divideCeilSigned(-c, a));
  else
    ranges[j].lower =
        std::max(ranges[j].lower, llvm::divideFloorSigned(c, -a) + 1);
  return true;
}

/// The least value of `linear` over `ranges` (which are not empty).
static int64_t getMinimum(const Linear &linear, ArrayRef<IdRange> ranges) {
  int64_t least = linear.constant;
  for (int64_t j = 0; j < 3; ++j) {
    int64_t a = linear.coefficients[j];
    least += a * (a > 0 ? ranges[j].lower : ranges[j].upper - 1);
  }
  return least;
}

/// Restricts `ranges` to the ids where `condition` (negated when `negated`)
/// holds at `user`, or says why it cannot.
static std::string restrict(WarpJobOp job, Value condition, bool negated,
                            Operation *user, MutableArrayRef<IdRange> ranges) {
  Operation *def = condition.getDefiningOp();
  if (isa_and_nonnull<arith::AndIOp>(def) && !negated)
    for (Value operand : def->getOperands())
      if (std::string why = restrict(job, operand, false, user, ranges);
          !why.empty())
        return why;
  if (isa_and_nonnull<arith::AndIOp>(def))
    return negated ? "a copy runs where a conjunction does not hold" : "";
  auto compare = dyn_cast_or_null<arith::CmpIOp>(def);
  if (!compare)
    return "a copy's condition is not a comparison of thread ids";
  std::optional<AffineExpr> lhs = getThreadExpr(job, compare.getLhs(), user);
  std::optional<AffineExpr> rhs = getThreadExpr(job, compare.getRhs(), user);
  if (!lhs || !rhs)
    return "a copy's condition depends on more than the thread ids";
  using Predicate = arith::CmpIPredicate;
  Predicate predicate = compare.getPredicate();
  if (negated)
    predicate = arith::invertPredicate(predicate);
  // Unsigned comparisons are the signed ones where both sides are not
  // negative.
  switch (predicate) {
  case Predicate::ult:
  case Predicate::ule:
  case Predicate::ugt:
  case Predicate::uge: {
    std::optional<Linear> l = getLinear(*lhs), r = getLinear(*rhs);
    if (!l || !r || getMinimum(*l, ranges) < 0 || getMinimum(*r, ranges) < 0)
      return "a copy's condition compares values that may be negative "
             "unsigned";
    break;
  }
  default:
    break;
  }
  AffineExpr difference = *lhs - *rhs;
  auto below = [&](AffineExpr e) {
    return restrictBelowZero(simplifyAffineExpr(e, 3, 0), ranges);
  };
  bool linear = true;
  switch (predicate) {
  case Predicate::slt:
  case Predicate::ult:
    linear = below(difference);
    break;
  case Predicate::sle:
  case Predicate::ule:
    linear = below(difference - 1);
    break;
  case Predicate::sgt:
  case Predicate::ugt:
    linear = below(-difference);
    break;
  case Predicate::sge:
  case Predicate::uge:
    linear = below(-difference - 1);
    break;
  case Predicate::eq:
    linear = below(difference - 1) && below(-difference - 1);
    break;
  case Predicate::ne:
    return "a copy runs where two thread values differ";
  }
  return linear ? "" : "a copy's condition is not linear in one thread id";
}

std::string mlir::wc::matchBoxCopy(WarpJobOp job, VThreadsOp phase,
                                   const UniformityAnalysis &uniformity,
                                   SmallVectorImpl<Value> &symbols,
                                   ArrayRef<CopyPiece> pieces, BoxCopy &box) {
  MLIRContext *context = job.getContext();
  CopyPiece first = pieces.front();
  MemRefType dstType = first.store.getMemRefType();
  int64_t rank = dstType.getRank();
  int64_t srcRank = first.load.getMemRefType().getRank();
  int64_t lead = srcRank - rank;
  if (rank == 0 || lead < 0)
    return "the source has fewer dimensions than the destination";
  if (!dstType.hasStaticShape() || !dstType.getLayout().isIdentity())
    return "the destination has no static shape and identity layout";
  box.elementBytes = dstType.getElementTypeBitWidth() / 8;
  box.view = first.load.getMemref();
  ArrayRef<int64_t> block = job.getBlock();
  SmallVector<SmallVector<int64_t>> lowers, uppers;
  for (CopyPiece piece : pieces) {
    if (piece.load.getMemref() != box.view)
      return "the pieces of the copy read different views";
    // The thread ids that run the piece.
    SmallVector<IdRange> ranges = {{0, block[0]}, {0, block[1]}, {0, block[2]}};
    Operation *op = piece.store;
    for (Operation *parent = op->getParentOp(); parent != phase;
         op = parent, parent = parent->getParentOp()) {
      auto branch = dyn_cast<scf::IfOp>(parent);
      if (!branch)
        return "a piece of the copy is inside '" +
               parent->getName().getStringRef().str() + "'";
      bool negated = op->getParentRegion() == &branch.getElseRegion();
      if (std::string why =
              restrict(job, branch.getCondition(), negated, branch, ranges);
          !why.empty())
        return why;
    }
    box.pieces.push_back(piece);
    if (llvm::any_of(ranges, [](IdRange r) { return r.isEmpty(); }))
      continue;
    // Its indices, with the ids that take one value replaced by it.
    SmallVector<AffineExpr> fixed;
    for (int64_t j = 0; j < 3; ++j)
      fixed.push_back(ranges[j].isSingle()
                          ? getAffineConstantExpr(ranges[j].lower, context)
                          : getAffineDimExpr(j, context));
    SmallVector<AffineExpr> dst, src;
    if (std::string why =
            getIndexExprs(job, uniformity, piece.store.getIndices(),
                          piece.store, symbols, dst);
        !why.empty())
      return "destination " + why;
    if (std::string why = getIndexExprs(
            job, uniformity, piece.load.getIndices(), piece.load, symbols, src);
        !why.empty())
      return "source " + why;
    for (AffineExpr &e : llvm::concat<AffineExpr>(dst, src))
      e = simplifyAffineExpr(e.replaceDims(fixed), 3, symbols.size());
    // Each index of the destination is one thread id plus a constant, or a
    // constant: the piece writes a box.
    SmallVector<int64_t> lower, upper;
    bool used[3] = {false, false, false};
    for (AffineExpr index : dst) {
      std::optional<Linear> linear = getLinear(index);
      int64_t dims = linear ? linear->countIds() : 0;
      if (!linear || dims > 1)
        return "a piece of the copy does not write a box of the buffer";
      if (dims == 0) {
        lower.push_back(linear->constant);
        upper.push_back(linear->constant + 1);
        continue;
      }
      int64_t j = linear->firstId();
      if (linear->coefficients[j] != 1 || used[j])
        return "a piece of the copy does not write a box of the buffer";
      used[j] = true;
      lower.push_back(ranges[j].lower + linear->constant);
      upper.push_back(ranges[j].upper + linear->constant);
    }
    // It reads the element at the same offset from the one it writes as
    // the other pieces.
    SmallVector<AffineExpr> relation;
    for (int64_t m = 0; m < srcRank; ++m) {
      AffineExpr offset = m < lead ? src[m] : src[m] - dst[m - lead];
      offset = simplifyAffineExpr(offset, 3, symbols.size());
      if (offset.isFunctionOfDim(0) || offset.isFunctionOfDim(1) ||
          offset.isFunctionOfDim(2))
        return "a piece of the copy reads elements that are not at one "
               "offset from those it writes";
      relation.push_back(offset);
    }
    if (box.offsets.empty())
      box.offsets = relation;
    else if (box.offsets != relation)
      return "the pieces of the copy read at different offsets from what "
             "they write";
    lowers.push_back(std::move(lower));
    uppers.push_back(std::move(upper));
  }
  if (lowers.empty())
    return "no piece of the copy runs";
  // The copy is made at the end of the phase: the uniform values its
  // source indices use must be defined there.
  Block *body = &phase.getBody().front();
  for (Value symbol : symbols)
    if (Operation *def = symbol.getDefiningOp();
        def && phase->isAncestor(def) && def->getBlock() != body)
      return "the source index uses a value defined under a condition";
  // The pieces' boxes are disjoint and fill their bounding box.
  box.lower = lowers.front();
  box.upper = uppers.front();
  int64_t volume = 0;
  auto volumeOf = [&](ArrayRef<int64_t> lower, ArrayRef<int64_t> upper) {
    int64_t v = 1;
    for (auto [l, u] : llvm::zip(lower, upper))
      v *= u - l;
    return v;
  };
  for (size_t i = 0; i < lowers.size(); ++i) {
    for (int64_t k = 0; k < rank; ++k) {
      box.lower[k] = std::min(box.lower[k], lowers[i][k]);
      box.upper[k] = std::max(box.upper[k], uppers[i][k]);
    }
    volume += volumeOf(lowers[i], uppers[i]);
    for (size_t other = 0; other < i; ++other) {
      bool overlap = true;
      for (int64_t k = 0; k < rank; ++k)
        overlap &=
            lowers[i][k] < uppers[other][k] && lowers[other][k] < uppers[i][k];
      if (overlap)
        return "two pieces of the copy write the same elements";
    }
  }
  if (volume != volumeOf(box.lower, box.upper))
    return "the pieces of the copy do not fill one box of the buffer";
  for (int64_t k = 0; k < rank; ++k)
    if (box.lower[k] < 0 || box.upper[k] > dstType.getDimSize(k))
      return "the pieces of the copy write outside the buffer";
  // Runs of 8 bytes start at offsets of the buffer that are multiples of
  // 8 bytes, and so do their sources where the view's rows and first
  // element are (the test before the copy).
  int64_t bytes = box.elementBytes;
  int64_t rowBytes = (box.upper.back() - box.lower.back()) * bytes;
  if (rowBytes % 4 != 0)
    return "the copy's rows are not a multiple of 4 bytes long";
  int64_t offset = 0, stride = 1;
  for (int64_t k = rank - 1; k >= 0; --k) {
    offset += box.lower[k] * stride;
    if (k != rank - 1 && box.upper[k] - box.lower[k] > 1 &&
        stride * bytes % kBoxCopyBytes != 0)
      return "the buffer's rows are not a multiple of 8 bytes apart";
    stride *= dstType.getDimSize(k);
  }
  if (offset * bytes % kBoxCopyBytes != 0)
    return "the copy does not start at a multiple of 8 bytes of the buffer";
  AffineExpr start = simplifyAffineExpr(box.offsets.back() + box.lower.back(),
                                        3, symbols.size());
  if (start.getLargestKnownDivisor() * bytes % kBoxCopyBytes != 0)
    return "the copy's rows do not start at a multiple of 8 bytes of its "
           "source";
  return "";
}

std::string mlir::wc::checkBoxReads(WarpJobOp job, VThreadsOp phase,
                                    Value buffer, int64_t elements,
                                    StringRef per) {
  // The reads of the tile after the copy: in the loop around the phase
  // (the tile loop), or in the rest of the job.
  Operation *scope = phase->getParentOp();
  while (scope != job && !isa<LoopLikeOpInterface>(scope))
    scope = scope->getParentOp();
  ArrayRef<int64_t> block = job.getBlock();
  int64_t threads = block[0] * block[1] * block[2];
  int64_t reads = 0;
  bool unknown = false;
  scope->walk([&](memref::LoadOp load) {
    if (load.getMemref() != buffer)
      return;
    int64_t times = threads;
    for (Operation *op = load->getParentOp(); op != scope;
         op = op->getParentOp())
      if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
        std::optional<APInt> trips = loop.getStaticTripCount();
        if (!trips) {
          unknown = true;
          return;
        }
        times *= trips->getSExtValue();
      }
    reads += times;
  });
  if (unknown)
    return "the tile is read in a loop of unknown trip count";
  if (reads > kMaxBoxReadsPerElement * elements)
    return "the tile is read " + std::to_string(reads / elements) +
           " times per element " + per.str() + ", more than " +
           std::to_string(kMaxBoxReadsPerElement) +
           ": 8-byte copies, which pass through L1, would slow its reads";
  return "";
}

void mlir::wc::buildBoxCopy(OpBuilder &b, Location loc, BoxCopy &box,
                            Value thread, int64_t threads,
                            ArrayRef<Value> symbols) {
  auto constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  int64_t rank = box.lower.size();
  int64_t bytes = box.elementBytes;
  int64_t perCopy = kBoxCopyBytes / bytes;
  int64_t length = box.upper.back() - box.lower.back();
  int64_t perRow = length * bytes / kBoxCopyBytes;
  int64_t tail = length * bytes % kBoxCopyBytes / bytes;
  int64_t rows = 1;
  for (int64_t k = 0; k + 1 < rank; ++k)
    rows *= box.upper[k] - box.lower[k];
  int64_t runs = rows * perRow, copies = runs + (tail ? rows : 0);
  Type token = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  // The copy of row `row` (a linear index over the box's rows) at element
  // `column` of it, of `elements` elements.
  auto copyAt = [&](OpBuilder &at, Value row, Value column, int64_t elements) {
    SmallVector<Value> dst(rank);
    dst.back() =
        arith::AddIOp::create(at, loc, column, constant(at, box.lower.back()));
    for (int64_t k = rank - 2; k >= 0; --k) {
      int64_t extent = box.upper[k] - box.lower[k];
      Value index =
          k == 0 ? row
                 : arith::RemUIOp::create(at, loc, row, constant(at, extent));
      dst[k] =
          arith::AddIOp::create(at, loc, index, constant(at, box.lower[k]));
      if (k != 0)
        row = arith::DivUIOp::create(at, loc, row, constant(at, extent));
    }
    // The source: the offsets of the box's dimensions added to its
    // indices, the leading ones as they are.
    int64_t lead = box.offsets.size() - rank;
    SmallVector<Value> src;
    for (auto [m, offset] : llvm::enumerate(box.offsets)) {
      auto map =
          AffineMap::get(1, symbols.size(),
                         m < static_cast<size_t>(lead)
                             ? offset
                             : offset + getAffineDimExpr(0, b.getContext()));
      SmallVector<Value> operands = {
          m < static_cast<size_t>(lead) ? constant(at, 0) : dst[m - lead]};
      llvm::append_range(operands, symbols);
      src.push_back(affine::AffineApplyOp::create(at, loc, map, operands));
    }
    Value buffer = box.pieces.front().store.getMemref();
    nvgpu::DeviceAsyncCopyOp::create(at, loc, token, buffer, dst, box.view, src,
                                     at.getIndexAttr(elements),
                                     /*srcElements=*/Value(),
                                     /*bypassL1=*/UnitAttr());
  };
  auto isBelow = [&](OpBuilder &at, Value value, int64_t bound) -> Value {
    return arith::CmpIOp::create(at, loc, arith::CmpIPredicate::ult, value,
                                 constant(at, bound));
  };
  // Copy `j` of the box, for j = thread, thread + threads, ...: the runs
  // of 8 bytes row by row, then the rows' tails.
  for (int64_t first = 0; first < copies; first += threads) {
    Value j = arith::AddIOp::create(b, loc, thread, constant(b, first));
    auto isRun = scf::IfOp::create(b, loc, isBelow(b, j, runs),
                                   /*withElseRegion=*/tail != 0);
    OpBuilder run = OpBuilder::atBlockTerminator(isRun.thenBlock());
    Value row = arith::DivUIOp::create(run, loc, j, constant(run, perRow));
    Value column = arith::MulIOp::create(
        run, loc, arith::RemUIOp::create(run, loc, j, constant(run, perRow)),
        constant(run, perCopy));
    copyAt(run, row, column, perCopy);
    if (!tail)
      continue;
    OpBuilder rest = OpBuilder::atBlockTerminator(isRun.elseBlock());
    Value tailRow = arith::SubIOp::create(rest, loc, j, constant(rest, runs));
    auto isTail = scf::IfOp::create(rest, loc, isBelow(rest, tailRow, rows),
                                    /*withElseRegion=*/false);
    OpBuilder in = OpBuilder::atBlockTerminator(isTail.thenBlock());
    copyAt(in, tailRow, constant(in, perRow * perCopy), tail);
  }
}

void mlir::wc::eraseBoxPieces(BoxCopy &box) {
  for (CopyPiece piece : box.pieces) {
    Operation *parent = piece.store->getParentOp();
    piece.store.erase();
    piece.load.erase();
    // Conditions left without effects go too.
    while (isa<scf::IfOp>(parent) && isOpTriviallyDead(parent)) {
      Operation *next = parent->getParentOp();
      parent->erase();
      parent = next;
    }
  }
}
