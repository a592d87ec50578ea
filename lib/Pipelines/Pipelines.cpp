//===- Pipelines.cpp - Registered wc pass pipelines -----------------------===//
//
// `wc-lower-to-nvvm`: from `gpu` + `wc` to a `gpu.binary` for an NVIDIA chip,
// covering what upstream's `gpu-lower-to-nvvm-pipeline` cannot lower and
// defaulting to a PTX ISA that supports the chip.
//
//===----------------------------------------------------------------------===//

#include "WC/Pipelines/Pipelines.h"
#include "WC/Conversion/Passes.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// The `gpu-module-to-binary` spelling of `format`.
static StringRef getFormatName(wc::BinaryFormat format) {
  switch (format) {
  case wc::BinaryFormat::isa:
    return "isa";
  case wc::BinaryFormat::bin:
    return "bin";
  case wc::BinaryFormat::fatbin:
    return "fatbin";
  case wc::BinaryFormat::llvm:
    return "llvm";
  }
  llvm_unreachable("unknown binary format");
}

void wc::buildLowerToNVVMPipeline(OpPassManager &pm,
                                  const LowerToNVVMOptions &options) {
  CheckNVVMTargetOptions check;
  check.chip = options.chip;
  check.features = options.features;
  pm.addPass(createCheckNVVMTarget(check));
  // Outlines inline kernels; workgroup allocations become attributions (the
  // lowering would give them per-thread storage) or are errors.
  PrepareKernelsOptions prepare;
  prepare.strict = true;
  pm.addPass(createPrepareKernels(prepare));
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createConvertGPUSubgroupToWC());
  ConvertWCToNVVMOptions wcOptions;
  wcOptions.chip = options.chip;
  kernels.addPass(createConvertWCToNVVM(wcOptions));
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());

  gpu::GPUToNVVMPipelineOptions upstream;
  upstream.cubinChip = options.chip;
  upstream.cubinFeatures = options.features;
  upstream.cubinFormat = getFormatName(options.format).str();
  upstream.optLevel = options.optLevel;
  upstream.cmdOptions = options.ptxasOptions;
  gpu::buildLowerToNVVMPassPipeline(pm, upstream);
}

void wc::buildConsolidatePipeline(OpPassManager &pm,
                                  const LowerToNVVMOptions &options) {
  ConsolidateOptions consolidate;
  consolidate.chip = options.chip;
  pm.addPass(createConsolidate(consolidate));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  buildLowerToNVVMPipeline(pm, options);
}

void wc::registerPipelines() {
  PassPipelineRegistration<LowerToNVVMOptions>(
      "wc-lower-to-nvvm",
      "Lower gpu + wc kernels and their host code to a gpu.binary for an "
      "NVIDIA GPU (default sm_90, PTX ISA 8.0)",
      buildLowerToNVVMPipeline);
  PassPipelineRegistration<LowerToNVVMOptions>(
      "wc-pipeline",
      "The wc pipeline: the cost model wc-consolidate (with the stages it "
      "picks per kernel), clean-up, and wc-lower-to-nvvm to a gpu.binary",
      buildConsolidatePipeline);
}
