//===- WCPlugin.cpp - wc as a plugin of upstream's mlir-opt ---------------===//
//
// A shared library that a stock `mlir-opt` (built against the same libMLIR)
// loads with `--load-dialect-plugin` and `--load-pass-plugin`: the first
// adds the wc dialect to the tool's registry, the second registers every wc
// pass and pipeline, so that `mlir-opt --wc-consolidate` and
// `mlir-opt --wc-lower-to-nvvm` work as in wc-opt.
//
//===----------------------------------------------------------------------===//

#include "WC/InitAllWC.h"

#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

using namespace mlir;

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {
      MLIR_PLUGIN_API_VERSION, "WC", LLVM_VERSION_STRING,
      [](DialectRegistry *registry) { wc::registerAllWCDialects(*registry); }};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "WCPasses", LLVM_VERSION_STRING,
          [] { wc::registerAllWCPasses(); }};
}
