//===- AllocateBarriers.cpp - Named barriers of warp-specialized channels ===//
//
// wc-allocate-barriers: gives every `wc.warp_specialize` with named barriers
// its range of named barriers (`barrier_base`) by allocateNamedBarriers, which
// the lowering and the simulator also run for the ops left without one.
//
//===----------------------------------------------------------------------===//

#include "WC/Dialect/WC/IR/WC.h"
#include "WC/Transforms/Passes.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_ALLOCATEBARRIERS
#include "WC/Transforms/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

namespace {
struct AllocateBarriersPass
    : public wc::impl::AllocateBarriersBase<AllocateBarriersPass> {
  void runOnOperation() override {
    if (failed(allocateNamedBarriers(getOperation())))
      signalPassFailure();
  }
};
} // namespace
