//===- wc-opt.cpp - The wc optimizer driver -------------------------------===//
//
// `mlir-opt` with the `wc` dialect, passes and pipelines added: every
// upstream dialect, extension, pass and LLVM IR translation is registered so
// that whole pipelines, down to `gpu-module-to-binary`, run in one tool.
//
//===----------------------------------------------------------------------===//

#include "WC/InitAllWC.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/thread.h"

namespace mlir {
namespace wc {
namespace test {
void registerTestSharedAccessPass();
void registerTestUniformityPass();
} // namespace test
} // namespace wc
} // namespace mlir

/// The stack of the thread that parses, verifies, runs the pass pipeline and
/// prints: MLIR's parser, verifier and printer recurse once per nested
/// region, and a thread's default 8 MiB overflows at about 20,000 nested
/// `scf.if`s. 1 GiB of address space (only the pages used are committed)
/// takes inputs nested over 1,000,000 levels deep.
static constexpr unsigned kDriverStackBytes = 1u << 30;

/// wc-opt proper: mlir-opt with wc registered.
static int runDriver(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::wc::registerAllWCPasses();
  // The passes of test/lib, which make analyses observable for the tests.
  mlir::wc::test::registerTestSharedAccessPass();
  mlir::wc::test::registerTestUniformityPass();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::wc::registerAllWCDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "wc: Warp-Consolidation optimizer driver\n", registry));
}

int main(int argc, char **argv) {
  int status = 1;
  llvm::thread driver(std::optional<unsigned>(kDriverStackBytes),
                      [&] { status = runDriver(argc, argv); });
  driver.join();
  return status;
}
