#!/usr/bin/env python3
"""How wc-opt's time and memory grow with the number of kernels in a module.

Builds modules of N random kernels (the kernels of utils/wc-fuzz.py, each
in its own gpu.module and launched from its own host function: about 4 KB
of IR per kernel) for each N of --sizes,
runs `wc-opt <pipeline>` on each (output discarded) and prints a table of
module size, wall time, time per kernel and peak memory. When the passes
scale linearly, the time per kernel stays flat as N grows.

Examples:
  utils/scale-check.py                                   # wc-consolidate
  utils/scale-check.py --sizes 1000,4000,12000 --pipeline='--wc-consolidate --wc-lower-to-nvvm'
"""
import argparse
import importlib.util
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def load_fuzzer():
    spec = importlib.util.spec_from_file_location(
        "wc_fuzz", os.path.join(HERE, "wc-fuzz.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--sizes", default="250,1000,4000",
                        help="comma-separated kernel counts")
    parser.add_argument("--pipeline", default="--wc-consolidate",
                        help="wc-opt arguments")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--one-module", action="store_true",
                        help="all kernels in one gpu.module, launched from "
                        "one host function (default: each kernel in its own "
                        "gpu.module, as outlining makes them, launched from "
                        "its own host function)")
    parser.add_argument("--wc-opt", default=os.path.join(
        ROOT, "build", "bin", "wc-opt"))
    args = parser.parse_args()
    fuzz = load_fuzzer()
    print("| kernels | module | wc-opt %s | per kernel | peak memory |"
          % args.pipeline)
    print("|---:|---:|---:|---:|---:|")
    for count in [int(n) for n in args.sizes.split(",")]:
        plans = [fuzz.random_kernel(s)
                 for s in range(args.seed, args.seed + count)]
        with tempfile.NamedTemporaryFile("w", suffix=".mlir",
                                         delete=False) as f:
            f.write(fuzz.render_module(plans, separate=not args.one_module))
            path = f.name
        size = os.path.getsize(path)
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        start = time.time()
        proc = subprocess.run(
            [args.wc_opt, path, "-o", os.devnull] + args.pipeline.split(),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = time.time() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        os.unlink(path)
        if proc.returncode != 0:
            print("wc-opt failed (exit %d) on %d kernels"
                  % (proc.returncode, count), file=sys.stderr)
            return 1
        # ru_maxrss of children is the largest child so far: report it only
        # when this run raised it.
        memory = "%.0f MB" % (peak / 1024) if peak > before else "<= above"
        print("| %d | %.1f MB | %.1f s | %.2f ms | %s |"
              % (count, size / 1e6, elapsed, 1000 * elapsed / count, memory))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
