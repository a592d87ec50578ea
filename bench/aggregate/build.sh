#!/usr/bin/env bash
# Builds the warp-aggregation benchmark: each program as written and after
# wc-aggregate, into .device-build/bench/NAME.{original,aggregated}.exe.
# Run on the GPU: bash utils/gpu-run.sh -o OUT .device-build/bench/*.exe
# Then: python3 bench/lib/report.py OUT
set -euo pipefail
cd "$(dirname "$0")/../.."
dest=.device-build/bench
rm -rf "$dest"
mkdir -p "$dest"
for program in $(python3 bench/aggregate/gen.py "$dest/src"); do
  name=$(basename "$program" .mlir)
  python3 utils/wc-compile.py "$program" -o "$dest/$name.original.exe"
  python3 utils/wc-compile.py "$program" -o "$dest/$name.aggregated.exe" \
    --pipeline=--wc-aggregate 2>/dev/null
  strip "$dest/$name.original.exe" "$dest/$name.aggregated.exe"
  echo "built $name"
done
