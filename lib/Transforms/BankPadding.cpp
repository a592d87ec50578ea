//===- BankPadding.cpp - Workgroup buffers padded against bank conflicts --===//
//
// The part of wc-remap for the buffers that stay in shared memory: shared
// memory has 32 banks of 4 bytes, and the lanes of one warp access that fall
// into the same bank at different words are served one after the other (a
// "bank conflict": a warp reading the column of a 32x32 i32 tile waits for
// 32 wavefronts instead of one). For each such buffer of rank >= 2 whose
// accesses are all affine in the thread ids, the planner counts the
// wavefronts of every access as the warp job executes it (thread `t` is
// virtual thread `t / 32` of lane `t % 32`), with the innermost dimension as
// it is and padded by a few elements, and pads it where that serves the
// accesses in fewer wavefronts. The accesses keep their indices; only the
// buffer's type changes, so this is exact for every in-bounds access.
//
//===----------------------------------------------------------------------===//

#include "AsyncCopy.h"
#include "RemapPlan.h"
#include "WorkgroupBuffers.h"

#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Consolidation.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/DenseSet.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"
#include <array>

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::remap;

/// Shared memory banks and their width in bytes.
static constexpr int64_t kBanks = 32;
static constexpr int64_t kBankBytes = 4;
/// Warp-uniform values of an index (loop induction variables, ...) take
/// these values in turn when the wavefronts are counted.
static constexpr int64_t kSymbolSamples[] = {0, 1, 3};

namespace {
/// One access to count: its element index(es) and how often it runs.
struct CountedAccess {
  SmallVector<AffineExpr, 2> indices;
  unsigned numSymbols;
  int64_t weight;
};
} // namespace

/// How many times `op` runs per execution of `job`'s body: the product of
/// the constant trip counts of the `scf.for` loops around it.
static int64_t getTripWeight(Operation *op, WarpJobOp job) {
  int64_t weight = 1;
  for (Operation *parent = op->getParentOp(); parent && parent != job;
       parent = parent->getParentOp()) {
    auto loop = dyn_cast<scf::ForOp>(parent);
    if (!loop)
      continue;
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (lb && ub && step && *step > 0 && *ub > *lb)
      weight = std::min<int64_t>(weight * llvm::divideCeil(*ub - *lb, *step),
                                 1 << 20);
  }
  return weight;
}

/// The value of `expr` with dimensions `dims` and symbols `symbols`, or
/// nullopt where a division or modulus is not by a positive value.
static std::optional<int64_t> evaluate(AffineExpr expr, ArrayRef<int64_t> dims,
                                       ArrayRef<int64_t> symbols) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return constant.getValue();
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dims[dim.getPosition()];
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return symbols[symbol.getPosition()];
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::optional<int64_t> lhs = evaluate(binary.getLHS(), dims, symbols);
  std::optional<int64_t> rhs = evaluate(binary.getRHS(), dims, symbols);
  if (!lhs || !rhs)
    return std::nullopt;
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return *lhs + *rhs;
  case AffineExprKind::Mul:
    return *lhs * *rhs;
  default:
    break;
  }
  if (*rhs <= 0)
    return std::nullopt;
  switch (expr.getKind()) {
  case AffineExprKind::Mod:
    return llvm::mod(*lhs, *rhs);
  case AffineExprKind::FloorDiv:
    return llvm::divideFloorSigned(*lhs, *rhs);
  case AffineExprKind::CeilDiv:
    return llvm::divideCeilSigned(*lhs, *rhs);
  default:
    return std::nullopt;
  }
}

namespace {
/// The elements an access touches, per symbol sample and thread of the
/// block: `elements[(sample * threads + t) * indices + i]`.
struct EvaluatedAccess {
  SmallVector<int64_t> elements;
  unsigned indices;
  int64_t weight;
};
} // namespace

/// The elements every thread of `block` touches with `accesses`, for every
/// sample of the symbols; nullopt when an index does not evaluate to a
/// constant.
static std::optional<SmallVector<EvaluatedAccess>>
evaluateAccesses(ArrayRef<CountedAccess> accesses, ArrayRef<int64_t> block) {
  int64_t blockSize = block[0] * block[1] * block[2];
  SmallVector<EvaluatedAccess> evaluated;
  SmallVector<int64_t> symbols;
  for (const CountedAccess &access : accesses) {
    EvaluatedAccess entry{{}, (unsigned)access.indices.size(), access.weight};
    for (int64_t sample : kSymbolSamples) {
      symbols.assign(access.numSymbols, sample);
      for (int64_t t = 0; t < blockSize; ++t) {
        int64_t dims[3] = {t % block[0], (t / block[0]) % block[1],
                           t / (block[0] * block[1])};
        for (AffineExpr index : access.indices) {
          std::optional<int64_t> element = evaluate(index, dims, symbols);
          if (!element)
            return std::nullopt;
          entry.elements.push_back(*element);
        }
      }
    }
    evaluated.push_back(std::move(entry));
  }
  return evaluated;
}

/// The wavefronts that `accesses` take per job, with `shape` the buffer's
/// shape and its innermost dimension padded by `padding` elements of
/// `elementBytes` bytes.
static int64_t countWavefronts(ArrayRef<EvaluatedAccess> accesses,
                               ArrayRef<int64_t> shape, int64_t padding,
                               int64_t elementBytes, ArrayRef<int64_t> block) {
  int64_t blockSize = block[0] * block[1] * block[2];
  // The padded strides of the buffer, in elements.
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = shape.size() - 2; i >= 0; --i)
    strides[i] =
        strides[i + 1] *
        (shape[i + 1] + (i + 1 == (int64_t)shape.size() - 1 ? padding : 0));
  auto padded = [&](int64_t linear) {
    int64_t address = 0;
    for (int64_t i = shape.size() - 1; i >= 0; --i) {
      address += llvm::mod(linear, shape[i]) * strides[i];
      linear = llvm::divideFloorSigned(linear, shape[i]);
    }
    return address;
  };
  // Lanes whose bytes one wavefront can serve at most (128 bytes).
  int64_t groupLanes =
      std::clamp<int64_t>(kBanks * kBankBytes / elementBytes, 1, kWarpSize);

  int64_t total = 0;
  // The distinct words each bank serves for a group of lanes.
  std::array<SmallVector<int64_t, 4>, kBanks> words;
  for (const EvaluatedAccess &access : accesses) {
    for (size_t sample = 0; sample < std::size(kSymbolSamples); ++sample) {
      for (int64_t v = 0; v * kWarpSize < blockSize; ++v) {
        for (int64_t first = 0; first < kWarpSize; first += groupLanes) {
          for (SmallVector<int64_t, 4> &bank : words)
            bank.clear();
          for (int64_t lane = first; lane < first + groupLanes; ++lane) {
            int64_t t = v * kWarpSize + lane;
            if (t >= blockSize)
              break;
            for (unsigned i = 0; i < access.indices; ++i) {
              int64_t element =
                  access
                      .elements[(sample * blockSize + t) * access.indices + i];
              int64_t byte = padded(element) * elementBytes;
              for (int64_t word = byte / kBankBytes;
                   word * kBankBytes < byte + elementBytes; ++word)
                if (SmallVector<int64_t, 4> &bank =
                        words[llvm::mod(word, kBanks)];
                    !llvm::is_contained(bank, word))
                  bank.push_back(word);
            }
          }
          int64_t wavefronts = 0;
          for (SmallVector<int64_t, 4> &bank : words)
            wavefronts = std::max<int64_t>(wavefronts, bank.size());
          total += wavefronts * access.weight;
        }
      }
    }
  }
  return total;
}

SmallVector<PaddingPlan> remap::planPadding(gpu::GPUFuncOp func,
                                            const TargetDescription &target) {
  // The affine accesses of every workgroup attribution, over all jobs.
  llvm::MapVector<Value, SmallVector<CountedAccess>> accessesOf;
  DenseMap<Value, ArrayRef<int64_t>> blockOf;
  DenseSet<Value> refused;
  func.walk([&](WarpJobOp job) {
    SharedAccessAnalysis analysis(job);
    for (const SharedBufferAccesses &buffer : analysis.getBuffers()) {
      Value value = buffer.buffer;
      if (!buffer.isStatic() ||
          (blockOf.contains(value) && blockOf[value] != job.getBlock())) {
        refused.insert(value);
        continue;
      }
      blockOf[value] = job.getBlock();
      SmallVector<CountedAccess> &counted = accessesOf[value];
      for (const SharedAccess &access : buffer.accesses) {
        CountedAccess entry{{*access.index},
                            (unsigned)buffer.symbols.size(),
                            getTripWeight(access.op, job)};
        if (access.elseIndex)
          entry.indices.push_back(*access.elseIndex);
        // A butterfly `x xor mask` on a 1-D buffer is never padded.
        if (access.xorMask)
          refused.insert(value);
        counted.push_back(std::move(entry));
      }
    }
  });

  SmallVector<PaddingPlan> plans;
  int64_t sharedBytes = getWorkgroupBytes(func, /*allocations=*/false);
  llvm::SmallDenseMap<unsigned, int64_t> copyAlignments =
      getTileCopyAlignments(func, target);
  for (auto &[buffer, accesses] : accessesOf) {
    auto arg = dyn_cast<BlockArgument>(buffer);
    if (refused.contains(buffer) || !arg ||
        arg.getOwner() != &func.getBody().front() ||
        arg.getArgNumber() < func.getFirstWorkgroupAttributionIndex())
      continue;
    auto type = cast<MemRefType>(buffer.getType());
    if (type.getRank() < 2 || !type.hasStaticShape() ||
        !type.getLayout().isIdentity() ||
        !type.getElementType().isIntOrIndexOrFloat())
      continue;
    // Every use must be a load or store that the analysis counted (none
    // outside the jobs, no view).
    if (!llvm::all_of(buffer.getUses(), [](OpOperand &use) {
          return isa<memref::LoadOp>(use.getOwner()) ||
                 (isa<memref::StoreOp>(use.getOwner()) &&
                  use.getOperandNumber() == 1);
        }))
      continue;
    if ((int64_t)accesses.size() !=
        (int64_t)std::distance(buffer.use_begin(), buffer.use_end()))
      continue;
    int64_t elementBytes =
        type.getElementType().isIndex()
            ? 8
            : llvm::divideCeil(type.getElementType().getIntOrFloatBitWidth(),
                               8);
    // A zero-width element (i0) takes no bytes to conflict on.
    if (elementBytes == 0)
      continue;
    ArrayRef<int64_t> shape = type.getShape();
    std::optional<SmallVector<EvaluatedAccess>> evaluated =
        evaluateAccesses(accesses, blockOf[buffer]);
    if (!evaluated)
      continue;
    int64_t before =
        countWavefronts(*evaluated, shape, 0, elementBytes, blockOf[buffer]);
    int64_t rows = type.getNumElements() / shape.back();
    Residency resident = target.getResidency(1, 0, sharedBytes);
    PaddingPlan best{
        buffer,
        (int)(arg.getArgNumber() - func.getFirstWorkgroupAttributionIndex()),
        type,
        0,
        before,
        before,
        0};
    // A tile that wc-async-copy would copy by cp.async keeps the alignment
    // of its rows that the copy needs (16 bytes for runs of 16 bytes per
    // lane, 8 for a box): the copy saves more than the conflicts cost (on
    // the H200, the suite's S = Q K^T, whose 16x16 block reads K's tile
    // down its columns, ran 1.5x faster with rows of 20 elements, two
    // wavefronts per read, than with rows of 17, one wavefront, and the
    // tile copied through the registers).
    int64_t rowBytes = shape.back() * elementBytes;
    int64_t copyAlignment = copyAlignments.lookup(best.bufferIndex);
    bool keepAligned = copyAlignment && rowBytes % copyAlignment == 0;
    // Every padding that moves a row to other banks: up to one element
    // short of the 128 bytes of a row of banks. A 16x16 block reading an
    // 18-wide tile at [ty + i][tx + j] (a 3x3 convolution) takes two rows per
    // access; only rows 16 banks apart (48 elements) serve them in one
    // wavefront.
    int64_t maxPadding =
        std::max<int64_t>(kBanks * kBankBytes / elementBytes - 1, 1);
    // The fewest wavefronts of any padding, aligned or not.
    int64_t fewest = before;
    for (int64_t padding = 1; padding <= maxPadding; ++padding) {
      int64_t extra = rows * padding * elementBytes;
      if (sharedBytes + extra > target.staticSharedMemoryPerBlock ||
          target.getResidency(1, 0, sharedBytes + extra).warps < resident.warps)
        break;
      int64_t after = countWavefronts(*evaluated, shape, padding, elementBytes,
                                      blockOf[buffer]);
      fewest = std::min(fewest, after);
      if (keepAligned && padding * elementBytes % copyAlignment != 0)
        continue;
      if (after < best.wavefrontsAfter) {
        SmallVector<int64_t> paddedShape(shape);
        paddedShape.back() += padding;
        best.newType =
            MemRefType::get(paddedShape, type.getElementType(),
                            MemRefLayoutAttrInterface(), type.getMemorySpace());
        best.padding = padding;
        best.wavefrontsAfter = after;
      }
    }
    // The copy's alignment kept the wavefronts above the fewest.
    if (keepAligned && best.wavefrontsAfter > fewest)
      best.rowAlignment = copyAlignment;
    if (best.padding == 0)
      continue;
    sharedBytes += rows * best.padding * elementBytes;
    plans.push_back(best);
  }
  return plans;
}

void remap::applyPadding(const PaddingPlan &plan) {
  // Loads and stores keep their indices; only the buffer's type changes.
  Value buffer = plan.buffer;
  buffer.setType(plan.newType);
}

void wc::padWorkgroupBuffers(gpu::GPUFuncOp func,
                             const TargetDescription &target, StringRef pass,
                             llvm::function_ref<bool()> keep) {
  SmallVector<PaddingPlan> plans = planPadding(func, target);
  if (plans.empty())
    return;
  SmallVector<MemRefType> before;
  SmallVector<std::string> names;
  for (const PaddingPlan &plan : plans) {
    before.push_back(cast<MemRefType>(plan.buffer.getType()));
    names.push_back(describeBuffer(plan.buffer, plan.bufferIndex));
    applyPadding(plan);
  }
  if (keep && !keep()) {
    for (auto [plan, type] : llvm::zip(plans, before))
      plan.buffer.setType(type);
    emitRemark(func.getLoc(), pass + ": ")
        << "workgroup buffers not padded against bank conflicts: two of "
           "each padded tile would keep the tile loop from copying its next "
           "tile during this one";
    return;
  }
  for (auto [plan, name] : llvm::zip(plans, names)) {
    InFlightDiagnostic remark = emitRemark(func.getLoc(), pass + ": ");
    remark << name << " padded to " << plan.newType
           << " against bank conflicts: " << plan.wavefrontsAfter
           << " shared-memory wavefronts instead of " << plan.wavefrontsBefore;
    if (plan.rowAlignment)
      remark << " (rows kept a multiple of " << plan.rowAlignment
             << " bytes for cp.async)";
  }
}

void remap::padSharedBuffers(gpu::GPUFuncOp func,
                             const TargetDescription &target) {
  // A tile loop that would copy its next tile during this one keeps doing
  // so (two of each padded tile may exceed the shared memory).
  bool ahead = wouldPrefetchTiles(func, target);
  padWorkgroupBuffers(func, target, "wc-remap", [&] {
    return !ahead || wouldPrefetchTiles(func, target);
  });
}
