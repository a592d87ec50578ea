//===- Simulator.h - CPU SIMT reference simulator ---------------*- C++ -*-===//
//
// Runs a module of `gpu` + `wc` IR on the CPU: the host entry function with
// its memrefs and GPU runtime calls, and every kernel launch as blocks of
// 32-lane warps executed with active masks. It is the reference executor
// that tests compare transformations against, and it reports what a GPU
// would not: out-of-bounds accesses, data races on workgroup memory,
// barriers reached by part of a block, collectives reading inactive lanes.
//
//===----------------------------------------------------------------------===//

#ifndef WC_SIMULATOR_SIMULATOR_H
#define WC_SIMULATOR_SIMULATOR_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"
#include <ostream>
#include <string>

namespace mlir {
namespace wc {

/// How the simulator runs a module.
struct SimulatorOptions {
  /// The host function to run; it takes no arguments.
  std::string entry = "main";
  /// Report data races on workgroup memory, and on global memory between
  /// the threads of one block.
  bool detectRaces = true;
  /// Operations the whole run may execute (host ops plus warp ops, each
  /// warp op counted once per warp); a run that reaches it ends with an
  /// error naming the op, the block and the warp (an endless loop, or a
  /// kernel waiting on memory nothing will write). 0: no limit.
  uint64_t maxSteps = 200'000'000;
  /// Bytes of memory the program may hold at once (host, device, workgroup
  /// and private buffers together); an allocation beyond it ends the run
  /// with an error at the allocating op. 0: no limit.
  uint64_t maxMemoryBytes = uint64_t(4) << 30;
  /// Blocks of a launch that run interleaved (1: one block after the
  /// other). With more, the running block hands over to the next resident
  /// one where a GPU's blocks would see each other's work: after each
  /// barrier it completes, each atomic on memory outside the block, and
  /// each `nanosleep`; a block that ends makes room for the next.
  unsigned residentBlocks = 1;
  /// With residentBlocks > 1: 0 hands over in round-robin order; another
  /// value seeds a pseudo-random choice of the next block (the same seed,
  /// the same run).
  uint64_t scheduleSeed = 0;
  /// The order of a block's warps between synchronisation points: 0 runs
  /// them round-robin from warp 0; another value seeds a pseudo-random
  /// choice of the first warp and of the next one at each hand-over (a
  /// barrier, a wait), per block (the same seed, the same run).
  uint64_t warpOrderSeed = 0;
};

/// Counters of one run, for the speed benchmark.
struct SimulatorStats {
  uint64_t kernelLaunches = 0;
  uint64_t blocks = 0;
  uint64_t warps = 0;
  /// Operations executed by warps (each counts once per warp, whatever its
  /// active lanes), and by the host.
  uint64_t warpOps = 0;
  uint64_t hostOps = 0;
};

/// Runs `options.entry` of `module`, writing what the program prints to
/// `out`. Fails, after emitting a diagnostic at the offending op, on any
/// fault the simulator detects or any operation it does not support.
LogicalResult simulate(ModuleOp module, std::ostream &out,
                       const SimulatorOptions &options,
                       SimulatorStats *stats = nullptr);

} // namespace wc
} // namespace mlir

#endif // WC_SIMULATOR_SIMULATOR_H
