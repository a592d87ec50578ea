//===- Races.h - Data-race detection on workgroup memory --------*- C++ -*-===//
//
// Happens-before race detection for the simulator. Every warp of a block
// carries a vector clock; a warp sync or barrier ends the warp's epoch, and
// a completed barrier joins the clocks of its participants. Each element of
// workgroup memory, and each element of global memory a block touches,
// remembers its last write and the reads since (atomics are not recorded);
// an access races with an earlier one by another thread of the block that
// it is not ordered after.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_SIMULATOR_RACES_H
#define WC_LIB_SIMULATOR_RACES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace mlir {
namespace wc {
namespace sim {

/// One warp's knowledge of every warp's epoch.
using VectorClock = llvm::SmallVector<uint32_t, 8>;

/// An access to an element: which thread (linear id in the block), from
/// which warp, in which epoch of that warp.
struct Access {
  uint32_t thread;
  uint32_t warp;
  uint32_t epoch;
  bool isWrite;
};

/// The access history of a buffer: of each element of a workgroup buffer,
/// or (sparse) of the elements of a global buffer that one block touches.
class RaceShadow {
public:
  explicit RaceShadow(int64_t elements, bool sparse = false)
      : cells(sparse ? 0 : elements), sparse(sparse) {}

  /// Records `access` to `element` made by a thread whose warp's clock is
  /// `clock`; returns the earlier access it races with, if any. A write with
  /// `sameValue` (of the value the element holds) does not race with an
  /// earlier write.
  std::optional<Access> record(int64_t element, const Access &access,
                               const VectorClock &clock,
                               bool sameValue = false);

private:
  struct Cell {
    std::optional<Access> write;
    llvm::SmallVector<Access, 2> reads;
  };
  std::vector<Cell> cells;
  llvm::DenseMap<int64_t, Cell> sparseCells;
  bool sparse;
};

} // namespace sim
} // namespace wc
} // namespace mlir

#endif // WC_LIB_SIMULATOR_RACES_H
