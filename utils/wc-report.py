#!/usr/bin/env python3
"""The main job of wc: compile kernels through the wc pipeline and report,
per kernel, what each stage did and the facts of the PTX it produced.

For every MLIR file given, the kernels go through `wc-opt` with the wc
pipeline (the cost model `wc-consolidate`, which picks and applies
`wc-aggregate`, `wc-remap` and `wc-delegate` per kernel, then the lowering
`wc-lower-to-nvvm`) and the report prints, per kernel:
  - the remarks of every wc pass (what it transformed, or why it refused);
  - PTX facts: block barriers, warp syncs, shuffles, votes, reductions,
    shared-memory bytes;
  - registers and spills from `ptxas -v` for the chip, where ptxas exists.

Usage: wc-report.py [--wc-opt PATH] [--chip sm_90] FILE.mlir...
Exit status: non-zero if any file fails to compile.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from wctools import parse_ptxas_report

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from importlib import import_module  # noqa: E402

extract_ptx = import_module("extract-ptx")

# PTX instruction families worth counting, in report order.
PTX_FACTS = [
    ("bar.sync", r"^\s*(?:bar\.sync|barrier\.sync(?:\.aligned)?)\b"),
    ("bar.arrive", r"^\s*(?:bar\.arrive|barrier\.arrive)\b"),
    ("bar.warp.sync", r"^\s*bar\.warp\.sync\b"),
    ("shfl.sync", r"^\s*shfl\.sync\."),
    ("vote.sync", r"^\s*vote\.sync\."),
    ("redux.sync", r"^\s*redux\.sync\."),
    ("match.sync", r"^\s*match\.\w+\.sync\."),
    ("ld.shared", r"^\s*ld\.shared\."),
    ("st.shared", r"^\s*st\.shared\."),
    ("ld.local", r"^\s*ld\.local\."),
]


def find_wc_opt(explicit):
    for candidate in [explicit, os.path.join(HERE, "..", "build", "bin", "wc-opt"),
                      shutil.which("wc-opt")]:
        if candidate and os.path.exists(candidate):
            return os.path.abspath(candidate)
    sys.exit("wc-report: wc-opt not found; build first (bash scripts/build.sh)")


def find_ptxas():
    for candidate in [shutil.which("ptxas"), "/usr/local/cuda/bin/ptxas"]:
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def split_entries(ptx):
    """Returns {kernel: body text} for every .entry of a PTX module."""
    entries = {}
    starts = [(m.start(), m.group(1)) for m in
              re.finditer(r"\.entry\s+(\w+)\s*\(", ptx)]
    for i, (start, name) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(ptx)
        entries[name] = ptx[start:end]
    return entries


def shared_bytes(ptx, kernel):
    """Bytes of .shared variables named after `kernel` (workgroup buffers)
    plus those declared inside its body."""
    total = 0
    for m in re.finditer(r"\.shared\s+(?:\.align\s+\d+\s+)?\.b8\s+(\S+?)\[(\d+)\]", ptx):
        name, size = m.group(1), int(m.group(2))
        if kernel in name:
            total += size
    return total


def ptxas_facts(ptxas, ptx, chip):
    """Runs ptxas -v; returns ({kernel: facts}, None) or (None, error)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "k.ptx")
        with open(path, "w") as f:
            f.write(ptx)
        proc = subprocess.run([ptxas, "-v", "-arch=" + chip, path, "-o",
                               os.path.join(tmp, "k.cubin")],
                              capture_output=True, text=True)
    if proc.returncode != 0:
        return None, proc.stderr.strip()
    return parse_ptxas_report(proc.stderr), None


def report(path, wc_opt, ptxas, chip):
    print("== " + os.path.relpath(path))
    passes = ["--wc-consolidate=chip=" + chip,
              "--wc-lower-to-nvvm=chip=" + chip]
    proc = subprocess.run([wc_opt, path, *passes,
                           "-mlir-print-op-on-diagnostic=false"],
                          capture_output=True, text=True)
    # Remarks name a source line; attribute each to the kernel defined at or
    # before that line.
    kernel_lines = []
    with open(path) as source:
        for number, line in enumerate(source, 1):
            m = re.search(r"gpu\.func\s+@(\w+)", line)
            if m:
                kernel_lines.append((number, m.group(1)))
    remarks = {}
    for line in proc.stderr.splitlines():
        m = re.match(r".*?:(\d+):\d+: remark: (.*)", line)
        if not m:
            continue
        owner = None
        for number, name in kernel_lines:
            if number <= int(m.group(1)):
                owner = name
        remarks.setdefault(owner, []).append(m.group(2))
    if proc.returncode != 0:
        print("  FAILED to compile:")
        for line in proc.stderr.strip().splitlines()[:20]:
            print("    " + line)
        return False
    text = proc.stdout
    binaries = list(re.finditer(
        r"gpu\.binary @(\S+)\s+(?:<[^>]*>\s*)?\[(.*?)\]\s*$", text,
        re.MULTILINE | re.DOTALL))
    for binary in binaries:
        module = binary.group(1)
        asm = re.search(r'assembly = "((?:[^"\\]|\\.)*)"', binary.group(2))
        if not asm:
            continue
        ptx = extract_ptx.unescape(asm.group(1))
        ptxas_info, ptxas_error = (ptxas_facts(ptxas, ptx, chip)
                                   if ptxas else ({}, None))
        for kernel, body in split_entries(ptx).items():
            print("  kernel @%s::@%s" % (module, kernel))
            for r in remarks.get(kernel, ["no wc pass changed it"]):
                print("    wc             : " + r)
            counts = []
            for name, pattern in PTX_FACTS:
                n = len(re.findall(pattern, body, re.MULTILINE))
                counts.append("%s %d" % (name, n))
            print("    PTX            : " + ", ".join(counts))
            print("    shared memory  : %d bytes" % shared_bytes(ptx, kernel))
            if ptxas is None:
                print("    ptxas          : not found (CUDA toolkit absent); skipped")
            elif ptxas_error:
                print("    ptxas          : FAILED: " + ptxas_error)
                return False
            else:
                info = ptxas_info.get(kernel, {})
                print("    ptxas %-8s : %s registers, %s B spill stores, %s B spill loads, %s B smem"
                      % (chip, info.get("registers", "?"),
                         info.get("spill stores", "?"),
                         info.get("spill loads", "?"), info.get("smem", "?")))
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--wc-opt", default=None)
    parser.add_argument("--chip", default="sm_90")
    args = parser.parse_args()
    wc_opt = find_wc_opt(args.wc_opt)
    ptxas = find_ptxas()
    ok = True
    for path in args.files:
        ok = report(path, wc_opt, ptxas, args.chip) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
