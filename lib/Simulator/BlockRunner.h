//===- BlockRunner.h - Runs the warps of one thread block -------*- C++ -*-===//
//
// Executes the warps of a thread block and implements what they share:
// hardware barriers (id 0 for gpu.barrier, named barriers with thread
// counts, arrive), the vector clocks of race detection, and the detection of
// barriers that only part of the block reaches. Warps run one at a time, in
// a fixed round-robin order, so a simulation is deterministic.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_SIMULATOR_BLOCKRUNNER_H
#define WC_LIB_SIMULATOR_BLOCKRUNNER_H

#include "Interpreter.h"
#include "Races.h"

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <vector>

namespace mlir {
namespace wc {
namespace sim {

/// A kernel launch: the kernel and its configuration.
struct KernelLaunch {
  /// The kernel body: a gpu.func's body or a gpu.launch's region.
  Region *body;
  /// The entry block arguments for every thread, computed per warp by
  /// `makeArgs` (kernel arguments, or the ids of a gpu.launch body).
  std::function<llvm::SmallVector<WarpValue>(const WarpPlace &)> makeArgs;
  /// Workgroup and private attributions of a gpu.func / gpu.launch.
  llvm::SmallVector<Value> workgroupBuffers;
  llvm::SmallVector<Value> privateBuffers;
  int64_t grid[3];
  int64_t block[3];
  /// The host interpreter, whose values a gpu.launch body may use.
  Interpreter *host;
  /// Whether the kernel contains any barrier (else warps run inline).
  bool hasBarriers;
};

/// The turn among the resident blocks of a launch
/// (SimulatorOptions::residentBlocks): each slot runs its blocks one after
/// the other on its own thread, and one slot at a time runs; the running
/// slot keeps the turn until it yields or leaves.
class BlockScheduler {
public:
  BlockScheduler(unsigned slots, uint64_t seed);
  /// Waits for `slot`'s turn; false once the launch has failed.
  bool enter(unsigned slot);
  /// Hands the turn to the next slot (round-robin, or pseudo-random with a
  /// seed; possibly `slot` again) and waits for it to come back; false once
  /// the launch has failed.
  bool yield(unsigned slot);
  /// `slot` has no block left: hands the turn over for good.
  void leave(unsigned slot);
  /// The launch failed: every slot's next wait returns false.
  void abort();

private:
  /// The next slot to run after `slot`, of those still active.
  unsigned pickNext(unsigned slot);

  std::mutex mutex;
  std::condition_variable wakeup;
  std::vector<bool> active;
  unsigned turn = 0;
  bool aborted = false;
  uint64_t seed, state;
};

class BlockRunner {
public:
  /// `scheduler`: the launch's resident blocks' turn, which this block
  /// holds in slot `slot` (null: the block runs alone).
  BlockRunner(Simulator &sim, const KernelLaunch &launch,
              const int64_t blockId[3], BlockScheduler *scheduler = nullptr,
              unsigned slot = 0);
  ~BlockRunner();

  /// Runs every warp of the block to completion.
  LogicalResult run();

  /// Warp `warp` (lanes `active`) waits at barrier `id` until `threads`
  /// threads (0: the whole block) have arrived.
  LogicalResult sync(Interpreter &interp, Operation *op, unsigned warp,
                     unsigned id, int64_t threads, LaneMask active);
  /// Warp `warp` arrives at barrier `id` of `threads` threads, not waiting.
  LogicalResult arrive(Interpreter &interp, Operation *op, unsigned warp,
                       unsigned id, int64_t threads, LaneMask active);
  /// Initialises mbarrier `index` of the group `group` (an
  /// nvgpu.mbarrier.create of this block) to expect `count` arrivals a phase.
  LogicalResult initMBarrier(Interpreter &interp, Operation *op,
                             Operation *group, int64_t index, int64_t count);
  /// The lanes `active` of warp `warp` arrive at an mbarrier (a release: the
  /// warp's epoch ends); the phase completes with its last expected arrival.
  /// Returns the phase arrived in.
  FailureOr<uint64_t> arriveMBarrier(Interpreter &interp, Operation *op,
                                     Operation *group, int64_t index,
                                     unsigned warp, LaneMask active);
  /// Warp `warp` waits until the mbarrier's phase of parity `parity` (the
  /// current or the previous one) has completed, then acquires what the
  /// arrivals of that phase released.
  LogicalResult waitMBarrierParity(Interpreter &interp, Operation *op,
                                   Operation *group, int64_t index,
                                   unsigned warp, bool parity);
  /// setmaxnreg of warp `warp`, whose warps start with `budget` registers
  /// per thread: down to `count`, releasing registers to the block's pool
  /// (`increase` false), or up to `count`, taking them from the pool, and
  /// waiting until other warps have released enough.
  LogicalResult setMaxRegisters(Interpreter &interp, Operation *op,
                                unsigned warp, int64_t budget, int64_t count,
                                bool increase);
  /// gpu.all_reduce: combines `partial` of every warp with `combine` and
  /// returns the block's result to each (two block barriers).
  FailureOr<uint64_t>
  allReduce(Interpreter &interp, Operation *op, unsigned warp, LaneMask active,
            uint64_t partial,
            llvm::function_ref<uint64_t(uint64_t, uint64_t)> combine);
  /// Ends the current epoch of warp `warp` (a warp sync).
  void warpSync(unsigned warp) { clocks[warp][warp]++; }
  /// Lets the launch's other resident blocks run (a point where blocks on
  /// a GPU see each other's work); fails without a message when the launch
  /// has failed meanwhile (its error is already reported).
  LogicalResult yieldToOtherBlocks();
  /// The block's instance of the workgroup buffer created by `key` (a
  /// workgroup alloca/alloc or memref.global), allocated on first use; null
  /// after an error at `key` when the memory cannot hold it.
  Buffer *getSharedBuffer(Interpreter &interp, Operation *key, Type elementType,
                          int64_t count, llvm::StringRef name);
  /// One private buffer of `type` (of `sizes`) per lane of `lanes`, freed
  /// with the block; fails after an error at `op`.
  FailureOr<WarpValue> allocatePrivate(Interpreter &interp, Operation *op,
                                       MemRefType type,
                                       llvm::ArrayRef<int64_t> sizes,
                                       LaneMask lanes, llvm::StringRef name);
  /// The asynchronous copies (cp.async) of one thread not completed yet:
  /// the writes to workgroup memory of the copies not committed to a group,
  /// and of each committed group, oldest first. A copy reads its source
  /// when issued and writes its destination when a wait retires its group.
  struct AsyncWrite {
    Operation *copy;
    Buffer *buffer;
    int64_t element;
    uint64_t bits;
  };
  struct AsyncCopies {
    std::vector<AsyncWrite> uncommitted;
    std::deque<std::vector<AsyncWrite>> groups;
  };
  /// The pending asynchronous copies of thread `thread` (linear id).
  AsyncCopies &asyncCopiesOf(int64_t thread) {
    if (asyncCopies.size() <= static_cast<size_t>(thread))
      asyncCopies.resize(thread + 1);
    return asyncCopies[thread];
  }
  /// The copy of thread `thread` whose write to `element` of `buffer` is
  /// still pending, or null.
  Operation *pendingAsyncWrite(int64_t thread, const Buffer *buffer,
                               int64_t element) const;

  /// Race detection for an access of `thread` of warp `warp`, on the
  /// buffer's own history (workgroup memory) or the block's history of a
  /// global buffer.
  /// `sameValue`: a write of the value the element holds, which does not
  /// race with an earlier write.
  std::optional<Access> recordAccess(Buffer &buffer, int64_t element,
                                     bool isWrite, unsigned warp,
                                     unsigned thread, bool sameValue = false);

private:
  enum class WarpState { Runnable, Waiting, Done };
  struct Barrier {
    int64_t arrived = 0;
    int64_t expected = 0;
    llvm::SmallVector<unsigned> waiting;
    VectorClock joined;
    /// An op that took part, for diagnostics.
    Operation *op = nullptr;
  };

  struct MBarrier {
    /// Arrivals a phase expects (0: not initialised) and still expects.
    int64_t expected = 0, pending = 0;
    uint64_t phase = 0;
    /// The clocks the arrivals of the current phase released, and those of
    /// the last completed phase.
    VectorClock releasing, completed;
    /// Warps waiting for the current phase.
    llvm::SmallVector<unsigned> waiting;
    /// The last op that used it, for diagnostics.
    Operation *op = nullptr;
  };
  /// The mbarrier `index` of `group` (`initialised`: which must have been
  /// initialised), or null after an error at `op`.
  MBarrier *getMBarrier(Interpreter &interp, Operation *op, Operation *group,
                        int64_t index, bool initialised = true);
  /// Warp `warp` ends its epoch and releases what it did into `into` (a
  /// barrier's clock).
  void release(unsigned warp, VectorClock &into);
  /// Warp `warp` acquires what a barrier's participants released.
  void acquire(unsigned warp, const VectorClock &released);

  LogicalResult runWarp(unsigned warp);
  /// Fails with an error at the barrier when a named barrier or an mbarrier
  /// holds arrivals that no completed phase took when the block ends.
  LogicalResult checkBarriersAtExit();
  /// A new workgroup buffer of this block (with race history if enabled)
  /// aligned to `alignment` bytes (0: its element size), or null with the
  /// reason in `why`.
  Buffer *allocateShared(Type elementType, int64_t count, llvm::StringRef name,
                         uint64_t alignment, std::string &why);
  /// Counts `warp`'s arrival at `id`; releases the barrier when complete.
  /// Returns true if the barrier completed.
  FailureOr<bool> countArrival(Interpreter &interp, Operation *op,
                               unsigned warp, unsigned id, int64_t threads,
                               LaneMask active, bool waits);
  /// The warp of `candidates` (runnable warps, in round-robin order from
  /// the one after the current) that runs next: the first, or one chosen
  /// pseudo-randomly with a warp-order seed.
  unsigned pickWarp(llvm::ArrayRef<unsigned> candidates);
  /// Hands execution from `warp` to the next runnable warp; fails the block
  /// when none can run while some wait (a barrier part of the block missed).
  void passTurn(unsigned warp);
  /// Blocks the calling thread until it is `warp`'s turn or the block failed.
  bool waitTurn(unsigned warp);

  Simulator &sim;
  const KernelLaunch &launch;
  int64_t blockId[3];
  BlockScheduler *scheduler;
  unsigned slot;
  unsigned numWarps;
  int64_t numThreads;
  llvm::SmallVector<WarpPlace> places;
  llvm::SmallVector<WarpValue> attributions;
  llvm::SmallVector<VectorClock> clocks;
  llvm::SmallVector<WarpState> states;
  Barrier barriers[16];
  std::map<std::pair<Operation *, int64_t>, MBarrier> mbarriers;
  std::vector<AsyncCopies> asyncCopies;
  llvm::DenseMap<Operation *, Buffer *> sharedBuffers;
  /// The workgroup and private buffers of the block, freed when it ends.
  llvm::SmallVector<Buffer *> owned;
  struct Reduction {
    uint64_t value = 0;
    unsigned contributed = 0;
    unsigned read = 0;
  };
  llvm::DenseMap<Operation *, Reduction> reductions;
  /// setmaxnreg: each warp's registers per thread (0: those it started
  /// with), the registers released to the block's pool, and the warps that
  /// wait for more (their op and count).
  llvm::SmallVector<int64_t> warpRegisters;
  int64_t registerPool = 0;
  struct RegisterRequest {
    unsigned warp;
    int64_t count;
    Operation *op;
  };
  llvm::SmallVector<RegisterRequest> registerRequests;

  std::mutex mutex;
  /// One per warp, so that a hand-over wakes only the warp that runs next.
  std::vector<std::condition_variable> wakeups;
  unsigned turn = 0;
  bool aborted = false;
  /// The pseudo-random state of the warp order (SimulatorOptions::
  /// warpOrderSeed; 0: round-robin).
  uint64_t orderState = 0;
  /// Global memory's access history between this block's threads, per
  /// buffer (sparse: only the elements the block touches).
  llvm::DenseMap<Buffer *, std::unique_ptr<RaceShadow>> globalShadows;
};

} // namespace sim
} // namespace wc
} // namespace mlir

#endif // WC_LIB_SIMULATOR_BLOCKRUNNER_H
