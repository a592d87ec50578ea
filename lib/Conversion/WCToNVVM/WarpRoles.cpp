//===- WarpRoles.cpp - Expand warp roles, channels and role syncs ---------===//
//
// Rewrites `wc.warp_specialize` into one branch per role on the warp's
// linear id: its channels become mbarriers or named barriers, its role
// syncs warp syncs or named barriers, and its roles' registers setmaxnreg.
//
//===----------------------------------------------------------------------===//

#include "WarpPrimitives.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::wc;

/// The suspend-time hint of an mbarrier wait, in nanoseconds (the wait
/// retries until the phase completes).
static constexpr int64_t kMBarrierWaitHintNs = 1000000;

/// A channel signal or wait being lowered, with what both lowerings need.
struct ChannelUse {
  OpBuilder &b;
  Location loc;
  int64_t channel;
  ChannelSignal signal;
  /// The stage, an index.
  Value stage;
  /// The number of the stage's barrier, an index: the named barrier's id,
  /// the channel's first (stage 0's) plus 2 x stage.
  Value barrier;
  bool waits;
};

/// Calls `rewrite` at every channel signal and wait of `op`, then erases
/// it.
static void rewriteChannelOps(WarpSpecializeOp op,
                              function_ref<void(const ChannelUse &)> rewrite) {
  op->walk([&](Operation *nested) {
    auto visit = [&](auto channelOp, bool waits) {
      OpBuilder b(channelOp);
      Location loc = channelOp.getLoc();
      int64_t channel = channelOp.getChannel();
      ChannelSignal signal = channelOp.getSignal();
      Value stage = channelOp.getStageValue(b);
      Value barrier = arith::AddIOp::create(
          b, loc,
          createIndexConstant(b, loc, op.getBarrierId(channel, 0, signal)),
          arith::MulIOp::create(b, loc, stage, createIndexConstant(b, loc, 2)));
      rewrite({b, loc, channel, signal, stage, barrier, waits});
      channelOp->erase();
    };
    if (auto signal = dyn_cast<ChannelSignalOp>(nested))
      visit(signal, /*waits=*/false);
    else if (auto wait = dyn_cast<ChannelWaitOp>(nested))
      visit(wait, /*waits=*/true);
  });
}

/// Rewrites the channel signals of `op` into named barriers: the signalling
/// role arrives (`bar.arrive`), the waiting role syncs (`bar.sync`), each
/// counting the threads of both roles.
static void lowerChannelsToNamedBarriers(WarpSpecializeOp op) {
  rewriteChannelOps(op, [&](const ChannelUse &use) {
    OpBuilder &b = use.b;
    Location loc = use.loc;
    Value id =
        arith::IndexCastUIOp::create(b, loc, b.getI32Type(), use.barrier);
    Value threads = createI32(b, loc, op.getBarrierThreads(use.channel));
    if (use.waits) {
      NVVM::BarrierOp::create(b, loc, TypeRange(), id, threads,
                              NVVM::BarrierReductionAttr(), Value());
      return;
    }
    // Releasing a stage: the reads of it must be performed before the
    // producers, once past their wait, overwrite it. A CTA fence before the
    // arrive makes that explicit (without it compute-sanitizer's racecheck
    // reports the refills of a matrix product's ring as races by the
    // hundred, as on a hand-written CUDA ring of the same shape; with it a
    // few remain, see docs/results.md).
    if (use.signal == ChannelSignal::empty)
      NVVM::MembarOp::create(b, loc, NVVM::MemScopeKind::CTA);
    NVVM::BarrierArriveOp::create(b, loc, id, threads);
  });
}

/// Rewrites the channel signals of `op` into mbarriers in workgroup memory,
/// one per signal of every stage (in the order of the named barriers' ids),
/// counting the threads of both roles as the named barrier would. The
/// signalling role arrives (release); the waiting role arrives and waits
/// for the phase it arrived in (`mbarrier.try_wait.parity`, acquire). Each
/// thread takes part in every phase of the barriers it uses, in order, so
/// it knows each phase's parity: one bit per stage, flipped at each wait,
/// in a private word per channel and signal.
static void lowerChannelsToMBarriers(WarpSpecializeOp op) {
  int64_t numBarriers = 0;
  for (int64_t c = 0, e = op.getNumChannels(); c < e; ++c)
    numBarriers += 2 * op.getStages(c);
  if (numBarriers == 0)
    return;
  MLIRContext *context = op.getContext();
  Location loc = op.getLoc();
  // The mbarriers and the parity words are set up once, at the kernel's
  // entry (where LLVM promotes the words to registers), not at every run
  // of the op: an mbarrier must not be initialised again while it is valid,
  // and each run leaves every phase complete, so the next run goes on with
  // the phases (and parities) where the last one stopped.
  Operation *kernel = op->getParentOp();
  while (kernel && !isa<gpu::LaunchOp, FunctionOpInterface>(kernel))
    kernel = kernel->getParentOp();
  OpBuilder b(op);
  if (kernel)
    b.setInsertionPointToStart(&kernel->getRegion(0).front());
  auto space =
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup);
  auto groupType = nvgpu::MBarrierGroupType::get(context, space, numBarriers);
  Value group = nvgpu::MBarrierCreateOp::create(b, loc, groupType);
  int64_t numWords = 2 * op.getNumChannels();
  Value parities = memref::AllocaOp::create(
      b, loc, MemRefType::get({numWords}, b.getI32Type()));
  for (int64_t w = 0; w < numWords; ++w)
    memref::StoreOp::create(b, loc, createI32(b, loc, 0), parities,
                            createIndexConstant(b, loc, w));
  // Thread (0, 0, 0) initialises them; a block barrier publishes them.
  Value isFirst;
  for (gpu::Dimension d :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
    Value zero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       gpu::ThreadIdOp::create(b, loc, d),
                                       createIndexConstant(b, loc, 0));
    isFirst = isFirst ? arith::AndIOp::create(b, loc, isFirst, zero) : zero;
  }
  scf::IfOp::create(b, loc, isFirst, [&](OpBuilder &then, Location l) {
    for (int64_t c = 0, e = op.getNumChannels(); c < e; ++c)
      for (int64_t s = 0; s < op.getStages(c); ++s)
        for (ChannelSignal signal : {ChannelSignal::full, ChannelSignal::empty})
          nvgpu::MBarrierInitOp::create(
              then, l, group,
              createIndexConstant(then, l, op.getBarrierThreads(c)),
              createIndexConstant(then, l,
                                  op.getBarrierId(c, s, signal) -
                                      op.getFirstBarrier()),
              /*predicate=*/Value());
    scf::YieldOp::create(then, l);
  });
  NVVM::Barrier0Op::create(b, loc);

  auto tokenType = nvgpu::MBarrierTokenType::get(context);
  rewriteChannelOps(op, [&](const ChannelUse &use) {
    OpBuilder &b = use.b;
    Location l = use.loc;
    // The mbarriers are in the named barriers' order, from 0.
    Value index = arith::SubIOp::create(
        b, l, use.barrier, createIndexConstant(b, l, op.getFirstBarrier()));
    nvgpu::MBarrierArriveOp::create(b, l, tokenType, group, index);
    if (!use.waits)
      return;
    Value slot = createIndexConstant(
        b, l, 2 * use.channel + (use.signal == ChannelSignal::empty ? 1 : 0));
    Value word = memref::LoadOp::create(b, l, parities, slot);
    Value shift = arith::IndexCastUIOp::create(b, l, b.getI32Type(), use.stage);
    Value bit = arith::ShLIOp::create(b, l, createI32(b, l, 1), shift);
    Value parity = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                         arith::AndIOp::create(b, l, word, bit),
                                         createI32(b, l, 0));
    nvgpu::MBarrierTryWaitParityOp::create(
        b, l, group, parity, createIndexConstant(b, l, kMBarrierWaitHintNs),
        index);
    memref::StoreOp::create(b, l, arith::XOrIOp::create(b, l, word, bit),
                            parities, slot);
  });
}

/// The setmaxnreg that takes a warp from `from` to `to` registers per
/// thread, at `b`, if they differ.
static void createSetMaxRegisters(OpBuilder &b, Location loc, int64_t from,
                                  int64_t to) {
  if (from != to)
    NVVM::SetMaxRegisterOp::create(b, loc, to,
                                   to > from
                                       ? NVVM::SetMaxRegisterAction::increase
                                       : NVVM::SetMaxRegisterAction::decrease);
}

/// Rewrites the channel signals of `op` (into mbarriers or named barriers)
/// and its roles into one branch per role on the warp's linear id; where
/// `registerBudget` is not 0, the roles set their registers in a kernel
/// compiled with that many.
static void expandWarpSpecialize(WarpSpecializeOp op,
                                 const TargetDescription &target,
                                 bool useMBarriers, int64_t registerBudget) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  // The thread's linear id: x + X (y + Y z); the warp's is that / 32.
  auto tid = [&](gpu::Dimension d) -> Value {
    return gpu::ThreadIdOp::create(b, loc, d);
  };
  auto dim = [&](gpu::Dimension d) -> Value {
    return gpu::BlockDimOp::create(b, loc, d);
  };
  Value y = arith::AddIOp::create(
      b, loc, tid(gpu::Dimension::y),
      arith::MulIOp::create(b, loc, dim(gpu::Dimension::y),
                            tid(gpu::Dimension::z)));
  Value linear = arith::AddIOp::create(
      b, loc, tid(gpu::Dimension::x),
      arith::MulIOp::create(b, loc, dim(gpu::Dimension::x), y));
  // The roles' own barriers, numbered before the role syncs go.
  SmallVector<int64_t> roleBarriers;
  for (int64_t r = 0, e = op.getWarps().size(); r < e; ++r)
    roleBarriers.push_back(op.hasRoleBarrier(r) ? op.getRoleBarrierId(r) : 0);
  if (useMBarriers)
    lowerChannelsToMBarriers(op);
  else
    lowerChannelsToNamedBarriers(op);
  // A role's sync: bar.warp.sync in a role of one warp, the role's named
  // barrier otherwise.
  for (auto [r, role] : llvm::enumerate(op.getRoles())) {
    int64_t warps = op.getWarps()[r];
    role.walk([&](RoleSyncOp sync) {
      OpBuilder at(sync);
      Location l = sync.getLoc();
      if (warps == 1)
        NVVM::SyncWarpOp::create(at, l, createI32(at, l, -1));
      else
        NVVM::BarrierOp::create(at, l, TypeRange(),
                                createI32(at, l, roleBarriers[r]),
                                createI32(at, l, warps * wc::kWarpSize),
                                NVVM::BarrierReductionAttr(), Value());
      sync->erase();
    });
  }

  b.setInsertionPoint(op);
  Value warp = createWarpUniform(
      b, loc,
      arith::DivUIOp::create(b, loc, linear,
                             createIndexConstant(b, loc, wc::kWarpSize)),
      target);
  SmallVector<Value> mine;
  for (auto [r, role] : llvm::enumerate(op.getRoles())) {
    int64_t first = op.getFirstWarp(r), count = op.getWarps()[r];
    Value index =
        arith::SubIOp::create(b, loc, warp, createIndexConstant(b, loc, first));
    // warp - first < count, unsigned: first <= warp < first + count.
    Value isMine =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index,
                              createIndexConstant(b, loc, count));
    auto ifOp = scf::IfOp::create(b, loc, isMine, /*withElseRegion=*/false);
    OpBuilder inner = OpBuilder::atBlockTerminator(ifOp.thenBlock());
    Block &body = role.front();
    body.getArgument(0).replaceAllUsesWith(index);
    inner.getInsertionBlock()->getOperations().splice(inner.getInsertionPoint(),
                                                      body.getOperations());
    mine.push_back(isMine);
    // With registers, a role starts by setting its own.
    if (registerBudget != 0 && op.getRegisters()) {
      OpBuilder start = OpBuilder::atBlockBegin(ifOp.thenBlock());
      createSetMaxRegisters(start, loc, registerBudget,
                            (*op.getRegisters())[r]);
    }
  }
  // And returns to the kernel's once every warp of the block has ended its
  // role (one block barrier after the roles; `bar.sync 0` must be the same
  // instruction in every thread). Without it a role that ends early would
  // take back the registers it released before a slower role took them,
  // and that role would wait for them forever; with it, every role has
  // its registers before any returns, the warps of each warpgroup meet
  // between two setmaxnreg as they must, and returning only waits for
  // registers being released.
  if (registerBudget != 0 && op.getRegisters()) {
    NVVM::Barrier0Op::create(b, loc);
    for (auto [r, isMine] : llvm::enumerate(mine)) {
      int64_t count = (*op.getRegisters())[r];
      if (count == registerBudget)
        continue;
      auto ifOp = scf::IfOp::create(b, loc, isMine, /*withElseRegion=*/false);
      OpBuilder end = OpBuilder::atBlockTerminator(ifOp.thenBlock());
      createSetMaxRegisters(end, loc, count, registerBudget);
    }
  }
  op->erase();
}

/// The registers per thread to compile each kernel holding some of `ops`
/// with, where the target has setmaxnreg and some of them set their roles'
/// registers: the most any needs. Each such kernel gets it as its
/// `nvvm.maxnreg`, replacing its own (a remark says so): the roles return
/// to it, and their counts fit the register file only with it. (Roles in a
/// `gpu.launch` keep the registers they are compiled with: the attribute
/// would not reach the outlined kernel.)
static DenseMap<Operation *, int64_t>
setRegisterBudgets(ArrayRef<WarpSpecializeOp> ops,
                   const TargetDescription &target) {
  DenseMap<Operation *, int64_t> budgets;
  if (!target.hasSetMaxNReg())
    return budgets;
  for (WarpSpecializeOp op : ops)
    if (auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
        kernel && op.getRegisters()) {
      int64_t &budget = budgets[kernel];
      budget = std::max(budget, op.getRegisterBudget());
    }
  StringRef name = NVVM::NVVMDialect::getMaxnregAttrName();
  for (auto &[kernel, budget] : budgets) {
    if (auto given = kernel->getAttrOfType<IntegerAttr>(name);
        given && given.getInt() != budget)
      emitRemark(kernel->getLoc(), "convert-wc-to-nvvm: ")
          << name << " " << given.getInt() << " replaced by " << budget
          << ": warp roles set their registers (setmaxnreg) in a kernel "
             "compiled with "
          << budget;
    kernel->setAttr(name,
                    Builder(kernel->getContext()).getI32IntegerAttr(budget));
  }
  return budgets;
}

void wc::expandWarpSpecializeOps(ArrayRef<WarpSpecializeOp> ops,
                                 const TargetDescription &target,
                                 bool useMBarriers) {
  DenseMap<Operation *, int64_t> budgets = setRegisterBudgets(ops, target);
  for (WarpSpecializeOp op : ops)
    expandWarpSpecialize(op, target, useMBarriers,
                         budgets.lookup(op->getParentOfType<gpu::GPUFuncOp>()));
}
