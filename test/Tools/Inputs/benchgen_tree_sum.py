"""Generates the tree_sum kernel of test/Integration/tree_reduction.mlir as
a benchgen benchmark at its test size (4 blocks of 256 threads, 4 KiB of
buffers: rotated through one copy per launch), for test/Tools/benchgen.test.
Usage: benchgen_tree_sum.py OUTDIR SAMPLES LAUNCHES"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "bench", "lib"))
import benchgen  # noqa: E402

SPEC = ("test/Integration/tree_reduction.mlir", {},
        "@kernels::@tree_sum blocks in (%c4, %c1, %c1) "
        "threads in (%c256, %c1, %c1)",
        ["memref<1024xi32>", "memref<4xi32>"])

os.makedirs(sys.argv[1], exist_ok=True)
print(benchgen.generate("tree_sum", SPEC, sys.argv[1], 12345,
                        int(sys.argv[2]), int(sys.argv[3])))
