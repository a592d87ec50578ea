#!/usr/bin/env python3
"""Turns a run of the benchmark suite into docs/bench/: results.csv (one row
per kernel and variant: median time over rounds, speedup over upstream, the
output check against the CUDA original, ptxas facts, compile time),
results.md (the tables, the geomeans, the compile times, the sanitizer
summary when OUT holds one) and speedup.png (speedup of every variant over
upstream, per kernel, and the geomean).

Usage: report.py OUT [BUILD_DIR] [DOCS_DIR]
  OUT        what bench/suite/run.sh wrote (r1/, r2/, ..., sanitize/)
  BUILD_DIR  .device-build/suite (build-info.tsv, variants)
  DOCS_DIR   docs/bench
Exits non-zero when a variant's output differs from the CUDA original's.
"""
import csv
import glob
import math
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
import barchart  # noqa: E402
from timings import read_outputs  # noqa: E402

out = sys.argv[1]
build = sys.argv[2] if len(sys.argv) > 2 else ".device-build/suite"
docs = sys.argv[3] if len(sys.argv) > 3 else "docs/bench"
os.makedirs(docs, exist_ok=True)

pipelines = dict(line.rstrip("\n").split(":", 1)
                 for line in open(os.path.join(build, "variants")) if line.strip())
variants = list(pipelines) + ["cuda", "expert"]
# Variants that reassociate float sums round differently: their outputs are
# not compared.
REASSOCIATING = {v for v, p in pipelines.items() if "reassociate-floats=1" in p}
info = {}
for row in csv.DictReader(open(os.path.join(build, "build-info.tsv")), delimiter="\t"):
    info[(row["kernel"], row["variant"])] = row

# Kernel classes.
SCC = {"binomial", "pathfinder", "histogram_merge", "backprop_forward",
       "srad_reduce", "tree_sum", "stencil_1d", "block_reduce", "hotspot",
       "bbox", "scalar_product", "stencil_2d"}

times, sums = read_outputs(out, strict=False)

bad = []
rows = []
for name in sorted(times):
    t = times[name]
    reference = sums[name].get("cuda") or sums[name].get("upstream")
    base = statistics.median(t["upstream"]) if "upstream" in t else None
    for variant in variants:
        if variant not in t:
            continue
        median = statistics.median(t[variant])
        # An expert baseline (cuda/NAME.expert.cu) is another algorithm: it
        # may sum in another order, and its output is not compared.
        expert = variant == "expert"
        same = sums[name][variant] == reference and len(reference) == 1
        rounded = not same and variant in REASSOCIATING
        if not same and not expert and not rounded:
            bad.append("%s.%s" % (name, variant))
        facts = info.get((name, variant), {})
        rows.append({
            "kernel": name, "variant": variant,
            "class": "scc" if name in SCC else "other",
            "ms": "%.4f" % (median * 1e3),
            "speedup_vs_upstream": "%.3f" % (base / median) if base else "",
            "output_matches_cuda": "own algorithm" if expert
                                   else "yes" if same
                                   else "rounded differently" if rounded
                                   else "NO",
            "registers": facts.get("registers", ""),
            "spill_bytes": facts.get("spill_bytes", ""),
            "smem_bytes": facts.get("smem_bytes", ""),
            "compile_s": facts.get("compile_s", ""),
        })

with open(os.path.join(docs, "results.csv"), "w", newline="") as f:
    writer = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
    writer.writeheader()
    writer.writerows(rows)


def geomean(values):
    values = [v for v in values if v]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


kernels = sorted(times)
shown = [v for v in variants if v != "upstream"]


def speedup_table(time_of, unit, scale, digits, outputs=None):
    """The markdown table of the speedup of each shown variant over upstream,
    per kernel (from `time_of`: (kernel, variant) -> time), with the geomeans
    over the SCC kernels and over all; the upstream time in `unit` (time x
    `scale`, with `digits` decimals); `outputs`: kernel -> the text of a last column, if any.
    Returns (lines, speedups, geomeans, geomean of the pick over cuda on the
    SCC kernels)."""
    last = " outputs |" if outputs else ""
    lines = ["| kernel | upstream (%s) | " % unit + " | ".join(shown) + " |" + last,
             "|---" * (len(shown) + 2 + bool(outputs)) + "|"]
    speed, geo = {}, {}
    for name in kernels:
        base = time_of.get((name, "upstream"))
        if not base:
            continue
        cells = []
        for v in shown:
            t = time_of.get((name, v))
            speed[(name, v)] = base / t if t else None
            cells.append("%.2fx" % (base / t) if t else "-")
        lines.append("| %s%s | %.*f | %s |" % (
            name, " (SCC)" if name in SCC else "", digits, base * scale,
            " | ".join(cells)) +
            (" %s |" % outputs[name] if outputs else ""))
    for label, subset in (("geomean, SCC kernels", [k for k in kernels if k in SCC]),
                          ("geomean, all kernels", kernels)):
        cells = []
        for v in shown:
            g = geomean([speed.get((k, v)) for k in subset])
            geo[(label, v)] = g
            cells.append("%.2fx" % g if g else "-")
        lines.append("| %s | | %s |" % (label, " | ".join(cells)) + (" |" if outputs else ""))
    pick_vs_cuda = geomean([
        time_of[(k, "cuda")] / time_of[(k, "pick")] for k in kernels
        if k in SCC and (k, "cuda") in time_of and (k, "pick") in time_of])
    return lines, speed, geo, pick_vs_cuda


# CUDA events: the median over rounds of each round's median sample.
# Kernels without a CUDA twin (the producer kernels) are compared with the
# upstream lowering's output.
outputs = {name: ("all equal to CUDA" if "cuda" in sums[name]
                  else "all equal to upstream") if all(
    r["output_matches_cuda"] in ("yes", "own algorithm", "rounded differently")
    for r in rows if r["kernel"] == name)
    else "MISMATCH" for name in kernels}
lines, speed, geo, pick_vs_cuda = speedup_table(
    {(k, v): statistics.median(t) for k in kernels for v, t in times[k].items()},
    "ms", 1e3, 4, outputs)

# The ML kernels (bench/suite/suite.py's ML, and the softmax): the geomean
# of each variant over them, and for those that read and write a 16384x1024
# f32 tensor once (softmax, the norms) the fraction of the memory's bound,
# the coalesced copy of that tensor (probe_copy, upstream's lowering) in the
# same run: probe time / kernel time.
ML_KERNELS = sorted(k for k in kernels
                    if k.startswith("ml_") or k == "producer_softmax")
BOUND_KERNELS = [k for k in ("producer_softmax", "ml_softmax", "ml_layer_norm",
                             "ml_rms_norm")
                 if k in kernels]
ml_lines = []
if ML_KERNELS:
    median_of = {(k, v): statistics.median(t)
                 for k in kernels for v, t in times[k].items()}
    cells = []
    for v in shown:
        g = geomean([speed.get((k, v)) for k in ML_KERNELS])
        cells.append("%.2fx" % g if g else "-")
    ml_lines.append("| variant | " + " | ".join(shown) + " |")
    ml_lines.append("|---" * (len(shown) + 1) + "|")
    ml_lines.append("| geomean over upstream, %d ML kernels | %s |"
                    % (len(ML_KERNELS), " | ".join(cells)))
    # The faster copy: the probe's own (coalesced, 4 bytes per thread) or
    # its expert (16 bytes per thread).
    probes = [median_of[("probe_copy", v)] for v in ("upstream", "expert")
              if ("probe_copy", v) in median_of]
    probe = min(probes) if probes else None
    if probe:
        for k in BOUND_KERNELS:
            row = []
            for v in ["upstream"] + shown:
                t = median_of.get((k, v))
                row.append("%.0f%%" % (100 * probe / t) if t else "-")
            ml_lines.append("| %s: fraction of the copy bound (upstream %s) | %s |"
                            % (k, row[0], " | ".join(row[1:])))

# Kernel time from Nsight Compute (run.sh ncu): the median GPU time (ns) of
# launches 21..25 of each variant, without the host's launch and stream
# overhead that the events include (ncu locks the clocks to base and flushes
# the caches before each profiled launch).
ncu = {}
for path in glob.glob(os.path.join(out, "ncu", "*.csv")):
    name, variant = os.path.basename(path)[:-4].rsplit(".", 1)
    values = [float(row[14].replace(",", ""))
              for row in csv.reader(line for line in open(path) if line.startswith('"'))
              if len(row) > 14 and row[12] == "gpu__time_duration.sum"]
    if values:
        ncu[(name, variant)] = statistics.median(values)
ncu_lines, ncu_pick_vs_cuda = [], None
if ncu:
    ncu_lines, _, _, ncu_pick_vs_cuda = speedup_table(ncu, "us", 1e-3, 1)

facts = ["| kernel | " + " | ".join(variants) + " |", "|---" * (len(variants) + 1) + "|"]
for name in kernels:
    cells = []
    for v in variants:
        f = info.get((name, v))
        cells.append("%s / %s / %s" % (f["registers"], f["spill_bytes"], f["smem_bytes"])
                     if f else "-")
    facts.append("| %s | %s |" % (name, " | ".join(cells)))
compile_rows = ["| kernel | upstream (s) | wc pipeline (s) | ratio |", "|---|---|---|---|"]
ratios = []
for name in kernels:
    up = info.get((name, "upstream"), {}).get("compile_s")
    # The wc pipeline's compile time is taken without ptxas (the estimate
    # variant's pipeline; older builds recorded it with the pick).
    wc = (info.get((name, "estimate"), {}).get("compile_s")
          or info.get((name, "pick"), {}).get("compile_s"))
    if up and wc:
        ratios.append(float(wc) / float(up))
        compile_rows.append("| %s | %s | %s | %.2fx |" % (name, up, wc, ratios[-1]))
if ratios:
    compile_rows.append("| geomean | | | %.2fx |" % geomean(ratios))

# compute-sanitizer: per tool and variant, how many kernels ran clean, and
# the runs that did not.
CLEAN = re.compile(r"ERROR SUMMARY: 0 errors|SUMMARY: 0 hazards displayed \(0 errors")
sanitize, unclean = {}, []
for path in sorted(glob.glob(os.path.join(out, "sanitize", "*.txt"))):
    name, variant, tool = os.path.basename(path)[:-4].rsplit(".", 2)
    text = open(path).read()
    count = sanitize.setdefault((tool, variant), [0, 0])
    count[1] += 1
    if CLEAN.search(text):
        count[0] += 1
    else:
        summary = [line for line in text.splitlines() if "SUMMARY" in line]
        unclean.append("%s.%s %s: %s" % (name, variant, tool,
                                         summary[-1].strip() if summary else "no summary (timed out or crashed)"))
sanitize_rows = []
for tool in sorted({tool for tool, _ in sanitize}):
    cells = []
    for variant in variants:
        if (tool, variant) in sanitize:
            clean, total = sanitize[(tool, variant)]
            cells.append("%d/%d" % (clean, total))
        else:
            cells.append("")
    sanitize_rows.append("| %s | %s |" % (tool, " | ".join(cells)))

chart = os.path.join(docs, "speedup.png")
barchart.write_png(chart, kernels + ["geomean"], shown,
                   [[speed.get((k, v)) for v in shown] for k in kernels] +
                   [[geo[("geomean, all kernels", v)] for v in shown]],
                   "speedup over upstream mlir (h100)")

with open(os.path.join(docs, "results.md"), "w") as f:
    f.write("# Benchmark suite results\n\n")
    f.write("Generated by `bench/suite/report.py` from a run of the suite "
            "(see [../results.md](../results.md) for the commands). Speedups "
            "are over the upstream MLIR lowering of the same program (median "
            "over rounds of the median of 50 timed samples); `cuda` is the "
            "nvcc -O3 build of the CUDA twin. Every variant's output is "
            "compared with the CUDA twin's (with the upstream lowering's "
            "where a kernel has no twin).\n\n")
    f.write("\n".join(lines) + "\n\n")
    if pick_vs_cuda:
        f.write("Cost model's pick over nvcc on the SCC kernels (geomean): "
                "%.2fx.\n\n" % pick_vs_cuda)
    if ml_lines:
        f.write("## ML kernels\n\n"
                "The kernels upstream's producers emit for ML ops at ML shapes "
                "(`ml_*` and the softmax): the geomean of each variant's "
                "speedup over upstream, and for the softmax and the norms, "
                "which read and write a 16384x1024 f32 tensor once, the "
                "fraction of the memory's bound: the time of the faster copy "
                "of that tensor in the same run (`probe_copy`: upstream's "
                "lowering of a coalesced copy of 4 bytes per thread, and its "
                "expert of 16 bytes per thread) over the kernel's. Variants that reassociate float sums "
                "(`reassociate-floats=1`: %s) round differently, and "
                "`expert` (cuda/NAME.expert.cu: one warp per row, 16-byte "
                "loads, registers) is another algorithm: neither output is "
                "compared; the expert's geomean is over the kernels that have "
                "one.\n\n" % (", ".join(sorted(REASSOCIATING)) or "none"))
        f.write("\n".join(ml_lines) + "\n\n")
    f.write("![speedup over upstream](speedup.png)\n\n")
    if ncu_lines:
        f.write("## Kernel time (Nsight Compute, gpu__time_duration)\n\n"
                "Speedup over upstream of the kernel alone (median of launches "
                "21..25 under `ncu`, base clocks, caches flushed before each "
                "launch), without the host's launch and stream overhead that the "
                "event timing above includes.\n\n")
        f.write("\n".join(ncu_lines) + "\n\n")
        if ncu_pick_vs_cuda:
            f.write("Cost model's pick over nvcc on the SCC kernels, kernel time "
                    "(geomean): %.2fx.\n\n" % ncu_pick_vs_cuda)
    f.write("## Registers / spill bytes / shared memory bytes (ptxas -v, sm_90)\n\n")
    f.write("\n".join(facts) + "\n\n")
    f.write("## Compile time of the kernel module to PTX (wc-opt, median of 3)\n\n")
    f.write("\n".join(compile_rows) + "\n\n")
    if sanitize:
        f.write("## compute-sanitizer (quick builds: full size, one launch)\n\n"
                "Kernels whose run reported no error (no hazard for racecheck) "
                "out of those run, per tool and variant.\n\n")
        f.write("| tool | " + " | ".join(variants) + " |\n|---|" +
                "---|" * len(variants) + "\n" + "\n".join(sanitize_rows) + "\n\n")
        if unclean:
            f.write("Not clean:\n\n" + "\n".join("- " + u for u in unclean) + "\n")
print("wrote %s/results.csv, results.md, speedup.png" % docs)
if bad:
    print("outputs differ from the CUDA original: " + ", ".join(bad), file=sys.stderr)
    sys.exit(1)
