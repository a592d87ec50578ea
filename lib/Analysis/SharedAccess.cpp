//===- SharedAccess.cpp - Index patterns of workgroup-memory accesses -----===//
//
// Builds, for every access of a workgroup buffer inside a warp job, its
// element index as an affine expression over the original thread ids
// (d0, d1, d2 = x, y, z) and warp-uniform symbols.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/SharedAccess.h"
#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineExprVisitor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::wc;

Value mlir::wc::getViewRoot(Value memref) {
  // Casts change the type, not the memory (they are not view-like ops).
  while (true) {
    memref = memref::skipViewLikeOps(cast<MemrefValue>(memref));
    if (auto cast = memref.getDefiningOp<memref::CastOp>())
      memref = cast.getSource();
    else if (auto cast = memref.getDefiningOp<memref::MemorySpaceCastOp>())
      memref = cast.getSource();
    else
      return memref;
  }
}

bool mlir::wc::isKernelAllocation(Value buffer) {
  if (auto arg = dyn_cast<BlockArgument>(buffer)) {
    auto func = dyn_cast<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
    return func && (llvm::is_contained(func.getWorkgroupAttributions(), arg) ||
                    llvm::is_contained(func.getPrivateAttributions(), arg));
  }
  return isa_and_present<memref::AllocOp, memref::AllocaOp>(
      buffer.getDefiningOp());
}

bool mlir::wc::isDistinctHostBuffer(Value memref) {
  Value root = getViewRoot(memref);
  if (auto arg = dyn_cast<BlockArgument>(root)) {
    auto host = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
    return host && arg.getOwner()->isEntryBlock() &&
           host.getArgAttr(arg.getArgNumber(), "llvm.noalias");
  }
  Operation *def = root.getDefiningOp();
  return def && hasEffect<MemoryEffects::Allocate>(def, root);
}

bool mlir::wc::isWorkgroupMemRef(Type type) {
  auto memref = dyn_cast<BaseMemRefType>(type);
  return memref && gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
                       memref.getMemorySpace());
}

bool mlir::wc::isPrivateMemRef(Value memref) {
  Value root = memref;
  while (auto view = root.getDefiningOp<ViewLikeOpInterface>())
    root = view.getViewSource();
  if (root.getDefiningOp<memref::AllocaOp>())
    return true;
  auto type = cast<BaseMemRefType>(memref.getType());
  if (auto space =
          dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace()))
    return space.getValue() == gpu::AddressSpace::Private;
  if (auto space = dyn_cast_or_null<IntegerAttr>(type.getMemorySpace()))
    return space.getInt() == 5;
  return false;
}

bool mlir::wc::walkMemoryChanges(
    Operation *op,
    function_ref<WalkResult(Operation *, Value, bool)> onChange) {
  WalkResult walk = op->walk([&](Operation *nested) {
    if (nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        isa<gpu::BarrierOp>(nested))
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(nested);
    if (!effects)
      return onChange(nested, Value(), /*known=*/false);
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (MemoryEffects::EffectInstance &instance : instances)
      if (!isa<MemoryEffects::Read>(instance.getEffect()) &&
          onChange(nested, instance.getValue(), /*known=*/true)
              .wasInterrupted())
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

bool SharedBufferAccesses::isStatic() const {
  return !escapingUse && llvm::all_of(accesses, [](const SharedAccess &a) {
    return a.index.has_value();
  });
}

/// Thread id `dim` as an index variable: d0, d1, d2, or 0 for a dimension
/// of extent 1 (every thread has id 0 there).
static AffineExpr getThreadIdExpr(unsigned dim, ArrayRef<int64_t> block,
                                  MLIRContext *context) {
  if (block[dim] == 1)
    return getAffineConstantExpr(0, context);
  return getAffineDimExpr(dim, context);
}

/// The linear thread id `x + bx * (y + by * z)`.
static AffineExpr getLinearThreadIdExpr(ArrayRef<int64_t> block,
                                        MLIRContext *context) {
  return getThreadIdExpr(0, block, context) +
         getThreadIdExpr(1, block, context) * block[0] +
         getThreadIdExpr(2, block, context) * (block[0] * block[1]);
}

/// Whether `op` is an integer cast, and whether it keeps the values of
/// indices: an index of a buffer that fits in workgroup memory takes the
/// same value in 32 bits or more (index or an integer that wide on both
/// sides); a narrower type may wrap it.
static std::optional<bool> keepsIndexValues(Operation *op) {
  if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
           arith::ExtUIOp, arith::TruncIOp>(op))
    return std::nullopt;
  auto wide = [](Type type) {
    return type.isIndex() || type.getIntOrFloatBitWidth() >= 32;
  };
  return wide(op->getOperand(0).getType()) && wide(op->getResult(0).getType());
}

/// `value` without the integer casts around it that keep index values.
static Value stripIndexCasts(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (keepsIndexValues(def) != std::optional<bool>(true))
      break;
    value = def->getOperand(0);
  }
  return value;
}

/// When `value`, used at `user`, is this virtual thread's element of a
/// vector an earlier phase yielded (`vector.extract %p[%vt]`), the operand
/// of that phase's yield that computed it; else null.
static OpOperand *getCarriedSource(Value value, Operation *user) {
  auto extract = value.getDefiningOp<vector::ExtractOp>();
  if (!extract)
    return nullptr;
  auto producer = extract.getSource().getDefiningOp<VThreadsOp>();
  auto phase = user->getParentOfType<VThreadsOp>();
  ArrayRef<OpFoldResult> position = extract.getMixedPosition();
  if (!producer || !phase || position.size() != 1 ||
      llvm::dyn_cast_if_present<Value>(position[0]) !=
          phase.getVirtualThreadIndex())
    return nullptr;
  auto yield = cast<YieldOp>(producer.getBody().front().getTerminator());
  unsigned result = cast<OpResult>(extract.getSource()).getResultNumber();
  return &yield->getOpOperand(result);
}

namespace {
/// Builds index expressions for the accesses of one buffer.
class IndexBuilder {
public:
  /// A builder whose warp-uniform values become symbols appended to
  /// `symbols`; without `uniformity`, no value is a symbol.
  IndexBuilder(WarpJobOp job, const UniformityAnalysis *uniformity,
               SmallVectorImpl<Value> &symbols)
      : job(job), uniformity(uniformity), symbols(symbols),
        context(job.getContext()) {}

  /// The expression of `value` as seen from `user`, or nullopt with
  /// `reason` set.
  std::optional<AffineExpr> build(Value value, Operation *user,
                                  std::string &reason);

private:
  AffineExpr threadId(unsigned dim) {
    return getThreadIdExpr(dim, job.getBlock(), context);
  }
  AffineExpr linearThreadId() {
    return getLinearThreadIdExpr(job.getBlock(), context);
  }
  AffineExpr symbol(Value value) {
    auto *it = llvm::find(symbols, value);
    unsigned position = it - symbols.begin();
    if (it == symbols.end())
      symbols.push_back(value);
    return getAffineSymbolExpr(position, context);
  }
  bool isUniform(Value value) const {
    return uniformity && uniformity->isUniform(value);
  }
  /// The expression of `apply`'s map applied to its operands' expressions.
  std::optional<AffineExpr> buildApply(affine::AffineApplyOp apply,
                                       Operation *user, std::string &reason);

  WarpJobOp job;
  const UniformityAnalysis *uniformity;
  SmallVectorImpl<Value> &symbols;
  MLIRContext *context;
};
} // namespace

std::optional<AffineExpr> IndexBuilder::build(Value value, Operation *user,
                                              std::string &reason) {
  // Thread ids of a virtual-thread phase.
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (auto phase = dyn_cast<VThreadsOp>(arg.getOwner()->getParentOp())) {
      if (arg.getArgNumber() == 0)
        return linearThreadId().floorDiv(kWarpSize);
      return threadId(arg.getArgNumber() - 1);
    }
    // The induction variable of a loop with constant bounds inside a phase
    // takes the same values in every thread: a symbol that unrolling the
    // loop turns into constants.
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
        loop && arg == loop.getInductionVar() &&
        loop->getParentOfType<VThreadsOp>() &&
        getConstantIntValue(loop.getLowerBound()) &&
        getConstantIntValue(loop.getUpperBound()) &&
        getConstantIntValue(loop.getStep()))
      return symbol(value);
  }
  Operation *def = value.getDefiningOp();
  if (auto id = dyn_cast_or_null<gpu::ThreadIdOp>(def))
    return threadId(static_cast<unsigned>(id.getDimension()));
  if (isa_and_nonnull<gpu::LaneIdOp>(def))
    return linearThreadId() % kWarpSize;
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return getAffineConstantExpr(constant.getSExtValue(), context);

  // A value of this virtual thread carried from an earlier phase: the
  // expression of what that phase yielded.
  if (OpOperand *yielded = getCarriedSource(value, user))
    return build(yielded->get(), yielded->getOwner(), reason);

  // Values computed at warp level (outside every phase) and uniform are
  // symbols: the same for all lanes at the access. Values computed in a
  // phase are per virtual thread.
  bool inPhase =
      value.getParentRegion()->getParentOp()->getParentOfType<VThreadsOp>() ||
      isa<VThreadsOp>(value.getParentRegion()->getParentOp());
  if (!inPhase && isUniform(value) &&
      !(def && isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ShLIOp,
                   affine::AffineApplyOp, affine::AffineLinearizeIndexOp>(def)))
    return symbol(value);

  if (!def) {
    auto loop = dyn_cast<scf::ForOp>(
        cast<BlockArgument>(value).getOwner()->getParentOp());
    reason = loop && value == loop.getInductionVar()
                 ? "index depends on the induction variable of a loop whose "
                   "trip count may differ between threads"
                 : "index depends on a thread-dependent block argument";
    return std::nullopt;
  }
  auto operand = [&](unsigned i) {
    return build(def->getOperand(i), user, reason);
  };
  auto constantOperand = [&](unsigned i) -> std::optional<int64_t> {
    APInt c;
    if (matchPattern(def->getOperand(i), m_ConstantInt(&c)))
      return c.getSExtValue();
    return std::nullopt;
  };
  if (std::optional<bool> keeps = keepsIndexValues(def)) {
    if (!*keeps) {
      reason = "index passes through an integer type narrower than 32 bits";
      return std::nullopt;
    }
    return operand(0);
  }
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def))
    return buildApply(apply, user, reason);
  if (auto delinearize = dyn_cast<affine::AffineDelinearizeIndexOp>(def)) {
    // Result r is the index divided by the sizes inside it, modulo its own
    // size (the outermost is not reduced).
    std::optional<SmallVector<int64_t>> sizes =
        getConstantIntValues(delinearize.getMixedBasis());
    if (!sizes) {
      reason = "index is delinearized by a basis that is not constant";
      return std::nullopt;
    }
    std::optional<AffineExpr> linear = operand(0);
    if (!linear)
      return std::nullopt;
    unsigned r = cast<OpResult>(value).getResultNumber();
    unsigned numResults = delinearize.getNumResults();
    unsigned first = numResults - sizes->size();
    int64_t inner = 1;
    for (unsigned i = r + 1; i < numResults; ++i)
      inner *= (*sizes)[i - first];
    AffineExpr expr = linear->floorDiv(inner);
    if (r > 0 && r >= first)
      expr = expr % (*sizes)[r - first];
    return expr;
  }
  if (auto linearize = dyn_cast<affine::AffineLinearizeIndexOp>(def)) {
    std::optional<SmallVector<int64_t>> sizes =
        getConstantIntValues(linearize.getMixedBasis());
    if (!sizes) {
      reason = "index is linearized by a basis that is not constant";
      return std::nullopt;
    }
    ValueRange indices = linearize.getMultiIndex();
    unsigned first = indices.size() - sizes->size();
    AffineExpr linear = getAffineConstantExpr(0, context);
    for (auto [i, index] : llvm::enumerate(indices)) {
      std::optional<AffineExpr> expr = build(index, user, reason);
      if (!expr)
        return std::nullopt;
      int64_t size = i >= first ? (*sizes)[i - first] : 1;
      linear = linear * size + *expr;
    }
    return linear;
  }
  if (isa<affine::AffineMinOp, affine::AffineMaxOp>(def)) {
    // A bound that is the same expression in every result, or constant.
    auto map = def->getAttrOfType<AffineMapAttr>("map").getValue();
    SmallVector<AffineExpr> operands;
    for (unsigned i = 0, e = def->getNumOperands(); i < e; ++i) {
      std::optional<AffineExpr> expr = operand(i);
      if (!expr)
        return std::nullopt;
      operands.push_back(*expr);
    }
    std::optional<int64_t> bound;
    for (AffineExpr result : map.getResults()) {
      AffineExpr expr = simplifyAffineExpr(
          result.replaceDimsAndSymbols(
              ArrayRef(operands).take_front(map.getNumDims()),
              ArrayRef(operands).drop_front(map.getNumDims())),
          3, symbols.size());
      auto constant = dyn_cast<AffineConstantExpr>(expr);
      if (!constant) {
        reason =
            ("index is the " +
             StringRef(isa<affine::AffineMinOp>(def) ? "minimum" : "maximum") +
             " of expressions that are not all constants")
                .str();
        return std::nullopt;
      }
      int64_t c = constant.getValue();
      bound = !bound                          ? c
              : isa<affine::AffineMinOp>(def) ? std::min(*bound, c)
                                              : std::max(*bound, c);
    }
    if (!bound) {
      reason = "index is the bound of an empty map";
      return std::nullopt;
    }
    return getAffineConstantExpr(*bound, context);
  }
  if (isa<arith::AddIOp, arith::SubIOp>(def)) {
    std::optional<AffineExpr> lhs = operand(0);
    if (!lhs)
      return std::nullopt;
    std::optional<AffineExpr> rhs = operand(1);
    if (!rhs)
      return std::nullopt;
    return isa<arith::AddIOp>(def) ? *lhs + *rhs : *lhs - *rhs;
  }
  if (isa<arith::MulIOp>(def)) {
    for (unsigned i : {0u, 1u}) {
      if (std::optional<int64_t> c = constantOperand(i)) {
        std::optional<AffineExpr> other = operand(1 - i);
        if (!other)
          return std::nullopt;
        return *other * *c;
      }
    }
    // Uniform * uniform is a symbol (handled above); anything else is a
    // product with a thread-dependent value.
    std::optional<AffineExpr> lhs = operand(0);
    std::optional<AffineExpr> rhs = lhs ? operand(1) : std::nullopt;
    if (!lhs || !rhs)
      return std::nullopt;
    if (lhs->isSymbolicOrConstant() || rhs->isSymbolicOrConstant())
      return *lhs * *rhs;
    reason = "index multiplies two thread-dependent values";
    return std::nullopt;
  }
  if (isa<arith::ShLIOp>(def)) {
    std::optional<int64_t> c = constantOperand(1);
    std::optional<AffineExpr> lhs = operand(0);
    if (!lhs)
      return std::nullopt;
    if (c && *c >= 0 && *c < 63)
      return *lhs * (int64_t(1) << *c);
    if (!inPhase && isUniform(value))
      return symbol(value);
    reason = "index shifts by a non-constant amount";
    return std::nullopt;
  }
  if (isa<arith::DivUIOp, arith::FloorDivSIOp, arith::RemUIOp, arith::ShRUIOp>(
          def)) {
    std::optional<int64_t> c = constantOperand(1);
    if (!c || *c <= 0) {
      reason = "index divides by a non-constant amount";
      return std::nullopt;
    }
    std::optional<AffineExpr> lhs = operand(0);
    if (!lhs)
      return std::nullopt;
    if (isa<arith::ShRUIOp>(def)) {
      if (*c >= 63) {
        reason = "index shift out of range";
        return std::nullopt;
      }
      return lhs->floorDiv(int64_t(1) << *c);
    }
    return isa<arith::RemUIOp>(def) ? *lhs % *c : lhs->floorDiv(*c);
  }
  if (isa<arith::AndIOp>(def)) {
    // A mask of the low bits is a remainder.
    std::optional<int64_t> c = constantOperand(1);
    if (c && *c > 0 && llvm::isPowerOf2_64(uint64_t(*c) + 1)) {
      std::optional<AffineExpr> lhs = operand(0);
      if (!lhs)
        return std::nullopt;
      return *lhs % (*c + 1);
    }
  }
  reason =
      ("index computed at run time by '" + def->getName().getStringRef() + "'")
          .str();
  return std::nullopt;
}

std::optional<AffineExpr> IndexBuilder::buildApply(affine::AffineApplyOp apply,
                                                   Operation *user,
                                                   std::string &reason) {
  AffineMap map = apply.getAffineMap();
  SmallVector<AffineExpr> operands;
  for (Value operand : apply.getMapOperands()) {
    std::optional<AffineExpr> expr = build(operand, user, reason);
    if (!expr)
      return std::nullopt;
    operands.push_back(*expr);
  }
  return map.getResult(0).replaceDimsAndSymbols(
      ArrayRef(operands).take_front(map.getNumDims()),
      ArrayRef(operands).drop_front(map.getNumDims()));
}

SharedAccessAnalysis::SharedAccessAnalysis(WarpJobOp job) {
  auto func = job->getParentOfType<gpu::GPUFuncOp>();
  UniformityAnalysis uniformity(func ? func.getOperation()
                                     : job.getOperation());

  llvm::MapVector<Value, unsigned> indexOf;
  auto bufferFor = [&](Value memref) -> SharedBufferAccesses & {
    auto [it, inserted] = indexOf.try_emplace(memref, buffers.size());
    if (inserted) {
      buffers.emplace_back();
      buffers.back().buffer = memref;
    }
    return buffers[it->second];
  };

  job.walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      if (!isWorkgroupMemRef(operand.getType()))
        continue;
      SharedBufferAccesses &buffer = bufferFor(operand);
      bool isStore = isa<memref::StoreOp>(op);
      ValueRange indices;
      if (auto load = dyn_cast<memref::LoadOp>(op))
        indices = load.getIndices();
      else if (auto store = dyn_cast<memref::StoreOp>(op);
               store && store.getMemRef() == operand)
        indices = store.getIndices();
      else {
        if (!buffer.escapingUse)
          buffer.escapingUse = op;
        continue;
      }
      SharedAccess access;
      access.op = op;
      access.isStore = isStore;
      auto type = cast<MemRefType>(operand.getType());
      if (!type.hasStaticShape()) {
        access.reason = "buffer has a dynamic shape";
        buffer.accesses.push_back(std::move(access));
        continue;
      }
      // Linearise row-major.
      IndexBuilder builder(job, &uniformity, buffer.symbols);
      AffineExpr linear = getAffineConstantExpr(0, op->getContext());
      bool ok = true;
      // A butterfly index on a 1-D buffer: `x xor mask`.
      if (indices.size() == 1)
        if (auto xorOp =
                stripIndexCasts(indices[0]).getDefiningOp<arith::XOrIOp>()) {
          APInt mask;
          if (matchPattern(xorOp.getRhs(), m_ConstantInt(&mask)) &&
              mask.getSExtValue() > 0) {
            access.xorMask = mask.getSExtValue();
            indices = xorOp->getOperands().take_front();
          } else if (std::optional<AffineExpr> expr =
                         builder.build(xorOp.getRhs(), op, access.reason);
                     expr && expr->isSymbolicOrConstant()) {
            // A mask that unrolling a loop may make constant: keep it among
            // the symbols.
            access.reason = "butterfly mask is a warp-uniform value that is "
                            "not a constant";
            buffer.accesses.push_back(std::move(access));
            continue;
          }
        }
      // A load may select its index in one dimension between two
      // expressions (edge clamps); the remap reads both and selects.
      AffineExpr elseLinear = linear;
      for (auto [i, index] : llvm::enumerate(indices)) {
        int64_t extent = type.getDimSize(i);
        // The select may have been made in an earlier phase and carried.
        Value resolved = index;
        Operation *at = op;
        while (OpOperand *yielded = getCarriedSource(resolved, at)) {
          resolved = yielded->get();
          at = yielded->getOwner();
        }
        auto select = resolved.getDefiningOp<arith::SelectOp>();
        if (select && !isStore && !access.xorMask &&
            select->getParentOfType<VThreadsOp>()) {
          if (access.hasSelect()) {
            access.reason = "index selects in more than one dimension";
            ok = false;
            break;
          }
          if (resolved != index) {
            access.selectBound =
                matchThreadBound(job, select.getCondition(), select);
            if (!access.selectBound) {
              access.reason = "index selects, in an earlier phase, on a "
                              "condition that is not a thread-id comparison";
              ok = false;
              break;
            }
          } else {
            access.selectCondition = select.getCondition();
          }
          std::optional<AffineExpr> lhs =
              builder.build(select.getTrueValue(), at, access.reason);
          std::optional<AffineExpr> rhs =
              lhs ? builder.build(select.getFalseValue(), at, access.reason)
                  : std::nullopt;
          if (!lhs || !rhs) {
            ok = false;
            break;
          }
          linear = linear * extent + *lhs;
          elseLinear = elseLinear * extent + *rhs;
          continue;
        }
        std::optional<AffineExpr> expr =
            builder.build(index, op, access.reason);
        if (!expr) {
          ok = false;
          break;
        }
        linear = linear * extent + *expr;
        elseLinear = elseLinear * extent + *expr;
      }
      if (ok) {
        access.index = linear;
        if (access.hasSelect())
          access.elseIndex = elseLinear;
      } else {
        access.selectCondition = nullptr;
        access.selectBound.reset();
      }
      buffer.accesses.push_back(std::move(access));
    }
  });
}

/// `predicate` with its operands swapped (`a < b` is `b > a`).
static arith::CmpIPredicate swapOperands(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::ult:
    return P::ugt;
  case P::ugt:
    return P::ult;
  case P::ule:
    return P::uge;
  case P::uge:
    return P::ule;
  case P::slt:
    return P::sgt;
  case P::sgt:
    return P::slt;
  case P::sle:
    return P::sge;
  case P::sge:
    return P::sle;
  case P::eq:
  case P::ne:
    return predicate;
  }
  llvm_unreachable("unknown predicate");
}

std::optional<AffineExpr> mlir::wc::getThreadExpr(WarpJobOp job, Value value,
                                                  Operation *user) {
  SmallVector<Value> symbols;
  IndexBuilder builder(job, /*uniformity=*/nullptr, symbols);
  std::string reason;
  std::optional<AffineExpr> expr = builder.build(value, user, reason);
  if (!expr || !symbols.empty())
    return std::nullopt;
  return simplifyAffineExpr(*expr, 3, 0);
}

std::optional<AffineExpr>
mlir::wc::getIndexExpr(WarpJobOp job, const UniformityAnalysis &uniformity,
                       Value value, Operation *user,
                       SmallVectorImpl<Value> &symbols, std::string &reason) {
  IndexBuilder builder(job, &uniformity, symbols);
  std::optional<AffineExpr> expr = builder.build(value, user, reason);
  if (!expr)
    return std::nullopt;
  return simplifyAffineExpr(*expr, 3, symbols.size());
}

std::optional<ThreadBound>
mlir::wc::matchThreadBound(WarpJobOp job, Value condition, Operation *user) {
  while (OpOperand *yielded = getCarriedSource(condition, user)) {
    condition = yielded->get();
    user = yielded->getOwner();
  }
  auto cmp = condition.getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return std::nullopt;
  SmallVector<Value> symbols;
  IndexBuilder builder(job, /*uniformity=*/nullptr, symbols);
  std::string reason;
  std::optional<AffineExpr> lhs = builder.build(cmp.getLhs(), cmp, reason);
  std::optional<AffineExpr> rhs =
      lhs ? builder.build(cmp.getRhs(), cmp, reason) : std::nullopt;
  if (!rhs)
    return std::nullopt;
  AffineExpr thread = getLinearThreadIdExpr(job.getBlock(), job.getContext());
  auto isThread = [&](AffineExpr e) {
    auto difference =
        dyn_cast<AffineConstantExpr>(simplifyAffineExpr(e - thread, 3, 0));
    return difference && difference.getValue() == 0;
  };
  auto lhsConstant =
      dyn_cast<AffineConstantExpr>(simplifyAffineExpr(*lhs, 3, 0));
  auto rhsConstant =
      dyn_cast<AffineConstantExpr>(simplifyAffineExpr(*rhs, 3, 0));
  if (rhsConstant && isThread(*lhs))
    return ThreadBound{cmp.getPredicate(), rhsConstant.getValue()};
  if (lhsConstant && isThread(*rhs))
    return ThreadBound{swapOperands(cmp.getPredicate()),
                       lhsConstant.getValue()};
  return std::nullopt;
}

AccessPattern mlir::wc::classifyIndex(AffineExpr index, int64_t xorMask,
                                      ArrayRef<int64_t> block) {
  AccessPattern pattern;
  MLIRContext *context = index.getContext();
  AffineExpr thread = getLinearThreadIdExpr(block, context);
  unsigned numSymbols = 0;
  index.walk([&](AffineExpr e) {
    if (auto symbol = dyn_cast<AffineSymbolExpr>(e))
      numSymbols = std::max(numSymbols, symbol.getPosition() + 1);
  });
  AffineExpr difference = simplifyAffineExpr(index - thread, 3, numSymbols);
  if (xorMask) {
    auto constant = dyn_cast<AffineConstantExpr>(difference);
    if (constant && constant.getValue() == 0) {
      pattern.kind = AccessPattern::Kind::Butterfly;
      pattern.offset = xorMask;
    }
    return pattern;
  }
  if (auto constant = dyn_cast<AffineConstantExpr>(difference)) {
    pattern.offset = constant.getValue();
    pattern.kind = pattern.offset % kWarpSize == 0 ? AccessPattern::Kind::Own
                                                   : AccessPattern::Kind::Shift;
    return pattern;
  }
  if (index.isSymbolicOrConstant()) {
    pattern.kind = AccessPattern::Kind::Uniform;
    if (auto constant = dyn_cast<AffineConstantExpr>(
            simplifyAffineExpr(index, 3, numSymbols)))
      pattern.element = constant.getValue();
    return pattern;
  }
  if (difference.isSymbolicOrConstant())
    pattern.kind = AccessPattern::Kind::UniformOffset;
  return pattern;
}

AccessPattern mlir::wc::classifyAccess(const SharedAccess &access,
                                       ArrayRef<int64_t> block) {
  if (!access.index)
    return AccessPattern();
  return classifyIndex(*access.index, access.xorMask, block);
}

Operation *mlir::wc::findForeignStore(const SharedBufferAccesses &buffer,
                                      ArrayRef<int64_t> block) {
  for (const SharedAccess &access : buffer.accesses)
    if (access.isStore &&
        classifyAccess(access, block).kind != AccessPattern::Kind::Own)
      return access.op;
  return nullptr;
}

StringRef mlir::wc::stringifyAccessKind(AccessPattern::Kind kind) {
  switch (kind) {
  case AccessPattern::Kind::Own:
    return "own";
  case AccessPattern::Kind::Shift:
    return "shift";
  case AccessPattern::Kind::Butterfly:
    return "butterfly";
  case AccessPattern::Kind::Uniform:
    return "uniform";
  case AccessPattern::Kind::UniformOffset:
    return "uniform-offset";
  case AccessPattern::Kind::Other:
    return "other";
  }
  llvm_unreachable("unknown access kind");
}
