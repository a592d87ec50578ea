//===- PrivateBuffers.cpp - Workgroup buffers only one thread touches -----===//
//
// Part of `wc-forward-stores`: a workgroup buffer in which every element is
// accessed by one thread only becomes a private array of that thread,
// which LLVM keeps in registers where its indices are constants after
// unrolling. Producers lay out a row longer than the block in blocks of k
// consecutive elements per thread (`tid * k + j`, transform dialect's
// tiling of an elementwise op after a reduction), and pooling promotes a
// thread's own window (`[2 ty + a, 2 tx + b]`); in shared memory such a
// buffer costs a store and a load per element and the barriers around
// them, where the thread only talks to itself.
//
// The proof, per buffer: every use is a load or a store of the buffer
// itself; each index is an affine function of the thread ids plus a rest
// that does not name them (loop induction variables, constants, other
// values); per dimension, every access has the same thread part
// `c1 t1 + c2 t2 + ...` (coefficients in increasing order, each at least
// the previous one times that thread id's extent), and a rest that value
// bounds place in [0, c1). The dimension's element then names the thread
// ids of its part (a mixed-radix number), and every thread id of an
// extent above 1 must be named by some dimension: two threads never touch
// one element. The private array has extent c1 in such a dimension (the
// rest is its index) and the buffer's extent in the others.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/SharedAccess.h"
#include "WC/Transforms/Consolidation.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/AffineExprVisitor.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;
using namespace mlir::wc;

/// Most elements a thread's private array may have: more would not stay in
/// registers. (A buffer of one element per thread is left to wc-remap,
/// which gives each thread its own slot of a lane array.)
static constexpr int64_t kMaxPrivateElements = 64;

namespace {
/// Index values as affine expressions over the thread ids (`d0, d1, d2`)
/// and symbols for every other value.
class IndexExprs {
public:
  explicit IndexExprs(MLIRContext *context) : context(context) {}

  AffineExpr get(Value value, unsigned depth = 0) {
    if (std::optional<int64_t> constant = getConstantIntValue(value))
      return getAffineConstantExpr(*constant, context);
    Operation *def = value.getDefiningOp();
    if (depth < 32 && def) {
      if (auto id = dyn_cast<gpu::ThreadIdOp>(def))
        return getAffineDimExpr(static_cast<unsigned>(id.getDimension()),
                                context);
      if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def))
        return get(def->getOperand(0), depth + 1);
      if (isa<arith::AddIOp>(def))
        return get(def->getOperand(0), depth + 1) +
               get(def->getOperand(1), depth + 1);
      if (isa<arith::SubIOp>(def))
        return get(def->getOperand(0), depth + 1) -
               get(def->getOperand(1), depth + 1);
      if (isa<arith::MulIOp>(def)) {
        AffineExpr lhs = get(def->getOperand(0), depth + 1),
                   rhs = get(def->getOperand(1), depth + 1);
        if (isa<AffineConstantExpr>(lhs) || isa<AffineConstantExpr>(rhs))
          return lhs * rhs;
      }
      if (auto apply = dyn_cast<affine::AffineApplyOp>(def)) {
        AffineMap map = apply.getAffineMap();
        SmallVector<AffineExpr> dims, symbols;
        for (auto [i, operand] : llvm::enumerate(apply.getMapOperands()))
          (i < map.getNumDims() ? dims : symbols)
              .push_back(get(operand, depth + 1));
        return map.getResult(0).replaceDimsAndSymbols(dims, symbols);
      }
    }
    return symbol(value);
  }

  ArrayRef<Value> getSymbols() const { return symbols; }

private:
  AffineExpr symbol(Value value) {
    auto *it = llvm::find(symbols, value);
    if (it == symbols.end()) {
      symbols.push_back(value);
      it = symbols.end() - 1;
    }
    return getAffineSymbolExpr(it - symbols.begin(), context);
  }

  MLIRContext *context;
  SmallVector<Value> symbols;
};

/// The thread part of an index: coefficient per thread id (0 where it does
/// not appear).
using ThreadPart = std::array<int64_t, 3>;

/// One dimension of one access: the thread part and the rest.
struct DimIndex {
  ThreadPart threads{0, 0, 0};
  AffineExpr rest;
};
} // namespace

/// Splits `expr` (a sum of terms) into its thread part and the rest, or
/// fails where a thread id is not a term of its own times a constant.
static FailureOr<DimIndex> splitThreads(AffineExpr expr, unsigned numSymbols) {
  DimIndex result;
  MLIRContext *context = expr.getContext();
  result.rest = getAffineConstantExpr(0, context);
  // Flattened: coefficients of d0..d2, the symbols, then the constant.
  SmallVector<int64_t> flat;
  if (failed(getFlattenedAffineExpr(expr, 3, numSymbols, &flat)) ||
      flat.size() != 3 + numSymbols + 1)
    return failure();
  for (unsigned d = 0; d < 3; ++d)
    result.threads[d] = flat[d];
  AffineExpr threadFree = expr.replaceDims({getAffineConstantExpr(0, context),
                                            getAffineConstantExpr(0, context),
                                            getAffineConstantExpr(0, context)});
  result.rest = simplifyAffineExpr(threadFree, 3, numSymbols);
  // The expression must be exactly its thread terms plus the rest (no
  // thread id inside a division or a product).
  AffineExpr rebuilt = result.rest;
  for (unsigned d = 0; d < 3; ++d)
    rebuilt = rebuilt + getAffineDimExpr(d, context) * result.threads[d];
  if (simplifyAffineExpr(rebuilt - expr, 3, numSymbols) !=
      getAffineConstantExpr(0, context))
    return failure();
  return result;
}

/// The smallest coefficient of `part` that the mixed-radix condition
/// accepts for a block of extents `block`, or nullopt: every coefficient
/// positive, and each at least the previous (in increasing order) times
/// that previous thread id's extent. 0 for a part without threads.
static std::optional<int64_t> getRadix(const ThreadPart &part,
                                       ArrayRef<int64_t> block) {
  SmallVector<std::pair<int64_t, unsigned>> terms;
  for (unsigned d = 0; d < 3; ++d) {
    if (part[d] == 0 || block[d] == 1)
      continue;
    if (part[d] < 0)
      return std::nullopt;
    terms.push_back({part[d], d});
  }
  if (terms.empty())
    return 0;
  llvm::sort(terms);
  for (unsigned i = 1; i < terms.size(); ++i)
    if (terms[i].first < terms[i - 1].first * block[terms[i - 1].second])
      return std::nullopt;
  return terms.front().first;
}

/// Whether `rest` over `symbols` lies in [0, bound).
static bool restWithin(AffineExpr rest, ArrayRef<Value> symbols,
                       int64_t bound) {
  if (auto constant = dyn_cast<AffineConstantExpr>(rest))
    return constant.getValue() >= 0 && constant.getValue() < bound;
  AffineMap map = AffineMap::get(0, symbols.size(), rest);
  ValueBoundsConstraintSet::Variable var(map, ValueRange(symbols));
  FailureOr<int64_t> lower = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::LB, var);
  FailureOr<int64_t> upper = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, var, nullptr, /*closedUB=*/true);
  return succeeded(lower) && succeeded(upper) && *lower >= 0 && *upper < bound;
}

namespace {
/// What privatising one buffer needs.
struct PrivatePlan {
  Value buffer;
  /// Per dimension: the thread part (all zero where none) and the private
  /// extent.
  SmallVector<ThreadPart> parts;
  SmallVector<int64_t> shape;
};
} // namespace

/// Plans the privatisation of `buffer` in a kernel of block `block`, or
/// nullopt where some thread may touch another's element.
static std::optional<PrivatePlan> planPrivate(Value buffer,
                                              ArrayRef<int64_t> block) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || !type.hasStaticShape() || type.getRank() == 0 ||
      buffer.use_empty())
    return std::nullopt;
  PrivatePlan plan;
  plan.buffer = buffer;
  unsigned rank = type.getRank();
  std::optional<SmallVector<ThreadPart>> parts;
  for (Operation *user : buffer.getUsers()) {
    ValueRange indices;
    if (auto load = dyn_cast<memref::LoadOp>(user))
      indices = load.getIndices();
    else if (auto store = dyn_cast<memref::StoreOp>(user);
             store && store.getMemRef() == buffer &&
             store.getValueToStore() != buffer)
      indices = store.getIndices();
    else
      return std::nullopt;
    SmallVector<ThreadPart> accessParts;
    IndexExprs exprs(user->getContext());
    SmallVector<AffineExpr> dims;
    for (Value index : indices)
      dims.push_back(exprs.get(index));
    for (auto [d, expr] : llvm::enumerate(dims)) {
      FailureOr<DimIndex> split = splitThreads(expr, exprs.getSymbols().size());
      if (failed(split))
        return std::nullopt;
      std::optional<int64_t> radix = getRadix(split->threads, block);
      if (!radix)
        return std::nullopt;
      // A thread id of extent 1 is 0: it does not part the elements.
      for (unsigned t = 0; t < 3; ++t)
        if (block[t] == 1)
          split->threads[t] = 0;
      if (*radix != 0 && !restWithin(split->rest, exprs.getSymbols(), *radix))
        return std::nullopt;
      accessParts.push_back(split->threads);
    }
    if (!parts)
      parts = accessParts;
    else if (*parts != accessParts)
      return std::nullopt;
  }
  // Every thread id that parts the block must name the element.
  for (unsigned t = 0; t < 3; ++t)
    if (block[t] > 1 && llvm::none_of(*parts, [&](const ThreadPart &part) {
          return part[t] != 0;
        }))
      return std::nullopt;
  plan.parts = *parts;
  int64_t elements = 1;
  for (unsigned d = 0; d < rank; ++d) {
    std::optional<int64_t> radix = getRadix(plan.parts[d], block);
    int64_t extent = *radix != 0 ? *radix : type.getDimSize(d);
    plan.shape.push_back(extent);
    elements *= extent;
  }
  // A thread's one element is its own slot of a lane array under wc-remap
  // already, the same registers.
  if (elements > kMaxPrivateElements || elements == 1)
    return std::nullopt;
  return plan;
}

/// Replaces the buffer of `plan` with a private array in `func`.
static void applyPrivate(gpu::GPUFuncOp func, const PrivatePlan &plan) {
  auto type = cast<MemRefType>(plan.buffer.getType());
  OpBuilder b(func.getContext());
  b.setInsertionPointToStart(&func.getBody().front());
  Value array = memref::AllocaOp::create(
      b, plan.buffer.getLoc(),
      MemRefType::get(plan.shape, type.getElementType()));
  for (Operation *user : llvm::to_vector(plan.buffer.getUsers())) {
    b.setInsertionPoint(user);
    Location loc = user->getLoc();
    auto load = dyn_cast<memref::LoadOp>(user);
    ValueRange indices =
        load ? load.getIndices() : cast<memref::StoreOp>(user).getIndices();
    SmallVector<Value> privateIndices;
    for (auto [index, part] : llvm::zip(indices, plan.parts)) {
      Value own;
      for (unsigned t = 0; t < 3; ++t) {
        if (part[t] == 0)
          continue;
        Value id = gpu::ThreadIdOp::create(b, loc, gpu::Dimension(t));
        Value term = arith::MulIOp::create(
            b, loc, id, arith::ConstantIndexOp::create(b, loc, part[t]));
        own = own ? arith::AddIOp::create(b, loc, own, term) : term;
      }
      privateIndices.push_back(
          own ? arith::SubIOp::create(b, loc, index, own).getResult() : index);
    }
    if (load) {
      Value value = memref::LoadOp::create(b, loc, array, privateIndices);
      load.getResult().replaceAllUsesWith(value);
    } else {
      memref::StoreOp::create(b, loc,
                              cast<memref::StoreOp>(user).getValueToStore(),
                              array, privateIndices);
    }
    user->erase();
  }
}

unsigned wc::privatizeThreadBuffers(gpu::GPUFuncOp func) {
  std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize();
  if (!known || known->size() != 3)
    return 0;
  SmallVector<int64_t> block(known->begin(), known->end());
  SmallVector<Value> buffers(func.getWorkgroupAttributions());
  func.walk([&](memref::AllocOp alloc) {
    if (isWorkgroupMemRef(alloc.getType()))
      buffers.push_back(alloc.getResult());
  });
  func.walk([&](memref::AllocaOp alloca) {
    if (isWorkgroupMemRef(alloca.getType()))
      buffers.push_back(alloca.getResult());
  });
  SmallVector<Value> privatized;
  for (Value buffer : buffers) {
    std::optional<PrivatePlan> plan = planPrivate(buffer, block);
    if (!plan)
      continue;
    applyPrivate(func, *plan);
    privatized.push_back(buffer);
  }
  unsigned count = privatized.size();
  // The buffers go, their shared memory with them.
  for (Value buffer : privatized)
    eraseWorkgroupBuffer(func, buffer);
  return count;
}
