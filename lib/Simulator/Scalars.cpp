//===- Scalars.cpp - How the simulator encodes scalars --------------------===//
//
// Every scalar lives in a 64-bit lane word: integers truncated to their
// width, floats as their IEEE bits. These helpers convert between the words
// and C++ values for the op families.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/APFloat.h"

#include <cstring>

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

unsigned sim::getBitWidth(Type type) {
  if (type.isIndex())
    return 64;
  return type.getIntOrFloatBitWidth();
}

uint64_t sim::truncateTo(Type type, uint64_t bits) {
  unsigned width = getBitWidth(type);
  return width >= 64 ? bits : bits & ((uint64_t(1) << width) - 1);
}

int64_t sim::signExtend(Type type, uint64_t bits) {
  unsigned width = getBitWidth(type);
  if (width >= 64)
    return static_cast<int64_t>(bits);
  uint64_t sign = uint64_t(1) << (width - 1);
  bits = truncateTo(type, bits);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

float sim::asFloat(uint64_t bits) {
  uint32_t word = static_cast<uint32_t>(bits);
  float value;
  std::memcpy(&value, &word, 4);
  return value;
}

uint64_t sim::floatBits(float value) {
  uint32_t word;
  std::memcpy(&word, &value, 4);
  return word;
}

double sim::asDouble(uint64_t bits) {
  double value;
  std::memcpy(&value, &bits, 8);
  return value;
}

uint64_t sim::doubleBits(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, 8);
  return bits;
}

double sim::toDouble(Type type, uint64_t bits) {
  if (type.isF32())
    return asFloat(bits);
  if (type.isF64())
    return asDouble(bits);
  auto floatType = cast<FloatType>(type);
  llvm::APFloat value(floatType.getFloatSemantics(),
                      llvm::APInt(floatType.getWidth(), bits));
  bool lost;
  value.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
                &lost);
  return value.convertToDouble();
}

uint64_t sim::fromDouble(Type type, double value) {
  if (type.isF32())
    return floatBits(static_cast<float>(value));
  if (type.isF64())
    return doubleBits(value);
  auto floatType = cast<FloatType>(type);
  llvm::APFloat converted(value);
  bool lost;
  converted.convert(floatType.getFloatSemantics(),
                    llvm::APFloat::rmNearestTiesToEven, &lost);
  return converted.bitcastToAPInt().getZExtValue();
}

/// Returns the words of an integer or float constant attribute.
uint64_t sim::attributeBits(Attribute attr) {
  if (auto intAttr = dyn_cast<IntegerAttr>(attr))
    return intAttr.getValue().getZExtValue();
  if (auto floatAttr = dyn_cast<FloatAttr>(attr))
    return floatAttr.getValue().bitcastToAPInt().getZExtValue();
  if (auto boolAttr = dyn_cast<BoolAttr>(attr))
    return boolAttr.getValue();
  return 0;
}
