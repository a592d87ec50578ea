//===- TestSharedAccess.cpp - Report shared access patterns (for tests) ---===//
//
// The `wc-test-shared-access` pass: makes the access analysis of wc-remap
// observable with remarks, so that its tests pin what it decides.
//
//===----------------------------------------------------------------------===//

#include "WC/Analysis/SharedAccess.h"
#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::wc;

namespace {
/// Runs the access analysis of wc-remap on every wc.warp_job: a remark at
/// the job for each workgroup buffer it uses (number of accesses, whether
/// all are static, whether a store writes another lane's element), and one
/// at each load and store with its element index as an affine expression
/// over the thread ids `d0, d1, d2` and warp-uniform symbols (with its
/// access pattern), or the reason it is not affine.
struct TestSharedAccessPass
    : public PassWrapper<TestSharedAccessPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestSharedAccessPass)

  StringRef getArgument() const final { return "wc-test-shared-access"; }
  StringRef getDescription() const final {
    return "Report the index patterns of workgroup-memory accesses (for "
           "tests)";
  }
  void runOnOperation() override {
    getOperation()->walk([](WarpJobOp job) {
      SharedAccessAnalysis analysis(job);
      for (auto [i, buffer] : llvm::enumerate(analysis.getBuffers())) {
        InFlightDiagnostic summary =
            job->emitRemark()
            << "buffer " << i << ": " << buffer.accesses.size() << " accesses, "
            << (buffer.isStatic() ? "static" : "not static");
        if (Operation *store = findForeignStore(buffer, job.getBlock())) {
          summary << ", a store writes another lane's element";
          summary.attachNote(store->getLoc()) << "this store";
        } else
          summary << ", stores own";
        if (buffer.escapingUse)
          summary << " (escapes to '" << buffer.escapingUse->getName() << "')";
        for (const SharedAccess &access : buffer.accesses) {
          InFlightDiagnostic diag = access.op->emitRemark()
                                    << "buffer " << i << " "
                                    << (access.isStore ? "store" : "load")
                                    << " ";
          if (access.index) {
            SmallVector<AffineExpr, 2> indices{*access.index};
            if (access.elseIndex)
              indices.push_back(*access.elseIndex);
            diag << "index ";
            for (auto [k, index] : llvm::enumerate(indices)) {
              std::string text;
              llvm::raw_string_ostream(text) << index;
              AccessPattern pattern =
                  classifyIndex(index, access.xorMask, job.getBlock());
              if (access.xorMask)
                text = "(" + text + ") xor " + std::to_string(access.xorMask);
              diag << (k ? " or " : "") << text << " ("
                   << stringifyAccessKind(pattern.kind);
              if (pattern.kind == AccessPattern::Kind::Own ||
                  pattern.kind == AccessPattern::Kind::Shift ||
                  pattern.kind == AccessPattern::Kind::Butterfly)
                diag << " " << pattern.offset;
              diag << ")";
            }
          } else
            diag << "not affine: " << access.reason;
        }
      }
    });
  }
};
} // namespace

namespace mlir {
namespace wc {
namespace test {
void registerTestSharedAccessPass() {
  PassRegistration<TestSharedAccessPass>();
}
} // namespace test
} // namespace wc
} // namespace mlir
