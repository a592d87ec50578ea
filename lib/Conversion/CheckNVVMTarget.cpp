//===- CheckNVVMTarget.cpp - Validate the chip and PTX version ------------===//
//
// The `wc-check-nvvm-target` pass: turns a chip or PTX ISA the lowering
// cannot serve into a diagnostic before the NVPTX backend aborts on it.
//
//===----------------------------------------------------------------------===//

#include "WC/Conversion/Passes.h"
#include "WC/Target/TargetDescription.h"

#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_CHECKNVVMTARGET
#include "WC/Conversion/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

namespace {
struct CheckNVVMTargetPass
    : public wc::impl::CheckNVVMTargetBase<CheckNVVMTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<TargetDescription> target = TargetDescription::lookup(chip);
    if (!target) {
      getOperation()->emitError("unknown chip '")
          << chip << "' (known: " << TargetDescription::knownChips() << ")";
      return signalPassFailure();
    }
    if (std::optional<StringRef> unknown =
            TargetDescription::findUnknownFeature(features)) {
      getOperation()->emitError("unknown NVPTX feature '")
          << *unknown << "' in features '" << features
          << "' (known: " << TargetDescription::knownPtxVersions() << ")";
      return signalPassFailure();
    }
    std::optional<int64_t> ptx = TargetDescription::getPtxVersion(features);
    if (ptx && *ptx < target->minPtxVersion) {
      getOperation()->emitError("PTX ISA ")
          << *ptx / 10 << "." << *ptx % 10 << " (features '" << features
          << "') does not support " << chip << ": it needs PTX ISA "
          << target->minPtxVersion / 10 << "." << target->minPtxVersion % 10
          << " or later (e.g. features=+ptx" << target->minPtxVersion << ")";
      return signalPassFailure();
    }
    // Asynchronous copies are cp.async, which the NVPTX backend cannot
    // select before sm_80 (it aborts).
    if (target->smVersion < 80) {
      WalkResult walk = getOperation()->walk([&](Operation *op) {
        if (!isa<nvgpu::DeviceAsyncCopyOp, nvgpu::DeviceAsyncCreateGroupOp,
                 nvgpu::DeviceAsyncWaitOp>(op))
          return WalkResult::advance();
        op->emitError("'") << op->getName() << "' needs sm_80 or later "
                           << "(cp.async), the target is " << chip;
        return WalkResult::interrupt();
      });
      if (walk.wasInterrupted())
        return signalPassFailure();
    }
  }
};
} // namespace
