//===- Races.h - Data-race detection on workgroup memory --------*- C++ -*-===//
//
// Happens-before race detection for the simulator. Every warp of a block
// carries a vector clock; a warp sync or barrier ends the warp's epoch, and
// a completed barrier joins the clocks of its participants. Each workgroup
// element remembers its last write and the reads since; an access races
// with an earlier one by another thread that it is not ordered after.
//
//===----------------------------------------------------------------------===//

#ifndef WC_LIB_SIMULATOR_RACES_H
#define WC_LIB_SIMULATOR_RACES_H

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

/// The access history of a workgroup buffer.
class RaceShadow {
public:
  explicit RaceShadow(int64_t elements) : cells(elements) {}

  /// Records `access` to `element` made by a thread whose warp's clock is
  /// `clock`; returns the earlier access it races with, if any.
  std::optional<Access> record(int64_t element, const Access &access,
                               const VectorClock &clock);

private:
  struct Cell {
    std::optional<Access> write;
    llvm::SmallVector<Access, 2> reads;
  };
  std::vector<Cell> cells;
};

} // namespace sim
} // namespace wc
} // namespace mlir

#endif // WC_LIB_SIMULATOR_RACES_H
