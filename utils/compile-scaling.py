#!/usr/bin/env python3
"""Compile time against the number of virtual threads.

  compile-scaling.py [--sizes 32,64,...] [--repeat 5] [--wc-opt PATH]
  compile-scaling.py --programs A.mlir B.mlir ... [--repeat 9]

For each block size B, two kernels written here: a tree reduction of B
elements through a workgroup buffer (log2 B barriers; wc-remap turns it into
shuffles) and a 1-D stencil that reads its neighbours from a workgroup
buffer (one barrier). Each is compiled to PTX by the upstream lowering
(`--wc-lower-to-nvvm=format=isa`) and by the wc pipeline
(`--wc-pipeline=format=isa`: prepare, cost model, lowering); the table
gives the median wall time of `--repeat` runs and the wc pipeline's ratio.
One warp job runs B / 32 virtual threads, so the wc column shows how
compile time grows with them.

With --programs, the given programs instead (e.g. the suite's kernels that
bench/suite/build.sh writes to .device-build/suite/src): the two
compilations of a program alternate, so that a busy machine slows both
alike; the table ends with the geomean of the ratios.
"""

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

REDUCTION = """
module attributes {{gpu.container_module}} {{
  gpu.module @k {{
    gpu.func @reduce(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tree: memref<{b}xf32, #gpu.address_space<workgroup>>) kernel
        attributes {{known_block_size = array<i32: {b}, 1, 1>}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cb = arith.constant {b} : index
      %clevels = arith.constant {levels} : index
      %chalf = arith.constant {half} : index
      %t = gpu.thread_id x
      %blk = gpu.block_id x
      %base = arith.muli %blk, %cb : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<?xf32>
      memref.store %x, %tree[%t] : memref<{b}xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %l = %c0 to %clevels step %c1 {{
        %s = arith.shrui %chalf, %l : index
        %on = arith.cmpi ult, %t, %s : index
        scf.if %on {{
          %p = arith.addi %t, %s : index
          %a = memref.load %tree[%t] : memref<{b}xf32, #gpu.address_space<workgroup>>
          %v = memref.load %tree[%p] : memref<{b}xf32, #gpu.address_space<workgroup>>
          %r = arith.addf %a, %v : f32
          memref.store %r, %tree[%t] : memref<{b}xf32, #gpu.address_space<workgroup>>
        }}
        gpu.barrier
      }}
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {{
        %r = memref.load %tree[%c0] : memref<{b}xf32, #gpu.address_space<workgroup>>
        memref.store %r, %out[%blk] : memref<?xf32>
      }}
      gpu.return
    }}
  }}
  func.func @host(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {{
    %c1 = arith.constant 1 : index
    %cb = arith.constant {b} : index
    gpu.launch_func @k::@reduce blocks in (%n, %c1, %c1) threads in (%cb, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }}
}}
"""

STENCIL = """
module attributes {{gpu.container_module}} {{
  gpu.module @k {{
    gpu.func @stencil(%in: memref<?xf32>, %out: memref<?xf32>)
        workgroup(%tile: memref<{b}xf32, #gpu.address_space<workgroup>>) kernel
        attributes {{known_block_size = array<i32: {b}, 1, 1>}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cb = arith.constant {b} : index
      %clast = arith.constant {last} : index
      %t = gpu.thread_id x
      %blk = gpu.block_id x
      %base = arith.muli %blk, %cb : index
      %g = arith.addi %base, %t : index
      %x = memref.load %in[%g] : memref<?xf32>
      memref.store %x, %tile[%t] : memref<{b}xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %atLast = arith.cmpi eq, %t, %clast : index
      %n = arith.addi %t, %c1 : index
      %right = arith.select %atLast, %t, %n : index
      %atFirst = arith.cmpi eq, %t, %c0 : index
      %p = arith.subi %t, %c1 : index
      %left = arith.select %atFirst, %t, %p : index
      %a = memref.load %tile[%left] : memref<{b}xf32, #gpu.address_space<workgroup>>
      %m = memref.load %tile[%t] : memref<{b}xf32, #gpu.address_space<workgroup>>
      %z = memref.load %tile[%right] : memref<{b}xf32, #gpu.address_space<workgroup>>
      %s1 = arith.addf %a, %m : f32
      %s2 = arith.addf %s1, %z : f32
      memref.store %s2, %out[%g] : memref<?xf32>
      gpu.return
    }}
  }}
  func.func @host(%in: memref<?xf32>, %out: memref<?xf32>, %n: index) {{
    %c1 = arith.constant 1 : index
    %cb = arith.constant {b} : index
    gpu.launch_func @k::@stencil blocks in (%n, %c1, %c1) threads in (%cb, %c1, %c1)
        args(%in : memref<?xf32>, %out : memref<?xf32>)
    return
  }}
}}
"""


UPSTREAM = "--wc-lower-to-nvvm=format=isa"
WC = "--wc-pipeline=format=isa"


def seconds(wcopt, path, pipeline):
    start = time.perf_counter()
    subprocess.run([wcopt, path, pipeline, "-o", os.devnull],
                   stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def median_seconds(wcopt, path, pipeline, repeat):
    return statistics.median(seconds(wcopt, path, pipeline)
                             for _ in range(repeat))


def compare_programs(wcopt, paths, repeat):
    """Prints upstream's and the wc pipeline's median compile time of each
    program, the two alternating, and the geomean of the ratios."""
    print("| program | upstream (ms) | wc pipeline (ms) | ratio |")
    print("|---|---:|---:|---:|")
    logs = []
    for path in paths:
        samples = {UPSTREAM: [], WC: []}
        for _ in range(repeat):
            for pipeline in samples:
                samples[pipeline].append(seconds(wcopt, path, pipeline))
        upstream = statistics.median(samples[UPSTREAM])
        wc = statistics.median(samples[WC])
        logs.append(math.log(wc / upstream))
        name = os.path.splitext(os.path.basename(path))[0]
        print(f"| {name} | {upstream * 1e3:.1f} | {wc * 1e3:.1f} | "
              f"{wc / upstream:.2f} |")
    print(f"| geomean | | | {math.exp(sum(logs) / len(logs)):.3f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="32,64,128,256,512,1024")
    parser.add_argument("--repeat", type=int, default=None,
                        help="runs per compilation (default 5, 9 with "
                        "--programs)")
    parser.add_argument("--programs", nargs="+", metavar="MLIR",
                        help="compare these programs instead")
    parser.add_argument("--wc-opt", default=os.path.join(
        os.path.dirname(__file__), "..", "build", "bin", "wc-opt"))
    args = parser.parse_args()
    if args.programs:
        compare_programs(args.wc_opt, args.programs, args.repeat or 9)
        return
    args.repeat = args.repeat or 5
    sizes = [int(s) for s in args.sizes.split(",")]
    if any(b < 32 or b & (b - 1) or b > 1024 for b in sizes):
        sys.exit("compile-scaling.py: sizes must be powers of two in 32..1024")
    print("| kernel | block | virtual threads | upstream (ms) | wc pipeline (ms) | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="wc-scaling-") as tmp:
        for name, template in (("tree reduction", REDUCTION),
                               ("1-D stencil", STENCIL)):
            for b in sizes:
                path = os.path.join(tmp, f"k{b}.mlir")
                with open(path, "w") as f:
                    f.write(template.format(b=b, half=b // 2, last=b - 1,
                                            levels=b.bit_length() - 1))
                upstream = median_seconds(args.wc_opt, path, UPSTREAM,
                                          args.repeat)
                wc = median_seconds(args.wc_opt, path, WC, args.repeat)
                print(f"| {name} | {b} | {b // 32} | {upstream * 1e3:.1f} | "
                      f"{wc * 1e3:.1f} | {wc / upstream:.2f} |")


if __name__ == "__main__":
    main()
