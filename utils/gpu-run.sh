#!/usr/bin/env bash
# Runs programs compiled by utils/wc-compile.py, one after another, on the GPU
# machine: each prog.exe writes its standard output to prog.out and its
# standard error to prog.err beside it (in DIR with -o DIR), and one line per
# program says how it ended: "<program>: exit <status>". Exits with status 1
# when a program exited non-zero or ran past the time limit (-t, default 120 s).
#
# Usage: gpu-run.sh [-o DIR] [-t SECONDS] PROG...
set -u

usage() {
  echo "usage: $0 [-o DIR] [-t SECONDS] PROG..." >&2
  exit 2
}

outdir=""
limit=120
while getopts "o:t:" opt; do
  case $opt in
    o) outdir=$OPTARG ;;
    t) limit=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || usage
[ -z "$outdir" ] || mkdir -p "$outdir" || exit 2

failed=0
for prog in "$@"; do
  base=${prog%.exe}
  [ -z "$outdir" ] || base=$outdir/$(basename "$base")
  case $prog in */*) path=$prog ;; *) path=./$prog ;; esac
  timeout "$limit" "$path" >"$base.out" 2>"$base.err"
  status=$?
  note=""
  [ $status -ne 124 ] || note=" (timed out after ${limit} s)"
  echo "$prog: exit $status$note"
  [ $status -eq 0 ] || failed=1
done
exit $failed
