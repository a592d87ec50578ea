#!/usr/bin/env bash
# Builds the benchmark suite into .device-build/suite/ (BENCH_ONLY=a,b:
# only those kernels):
#  - every kernel of bench/suite/suite.py compiled by utils/wc-compile.py as
#    NAME.VARIANT.exe for the variants below, and its CUDA twin
#    (bench/suite/cuda/NAME.cu) by nvcc as NAME.cuda.exe;
#  - quick builds (1 sample of 1 launch) of the wc variants in quick/, for
#    compute-sanitizer;
#  - build-info.tsv: per kernel and variant, the registers, spills and shared
#    memory from `ptxas -v`, and the compile time (seconds, median of 3) of
#    the kernel's module through wc-opt for the upstream lowering and for
#    the wc pipeline.
# Then on the GPU machine, carrying .device-build/suite.tar.xz:
#   python3 -c "import lzma, tarfile; tarfile.open(fileobj=lzma.open('.device-build/suite.tar.xz'), mode='r|').extractall('.device-build')"
#   bash .device-build/suite/run.sh time OUT 3      (see run.sh)
# and here: python3 bench/suite/report.py OUT.
#
# Usage: build.sh [SEED]; BENCH_CHIP=sm_90a builds the wc variants for the
# architecture-specific Hopper target (setmaxnreg; default sm_90).
set -euo pipefail
cd "$(dirname "$0")/../.."
dest=.device-build/suite
seed=${1:-20261122}
rm -rf "$dest"
mkdir -p "$dest/src" "$dest/quick/src"
echo "$seed" > "$dest/seed"
cp bench/suite/run.sh "$dest/"

wcopt=build/bin/wc-opt
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
chip=${BENCH_CHIP:-sm_90}

# name:pipeline, in the order the report shows them. `estimate` is the cost
# model from its estimates alone (no CUDA toolkit); `pick` is the cost model
# as it runs where the toolkit is: it compiles the candidates and reads
# their registers and spills from ptxas.
variants=(
  "upstream:"
  "aggregate:--wc-aggregate"
  "remap:--wc-aggregate --wc-remap"
  "delegate:--wc-aggregate --wc-remap --wc-delegate"
  "throttle:--wc-aggregate --wc-remap --wc-delegate=throttle=2112"
  "estimate:--wc-consolidate"
  "pick:--wc-consolidate=ptxas=$ptxas"
)
# BENCH_VARIANTS="name:pipeline;..." replaces the list above (the report
# compares with `upstream`, so keep it there), and
# BENCH_EXTRA_VARIANTS="name:pipeline;..." adds variants (e.g.
# "dynamic:--wc-aggregate --wc-remap --wc-delegate=schedule=dynamic", or
# "spec:--wc-specialize=producer-warps=2~stages=3": a `~` separates the
# options of one pass).
if [ -n "${BENCH_VARIANTS:-}" ]; then
  IFS=';' read -r -a variants <<< "$BENCH_VARIANTS"
fi
if [ -n "${BENCH_EXTRA_VARIANTS:-}" ]; then
  IFS=';' read -r -a extra <<< "$BENCH_EXTRA_VARIANTS"
  variants+=("${extra[@]}")
fi
printf '%s\n' "${variants[@]}" | sed 's/=ptxas=[^ ~]*/=ptxas=PTXAS/' > "$dest/variants"
nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
info="$dest/build-info.tsv"
printf 'kernel\tvariant\tregisters\tspill_bytes\tsmem_bytes\tcompile_s\n' > "$info"

# "registers spills smem" of the `ptxas -v` report on stdin.
ptxas_facts() {
  python3 utils/wctools.py ptxas-summary
}

# ptxas facts of the kernel in PTX text: "registers spills smem".
ptx_facts() {
  "$ptxas" -arch="$chip" -v "$1" -o /dev/null 2>&1 | ptxas_facts
}

# Median of 3 wall times of a wc-opt run to PTX text.
compile_time() {
  python3 - "$wcopt" "$@" <<'PY'
import statistics, subprocess, sys, time
times = []
for _ in range(3):
    start = time.perf_counter()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    times.append(time.perf_counter() - start)
print("%.3f" % statistics.median(times))
PY
}

python3 bench/suite/suite.py "$dest/quick/src" "$seed" 1 1 > /dev/null
for program in $(python3 bench/suite/suite.py "$dest/src" "$seed"); do
  name=$(basename "$program" .mlir)
  for entry in "${variants[@]}"; do
    variant=${entry%%:*}
    # A `~` stands for a space between the options of one pass
    # ("--wc-specialize=producer-warps=2~stages=3").
    read -r -a words <<< "${entry#*:}"
    words=("${words[@]//\~/ }")
    pipeline=""
    [ ${#words[@]} -eq 0 ] || pipeline=$(printf '%q ' "${words[@]}")
    python3 utils/wc-compile.py "$program" -o "$dest/$name.$variant.exe" \
      --pipeline="$pipeline" --chip="$chip" 2>/dev/null
    python3 utils/wc-compile.py "$dest/quick/src/$name.mlir" \
      -o "$dest/quick/$name.$variant.exe" --pipeline="$pipeline" \
      --chip="$chip" 2>/dev/null
    $wcopt "$program" "${words[@]}" --wc-lower-to-nvvm="format=isa chip=$chip" 2>/dev/null \
      | python3 utils/extract-ptx.py > "$dest/src/$name.$variant.ptx"
    read -r regs spills smem < <(ptx_facts "$dest/src/$name.$variant.ptx")
    seconds=""
    case $variant in
      upstream) seconds=$(compile_time "$program" --wc-lower-to-nvvm=format=isa) ;;
      estimate) seconds=$(compile_time "$program" --wc-pipeline=format=isa) ;;
    esac
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$variant" "$regs" "$spills" \
      "$smem" "$seconds" >> "$info"
  done
  twin=bench/suite/cuda/$name.cu
  if [ -f "$twin" ]; then
    "$nvcc" -O3 -arch=sm_90 -fmad=false -Xptxas -v -o "$dest/$name.cuda.exe" \
      "$twin" -lcuda 2> "$dest/src/$name.cuda.ptxas" >/dev/null
    read -r regs spills smem < <(ptxas_facts < "$dest/src/$name.cuda.ptxas")
    printf '%s\tcuda\t%s\t%s\t%s\t\n' "$name" "$regs" "$spills" "$smem" >> "$info"
  else
    echo "warning: no CUDA twin for $name ($twin)" >&2
  fi
  # An expert baseline of the memory-bound ML kernels: another algorithm
  # (one warp per row, 16-byte loads, registers), not compared bit for bit.
  expert=bench/suite/cuda/$name.expert.cu
  if [ -f "$expert" ]; then
    "$nvcc" -O3 -arch=sm_90 -Xptxas -v -o "$dest/$name.expert.exe" \
      "$expert" -lcuda 2> "$dest/src/$name.expert.ptxas" >/dev/null
    read -r regs spills smem < <(ptxas_facts < "$dest/src/$name.expert.ptxas")
    printf '%s\texpert\t%s\t%s\t%s\t\n' "$name" "$regs" "$spills" "$smem" >> "$info"
  fi
  strip "$dest"/"$name".*.exe "$dest"/quick/"$name".*.exe 2>/dev/null || true
  echo "built $name"
done
rm -rf "$dest/quick/src"
# One archive to carry to the GPU machine (the executables share most of
# their bytes: xz with a large dictionary packs them about 80x; the GPU
# machine unpacks it with Python's lzma module).
tar -C .device-build -cf - suite | xz -T2 -6 --lzma2=preset=6,dict=256MiB > .device-build/suite.tar.xz
echo "packed .device-build/suite.tar.xz ($(du -h .device-build/suite.tar.xz | cut -f1))"
