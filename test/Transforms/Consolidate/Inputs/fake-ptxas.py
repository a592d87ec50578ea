#!/usr/bin/env python3
"""A stand-in for ptxas in tests of the cost model on machines without the
CUDA toolkit. Called as `fake-ptxas.py -arch=CHIP -v IN.ptx -o OUT`, it
writes a `ptxas -v` report of every entry function of IN.ptx to stderr, with
the registers, spilled bytes and shared memory that WC_FAKE_PTXAS gives for
the threads of the function's `.maxntid` (or `.reqntid`) block:
  WC_FAKE_PTXAS="256=40,32=72:16,sum@128=92:0:8192"
      [function@]threads=registers[:spill bytes[:shared bytes]]
("none" stands for a function without a block size; an entry naming the
function wins). A block size that is
not listed, or WC_FAKE_PTXAS=fail, makes it fail as ptxas does."""
import os
import re
import sys

args = sys.argv[1:]
ptx = open(next(a for a in args if a.endswith(".ptx"))).read()
table = os.environ.get("WC_FAKE_PTXAS", "")
if table == "fail":
    sys.exit("ptxas fatal   : Ptx assembly aborted due to errors")
figures = {}
for entry in table.split(","):
    threads, _, value = entry.partition("=")
    fields = [int(f) for f in value.split(":")] + [0, 0]
    figures[threads] = tuple(fields[:3])

report = []
for match in re.finditer(r"\.entry (\w+)\(.*?\)\s*((?:\.\w+[^\n{]*\n)*)\s*\{",
                         ptx, re.S):
    name, directives = match.group(1), match.group(2)
    size = re.search(r"\.(?:maxntid|reqntid) (\d+), (\d+), (\d+)", directives)
    threads = str(int(size.group(1)) * int(size.group(2)) * int(size.group(3))) \
        if size else "none"
    key = next((k for k in ("%s@%s" % (name, threads), threads)
                if k in figures), None)
    if key is None:
        sys.exit("fake-ptxas: no figures for %s-thread blocks of %s" %
                 (threads, name))
    registers, spills, smem = figures[key]
    half = spills // 2
    report += [
        "ptxas info    : Compiling entry function '%s' for 'sm_90'" % name,
        "ptxas info    : Function properties for %s" % name,
        "    %d bytes stack frame, %d bytes spill stores, %d bytes spill loads"
        % (spills, spills - half, half),
        "ptxas info    : Used %d registers, used 1 barriers" % registers
        + (", %d bytes smem" % smem if smem else ""),
    ]
sys.stderr.write("\n".join(report) + "\n")
out = args[args.index("-o") + 1]
open(out, "wb").close()
