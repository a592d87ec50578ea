#!/bin/sh
# Builds the CUDA twins of the benchmark suite (bench/suite/suite.py):
#   build.sh OUTDIR   -> OUTDIR/NAME.cuda.exe for every NAME.cu here.
# -fmad=false: the MLIR lowering never contracts a * b + c into an fma, and
# the twins' outputs must be bit-identical to the MLIR programs'.
# $NVCC overrides the compiler (default: nvcc on PATH, else
# /usr/local/cuda/bin/nvcc).
set -eu
if [ $# -ne 1 ]; then
  echo "usage: $0 OUTDIR" >&2
  exit 2
fi
OUTDIR=$1
HERE=$(cd "$(dirname "$0")" && pwd)
if [ -z "${NVCC:-}" ]; then
  if command -v nvcc >/dev/null 2>&1; then
    NVCC=nvcc
  else
    NVCC=/usr/local/cuda/bin/nvcc
  fi
fi
mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
cd "$HERE"
for source in *.cu; do
  name=${source%.cu}
  echo "$NVCC -O3 -arch=sm_90 -fmad=false -o $OUTDIR/$name.cuda.exe $source -lcuda"
  "$NVCC" -O3 -arch=sm_90 -fmad=false -o "$OUTDIR/$name.cuda.exe" "$source" -lcuda
done
