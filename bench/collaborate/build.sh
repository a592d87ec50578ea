#!/usr/bin/env bash
# Builds the SpMV benchmark of wc-collaborate into .device-build/collaborate:
# spmv.upstream.exe (the upstream lowering of the thread-per-row kernel)
# and spmv.collaborate.exe (after --wc-collaborate). On the GPU machine run
# each a few times in turn; every run prints ms per launch of 10 samples,
# then the checksum of y, which must be equal.
set -euo pipefail
cd "$(dirname "$0")/../.."
dest=.device-build/collaborate
rm -rf "$dest"
mkdir -p "$dest"
python3 utils/wc-compile.py bench/collaborate/spmv.mlir -o "$dest/spmv.upstream.exe" --pipeline=
python3 utils/wc-compile.py bench/collaborate/spmv.mlir -o "$dest/spmv.collaborate.exe" \
  --pipeline=--wc-collaborate
strip "$dest"/*.exe
echo "built $dest"
