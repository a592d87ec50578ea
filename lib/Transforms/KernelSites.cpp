//===- KernelSites.cpp - The kernels of a module and their launches -------===//

#include "WC/Transforms/Consolidation.h"
#include "WC/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::wc;

SmallVector<KernelSites> wc::collectKernels(ModuleOp module) {
  SymbolTableCollection symbols;
  DenseMap<Operation *, SmallVector<gpu::LaunchFuncOp>> launches;
  module.walk([&](gpu::LaunchFuncOp launch) {
    if (auto kernel = symbols.lookupNearestSymbolFrom<gpu::GPUFuncOp>(
            launch, launch.getKernel()))
      launches[kernel].push_back(launch);
  });
  SmallVector<KernelSites> kernels;
  module.walk([&](gpu::GPUFuncOp func) {
    if (func.isKernel())
      kernels.push_back({func, launches.lookup(func)});
  });
  return kernels;
}

void wc::castLaunchSizesToIndex(gpu::LaunchFuncOp launch) {
  OpBuilder b(launch);
  for (OpOperand &size : launch->getOpOperands().slice(
           launch.getGridSizeXMutable().getOperandNumber(), 6))
    if (!size.get().getType().isIndex())
      size.set(arith::IndexCastUIOp::create(b, launch.getLoc(),
                                            b.getIndexType(), size.get()));
}

Value wc::createLaunchBuffer(gpu::LaunchFuncOp launch, MemRefType type,
                             std::optional<int32_t> fill,
                             OpBuilder::Listener *listener) {
  auto host = launch->getParentOfType<FunctionOpInterface>();
  Region &body = host.getFunctionBody();
  OpBuilder b(launch.getContext(), listener);
  b.setInsertionPointToStart(&body.front());
  Location loc = launch.getLoc();
  Value buffer = gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                                      ValueRange(), ValueRange(), ValueRange())
                     .getMemref();
  if (fill) {
    Value value = arith::ConstantIntOp::create(b, loc, b.getI32Type(), *fill);
    gpu::MemsetOp::create(b, loc, /*asyncToken=*/Type(), ValueRange(), buffer,
                          value);
  }
  for (Block &block : body)
    if (block.mightHaveTerminator() &&
        block.getTerminator()->hasTrait<OpTrait::ReturnLike>()) {
      b.setInsertionPoint(block.getTerminator());
      gpu::DeallocOp::create(b, loc, /*asyncToken=*/Type(), ValueRange(),
                             buffer);
    }
  return buffer;
}

/// "the launch at FILE:LINE:COL", or "a launch" where `launch` has no file
/// location.
static std::string describeLaunch(gpu::LaunchFuncOp launch) {
  auto file = launch.getLoc()->findInstanceOf<FileLineColLoc>();
  if (!file)
    return "a launch";
  return ("the launch at " + file.getFilename().getValue() + ":" +
          Twine(file.getLine()) + ":" + Twine(file.getColumn()))
      .str();
}

bool wc::launchStateIsSafe(gpu::LaunchFuncOp launch, std::string &why) {
  // Each launch of the site runs after the one before: only sequential
  // control flow between the launch and its host function.
  auto host = launch->getParentOfType<FunctionOpInterface>();
  for (Operation *op = launch->getParentOp(); op && op != host;
       op = op->getParentOp())
    if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp,
             scf::ExecuteRegionOp>(op)) {
      why = describeLaunch(launch) + " is inside '" +
            op->getName().getStringRef().str() +
            "', which may run it at the same time as other work of its host "
            "function: the state added to the launch, one per launch site "
            "and freed at the function's return, could be used by two "
            "launches at once or freed while the kernel runs";
      return false;
    }
  Value token = launch.getAsyncToken();
  if (!token)
    return true;
  for (Operation *user : token.getUsers())
    if (auto wait = dyn_cast<gpu::WaitOp>(user))
      if (!wait.getAsyncToken() && wait->getBlock() == launch->getBlock())
        return true;
  why = describeLaunch(launch) +
        " is asynchronous and no synchronous 'gpu.wait' in its block waits "
        "for it: the pass cannot tell that the state added to the launch "
        "(freed at the host function's return) outlives the kernel";
  return false;
}

LogicalResult wc::checkChipOption(Operation *op, StringRef pass,
                                  StringRef chip) {
  if (chip.empty() || TargetDescription::lookup(chip))
    return success();
  return op->emitError() << pass << ": unknown chip '" << chip
                         << "' (known: " << TargetDescription::knownChips()
                         << ")";
}

LogicalResult wc::prepareModule(
    ModuleOp module, StringRef pass, StringRef chip,
    function_ref<LogicalResult(OpPassManager &, Operation *)> runPipeline,
    bool reassociateFloats) {
  if (failed(checkChipOption(module, pass, chip)))
    return failure();
  OpPassManager preparation(ModuleOp::getOperationName());
  preparation.addPass(createPrepareKernels());
  ForwardStoresOptions options;
  options.reassociateFloats = reassociateFloats;
  preparation.addPass(createForwardStores(options));
  return runPipeline(preparation, module);
}

void wc::eraseWorkgroupBuffer(gpu::GPUFuncOp func, Value buffer) {
  if (Operation *def = buffer.getDefiningOp()) {
    def->erase();
    return;
  }
  for (auto [i, attribution] : llvm::enumerate(func.getWorkgroupAttributions()))
    if (attribution == buffer) {
      eraseWorkgroupAttribution(func, i);
      return;
    }
}

void wc::eraseWorkgroupAttribution(gpu::GPUFuncOp func, unsigned index) {
  unsigned position = func.getFirstWorkgroupAttributionIndex() + index;
  func.getBody().front().eraseArgument(position);
  Builder b(func.getContext());
  func->setAttr(func.getNumWorkgroupAttributionsAttrName(),
                b.getI64IntegerAttr(func.getNumWorkgroupAttributions() - 1));
  if (ArrayAttr attrs = func.getWorkgroupAttribAttrsAttr()) {
    SmallVector<Attribute> kept(attrs.getValue());
    if (index < kept.size())
      kept.erase(kept.begin() + index);
    func.setWorkgroupAttribAttrsAttr(b.getArrayAttr(kept));
  }
}
