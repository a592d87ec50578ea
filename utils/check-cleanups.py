#!/usr/bin/env python3
"""Clean-up robustness check of the wc cost model and the simulator.

Compiler stacks run standard clean-ups (canonicalize, cse, LICM, sccp, ...)
before a kernel reaches wc. The wc decisions should not depend on them: for
every integration program P (test/Integration/*.mlir by default, programs
with a host @main) this script

  1. cleans P up: `wc-opt P <clean-up passes>` (a named clean-up set, see
     --cleanups; the default set is `--canonicalize --cse
     --loop-invariant-code-motion --sccp
     --arith-int-range-narrowing=int-bitwidths-supported=32`);
  2. runs `wc-opt X --wc-consolidate` on the original and on the cleaned
     program and collects the remarks of wc-consolidate, wc-aggregate,
     wc-remap and wc-delegate per kernel (a remark's `file:line:col` is
     mapped to the kernel whose gpu.func, or inline gpu.launch, starts at
     or before that line);
  3. compares the decisions per kernel (see `Decision`): the cost model's
     verdict, which stages applied or refused (and why), and the set of
     remapped buffers; counts that clean-ups may legitimately change
     (barriers, phases, register reads, shuffles, bytes) are not part of a
     decision, only of the remark wording that --verbose shows;
  4. runs wc-sim on the original, the original after wc-consolidate, the
     cleaned program and the cleaned program after wc-consolidate: the four
     outputs must be identical (`base@ = 0x...` addresses ignored).

It prints one row per kernel and exits non-zero if any decision or output
differs (or a tool fails).

Examples:
  utils/check-cleanups.py                             # default set, all programs
  utils/check-cleanups.py --cleanups all -j 2         # every named set
  utils/check-cleanups.py --cleanups licm,cse test/Integration/hotspot.mlir
  utils/check-cleanups.py --passes='--canonicalize --cse' -v
  utils/check-cleanups.py --attribute                 # which single clean-up
                                                      # reproduces each change
  utils/check-cleanups.py --list-only                 # programs and sets
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shlex
import sys
import tempfile
import time

from wctools import first_error, normalise_output, run

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# arith-int-range-narrowing narrows nothing without bit widths; with i32 it
# narrows index arithmetic on thread ids, as stacks that target 32-bit
# indices do.
NARROWING = "--arith-int-range-narrowing=int-bitwidths-supported=32"
DEFAULT_PASSES = ["--canonicalize", "--cse", "--loop-invariant-code-motion",
                  "--sccp", NARROWING]

# The single clean-ups of the default set, for attribution (--attribute).
SINGLE_SETS = {
    "canonicalize": ["--canonicalize"],
    "cse": ["--cse"],
    "licm": ["--loop-invariant-code-motion"],
    "sccp": ["--sccp"],
    "narrowing": [NARROWING],
}

# Named clean-up sets (--cleanups NAME[,NAME...] or `all`).
CLEANUP_SETS = {
    "default": DEFAULT_PASSES,
    **SINGLE_SETS,
    "peeling": ["--scf-for-loop-peeling"],
    "peeling-then-default": ["--scf-for-loop-peeling"] + DEFAULT_PASSES,
    "outlining": ["--gpu-kernel-outlining"],
    "outlining-then-default": ["--gpu-kernel-outlining"] + DEFAULT_PASSES,
    "default-then-outlining": DEFAULT_PASSES + ["--gpu-kernel-outlining"],
}

# The passes whose remarks are collected: wc-prepare's (the producer-IR
# normalisation the others run first) are shown as detail only; the others
# make up a decision.
STAGES = ["wc-prepare", "wc-consolidate", "wc-aggregate", "wc-remap",
          "wc-delegate"]

REMARK = re.compile(r"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): "
                    r"(?P<kind>remark|note|warning|error): (?P<text>.*)$")


# --------------------------------------------------------------------------
# Kernels and remarks
# --------------------------------------------------------------------------

def kernel_starts(tools, path, timeout):
    """[(line, kernel name)] sorted by line: where each kernel of `path`
    starts, as the locations of the gpu.func ops after outlining (an inline
    gpu.launch becomes `<func>_kernel` at the launch's location, as
    wc-consolidate outlines it)."""
    rc, out, err = run([tools.wc_opt, path, "--gpu-kernel-outlining",
                        "--mlir-print-debuginfo", "--mlir-print-local-scope"],
                       timeout)
    if rc != 0:
        raise ToolError("wc-opt --gpu-kernel-outlining failed on %s: %s"
                        % (path, first_error(err)))
    lines = out.splitlines()
    starts = []
    for i, line in enumerate(lines):
        m = re.match(r"^(\s*)gpu\.func @([\w$.-]+)\(", line)
        if not m or " kernel" not in line:
            continue
        indent, name = m.group(1), m.group(2)
        # The op's location follows the `}` that closes its body, at the
        # indentation of the op.
        for end in lines[i + 1:]:
            if end.startswith(indent + "}"):
                loc = re.search(r'loc\("[^"]*":(\d+):\d+\)', end)
                if loc:
                    starts.append((int(loc.group(1)), name))
                break
    return sorted(starts)


def owner_of(starts, line):
    owner = "?"
    for start, name in starts:
        if start <= line:
            owner = name
    return owner


def parse_remarks(stderr, starts):
    """{kernel: [(stage, text)]} of the wc remarks in `stderr`, in order;
    notes are appended to the text of the remark they belong to."""
    remarks = {}
    last = None
    for line in stderr.splitlines():
        m = REMARK.match(line)
        if not m:
            continue
        text = m.group("text")
        if m.group("kind") == "note" and last is not None:
            last[1] += " [note: %s]" % text
            continue
        if m.group("kind") != "remark":
            last = None
            continue
        stage = text.split(":", 1)[0]
        if stage not in STAGES:
            last = None
            continue
        entry = [stage, text.split(":", 1)[1].strip()]
        remarks.setdefault(owner_of(starts, int(m.group("line"))),
                           []).append(entry)
        last = entry
    return {k: [tuple(e) for e in v] for k, v in remarks.items()}


# --------------------------------------------------------------------------
# Decisions
# --------------------------------------------------------------------------

def without_counts(text):
    """`text` with its numbers replaced by '#' and plurals made singular,
    for the parts of a decision that should not depend on counts."""
    text = re.sub(r"\d+", "#", text)
    return re.sub(r"# (barrier|slot|phase|warp sync|virtual thread|iteration|"
                  r"agent|warp)s\b", r"# \1", text)


class Decision:
    """What the wc passes decided for one kernel, from its remarks:

    verdict    the cost model's choice (left unchanged and why, aggregate
               and remap, delegate and with which schedule);
    aggregate  coarsened / resized / refused with its reason (counts
               dropped) / not run;
    remapped   the workgroup buffers that became lane arrays;
    kept       the buffers that stayed in shared memory, with the reason;
    delegate   persistent agents with which schedule / refused / not run.
    Two decisions are the same when all five are equal.
    """

    def __init__(self, remarks):
        self.remarks = remarks
        self.verdict = "no remark"
        self.aggregate = "-"
        self.remapped = []
        self.kept = []
        self.delegate = "-"
        for stage, text in remarks:
            getattr(self, "_" + stage.replace("wc-", ""))(text)

    def _prepare(self, text):
        pass  # detail: what it normalised shows in the stages' decisions

    def _consolidate(self, text):
        if text.startswith("left unchanged: no barrier"):
            self.verdict = "unchanged (no sync, balanced)"
        elif text.startswith("left unchanged: its threads stream"):
            self.verdict = "unchanged (streaming)"
        elif text.startswith("aggregate and remap"):
            self.verdict = "aggregate+remap"
        elif text.startswith("delegate with the"):
            self.verdict += "+delegate(%s)" % (
                "dynamic" if "dynamic schedule" in text else "static")
        elif text.startswith("not delegated"):
            pass
        elif text.startswith("aggregate (one-warp blocks) without"):
            self.verdict = "aggregate(resize)"
        else:
            self.verdict = without_counts(text)

    def _aggregate(self, text):
        if text.startswith("coarsened"):
            self.aggregate = "coarsened"
        elif text.startswith("resized"):
            self.aggregate = "resized"
        elif text.startswith("kernel left unchanged:"):
            self.aggregate = "refused: " + without_counts(
                text[len("kernel left unchanged:"):].strip())
        # "this barrier is under ..." accompanies a refusal: detail only.

    def _remap(self, text):
        m = re.match(r"(.*?) became ", text)
        if m:
            self.remapped.append(m.group(1))
            return
        m = re.match(r"(.*?) stays in shared memory: (.*)", text)
        if m:
            reason = re.sub(r" \[note: .*", "", m.group(2))
            self.kept.append("%s (%s)" % (m.group(1), without_counts(reason)))
        # "N warp syncs removed" is a count: detail only.

    def _delegate(self, text):
        if text.startswith("persistent agents"):
            self.delegate = "static" if "static schedule" in text else "dynamic"
        elif text.startswith("kernel left unchanged:"):
            self.delegate = "refused: " + without_counts(
                text[len("kernel left unchanged:"):].strip())

    def key(self):
        return (self.verdict, self.aggregate, tuple(sorted(self.remapped)),
                tuple(sorted(self.kept)), self.delegate)

    def summary(self):
        parts = [self.verdict]
        if self.aggregate != "-":
            parts.append("agg:" + self.aggregate)
        if self.remapped or self.kept:
            parts.append("remap:%d/%d" % (len(self.remapped),
                                          len(self.remapped) + len(self.kept)))
        if self.delegate != "-":
            parts.append("deleg:" + self.delegate)
        return "; ".join(parts)

    def describe_difference(self, other):
        """Lines naming the parts of the decision that differ."""
        lines = []
        for field in ["verdict", "aggregate", "delegate"]:
            if getattr(self, field) != getattr(other, field):
                lines.append("%s: %r -> %r" % (field, getattr(self, field),
                                                getattr(other, field)))
        for field in ["remapped", "kept"]:
            a, b = sorted(getattr(self, field)), sorted(getattr(other, field))
            if a != b:
                lines.append("%s: %s -> %s" % (field, a or "none", b or "none"))
        return lines


# --------------------------------------------------------------------------
# One program
# --------------------------------------------------------------------------

class ToolError(Exception):
    pass


class Tools:
    def __init__(self, wc_opt, wc_sim, timeout):
        self.wc_opt, self.wc_sim, self.timeout = wc_opt, wc_sim, timeout


def consolidate(tools, path):
    """{kernel: [(stage, text)]} of `wc-opt path --wc-consolidate`."""
    rc, _, err = run([tools.wc_opt, path, "--wc-consolidate",
                      "-mlir-print-op-on-diagnostic=false", "-o", os.devnull],
                     tools.timeout)
    if rc != 0:
        raise ToolError("wc-opt --wc-consolidate failed on %s: %s"
                        % (path, first_error(err)))
    return parse_remarks(err, kernel_starts(tools, path, tools.timeout))


def simulate(tools, path, pipeline):
    cmd = [tools.wc_sim, path]
    if pipeline:
        cmd.append("--pass-pipeline=" + pipeline)
    rc, out, err = run(cmd, tools.timeout)
    if rc != 0:
        return "FAILED (exit %s): %s" % (rc, first_error(err))
    return normalise_output(out)


def check_program(tools, program, set_name, passes, workdir):
    """Checks one program under one clean-up set; returns a result dict."""
    name = os.path.splitext(os.path.basename(program))[0]
    result = {"program": name, "path": program, "set": set_name,
              "passes": passes, "error": None, "kernels": [],
              "outputs": {}, "cleaned": None}
    cleaned = os.path.join(workdir, "%s.%s.cleaned.mlir" % (name, set_name))
    rc, out, err = run([tools.wc_opt, program, *passes], tools.timeout)
    if rc != 0:
        result["error"] = "clean-up failed: " + first_error(err)
        return result
    with open(cleaned, "w") as f:
        f.write(out)
    result["cleaned"] = out
    try:
        before = consolidate(tools, program)
        after = consolidate(tools, cleaned)
    except ToolError as e:
        result["error"] = str(e)
        return result
    for kernel in sorted(set(before) | set(after)):
        b, a = Decision(before.get(kernel, [])), Decision(after.get(kernel, []))
        result["kernels"].append((kernel, b, a))
    runs = [("original", program, None),
            ("original+consolidate", program, "builtin.module(wc-consolidate)"),
            ("cleaned", cleaned, None),
            ("cleaned+consolidate", cleaned, "builtin.module(wc-consolidate)")]
    for label, path, pipeline in runs:
        result["outputs"][label] = simulate(tools, path, pipeline)
    return result


def outputs_equal(result):
    values = list(result["outputs"].values())
    return bool(values) and all(v == values[0] for v in values) \
        and not values[0].startswith("FAILED")


def changed(result):
    """Whether `result` shows any difference or failure."""
    if result["error"] or not outputs_equal(result):
        return True
    return any(b.key() != a.key() for _, b, a in result["kernels"])


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------

def print_table(results, verbose, out):
    rows = [("program", "set", "kernel", "decision before", "decision after",
             "same", "outputs equal")]
    for r in results:
        if r["error"]:
            rows.append((r["program"], r["set"], "-", "ERROR", r["error"],
                         "no", "-"))
            continue
        eq = "yes" if outputs_equal(r) else "NO"
        for kernel, b, a in r["kernels"]:
            rows.append((r["program"], r["set"], kernel, b.summary(),
                         a.summary(), "yes" if b.key() == a.key() else "NO",
                         eq))
        if not r["kernels"]:
            rows.append((r["program"], r["set"], "(no kernel)", "-", "-",
                         "yes", eq))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for i, row in enumerate(rows):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip(),
              file=out)
        if i == 0:
            print("  ".join("-" * w for w in widths), file=out)

    for r in results:
        if not changed(r):
            continue
        print("\n== %s [%s: %s]" % (r["program"], r["set"],
                                    " ".join(r["passes"])), file=out)
        if r["error"]:
            print("  " + r["error"], file=out)
            continue
        for kernel, b, a in r["kernels"]:
            if b.key() != a.key():
                print("  kernel %s: decision changed" % kernel, file=out)
                for line in b.describe_difference(a):
                    print("    " + line, file=out)
            if verbose and (b.key() != a.key() or b.remarks != a.remarks):
                only_b = [x for x in b.remarks if x not in a.remarks]
                only_a = [x for x in a.remarks if x not in b.remarks]
                if only_b or only_a:
                    print("  kernel %s: remarks that differ" % kernel, file=out)
                    for stage, text in only_b:
                        print("    - %s: %s" % (stage, text), file=out)
                    for stage, text in only_a:
                        print("    + %s: %s" % (stage, text), file=out)
        if not outputs_equal(r):
            reference = r["outputs"].get("original", "")
            for label, text in r["outputs"].items():
                same = "same as original" if text == reference else "DIFFERS"
                print("  output %-21s %s" % (label + ":", same), file=out)
                if text != reference and (verbose or text.startswith("FAILED")):
                    for line in text.strip().splitlines()[:12]:
                        print("      " + line, file=out)


def attribute(tools, results, jobs, workdir, out):
    """For each change under a set of several clean-ups, re-runs every
    clean-up of the set alone and prints which of them reproduce it."""
    if not any(changed(r) and not r["error"] for r in results):
        return
    tasks = []
    for r in results:
        if changed(r) and not r["error"] and len(r["passes"]) > 1:
            for flag in dict.fromkeys(r["passes"]):
                tasks.append((r, flag))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        singles = list(pool.map(
            lambda t: (t[0], t[1], check_program(
                tools, t[0]["path"], "alone" + str(id(t)), [t[1]], workdir)),
            tasks))
    print("\n== attribution: the clean-ups of the set that alone reproduce "
          "each change", file=out)
    for r in results:
        if not changed(r) or r["error"]:
            continue
        mine = [(flag, s) for (rr, flag, s) in singles if rr is r]
        if len(r["passes"]) == 1:
            mine = [(r["passes"][0], r)]
        for kernel, b, a in r["kernels"]:
            if b.key() == a.key():
                continue
            culprits = [flag for flag, s in mine for k, _, sa in s["kernels"]
                        if k == kernel and sa.key() == a.key()]
            print("  %-16s %-14s %-24s %s" % (
                r["program"], kernel, r["set"],
                " ".join(culprits) or "none alone (a combination)"), file=out)
        if not outputs_equal(r):
            culprits = [flag for flag, s in mine if not outputs_equal(s)]
            print("  %-16s %-14s %-24s %s" % (
                r["program"], "(outputs)", r["set"],
                " ".join(culprits) or "none alone (a combination)"), file=out)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="clean-up sets:\n" + "\n".join(
            "  %-24s %s" % (n, " ".join(p)) for n, p in CLEANUP_SETS.items()))
    parser.add_argument("programs", nargs="*",
                        help="programs (default: test/Integration/*.mlir)")
    parser.add_argument("--cleanups", default="default",
                        help="comma-separated clean-up set names, or 'all' "
                             "(default: default)")
    parser.add_argument("--passes",
                        help="a custom clean-up pipeline (wc-opt options, "
                             "quoted), checked as the set 'custom'")
    parser.add_argument("--attribute", action="store_true",
                        help="for each change, also run each single clean-up "
                             "of the set to name the one that causes it")
    parser.add_argument("--list-only", action="store_true",
                        help="list the programs and clean-up sets, run nothing")
    parser.add_argument("-j", "--jobs", type=int, default=1,
                        help="programs checked in parallel (default 1)")
    parser.add_argument("--wc-opt", default=os.path.join(ROOT, "build", "bin",
                                                         "wc-opt"))
    parser.add_argument("--wc-sim", default=os.path.join(ROOT, "build", "bin",
                                                         "wc-sim"))
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds per tool invocation (default 300)")
    parser.add_argument("--save-dir",
                        help="write <program>.<set>.cleaned.mlir here for "
                             "every program whose check differs")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="show the remark texts and outputs that differ")
    args = parser.parse_args()

    programs = args.programs or sorted(
        glob.glob(os.path.join(ROOT, "test", "Integration", "*.mlir")))
    if args.passes:
        sets = [("custom", shlex.split(args.passes))]
    elif args.cleanups == "all":
        sets = list(CLEANUP_SETS.items())
    else:
        sets = []
        for name in args.cleanups.split(","):
            if name not in CLEANUP_SETS:
                parser.error("unknown clean-up set %r (known: %s)"
                             % (name, ", ".join(CLEANUP_SETS)))
            sets.append((name, CLEANUP_SETS[name]))

    if args.list_only:
        for program in programs:
            print(os.path.relpath(program))
        for name, passes in sets:
            print("set %s: %s" % (name, " ".join(passes)))
        return 0
    for tool in (args.wc_opt, args.wc_sim):
        if not os.access(tool, os.X_OK):
            sys.exit("check-cleanups: %s not found; build first" % tool)

    tools = Tools(args.wc_opt, args.wc_sim, args.timeout)
    for tool in (args.wc_opt, args.wc_sim):
        print("%s (built %s)" % (os.path.relpath(tool), time.strftime(
            "%Y-%m-%d %H:%M:%S", time.localtime(os.path.getmtime(tool)))))
    print()
    start = time.time()
    with tempfile.TemporaryDirectory(prefix="wc-cleanups-") as workdir:
        tasks = [(p, n, s) for n, s in sets for p in programs]
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            results = list(pool.map(
                lambda t: check_program(tools, t[0], t[1], t[2], workdir),
                tasks))
        print_table(results, args.verbose, sys.stdout)
        if args.attribute:
            attribute(tools, results, max(1, args.jobs), workdir, sys.stdout)
    if args.save_dir:
        os.makedirs(args.save_dir, exist_ok=True)
        for r in results:
            if changed(r) and r["cleaned"] is not None:
                with open(os.path.join(args.save_dir, "%s.%s.cleaned.mlir"
                                       % (r["program"], r["set"])), "w") as f:
                    f.write(r["cleaned"])

    kernels = sum(len(r["kernels"]) for r in results)
    decisions = sum(1 for r in results for _, b, a in r["kernels"]
                    if b.key() != a.key())
    outputs = sum(1 for r in results if not r["error"] and not outputs_equal(r))
    errors = sum(1 for r in results if r["error"])
    print("\n%d program checks, %d kernels: %d decisions changed, %d programs "
          "with different outputs, %d errors (%.1fs)"
          % (len(results), kernels, decisions, outputs, errors,
             time.time() - start))
    return 1 if decisions or outputs or errors else 0


if __name__ == "__main__":
    sys.exit(main())
