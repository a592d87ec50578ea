//===- TestUniformity.cpp - Report block uniformity (for tests) -----------===//
//
// The `wc-test-uniformity` pass: makes the uniformity analysis observable
// with remarks, so that its tests pin what it decides.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/Uniformity.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_TESTUNIFORMITY
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

namespace {
struct TestUniformityPass
    : public wc::impl::TestUniformityBase<TestUniformityPass> {
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
