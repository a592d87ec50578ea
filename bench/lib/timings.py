"""Reads the outputs of the benchmark programs: NAME.VARIANT.out holds 60
lines of seconds per launch, then a checksum of the output. The first 10
samples are warm-up; a run's time is the median of the last 50. OUTDIR holds
rounds (r1/, r2/, ... from run-rounds.sh) or, for one round, the files
themselves."""
import glob
import os
import statistics
import sys

SAMPLES, WARMUP = 60, 10


def read_outputs(outdir, variants=None, strict=True):
    """Returns (times, sums): times[name][variant] is the list of the
    per-round medians, sums[name][variant] the set of checksums seen. Only
    `variants` are read when given. A file without 60 samples and a checksum
    ends the program when `strict`, else it is skipped with a warning."""
    rounds = sorted(glob.glob(os.path.join(outdir, "r[0-9]*"))) or [outdir]
    times, sums = {}, {}
    for directory in rounds:
        for path in sorted(glob.glob(os.path.join(directory, "*.out"))):
            name, variant = os.path.basename(path)[:-len(".out")].rsplit(".", 1)
            if variants is not None and variant not in variants:
                continue
            lines = [line.strip() for line in open(path) if line.strip()]
            if len(lines) != SAMPLES + 1:
                message = "%s: %d lines, expected %d timings and a checksum" % (
                    path, len(lines), SAMPLES)
                if strict:
                    sys.exit(message)
                print("warning: " + message, file=sys.stderr)
                continue
            values = [float(line) for line in lines[:SAMPLES]]
            times.setdefault(name, {}).setdefault(variant, []).append(
                statistics.median(values[WARMUP:]))
            sums.setdefault(name, {}).setdefault(variant, set()).add(
                lines[SAMPLES])
    return times, sums
