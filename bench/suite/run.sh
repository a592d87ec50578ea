#!/usr/bin/env bash
# Runs the benchmark suite built by bench/suite/build.sh, on the GPU machine,
# from the repository root (where .device-build/suite was carried). OUT gets
# two files per executable and round: write it outside the folder the
# device tool returns and pack it there in the same command
# (`run.sh time /tmp/b 3; tar -C /tmp -cJf $OUT/b.tar.xz b`), since that
# tool returns a limited number of files.
#
#   run.sh time OUT [ROUNDS]   interleaved rounds (default 3) of every
#                              executable, OUT/r<k>/NAME.VARIANT.out, with a
#                              progress line per run on stderr
#   run.sh sanitize OUT TOOL [VARIANT...]
#                              the quick builds (one launch) of the given wc
#                              variants (default: all) under compute-sanitizer
#                              --tool TOOL (memcheck, racecheck, synccheck):
#                              OUT/sanitize/NAME.VARIANT.TOOL.txt
#   run.sh ncu OUT [KERNEL...]  the GPU time of launches 21..25 of every
#                              variant of the given kernels (default: all),
#                              from Nsight Compute (gpu__time_duration):
#                              OUT/ncu/NAME.VARIANT.csv; the kernels' own time,
#                              without the host's launch and stream overhead
#                              that the events of `time` include
set -u
here=.device-build/suite
mode=${1:?usage: run.sh time|sanitize OUT ...}
out=${2:?usage: run.sh time|sanitize OUT ...}
seed=$(cat "$here/seed")
limit=300

run_one() { # exe outfile
  local exe=$1 file=$2 args=()
  case $exe in *.cuda.exe|*.expert.exe) args=("$seed") ;; esac
  timeout "$limit" "$exe" "${args[@]}" > "$file" 2> "${file%.out}.err"
}

case $mode in
  time)
    rounds=${3:-3}
    exes=("$here"/*.exe)
    total=$(( ${#exes[@]} * rounds ))
    n=0 failed=0
    for r in $(seq 1 "$rounds"); do
      mkdir -p "$out/r$r"
      for exe in "${exes[@]}"; do
        n=$((n + 1))
        base=$(basename "$exe" .exe)
        start=$(date +%s%N)
        if run_one "$exe" "$out/r$r/$base.out"; then status=ok; else status=FAILED; failed=1; fi
        elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
        printf '[%3d/%d] round %d %-28s %s (%d ms)\n' "$n" "$total" "$r" "$base" \
          "$status" "$elapsed" >&2
      done
    done
    exit $failed ;;
  sanitize)
    tool=${3:?which compute-sanitizer tool}
    shift 3
    mkdir -p "$out/sanitize"
    # The quick builds run concurrently (racecheck of matmul_tile alone takes
    # minutes); each waits at most $slimit seconds.
    slimit=${WC_SANITIZE_LIMIT:-580}
    jobs=${WC_SANITIZE_JOBS:-8}
    for exe in "$here"/quick/*.exe; do
      base=$(basename "$exe" .exe)
      variant=${base##*.}
      if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$variant"; then continue; fi
      while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
      (
        file="$out/sanitize/$base.$tool.txt"
        timeout "$slimit" compute-sanitizer --tool "$tool" "$exe" > "$file" 2>&1
        code=$?
        summary=$(grep -hE "(ERROR|RACECHECK) SUMMARY" "$file" | tail -1)
        printf '%-28s %-10s %s\n' "$base" "$tool" "${summary:-no summary (exit $code)}" >&2
      ) &
    done
    wait
    failed=0
    for file in "$out"/sanitize/*."$tool".txt; do
      # memcheck and synccheck: "ERROR SUMMARY: 0 errors"; racecheck:
      # "RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)".
      grep -qE "ERROR SUMMARY: 0 errors|SUMMARY: 0 hazards displayed \(0 errors" "$file" || failed=1
    done
    exit $failed ;;
  ncu)
    shift 2
    mkdir -p "$out/ncu"
    for exe in "$here"/*.exe; do
      base=$(basename "$exe" .exe)
      name=${base%.*}
      if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
      args=()
      case $exe in *.cuda.exe|*.expert.exe) args=("$seed") ;; esac
      timeout "$limit" ncu --launch-skip 20 --launch-count 5 --csv \
        --metrics gpu__time_duration.sum "$exe" "${args[@]}" \
        > "$out/ncu/$base.csv" 2> "$out/ncu/$base.err"
      echo "$base ncu exit $?" >&2
    done ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
