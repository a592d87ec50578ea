//===- Consolidation.h - The Warp-Consolidation stages per kernel -*- C++
//-*-===//
//
// The three stages of the Warp-Consolidation model as functions on one
// kernel, so that a driver (the wc-consolidate cost model) can choose them
// per kernel; the passes wc-aggregate, wc-remap and wc-delegate apply them
// to every kernel of a module. Each emits its remarks at the kernel.
//
//===----------------------------------------------------------------------===//

#ifndef WC_TRANSFORMS_CONSOLIDATION_H
#define WC_TRANSFORMS_CONSOLIDATION_H

#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Target/ModuleTarget.h"
#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"

#include <optional>

namespace mlir {
namespace wc {

/// A kernel of a module and the launches of it in the module.
struct KernelSites {
  gpu::GPUFuncOp func;
  SmallVector<gpu::LaunchFuncOp> launches;
};

/// The kernels (`gpu.func ... kernel`) of `module` with their launch sites.
SmallVector<KernelSites> collectKernels(ModuleOp module);

/// Erases workgroup attribution `index` of `func` (its position among the
/// attributions), which must be unused.
void eraseWorkgroupAttribution(gpu::GPUFuncOp func, unsigned index);

/// Erases unused workgroup buffer `buffer` of `func`: its allocation op, or
/// its workgroup attribution.
void eraseWorkgroupBuffer(gpu::GPUFuncOp func, Value buffer);

/// Makes the grid and block sizes of `launch` index values (casting i32 or
/// i64 sizes), so that a stage can mix them with the index values it
/// computes: `gpu.launch_func` requires all six of one type.
void castLaunchSizesToIndex(gpu::LaunchFuncOp launch);

/// Allocates a device buffer of `type` (static shape) for `launch` at the
/// start of its host function, filled with `fill` (an i32 element type) or
/// left as allocated (null), and frees it at the function's returns. A
/// kernel that needs state across its blocks (counters, work queues) gets
/// it this way, one buffer per launch site; the kernel leaves it as it found
/// it, so that it is filled once.
Value createLaunchBuffer(gpu::LaunchFuncOp launch, MemRefType type,
                         std::optional<int32_t> fill,
                         OpBuilder::Listener *listener = nullptr);

/// Whether the state that createLaunchBuffer gives `launch` is used by one
/// launch at a time and outlives its kernel: only sequential control flow
/// (scf.for, scf.while, scf.if, scf.index_switch, scf.execute_region)
/// between the launch and its host function, and the launch synchronous or
/// waited for by a synchronous `gpu.wait` in its block. Sets `why`
/// otherwise.
bool launchStateIsSafe(gpu::LaunchFuncOp launch, std::string &why);

/// Fails with an error naming `pass` at `op` when `chip`, a pass option, is
/// given and unknown. (An empty option means each gpu.module's target, see
/// ModuleTargets.)
LogicalResult checkChipOption(Operation *op, StringRef pass, StringRef chip);

/// Outlines the inline `gpu.launch` kernels of `module` (the values that do
/// not depend on the launch sunk into them first), with `runPipeline`
/// running upstream's outlining pass: the passes rewrite `gpu.func`
/// kernels. A launch that outlining leaves inline (in a nested module) gets
/// a remark naming `pass`.
LogicalResult outlineInlineLaunches(
    ModuleOp module, StringRef pass,
    function_ref<LogicalResult(OpPassManager &, Operation *)> runPipeline);

/// What the stages that read kernels run first on `module`: the check of
/// their `chip` option (checkChipOption), then `wc-prepare`, which outlines
/// inline `gpu.launch` kernels and brings producer IR into the form the
/// analyses read, run through `runPipeline` (the calling pass's).
LogicalResult prepareModule(
    ModuleOp module, StringRef pass, StringRef chip,
    function_ref<LogicalResult(OpPassManager &, Operation *)> runPipeline,
    bool reassociateFloats = false);

/// What `forwardThreadStores` did to a kernel.
struct ForwardingCounts {
  unsigned forwarded = 0;  // loads that took the value the thread stored
  unsigned promoted = 0;   // loop-carried elements kept in registers
  unsigned deadStores = 0; // stores a later store of the thread overwrote
  unsigned privatized = 0; // workgroup buffers made private arrays
  unsigned merges = 0;     // one thread's folds of the block's partials
  unsigned total() const {
    return forwarded + promoted + deadStores + privatized + merges;
  }
};

/// Replaces each workgroup buffer of `func` in which every element is
/// accessed by one thread only (the thread's block of `tid * k + j`, its
/// window `[2 ty + a, 2 tx + b]`: see PrivateBuffers.cpp) with a private
/// array of that thread, erasing the buffer; returns how many.
unsigned privatizeThreadBuffers(gpu::GPUFuncOp func);

/// Replaces each loop of `func` in which one thread folds the partials the
/// block's threads stored (SerialReductions.cpp) with a `gpu.all_reduce` of
/// the partials, where its combining op may be reordered (float sums and
/// products only with `reassociateFloats`); returns how many.
unsigned mergeSerialReductions(gpu::GPUFuncOp func, bool reassociateFloats);

/// wc-vectorize on `func`: its loops over consecutive elements per thread
/// by 16-byte accesses, each under a test of their alignment; a remark at
/// each refused candidate loop and one at `func`. Returns the loops
/// vectorized.
unsigned vectorizeAccesses(gpu::GPUFuncOp func);

/// Turns memory traffic a thread of `func` has with itself across block
/// barriers into register traffic (`wc-forward-stores`): loop-carried
/// elements become iteration arguments, loads take the value the thread's
/// own earlier store wrote, overwritten stores go; workgroup buffers whose
/// elements each one thread accesses become private arrays. Sound for kernels
/// without data races; `func` must not hold warp jobs.
ForwardingCounts forwardThreadStores(FunctionOpInterface func,
                                     bool reassociateFloats = false);

/// wc-aggregate-atomics on the contended atomic additions of `func`
/// (integer, not in one thread only, not in a loop whose bounds are read
/// from memory; at an address the same in every thread of the block, or on
/// a buffer of few elements), each per block where it can be, else per
/// warp, with wc-aggregate-atomics' remarks.
/// Returns how many it aggregated.
unsigned aggregateContendedAtomics(gpu::GPUFuncOp func,
                                   ArrayRef<gpu::LaunchFuncOp> launches);

/// Warp aggregation of `func`, launched by `launches`: resized into one-warp
/// blocks or coarsened into a warp job. Returns whether it changed.
bool aggregateKernel(gpu::GPUFuncOp func, ArrayRef<gpu::LaunchFuncOp> launches,
                     const TargetDescription &target);

/// Pads the workgroup buffers of the warp jobs of `func` against bank
/// conflicts as wc-remap's `pad-banks` does, with a remark per buffer from
/// `pass`; where `keep` is given and returns false once they are padded, the
/// buffers get their types back, with a remark that the padding would keep
/// the tile loop from copying ahead (what `keep` is to check).
void padWorkgroupBuffers(gpu::GPUFuncOp func, const TargetDescription &target,
                         StringRef pass, llvm::function_ref<bool()> keep);

/// Register remapping of the workgroup buffers of the warp jobs of `func`;
/// with `padBanks`, the buffers that stay in shared memory are padded where
/// that removes bank conflicts. The kernel is rewritten where it stands.
void remapKernel(gpu::GPUFuncOp func, const TargetDescription &target,
                 bool padBanks = true);

/// How wc-delegate lays out and schedules agents; 0 means "from the target".
struct DelegationOptions {
  Schedule schedule = Schedule::static_stride;
  PartitionOrder order = PartitionOrder::x_major;
  int64_t warps = 0;
  int64_t agentsPerSM = 0;
  int64_t agents = 0;
  /// Agents that take jobs (0: all).
  int64_t throttle = 0;
  /// Count the agents at run time from the device's SM count
  /// (`wcDeviceSMCount` of the wc runtime) instead of the target's.
  bool runtimeAgents = false;
  /// Registers per thread of the delegated kernel, as ptxas allocates them
  /// without a residency bound (0: unknown). When known, the agents per SM
  /// are no more than the register file holds, so that the residency the
  /// launch bounds ask for makes no spill.
  int64_t registersPerThread = 0;
};

/// Warps per hyper-CTA when the options leave it to the target: enough that
/// warp slots, not block slots, limit the agents per SM.
int64_t getDefaultAgentWarps(const TargetDescription &target);

/// What delegating a kernel does: the agents' layout and schedule, and the
/// residency figures they come from.
struct DelegationPlan {
  Schedule schedule = Schedule::static_stride;
  PartitionOrder order = PartitionOrder::x_major;
  /// Warps (agents) per hyper-CTA.
  int64_t warps = 4;
  /// Hyper-CTAs, and agents, resident per SM: the agents per SM asked for,
  /// or the fewest that warp slots, block slots, registers (when known) and
  /// shared memory allow.
  int64_t blocksPerSM = 8;
  int64_t agentsPerSM = 32;
  /// What the target's occupancy model says for a hyper-CTA, and whether it,
  /// rather than the agents asked for, sets blocksPerSM.
  Residency residency;
  bool limitedByResidency = false;
  /// Registers per thread the residency is planned for (0: unknown).
  int64_t registersPerThread = 0;
  /// The agents a launch starts at most.
  int64_t maxAgents = 0;
  /// Throttle: the agents that take jobs (0: all).
  int64_t activeAgents = 0;
  /// The launch multiplies agentsPerSM by the device's SM count instead of
  /// using maxAgents.
  bool runtimeAgents = false;
  /// Workgroup memory of a hyper-CTA (bytes; every agent's slice).
  int64_t workgroupBytes = 0;
};

/// Plans the delegation of `func` (one-warp blocks) and its `launches`
/// onto persistent agents without changing the IR; fails with the reason in
/// `why` when the kernel cannot be delegated.
FailureOr<DelegationPlan> planDelegate(gpu::GPUFuncOp func,
                                       ArrayRef<gpu::LaunchFuncOp> launches,
                                       const DelegationOptions &options,
                                       const TargetDescription &target,
                                       std::string &why);

/// Rewrites `func` into a job loop and its `launches` as `plan` says.
void applyDelegate(RewriterBase &rewriter, gpu::GPUFuncOp func,
                   ArrayRef<gpu::LaunchFuncOp> launches,
                   const DelegationPlan &plan);

/// Carries out the outcome of planDelegate for `func`: wc-delegate's remark
/// (the plan, or `why` the kernel is left unchanged) and, for a plan,
/// applyDelegate. Returns whether the kernel changed.
bool delegateAsPlanned(gpu::GPUFuncOp func,
                       ArrayRef<gpu::LaunchFuncOp> launches,
                       const FailureOr<DelegationPlan> &plan, StringRef why);

/// Warp delegation of `func` (one-warp blocks) onto persistent agents, with
/// its `launches`: planDelegate, then delegateAsPlanned. Returns whether it
/// changed.
bool delegateKernel(gpu::GPUFuncOp func, ArrayRef<gpu::LaunchFuncOp> launches,
                    const DelegationOptions &options,
                    const TargetDescription &target);

/// What `ptxas -v` reports for one kernel.
struct KernelResources {
  int64_t registers = 0;
  /// Spill stores and loads, in bytes.
  int64_t spillBytes = 0;
  /// Static shared memory, in bytes.
  int64_t sharedBytes = 0;
};

/// The figures of `kernel` in the output of `ptxas -v`; fails when the
/// report has no register count for it.
FailureOr<KernelResources> parsePtxasReport(StringRef report, StringRef kernel);

/// Compiles a candidate of `func` and reports its ptxas figures:
/// `candidate` is applied to a copy of `func` in a copy of its gpu.module
/// (without the module's other kernels) and returns the kernel to measure
/// (null when it does not apply); the copy is lowered by the registered
/// `wc-lower-to-nvvm` pipeline to PTX for `target` and assembled by the
/// `ptxas` executable. `func` is not changed, and the diagnostics about the
/// copy are not emitted. Fails with the reason in `why`.
FailureOr<KernelResources>
measureKernel(gpu::GPUFuncOp func,
              llvm::function_ref<gpu::GPUFuncOp(gpu::GPUFuncOp)> candidate,
              StringRef ptxas, const TargetDescription &target,
              std::string &why);

} // namespace wc
} // namespace mlir

#endif // WC_TRANSFORMS_CONSOLIDATION_H
