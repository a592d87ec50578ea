//===- Simulator.cpp - Entry point of the CPU SIMT simulator --------------===//
//
// Finds the host entry function and runs it.
//
//===----------------------------------------------------------------------===//

#include "Interpreter.h"

#include "WC/Dialect/WC/IR/WC.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::wc;
using namespace mlir::wc::sim;

LogicalResult wc::simulate(ModuleOp module, std::ostream &out,
                           const SimulatorOptions &options,
                           SimulatorStats *stats) {
  auto entry = module.lookupSymbol<func::FuncOp>(options.entry);
  if (!entry || entry.isExternal())
    return module.emitError("no function @")
           << options.entry << " with a body to run";
  if (entry.getNumArguments() != 0)
    return entry.emitError("the entry function must take no arguments");
  // Channels wait and signal on the named barriers the lowering would give
  // them.
  if (failed(allocateNamedBarriers(module)))
    return failure();
  Simulator sim(module, out, options);
  Interpreter host(sim, /*place=*/nullptr);
  FailureOr<SmallVector<WarpValue>> results =
      host.runCallable(entry.getBody(), {}, /*mask=*/1);
  sim.stats.hostOps += host.executedOps;
  out.flush();
  if (stats)
    *stats = sim.stats;
  return failure(failed(results));
}
