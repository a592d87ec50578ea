//===- InitAllWC.h - Register everything wc provides ------------*- C++ -*-===//
//
// One entry for a tool or a compiler that takes wc in: the wc dialect, and
// every wc pass and pipeline (wc-opt and wc-sim call these).
//
//===----------------------------------------------------------------------===//

#ifndef WC_INITALLWC_H
#define WC_INITALLWC_H

namespace mlir {
class DialectRegistry;
namespace wc {

/// Adds the `wc` dialect to `registry`.
void registerAllWCDialects(DialectRegistry &registry);

/// Registers every wc pass (`wc-prepare`, `wc-aggregate`, `wc-remap`,
/// `wc-delegate`, `wc-consolidate`, the conversions) and pipeline
/// (`wc-lower-to-nvvm`, `wc-pipeline`) with MLIR's global registries, so
/// that textual pipelines and command-line options name them.
void registerAllWCPasses();

} // namespace wc
} // namespace mlir

#endif // WC_INITALLWC_H
