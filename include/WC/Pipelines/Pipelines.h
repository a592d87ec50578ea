//===- Pipelines.h - Registered wc pass pipelines ---------------*- C++ -*-===//
//
// Pass pipelines that take `gpu` + `wc` IR to a `gpu.binary`.
//
//===----------------------------------------------------------------------===//

#ifndef WC_PIPELINES_PIPELINES_H
#define WC_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
namespace wc {

/// What `wc-lower-to-nvvm` puts in each `gpu.binary`.
enum class BinaryFormat { isa, bin, fatbin, llvm };

/// Options of `wc-lower-to-nvvm`.
struct LowerToNVVMOptions : public PassPipelineOptions<LowerToNVVMOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip (sm_70 .. sm_90a) of the gpu.modules "
                     "without #nvvm.target (default sm_90); modules with "
                     "one must name the same chip"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features of that target (default +ptx80: PTX ISA "
                     "8.0, the first with sm_90a)"),
      llvm::cl::init("")};
  PassOptions::Option<BinaryFormat> format{
      *this, "format", llvm::cl::desc("What each gpu.binary holds"),
      llvm::cl::init(BinaryFormat::isa),
      llvm::cl::values(
          clEnumValN(BinaryFormat::isa, "isa", "PTX text"),
          clEnumValN(BinaryFormat::bin, "bin", "cubin (runs ptxas)"),
          clEnumValN(BinaryFormat::fatbin, "fatbin",
                     "fat binary (runs ptxas and fatbinary)"),
          clEnumValN(BinaryFormat::llvm, "llvm", "LLVM bitcode"))};
  PassOptions::Option<int> optLevel{
      *this, "opt-level",
      llvm::cl::desc("Optimisation level of the NVPTX backend (0..3)"),
      llvm::cl::init(3)};
  PassOptions::Option<std::string> ptxasOptions{
      *this, "ptxas-options",
      llvm::cl::desc("Extra options passed to ptxas for format=bin"),
      llvm::cl::init("")};
  PassOptions::Option<std::string> channels{
      *this, "channels",
      llvm::cl::desc("What the channels of wc.warp_specialize lower to: "
                     "mbarriers, named-barriers, or auto (mbarriers on sm_90 "
                     "and later)"),
      llvm::cl::init("auto")};
  PassOptions::Option<std::string> costModelPtxas{
      *this, "cost-model-ptxas",
      llvm::cl::desc("wc-pipeline: the ptxas with which wc-consolidate "
                     "measures its candidates (its `ptxas` option; default: "
                     "none, estimates)"),
      llvm::cl::init("")};
  PassOptions::Option<bool> reorderAtomics{
      *this, "reorder-atomics",
      llvm::cl::desc("wc-pipeline: wc-consolidate's `reorder-atomics` "
                     "(collaborate loops that use their atomics' values)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> reassociateFloats{
      *this, "reassociate-floats",
      llvm::cl::desc("wc-pipeline: wc-consolidate's `reassociate-floats` "
                     "(serial float sums of a block's partials become block "
                     "reductions)"),
      llvm::cl::init(false)};
};

/// Adds to `pm` (on a builtin.module) the lowering of `gpu` + `wc` kernels
/// and their host code: gpu subgroup ops and wc ops to NVVM, then upstream's
/// NVVM lowering and serialisation to a `gpu.binary`.
void buildLowerToNVVMPipeline(OpPassManager &pm,
                              const LowerToNVVMOptions &options);

/// Registers the wc pipelines with the global pipeline registry.
/// wc-consolidate, canonicalize + cse, then buildLowerToNVVMPipeline.
void buildConsolidatePipeline(OpPassManager &pm,
                              const LowerToNVVMOptions &options);

void registerPipelines();

} // namespace wc
} // namespace mlir

#endif // WC_PIPELINES_PIPELINES_H
