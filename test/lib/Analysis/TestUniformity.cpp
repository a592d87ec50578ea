//===- TestUniformity.cpp - Report block uniformity (for tests) -----------===//
//
// The `wc-test-uniformity` pass: makes the uniformity analysis observable
// with remarks, so that its tests pin what it decides.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/Uniformity.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::wc;

namespace {
/// Runs the uniformity analysis on every gpu.func and emits a remark at each
/// op with results saying whether each result is `uniform` or `varying`,
/// and at each barrier under thread-dependent control flow.
struct TestUniformityPass
    : public PassWrapper<TestUniformityPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestUniformityPass)

  StringRef getArgument() const final { return "wc-test-uniformity"; }
  StringRef getDescription() const final {
    return "Report the block uniformity of every value (for tests)";
  }
  void runOnOperation() override {
    getOperation()->walk([](gpu::GPUFuncOp func) {
      UniformityAnalysis analysis(func);
      func.walk([&](Operation *op) {
        if (op == func)
          return;
        if (isa<gpu::BarrierOp>(op)) {
          if (analysis.getVaryingControl(op))
            op->emitRemark("barrier under thread-dependent control flow");
          return;
        }
        if (op->getNumResults() == 0)
          return;
        InFlightDiagnostic diag = op->emitRemark();
        llvm::interleaveComma(op->getResults(), diag, [&](Value v) {
          diag << (analysis.isVarying(v) ? "varying" : "uniform");
        });
      });
    });
  }
};
} // namespace

namespace mlir {
namespace wc {
namespace test {
void registerTestUniformityPass() { PassRegistration<TestUniformityPass>(); }
} // namespace test
} // namespace wc
} // namespace mlir
