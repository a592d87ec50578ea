//===- WCDialect.td - Warp-Consolidation dialect -----------*- tablegen -*-===//
//
// The `wc` dialect: warp-level execution for GPU kernels. It gives a name to
// the things the Warp-Consolidation model needs and the `gpu` dialect lacks:
// warp jobs, virtual threads, job scheduling over persistent warp agents,
// lane-distributed register arrays, warp collectives and warp/named-barrier
// synchronisation.
//
//===----------------------------------------------------------------------===//

#ifndef WC_DIALECT_WC_IR_WCDIALECT_TD
#define WC_DIALECT_WC_IR_WCDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def WC_Dialect : Dialect {
  let name = "wc";
  let cppNamespace = "::mlir::wc";
  let summary = "Warp-Consolidation: program the warp, not the block";
  let description = [{
    The `wc` dialect models warp-level execution of GPU kernels. A kernel of
    the `gpu` dialect describes thread blocks of many warps that communicate
    through workgroup memory and `gpu.barrier`. Under the Warp-Consolidation
    execution model one warp performs the job of a whole original block
    (`wc.warp_job`), each lane running several *virtual threads*
    (`wc.vthreads`); persistent warp *agents* fetch jobs (`wc.job_loop`);
    workgroup buffers with a static access pattern become lane-distributed
    register arrays (`!wc.lane_array`) read through shuffles; and warps
    communicate with collectives (`wc.shuffle`, `wc.vote`, `wc.reduce`,
    `wc.scan`, ...) and synchronise with `wc.warp_sync` and named barriers.

    A warp has 32 lanes. Every op of this dialect that is a collective must be
    reached by all lanes named in its member mask (all 32 by default) with the
    same operands where the op says they must be uniform.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    /// Registers the types of the dialect (defined in WCTypes.cpp).
    void registerTypes();
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect"
  ];
}

class WC_Op<string mnemonic, list<Trait> traits = []>
    : Op<WC_Dialect, mnemonic, traits>;

#endif // WC_DIALECT_WC_IR_WCDIALECT_TD
