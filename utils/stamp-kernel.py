#!/usr/bin/env python3
"""A timeline of a kernel's warps: where each warp of a launch was when.

`stamp` adds a trace buffer to a benchmark program (one kernel, launched
from one `func.func @main`): at the kernel's start and before each anchor,
the first lane of every warp stores the GPU's global timer (ns) into the
trace; the last launch's trace is printed after main's other output, one
value a line. `report` reads that output and prints each phase's mean and
spread over the warps, the blocks' time held (first start to last end of
their warps) against their warps' busy time, and the warps that ended last.

  stamp-kernel.py stamp IN.mlir OUT.mlir --warps N --anchor TEXT [--anchor TEXT ...]
  stamp-kernel.py report OUTPUT.txt --warps N --anchors K [--skip LINES]
                 [--warps-per-block W]

IN is the program as wc-opt prints it: one `gpu.launch_func` in
`func.func @main()`, which ends with `return`, and declarations of
`@printI64` and `@printNewline`. An anchor is the start of a line of the
launched kernel, after its indentation (or with it, when the anchor starts
with a space): the stamp goes before the first such line after the
previous anchor's line (after the kernel's first line for the first
anchor). The kernel must have a 1-D block whose size is a multiple of 32;
N is the launch's warps (blocks x threads / 32), and W its block's warps
(default 4). `report` skips the first LINES lines of OUTPUT (the program's
own output) and expects exactly N x (K + 2) values after them.
Build the stamped program with `wc-compile.py OUT.mlir -o X.exe --pipeline=`
(the passes already ran on IN). The stamps cost registers and stores: use
the timeline for where the time goes, and the unstamped build for how much.
The timer read has no memory effects, so the compilers may move it: a
stamp right after a barrier has read 5-15 us apart in the warps of one
block, i.e. it gave each warp's arrival at the barrier, not its leaving.
"""
import argparse
import re
import statistics
import sys


def fail(message):
    sys.exit("stamp-kernel.py: " + message)


def block_end(lines, start):
    """The line that closes the op opened on line `start` (the first line
    after it at the same indentation that starts with `}`)."""
    indent = len(lines[start]) - len(lines[start].lstrip())
    for i in range(start + 1, len(lines)):
        if lines[i].startswith(" " * indent + "}"):
            return i
    fail("no end for line %d" % (start + 1))


def args_end(line, open_paren):
    """The index of the `)` that closes the `(` at `open_paren`."""
    depth = 0
    for i in range(open_paren, len(line)):
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        if depth == 0:
            return i
    fail("unbalanced parentheses in: " + line.strip())


def stamp(args):
    lines = open(args.input).read().split("\n")
    slots = len(args.anchor) + 2  # start, anchors, the warp's SM
    size = args.warps * slots
    trace = "memref<%dxi64>" % size

    launches = [i for i, l in enumerate(lines) if "gpu.launch_func" in l]
    if len(launches) != 1:
        fail("the program must launch one kernel once (found %d "
             "gpu.launch_func lines; print it with wc-opt first)" %
             len(launches))
    launch = launches[0]
    name = re.search(r"@[\w$.-]+::@([\w$.-]+)", lines[launch])
    if not name:
        fail("no kernel symbol in: " + lines[launch].strip())
    mains = [i for i, l in enumerate(lines)
             if re.match(r"\s*func\.func @main\(\)", l)]
    if len(mains) != 1:
        fail("no `func.func @main()` without arguments")
    main_start, main_end = mains[0], block_end(lines, mains[0])
    if not main_start < launch < main_end:
        fail("the launch must be in @main")
    if lines[main_end - 1].strip() != "return":
        fail("@main must end with `return`")
    for callee in ("@printI64", "@printNewline"):
        if not any(re.match(r"\s*func\.func private %s\(" % callee, l)
                   for l in lines):
            fail("the program must declare %s" % callee)

    kernels = [i for i, l in enumerate(lines)
               if "gpu.func @%s(" % name.group(1) in l and " kernel" in l]
    if len(kernels) != 1:
        fail("no kernel @%s" % name.group(1))
    kernel = kernels[0]
    kernel_end = block_end(lines, kernel)
    header = lines[kernel]
    close = args_end(header, header.index("gpu.func @%s(" % name.group(1)) +
                     len("gpu.func @%s" % name.group(1)))
    comma = "" if header[close - 1] == "(" else ", "
    lines[kernel] = header[:close] + comma + "%%wc_trace: %s" % trace + \
        header[close:]

    out = lines[:kernel + 1]
    out += [
        "%wc_c0 = arith.constant 0 : index",
        "%wc_c32 = arith.constant 32 : index",
        "%%wc_slots = arith.constant %d : index" % slots,
        "%wc_tid = gpu.thread_id x",
        "%wc_bid = gpu.block_id x",
        "%wc_bdim = gpu.block_dim x",
        "%wc_wpb = arith.divui %wc_bdim, %wc_c32 : index",
        "%wc_lane = arith.remui %wc_tid, %wc_c32 : index",
        "%wc_wib = arith.divui %wc_tid, %wc_c32 : index",
        "%wc_wb = arith.muli %wc_bid, %wc_wpb : index",
        "%wc_warp = arith.addi %wc_wb, %wc_wib : index",
        "%wc_first = arith.cmpi eq, %wc_lane, %wc_c0 : index",
        "%wc_base = arith.muli %wc_warp, %wc_slots : index",
    ]

    def store(n, value):
        return [
            "%%wc_k%d = arith.constant %d : index" % (n, n),
            "%%wc_at%d = arith.addi %%wc_base, %%wc_k%d : index" % (n, n),
            "scf.if %%wc_first { memref.store %s, %%wc_trace[%%wc_at%d] : %s }"
            % (value, n, trace),
        ]

    def timer(n):
        return ["%%wc_t%d = nvvm.read.ptx.sreg.globaltimer : i64" % n] + \
            store(n, "%%wc_t%d" % n)

    out += timer(0)
    out += ["%wc_sm32 = nvvm.read.ptx.sreg.smid : i32",
            "%wc_sm = arith.extui %wc_sm32 : i32 to i64"]
    out += store(slots - 1, "%wc_sm")
    at, search = kernel + 1, kernel + 1
    for n, anchor in enumerate(args.anchor, start=1):
        def matches(line):
            if anchor.startswith(" "):
                return line.startswith(anchor)
            return line.strip().startswith(anchor)
        found = next((i for i in range(search, kernel_end)
                      if matches(lines[i])), None)
        if found is None:
            after = " after anchor %d's line" % (n - 1) if n > 1 else ""
            fail("anchor %d not found in the kernel%s: %s" %
                 (n, after, anchor))
        out += lines[at:found] + timer(n)
        at, search = found, found + 1
    out += lines[at:main_start + 1]
    out += ["    %%wc_trace_d = gpu.alloc () : %s" % trace]
    launch_line = lines[launch]
    if "args(" in launch_line:
        launch_line = re.sub(r"\)\s*$", ", %%wc_trace_d : %s)" % trace,
                             launch_line)
    else:
        launch_line = launch_line.rstrip() + \
            " args(%%wc_trace_d : %s)" % trace
    out += lines[main_start + 1:launch] + [launch_line]
    out += lines[launch + 1:main_end - 1]
    printing = """    %%wc_h = memref.alloc() : %(t)s
    gpu.memcpy %%wc_h, %%wc_trace_d : %(t)s, %(t)s
    %%wc_z = arith.constant 0 : index
    %%wc_one = arith.constant 1 : index
    %%wc_n = arith.constant %(n)d : index
    scf.for %%wc_i = %%wc_z to %%wc_n step %%wc_one {
      %%wc_v = memref.load %%wc_h[%%wc_i] : %(t)s
      func.call @printI64(%%wc_v) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }""" % {"t": trace, "n": size}
    out += printing.split("\n")
    out += lines[main_end - 1:]
    open(args.output, "w").write("\n".join(out))


def report(args):
    lines = open(args.input).read().split("\n")[args.skip:]
    try:
        values = [int(v) for v in " ".join(lines).split()]
    except ValueError as error:
        fail("the trace after %d skipped lines: %s" % (args.skip, error))
    slots = args.anchors + 2
    if len(values) != args.warps * slots:
        fail("%d values after %d skipped lines, expected %d (%d warps x %d)"
             % (len(values), args.skip, args.warps * slots, args.warps,
                slots))
    per_block = args.warps_per_block
    if args.warps % per_block:
        fail("%d warps are not whole blocks of %d" % (args.warps, per_block))
    warps = [values[w * slots:(w + 1) * slots] for w in range(args.warps)]
    t0 = min(w[0] for w in warps)
    end = max(w[slots - 2] for w in warps)
    print("span %.1f us" % ((end - t0) / 1e3))
    for k in range(args.anchors):
        spans = sorted((w[k + 1] - w[k]) / 1e3 for w in warps)
        print("phase %d: mean %.2f us, median %.2f, 90%% %.2f, max %.2f, "
              "sum %.1f warp-us" %
              (k + 1, statistics.mean(spans), spans[len(spans) // 2],
               spans[int(len(spans) * 0.9)], spans[-1], sum(spans)))
    held = busy = 0
    for b in range(args.warps // per_block):
        ws = warps[b * per_block:(b + 1) * per_block]
        held += max(w[slots - 2] for w in ws) - min(w[0] for w in ws)
        busy += sum(w[slots - 2] - w[0] for w in ws) / per_block
    print("blocks: held %.1f block-us, their warps busy %.1f block-us "
          "(to the last stamp)" % (held / 1e3, busy / 1e3))
    print("last to end (warp, block, SM, stamps in us from the first start):")
    for w in sorted(range(args.warps), key=lambda w: -warps[w][slots - 2])[:8]:
        r = warps[w]
        print(w, w // per_block, r[slots - 1],
              " ".join("%.1f" % ((r[k] - t0) / 1e3) for k in range(slots - 1)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    s = sub.add_parser("stamp")
    s.add_argument("input")
    s.add_argument("output")
    s.add_argument("--warps", type=int, required=True)
    s.add_argument("--anchor", action="append", default=[])
    r = sub.add_parser("report")
    r.add_argument("input")
    r.add_argument("--warps", type=int, required=True)
    r.add_argument("--anchors", type=int, required=True)
    r.add_argument("--warps-per-block", type=int, default=4)
    r.add_argument("--skip", type=int, default=0,
                   help="lines of the program's own output before the trace")
    args = parser.parse_args()
    stamp(args) if args.mode == "stamp" else report(args)


if __name__ == "__main__":
    main()
