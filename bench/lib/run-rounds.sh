#!/usr/bin/env bash
# Runs benchmark executables in interleaved rounds on the GPU machine, so that
# slow drifts of the GPU (clocks, temperature) spread over every variant:
# round r runs every PROG once, writing OUT/r<r>/<prog>.out (through
# utils/gpu-run.sh). bench/lib/report.py OUT takes the median over rounds.
#
# Usage: run-rounds.sh -o OUT [-n ROUNDS] PROG...
set -u
out=""
rounds=3
while getopts "o:n:" opt; do
  case $opt in
    o) out=$OPTARG ;;
    n) rounds=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ -n "$out" ] && [ $# -gt 0 ] || { echo "usage: $0 -o OUT [-n ROUNDS] PROG..." >&2; exit 2; }
here=$(dirname "$0")
status=0
for r in $(seq 1 "$rounds"); do
  bash "$here/../../utils/gpu-run.sh" -o "$out/r$r" "$@" >/dev/null || status=1
  echo "round $r of $rounds done"
done
exit $status
