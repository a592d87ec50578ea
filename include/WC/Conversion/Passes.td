//===- Passes.td - WC conversion passes --------------------*- tablegen -*-===//
//
// Lowerings of the `wc` dialect to NVVM, and of the `gpu` warp-level ops
// that upstream MLIR cannot lower to NVVM.
//
//===----------------------------------------------------------------------===//

#ifndef WC_CONVERSION_PASSES_TD
#define WC_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertGPUSubgroupToWC : Pass<"convert-gpu-subgroup-to-wc"> {
  let summary = "Lower gpu subgroup ops that upstream NVVM lowering lacks";
  let description = [{
    Upstream MLIR 22 has no NVVM lowering for `gpu.subgroup_reduce`,
    `gpu.subgroup_id`, `gpu.num_subgroups`, `gpu.subgroup_size`,
    `gpu.rotate` and `gpu.subgroup_broadcast`. This pass rewrites them into
    `wc` collectives (`wc.reduce`, `wc.shuffle`, `wc.active_mask`) and
    `gpu` id arithmetic, which `convert-wc-to-nvvm` and `convert-gpu-to-nvvm`
    then lower:

    - `gpu.subgroup_reduce` (every kind, clustered or not, scalars and
      vectors of them) becomes `wc.reduce` per element;
    - `gpu.subgroup_size` becomes the warp size (32);
    - `gpu.subgroup_id` becomes the linear thread id divided by 32 and
      `gpu.num_subgroups` the block size divided by 32, rounded up;
    - `gpu.rotate` becomes `wc.shuffle idx` within its width;
    - `gpu.subgroup_broadcast` becomes `wc.shuffle idx` from the given lane,
      or from the lowest lane of `wc.active_mask`.
  }];
  let dependentDialects = ["::mlir::wc::WCDialect", "::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::math::MathDialect"];
}

def ConvertWCToNVVM : Pass<"convert-wc-to-nvvm"> {
  let summary = "Lower the wc dialect to NVVM, scf, arith and vector ops";
  let description = [{
    Lowers every `wc` op, leaving NVVM ops on builtin types together with
    `arith`, `scf`, `vector`, `memref` and `gpu.lane_id`, which the upstream
    `convert-gpu-to-nvvm` and friends lower further:

    - `wc.warp_job` is inlined; `wc.vthreads` is unrolled once per virtual
      thread (original thread ids reconstructed from the lane id, the tail
      of a partial last warp masked); `wc.job_loop` becomes an `scf.for`
      (static schedule) or an `scf.while` fed by an atomic ticket broadcast
      from lane 0 (dynamic schedule, self-resetting counter);
    - `!wc.lane_array<N x T>` becomes a `vector<S x T>` of per-lane
      registers (`S` slots), reads from other lanes `nvvm.shfl.sync idx`;
    - `wc.shuffle`, `wc.vote`, `wc.match`, `wc.elect` map to
      `nvvm.shfl.sync`, `nvvm.vote.sync`, `nvvm.match.sync`,
      `nvvm.elect.sync` (values wider or narrower than 32 bits are split or
      widened);
    - `wc.reduce` uses `nvvm.redux.sync` for 32-bit integers on chips that
      have it (sm_80+) and a butterfly of `shfl.sync.bfly` otherwise;
      `wc.scan` and `wc.segmented_reduce` are log2(32) = 5 steps of
      `shfl.sync.up`;
    - `wc.aggregated_atomic_add` groups lanes by address with
      `nvvm.match.sync any` and issues one `memref.atomic_rmw` per group;
    - `wc.warp_sync` becomes `nvvm.bar.warp.sync`, named barriers
      `nvvm.barrier id/number_of_threads` and `nvvm.barrier.arrive`;
    - `wc.warp_specialize` becomes one branch per role; its channels'
      signals become `nvgpu.mbarrier` objects in workgroup memory on sm_90
      and later (the signalling role arrives, the waiting role arrives and
      waits with `mbarrier.try_wait.parity`), or named barriers
      (`bar.arrive` / `bar.sync`) below sm_90 or with
      `channels=named-barriers`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Target chip; decides which warp instructions exist; default: "
           "the chip of the gpu.module's #nvvm.target, else sm_90">,
    Option<"channels", "channels", "std::string", /*default=*/"\"auto\"",
           "What the channels of wc.warp_specialize lower to: mbarriers, "
           "named-barriers, or auto (mbarriers on sm_90 and later)">
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect",
                           "::mlir::gpu::GPUDialect"];
}

def CheckNVVMTarget : Pass<"wc-check-nvvm-target", "::mlir::ModuleOp"> {
  let summary = "Give every gpu.module one NVVM target the lowering can serve";
  let description = [{
    Runs in `wc-lower-to-nvvm` (after the kernels are outlined) and first in
    `wc-pipeline`, so that the wc passes, the NVVM conversion and the
    serialisation all read the chip from the IR and cannot disagree:

    - a `gpu.module` without a target gets `#nvvm.target` with the options'
      `chip` and `features` (default sm_90, +ptx80), `O` and `ptxas-options`;
    - a `gpu.module` with an `#nvvm.target` keeps it; when the options name a
      different chip or features, that is an error (the module would be
      planned for one chip and compiled for another); a module whose only
      targets are not NVVM targets is an error;
    - the chip must be one wc knows, `features` may only name a PTX ISA
      version of LLVM 22's NVPTX backend (`+ptx32` .. `+ptx90`; the backend
      would ignore anything else with a warning and emit its default PTX
      version), not older than the chip needs (e.g. `+ptx60` with `sm_90`,
      which would otherwise abort inside the NVPTX backend), and a module for
      a chip before sm_80 may not copy asynchronously (`nvgpu.device_async_*`,
      i.e. `cp.async`).
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Chip of the target given to modules without one (default "
           "sm_90); when set, modules with a target must name it">,
    Option<"features", "features", "std::string", /*default=*/"\"\"",
           "LLVM NVPTX features (PTX ISA version) of that target (default "
           "+ptx80)">,
    Option<"optLevel", "O", "int", /*default=*/"2",
           "Optimisation level of that target">,
    Option<"ptxasOptions", "ptxas-options", "std::string",
           /*default=*/"\"\"", "ptxas options of that target">
  ];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

def ModuleToBinary : Pass<"wc-module-to-binary", "::mlir::ModuleOp"> {
  let summary = "Serialise every gpu.module to a gpu.binary, in parallel";
  let description = [{
    What upstream's `gpu-module-to-binary` does, with the same formats and
    the same serialisation (each target attribute of a `gpu.module`, e.g.
    `#nvvm.target`, compiles the module and makes the object), but the
    modules are compiled in parallel on MLIR's thread pool
    (`--mlir-disable-threading` makes it sequential). Upstream's pass
    compiles one module after the other, which takes most of the time of a
    lowering with many kernels. Diagnostics come out in module order;
    the first module that fails to serialise fails the pass.
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"fatbin\"",
           "What each object holds: isa (assembly), bin, fatbin, or llvm "
           "(offloading)">,
    Option<"toolkit", "toolkit", "std::string", /*default=*/"\"\"",
           "CUDA toolkit path (default: found by the target)">,
    Option<"cmdOptions", "opts", "std::string", /*default=*/"\"\"",
           "Command-line options for the downstream tools (ptxas)">
  ];
}

#endif // WC_CONVERSION_PASSES_TD
