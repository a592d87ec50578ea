#!/usr/bin/env bash
# Installs the dependencies (scripts/setup.sh), configures and builds wc in
# build/ (Release, Ninja, g++). Re-running only rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ ! -f build/build.ninja ]; then
  cmake -G Ninja -B build -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir
fi
ninja -C build wc-opt mlir-doc
