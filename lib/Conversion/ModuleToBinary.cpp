//===- ModuleToBinary.cpp - Serialise gpu.modules in parallel -------------===//
//
// The `wc-module-to-binary` pass: upstream's `gpu-module-to-binary` with the
// modules serialised concurrently. Each module is compiled by its own target
// attributes (`gpu::TargetAttrInterface`), which translate the module into a
// fresh LLVM context and only read the IR, so modules can be compiled at the
// same time; the IR is changed afterwards, on one thread.
//
//===----------------------------------------------------------------------===//

#include "WC/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir {
namespace wc {
#define GEN_PASS_DEF_MODULETOBINARY
#include "WC/Conversion/Passes.h.inc"
} // namespace wc
} // namespace mlir

using namespace mlir;
using namespace mlir::wc;

namespace {
/// A module to serialise and, once done, the objects of its targets.
struct Serialisation {
  gpu::GPUModuleOp module;
  SmallVector<Attribute> objects;
};

/// Compiles `job.module` for each of its targets into `job.objects`.
LogicalResult serialise(Serialisation &job, const gpu::TargetOptions &options) {
  gpu::GPUModuleOp module = job.module;
  ArrayAttr targets = module.getTargetsAttr();
  if (!targets || targets.empty())
    return module.emitError("the module has no target attributes");
  for (Attribute attr : targets) {
    auto target = dyn_cast<gpu::TargetAttrInterface>(attr);
    if (!target)
      return module.emitError("target attribute ")
             << attr << " cannot serialise a module";
    std::optional<SmallVector<char, 0>> serialised =
        target.serializeToObject(module, options);
    if (!serialised)
      return module.emitError("serialising the module for ")
             << attr << " failed";
    Attribute object = target.createObject(module, *serialised, options);
    if (!object)
      return module.emitError("making the object of the module for ")
             << attr << " failed";
    job.objects.push_back(object);
  }
  return success();
}

struct ModuleToBinaryPass
    : public wc::impl::ModuleToBinaryBase<ModuleToBinaryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    std::optional<gpu::CompilationTarget> kind =
        llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(format)
            .Cases({"offloading", "llvm"}, gpu::CompilationTarget::Offload)
            .Cases({"assembly", "isa"}, gpu::CompilationTarget::Assembly)
            .Cases({"binary", "bin"}, gpu::CompilationTarget::Binary)
            .Cases({"fatbinary", "fatbin"}, gpu::CompilationTarget::Fatbin)
            .Default(std::nullopt);
    if (!kind) {
      top.emitError("unknown format '")
          << format << "' (known: isa, bin, fatbin, llvm)";
      return signalPassFailure();
    }

    SmallVector<Serialisation> jobs;
    for (auto module : top.getOps<gpu::GPUModuleOp>())
      jobs.push_back({module, {}});
    if (jobs.empty())
      return;
    // Targets may look up symbols of the enclosing module; the table is built
    // before the threads start, which then only read it.
    SymbolTable symbols(top);
    gpu::TargetOptions options(toolkit, /*librariesToLink=*/{}, cmdOptions,
                               /*elfSection=*/{}, *kind,
                               [&]() -> SymbolTable * { return &symbols; });
    if (failed(failableParallelForEach(
            &getContext(), jobs,
            [&](Serialisation &job) { return serialise(job, options); })))
      return signalPassFailure();

    OpBuilder builder(&getContext());
    for (Serialisation &job : jobs) {
      gpu::GPUModuleOp module = job.module;
      auto handler =
          dyn_cast_or_null<gpu::OffloadingLLVMTranslationAttrInterface>(
              module.getOffloadingHandlerAttr());
      builder.setInsertionPointAfter(module);
      gpu::BinaryOp::create(builder, module.getLoc(), module.getName(), handler,
                            builder.getArrayAttr(job.objects));
      module.erase();
    }
  }
};
} // namespace
