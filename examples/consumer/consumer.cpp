//===- consumer.cpp - A compiler that takes wc in as a library ------------===//
//
// What a compiler stack does with wc: it registers wc's dialect and passes
// next to its own, runs wc's stages in its own pass manager, and calls the
// planning functions directly. This tool reads a module, aggregates its
// kernels (wc-aggregate), then runs its own pass, which asks wc for each
// kernel's delegation plan (planDelegate) without changing the IR and
// prints it, and finally prints the module.
//
//===----------------------------------------------------------------------===//

#include "WC/InitAllWC.h"
#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {
/// The consumer's own pass: prints wc's delegation plan of every kernel.
struct ReportDelegationPlans
    : public PassWrapper<ReportDelegationPlans, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ReportDelegationPlans)
  StringRef getArgument() const final { return "report-delegation-plans"; }

  void runOnOperation() override {
    const wc::TargetDescription &target = wc::TargetDescription::h100();
    for (wc::KernelSites &kernel : wc::collectKernels(getOperation())) {
      std::string why;
      FailureOr<wc::DelegationPlan> plan = wc::planDelegate(
          kernel.func, kernel.launches, wc::DelegationOptions(), target, why);
      llvm::outs() << "kernel " << kernel.func.getName() << ": ";
      if (failed(plan)) {
        llvm::outs() << "not delegable: " << why << "\n";
        continue;
      }
      llvm::outs() << plan->maxAgents << " agents, " << plan->blocksPerSM
                   << " hyper-CTAs of " << plan->warps << " warps per SM\n";
    }
  }
};
} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: wc-consumer FILE.mlir\n";
    return 2;
  }
  DialectRegistry registry;
  registerAllDialects(registry);
  wc::registerAllWCDialects(registry);
  MLIRContext context(registry);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(argv[1], &context);
  if (!module)
    return 1;

  PassManager pm(&context);
  pm.addPass(wc::createWarpAggregate());
  pm.addPass(std::make_unique<ReportDelegationPlans>());
  if (failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  llvm::outs() << "\n";
  return 0;
}
