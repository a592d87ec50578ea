#!/usr/bin/env python3
"""Turns benchmark outputs (NAME.VARIANT.out: 60 lines of seconds per
launch, then a checksum of the output) into a markdown table: per kernel the
median of the last 50 samples of each variant, the speedup of each variant
over the first, and whether every variant computed the same output. When
OUTDIR holds rounds (r1/, r2/, ... from run-rounds.sh), each time is the
median over the rounds of the per-round medians, and each speedup comes with
its range over the rounds.
Usage: report.py OUTDIR [VARIANT,...]   (default: original,aggregated)"""
import glob
import os
import statistics
import sys

outdir = sys.argv[1]
variants = (sys.argv[2] if len(sys.argv) > 2 else "original,aggregated").split(",")
rounds = sorted(glob.glob(os.path.join(outdir, "r[0-9]*"))) or [outdir]
times, sums = {}, {}  # times[name][variant] = [median of each round]
for directory in rounds:
    for path in sorted(glob.glob(os.path.join(directory, "*.out"))):
        name, variant = os.path.basename(path)[:-len(".out")].rsplit(".", 1)
        if variant not in variants:
            continue
        lines = [line.strip() for line in open(path) if line.strip()]
        if len(lines) != 61:
            sys.exit("%s: %d lines, expected 60 timings and a checksum"
                     % (path, len(lines)))
        values = [float(line) for line in lines[:60]]
        times.setdefault(name, {}).setdefault(variant, []).append(
            statistics.median(values[10:]))
        sums.setdefault(name, {}).setdefault(variant, set()).add(lines[60])
base = variants[0]
header = ["kernel"] + ["%s (ms)" % v for v in variants]
header += ["%s / %s" % (v, base) for v in variants[1:]] + ["same output"]
print("| " + " | ".join(header) + " |")
print("|" + "---|" * len(header))
for name, t in sorted(times.items()):
    missing = [v for v in variants if v not in t]
    if missing:
        sys.exit("%s: no output for %s" % (name, ", ".join(missing)))
    row = [name] + ["%.4f" % (statistics.median(t[v]) * 1e3) for v in variants]
    for v in variants[1:]:
        ratios = [b / x for b, x in zip(t[base], t[v])]
        text = "%.2fx" % (statistics.median(t[base]) / statistics.median(t[v]))
        if len(ratios) > 1:
            text += " (%.2f-%.2f)" % (min(ratios), max(ratios))
        row.append(text)
    checksums = set().union(*(sums[name][v] for v in variants))
    row.append("yes" if len(checksums) == 1 else "NO")
    print("| " + " | ".join(row) + " |")
