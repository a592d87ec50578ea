#!/usr/bin/env bash
# Builds the delegation benchmark into .device-build/delegate/: every kernel
# with the upstream lowering only (original), after wc-aggregate
# (aggregated), after wc-aggregate + wc-remap + wc-delegate with the static
# schedule (static), the dynamic schedule (dynamic), the static schedule
# throttled to half the agents (throttled), and the cost model's pick
# (wc-consolidate: pick).
# Run on the GPU: bash bench/lib/run-rounds.sh -o OUT -n 3 .device-build/delegate/*.exe
# Then: python3 bench/lib/report.py OUT original,aggregated,static,dynamic,throttled,pick
set -euo pipefail
cd "$(dirname "$0")/../.."
dest=.device-build/delegate
rm -rf "$dest"
mkdir -p "$dest"
declare -A variants=(
  [original]=""
  [aggregated]="--wc-aggregate"
  [static]="--wc-aggregate --wc-remap --wc-delegate"
  [dynamic]="--wc-aggregate --wc-remap --wc-delegate=schedule=dynamic"
  [throttled]="--wc-aggregate --wc-remap --wc-delegate=throttle=2112"
  [pick]="--wc-consolidate"
)
for program in $(python3 bench/delegate/gen.py "$dest/src"); do
  name=$(basename "$program" .mlir)
  for variant in "${!variants[@]}"; do
    python3 utils/wc-compile.py "$program" -o "$dest/$name.$variant.exe" \
      --pipeline="${variants[$variant]}" 2>/dev/null
  done
  strip "$dest"/"$name".*.exe
  echo "built $name"
done
