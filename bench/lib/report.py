#!/usr/bin/env python3
"""Turns benchmark outputs (NAME.VARIANT.out: 60 lines of seconds per
launch, then a checksum of the output) into a markdown table: per kernel the
median of the last 50 samples of each variant, the speedup of each variant
over the first, and whether every variant computed the same output.
Usage: report.py OUTDIR [VARIANT,...]   (default: original,aggregated)"""
import glob
import os
import statistics
import sys

outdir = sys.argv[1]
variants = (sys.argv[2] if len(sys.argv) > 2 else "original,aggregated").split(",")
times, sums = {}, {}
for path in sorted(glob.glob(os.path.join(outdir, "*.out"))):
    name, variant = os.path.basename(path)[:-len(".out")].rsplit(".", 1)
    if variant not in variants:
        continue
    lines = [line.strip() for line in open(path) if line.strip()]
    if len(lines) != 61:
        sys.exit("%s: %d lines, expected 60 timings and a checksum"
                 % (path, len(lines)))
    values = [float(line) for line in lines[:60]]
    times.setdefault(name, {})[variant] = statistics.median(values[10:])
    sums.setdefault(name, {})[variant] = lines[60]
base = variants[0]
header = ["kernel"] + ["%s (ms)" % v for v in variants]
header += ["%s / %s" % (v, base) for v in variants[1:]] + ["same output"]
print("| " + " | ".join(header) + " |")
print("|" + "---|" * len(header))
for name, t in sorted(times.items()):
    missing = [v for v in variants if v not in t]
    if missing:
        sys.exit("%s: no output for %s" % (name, ", ".join(missing)))
    row = [name] + ["%.4f" % (t[v] * 1e3) for v in variants]
    row += ["%.2fx" % (t[base] / t[v]) for v in variants[1:]]
    row.append("yes" if len({sums[name][v] for v in variants}) == 1 else "NO")
    print("| " + " | ".join(row) + " |")
