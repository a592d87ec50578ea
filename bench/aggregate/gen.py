#!/usr/bin/env python3
"""The warp-aggregation benchmark: kernels of the integration suite at sizes
that fill an H100 (see bench/lib/benchgen.py). Usage: gen.py OUTDIR [SEED]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import benchgen  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "suite"))
import suite  # noqa: E402

# tree_sum and pathfinder at the sizes of the first measurement
# (docs/results.md); the suite's are larger.
BENCHES = {
    "tree_sum": ("test/Integration/tree_reduction.mlir",
                 {"memref<1024xi32>": "memref<4194304xi32>",
                  "memref<4xi32>": "memref<16384xi32>"},
                 "@kernels::@tree_sum blocks in (%c16384, %c1, %c1) threads in (%c256, %c1, %c1)",
                 [("memref<4194304xi32>"), ("memref<16384xi32>")]),
    "pathfinder": ("test/Integration/pathfinder.mlir",
                   {"memref<8x512xi32>": "memref<8x2097152xi32>",
                    "memref<512xi32>": "memref<2097152xi32>"},
                   "@kernels::@dynproc blocks in (%c8192, %c1, %c1) threads in (%c256, %c1, %c1)",
                   [("memref<8x2097152xi32>"), ("memref<2097152xi32>")]),
}
# The rest as in the suite.
BENCHES.update({name: suite.SUITE[name]
                for name in ("binomial", "srad_reduce", "histogram_merge",
                             "backprop_forward")})


if __name__ == "__main__":
    benchgen.main(BENCHES, sys.argv)
