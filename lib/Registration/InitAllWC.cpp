//===- InitAllWC.cpp - Register everything wc provides --------------------===//

#include "WC/InitAllWC.h"
#include "WC/Conversion/Passes.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Pipelines/Pipelines.h"
#include "WC/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"

void mlir::wc::registerAllWCDialects(DialectRegistry &registry) {
  registry.insert<WCDialect>();
}

void mlir::wc::registerAllWCPasses() {
  registerWCConversionPasses();
  registerWCTransformsPasses();
  registerPipelines();
}
