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

An anchor is the start of a line of the kernel as printed by wc-opt, after
its indentation (or with it, when the anchor starts with a space): the
stamp goes before the first line after the previous anchor's that starts
with it. The kernel must have a 1-D block whose size
is a multiple of 32; N is the launch's warps (blocks x threads / 32).
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


def stamp(args):
    lines = open(args.input).read().split("\n")
    slots = len(args.anchor) + 2  # start, anchors, the warp's SM
    size = args.warps * slots
    trace = "memref<%dxi64>" % size
    kernel = next(i for i, l in enumerate(lines)
                  if "gpu.func @" in l and " kernel" in l)
    header = lines[kernel]
    if ") workgroup(" in header:
        header = header.replace(") workgroup(",
                                ", %%wc_trace: %s) workgroup(" % trace, 1)
    else:
        header = re.sub(r"\) kernel", ", %%wc_trace: %s) kernel" % trace,
                        header, count=1)
    out = lines[:kernel] + [header]
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
    at = kernel + 1
    for n, anchor in enumerate(args.anchor, start=1):
        next_at = at
        def matches(line):
            if anchor.startswith(" "):
                return line.startswith(anchor)
            return line.strip().startswith(anchor)
        while next_at < len(lines) and not matches(lines[next_at]):
            next_at += 1
        if next_at == len(lines):
            sys.exit("stamp-kernel.py: anchor %d not found: %s" % (n, anchor))
        out += lines[at:next_at] + timer(n)
        at = next_at
    out += lines[at:]
    text = "\n".join(out)
    launch = re.compile(r"(gpu\.launch_func\s.*args\(.*)\)$", re.M)
    if len(launch.findall(text)) != 1:
        sys.exit("stamp-kernel.py: the program must launch one kernel once")
    text = launch.sub(lambda m: m.group(1) + ", %%wc_trace_d : %s)" % trace,
                      text)
    main = "  func.func @main() {\n"
    if main not in text:
        sys.exit("stamp-kernel.py: no func.func @main() without arguments")
    text = text.replace(main, main + "    %%wc_trace_d = gpu.alloc () : %s\n"
                        % trace, 1)
    end = text.rfind("    return\n  }\n}")
    if end < 0:
        sys.exit("stamp-kernel.py: main must end the module with `return`")
    text = text[:end] + """    %%wc_h = memref.alloc() : %(t)s
    gpu.memcpy %%wc_h, %%wc_trace_d : %(t)s, %(t)s
    %%wc_z = arith.constant 0 : index
    %%wc_one = arith.constant 1 : index
    %%wc_n = arith.constant %(n)d : index
    scf.for %%wc_i = %%wc_z to %%wc_n step %%wc_one {
      %%wc_v = memref.load %%wc_h[%%wc_i] : %(t)s
      func.call @printI64(%%wc_v) : (i64) -> ()
      func.call @printNewline() : () -> ()
    }
""" % {"t": trace, "n": size} + text[end:]
    if "func.func private @printI64" not in text:
        sys.exit("stamp-kernel.py: main must declare @printI64")
    open(args.output, "w").write(text)


def report(args):
    values = [int(v) for v in open(args.input).read().split()[args.skip:]]
    slots = args.anchors + 2
    if len(values) < args.warps * slots:
        sys.exit("stamp-kernel.py: %d values, expected %d" %
                 (len(values), args.warps * slots))
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
    per_block = args.warps_per_block
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
