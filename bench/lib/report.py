#!/usr/bin/env python3
"""Turns benchmark outputs (NAME.VARIANT.out: 60 lines of seconds per
launch, then a checksum of the output) into a markdown table: per kernel the
median of the last 50 samples of each variant, the speedup of each variant
over the first, and whether every variant computed the same output. When
OUTDIR holds rounds (r1/, r2/, ... from run-rounds.sh), each time is the
median over the rounds of the per-round medians, and each speedup comes with
its range over the rounds.
Usage: report.py OUTDIR [VARIANT,...]   (default: original,aggregated)"""
import statistics
import sys

from timings import read_outputs

outdir = sys.argv[1]
variants = (sys.argv[2] if len(sys.argv) > 2 else "original,aggregated").split(",")
times, sums = read_outputs(outdir, variants)
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
