#!/usr/bin/env python3
"""The delegation benchmark (issue 6): a kernel without barriers (the
BlackScholes-like option pricing, 16M options), an imbalanced one (the
triangular correlation, 8192 rows of 64, block r doing 8192 - r rows) and
the kernels with synchronisation and communication of the remap benchmark
(see bench/lib/benchgen.py). Usage: gen.py OUTDIR [SEED]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "remap"))
import benchgen  # noqa: E402
import importlib  # noqa: E402

remap = importlib.import_module("gen")

OPTIONS = 131072 * 128
ROWS = 8192
BENCHES = {
    "option_pricing": ("test/Integration/option_pricing.mlir", {},
                       "@kernels::@price blocks in (%c131072, %c1, %c1) threads in (%c128, %c1, %c1)",
                       [("memref<%dxf32>" % OPTIONS, "memref<?xf32>")] * 4 +
                       [("index", OPTIONS)]),
    "triangular": ("test/Integration/triangular.mlir", {},
                   "@kernels::@triangle blocks in (%c8192, %c1, %c1) threads in (%c64, %c1, %c1)",
                   [("memref<%dx64xi32>" % ROWS, "memref<?x64xi32>"),
                    ("memref<%dx64xi32>" % ROWS, "memref<?x64xi32>"),
                    ("index", ROWS)]),
}
for name in ("pathfinder", "stencil_1d", "block_reduce"):
    BENCHES[name] = remap.BENCHES[name]

if __name__ == "__main__":
    benchgen.main(BENCHES, sys.argv)
