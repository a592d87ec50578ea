#!/usr/bin/env bash
# Checks the outputs the integration and producer programs printed on a GPU
# against their FileCheck lines: runs those tests with --param gpu_outputs=DIR,
# where DIR holds NAME.mlir.out for each program (utils/gpu-run.sh -o DIR),
# or a tarball of them.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DIR|TARBALL" >&2; exit 2; }
cd "$(dirname "$0")/.."
outputs=$1
if [ -f "$outputs" ]; then
  dir=$(mktemp -d)
  tar -xf "$outputs" -C "$dir"
  outputs=$(dirname "$(find "$dir" -name '*.out' | head -n 1)")
fi
outputs=$(cd "$outputs" && pwd)
/usr/lib/llvm-22/bin/lit -v --param gpu_outputs="$outputs" build/test/Integration \
  build/test/Producers
