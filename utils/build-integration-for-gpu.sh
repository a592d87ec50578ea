#!/usr/bin/env bash
# Compiles every executed program that has GPU check lines (a `gpu-outputs`
# RUN line) into .device-build/integration/NAME.exe and, for each variant
# whose output the test checks, NAME.aggregated.exe (after wc-aggregate),
# NAME.consolidated.exe (after the cost model's pick) or
# NAME.collaborated.exe (after wc-collaborate), NAME.reordered.exe (after
# wc-collaborate with reorder-atomics), NAME.grid.exe and NAME.grid1.exe
# (wc-collaborate's grid level, as collaborate_grid.mlir runs it) or
# NAME.atomics.exe (after wc-aggregate-atomics), ready to be carried to a GPU machine and run with utils/gpu-run.sh:
# the integration programs of test/Integration, and the producer programs of
# test/Producers as their producer pipeline generated them (the files lit
# leaves in build/test/Producers/Output: run the test suite first). Then:
#   (GPU)  bash utils/gpu-run.sh -o OUT .device-build/integration/*.exe
#   (here) bash utils/check-gpu-outputs.sh OUT
set -euo pipefail
cd "$(dirname "$0")/.."
dest=.device-build/integration
rm -rf "$dest"
mkdir -p "$dest"
status=0
for test in test/Integration/*.mlir test/Producers/*.mlir; do
  grep -q 'gpu-outputs' "$test" || continue
  name=$(basename "$test")
  source=$test
  if [[ $test == test/Producers/* ]]; then
    source=build/test/Producers/Output/$name.tmp.mlir
    if [ ! -f "$source" ]; then
      echo "FAILED: $source missing (run the test suite first)" >&2
      status=1
      continue
    fi
  fi
  # As written, and after each pipeline whose output the test checks
  # (`%{s:basename}.VARIANT.out`): warp aggregation, the cost model's pick,
  # warp collaboration, aggregated atomics; and as written for sm_90a.
  ok=1
  python3 utils/wc-compile.py "$source" -o "$dest/$name.exe" || ok=0
  # (NAME:pipeline; the pipeline is split as a shell would.)
  for variant in "aggregated:--wc-aggregate" "consolidated:--wc-consolidate" \
                 "collaborated:--wc-collaborate" \
                 "atomics:--wc-aggregate-atomics" \
                 "reordered:--wc-collaborate=reorder-atomics=true" \
                 "grid:--wc-collaborate='grid-range=100 grid-chunk=8'" \
                 "grid1:--wc-collaborate='grid-range=1 block-range=1 grid-chunk=8 grid-jobs=1024'"; do
    grep -q "basename}.${variant%%:*}.out" "$test" || continue
    python3 utils/wc-compile.py "$source" -o "$dest/$name.${variant%%:*}.exe" \
      --pipeline="${variant#*:}" || ok=0
  done
  # For sm_90a, the architecture-specific Hopper target (setmaxnreg).
  if grep -q "basename}.sm90a.out" "$test"; then
    python3 utils/wc-compile.py "$source" -o "$dest/$name.sm90a.exe" \
      --chip=sm_90a || ok=0
  fi
  if [ $ok = 1 ]; then
    echo "compiled $name"
  else
    echo "FAILED to compile $name" >&2
    status=1
  fi
done
exit $status
