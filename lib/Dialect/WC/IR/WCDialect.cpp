//===- WCDialect.cpp - Warp-Consolidation dialect -------------------------===//
//
// Registers the `wc` dialect's types, enum attributes and operations.
//
//===----------------------------------------------------------------------===//

#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wc;

#include "WC/Dialect/WC/IR/WCDialect.cpp.inc"
#include "WC/Dialect/WC/IR/WCEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "WC/Dialect/WC/IR/WCAttrs.cpp.inc"

void WCDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "WC/Dialect/WC/IR/WCAttrs.cpp.inc"
      >();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "WC/Dialect/WC/IR/WCOps.cpp.inc"
      >();
}
