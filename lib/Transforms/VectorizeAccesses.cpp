//===- VectorizeAccesses.cpp - 16-byte accesses of consecutive elements ---===//
//
// wc-vectorize: a loop in which each thread walks k consecutive elements of
// global memory (the blocked layout `tid * k + j` producers give a row
// longer than the block) loads and stores W of them per instruction, W
// being 16 bytes over the element's size. Scalar, such a loop makes every
// warp load touch 32 sectors for the 128 bytes it uses, and the kernel is
// bound by its L1 requests; with 16-byte accesses it is bound by memory.
//
// The loop becomes one of step W whose body is the original body W times
// over (copy k at `iv + k`, iteration arguments threaded through the
// copies); each access of global memory at `[inv..., inv + iv]` is one
// `vector.load` at the first copy (its elements extracted for each copy) or
// one `vector.store` after the last (its elements gathered from every
// copy). An `scf.if` on the alignment of every such access at the first
// iteration versions the loop; the address advances by 16 bytes per step,
// so the first iteration's alignment is every iteration's.
//
// Soundness: at one step, every access touches one aligned 16-byte run,
// element k by copy k; two runs are equal or disjoint, so two accesses of
// one element, of any memrefs, are made by the same copy, in which the
// loads precede the stores (the body may not load global memory after it
// stores it) as they did. Stores of workgroup memory at the same kind of
// index (a tile copied into workgroup memory) become vector stores too,
// under the same test, where the loop loads no workgroup memory; global
// memory never aliases them. Accesses of private arrays and loads of
// workgroup memory, which no global access aliases and nothing in the
// loop stores, stay scalar in their copy, in program order.
//
//===----------------------------------------------------------------------===//

#include "Versioning.h"

#include "WC/Analysis/SharedAccess.h"
#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_VECTORIZEACCESSES
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

/// The bytes of one access: the widest the GPU loads per thread.
static constexpr int64_t kAccessBytes = 16;

/// How deep the index analysis follows a value's operands.
static constexpr unsigned kMaxDepth = 16;

/// Whether `memref` is global memory: no address space (what a kernel's
/// arguments have), the GPU's global one, or NVVM's address space 1.
static bool isGlobalMemRef(Value memref) {
  if (isPrivateMemRef(memref))
    return false;
  Attribute space = cast<MemRefType>(memref.getType()).getMemorySpace();
  if (!space)
    return true;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Global;
  if (auto nvvmSpace = dyn_cast<IntegerAttr>(space))
    return nvvmSpace.getInt() == 1;
  return false;
}

namespace {
/// A loop of consecutive elements per thread and the accesses that become
/// vector accesses.
class LoopVectorizer {
public:
  explicit LoopVectorizer(scf::ForOp loop) : loop(loop) {}

  /// Whether the loop has an access of global memory whose last index
  /// walks the elements (what there is to gain).
  bool hasCandidate();
  /// Checks the loop; on failure `why` says what stops it.
  LogicalResult plan(std::string &why);
  /// Versions the loop on the alignment of its accesses and vectorizes it.
  void apply();
  /// Where the loop is in a phase of a warp job, whether the alignment of
  /// its accesses is the same for every virtual thread and lane, so that
  /// one test before the phase decides it (see hoistTest).
  bool isTestHoistable(VThreadsOp phase, const UniformityAnalysis &uniformity);
  /// Builds that test with `b`, before `phase`.
  Value hoistTest(OpBuilder &b, VThreadsOp phase);
  /// Vectorizes the loop, whose accesses are known to be aligned.
  void vectorize();
  /// Vectorizes the loop of a phase versioned on hoistTest; `copy` maps it
  /// to its copy in the scalar version.
  void vectorizeInPhase(IRMapping &copy);

  int64_t getNumLoads() const { return numLoads; }
  int64_t getNumStores() const { return accesses.size() - numLoads; }

private:
  bool isInvariant(Value value, unsigned depth = 0);
  bool isUnitStride(Value value, unsigned depth = 0);
  bool isGroupAccess(Operation *op);
  Value materializeAtStart(OpBuilder &b, Value value, IRMapping &mapping);
  std::optional<int64_t> getIdDivisor(Value value, VThreadsOp phase,
                                      const UniformityAnalysis &uniformity,
                                      unsigned depth = 0);
  Value hoist(OpBuilder &b, Value value, VThreadsOp phase, IRMapping &mapping);
  /// The test that every access's first element (its indices and memref
  /// as `atStart` gives them, at the loop's first iteration) is aligned to
  /// 16 bytes, built with `b`.
  Value buildTest(OpBuilder &b, function_ref<Value(Value)> atStart);
  bool indexesPrivate();
  void buildBody(OpBuilder &b, Location loc, Value iv, ValueRange init);

  scf::ForOp loop;
  int64_t width = 0;
  int64_t numLoads = 0;
  /// The global accesses and workgroup stores, in body order.
  SmallVector<Operation *> accesses;
  DenseSet<Operation *> isAccess;
};
} // namespace

bool LoopVectorizer::isInvariant(Value value, unsigned depth) {
  if (loop.isDefinedOutsideOfLoop(value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || depth > kMaxDepth || def->getNumRegions() != 0 ||
      !isMemoryEffectFree(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isInvariant(operand, depth + 1);
  });
}

/// Whether `value` is the induction variable plus a loop-invariant value.
bool LoopVectorizer::isUnitStride(Value value, unsigned depth) {
  Value iv = loop.getInductionVar();
  if (value == iv)
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || depth > kMaxDepth)
    return false;
  if (auto add = dyn_cast<arith::AddIOp>(def))
    return (isUnitStride(add.getLhs(), depth + 1) &&
            isInvariant(add.getRhs())) ||
           (isInvariant(add.getLhs()) && isUnitStride(add.getRhs(), depth + 1));
  if (auto sub = dyn_cast<arith::SubIOp>(def))
    return isUnitStride(sub.getLhs(), depth + 1) && isInvariant(sub.getRhs());
  auto apply = dyn_cast<affine::AffineApplyOp>(def);
  if (!apply)
    return false;
  // One operand walks the elements, the others are invariant, and the
  // map's result grows by exactly 1 when that operand does.
  AffineMap map = apply.getAffineMap();
  std::optional<unsigned> walking;
  for (auto [position, operand] : llvm::enumerate(apply.getMapOperands())) {
    if (isInvariant(operand))
      continue;
    if (walking || !isUnitStride(operand, depth + 1))
      return false;
    walking = position;
  }
  if (!walking)
    return false;
  MLIRContext *context = loop.getContext();
  AffineExpr operand =
      *walking < map.getNumDims()
          ? getAffineDimExpr(*walking, context)
          : getAffineSymbolExpr(*walking - map.getNumDims(), context);
  AffineExpr result = map.getResult(0);
  AffineExpr step =
      simplifyAffineExpr(result.replace(operand, operand + 1) - result,
                         map.getNumDims(), map.getNumSymbols());
  auto constant = dyn_cast<AffineConstantExpr>(step);
  return constant && constant.getValue() == 1;
}

/// Whether `op` loads or stores memory at `[inv..., inv + iv]` of a
/// memref with unit innermost stride.
bool LoopVectorizer::isGroupAccess(Operation *op) {
  Value memref;
  ValueRange indices;
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    memref = load.getMemref();
    indices = load.getIndices();
  } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
    memref = store.getMemref();
    indices = store.getIndices();
  } else {
    return false;
  }
  auto type = cast<MemRefType>(memref.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (indices.empty() || !isInvariant(memref) ||
      failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return false;
  return llvm::all_of(indices.drop_back(),
                      [&](Value index) { return isInvariant(index); }) &&
         isUnitStride(indices.back());
}

bool LoopVectorizer::hasCandidate() {
  // Only a loop of a constant range walked by 1 walks consecutive
  // elements W at a time in every thread, and only one of at least W
  // iterations has a step of W.
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lower || !upper || step != 1)
    return false;
  bool found = false;
  loop.getBody()->walk([&](Operation *op) {
    if (!isa<memref::LoadOp, memref::StoreOp>(op))
      return;
    Value memref = op->getOperand(isa<memref::StoreOp>(op) ? 1 : 0);
    Type element = cast<MemRefType>(memref.getType()).getElementType();
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() < 8 ||
        *upper - *lower < kAccessBytes * 8 / element.getIntOrFloatBitWidth())
      return;
    if (isGlobalMemRef(memref) && isGroupAccess(op))
      found = true;
  });
  return found;
}

LogicalResult LoopVectorizer::plan(std::string &why) {
  llvm::raw_string_ostream os(why);
  bool stored = false, loadsWorkgroup = false, storesWorkgroup = false;
  unsigned bits = 0;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (op.getNumRegions() != 0) {
      os << "its body has a region ('" << op.getName() << "')";
      return failure();
    }
    auto load = dyn_cast<memref::LoadOp>(op);
    auto store = dyn_cast<memref::StoreOp>(op);
    if (!load && !store) {
      if (!isMemoryEffectFree(&op)) {
        os << "its body has '" << op.getName() << "', which has side effects";
        return failure();
      }
      continue;
    }
    Value memref = load ? load.getMemref() : store.getMemref();
    if (isPrivateMemRef(memref))
      continue;
    bool global = isGlobalMemRef(memref);
    if (!global && !isWorkgroupMemRef(memref.getType())) {
      os << "it accesses memory of another address space";
      return failure();
    }
    if (!global) {
      // Workgroup loads stay scalar, in program order, which the stores
      // made once per step would not keep.
      (load ? loadsWorkgroup : storesWorkgroup) = true;
      if (loadsWorkgroup && storesWorkgroup) {
        os << "it loads and stores workgroup memory";
        return failure();
      }
      if (load)
        continue;
    }
    if (!isGroupAccess(&op)) {
      os << "an access of " << (global ? "global" : "workgroup")
         << " memory is not at the induction variable plus a loop-invariant "
            "value in its last index";
      return failure();
    }
    if (load && stored) {
      os << "it loads global memory after it stores global memory";
      return failure();
    }
    stored |= global && store;
    Type element = cast<MemRefType>(memref.getType()).getElementType();
    unsigned size =
        element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
    if (size == 0 || size % 8 != 0 || kAccessBytes * 8 % size != 0 ||
        (bits && bits != size)) {
      os << "its accesses are of elements of different or unsupported "
            "sizes";
      return failure();
    }
    bits = size;
    accesses.push_back(&op);
    isAccess.insert(&op);
    numLoads += load ? 1 : 0;
  }
  if (accesses.empty()) {
    os << "it accesses no global memory";
    return failure();
  }
  width = kAccessBytes * 8 / bits;
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!lower || !upper || !step || *step != 1 || *upper - *lower < width) {
    os << "it has fewer than " << width << " iterations";
    return failure();
  }
  return success();
}

/// `value` with the induction variable at the loop's lower bound, built
/// before the loop.
Value LoopVectorizer::materializeAtStart(OpBuilder &b, Value value,
                                         IRMapping &mapping) {
  if (Value known = mapping.lookupOrNull(value))
    return known;
  if (loop.isDefinedOutsideOfLoop(value))
    return value;
  Operation *def = value.getDefiningOp();
  for (Value operand : def->getOperands())
    materializeAtStart(b, operand, mapping);
  b.clone(*def, mapping);
  return mapping.lookup(value);
}

void LoopVectorizer::buildBody(OpBuilder &b, Location loc, Value iv,
                               ValueRange init) {
  auto vectorType = [&](Value memref) {
    return VectorType::get({width},
                           cast<MemRefType>(memref.getType()).getElementType());
  };
  SmallVector<Value> carried(init);
  DenseMap<Operation *, Value> loaded;
  DenseMap<Operation *, SmallVector<Value>> toStore;
  IRMapping first;
  for (int64_t k = 0; k < width; ++k) {
    IRMapping mapping;
    Value at = k == 0
                   ? iv
                   : arith::AddIOp::create(
                         b, loc, iv, arith::ConstantIndexOp::create(b, loc, k))
                         .getResult();
    mapping.map(loop.getInductionVar(), at);
    mapping.map(loop.getRegionIterArgs(), carried);
    for (Operation &op : loop.getBody()->without_terminator()) {
      if (!isAccess.contains(&op)) {
        b.clone(op, mapping);
        continue;
      }
      if (auto load = dyn_cast<memref::LoadOp>(op)) {
        if (k == 0) {
          SmallVector<Value> indices =
              llvm::map_to_vector(load.getIndices(), [&](Value index) {
                return mapping.lookupOrDefault(index);
              });
          Value memref = mapping.lookupOrDefault(load.getMemref());
          loaded[&op] = vector::LoadOp::create(
              b, loc, vectorType(memref), memref, indices,
              /*nontemporal=*/false, llvm::MaybeAlign(kAccessBytes));
        }
        mapping.map(load.getResult(),
                    vector::ExtractOp::create(b, loc, loaded[&op], k));
        continue;
      }
      auto store = cast<memref::StoreOp>(op);
      toStore[&op].push_back(mapping.lookupOrDefault(store.getValueToStore()));
      if (k == 0) {
        first.map(store.getMemref(),
                  mapping.lookupOrDefault(store.getMemref()));
        for (Value index : store.getIndices())
          first.map(index, mapping.lookupOrDefault(index));
      }
    }
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (unsigned i = 0, e = carried.size(); i < e; ++i)
      carried[i] = mapping.lookupOrDefault(yield.getOperand(i));
  }
  for (Operation *op : accesses) {
    auto store = dyn_cast<memref::StoreOp>(op);
    if (!store)
      continue;
    Value memref = first.lookupOrDefault(store.getMemref());
    Value vector =
        vector::FromElementsOp::create(b, loc, vectorType(memref), toStore[op]);
    SmallVector<Value> indices =
        llvm::map_to_vector(store.getIndices(), [&](Value index) {
          return first.lookupOrDefault(index);
        });
    vector::StoreOp::create(b, loc, vector, memref, indices,
                            /*nontemporal=*/false,
                            llvm::MaybeAlign(kAccessBytes));
  }
  scf::YieldOp::create(b, loc, carried);
}

void LoopVectorizer::apply() {
  // The test: every access's first element aligned to 16 bytes.
  OpBuilder before(loop);
  IRMapping start;
  start.map(loop.getInductionVar(), loop.getLowerBound());
  versionOp(loop, buildTest(before, [&](Value value) {
              return materializeAtStart(before, value, start);
            }));
  if (indexesPrivate()) {
    auto branch = cast<scf::IfOp>(loop->getParentOp());
    auto original = cast<scf::ForOp>(branch.elseBlock()->front());
    (void)loopUnrollFull(original);
  }
  vectorize();
}

/// Both versions of a loop that indexes a private array by its induction
/// variable are unrolled: LLVM keeps the array in registers only where
/// every index is a constant, and would not unroll the scalar version.
bool LoopVectorizer::indexesPrivate() {
  return llvm::any_of(*loop.getBody(), [](Operation &op) {
    if (auto load = dyn_cast<memref::LoadOp>(op))
      return isPrivateMemRef(load.getMemref());
    if (auto store = dyn_cast<memref::StoreOp>(op))
      return isPrivateMemRef(store.getMemref());
    return false;
  });
}

void LoopVectorizer::vectorize() {
  Location loc = loop.getLoc();
  bool unroll = indexesPrivate();

  // Steps of W up to the last multiple of W iterations, then the rest
  // one by one.
  OpBuilder b(loop);
  int64_t lower = *getConstantIntValue(loop.getLowerBound());
  int64_t trips = *getConstantIntValue(loop.getUpperBound()) - lower;
  Value split =
      arith::ConstantIndexOp::create(b, loc, lower + trips / width * width);
  Value step = arith::ConstantIndexOp::create(b, loc, width);
  auto wide = scf::ForOp::create(
      b, loc, loop.getLowerBound(), split, step, loop.getInitArgs(),
      [&](OpBuilder &body, Location bodyLoc, Value iv, ValueRange init) {
        buildBody(body, bodyLoc, iv, init);
      });
  // The copies of the index computations the vector accesses replaced.
  for (Operation &op :
       llvm::make_early_inc_range(llvm::reverse(*wide.getBody())))
    if (op.use_empty() && isMemoryEffectFree(&op) &&
        !op.hasTrait<OpTrait::IsTerminator>())
      op.erase();
  ValueRange results = wide.getResults();
  scf::ForOp rest;
  if (trips % width != 0) {
    rest = cast<scf::ForOp>(b.clone(*loop));
    rest.getLowerBoundMutable().assign(split);
    rest.getInitArgsMutable().assign(wide.getResults());
    results = rest.getResults();
  }
  loop.replaceAllUsesWith(results);
  loop.erase();
  if (unroll) {
    (void)loopUnrollFull(wide);
    if (rest)
      (void)loopUnrollFull(rest);
  }
}

/// Known trailing zero bits of the differences of a value between threads:
/// kSame where it is the same in every thread.
static constexpr int64_t kSame = 64;

/// The trailing zero bits known of the differences of `expr` between
/// threads, `operands` giving those of its dims and then its symbols.
static int64_t getExprZeros(AffineExpr expr, ArrayRef<int64_t> operands,
                            unsigned numDims) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return operands[dim.getPosition()];
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return operands[numDims + symbol.getPosition()];
  if (isa<AffineConstantExpr>(expr))
    return kSame;
  auto binary = cast<AffineBinaryOpExpr>(expr);
  int64_t lhs = getExprZeros(binary.getLHS(), operands, numDims);
  int64_t rhs = getExprZeros(binary.getRHS(), operands, numDims);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return std::min(lhs, rhs);
  case AffineExprKind::Mul:
    if (auto c = dyn_cast<AffineConstantExpr>(binary.getRHS()))
      return c.getValue() == 0
                 ? kSame
                 : std::min<int64_t>(
                       kSame, lhs + llvm::countr_zero(
                                        static_cast<uint64_t>(c.getValue())));
    // a b - a' b' = (a - a') b + a' (b - b').
    return std::min(lhs, rhs);
  default:
    return lhs == kSame && rhs == kSame ? kSame : 0;
  }
}

/// The trailing zero bits known of the differences of `value`, computed
/// from its values before `phase`, between the virtual threads and lanes
/// that run the phase (kSame: it is the same in all), with the induction
/// variable at the loop's start; nullopt when it cannot be computed before
/// the phase (a value of another region, an op with effects).
std::optional<int64_t>
LoopVectorizer::getIdDivisor(Value value, VThreadsOp phase,
                             const UniformityAnalysis &uniformity,
                             unsigned depth) {
  if (value == loop.getInductionVar())
    return getIdDivisor(loop.getLowerBound(), phase, uniformity, depth + 1);
  if (!phase->isAncestor(value.getParentBlock()->getParentOp())) {
    if (uniformity.isUniform(value))
      return kSame;
    return std::nullopt;
  }
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner()->getParentOp() == phase)
      return 0;
    return std::nullopt;
  }
  Operation *def = value.getDefiningOp();
  if (depth > kMaxDepth || def->getNumRegions() != 0 ||
      !isMemoryEffectFree(def))
    return std::nullopt;
  if (isa<gpu::LaneIdOp, gpu::ThreadIdOp>(def))
    return 0;
  if (getConstantIntValue(value))
    return kSame;
  SmallVector<int64_t> zeros;
  for (Value operand : def->getOperands()) {
    std::optional<int64_t> z =
        getIdDivisor(operand, phase, uniformity, depth + 1);
    if (!z)
      return std::nullopt;
    zeros.push_back(*z);
  }
  auto constantOperand = [&](unsigned i) {
    return getConstantIntValue(def->getOperand(i));
  };
  auto times = [](int64_t z, int64_t c) {
    return c == 0 ? kSame
                  : std::min<int64_t>(
                        kSame, z + llvm::countr_zero(static_cast<uint64_t>(c)));
  };
  if (isa<arith::AddIOp, arith::SubIOp>(def))
    return std::min(zeros[0], zeros[1]);
  if (isa<arith::MulIOp>(def)) {
    if (std::optional<int64_t> c = constantOperand(1))
      return times(zeros[0], *c);
    if (std::optional<int64_t> c = constantOperand(0))
      return times(zeros[1], *c);
    return std::min(zeros[0], zeros[1]);
  }
  if (isa<arith::ShLIOp>(def))
    if (std::optional<int64_t> c = constantOperand(1); c && *c >= 0 && *c < 32)
      return std::min<int64_t>(kSame, zeros[0] + *c);
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def))
    return zeros[0];
  if (auto apply = dyn_cast<affine::AffineApplyOp>(def))
    return getExprZeros(apply.getAffineMap().getResult(0), zeros,
                        apply.getAffineMap().getNumDims());
  return llvm::all_of(zeros, [](int64_t z) { return z == kSame; }) ? kSame : 0;
}

bool LoopVectorizer::isTestHoistable(VThreadsOp phase,
                                     const UniformityAnalysis &uniformity) {
  for (Operation *op : accesses) {
    auto load = dyn_cast<memref::LoadOp>(op);
    auto store = dyn_cast<memref::StoreOp>(op);
    Value memref = load ? load.getMemref() : store.getMemref();
    ValueRange indices = load ? load.getIndices() : store.getIndices();
    if (getIdDivisor(memref, phase, uniformity) != kSame)
      return false;
    auto type = cast<MemRefType>(memref.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)))
      return false;
    int64_t bytes = llvm::countr_zero(
        static_cast<uint64_t>(type.getElementTypeBitWidth() / 8));
    for (auto [index, stride] : llvm::zip(indices, strides)) {
      std::optional<int64_t> zeros = getIdDivisor(index, phase, uniformity);
      if (!zeros)
        return false;
      if (*zeros == kSame)
        continue;
      // The address of the first element differs between threads by
      // multiples of 2^(zeros + stride's + element's zero bits).
      if (ShapedType::isDynamic(stride) ||
          (stride != 0 &&
           *zeros + llvm::countr_zero(static_cast<uint64_t>(stride)) + bytes <
               llvm::countr_zero(static_cast<uint64_t>(kAccessBytes))))
        return false;
    }
  }
  return true;
}

/// `value` computed before `phase` (with `b`), the phase's arguments 0 and
/// the induction variable at its start.
Value LoopVectorizer::hoist(OpBuilder &b, Value value, VThreadsOp phase,
                            IRMapping &mapping) {
  if (Value known = mapping.lookupOrNull(value))
    return known;
  if (value == loop.getInductionVar()) {
    Value start = hoist(b, loop.getLowerBound(), phase, mapping);
    mapping.map(value, start);
    return start;
  }
  if (!phase->isAncestor(value.getParentBlock()->getParentOp()))
    return value;
  if (isa<BlockArgument>(value)) {
    Value zero = arith::ConstantOp::create(b, phase.getLoc(),
                                           b.getZeroAttr(value.getType()));
    mapping.map(value, zero);
    return zero;
  }
  Operation *def = value.getDefiningOp();
  for (Value operand : def->getOperands())
    hoist(b, operand, phase, mapping);
  b.clone(*def, mapping);
  return mapping.lookup(value);
}

void LoopVectorizer::vectorizeInPhase(IRMapping &copy) {
  if (indexesPrivate())
    if (auto original = dyn_cast_or_null<scf::ForOp>(
            copy.lookupOrNull(loop.getOperation())))
      (void)loopUnrollFull(original);
  vectorize();
}

Value LoopVectorizer::hoistTest(OpBuilder &b, VThreadsOp phase) {
  IRMapping mapping;
  return buildTest(
      b, [&](Value value) { return hoist(b, value, phase, mapping); });
}

Value LoopVectorizer::buildTest(OpBuilder &b,
                                function_ref<Value(Value)> atStart) {
  Location loc = loop.getLoc();
  Value aligned;
  for (Operation *op : accesses) {
    auto load = dyn_cast<memref::LoadOp>(op);
    auto store = dyn_cast<memref::StoreOp>(op);
    Value memref = load ? load.getMemref() : store.getMemref();
    ValueRange indices = load ? load.getIndices() : store.getIndices();
    SmallVector<Value> first = llvm::map_to_vector(indices, atStart);
    Value ok = isViewAligned(b, loc, atStart(memref), kAccessBytes, first);
    aligned = aligned ? arith::AndIOp::create(b, loc, aligned, ok) : ok;
  }
  return aligned;
}

unsigned wc::vectorizeAccesses(gpu::GPUFuncOp func) {
  SmallVector<scf::ForOp> loops;
  func.walk([&](scf::ForOp loop) {
    bool innermost = !loop.getBody()
                          ->walk([](Operation *op) {
                            return op->getNumRegions() != 0
                                       ? WalkResult::interrupt()
                                       : WalkResult::advance();
                          })
                          .wasInterrupted();
    if (innermost)
      loops.push_back(loop);
  });
  unsigned vectorized = 0;
  int64_t loads = 0, stores = 0;
  // Every plan first, on the kernel as it stands; the loops of a phase of
  // a warp job whose tests are the same for all its virtual threads and
  // lanes (the thread's part of each address a multiple of 16 bytes) are
  // grouped by phase.
  UniformityAnalysis uniformity(func);
  SmallVector<std::unique_ptr<LoopVectorizer>> planned;
  llvm::MapVector<Operation *, SmallVector<LoopVectorizer *>> phases;
  DenseSet<Operation *> perLoop;
  for (scf::ForOp loop : loops) {
    auto vectorizer = std::make_unique<LoopVectorizer>(loop);
    if (!vectorizer->hasCandidate())
      continue;
    std::string why;
    if (failed(vectorizer->plan(why))) {
      emitRemark(loop.getLoc(), "wc-vectorize: loop left scalar: ") << why;
      continue;
    }
    loads += vectorizer->getNumLoads();
    stores += vectorizer->getNumStores();
    ++vectorized;
    auto phase = loop->getParentOfType<VThreadsOp>();
    if (phase && vectorizer->isTestHoistable(phase, uniformity))
      phases[phase].push_back(vectorizer.get());
    else if (phase)
      perLoop.insert(phase);
    planned.push_back(std::move(vectorizer));
  }
  // A phase with a loop whose test is not hoistable keeps a test per loop.
  for (Operation *phase : perLoop)
    phases.erase(phase);
  DenseSet<LoopVectorizer *> grouped;
  for (auto &[phase, group] : phases)
    grouped.insert(group.begin(), group.end());
  for (std::unique_ptr<LoopVectorizer> &vectorizer : planned)
    if (!grouped.contains(vectorizer.get()))
      vectorizer->apply();
  // The others: one test before the phase versions it, and the loops of
  // its first copy run vector accesses, their scalar copies in the other
  // (where the virtual threads' loads of a step could not be issued
  // together, each behind its own test).
  for (auto &[op, group] : phases) {
    auto phase = cast<VThreadsOp>(op);
    OpBuilder b(phase);
    Value aligned;
    for (LoopVectorizer *vectorizer : group) {
      Value ok = vectorizer->hoistTest(b, phase);
      aligned =
          aligned ? arith::AndIOp::create(b, phase.getLoc(), aligned, ok) : ok;
    }
    IRMapping copy;
    versionOp(phase, aligned, &copy);
    for (LoopVectorizer *vectorizer : group)
      vectorizer->vectorizeInPhase(copy);
  }
  if (vectorized != 0)
    emitRemark(func.getLoc(), "wc-vectorize: ")
        << vectorized
        << " loops over consecutive elements per thread made 16-byte "
           "accesses ("
        << loads << " loads, " << stores
        << " stores), each under a test of their alignment";
  return vectorized;
}

namespace {
struct VectorizeAccessesPass
    : public wc::impl::VectorizeAccessesBase<VectorizeAccessesPass> {
  void runOnOperation() override {
    getOperation()->walk(
        [](gpu::GPUFuncOp func) { (void)vectorizeAccesses(func); });
  }
};
} // namespace
