#!/usr/bin/env python3
"""The delegation benchmark: a kernel without barriers (the
BlackScholes-like option pricing, 16M options), an imbalanced one (the
triangular correlation, 8192 rows of 64, block r doing 8192 - r rows) and
the kernels with synchronisation and communication of the remap benchmark
(see bench/lib/benchgen.py). Usage: gen.py OUTDIR [SEED]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "suite"))
import benchgen  # noqa: E402
import suite  # noqa: E402

BENCHES = {name: suite.SUITE[name]
           for name in ("option_pricing", "triangular", "pathfinder",
                        "stencil_1d", "block_reduce")}

if __name__ == "__main__":
    benchgen.main(BENCHES, sys.argv)
