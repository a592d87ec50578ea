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

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <tuple>

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

/// Adds wc-check-nvvm-target with the pipeline's target options: every
/// gpu.module gets (or must already have) the target of `options`.
static void addTargetCheck(OpPassManager &pm,
                           const wc::LowerToNVVMOptions &options) {
  wc::CheckNVVMTargetOptions check;
  check.chip = options.chip;
  check.features = options.features;
  check.optLevel = options.optLevel;
  check.ptxasOptions = options.ptxasOptions;
  pm.addPass(wc::createCheckNVVMTarget(check));
}

void wc::buildLowerToNVVMPipeline(OpPassManager &pm,
                                  const LowerToNVVMOptions &options) {
  // Outlines inline kernels; workgroup allocations become attributions (the
  // lowering would give them per-thread storage) or are errors.
  PrepareKernelsOptions prepare;
  prepare.strict = true;
  pm.addPass(createPrepareKernels(prepare));
  // From here on, every stage reads the chip from the module's target.
  addTargetCheck(pm, options);

  // Upstream's `gpu-lower-to-nvvm-pipeline` stages, in its order and with its
  // options, but each pass that works on any op runs nested on every
  // gpu.module and host function instead of on the whole module. Nested
  // passes run in parallel, one op per thread, and verify only the op they
  // changed. Side-by-side pipelines on gpu.module, func.func and llvm.func
  // form one group, after which the whole module (whose
  // `gpu.container_module` verifier looks up the kernel of every launch, in
  // time quadratic in the kernels) is verified once.
  auto addToHostFunctions = [&](auto... passes) {
    for (OpPassManager *host :
         {&pm.nest<func::FuncOp>(), &pm.nest<LLVM::LLVMFuncOp>()})
      (host->addPass(passes()), ...);
  };
  auto upstreamCommon =
      std::make_tuple([] { return createConvertNVGPUToNVVMPass(); },
                      [] { return createConvertVectorToSCFPass(); },
                      [] { return createSCFToControlFlowPass(); },
                      [] { return createConvertNVVMToLLVMPass(); });
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createConvertGPUSubgroupToWC());
  ConvertWCToNVVMOptions lowering;
  lowering.channels = options.channels;
  kernels.addPass(createConvertWCToNVVM(lowering));
  std::apply([&](auto... make) { (kernels.addPass(make()), ...); },
             upstreamCommon);
  std::apply(addToHostFunctions, upstreamCommon);

  pm.addPass(createConvertFuncToLLVMPass());
  auto upstreamToLLVM = std::make_tuple(
      [] { return memref::createExpandStridedMetadataPass(); },
      [] { return createLowerAffinePass(); },
      [] { return createArithToLLVMConversionPass(); },
      [] { return createConvertIndexToLLVMPass(); },
      [] { return createCanonicalizerPass(); }, [] { return createCSEPass(); });
  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  std::apply([&](auto... make) { (device.addPass(make()), ...); },
             upstreamToLLVM);
  device.addPass(createConvertGpuOpsToNVVMOps());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
  std::apply(addToHostFunctions, upstreamToLLVM);

  pm.addPass(createGpuToLLVMConversionPass());
  ModuleToBinaryOptions binary;
  binary.format = getFormatName(options.format).str();
  pm.addPass(createModuleToBinary(binary));
  addToHostFunctions([] { return createConvertMathToLLVMPass(); },
                     [] { return createCanonicalizerPass(); },
                     [] { return createCSEPass(); },
                     [] { return createReconcileUnrealizedCastsPass(); });
}

void wc::buildConsolidatePipeline(OpPassManager &pm,
                                  const LowerToNVVMOptions &options) {
  // The target first, so that the cost model plans for the chip the
  // lowering compiles for.
  pm.addPass(createPrepareKernels());
  addTargetCheck(pm, options);
  ConsolidateOptions consolidate;
  consolidate.ptxas = options.costModelPtxas;
  consolidate.reorderAtomics = options.reorderAtomics;
  consolidate.reassociateFloats = options.reassociateFloats;
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
