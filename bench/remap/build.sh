#!/usr/bin/env bash
# Builds the register-remapping benchmark: each program with the upstream
# lowering only (original), after wc-aggregate (aggregated) and after
# wc-aggregate + wc-remap (remapped), into .device-build/remap/.
# Run on the GPU: bash utils/gpu-run.sh -o OUT .device-build/remap/*.exe
# Then: python3 bench/lib/report.py OUT original,aggregated,remapped
set -euo pipefail
cd "$(dirname "$0")/../.."
dest=.device-build/remap
rm -rf "$dest"
mkdir -p "$dest"
for program in $(python3 bench/remap/gen.py "$dest/src"); do
  name=$(basename "$program" .mlir)
  python3 utils/wc-compile.py "$program" -o "$dest/$name.original.exe"
  python3 utils/wc-compile.py "$program" -o "$dest/$name.aggregated.exe" \
    --pipeline=--wc-aggregate 2>/dev/null
  python3 utils/wc-compile.py "$program" -o "$dest/$name.remapped.exe" \
    --pipeline="--wc-aggregate --wc-remap" 2>/dev/null
  strip "$dest"/"$name".*.exe
  echo "built $name"
done
