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

# Outputs of the integration programs run on a GPU
# (utils/run-integration-on-gpu.sh passes --param gpu_outputs=DIR).
gpu_outputs = lit_config.params.get("gpu_outputs")
if gpu_outputs:
    config.available_features.add("gpu-outputs")
    config.substitutions.append(("%gpu_outputs", os.path.abspath(gpu_outputs)))
config.substitutions.append(("%wc_src_root", config.wc_src_root))
config.substitutions.append(("%wc_obj_root", config.wc_obj_root))
config.substitutions.append(
    ("%extract-ptx", "python3 " + os.path.join(config.wc_src_root, "utils", "extract-ptx.py")))

# ptxas assembles generated PTX; without it those tests are unsupported.
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
