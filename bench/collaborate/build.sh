#!/usr/bin/env bash
# Builds the SpMV benchmark of wc-collaborate into .device-build/collaborate,
# for four matrices of 2^20 rows: `rmat` (bench/collaborate/spmv_rmat.mlir,
# an R-MAT power-law graph of 2^24 edges) and, from
# bench/collaborate/spmv.mlir, whose row lengths the sed lines below
# change, `skewed` (one row in 97 has 1000 nonzeros, the others 0-16),
# `regular` (16 nonzeros in every row) and `tiny` (0-3 nonzeros), each built as the upstream lowering of the
# thread-per-row kernel and after wc-collaborate with its default choices
# (`collaborate`) and with each choice forced: every range by the whole
# warp (`warp`), every warp's iterations flattened (`flat`), the long
# ranges by the warp and the others flattened (`longflat`) or per thread
# (`longthread`), these four without the block level; the defaults without
# the block level (`noblock`), and with the block taking ranges over 256
# (`block256`) or 4096 (`block4096`) iterations instead of 8 per thread of
# the block (1024); with the grid level taking ranges over 1024, 2048, 4096
# or 8192 iterations (`grid1024`, `grid2048`, `grid4096`, `grid8192`); with
# the block flattening its threads' ranges (`flatten=block`: `block`, and
# with the grid level over 2048 iterations `blockgrid2048`); with the
# grid level's ranges over 512 or 1024 iterations in launches of their own
# before the kernel's (`grid-split=1`: `split512`, `split1024`); and the cost
# model's pick (`pick`). On the GPU machine run each a few times in turn; every
# run prints ms per launch of 10 samples of 20 launches, then the checksum
# of y, which must be equal across the builds of a matrix.
set -euo pipefail
cd "$(dirname "$0")/../.."
dest=.device-build/collaborate
rm -rf "$dest"
mkdir -p "$dest"
select='%len = arith.select %long, %c1000, %short : index'
cp bench/collaborate/spmv.mlir "$dest/skewed.mlir"
cp bench/collaborate/spmv_rmat.mlir "$dest/rmat.mlir"
sed "s/$select/%len = arith.constant 16 : index/" bench/collaborate/spmv.mlir > "$dest/regular.mlir"
sed "s/$select/%len = arith.remui %r, %c4 : index/; s/%c7 = arith.constant 7 : index/%c7 = arith.constant 7 : index\n    %c4 = arith.constant 4 : index/" \
  bench/collaborate/spmv.mlir > "$dest/tiny.mlir"
grep -q "%len = arith.constant 16" "$dest/regular.mlir"
grep -q "%len = arith.remui %r, %c4" "$dest/tiny.mlir"
variants=(
  "upstream:"
  "collaborate:--wc-collaborate"
  "warp:--wc-collaborate=long-range=0~block-range=0"
  "flat:--wc-collaborate=long-range=1000000~flatten=always~block-range=0"
  "longflat:--wc-collaborate=flatten=always~block-range=0"
  "longthread:--wc-collaborate=flatten=never~block-range=0"
  "noblock:--wc-collaborate=block-range=0"
  "block256:--wc-collaborate=block-range=256"
  "block4096:--wc-collaborate=block-range=4096"
  "grid1024:--wc-collaborate=grid-range=1024"
  "grid2048:--wc-collaborate=grid-range=2048"
  "grid4096:--wc-collaborate=grid-range=4096"
  "grid8192:--wc-collaborate=grid-range=8192"
  "block:--wc-collaborate=flatten=block"
  "blockgrid2048:--wc-collaborate=flatten=block~grid-range=2048"
  "split512:--wc-collaborate=grid-range=512~grid-split=1"
  "split1024:--wc-collaborate=grid-range=1024~grid-split=1"
  "pick:--wc-consolidate"
)
# BENCH_ONLY=bfs builds the search alone.
matrices=(rmat skewed regular tiny)
[ "${BENCH_ONLY:-}" != bfs ] || matrices=()
# build NAME "VARIANT:PASSES": $dest/NAME.mlir through the passes into
# $dest/NAME.VARIANT.exe. As in bench/suite/build.sh, a `~` separates the
# options of one pass.
build() {
  local words pipeline=""
  read -r -a words <<< "${2#*:}"
  words=("${words[@]//\~/ }")
  [ ${#words[@]} -eq 0 ] || pipeline=$(printf '%q ' "${words[@]}")
  python3 utils/wc-compile.py "$dest/$1.mlir" \
    -o "$dest/$1.${2%%:*}.exe" "--pipeline=$pipeline"
}
for matrix in "${matrices[@]}"; do
  for entry in "${variants[@]}"; do
    build "$matrix" "$entry"
  done
done
# The breadth-first search with a queue (bench/collaborate/bfs_rmat.mlir):
# upstream's lowering, the atomics aggregated alone (`atomics`),
# wc-collaborate with reorder-atomics (`reorder`; by default it refuses the
# queue push), then with the atomics aggregated (`reorder_atomics`), without
# the block level (`reorder_noblock`), and the cost model's pick without
# and with reorder-atomics (`pick`, `pick_reorder`).
cp bench/collaborate/bfs_rmat.mlir "$dest/bfs.mlir"
bfs_variants=(
  "upstream:"
  "atomics:--wc-aggregate-atomics"
  "reorder:--wc-collaborate=reorder-atomics=true"
  "reorder_atomics:--wc-collaborate=reorder-atomics=true --wc-aggregate-atomics"
  "reorder_noblock:--wc-collaborate=reorder-atomics=true~block-range=0 --wc-aggregate-atomics"
  "block:--wc-collaborate=flatten=block"
  "blockgrid2048:--wc-collaborate=flatten=block~grid-range=2048"
  "pick:--wc-consolidate"
  "pick_reorder:--wc-consolidate=reorder-atomics=true"
)
for entry in "${bfs_variants[@]}"; do
  build bfs "$entry"
done
rm "$dest"/*.mlir
strip "$dest"/*.exe
echo "built $dest"
