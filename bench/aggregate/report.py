#!/usr/bin/env python3
"""Turns the outputs of the aggregation benchmark (NAME.VARIANT.out: 60
lines of seconds per launch, then a checksum of the output) into a markdown
table: the median of the last 50 samples per variant, the speedup of
aggregation, and whether both variants computed the same output.
Usage: report.py OUTDIR"""
import glob
import os
import statistics
import sys

times, sums = {}, {}
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.out"))):
    name, variant = os.path.basename(path)[:-len(".out")].rsplit(".", 1)
    lines = [line.strip() for line in open(path) if line.strip()]
    if len(lines) != 61:
        sys.exit("%s: %d lines, expected 60 timings and a checksum"
                 % (path, len(lines)))
    values = [float(line) for line in lines[:60]]
    times.setdefault(name, {})[variant] = statistics.median(values[10:])
    sums.setdefault(name, {})[variant] = lines[60]
print("| kernel | original (ms) | aggregated (ms) | speedup | same output |")
print("|---|---|---|---|---|")
for name, t in sorted(times.items()):
    same = sums[name]["original"] == sums[name]["aggregated"]
    print("| %s | %.3f | %.3f | %.2fx | %s |"
          % (name, t["original"] * 1e3, t["aggregated"] * 1e3,
             t["original"] / t["aggregated"], "yes" if same else "NO"))
