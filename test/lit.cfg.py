# -*- Python -*- lit configuration of the wc test suite.
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "WC"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.wc_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(["wc-opt", "wc-sim"], [config.wc_tools_dir])

# Outputs of the integration programs run on a GPU (built by
# utils/build-integration-for-gpu.sh, run by utils/gpu-run.sh, checked by
# utils/check-gpu-outputs.sh, which passes --param gpu_outputs=DIR).
gpu_outputs = lit_config.params.get("gpu_outputs")
if gpu_outputs:
    config.available_features.add("gpu-outputs")
    config.substitutions.append(("%gpu_outputs", os.path.abspath(gpu_outputs)))
# Upstream's own mlir-opt, which loads wc as a plugin.
config.substitutions.append(("%mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))
config.substitutions.append(
    ("%wc_plugin", os.path.join(config.wc_obj_root, "lib", "WCPlugin.so")))
config.substitutions.append(("%wc_src_root", config.wc_src_root))
config.substitutions.append(("%wc_obj_root", config.wc_obj_root))
config.substitutions.append(
    ("%extract-ptx", "python3 " + os.path.join(config.wc_src_root, "utils", "extract-ptx.py")))
# A GPU output against the simulator's, floats within a relative 2e-5.
config.substitutions.append(
    ("%compare-outputs", "python3 " + os.path.join(config.wc_src_root, "utils",
                                                   "compare-gpu-outputs.py") + " --pair"))

# ptxas assembles generated PTX; without it those tests are unsupported.
# %fake_ptxas stands in for it where a test gives the figures ptxas reports
# (WC_FAKE_PTXAS, see the script).
fake_ptxas = os.path.join(config.wc_src_root, "test", "Transforms", "Consolidate",
                          "Inputs", "fake-ptxas.py")
config.substitutions.append(("%fake_ptxas", fake_ptxas))
if config.ptxas and not config.ptxas.endswith("NOTFOUND"):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))

# wc_cuda_runtime (built when CMake found the CUDA driver API): tests of the
# runtime and of programs compiled by utils/wc-compile.py, without a GPU.
if config.cuda_runtime == "ON":
    config.available_features.add("cuda-runtime")
    config.substitutions.append(
        ("%wc_cuda_runtime", os.path.join(config.wc_obj_root, "lib", "libwc_cuda_runtime.a")))
    config.substitutions.append(("%cuda_driver_library", config.cuda_driver_library))
    config.substitutions.append(("%host_cxx", config.host_cxx))
    config.substitutions.append(("%llvm_lib_dir", config.llvm_lib_dir))
    config.substitutions.append(
        ("%wc-compile", "python3 " + os.path.join(config.wc_src_root, "utils", "wc-compile.py")
         + " --build-dir " + config.wc_obj_root))

# Executed programs (test/Integration, test/Producers) run on the CPU
# simulator as written and after each wc pipeline, checked by the same
# FileCheck lines: %lowered is the NVVM lowering of the wc and gpu subgroup
# ops; the others apply wc stages first (and the lowering, for *_lowered).
# With --param gpu_outputs=DIR the outputs the same programs printed on a GPU
# (utils/gpu-run.sh, see utils/check-gpu-outputs.sh) are checked too.
lower = "gpu-kernel-outlining,gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm)"
for name, passes in [
    # Longer names first: lit substitutes in order.
    ("%aggregated_lowered", "wc-aggregate," + lower),
    ("%aggregated", "wc-aggregate"),
    ("%remapped_lowered", "wc-aggregate,wc-remap," + lower),
    ("%remapped", "wc-aggregate,wc-remap"),
    ("%delegated_dynamic_lowered",
     "wc-aggregate,wc-remap,wc-delegate{schedule=dynamic}," + lower),
    # Two agents, so that a grid of more than 12 jobs takes tickets.
    ("%delegated_ticketed_lowered",
     "wc-aggregate,wc-remap,wc-delegate{schedule=dynamic throttle=2}," + lower),
    ("%delegated", "wc-aggregate,wc-remap,wc-delegate"),
    ("%specialized_aggregated_lowered",
     "wc-specialize{aggregate-consumers=1 producer-warps=2}," + lower),
    ("%specialized_aggregated", "wc-specialize{aggregate-consumers=1}"),
    ("%specialized_lowered", "wc-specialize," + lower),
    ("%specialized", "wc-specialize"),
    ("%consolidated_lowered", "wc-consolidate," + lower),
    # The cost model deciding from the figures of %fake_ptxas.
    ("%measured_lowered", "wc-consolidate{ptxas=" + fake_ptxas + "}," + lower),
    ("%consolidated", "wc-consolidate"),
    ("%forwarded", "wc-forward-stores"),
    ("%collaborated_lowered", "wc-collaborate," + lower),
    ("%collaborated", "wc-collaborate"),
    ("%prepared_lowered", "wc-prepare," + lower),
    ("%prepared", "wc-prepare"),
    ("%lowered", lower),
]:
    config.substitutions.append(
        (name, "--pass-pipeline='builtin.module(" + passes + ")'"))
