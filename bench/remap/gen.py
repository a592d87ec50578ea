#!/usr/bin/env python3
"""The register-remapping benchmark: the pathfinder DP (256
threads), the 1-D stencil (128 threads) and the block reduction (256
threads) at sizes that fill an H100 (see bench/lib/benchgen.py): 32 rows
of 2M columns, 32M points, 64M values; and (NAME_l2) at sizes whose data
stays in the 50 MB L2: 8 rows of 1M columns, 2M points, 4M values.
Usage: gen.py OUTDIR [SEED]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import benchgen  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "suite"))
import suite  # noqa: E402

# Data several times the 50 MB L2, thousands of blocks: the suite's.
BENCHES = {name: suite.SUITE[name]
           for name in ("pathfinder", "stencil_1d", "block_reduce")}
# Resident in L2 on purpose: no rotation of copies.
L2 = {"rotate": False}
BENCHES.update({
    # The same kernels with their data resident in L2, where the time goes
    # to barriers and shared memory rather than DRAM.
    "pathfinder_l2": ("test/Integration/pathfinder.mlir",
                      {"memref<8x512xi32>": "memref<8x1048576xi32>",
                       "memref<512xi32>": "memref<1048576xi32>"},
                      "@kernels::@dynproc blocks in (%c4096, %c1, %c1) threads in (%c256, %c1, %c1)",
                      ["memref<8x1048576xi32>", "memref<1048576xi32>"], L2),
    "stencil_1d_l2": ("examples/stencil_1d.mlir", {},
                      "@stencil_1d::@stencil blocks in (%c16384, %c1, %c1) threads in (%c128, %c1, %c1)",
                      [("memref<2097152xf32>", "memref<?xf32>"),
                       ("memref<2097152xf32>", "memref<?xf32>"),
                       ("index", 2097152)], L2),
    "block_reduce_l2": ("examples/block_reduce.mlir", {},
                        "@block_reduce::@block_sum blocks in (%c16384, %c1, %c1) threads in (%c256, %c1, %c1)",
                        [("memref<4194304xf32>", "memref<?xf32>"),
                         ("memref<16384xf32>", "memref<?xf32>")], L2),
})

if __name__ == "__main__":
    benchgen.main(BENCHES, sys.argv)
