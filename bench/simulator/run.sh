#!/usr/bin/env bash
# Simulator speed: runs sim_speed.mlir 5 times and prints the median time
# and throughput (warp ops and thread ops per second).
set -euo pipefail
cd "$(dirname "$0")/../.."
sim=build/bin/wc-sim
for i in 1 2 3 4 5; do
  "$sim" bench/simulator/sim_speed.mlir --sim-stats 2>&1 >/dev/null | grep '^wc-sim:'
done | python3 -c '
import re, statistics, sys
runs = [re.search(r"(\d+) warps, (\d+) warp ops.* in ([0-9.]+) s", l).groups() for l in sys.stdin]
warps, ops = int(runs[0][0]), int(runs[0][1])
t = statistics.median(float(r[2]) for r in runs)
print("%d warps, %d warp ops (%d thread ops): median %.3f s over %d runs, %.2f M warp ops/s, %.1f M thread ops/s"
      % (warps, ops, ops * 32, t, len(runs), ops / t / 1e6, ops * 32 / t / 1e6))'
