//===- WCTypes.cpp - WC dialect types -------------------------------------===//
//
// The lane-distributed register array type: syntax, verification and the
// element-to-(lane, slot) placement of its layouts.
//
//===----------------------------------------------------------------------===//

#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Target/TargetDescription.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::wc;

#define GET_TYPEDEF_CLASSES
#include "WC/Dialect/WC/IR/WCTypes.cpp.inc"

void WCDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "WC/Dialect/WC/IR/WCTypes.cpp.inc"
      >();
}

/// Parses `<N x T>` or `<N x T, layout>`.
Type LaneArrayType::parse(AsmParser &parser) {
  int64_t size = 0;
  Type elementType;
  if (parser.parseLess() || parser.parseInteger(size) ||
      parser.parseKeyword("x") || parser.parseType(elementType))
    return {};
  LaneArrayLayout layout = LaneArrayLayout::cyclic;
  if (succeeded(parser.parseOptionalComma())) {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return {};
    std::optional<LaneArrayLayout> parsed = symbolizeLaneArrayLayout(keyword);
    if (!parsed) {
      parser.emitError(loc, "unknown lane array layout '")
          << keyword << "' (expected 'cyclic' or 'blocked')";
      return {};
    }
    layout = *parsed;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<LaneArrayType>(parser.getContext(), size,
                                          elementType, layout);
}

void LaneArrayType::print(AsmPrinter &printer) const {
  printer << "<" << getSize() << " x " << getElementType();
  if (getLayout() != LaneArrayLayout::cyclic)
    printer << ", " << stringifyLaneArrayLayout(getLayout());
  printer << ">";
}

LogicalResult
LaneArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                      int64_t size, Type elementType, LaneArrayLayout) {
  if (size <= 0)
    return emitError() << "lane array must have at least one element, got "
                       << size;
  if (!elementType.isSignlessIntOrIndexOrFloat())
    return emitError()
           << "lane array element must be a signless integer, float or "
              "index scalar, got "
           << elementType;
  return success();
}

int64_t LaneArrayType::getSlotsPerLane() const {
  return llvm::divideCeil(getSize(), kWarpSize);
}

int64_t LaneArrayType::getOwnerLane(int64_t element) const {
  if (getLayout() == LaneArrayLayout::cyclic)
    return element % kWarpSize;
  return element / getSlotsPerLane();
}

int64_t LaneArrayType::getSlot(int64_t element) const {
  if (getLayout() == LaneArrayLayout::cyclic)
    return element / kWarpSize;
  return element % getSlotsPerLane();
}
