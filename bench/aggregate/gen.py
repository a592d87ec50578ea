#!/usr/bin/env python3
"""The warp-aggregation benchmark: kernels of the integration suite at sizes
that fill an H100 (see bench/lib/benchgen.py). Usage: gen.py OUTDIR [SEED]
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "lib"))
import benchgen  # noqa: E402

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
    "binomial": ("test/Integration/binomial.mlir",
                 {"memref<4x129xf32>": "memref<8192x129xf32>",
                  "memref<4xf32>": "memref<8192xf32>"},
                 "@kernels::@binomial blocks in (%c8192, %c1, %c1) threads in (%c128, %c1, %c1)",
                 [("memref<8192x129xf32>"), ("memref<8192xf32>")]),
    "srad_reduce": ("test/Integration/srad_reduce.mlir",
                    {"memref<1000xi32>": "memref<4194000xi32>",
                     "arith.constant 1000 : index": "arith.constant 4194000 : index",
                     "memref<4x2xi32>": "memref<16384x2xi32>"},
                    "@kernels::@reduce blocks in (%c16384, %c1, %c1) threads in (%c256, %c1, %c1)",
                    [("memref<4194000xi32>"), ("memref<16384x2xi32>")]),
    "histogram_merge": ("test/Integration/histogram_merge.mlir",
                        {"memref<600x256xi32>": "memref<600x8192xi32>",
                         "memref<256xi32>": "memref<8192xi32>"},
                        "@kernels::@merge blocks in (%c8192, %c1, %c1) threads in (%c256, %c1, %c1)",
                        [("memref<600x8192xi32>"), ("memref<8192xi32>")]),
    "backprop_forward": ("test/Integration/backprop_forward.mlir",
                         {"memref<64xi32>": "memref<131072xi32>",
                          "memref<64x16xi32>": "memref<131072x16xi32>",
                          "memref<4x16xi32>": "memref<8192x16xi32>"},
                         "@kernels::@layerforward blocks in (%c1, %c8192, %c1) threads in (%c16, %c16, %c1)",
                         [("memref<131072xi32>"), ("memref<131072x16xi32>"),
                          ("memref<8192x16xi32>")]),
}


if __name__ == "__main__":
    benchgen.main(BENCHES, sys.argv)
