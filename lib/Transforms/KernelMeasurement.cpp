//===- KernelMeasurement.cpp - ptxas figures of a candidate kernel --------===//
//
// What the cost model learns from the CUDA toolkit when it has one: a
// candidate (a kernel as a stage would leave it) is applied to a copy of
// the kernel's gpu.module in a scratch module, lowered by the registered
// `wc-lower-to-nvvm` pipeline to PTX and assembled by `ptxas -v`, whose
// report gives the registers per thread, the spilled bytes and the shared
// memory. The kernel itself is not changed.
//
//===----------------------------------------------------------------------===//

#include "WC/Transforms/Consolidation.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::wc;

FailureOr<KernelResources> wc::parsePtxasReport(StringRef report,
                                                StringRef kernel) {
  llvm::Regex entry("Compiling entry function '([A-Za-z0-9_$.]+)'"),
      used("Used ([0-9]+) registers"), smem("([0-9]+) bytes smem"),
      spills("([0-9]+) bytes spill stores, ([0-9]+) bytes spill loads");
  SmallVector<StringRef> lines;
  report.split(lines, '\n');
  std::optional<KernelResources> found;
  bool inKernel = false;
  SmallVector<StringRef, 3> match;
  auto number = [](StringRef text) {
    int64_t value = 0;
    (void)text.getAsInteger(10, value);
    return value;
  };
  for (StringRef line : lines) {
    if (entry.match(line, &match)) {
      inKernel = match[1] == kernel;
      if (inKernel)
        found = KernelResources();
      continue;
    }
    if (!inKernel)
      continue;
    if (spills.match(line, &match))
      found->spillBytes = number(match[1]) + number(match[2]);
    if (used.match(line, &match)) {
      found->registers = number(match[1]);
      if (smem.match(line, &match))
        found->sharedBytes = number(match[1]);
    }
  }
  if (!found || found->registers == 0)
    return failure();
  return *found;
}

/// Runs `ptxas` on `ptx` for `chip`; returns its `-v` report, or fails with
/// the reason in `why`.
static FailureOr<std::string> runPtxas(StringRef ptxas, StringRef chip,
                                       StringRef ptx, std::string &why) {
  SmallString<128> input, output, report;
  int fd;
  if (llvm::sys::fs::createTemporaryFile("wc-candidate", "ptx", fd, input)) {
    why = "cannot create a temporary file";
    return failure();
  }
  llvm::FileRemover removeInput(input);
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << ptx;
  }
  // The report goes to stderr, other output to stdout: two files, so that
  // the streams do not write over each other.
  SmallString<128> outLog;
  if (llvm::sys::fs::createTemporaryFile("wc-candidate", "cubin", output) ||
      llvm::sys::fs::createTemporaryFile("wc-candidate", "log", report) ||
      llvm::sys::fs::createTemporaryFile("wc-candidate", "out", outLog)) {
    why = "cannot create a temporary file";
    return failure();
  }
  llvm::FileRemover removeOutput(output), removeReport(report),
      removeOutLog(outLog);
  std::string arch = ("-arch=" + chip).str();
  SmallVector<StringRef> args = {ptxas, arch, "-v", input, "-o", output};
  std::optional<StringRef> redirects[] = {std::nullopt, outLog.str(),
                                          report.str()};
  std::string error;
  int status = llvm::sys::ExecuteAndWait(ptxas, args, /*Env=*/std::nullopt,
                                         redirects, /*SecondsToWait=*/120,
                                         /*MemoryLimit=*/0, &error);
  auto errText = llvm::MemoryBuffer::getFile(report);
  auto outText = llvm::MemoryBuffer::getFile(outLog);
  std::string text;
  if (errText)
    text += (*errText)->getBuffer();
  if (outText)
    text += (*outText)->getBuffer();
  if (status != 0) {
    why = ("'" + ptxas + "' failed" +
           (error.empty() ? std::string() : ": " + error))
              .str();
    if (!StringRef(text).trim().empty())
      why += ": " + StringRef(text).trim().split('\n').first.str();
    return failure();
  }
  if (!errText && !outText) {
    why = "cannot read the report of '" + ptxas.str() + "'";
    return failure();
  }
  return text;
}

FailureOr<KernelResources>
wc::measureKernel(gpu::GPUFuncOp func,
                  llvm::function_ref<gpu::GPUFuncOp(gpu::GPUFuncOp)> candidate,
                  StringRef ptxas, const TargetDescription &target,
                  std::string &why) {
  auto kernelModule = func->getParentOfType<gpu::GPUModuleOp>();
  if (!kernelModule) {
    why = "the kernel is not in a gpu.module";
    return failure();
  }
  MLIRContext *context = func.getContext();
  // The stages' remarks about the copy, and the lowering's diagnostics, are
  // not the user's: the first error becomes the reason of a failure.
  std::string firstError;
  ScopedDiagnosticHandler quiet(context, [&](Diagnostic &diagnostic) {
    if (diagnostic.getSeverity() == DiagnosticSeverity::Error &&
        firstError.empty())
      firstError = diagnostic.str();
    return success();
  });

  OwningOpRef<ModuleOp> scratch = ModuleOp::create(func.getLoc());
  (*scratch)->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                      UnitAttr::get(context));
  OpBuilder b(context);
  b.setInsertionPointToEnd(scratch->getBody());
  auto copy = cast<gpu::GPUModuleOp>(b.clone(*kernelModule));
  // Only the kernel measured is compiled.
  for (auto other : llvm::to_vector(copy.getOps<gpu::GPUFuncOp>()))
    if (other.isKernel() && other.getName() != func.getName())
      other.erase();
  auto kernel = copy.lookupSymbol<gpu::GPUFuncOp>(func.getName());
  gpu::GPUFuncOp changed = candidate(kernel);
  if (!changed) {
    why = "the candidate does not apply";
    return failure();
  }
  StringRef name = changed.getName();

  std::string pipeline = "wc-lower-to-nvvm{format=isa";
  if (!copy.getTargetsAttr())
    pipeline += " chip=" + target.chip.str();
  pipeline += "}";
  PassManager pm(context, ModuleOp::getOperationName());
  std::string parseErrors;
  llvm::raw_string_ostream parseStream(parseErrors);
  if (failed(parsePassPipeline(pipeline, pm, parseStream))) {
    why = "the pipeline wc-lower-to-nvvm is not registered";
    return failure();
  }
  if (failed(pm.run(*scratch))) {
    why = "the candidate does not lower to PTX" +
          (firstError.empty() ? std::string() : ": " + firstError);
    return failure();
  }
  std::string ptx;
  scratch->walk([&](gpu::BinaryOp binary) {
    for (Attribute object : binary.getObjects())
      if (auto gpuObject = dyn_cast<gpu::ObjectAttr>(object))
        ptx = gpuObject.getObject().str();
  });
  if (ptx.empty()) {
    why = "the lowering gave no PTX";
    return failure();
  }
  FailureOr<std::string> report = runPtxas(ptxas, target.chip, ptx, why);
  if (failed(report))
    return failure();
  FailureOr<KernelResources> resources = parsePtxasReport(*report, name);
  if (failed(resources))
    why = "the ptxas report names no registers of '" + name.str() + "'";
  return resources;
}
