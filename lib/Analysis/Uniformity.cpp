//===- Uniformity.cpp - Which values are the same in all threads ----------===//
//
// Block uniformity as a sparse forward analysis on MLIR's dataflow framework.
// A value's lattice is uniform (the bottom) or varying. Sources of variance
// are thread-dependent ids and memory reads (another thread may have written
// in between); variance flows through operands into results, and the
// framework carries it along the control-flow edges of every op that
// implements RegionBranchOpInterface (scf, affine and wc structure ops).
// Two facts the edges do not carry are added here: a region op whose control
// decision is varying (an scf.if condition, scf.for bounds, an scf.while
// condition) gives every thread its own path, so all it forwards, its
// results and its region arguments, is varying; and what a region op
// produces that is not forwarded (loop induction variables, the ids of
// wc.vthreads and wc.job_loop, a phase's gathered vectors) is varying unless
// it is an induction variable of a loop whose decision is uniform.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/Uniformity.h"
#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::wc;

namespace {
/// Whether a value may differ between the threads of a block.
class Variance {
public:
  Variance(bool varying = false) : varying(varying) {}
  static Variance join(const Variance &lhs, const Variance &rhs) {
    return lhs.varying || rhs.varying;
  }
  bool operator==(const Variance &other) const {
    return varying == other.varying;
  }
  void print(raw_ostream &os) const { os << (varying ? "varying" : "uniform"); }
  bool isVarying() const { return varying; }

private:
  bool varying;
};

class VarianceLattice : public dataflow::Lattice<Variance> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VarianceLattice)
  using Lattice::Lattice;
};
} // namespace

/// Returns true if the results of `op` may differ between threads even when
/// its operands do not.
static bool isVarianceSource(Operation *op) {
  if (isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp, gpu::GlobalIdOp,
          gpu::ShuffleOp, gpu::RotateOp>(op))
    return true;
  if (isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp, gpu::NumSubgroupsOp,
          gpu::SubgroupSizeOp, gpu::AllReduceOp>(op))
    return false;
  // NVVM's special registers and intrinsics (a thread or lane id among
  // them) have no memory effects to go by.
  if (isa_and_present<NVVM::NVVMDialect>(op->getDialect()))
    return true;
  // Reads of memory: another thread may write between two threads' reads.
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return op->getNumRegions() == 0 && !op->hasTrait<OpTrait::ConstantLike>();
  return effects.hasEffect<MemoryEffects::Read>() ||
         effects.hasEffect<MemoryEffects::Allocate>();
}

/// The values that decide which way control takes through `branch` (rather
/// than being forwarded along an edge): its operands that no entry edge
/// forwards (an scf.if condition, scf.for bounds) and the operands of its
/// regions' branch terminators that no edge forwards (an scf.condition's
/// condition; not a wc.yield's, which its phase gathers).
static SmallVector<Value> getDecisionValues(RegionBranchOpInterface branch) {
  llvm::SmallPtrSet<OpOperand *, 8> forwarded;
  auto addForwarded = [&](MutableOperandRange range) {
    for (OpOperand &operand : range)
      forwarded.insert(&operand);
  };
  SmallVector<RegionSuccessor> entries;
  branch.getSuccessorRegions(RegionBranchPoint::parent(), entries);
  Operation *op = branch.getOperation();
  for (const RegionSuccessor &entry : entries) {
    OperandRange operands = branch.getEntrySuccessorOperands(entry);
    if (operands.empty())
      continue;
    for (OpOperand &operand : op->getOpOperands().slice(
             operands.getBeginOperandIndex(), operands.size()))
      forwarded.insert(&operand);
  }
  SmallVector<Value> decision;
  for (OpOperand &operand : op->getOpOperands())
    if (!forwarded.contains(&operand))
      decision.push_back(operand.get());
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      auto terminator = dyn_cast_or_null<RegionBranchTerminatorOpInterface>(
          block.mightHaveTerminator() ? block.getTerminator() : nullptr);
      // What a phase's wc.yield does not forward, its op gathers: values,
      // not a decision.
      if (!terminator || isa<YieldOp>(terminator))
        continue;
      forwarded.clear();
      SmallVector<RegionSuccessor> successors;
      branch.getSuccessorRegions(RegionBranchPoint(terminator), successors);
      for (const RegionSuccessor &successor : successors)
        addForwarded(terminator.getMutableSuccessorOperands(successor));
      for (OpOperand &operand : terminator->getOpOperands())
        if (!forwarded.contains(&operand))
          decision.push_back(operand.get());
    }
  return decision;
}

namespace {
/// The transfer functions of block uniformity.
class UniformityDataFlow
    : public dataflow::SparseForwardDataFlowAnalysis<VarianceLattice> {
public:
  UniformityDataFlow(DataFlowSolver &solver, Operation *root)
      : SparseForwardDataFlowAnalysis(solver), root(root) {}

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const VarianceLattice *> operands,
                               ArrayRef<VarianceLattice *> results) override {
    bool varying = isVarianceSource(op) ||
                   llvm::any_of(operands, [](const VarianceLattice *operand) {
                     return operand->getValue().isVarying();
                   });
    for (VarianceLattice *result : results)
      propagateIfChanged(result, result->join(Variance(varying)));
    return success();
  }

  void visitExternalCall(CallOpInterface call,
                         ArrayRef<const VarianceLattice *> operands,
                         ArrayRef<VarianceLattice *> results) override {
    // A callee may read thread ids or memory.
    for (VarianceLattice *result : results)
      propagateIfChanged(result, result->join(Variance(true)));
  }

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<VarianceLattice *> lattices,
                                    unsigned firstIndex) override {
    // A loop's induction variable takes the same values in every thread
    // unless the loop's decision (its bounds) varies, which
    // visitRegionSuccessors adds; any other value the op makes up itself
    // (virtual thread and job ids, gathered vectors) varies.
    auto loop = dyn_cast<LoopLikeOpInterface>(op);
    std::optional<SmallVector<Value>> inductionVars =
        loop ? loop.getLoopInductionVars() : std::nullopt;
    ValueRange forwarded = successor.getSuccessorInputs();
    for (VarianceLattice *lattice : lattices) {
      auto value = cast<Value>(lattice->getAnchor());
      if (llvm::is_contained(forwarded, value))
        continue;
      bool induction =
          inductionVars && llvm::is_contained(*inductionVars, value);
      propagateIfChanged(lattice, lattice->join(Variance(!induction)));
    }
  }

  /// The framework's hook for the edges of region ops, taken over whole as
  /// its documentation asks of an override: every known predecessor's
  /// forwarded values are joined into `lattices`, the values it does not
  /// forward go to visitNonControlFlowArguments, and, under a varying
  /// decision, every value of `lattices` is varying: threads leave or
  /// re-enter at different points.
  void visitRegionSuccessors(
      ProgramPoint *point, RegionBranchOpInterface branch,
      RegionSuccessor successor,
      ArrayRef<dataflow::AbstractSparseLattice *> lattices) override {
    SmallVector<VarianceLattice *> variances = llvm::map_to_vector(
        lattices, [](dataflow::AbstractSparseLattice *lattice) {
          return static_cast<VarianceLattice *>(lattice);
        });
    const auto *predecessors =
        getOrCreateFor<dataflow::PredecessorState>(point, point);
    for (Operation *predecessor : predecessors->getKnownPredecessors()) {
      std::optional<OperandRange> operands;
      if (predecessor == branch.getOperation())
        operands = branch.getEntrySuccessorOperands(successor);
      else if (auto terminator =
                   dyn_cast<RegionBranchTerminatorOpInterface>(predecessor))
        operands = terminator.getSuccessorOperands(successor);
      if (!operands || !predecessors->allPredecessorsKnown())
        return AbstractSparseForwardDataFlowAnalysis::setAllToEntryStates(
            lattices);
      ValueRange inputs = predecessors->getSuccessorInputs(predecessor);
      unsigned firstIndex = 0;
      if (inputs.size() != lattices.size()) {
        if (point->isBlockStart()) {
          if (!inputs.empty())
            firstIndex = cast<BlockArgument>(inputs.front()).getArgNumber();
          Region *region = point->getBlock()->getParent();
          visitNonControlFlowArguments(
              branch,
              RegionSuccessor(region, region->getArguments().slice(
                                          firstIndex, inputs.size())),
              variances, firstIndex);
        } else {
          if (!inputs.empty())
            firstIndex = cast<OpResult>(inputs.front()).getResultNumber();
          visitNonControlFlowArguments(
              branch,
              RegionSuccessor(branch, branch->getResults().slice(
                                          firstIndex, inputs.size())),
              variances, firstIndex);
        }
      }
      for (auto [lattice, operand] :
           llvm::zip(lattices.drop_front(firstIndex), *operands))
        join(lattice, *getLatticeElementFor(point, operand));
    }
    if (!isDecisionVarying(branch, point))
      return;
    for (VarianceLattice *variance : variances)
      propagateIfChanged(variance, variance->join(Variance(true)));
  }

  void setToEntryState(VarianceLattice *lattice) override {
    // The arguments of the analysed function are uniform (kernel
    // arguments); any other value the framework cannot follow is varying.
    auto value = dyn_cast<Value>(lattice->getAnchor());
    auto argument = dyn_cast_or_null<BlockArgument>(value);
    bool rootArgument = argument && root->getNumRegions() != 0 &&
                        argument.getOwner() == &root->getRegion(0).front();
    propagateIfChanged(lattice, lattice->join(Variance(!rootArgument)));
  }

private:
  /// Whether the decision of `branch` is varying, reading the lattices on
  /// behalf of `point` (re-visited when they change).
  bool isDecisionVarying(RegionBranchOpInterface branch, ProgramPoint *point) {
    return llvm::any_of(getDecisionValues(branch), [&](Value value) {
      return getLatticeElementFor(point, value)->getValue().isVarying();
    });
  }

  Operation *root;
};
} // namespace

UniformityAnalysis::UniformityAnalysis(Operation *root) : root(root) {
  DataFlowSolver solver;
  // The dead-code analysis tells the framework which blocks run; it reads
  // the constants that sparse constant propagation finds.
  solver.load<dataflow::DeadCodeAnalysis>();
  solver.load<dataflow::SparseConstantPropagation>();
  solver.load<UniformityDataFlow>(root);
  if (failed(solver.initializeAndRun(root))) {
    // Without a fixed point, nothing is known to be uniform.
    root->walk([&](Operation *op) {
      for (Value result : op->getResults())
        varying.insert(result);
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument argument : block.getArguments())
            varying.insert(argument);
      if (op != root && op->getNumRegions() != 0)
        varyingControl.insert(op);
    });
    return;
  }
  auto record = [&](Value value) {
    const VarianceLattice *lattice = solver.lookupState<VarianceLattice>(value);
    if (lattice && lattice->getValue().isVarying())
      varying.insert(value);
  };
  root->walk([&](Operation *op) {
    for (Value result : op->getResults())
      record(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          record(argument);
    auto branch = dyn_cast<RegionBranchOpInterface>(op);
    if (op != root && branch &&
        llvm::any_of(getDecisionValues(branch),
                     [&](Value value) { return varying.contains(value); }))
      varyingControl.insert(op);
  });
}

bool UniformityAnalysis::isVarying(Value value) const {
  if (varying.contains(value))
    return true;
  // A value computed under varying control is computed by some threads only.
  Operation *definer = value.getDefiningOp();
  if (!definer)
    definer = value.getParentRegion()->getParentOp();
  return definer && definer != root && getVaryingControl(definer);
}

Operation *UniformityAnalysis::getVaryingControl(Operation *op) const {
  for (Operation *parent = op->getParentOp(); parent && parent != root;
       parent = parent->getParentOp())
    if (varyingControl.contains(parent))
      return parent;
  return nullptr;
}
