//===- WCToNVVM.cpp - Lower the wc dialect to NVVM ------------------------===//
//
// Conversion patterns from `wc` collectives, lane arrays and
// synchronisation to NVVM ops on builtin types, and the
// `convert-wc-to-nvvm` pass that runs them after expanding the structure
// ops.
//
//===----------------------------------------------------------------------===//

#include "WC/Conversion/Passes.h"
#include "WC/Target/ModuleTarget.h"
#include "WarpPrimitives.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_CONVERTWCTONVVM
#include "WC/Conversion/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

/// Gives every workgroup buffer under `root` (attributions of its gpu.func
/// kernels, workgroup memref.globals) an explicit alignment of at least
/// kWorkgroupBufferAlignment bytes, keeping larger ones.
static void alignWorkgroupBuffers(Operation *root) {
  Builder b(root->getContext());
  StringRef alignName = LLVM::LLVMDialect::getAlignAttrName();
  root->walk([&](Operation *op) {
    if (auto func = dyn_cast<gpu::GPUFuncOp>(op)) {
      for (unsigned i = 0, e = func.getNumWorkgroupAttributions(); i < e; ++i) {
        uint64_t asked = 0;
        if (auto align = dyn_cast_or_null<IntegerAttr>(
                func.getWorkgroupAttributionAttr(i, alignName)))
          asked = align.getInt();
        func.setWorkgroupAttributionAttr(
            i, alignName,
            b.getI64IntegerAttr(std::max(asked, kWorkgroupBufferAlignment)));
      }
    } else if (auto global = dyn_cast<memref::GlobalOp>(op)) {
      if (gpu::GPUDialect::isWorkgroupMemoryAddressSpace(
              global.getType().getMemorySpace()))
        global.setAlignment(std::max<uint64_t>(
            global.getAlignment().value_or(0), kWorkgroupBufferAlignment));
    }
  });
}

namespace {

struct ShuffleLowering : OpConversionPattern<ShuffleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ShuffleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value valid;
    bool wantsValid = !op.getValid().use_empty();
    Value moved = createShuffle(
        rewriter, loc, op.getMode(), adaptor.getValue(), adaptor.getOffset(),
        op.getWidth(), adaptor.getMask(), wantsValid ? &valid : nullptr);
    if (!wantsValid)
      valid = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    rewriter.replaceOp(op, {moved, valid});
    return success();
  }
};

/// Maps a wc vote kind to the NVVM one.
static NVVM::VoteSyncKind getVoteKind(VoteKind kind) {
  switch (kind) {
  case VoteKind::any:
    return NVVM::VoteSyncKind::any;
  case VoteKind::all:
    return NVVM::VoteSyncKind::all;
  case VoteKind::ballot:
    return NVVM::VoteSyncKind::ballot;
  case VoteKind::uni:
    return NVVM::VoteSyncKind::uni;
  }
  llvm_unreachable("unknown vote kind");
}

struct VoteLowering : OpConversionPattern<VoteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(VoteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    rewriter.replaceOpWithNewOp<NVVM::VoteSyncOp>(
        op, op.getType(), getMemberMask(rewriter, loc, adaptor.getMask()),
        adaptor.getPredicate(), getVoteKind(op.getKind()));
    return success();
  }
};

struct MatchLowering : OpConversionPattern<MatchOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(MatchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value mask = getMemberMask(rewriter, loc, adaptor.getMask());
    if (op.getKind() == MatchKind::any) {
      Value lanes = NVVM::MatchSyncOp::create(
          rewriter, loc, rewriter.getI32Type(), mask, adaptor.getValue(),
          NVVM::MatchSyncKind::any);
      Value same = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
      rewriter.replaceOp(op, {lanes, same});
      return success();
    }
    auto structType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), {rewriter.getI32Type(), rewriter.getI1Type()});
    Value both =
        NVVM::MatchSyncOp::create(rewriter, loc, structType, mask,
                                  adaptor.getValue(), NVVM::MatchSyncKind::all);
    rewriter.replaceOp(op,
                       {LLVM::ExtractValueOp::create(rewriter, loc, both, 0),
                        LLVM::ExtractValueOp::create(rewriter, loc, both, 1)});
    return success();
  }
};

struct ElectLowering : OpConversionPattern<ElectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ElectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::ElectSyncOp>(op, rewriter.getI1Type(),
                                                   adaptor.getMask());
    return success();
  }
};

struct ActiveMaskLowering : OpConversionPattern<ActiveMaskOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ActiveMaskOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // NVVM has no op for PTX's activemask; it is one instruction of inline
    // PTX, with side effects so that it is not moved across branches.
    rewriter.replaceOpWithNewOp<LLVM::InlineAsmOp>(
        op, rewriter.getI32Type(), ValueRange(),
        rewriter.getStringAttr("activemask.b32 $0;"),
        rewriter.getStringAttr("=r"), rewriter.getUnitAttr(), UnitAttr(),
        LLVM::TailCallKindAttr(), LLVM::AsmDialectAttr(), ArrayAttr());
    return success();
  }
};

struct ReduceLowering : OpConversionPattern<ReduceOp> {
  ReduceLowering(const TypeConverter &converter, MLIRContext *ctx,
                 const TargetDescription &target)
      : OpConversionPattern(converter, ctx), target(target) {}
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       createWarpReduce(rewriter, op.getLoc(), op.getKind(),
                                        adaptor.getValue(), op.getClusterSize(),
                                        op.getClusterStride(), target));
    return success();
  }
  TargetDescription target;
};

struct ScanLowering : OpConversionPattern<ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, createWarpScan(rewriter, op.getLoc(), op.getKind(),
                                          adaptor.getValue(),
                                          op.getScan() == ScanKind::exclusive));
    return success();
  }
};

struct SegmentedReduceLowering : OpConversionPattern<SegmentedReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SegmentedReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, createSegmentedScan(rewriter, op.getLoc(),
                                               op.getKind(), adaptor.getValue(),
                                               adaptor.getHead()));
    return success();
  }
};

/// Returns the byte address of `memref[indices]` as an i64, so that lanes
/// can compare the locations they update.
static Value createElementAddress(OpBuilder &b, Location loc, Value memref,
                                  ValueRange indices) {
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value linear = metadata.getOffset();
  for (auto [index, stride] : llvm::zip(indices, metadata.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  auto type = cast<MemRefType>(memref.getType());
  int64_t bytes = type.getElementTypeBitWidth() / 8;
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = arith::AddIOp::create(
      b, loc, base,
      arith::MulIOp::create(b, loc, linear,
                            arith::ConstantIndexOp::create(b, loc, bytes)));
  return arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address);
}

/// The combination with `kind` of `value` over the lanes of `peers`, and
/// over those below the calling lane `lane` (the identity for the lowest),
/// walking the peers in lane order (every peer runs the same trip count, so
/// each shuffle has all of `peers` converged).
static std::pair<Value, Value> combinePeers(OpBuilder &rewriter, Location loc,
                                            CombiningKind kind, Value value,
                                            Value peers, Value lane) {
  Type i32 = rewriter.getI32Type();
  Type type = value.getType();
  Value identity = createIdentity(rewriter, loc, kind, type);
  Value c0 = createI32(rewriter, loc, 0);
  auto loop = scf::WhileOp::create(
      rewriter, loc, TypeRange{i32, type, type},
      ValueRange{peers, identity, identity},
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value more =
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, args[0], c0);
        scf::ConditionOp::create(b, l, more, args);
      },
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value source = math::CountTrailingZerosOp::create(b, l, args[0]);
        Value theirs = createShuffle(b, l, ShuffleMode::idx, value, source,
                                     wc::kWarpSize, peers);
        Value total = createCombine(b, l, kind, args[1], theirs);
        Value below = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult,
                                            source, lane);
        Value prefix = arith::SelectOp::create(
            b, l, below, createCombine(b, l, kind, args[2], theirs), args[2]);
        Value rest = arith::AndIOp::create(
            b, l, args[0],
            arith::SubIOp::create(b, l, args[0], createI32(b, l, 1)));
        scf::YieldOp::create(b, l, ValueRange{rest, total, prefix});
      });
  return {loop.getResult(1), loop.getResult(2)};
}

/// Replaces `op`, a warp-aggregated atomic of `kind` (`atomicKind` in
/// memory) of `value` at `memref[indices]` over the lanes of `mask` (null:
/// the active lanes): one atomic per group of lanes with the same address,
/// by its lowest lane; each lane gets the old value combined with the
/// values of its group's lower lanes.
static void lowerAggregatedAtomic(ConversionPatternRewriter &rewriter,
                                  Operation *op, CombiningKind kind,
                                  arith::AtomicRMWKind atomicKind, Value value,
                                  Value memref, ValueRange indices, Value mask,
                                  const TargetDescription &target) {
  Location loc = op->getLoc();
  Type type = value.getType();
  Type i32 = rewriter.getI32Type();
  bool resultUsed = !op->getResult(0).use_empty();
  if (!mask)
    mask = ActiveMaskOp::create(rewriter, loc);
  Value address = createElementAddress(rewriter, loc, memref, indices);
  // The lanes updating the same address, and the lowest of them.
  Value peers = NVVM::MatchSyncOp::create(rewriter, loc, i32, mask, address,
                                          NVVM::MatchSyncKind::any);
  Value leader = math::CountTrailingZerosOp::create(rewriter, loc, peers);
  Value lane = createLaneIdI32(rewriter, loc);
  Value identity = createIdentity(rewriter, loc, kind, type);

  Value total, prefix;
  std::optional<NVVM::ReduxKind> redux = getReduxKind(kind);
  if (kind == CombiningKind::add && isa<IntegerType>(type) &&
      matchPattern(value, m_Constant())) {
    // Every lane adds the same constant c (a counter's increment): the
    // group adds c popc(peers), and a lane's prefix is c times the number
    // of peers below it.
    auto scaled = [&](Value lanes) {
      Value count = math::CtPopOp::create(rewriter, loc, lanes);
      if (type != i32)
        count = arith::ExtUIOp::create(rewriter, loc, type, count);
      return arith::MulIOp::create(rewriter, loc, count, value);
    };
    Value below = arith::SubIOp::create(
        rewriter, loc,
        arith::ShLIOp::create(rewriter, loc, createI32(rewriter, loc, 1), lane),
        createI32(rewriter, loc, 1));
    total = scaled(peers);
    prefix = scaled(arith::AndIOp::create(rewriter, loc, peers, below));
  } else if (!resultUsed && type.isInteger(32) && redux &&
             target.hasIntegerRedux()) {
    // Nothing uses the lanes' old values: the group's combination is one
    // `redux.sync` over the group (each group its own member mask).
    total = NVVM::ReduxOp::create(rewriter, loc, type, value, *redux, peers);
    prefix = identity;
  } else {
    std::tie(total, prefix) =
        combinePeers(rewriter, loc, kind, value, peers, lane);
  }

  Value isLeader = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq, lane, leader);
  auto update = scf::IfOp::create(
      rewriter, loc, isLeader,
      [&](OpBuilder &b, Location l) {
        Value old = memref::AtomicRMWOp::create(b, l, atomicKind, total, memref,
                                                indices);
        scf::YieldOp::create(b, l, old);
      },
      [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, identity); });
  if (!resultUsed) {
    rewriter.replaceOp(op, identity);
    return;
  }
  Value base = createShuffle(rewriter, loc, ShuffleMode::idx,
                             update.getResult(0), leader, wc::kWarpSize, peers);
  rewriter.replaceOp(op, createCombine(rewriter, loc, kind, base, prefix));
}

/// The kind of a warp-aggregated atomic.
static CombiningKind getAggregatedKind(AggregatedAtomicAddOp) {
  return CombiningKind::add;
}
static CombiningKind getAggregatedKind(AggregatedAtomicRMWOp op) {
  return op.getKind();
}

/// Lowers `wc.aggregated_atomic_add` and `wc.aggregated_atomic_rmw`.
template <typename OpT>
struct AggregatedAtomicLowering : OpConversionPattern<OpT> {
  AggregatedAtomicLowering(const TypeConverter &converter, MLIRContext *ctx,
                           const TargetDescription &target)
      : OpConversionPattern<OpT>(converter, ctx), target(target) {}
  LogicalResult
  matchAndRewrite(OpT op, typename OpT::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    CombiningKind kind = getAggregatedKind(op);
    lowerAggregatedAtomic(rewriter, op, kind,
                          getArithReductionKind(kind, op.getValue().getType()),
                          adaptor.getValue(), adaptor.getMemref(),
                          adaptor.getIndices(), adaptor.getMask(), target);
    return success();
  }
  TargetDescription target;
};

/// Returns true when `lane` is the calling lane's own id.
static bool isCallingLane(Value lane) {
  if (auto cast = lane.getDefiningOp<arith::IndexCastUIOp>())
    lane = cast.getIn();
  else if (auto cast = lane.getDefiningOp<arith::IndexCastOp>())
    lane = cast.getIn();
  return lane.getDefiningOp<gpu::LaneIdOp>() ||
         lane.getDefiningOp<NVVM::LaneIdOp>();
}

struct LaneArraySplatLowering : OpConversionPattern<LaneArraySplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LaneArraySplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type registers = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, registers,
                                                     adaptor.getValue());
    return success();
  }
};

struct LaneReadLowering : OpConversionPattern<LaneReadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LaneReadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value own = vector::ExtractOp::create(rewriter, loc, adaptor.getArray(),
                                          op.getStaticSlot());
    if (isCallingLane(op.getLane())) {
      rewriter.replaceOp(op, own);
      return success();
    }
    rewriter.replaceOp(op, createShuffle(rewriter, loc, ShuffleMode::idx, own,
                                         adaptor.getLane(), wc::kWarpSize,
                                         /*mask=*/nullptr));
    return success();
  }
};

struct LaneWriteLowering : OpConversionPattern<LaneWriteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LaneWriteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::InsertOp>(
        op, adaptor.getValue(), adaptor.getArray(), op.getStaticSlot());
    return success();
  }
};

struct WarpSyncLowering : OpConversionPattern<WarpSyncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WarpSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::SyncWarpOp>(
        op, getMemberMask(rewriter, op.getLoc(), adaptor.getMask()));
    return success();
  }
};

struct NamedBarrierSyncLowering : OpConversionPattern<NamedBarrierSyncOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(NamedBarrierSyncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value id = createI32(rewriter, loc, op.getId());
    Value threads;
    if (std::optional<int64_t> count = op.getThreads())
      threads = createI32(rewriter, loc, *count);
    rewriter.replaceOpWithNewOp<NVVM::BarrierOp>(
        op, TypeRange(), id, threads, NVVM::BarrierReductionAttr(), Value());
    return success();
  }
};

struct NamedBarrierArriveLowering : OpConversionPattern<NamedBarrierArriveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(NamedBarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value id = createI32(rewriter, loc, op.getId());
    Value threads = createI32(rewriter, loc, *op.getThreads());
    rewriter.replaceOpWithNewOp<NVVM::BarrierArriveOp>(op, id, threads);
    return success();
  }
};

struct ConvertWCToNVVMPass
    : public wc::impl::ConvertWCToNVVMBase<ConvertWCToNVVMPass> {
  using Base::Base;

  /// The chip to lower for: the option, else the target of the gpu.module
  /// the pass runs on or in, else the one chip of the gpu.modules it
  /// contains; fails on several.
  FailureOr<StringRef> getChip() {
    Operation *op = getOperation();
    if (!chip.empty())
      return StringRef(chip);
    auto module = dyn_cast<gpu::GPUModuleOp>(op);
    if (!module)
      module = op->getParentOfType<gpu::GPUModuleOp>();
    if (module)
      return getModuleChip(module, chip);
    llvm::SmallSetVector<StringRef, 2> chips;
    op->walk([&](gpu::GPUModuleOp nested) {
      chips.insert(getModuleChip(nested, chip));
      return WalkResult::skip();
    });
    if (chips.size() > 1)
      return op->emitError("convert-wc-to-nvvm: its gpu.modules target "
                           "different chips (")
             << llvm::join(chips, ", ")
             << "): run it on each gpu.module, or give the chip";
    return chips.empty() ? StringRef(kDefaultChip) : chips.front();
  }

  void runOnOperation() override {
    FailureOr<StringRef> chipName = getChip();
    if (failed(chipName))
      return signalPassFailure();
    std::optional<TargetDescription> target =
        TargetDescription::lookup(*chipName);
    if (!target) {
      getOperation()->emitError("convert-wc-to-nvvm: unknown chip '")
          << *chipName << "' (known: " << TargetDescription::knownChips()
          << ")";
      return signalPassFailure();
    }
    bool useMBarriers;
    if (channels == "auto")
      useMBarriers = target->smVersion >= 90;
    else if (channels == "mbarriers" || channels == "named-barriers")
      useMBarriers = channels == "mbarriers";
    else {
      getOperation()->emitError("convert-wc-to-nvvm: unknown channels '")
          << channels << "' (mbarriers, named-barriers or auto)";
      return signalPassFailure();
    }
    if (useMBarriers && target->smVersion < 90) {
      getOperation()->emitError("convert-wc-to-nvvm: channels=mbarriers "
                                "needs sm_90 or later (mbarrier.try_wait), "
                                "not ")
          << target->chip;
      return signalPassFailure();
    }
    // Channels lower to named barriers (or mbarriers in their order): ops
    // not given theirs get them as wc-allocate-barriers would give them.
    if (failed(allocateNamedBarriers(getOperation())))
      return signalPassFailure();
    expandWarpStructure(getOperation(), *target, useMBarriers);

    alignWorkgroupBuffers(getOperation());

    MLIRContext *ctx = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    populateLaneArrayTypeConversion(converter);

    RewritePatternSet patterns(ctx);
    populateWCToNVVMConversionPatterns(converter, patterns, *target);
    ConversionTarget legality(*ctx);
    legality.addIllegalDialect<WCDialect>();
    legality.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return converter.isLegal(op); });
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         legality);
    if (failed(applyPartialConversion(getOperation(), legality,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void wc::populateLaneArrayTypeConversion(TypeConverter &converter) {
  converter.addConversion([](LaneArrayType type) -> Type {
    return VectorType::get({type.getSlotsPerLane()}, type.getElementType());
  });
}

void wc::populateWCToNVVMConversionPatterns(TypeConverter &converter,
                                            RewritePatternSet &patterns,
                                            const TargetDescription &target) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ShuffleLowering, VoteLowering, MatchLowering, ElectLowering,
               ActiveMaskLowering, ScanLowering, SegmentedReduceLowering,
               LaneArraySplatLowering, LaneReadLowering, LaneWriteLowering,
               WarpSyncLowering, NamedBarrierSyncLowering,
               NamedBarrierArriveLowering>(converter, ctx);
  patterns.add<ReduceLowering, AggregatedAtomicLowering<AggregatedAtomicAddOp>,
               AggregatedAtomicLowering<AggregatedAtomicRMWOp>>(converter, ctx,
                                                                target);
}
