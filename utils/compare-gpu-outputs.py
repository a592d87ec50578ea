#!/usr/bin/env python3
"""The GPU check, half two (here): compares what each program printed on a
GPU (utils/gpu-run.sh -o OUT: OUT/NAME.mlir[.VARIANT].out, .err) with what
wc-sim printed for the program as written
(.device-build/integration-sim/NAME.mlir.sim, by
utils/build-integration-for-gpu.sh).

Outputs are compared token by token: buffer addresses (`base@ = 0x...`) are
not compared; integers must be equal; floats equal within a relative 2e-5
(printed with 6 significant digits; the GPU's exp and division round
differently from the host's libm). A program that wrote to its standard
error, or printed nothing, fails. Prints one line per output that is not
equal, then the summary line, and exits with 1 unless every output is equal.

A program whose printed buffer depends on the order in which the GPU runs
its warps (the values atomics return, which agent drew which ticket) says
so in its test file, one line per such buffer (counted from 1, in the order
printed):
    // GPU-ORDER: buffer K permutation   the same values, in any order
    // GPU-ORDER: buffer K any           any values (its header still equal)
followed by why; the test's own GPU lines (utils/check-gpu-outputs.sh)
check what holds in every order.

Usage: compare-gpu-outputs.py OUT [--sims DIR] [--list]
       compare-gpu-outputs.py --pair GPU_OUTPUT SIM_OUTPUT
(the second form compares two files by the same rules, for a test's own
GPU lines where floats differ in the last digits; exit 1 if they differ)
"""
import argparse
import math
import os
import re
import sys

NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:inf|nan)")
ADDRESS = re.compile(r"base@ = 0x[0-9a-fA-F]+")
RELATIVE = 2e-5
ORDER = re.compile(r"//\s*GPU-ORDER: buffer (\d+) (permutation|any)\b")
BUFFER = re.compile(r"(Unranked Memref[^\n]*\n)")
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def order_rules(program):
    """{buffer: kind} of the GPU-ORDER lines of the test that holds
    `program` (NAME.mlir)."""
    for folder in ("test/Integration", "test/Producers"):
        path = os.path.join(REPO, folder, program)
        if os.path.exists(path):
            with open(path) as f:
                return {int(k): kind for k, kind in ORDER.findall(f.read())}
    return {}


def apply_order(text, rules):
    """`text` with each order-dependent buffer's contents replaced by what
    every order prints: its sorted numbers (permutation) or nothing (any)."""
    if not rules:
        return text
    parts = BUFFER.split(text)
    # parts: before, header 1, contents 1, header 2, contents 2, ...
    for k, kind in rules.items():
        i = 2 * k
        if i < len(parts):
            if kind == "permutation":
                parts[i] = " ".join(sorted(NUMBER.findall(parts[i]))) + "\n"
            else:
                parts[i] = "\n"
    return "".join(parts)


def tokens(text):
    """The output's words and numbers, addresses left out."""
    text = ADDRESS.sub("base@ = ?", text)
    out, pos = [], 0
    for m in NUMBER.finditer(text):
        out.extend(text[pos:m.start()].split())
        out.append(m.group(0))
        pos = m.end()
    out.extend(text[pos:].split())
    return out


def same_number(a, b):
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    # Integers (no point, no exponent) must match exactly.
    if re.fullmatch(r"[-+]?\d+", a) and re.fullmatch(r"[-+]?\d+", b):
        return False
    return abs(x - y) <= RELATIVE * max(abs(x), abs(y), 1e-30)


def compare(gpu, sim):
    """None when equal, else where they first differ."""
    g, s = tokens(gpu), tokens(sim)
    for i, (a, b) in enumerate(zip(g, s)):
        if a != b and not same_number(a, b):
            return f"token {i}: GPU '{a}', wc-sim '{b}'"
    if len(g) != len(s):
        return f"GPU printed {len(g)} tokens, wc-sim {len(s)}"
    return None


def compare_pair(gpu_path, sim_path):
    with open(gpu_path, errors="replace") as f:
        gpu = f.read()
    with open(sim_path, errors="replace") as f:
        sim = f.read()
    why = compare(gpu, sim) if gpu.strip() else "the GPU printed nothing"
    if why:
        print(f"DIFFERS {gpu_path}: {why}")
        return 1
    return 0


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--pair":
        return compare_pair(sys.argv[2], sys.argv[3])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outputs", help="the folder gpu-run.sh -o wrote")
    parser.add_argument("--sims", default=os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
        ".device-build", "integration-sim"))
    parser.add_argument("--list", action="store_true",
                        help="also list the equal outputs")
    args = parser.parse_args()
    sims = {f[:-len(".sim")]: os.path.join(args.sims, f)
            for f in os.listdir(args.sims) if f.endswith(".sim")}
    equal = differ = failed = order_dependent = 0
    programs = set()
    for out in sorted(os.listdir(args.outputs)):
        if not out.endswith(".out"):
            continue
        stem = out[:-len(".out")]
        program = next((p for p in sims if stem == p or stem.startswith(p + ".")), None)
        if program is None:
            continue
        programs.add(program)
        variant = stem[len(program) + 1:] or "plain"
        with open(os.path.join(args.outputs, out), errors="replace") as f:
            gpu = f.read()
        err_path = os.path.join(args.outputs, stem + ".err")
        err = open(err_path, errors="replace").read() if os.path.exists(err_path) else ""
        with open(sims[program], errors="replace") as f:
            sim = f.read()
        if err.strip() or not gpu.strip():
            failed += 1
            first = (err.strip().splitlines() or ["no output"])[0]
            print(f"FAILED {program} ({variant}): {first}")
            continue
        rules = order_rules(program)
        why = compare(apply_order(gpu, rules), apply_order(sim, rules))
        if rules:
            order_dependent += 1
        if why:
            differ += 1
            print(f"DIFFERS {program} ({variant}): {why}")
        else:
            equal += 1
            if args.list:
                print(f"equal {program} ({variant})")
    total = equal + differ + failed
    print(f"gpu-check: {total} outputs of {len(programs)} programs: {equal} "
          f"equal to wc-sim's ({order_dependent} of them with buffers that "
          f"depend on the warps' order), {differ} differ, {failed} failed")
    return 0 if total and equal == total else 1


if __name__ == "__main__":
    sys.exit(main())
