//===- wc-sim.cpp - Run a gpu + wc program on the CPU ---------------------===//
//
// Parses a module, optionally runs a pass pipeline on it (to simulate the
// program after a transformation), and executes its host entry function
// with the SIMT reference simulator, printing what the program prints.
// Exits non-zero with a diagnostic on any fault the simulator detects.
//
//===----------------------------------------------------------------------===//

#include "WC/InitAllWC.h"
#include "WC/Simulator/Simulator.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/thread.h"

#include <chrono>
#include <iostream>

using namespace mlir;
namespace cl = llvm::cl;

static cl::opt<std::string>
    inputFilename(cl::Positional, cl::desc("<input file>"), cl::init("-"));
static cl::opt<std::string> entry("entry", cl::desc("Host function to run"),
                                  cl::init("main"));
static cl::opt<std::string>
    pipeline("pass-pipeline",
             cl::desc("Passes to run before simulating, e.g. "
                      "'builtin.module(convert-wc-to-nvvm)'"),
             cl::init(""));
static cl::opt<bool> noRaces("no-race-detection",
                             cl::desc("Do not check workgroup memory races"),
                             cl::init(false));
static cl::opt<uint64_t>
    maxSteps("max-steps",
             cl::desc("Operations the run may execute before it ends with an "
                      "error (0: no limit)"),
             cl::init(wc::SimulatorOptions().maxSteps));
static cl::opt<uint64_t>
    maxMemoryMB("max-memory-mb",
                cl::desc("Memory in MiB the program may hold at once before an "
                         "allocation ends the run with an error (0: no limit)"),
                cl::init(wc::SimulatorOptions().maxMemoryBytes >> 20));
static cl::opt<unsigned> residentBlocks(
    "resident-blocks",
    cl::desc("Blocks of a launch that run interleaved, handing over after "
             "each barrier, atomic on memory outside the block, and "
             "nanosleep (1: one block after the other)"),
    cl::init(wc::SimulatorOptions().residentBlocks));
static cl::opt<uint64_t> scheduleSeed(
    "schedule-seed",
    cl::desc("With --resident-blocks: 0 hands over in round-robin order, "
             "another value seeds a pseudo-random order"),
    cl::init(0));
static cl::opt<std::string> warpOrder(
    "warp-order",
    cl::desc("Order of a block's warps between synchronisation points: "
             "round-robin (from warp 0), or seed:N (pseudo-random, N > 0)"),
    cl::init("round-robin"));
static cl::opt<bool> printStats("sim-stats",
                                cl::desc("Print execution counts and time to "
                                         "stderr"),
                                cl::init(false));

/// The stack of the thread that parses, transforms and runs the host
/// program: MLIR's parser and verifier, and the interpreter, recurse once
/// per nested region (a thread's default 8 MiB overflows at about 20,000
/// nested `scf.if`s); only the pages used are committed.
static constexpr unsigned kDriverStackBytes = 1u << 30;

static int runSimulator(int argc, char **argv);

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  int status = 1;
  llvm::thread driver(std::optional<unsigned>(kDriverStackBytes),
                      [&] { status = runSimulator(argc, argv); });
  driver.join();
  return status;
}

static int runSimulator(int argc, char **argv) {
  registerAllPasses();
  wc::registerAllWCPasses();
  cl::ParseCommandLineOptions(argc, argv,
                              "wc-sim: CPU SIMT simulator for gpu + wc IR\n");

  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  wc::registerAllWCDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << "wc-sim: " << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  if (!pipeline.empty()) {
    // The pipeline names its anchor, as mlir-opt's --pass-pipeline does:
    // "builtin.module(...)".
    FailureOr<OpPassManager> parsed = parsePassPipeline(pipeline, llvm::errs());
    if (failed(parsed))
      return 1;
    if (parsed->getOpAnchorName() != ModuleOp::getOperationName() &&
        parsed->getOpAnchorName() != OpPassManager::getAnyOpAnchorName()) {
      llvm::errs() << "wc-sim: the pass pipeline must be anchored on "
                      "builtin.module, e.g. 'builtin.module(canonicalize)'\n";
      return 1;
    }
    PassManager pm(&context);
    static_cast<OpPassManager &>(pm) = std::move(*parsed);
    if (failed(pm.run(*module)))
      return 1;
  }
  wc::SimulatorOptions options;
  options.entry = entry;
  options.detectRaces = !noRaces;
  options.maxSteps = maxSteps;
  options.maxMemoryBytes = maxMemoryMB << 20;
  options.residentBlocks = residentBlocks;
  options.scheduleSeed = scheduleSeed;
  {
    StringRef order = warpOrder;
    uint64_t seed = 0;
    if (order.consume_front("seed:")) {
      if (order.getAsInteger(10, seed) || seed == 0) {
        llvm::errs() << "wc-sim: --warp-order=seed:N needs a positive "
                        "integer N, got '"
                     << warpOrder << "'\n";
        return 2;
      }
    } else if (order != "round-robin") {
      llvm::errs() << "wc-sim: --warp-order must be round-robin or seed:N, "
                      "got '"
                   << warpOrder << "'\n";
      return 2;
    }
    options.warpOrderSeed = seed;
  }
  wc::SimulatorStats stats;
  auto start = std::chrono::steady_clock::now();
  LogicalResult result = wc::simulate(*module, std::cout, options, &stats);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (printStats)
    llvm::errs() << "wc-sim: " << stats.kernelLaunches << " launches, "
                 << stats.blocks << " blocks, " << stats.warps << " warps, "
                 << stats.warpOps << " warp ops, " << stats.hostOps
                 << " host ops in " << llvm::format("%.3f", seconds) << " s ("
                 << llvm::format("%.2f", stats.warpOps / seconds / 1e6)
                 << " M warp ops/s)\n";
  return failed(result) ? 1 : 0;
}
