#!/usr/bin/env bash
# The GPU check, half one (here): compiles every executed program of
# test/Integration and test/Producers (the producers as their producer
# pipeline generated them: the files lit leaves in build/test/Producers/Output,
# so run the test suite first) for a GPU, and records what wc-sim prints for
# each as written.
#
# Into .device-build/integration/ it writes, for every program NAME.mlir:
#   NAME.mlir.exe                  the plain lowering (wc-lower-to-nvvm)
#   NAME.mlir.aggregated.exe       after wc-aggregate
#   NAME.mlir.remapped.exe         after wc-aggregate, wc-remap
#   NAME.mlir.delegated.exe        after wc-aggregate, wc-remap,
#                                  wc-delegate (dynamic schedule)
#   NAME.mlir.consolidated.exe     after the cost model's pick
# and, where the test checks them (`%{s:basename}.VARIANT.out`), the
# variants of the other passes (collaborated, atomics, reordered, grid,
# grid1, sm90a); and into .device-build/integration-sim/ NAME.mlir.sim, the
# simulator's output. Then:
#   (GPU)  bash utils/gpu-run.sh -o OUT .device-build/integration/*.exe
#   (here) python3 utils/compare-gpu-outputs.py OUT   # every output vs wc-sim
#          bash utils/check-gpu-outputs.sh OUT        # the tests' GPU lines
# With -j N, N compilations at a time (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=2
[ "${1:-}" = "-j" ] && { jobs=$2; shift 2; }
dest=.device-build/integration
sims=.device-build/integration-sim
rm -rf "$dest" "$sims"
mkdir -p "$dest" "$sims"
status=0
list=$(mktemp)
trap 'rm -f "$list"' EXIT
for test in test/Integration/*.mlir test/Producers/*.mlir; do
  # Programs the simulator executes (a host @main run by wc-sim).
  grep -q 'RUN: wc-sim %\(s\|t\.mlir\)' "$test" || continue
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
  # The reference: what wc-sim prints for the program as written, or, for
  # a program that races as a producer generated it (a copy every thread
  # runs), after wc-prepare, which every variant below runs first. A
  # program that fails on the simulator either way (a fault test) has no
  # output to compare.
  if ! build/bin/wc-sim "$source" >"$sims/$name.sim" 2>"$sims/$name.sim.err" &&
     ! build/bin/wc-sim "$source" --pass-pipeline='builtin.module(wc-prepare)' \
         >"$sims/$name.sim" 2>"$sims/$name.sim.err"; then
    rm -f "$sims/$name.sim"
    echo "skipped $name: wc-sim fails on it as written" >&2
    continue
  fi
  # NAME:pipeline; the pipeline is split as a shell would.
  variants=("plain:" "aggregated:--wc-aggregate"
            "remapped:--wc-aggregate --wc-remap"
            "delegated:--wc-aggregate --wc-remap --wc-delegate=schedule=dynamic"
            "consolidated:--wc-consolidate")
  for extra in "collaborated:--wc-collaborate" \
               "atomics:--wc-aggregate-atomics" \
               "reordered:--wc-collaborate=reorder-atomics=true" \
               "grid:--wc-collaborate='grid-range=100 grid-chunk=8'" \
               "grid1:--wc-collaborate='grid-range=1 block-range=1 grid-chunk=8 grid-jobs=1024'" \
               "reassociated:--wc-consolidate=reassociate-floats=1"; do
    grep -q "basename}.${extra%%:*}.out" "$test" && variants+=("$extra")
  done
  for variant in "${variants[@]}"; do
    kind=${variant%%:*}
    exe=$dest/$name.$kind.exe
    [ "$kind" = plain ] && exe=$dest/$name.exe
    printf '%s\t%s\t%s\n' "$source" "$exe" "${variant#*:}" >>"$list"
  done
  # For sm_90a, the architecture-specific Hopper target (setmaxnreg).
  if grep -q "basename}.sm90a.out" "$test"; then
    printf '%s\t%s\t--chip=sm_90a\n' "$source" "$dest/$name.sm90a.exe" >>"$list"
  fi
done
# Each line: source, executable, options (a pipeline, or --chip).
compile() {
  IFS=$'\t' read -r source exe options <<<"$1"
  local args=()
  case $options in
    "") ;;
    --chip=*) args=("$options") ;;
    *) args=("--pipeline=$options") ;;
  esac
  # The host lowering takes gpu runtime ops in one style: a program that
  # mixes synchronous and asynchronous ones is made all asynchronous, or
  # left synchronous, whichever compiles.
  local region
  for region in auto always never; do
    if python3 utils/wc-compile.py "$source" -o "$exe" "${args[@]}" \
        --async-region="$region" 2>"$exe.log"; then
      rm -f "$exe.log"
      echo "compiled $(basename "$exe")"
      return 0
    fi
  done
  echo "FAILED to compile $(basename "$exe") (see $exe.log)" >&2
  return 1
}
export -f compile
tr '\n' '\0' <"$list" | xargs -0 -P "$jobs" -I{} bash -c 'compile "$1"' _ {} ||
  status=1
exit $status
