//===- wc-opt.cpp - The wc optimizer driver -------------------------------===//
//
// `mlir-opt` with the `wc` dialect, passes and pipelines added: every
// upstream dialect, extension, pass and LLVM IR translation is registered so
// that whole pipelines, down to `gpu-module-to-binary`, run in one tool.
//
//===----------------------------------------------------------------------===//

#include "WC/Conversion/Passes.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Pipelines/Pipelines.h"
#include "WC/Transforms/Passes.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::wc::registerWCConversionPasses();
  mlir::wc::registerWCTransformsPasses();
  mlir::wc::registerPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::wc::WCDialect>();

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "wc: Warp-Consolidation optimizer driver\n", registry));
}
