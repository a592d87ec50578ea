//===- PassOptions.cpp - Checks of the passes' options --------------------===//
//
// The range check every wc pass applies to its numeric options before it
// looks at a kernel: a value out of range is an error naming the pass and
// the option, never a silent clamp.
//
//===----------------------------------------------------------------------===//

#include "WC/Transforms/Passes.h"

using namespace mlir;

LogicalResult wc::checkOptionRange(Operation *op, StringRef pass,
                                   StringRef option, int64_t value, int64_t min,
                                   int64_t max) {
  if (value >= min && value <= max)
    return success();
  return op->emitError() << pass << ": option " << option << "=" << value
                         << " is out of range: it must be in [" << min << ", "
                         << max << "]";
}
