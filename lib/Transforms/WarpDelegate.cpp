//===- WarpDelegate.cpp - Persistent warp agents run the block jobs -------===//
//
// The `wc-delegate` pass: warp delegation, the third stage of the
// Warp-Consolidation model. A kernel whose blocks are single warps (after
// wc-aggregate: a warp job, or a resized kernel) becomes a persistent
// kernel: hyper-CTAs of W warps, each warp an independent agent that loops
// over the original block jobs (`wc.job_loop`), with a static or dynamic
// (atomic ticket) schedule. No barrier joins the warps of a hyper-CTA.
// Workgroup memory left after remapping is multiplexed: each agent gets its
// slice. Launch sites launch enough hyper-CTAs for the agents the target
// keeps resident (never more agents than jobs) and pass the original grid.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/SharedAccess.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Target/TargetDescription.h"
#include "WC/Transforms/Aggregation.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "WorkgroupBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_WARPDELEGATE
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

/// Checks that `func` can be delegated; returns the reason otherwise.
static std::optional<std::string>
checkDelegable(gpu::GPUFuncOp func, ArrayRef<gpu::LaunchFuncOp> launches) {
  if (func.walk([](JobLoopOp) { return WalkResult::interrupt(); })
          .wasInterrupted())
    return std::string("it is already delegated (it has a 'wc.job_loop')");
  std::string why;
  FailureOr<BlockShape> shape = getBlockShape(func, launches, why);
  if (failed(shape))
    return why;
  if (*shape != BlockShape{kWarpSize, 1, 1})
    return "its blocks of " + std::to_string((*shape)[0]) + " x " +
           std::to_string((*shape)[1]) + " x " + std::to_string((*shape)[2]) +
           " threads are not single warps (run wc-aggregate first)";
  if (!func.getBody().hasOneBlock())
    return std::string("its body has several blocks (unstructured control "
                       "flow)");
  for (gpu::LaunchFuncOp launch : launches) {
    if (launch.getDynamicSharedMemorySize())
      return std::string("a launch uses dynamic shared memory");
    if (launch.getClusterSizeX())
      return std::string("a launch uses thread-block clusters");
  }
  std::optional<std::string> blocker;
  func.walk([&](Operation *op) {
    auto refuse = [&](StringRef what) {
      blocker =
          ("it uses '" + op->getName().getStringRef() + "', " + what).str();
      return WalkResult::interrupt();
    };
    // Block-wide synchronisation and collectives: in a hyper-CTA the
    // "block" would be several agents, each on its own job.
    if (isa<gpu::BarrierOp, NamedBarrierSyncOp, NamedBarrierArriveOp>(op))
      return refuse("a block barrier, which would join the agents of a "
                    "hyper-CTA");
    if (isa<gpu::AllReduceOp>(op))
      return refuse("a block-wide reduction, which would combine the jobs "
                    "of the agents of a hyper-CTA");
    if (isa<gpu::ClusterIdOp, gpu::ClusterDimOp, gpu::ClusterBlockIdOp,
            gpu::ClusterDimBlocksOp, gpu::DynamicSharedMemoryOp,
            CallOpInterface>(op) ||
        !op->isRegistered() ||
        (isa_and_present<NVVM::NVVMDialect>(op->getDialect()) &&
         !isa<NVVM::SyncWarpOp>(op)))
      return refuse("whose meaning delegation would change");
    for (Value result : op->getResults())
      if (isWorkgroupMemRef(result.getType()) &&
          !isa<memref::AllocaOp, memref::AllocOp>(op))
        return refuse("a workgroup buffer the pass cannot give each agent a "
                      "slice of");
    return WalkResult::advance();
  });
  if (blocker)
    return blocker;
  // Workgroup buffers are multiplexed by prefixing their indices: only
  // loads and stores may use them.
  SmallVector<Value> buffers(func.getWorkgroupAttributions());
  func.walk([&](Operation *op) {
    if (isa<memref::AllocaOp, memref::AllocOp>(op) &&
        isWorkgroupMemRef(op->getResult(0).getType()))
      buffers.push_back(op->getResult(0));
  });
  for (Value buffer : buffers) {
    auto type = cast<MemRefType>(buffer.getType());
    if (!type.hasStaticShape())
      return std::string("a workgroup buffer has a dynamic shape");
    if (!type.getElementType().isIntOrIndexOrFloat()) {
      std::string text;
      llvm::raw_string_ostream(text)
          << "a workgroup buffer has elements of type " << type.getElementType()
          << ", which the pass cannot size";
      return text;
    }
    // A slice per agent keeps the alignment of the copies into it.
    int64_t copyBytes = getAsyncCopyBytes(buffer);
    int64_t bytes = getBufferBytes(type);
    if (copyBytes && bytes % copyBytes != 0)
      return "a workgroup buffer of " + std::to_string(bytes) +
             " bytes, which a slice per agent would leave misaligned for "
             "its copies of " +
             std::to_string(copyBytes) + " bytes";
    if (Operation *user = findUnindexedUser(buffer))
      return ("workgroup buffer " + std::string("used by '") +
              user->getName().getStringRef() +
              "' (only loads, stores, atomics and asynchronous copies can "
              "be given a slice per agent)")
          .str();
  }
  if (launches.empty())
    return std::string("no launch in the module: delegation adds kernel "
                       "arguments that every launch must pass");
  return std::nullopt;
}

/// The ticket counters of a dynamic-schedule launch: kTicketCounters
/// counters, a cache line apart.
static MemRefType getTicketCounterType(MLIRContext *context) {
  return MemRefType::get({kTicketCounters * kTicketCounterStride},
                         IntegerType::get(context, 32));
}

/// Rewrites the body of `func` into a job loop run by persistent agents;
/// appends the arguments the launches must pass (grid x, y, z, and the
/// counters of the dynamic schedule).
static void rewriteIntoJobLoop(gpu::GPUFuncOp func, const DelegationPlan &plan,
                               OpBuilder::Listener *listener) {
  MLIRContext *context = func.getContext();
  Location loc = func.getLoc();
  Block &entry = func.getBody().front();
  OpBuilder b(context, listener);
  Type index = b.getIndexType();

  // New kernel arguments: the original grid, and the ticket counter.
  unsigned numInputs = func.getFunctionType().getNumInputs();
  SmallVector<unsigned> positions(3, numInputs);
  SmallVector<Type> types(3, index);
  SmallVector<DictionaryAttr> attrs(3, DictionaryAttr::get(context));
  SmallVector<Location> locs(3, loc);
  if (plan.schedule == Schedule::dynamic_ticket) {
    positions.push_back(numInputs);
    types.push_back(getTicketCounterType(context));
    attrs.push_back(DictionaryAttr::get(context));
    locs.push_back(loc);
  }
  if (failed(func.insertArguments(positions, types, attrs, locs)))
    llvm_unreachable("gpu.func takes more arguments");
  ValueRange grid = entry.getArguments().slice(numInputs, 3);
  Value counter = plan.schedule == Schedule::dynamic_ticket
                      ? entry.getArgument(numInputs + 3)
                      : Value();

  // The original body becomes the body of the job loop.
  bool usesWorkgroupMemory = getWorkgroupBytes(func, /*allocations=*/true) != 0;
  Block *body = new Block;
  SmallVector<Value, 3> jobIds;
  for (int i = 0; i < 3; ++i)
    jobIds.push_back(body->addArgument(index, loc));
  body->getOperations().splice(body->end(), entry.getOperations(),
                               entry.begin(), std::prev(entry.end()));
  b.setInsertionPointToEnd(body);
  // An agent reuses its slice of workgroup memory for its next job: the
  // lanes' accesses of one job must be done before the next job's.
  if (usesWorkgroupMemory)
    WarpSyncOp::create(b, loc, /*mask=*/Value());
  YieldOp::create(b, loc);

  // The agent: warp w of hyper-CTA b is agent b * W + w of gridDim.x * W.
  b.setInsertionPointToStart(&entry);
  Value warpSize = createIndexConstant(b, loc, kWarpSize);
  Value warps = createIndexConstant(b, loc, plan.warps);
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value warpInBlock = arith::DivUIOp::create(b, loc, tid, warpSize);
  Value lane = arith::RemUIOp::create(b, loc, tid, warpSize);
  Value blockId = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value agent = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, blockId, warps), warpInBlock);
  Value gridDim = gpu::GridDimOp::create(b, loc, gpu::Dimension::x);
  Value agents = arith::MulIOp::create(b, loc, gridDim, warps);

  // Workgroup buffers: one slice per agent, allocated once per hyper-CTA.
  auto slice = [&](Operation *) { return warpInBlock; };
  for (Value buffer : llvm::to_vector(func.getWorkgroupAttributions()))
    prependBufferDimension(buffer, plan.warps, slice);
  SmallVector<Operation *> allocs;
  body->walk([&](Operation *op) {
    if (isa<memref::AllocaOp, memref::AllocOp>(op) &&
        isWorkgroupMemRef(op->getResult(0).getType()))
      allocs.push_back(op);
  });
  for (Operation *alloc : allocs) {
    prependBufferDimension(alloc->getResult(0), plan.warps, slice);
    alloc->moveBefore(&entry, b.getInsertionPoint());
  }
  // A thread's private arrays (each lane's own, as aggregation makes them
  // per virtual thread) stay in the entry block, where LLVM keeps a static
  // allocation in registers; in the job loop it would be a new stack
  // allocation per job.
  for (Operation &op : llvm::make_early_inc_range(*body))
    if (auto alloca = dyn_cast<memref::AllocaOp>(op);
        alloca && !alloca.getType().getMemorySpace() &&
        alloca->getNumOperands() == 0)
      alloca->moveBefore(&entry, b.getInsertionPoint());

  // The launch rounds the agents up to whole hyper-CTAs: the job loop caps
  // them where the limit is not a multiple of W (and at the throttle).
  int64_t cap = plan.activeAgents ? std::min(plan.activeAgents, plan.maxAgents)
                                  : plan.maxAgents;
  bool capped = plan.activeAgents || cap % plan.warps != 0;
  auto loop = JobLoopOp::create(
      b, loc, grid[0], grid[1], grid[2], agent, agents, counter, plan.schedule,
      plan.order, capped ? b.getI64IntegerAttr(cap) : IntegerAttr());
  loop.getBody().push_back(body);

  // Inside the job: the original ids.
  b.setInsertionPointToStart(body);
  Value zero = createIndexConstant(b, loc, 0);
  Value one = createIndexConstant(b, loc, 1);
  Value jobWarpSize = createIndexConstant(b, loc, kWarpSize);
  SmallVector<Operation *> idOps;
  body->walk([&](Operation *op) {
    if (isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::ThreadIdOp, gpu::BlockDimOp,
            gpu::GlobalIdOp, gpu::SubgroupIdOp, gpu::NumSubgroupsOp>(op))
      idOps.push_back(op);
  });
  for (Operation *op : idOps) {
    b.setInsertionPoint(op);
    auto dim = [&](auto idOp) { return static_cast<int>(idOp.getDimension()); };
    Value replacement;
    if (auto id = dyn_cast<gpu::BlockIdOp>(op))
      replacement = jobIds[dim(id)];
    else if (auto id = dyn_cast<gpu::GridDimOp>(op))
      replacement = grid[dim(id)];
    else if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
      replacement = dim(id) == 0 ? lane : zero;
    else if (auto id = dyn_cast<gpu::BlockDimOp>(op))
      replacement = dim(id) == 0 ? jobWarpSize : one;
    else if (auto id = dyn_cast<gpu::GlobalIdOp>(op))
      replacement =
          dim(id) == 0
              ? arith::AddIOp::create(
                    b, loc,
                    arith::MulIOp::create(b, loc, jobIds[0], jobWarpSize), lane)
              : jobIds[dim(id)];
    else if (isa<gpu::SubgroupIdOp>(op))
      replacement = zero;
    else
      replacement = one;
    op->getResult(0).replaceAllUsesWith(replacement);
    op->erase();
  }

  // Launch bounds: the hyper-CTA shape, and the residency the agent count
  // assumes (which caps the registers per thread).
  int32_t threads = plan.warps * kWarpSize;
  func.setKnownBlockSizeAttr(b.getDenseI32ArrayAttr({threads, 1, 1}));
  func->removeAttr(func.getKnownGridSizeAttrName());
  func->removeAttr(NVVM::NVVMDialect::getReqntidAttrName());
  func->removeAttr(NVVM::NVVMDialect::getMaxntidAttrName());
  func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                b.getI32IntegerAttr(plan.blocksPerSM));
}

/// Launches hyper-CTAs for min(jobs, agents the target keeps resident,
/// throttle) agents and passes the original grid (and counter).
static void updateLaunch(gpu::LaunchFuncOp launch, const DelegationPlan &plan,
                         OpBuilder::Listener *listener) {
  castLaunchSizesToIndex(launch);
  Value counter;
  // Zeroed once; the kernel resets it.
  if (plan.schedule == Schedule::dynamic_ticket)
    counter =
        createLaunchBuffer(launch, getTicketCounterType(launch.getContext()),
                           /*fill=*/0, listener);
  OpBuilder b(launch.getContext(), listener);
  b.setInsertionPoint(launch);
  Location loc = launch.getLoc();
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  Value jobs = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, grid.x, grid.y), grid.z);
  int64_t limit = plan.maxAgents;
  if (plan.activeAgents)
    limit = std::min(limit, plan.activeAgents);
  Value limitValue = createIndexConstant(b, loc, limit);
  if (plan.runtimeAgents) {
    // SMs x agents per SM, from the device the program runs on.
    auto module = launch->getParentOfType<ModuleOp>();
    auto i32 = b.getI32Type();
    StringRef name = "wcDeviceSMCount";
    if (!module.lookupSymbol(name)) {
      OpBuilder top(module.getBodyRegion());
      auto decl =
          func::FuncOp::create(top, loc, name, top.getFunctionType({}, {i32}));
      decl.setPrivate();
    }
    Value sms = func::CallOp::create(b, loc, name, TypeRange{i32}).getResult(0);
    Value resident = arith::MulIOp::create(
        b, loc, arith::IndexCastUIOp::create(b, loc, b.getIndexType(), sms),
        createIndexConstant(b, loc, plan.agentsPerSM));
    limitValue = plan.activeAgents
                     ? arith::MinUIOp::create(
                           b, loc, resident,
                           createIndexConstant(b, loc, plan.activeAgents))
                           .getResult()
                     : resident;
  }
  Value agents = arith::MinUIOp::create(b, loc, jobs, limitValue);
  Value blocks = arith::CeilDivUIOp::create(
      b, loc, agents, createIndexConstant(b, loc, plan.warps));
  SmallVector<Value> args(launch.getKernelOperands());
  args.append({grid.x, grid.y, grid.z});
  if (counter)
    args.push_back(counter);
  Value one = createIndexConstant(b, loc, 1);
  launch.getKernelOperandsMutable().assign(args);
  launch.getGridSizeXMutable().assign(blocks);
  launch.getGridSizeYMutable().assign(one);
  launch.getGridSizeZMutable().assign(one);
  launch.getBlockSizeXMutable().assign(
      createIndexConstant(b, loc, plan.warps * kWarpSize));
  launch.getBlockSizeYMutable().assign(one);
  launch.getBlockSizeZMutable().assign(one);
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct WarpDelegatePass : public wc::impl::WarpDelegateBase<WarpDelegatePass> {
  using WarpDelegateBase::WarpDelegateBase;
  void runOnOperation() override;
};
} // namespace

FailureOr<DelegationPlan> wc::planDelegate(gpu::GPUFuncOp func,
                                           ArrayRef<gpu::LaunchFuncOp> launches,
                                           const DelegationOptions &options,
                                           const TargetDescription &target,
                                           std::string &why) {
  if (std::optional<std::string> blocker = checkDelegable(func, launches)) {
    why = *blocker;
    return failure();
  }
  DelegationPlan plan;
  plan.schedule = options.schedule;
  // The dynamic schedule's counters must be used by one launch at a time
  // and outlive the kernel.
  if (plan.schedule == Schedule::dynamic_ticket)
    for (gpu::LaunchFuncOp launch : launches)
      if (!launchStateIsSafe(launch, why))
        return failure();
  plan.order = options.order;
  plan.warps = options.warps ? options.warps : getDefaultAgentWarps(target);
  plan.activeAgents = options.throttle;
  plan.workgroupBytes =
      getWorkgroupBytes(func, /*allocations=*/true) * plan.warps;
  if (plan.workgroupBytes > target.staticSharedMemoryPerBlock) {
    why = "its workgroup memory for " + std::to_string(plan.warps) +
          " agents (" + std::to_string(plan.workgroupBytes) +
          " bytes) exceeds the static shared memory of a block (" +
          std::to_string(target.staticSharedMemoryPerBlock) + " bytes)";
    return failure();
  }
  // Residency: the agents asked for (half the warp slots by default, which
  // leaves a thread 64 registers on the targets wc knows), within what warp
  // slots, block slots, registers and workgroup memory allow.
  plan.registersPerThread = options.registersPerThread;
  plan.residency = target.getResidency(plan.warps, options.registersPerThread,
                                       plan.workgroupBytes);
  if (plan.residency.blocks == 0) {
    why = "a hyper-CTA of " + std::to_string(plan.warps) +
          " warps does not fit an SM (" + plan.residency.getLimitName().str() +
          ")";
    return failure();
  }
  int64_t agentsPerSM =
      options.agentsPerSM ? options.agentsPerSM : target.warpSlotsPerSM / 2;
  int64_t blocks = std::max<int64_t>(1, agentsPerSM / plan.warps);
  plan.limitedByResidency = plan.residency.blocks < blocks;
  blocks = std::min(blocks, plan.residency.blocks);
  plan.blocksPerSM = blocks;
  plan.agentsPerSM = blocks * plan.warps;
  plan.maxAgents =
      options.agents ? options.agents : target.smCount * plan.agentsPerSM;
  plan.runtimeAgents = options.runtimeAgents && !options.agents;
  return plan;
}

void wc::applyDelegate(RewriterBase &rewriter, gpu::GPUFuncOp func,
                       ArrayRef<gpu::LaunchFuncOp> launches,
                       const DelegationPlan &plan) {
  rewriter.modifyOpInPlace(
      func, [&] { rewriteIntoJobLoop(func, plan, rewriter.getListener()); });
  for (gpu::LaunchFuncOp launch : launches)
    rewriter.modifyOpInPlace(
        launch, [&] { updateLaunch(launch, plan, rewriter.getListener()); });
}

/// wc-delegate's remark for `plan` at `func`.
static void remarkDelegation(gpu::GPUFuncOp func, const DelegationPlan &plan) {
  InFlightDiagnostic remark =
      emitRemark(func.getLoc(),
                 "wc-delegate: persistent agents: hyper-CTAs of ")
      << plan.warps << (plan.warps == 1 ? " warp, " : " warps, ")
      << plan.blocksPerSM << " per SM, at most " << plan.maxAgents
      << " agents, "
      << (plan.schedule == Schedule::static_stride ? "static" : "dynamic")
      << " schedule, "
      << (plan.order == PartitionOrder::x_major ? "x-major" : "y-major");
  if (plan.runtimeAgents)
    remark << ", agents counted at run time (" << plan.agentsPerSM
           << " per SM)";
  if (plan.activeAgents)
    remark << ", throttled to " << std::min(plan.activeAgents, plan.maxAgents)
           << " agents";
  if (plan.workgroupBytes)
    remark << ", " << plan.workgroupBytes
           << " bytes of workgroup memory per hyper-CTA";
  if (plan.limitedByResidency)
    remark << ", residency limited by " << plan.residency.getLimitName();
  if (plan.registersPerThread)
    remark << " (" << plan.registersPerThread << " registers per thread)";
}

bool wc::delegateAsPlanned(gpu::GPUFuncOp func,
                           ArrayRef<gpu::LaunchFuncOp> launches,
                           const FailureOr<DelegationPlan> &plan,
                           StringRef why) {
  if (failed(plan)) {
    emitRemark(func.getLoc(), "wc-delegate: kernel left unchanged: ") << why;
    return false;
  }
  remarkDelegation(func, *plan);
  IRRewriter rewriter(func.getContext());
  applyDelegate(rewriter, func, launches, *plan);
  return true;
}

bool wc::delegateKernel(gpu::GPUFuncOp func,
                        ArrayRef<gpu::LaunchFuncOp> launches,
                        const DelegationOptions &options,
                        const TargetDescription &target) {
  std::string why;
  FailureOr<DelegationPlan> plan =
      planDelegate(func, launches, options, target, why);
  return delegateAsPlanned(func, launches, plan, why);
}

int64_t wc::getDefaultAgentWarps(const TargetDescription &target) {
  // Hyper-CTAs large enough that warp slots, not block slots, limit the
  // agents per SM.
  return llvm::PowerOf2Ceil(
      2 * llvm::divideCeil(target.warpSlotsPerSM, target.blockSlotsPerSM));
}

void WarpDelegatePass::runOnOperation() {
  ModuleOp module = getOperation();
  if (failed(checkChipOption(module, "wc-delegate", chip)))
    return signalPassFailure();
  DelegationOptions options;
  if (schedule == "dynamic")
    options.schedule = Schedule::dynamic_ticket;
  else if (schedule != "static") {
    module.emitError("wc-delegate: unknown schedule '")
        << schedule << "' (static or dynamic)";
    return signalPassFailure();
  }
  if (order == "y-major")
    options.order = PartitionOrder::y_major;
  else if (order != "x-major") {
    module.emitError("wc-delegate: unknown order '")
        << order << "' (x-major or y-major)";
    return signalPassFailure();
  }
  // 0 takes the target's figure; agents and the throttle count warps of a
  // grid of at most 2^31 - 1 blocks (what fits the chip is checked per
  // kernel's target).
  constexpr int64_t kMaxGrid = std::numeric_limits<int32_t>::max();
  if (failed(checkOptionRange(module, "wc-delegate", "warps", warps, 0,
                              kMaxGrid)) ||
      failed(checkOptionRange(module, "wc-delegate", "agents-per-sm",
                              agentsPerSM, 0, kMaxGrid)) ||
      failed(checkOptionRange(module, "wc-delegate", "agents", agents, 0,
                              kMaxGrid)) ||
      failed(checkOptionRange(module, "wc-delegate", "throttle", throttle, 0,
                              kMaxGrid)))
    return signalPassFailure();
  options.warps = warps;
  options.agentsPerSM = agentsPerSM;
  options.agents = agents;
  options.throttle = throttle;
  options.runtimeAgents = runtimeAgents;

  ModuleTargets targets("wc-delegate", chip);
  // The options that depend on the chip are checked once per chip.
  llvm::StringMap<bool> validFor;
  bool invalid = false;
  for (KernelSites &kernel : collectKernels(module)) {
    const TargetDescription *target = targets.lookupFor(kernel.func);
    if (!target)
      continue;
    auto [it, inserted] = validFor.try_emplace(target->chip, true);
    if (inserted) {
      if (warps * kWarpSize > target->maxThreadsPerBlock) {
        module.emitError("wc-delegate: ")
            << static_cast<int64_t>(warps)
            << " warps per hyper-CTA do not fit a block of " << target->chip;
        it->second = false;
      } else if (agentsPerSM > target->warpSlotsPerSM) {
        module.emitError("wc-delegate: agents-per-sm ")
            << static_cast<int64_t>(agentsPerSM) << " exceeds the "
            << target->warpSlotsPerSM << " warp slots of an SM of "
            << target->chip;
        it->second = false;
      }
    }
    if (!it->second) {
      invalid = true;
      continue;
    }
    delegateKernel(kernel.func, kernel.launches, options, *target);
  }
  if (invalid || targets.hadError())
    signalPassFailure();
}
