//===- WC.cpp - C API of wc -----------------------------------------------===//

#include "wc-c/WC.h"
#include "WC/Dialect/WC/IR/WC.h"
#include "WC/InitAllWC.h"

#include "mlir/CAPI/Registration.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(WC, wc, mlir::wc::WCDialect)

void wcRegisterAllPasses(void) { mlir::wc::registerAllWCPasses(); }
