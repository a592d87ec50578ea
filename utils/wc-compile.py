#!/usr/bin/env python3
"""Compiles a GPU test program (an MLIR module with a host `func.func @main()`
and gpu.launch_func of kernels, in the style of upstream MLIR's GPU
integration tests) ahead of time into a native x86-64 executable that needs
only the CUDA driver (libcuda.so.1) and libc where it runs.

Steps: wc-opt (the extra passes, kernel outlining, gpu-async-region when the
program has synchronous gpu.alloc/memcpy/memset/dealloc, and the
wc-lower-to-nvvm pipeline, which embeds the cubin); mlir-translate to LLVM IR;
clang to an object, whose `void main()` llvm-objcopy renames for the
runtime's `main` (which exits with status 0); a link with
build/lib/libwc_cuda_runtime.a (the mgpu* and runner-utils functions), the
CUDA driver stub and a static libstdc++; and an ldd check of what the
executable needs.

Usage:
  wc-compile.py prog.mlir -o prog.exe [--chip sm_90] [--format bin]
                [--pipeline "--wc-aggregate"] [--build-dir build] [--verbose]
"""
import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# What the executable may need where it runs: the CUDA driver and libc.
ALLOWED_SHARED_LIBRARIES = {
    "linux-vdso.so.1",
    "libcuda.so.1",
    "libc.so.6",
    "libm.so.6",
    "libdl.so.2",
    "libpthread.so.0",
    "ld-linux-x86-64.so.2",
}


class StepError(Exception):
    """A step of the compilation failed; the message says which and why."""


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description="Compile a GPU test program (MLIR) into an executable "
        "that needs only the CUDA driver.")
    parser.add_argument("input", help="the MLIR program")
    parser.add_argument("-o", "--output", required=True,
                        help="the executable to write")
    parser.add_argument("--chip", default="sm_90",
                        help="GPU architecture (default: sm_90)")
    parser.add_argument("--features", default=None,
                        help="PTX ISA feature, e.g. +ptx80 (default: the "
                        "pipeline's)")
    parser.add_argument("--format", default="bin",
                        choices=["bin", "fatbin", "isa"],
                        help="kernel format embedded: cubin (bin, default), "
                        "fatbin, or PTX JIT-compiled at load (isa)")
    parser.add_argument("--pipeline", default="",
                        help="extra wc-opt passes run before the lowering, "
                        "e.g. \"--wc-aggregate\"")
    parser.add_argument("--async-region", default="auto",
                        choices=["auto", "always", "never"],
                        help="run gpu-async-region, which turns synchronous "
                        "gpu.alloc/memcpy/memset/dealloc into the async form "
                        "that gpu-to-llvm lowers; auto (default): when the "
                        "program has such synchronous ops")
    parser.add_argument("--build-dir", default=os.path.join(REPO_ROOT,
                                                            "build"),
                        help="wc build directory: bin/wc-opt, "
                        "lib/libwc_cuda_runtime.a, and in CMakeCache.txt the "
                        "LLVM and CUDA it was configured with "
                        "(default: %(default)s)")
    parser.add_argument("--llvm-bin",
                        help="directory of mlir-translate and clang (default: "
                        "the build's LLVM, else /usr/lib/llvm-22/bin)")
    parser.add_argument("--cuda-root",
                        help="CUDA toolkit with bin/ptxas and "
                        "lib64/stubs/libcuda.so (default: the build's, else "
                        "/usr/local/cuda)")
    parser.add_argument("--keep-temps", metavar="DIR",
                        help="write the intermediate files (.llvm.mlir, .ll, "
                        ".o) to DIR and keep them")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print each command before running it")
    return parser.parse_args(join_option_values(argv, ["--pipeline"]))


def join_option_values(argv, options):
    """`argv` with `OPTION VALUE` written as `OPTION=VALUE` for the given
    options, so that a value that starts with a dash (`--pipeline
    "--wc-consolidate"`) is taken as the value rather than as an option."""
    joined, i = [], 0
    while i < len(argv):
        if argv[i] in options and i + 1 < len(argv):
            joined.append(argv[i] + "=" + argv[i + 1])
            i += 2
        else:
            joined.append(argv[i])
            i += 1
    return joined


def require_file(path, what):
    if not os.path.isfile(path):
        raise StepError(f"{what} not found: {path}")
    return path


def run_step(name, command, verbose, env=None, capture=False):
    """Runs `command`; raises StepError naming the step when it fails.
    Returns its standard output when `capture` is set."""
    if verbose:
        print("+ " + shlex.join(command), file=sys.stderr, flush=True)
    try:
        result = subprocess.run(command, env=env, text=True,
                                stdout=subprocess.PIPE if capture else None)
    except OSError as error:
        raise StepError(f"{name}: cannot run {command[0]}: {error}")
    if result.returncode != 0:
        raise StepError(f"{name} failed (exit status {result.returncode}): "
                        + shlex.join(command))
    return result.stdout


def check_shared_libraries(executable, verbose):
    """Raises StepError unless `executable` needs only the CUDA driver and
    libc's libraries (ALLOWED_SHARED_LIBRARIES)."""
    output = run_step("ldd", ["ldd", executable], verbose, capture=True)
    unexpected = []
    for line in output.splitlines():
        fields = line.split()
        if not fields:
            continue
        name = os.path.basename(fields[0])
        if name not in ALLOWED_SHARED_LIBRARIES:
            unexpected.append(line.strip())
    if unexpected:
        raise StepError(f"{executable} needs shared libraries that the GPU "
                        "machine lacks:\n  " + "\n  ".join(unexpected))


# gpu-to-llvm lowers these only in async form (`gpu.alloc async [%t] ...`);
# gpu.alloc host_shared is the exception, and must stay synchronous.
SYNCHRONOUS_GPU_OP = re.compile(
    r"\bgpu\.(alloc|memcpy|memset|dealloc)\b(?!\s+async\b)(?!\s+host_shared\b)")
# What the host lowering leaves when it cannot lower a gpu op.
UNLOWERED_HOST_OP = re.compile(
    r"\bgpu\.(alloc|memcpy|memset|dealloc|wait|host_register|"
    r"host_unregister)\b|builtin\.unrealized_conversion_cast")


def needs_async_region(program):
    """Whether `program` has synchronous gpu.alloc/memcpy/memset/dealloc."""
    with open(program) as source:
        return any(SYNCHRONOUS_GPU_OP.search(line.split("//")[0])
                   for line in source)


def check_host_lowered(lowered):
    """Raises StepError naming the host ops that the lowering left in
    `lowered` (mlir-translate would fail on them with a less helpful
    message)."""
    leftovers = []
    with open(lowered) as module:
        for number, line in enumerate(module, 1):
            if "gpu.binary" in line or "gpu.module" in line:
                continue
            if UNLOWERED_HOST_OP.search(line):
                leftovers.append(f"{lowered}:{number}: {line.strip()}")
    if leftovers:
        # The unlowered gpu ops say more than the casts around them.
        leftovers.sort(key=lambda line: "unrealized_conversion_cast" in line)
        raise StepError(
            "the host code was not fully lowered to the LLVM dialect:\n  " +
            "\n  ".join(leftovers[:5]) +
            "\ngpu-to-llvm lowers gpu.alloc/memcpy/memset/dealloc only in "
            "async form with one dependency, and gpu.alloc host_shared only "
            "synchronously: write the program in one style, or choose "
            "--async-region=always/never")


MAIN_DEFINITION = re.compile(r"^define\s+(?:[\w.]+\s+)*?(\w+)\s+@main\((.*?)\)")


def rename_void_main(obj, llvm_ir, llvm_bin, verbose):
    """Renames a `void main()` in `obj` to `_wc_program_main`, which the
    runtime's `main` calls before exiting with status 0 (as a process entry
    point, `void main()` would exit with a garbage status). An `i32 main()`
    stays the entry point. Raises StepError for any other `main`."""
    signature = None
    with open(llvm_ir) as module:
        for line in module:
            match = MAIN_DEFINITION.match(line)
            if match:
                signature = match.groups()
                break
    if signature is None:
        raise StepError("the program defines no func.func @main")
    if signature == ("i32", ""):
        return
    if signature != ("void", ""):
        raise StepError("func.func @main must take no argument and return "
                        f"nothing or i32, not: {line.strip()}")
    objcopy = require_file(os.path.join(llvm_bin, "llvm-objcopy"),
                           "llvm-objcopy")
    run_step("rename main",
             [objcopy, "--redefine-sym=main=_wc_program_main", obj], verbose)


def read_cmake_cache(build_dir):
    """The entries of `build_dir`/CMakeCache.txt as a dict (empty if none)."""
    entries = {}
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt")) as cache:
            for line in cache:
                name, sep, value = line.strip().partition("=")
                if sep and not name.startswith(("#", "//")):
                    entries[name.partition(":")[0]] = value
    except OSError:
        pass
    return entries


def locate_tools(args, build_dir):
    """The LLVM tools directory, the CUDA bin directory and the CUDA driver
    library to link against: from the options, else from the build's CMake
    cache, else the usual Debian/CUDA locations."""
    cache = read_cmake_cache(build_dir)
    llvm_bin = args.llvm_bin
    if not llvm_bin and cache.get("LLVM_DIR"):
        # LLVM_DIR is <prefix>/lib/cmake/llvm.
        llvm_bin = os.path.normpath(
            os.path.join(cache["LLVM_DIR"], "..", "..", "..", "bin"))
    llvm_bin = llvm_bin or "/usr/lib/llvm-22/bin"
    if args.cuda_root:
        cuda_bin = os.path.join(args.cuda_root, "bin")
        driver = os.path.join(args.cuda_root, "lib64", "stubs", "libcuda.so")
    else:
        cuda_bin = cache.get("CUDAToolkit_BIN_DIR", "/usr/local/cuda/bin")
        driver = cache.get("CUDA_cuda_driver_LIBRARY",
                           "/usr/local/cuda/lib64/stubs/libcuda.so")
    return llvm_bin, cuda_bin, driver


def compile_program(args, temps):
    build_dir = os.path.abspath(args.build_dir)
    llvm_bin, cuda_bin, driver = locate_tools(args, build_dir)
    wc_opt = require_file(os.path.join(build_dir, "bin", "wc-opt"), "wc-opt")
    runtime = require_file(
        os.path.join(build_dir, "lib", "libwc_cuda_runtime.a"),
        "the runtime library (ninja -C BUILD wc_cuda_runtime; it is built "
        "only when CMake found the CUDA toolkit)")
    translate = require_file(os.path.join(llvm_bin, "mlir-translate"),
                             "mlir-translate")
    clang = require_file(os.path.join(llvm_bin, "clang"), "clang")
    clangxx = require_file(os.path.join(llvm_bin, "clang++"), "clang++")
    require_file(driver, "the CUDA driver library (stub)")
    require_file(args.input, "input program")
    # A failed compilation leaves no executable, not a stale one.
    if os.path.lexists(args.output):
        os.remove(args.output)

    stem = os.path.splitext(os.path.basename(args.input))[0]
    lowered = os.path.join(temps, stem + ".llvm.mlir")
    llvm_ir = os.path.join(temps, stem + ".ll")
    obj = os.path.join(temps, stem + ".o")

    lowering = f"chip={args.chip} format={args.format}"
    if args.features:
        lowering += f" features={args.features}"
    # The extra passes run first, on their own: the host code they leave
    # (wc-delegate's dynamic schedule adds a synchronous gpu.alloc and
    # gpu.memset for its ticket counter) decides whether gpu-async-region
    # is needed.
    source = args.input
    if args.pipeline:
        source = os.path.join(temps, stem + ".wc.mlir")
        run_step("wc-opt", [wc_opt, args.input] + shlex.split(args.pipeline) +
                 ["-o", source], args.verbose)
    passes = ["--gpu-kernel-outlining"]
    if args.async_region == "always" or (args.async_region == "auto" and
                                         needs_async_region(source)):
        passes.append("--gpu-async-region")
    passes.append(f"--wc-lower-to-nvvm={lowering}")
    # gpu-module-to-binary runs ptxas for format=bin/fatbin.
    env = dict(os.environ)
    env["PATH"] = cuda_bin + os.pathsep + env.get("PATH", "")
    run_step("wc-opt", [wc_opt, source] + passes + ["-o", lowered],
             args.verbose, env=env)
    check_host_lowered(lowered)
    run_step("mlir-translate",
             [translate, "--mlir-to-llvmir", lowered, "-o", llvm_ir],
             args.verbose)
    run_step("clang", [clang, "-c", "-O2", "-Wno-override-module", llvm_ir,
                       "-o", obj], args.verbose)
    rename_void_main(obj, llvm_ir, llvm_bin, args.verbose)
    # --as-needed: a host-only program needs no libcuda at all.
    run_step("link", [clangxx, obj, runtime, "-L" + os.path.dirname(driver),
                      "-Wl,--as-needed", "-lcuda",
                      "-static-libstdc++", "-static-libgcc", "-o",
                      args.output], args.verbose)
    try:
        check_shared_libraries(args.output, args.verbose)
    except StepError:
        os.remove(args.output)
        raise


def main(argv):
    args = parse_args(argv)
    try:
        if args.keep_temps:
            os.makedirs(args.keep_temps, exist_ok=True)
            compile_program(args, args.keep_temps)
        else:
            with tempfile.TemporaryDirectory(prefix="wc-compile-") as temps:
                compile_program(args, temps)
    except StepError as error:
        print(f"wc-compile: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
