#!/usr/bin/env python3
"""Turns the outputs of the aggregation benchmark (NAME.VARIANT.out, one
launch time in seconds per line) into a markdown table: the median of the
last 50 of 60 launches per variant and the speedup of aggregation.
Usage: report.py OUTDIR"""
import glob
import os
import statistics
import sys

times = {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.out"))):
    name, variant = os.path.basename(path)[:-len(".out")].rsplit(".", 1)
    values = [float(line) for line in open(path) if line.strip()]
    if len(values) < 60:
        sys.exit("%s: %d timings, expected 60" % (path, len(values)))
    times.setdefault(name, {})[variant] = statistics.median(values[10:])
print("| kernel | original (ms) | aggregated (ms) | speedup |")
print("|---|---|---|---|")
for name, t in sorted(times.items()):
    print("| %s | %.3f | %.3f | %.2fx |" % (name, t["original"] * 1e3,
                                            t["aggregated"] * 1e3,
                                            t["original"] / t["aggregated"]))
