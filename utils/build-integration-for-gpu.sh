#!/usr/bin/env bash
# Compiles every integration program that has GPU check lines (a
# `gpu-outputs` RUN line) into .device-build/integration/NAME.exe (and
# NAME.aggregated.exe, after wc-aggregate), ready to
# be carried to a GPU machine and run with utils/gpu-run.sh. Then:
#   (GPU)  bash utils/gpu-run.sh -o OUT .device-build/integration/*.exe
#   (here) bash utils/check-gpu-outputs.sh OUT
set -euo pipefail
cd "$(dirname "$0")/.."
dest=.device-build/integration
rm -rf "$dest"
mkdir -p "$dest"
status=0
for test in test/Integration/*.mlir; do
  grep -q 'gpu-outputs' "$test" || continue
  name=$(basename "$test")
  # As written, and after warp aggregation (NAME.aggregated.exe).
  if python3 utils/wc-compile.py "$test" -o "$dest/$name.exe" &&
     python3 utils/wc-compile.py "$test" -o "$dest/$name.aggregated.exe" \
       --pipeline=--wc-aggregate; then
    echo "compiled $name"
  else
    echo "FAILED to compile $name" >&2
    status=1
  fi
done
exit $status
