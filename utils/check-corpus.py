#!/usr/bin/env python3
"""Corpus check: the wc pipelines on inputs of the kinds upstream MLIR's GPU
tests use (test/Corpus/Inputs, written for wc, not copied).

For every input F (every *.mlir of the directories given, test/Corpus/Inputs
by default) this script

  1. runs `wc-opt F <pipeline>` for each of PIPELINES (wc-prepare, the
     stages alone and chained, both wc-delegate schedules, wc-consolidate
     alone, after outlining and after the clean-ups canonicalize, cse and
     LICM, the NVVM lowering with and without
     wc-consolidate, wc-pipeline); inputs named `unregistered-*` get
     --allow-unregistered-dialect, and a line `// corpus-pre: FLAGS` in an
     input puts FLAGS before every pipeline (--convert-parallel-loops-to-gpu);
  2. classifies each run:
       ok          exit 0, and the output parses again with wc-opt, which
                   verifies it (a gpu.binary lowering included);
       diagnostic  exit 1 with an `error:` line that has a message (with a
                   `file:line:col:` location or without), no crash marker;
       crash       exit code >= 128 or negative (a signal), or stderr with
                   "Stack dump", "PLEASE submit a bug report", "LLVM ERROR",
                   "Assertion" or "UNREACHABLE";
       hang        no exit within --timeout seconds;
       miscompile  a pass wrote IR the verifier rejects (the run fails, but
                   succeeds with --verify-each=false and its output does not
                   parse), or an output that does not parse again;
     a failure without an error message is a bad diagnostic;
  3. for programs (inputs named `run-*`, with a host @main): runs `wc-sim F`
     as written (it must succeed) and wc-sim on the output of every ok
     pipeline that still has host code to run (not a gpu.binary lowering),
     and compares stdout (`base@ = 0x...` addresses ignored): a different
     output, or a failure of the transformed program, is a miscompile.

It prints one line per input with its counts (with each problem's error,
top stack frames and a command that reproduces it), then `N inputs, M runs:
A ok, B diagnostics, C crashes, D hangs, E miscompiles`, and exits non-zero
on a crash, hang, miscompile, bad diagnostic or failed run as written.

Examples:
  utils/check-corpus.py                              # all inputs, -j 2
  utils/check-corpus.py -v test/Corpus/Inputs/run-printf.mlir --timeout 20
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

from wctools import (CRASH_MARKERS, MESSAGE, crashed, first_error,
                     normalise_output, run)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PIPELINES = [
    ["--wc-prepare"],
    ["--wc-aggregate"],
    ["--wc-aggregate", "--wc-remap"],
    ["--wc-aggregate", "--wc-remap", "--wc-delegate"],
    ["--wc-aggregate", "--wc-remap", "--wc-delegate=schedule=dynamic"],
    ["--wc-consolidate"],
    ["--gpu-kernel-outlining", "--wc-consolidate"],
    ["--canonicalize", "--cse", "--loop-invariant-code-motion",
     "--wc-consolidate"],
    ["--wc-lower-to-nvvm"],
    ["--wc-consolidate", "--wc-lower-to-nvvm"],
    ["--wc-pipeline"],
]
KINDS = ["ok", "diagnostic", "crash", "hang", "miscompile"]
LOCATED = re.compile(r"^\S.*?:\d+:\d+: error: \S")
FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ (.*)$")
BORING_FRAME = re.compile(r"llvm::sys::|SignalHandler|__restore_rt|libc\.so|"
                          r"raise|abort|__assert_fail|_start|pthread_kill")
TEMP = re.compile(r"\S*wc-corpus-[^/\s]+/\S+")
PRE = re.compile(r"^//\s*corpus-pre:\s*(.*)$", re.M)


def crash_detail(err):
    """The error lines and the top stack frames that are not the handler's."""
    lines = err.splitlines()
    out = [l.strip() for l in lines if MESSAGE.search(l) or any(
        m in l for m in CRASH_MARKERS[2:])][:2]
    frames = [m.group(1) for m in map(FRAME.match, lines) if m and not
              BORING_FRAME.search(m.group(1)) and not m.group(1)[:2] == "(/"]
    shown = frames[:5]
    own = [f for f in frames if not re.search(r"/usr/lib|csu/|^main ", f)]
    if own and own[0] not in shown:  # the first frame of the project's code
        shown += ["...", own[0]]
    return out + ["  " + f[:160] for f in shown]


class Run:
    """One classified tool run, with a command that reproduces it (the
    temporary output named out.mlir)."""

    def __init__(self, label, kind, cmd, detail=(), bad=False):
        self.label, self.kind, self.bad = label, kind, bad
        self.detail = list(detail)
        self.cmd = TEMP.sub("out.mlir", cmd if isinstance(cmd, str)
                            else shlex.join(cmd))


def classify_failure(label, cmd, rc, err):
    if rc is None:
        return Run(label, "hang", cmd, [err])
    if crashed(rc, err):
        return Run(label, "crash", cmd, ["exit %d" % rc] + crash_detail(err))
    if rc == 1 and MESSAGE.search(err):
        located = any(LOCATED.match(l) for l in err.splitlines())
        return Run(label, "diagnostic", cmd, [first_error(err) + (
            "" if located else " (no location)")])
    return Run(label, "diagnostic", cmd, ["exit %d without an error message: "
                                          "%s" % (rc, first_error(err))],
               bad=True)


def simulate(tools, path):
    """wc-sim `path`: (command, exit code, normalised stdout, stderr)."""
    cmd = [tools.wc_sim, path]
    rc, out, err = run(cmd, tools.timeout)
    return shlex.join(cmd), rc, normalise_output(out), err


def check_pipeline(tools, path, flags, pipeline, out):
    """Runs one pipeline on one input: (Run, simulation of the output or
    None)."""
    label = " ".join(pipeline)
    cmd = [tools.wc_opt, path, *flags, *pipeline,
           "-mlir-print-op-on-diagnostic=false", "-o", out]
    allow = [f for f in flags if f == "--allow-unregistered-dialect"]
    reparse = [tools.wc_opt, out, *allow, "-o", os.devnull]
    rc, _, err = run(cmd, tools.timeout)
    if rc != 0:
        r = classify_failure(label, cmd, rc, err)
        if r.kind == "diagnostic" and not r.bad:
            # A pass that refuses fails without the verifier too; one that
            # wrote invalid IR succeeds, and its output does not parse.
            if run(cmd + ["--verify-each=false"], tools.timeout)[0] == 0 and \
                    run(reparse, tools.timeout)[0] not in (0, None):
                r = Run(label, "miscompile", cmd, [
                    "invalid IR (fails the verifier): " + first_error(err)])
        return r, None
    rc, _, err = run(reparse, tools.timeout)
    if rc != 0:
        r = classify_failure(label + " (re-parse)", cmd, rc, err)
        if r.kind == "diagnostic":
            r = Run(label, "miscompile", cmd,
                    ["output does not parse again: " + first_error(err)])
        return r, None
    r = Run(label, "ok", cmd)
    if os.path.basename(path).startswith("run-"):
        with open(out) as f:
            if "gpu.binary" not in f.read():
                sim_cmd, rc, stdout, err = simulate(tools, out)
                return r, (r.cmd + " && " + sim_cmd, rc, stdout, err)
    return r, None


def compare(label, reference, sim):
    """Classifies the run of a transformed program against `reference`."""
    cmd, rc, out, err = sim
    if rc == 0 and out == reference:
        return Run(label, "ok", cmd)
    if rc is None or crashed(rc, err):
        return classify_failure(label, cmd, rc, err)
    if rc != 0:
        return Run(label, "miscompile", cmd,
                   ["fails where the input runs: " + first_error(err)])
    want, got = reference.splitlines(), out.splitlines()
    diff = [(a, b) for a, b in zip(want, got) if a != b] or \
        [("(%d lines)" % len(want), "(%d lines)" % len(got))]
    return Run(label, "miscompile", cmd, ["output differs:",
                                          "  expected: " + diff[0][0][:150],
                                          "  got:      " + diff[0][1][:150]])


def collect(futures):
    """The runs of one input, from its futures."""
    runs, reference = [], None
    if "reference" in futures:
        cmd, rc, out, err = futures["reference"].result()
        if rc == 0:
            runs.append(Run("wc-sim (as written)", "ok", cmd))
            reference = out
        else:
            runs.append(classify_failure("wc-sim (as written)", cmd, rc, err))
            runs[-1].bad = True
    for fut in futures["pipelines"]:
        r, sim = fut.result()
        runs.append(r)
        if sim is not None and reference is not None:
            runs.append(compare("wc-sim after " + r.label, reference, sim))
    return runs


def report(path, runs, verbose):
    counts = {k: sum(1 for r in runs if r.kind == k) for k in KINDS}
    problems = [r for r in runs if r.bad or r.kind not in KINDS[:2]]
    print("%s %s: %s" % ("FAIL" if problems else "PASS",
                         os.path.basename(path),
                         ", ".join("%d %s" % (counts[k], k)
                                   for k in KINDS if counts[k])))
    for r in runs:
        if verbose or r in problems:
            print("  %-11s %s%s" % (r.kind + ("!" if r.bad else ""), r.label,
                                    ": " + r.detail[0] if r.detail else ""))
        if r in problems:
            for line in r.detail[1:] + ["$ " + r.cmd]:
                print("              " + line)
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="pipelines:\n" + "\n".join("  " + " ".join(p)
                                          for p in PIPELINES))
    parser.add_argument("inputs", nargs="*", help="input files or directories"
                        " (default: test/Corpus/Inputs)")
    parser.add_argument("--wc-opt", default=os.path.join(ROOT, "build", "bin",
                                                         "wc-opt"))
    parser.add_argument("--wc-sim", default=os.path.join(ROOT, "build", "bin",
                                                         "wc-sim"))
    parser.add_argument("-j", "--jobs", type=int, default=2,
                        help="tool runs in parallel (default 2)")
    parser.add_argument("--timeout", type=int, default=60,
                        help="seconds a tool run may take before it is a "
                             "hang (default 60)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print every run")
    args = parser.parse_args()

    inputs = []
    for item in args.inputs or [os.path.join(ROOT, "test", "Corpus",
                                             "Inputs")]:
        inputs += sorted(glob.glob(os.path.join(item, "*.mlir"))) \
            if os.path.isdir(item) else [item]
    if not inputs:
        sys.exit("check-corpus: no inputs")
    for tool in (args.wc_opt, args.wc_sim):
        if not os.access(tool, os.X_OK):
            sys.exit("check-corpus: %s not found; build first" % tool)
    helptext = run([args.wc_opt, "--help"], args.timeout)[1]
    missing = sorted({f.split("=")[0] for p in PIPELINES for f in p
                      if f.split("=")[0] + " " not in helptext})
    if missing:
        sys.exit("check-corpus: %s has no %s" % (args.wc_opt,
                                                 ", ".join(missing)))

    tools = args  # wc_opt, wc_sim, timeout
    start = time.time()
    runs = []
    with tempfile.TemporaryDirectory(prefix="wc-corpus-") as workdir, \
            concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        tasks = []
        for n, path in enumerate(inputs):
            name = os.path.basename(path)
            flags = ["--allow-unregistered-dialect"] \
                if name.startswith("unregistered-") else []
            with open(path) as f:
                for line in PRE.findall(f.read()):
                    flags += shlex.split(line)
            futures = {"pipelines": [pool.submit(
                check_pipeline, tools, path, flags, p,
                os.path.join(workdir, "%d.%s.%d.mlir" % (n, name, i)))
                for i, p in enumerate(PIPELINES)]}
            if name.startswith("run-"):
                futures["reference"] = pool.submit(simulate, tools, path)
            tasks.append((path, futures))
        for path, futures in tasks:
            mine = collect(futures)
            report(path, mine, args.verbose)
            runs += mine

    total = {k: sum(1 for r in runs if r.kind == k) for k in KINDS}
    bad = sum(1 for r in runs if r.bad)
    if bad:
        print("%d failed runs as written or diagnostics without a message"
              % bad)
    print("(%.1fs)" % (time.time() - start))
    print("%d inputs, %d runs: %d ok, %d diagnostics, %d crashes, %d hangs, "
          "%d miscompiles" % (len(inputs), len(runs), total["ok"],
                              total["diagnostic"], total["crash"],
                              total["hang"], total["miscompile"]))
    return 1 if bad or total["crash"] or total["hang"] or \
        total["miscompile"] else 0


if __name__ == "__main__":
    sys.exit(main())
