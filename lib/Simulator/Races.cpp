//===- Races.cpp - Data-race detection on workgroup memory ----------------===//
//
// The happens-before check of RaceShadow.
//
//===----------------------------------------------------------------------===//

#include "Races.h"

using namespace mlir::wc::sim;

/// Returns true if `earlier` happens before an access by `thread` whose warp
/// has clock `clock`: same thread, or the accessing warp has seen the end of
/// the epoch in which `earlier` happened.
static bool isOrdered(const Access &earlier, uint32_t thread,
                      const VectorClock &clock) {
  return earlier.thread == thread || clock[earlier.warp] > earlier.epoch;
}

std::optional<Access> RaceShadow::record(int64_t element, const Access &access,
                                         const VectorClock &clock,
                                         bool sameValue) {
  Cell &cell = sparse ? sparseCells[element] : cells[element];
  if (cell.write && !isOrdered(*cell.write, access.thread, clock) &&
      !(access.isWrite && sameValue))
    return cell.write;
  if (access.isWrite) {
    for (const Access &read : cell.reads)
      if (!isOrdered(read, access.thread, clock))
        return read;
    cell.write = access;
    cell.reads.clear();
    return std::nullopt;
  }
  // Reads ordered before this one are implied by it (happens-before is
  // transitive), so only concurrent reads need to be kept.
  llvm::erase_if(cell.reads, [&](const Access &read) {
    return isOrdered(read, access.thread, clock);
  });
  cell.reads.push_back(access);
  return std::nullopt;
}
