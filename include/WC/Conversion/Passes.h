//===- Passes.h - WC conversion passes --------------------------*- C++ -*-===//
//
// Declares the conversion passes of wc and their pattern entry points.
//
//===----------------------------------------------------------------------===//

#ifndef WC_CONVERSION_PASSES_H
#define WC_CONVERSION_PASSES_H

#include "WC/Conversion/GPUToWC/GPUToWC.h"
#include "WC/Conversion/WCToNVVM/WCToNVVM.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace wc {

#define GEN_PASS_DECL
#include "WC/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "WC/Conversion/Passes.h.inc"

} // namespace wc
} // namespace mlir

#endif // WC_CONVERSION_PASSES_H
