#!/usr/bin/env python3
"""Random-kernel fuzzer of the wc passes, with the simulator as the oracle.

Each seed gives one random `gpu` kernel of the kind wc consolidates, and a
host program that fills its input, launches it and prints its outputs:

  - 1-D, 2-D and 3-D blocks of 1..256 threads (partial warps included),
    1-D or 2-D grids, `known_block_size` present or left to the launch;
  - workgroup buffers as attributions, in-kernel `memref.alloca`s or
    workgroup `memref.global`s, reused across steps or fresh;
  - steps that exchange values through a buffer (write own slot, barrier,
    read a neighbour, butterfly partner, broadcast slot, transposed slot,
    reversed slot, strided slot or a slot read from memory; writes guarded
    to part of the block, reads clamped), tree reductions, workgroup
    atomics, `gpu.all_reduce`, private memory live across a barrier,
    global atomics, thread-strided loops over the input, and plain
    arithmetic; steps nested in block-uniform `scf.for` loops and `scf.if`s
    (barriers inside), or in thread guards (no barrier inside).

Generated programs are race-free and deterministic (i32 arithmetic, no
atomics whose order shows). A batch of kernels shares one module; the
module runs in wc-sim (race detector on) as written, which gives the
expected output, then after every pipeline in PIPELINES. A pipeline whose
output differs, or a tool that crashes, hangs or fails, is a finding: the
batch is split to the failing seed, whose kernel is minimised step by step
(a step is dropped while the failure stays) and written to --out-dir with
the command that reproduces it.

Examples:
  utils/wc-fuzz.py --seed 1 --count 300              # the test suite's run
  utils/wc-fuzz.py --seed 1000 --count 10000 -j 2    # a long run
  utils/wc-fuzz.py --seed 42 --count 1 --print       # show one kernel
"""
import argparse
import concurrent.futures
import os
import random
import sys
import tempfile
import time

from wctools import crashed, normalise_output, run

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

LOWER = ("gpu-kernel-outlining,"
         "gpu.module(convert-gpu-subgroup-to-wc,convert-wc-to-nvvm)")
STAGES = [
    ("aggregate", "wc-aggregate"),
    ("remap", "wc-aggregate,wc-remap"),
    ("delegate", "wc-aggregate,wc-remap,wc-delegate"),
    ("delegate-dynamic",
     "wc-aggregate,wc-remap,wc-delegate{schedule=dynamic}"),
    ("consolidate", "wc-consolidate"),
    # Every aggregated atomic per warp (wc.aggregated_atomic_add for the
    # additions, wc.aggregated_atomic_rmw for the `or`s and maxima).
    ("atomics", "wc-aggregate-atomics{per-block=0}"),
]
PIPELINES = [("lowered", LOWER)]
for _name, _passes in STAGES:
    PIPELINES += [(_name, _passes), (_name + "+lowered", _passes + "," + LOWER)]

WG = "#gpu.address_space<workgroup>"
PATTERNS = ["neighbour", "clamp", "butterfly", "broadcast", "reverse",
            "transpose", "strided", "runtime"]
REDUCE_KINDS = ["add", "xor", "or", "and", "minsi", "maxui"]


# ---------------------------------------------------------------------------
# Plans: a kernel is a block shape, a grid and a list of steps
# ---------------------------------------------------------------------------

def pow2(n):
    return n > 0 and n & (n - 1) == 0


def random_step(rng, threads, depth=0):
    """One step of a kernel: a dict that render_step turns into MLIR."""
    kinds = ["exchange"] * 6 + ["strided_exchange"] * 2 + [
                                "tree", "shared_atomic", "all_reduce",
                                "private", "global_atomic", "strided_loop",
                                "arith", "arith"]
    if depth < 2:
        kinds += ["uniform_for", "uniform_if", "guard"]
    kind = rng.choice(kinds)
    step = {"kind": kind, "buffer": rng.randrange(3),
            "storage": rng.choice(["attribution", "alloca", "alloc",
                                   "global"])}
    if kind in ("exchange", "strided_exchange"):
        step["pattern"] = rng.choice(PATTERNS)
        step["shift"] = rng.randrange(1, max(2, threads))
        step["guard"] = rng.randrange(1, threads + 1) if rng.random() < 0.3 \
            else None
        step["op"] = rng.choice(["addi", "xori", "subi"])
    elif kind == "all_reduce":
        step["op"] = rng.choice(REDUCE_KINDS)
    elif kind == "private":
        step["storage"] = rng.choice(["attribution", "alloca"])
        step["size"] = rng.choice([1, 2, 4])
    elif kind == "global_atomic":
        step["op"] = rng.choice(["addi", "ori", "maxs"])
    elif kind == "arith":
        step["mul"] = rng.choice([1, 3, 5, 7, -1])
        step["add"] = rng.randrange(-50, 50)
        step["clamp"] = rng.choice([None, rng.randrange(0, 5000)])
    elif kind in ("uniform_for", "uniform_if", "guard"):
        step["trips"] = rng.randrange(0, 4)
        step["cond"] = rng.choice(["block", "constant"])
        step["bound"] = rng.randrange(0, threads + 1)
        inner = threads
        body = []
        for _ in range(rng.randrange(1, 3)):
            s = random_step(rng, inner, depth + 1)
            if kind == "guard":
                # No barrier under a thread-dependent condition.
                while s["kind"] not in ("arith", "global_atomic", "private"):
                    s = random_step(rng, inner, depth + 1)
                if s["kind"] == "private":
                    s["across_barrier"] = False
            body.append(s)
        step["body"] = body
    if kind == "private":
        step.setdefault("across_barrier", rng.random() < 0.7)
    return step


def random_kernel(seed):
    rng = random.Random(seed)
    dims = rng.choice([1, 1, 1, 2, 2, 3])
    if dims == 1:
        x = rng.choice([1, 7, 32, 33, 40, 48, 64, 96, 100, 128, 160, 256])
        block = [x, 1, 1]
    elif dims == 2:
        block = rng.choice([[8, 8, 1], [16, 16, 1], [4, 8, 1], [32, 2, 1],
                            [6, 6, 1], [12, 5, 1], [16, 4, 1]])
    else:
        block = rng.choice([[4, 4, 4], [8, 2, 2], [2, 3, 5], [8, 4, 2]])
    threads = block[0] * block[1] * block[2]
    grid = rng.choice([[1, 1], [2, 1], [3, 1], [4, 1], [2, 2], [8, 1],
                       [4, 4]])
    steps = [random_step(rng, threads) for _ in range(rng.randrange(1, 5))]
    return {"seed": seed, "block": block, "grid": grid,
            "known": rng.random() < 0.8, "steps": steps}


# ---------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------

class Kernel:
    """Renders one plan as a gpu.func (and its workgroup globals)."""

    def __init__(self, plan):
        self.plan = plan
        self.name = "k%d" % plan["seed"]
        bx, by, bz = plan["block"]
        self.threads = bx * by * bz
        self.blocks = plan["grid"][0] * plan["grid"][1]
        self.size = self.threads * self.blocks
        self.lines = []
        self.counter = 0
        self.constants = {}
        self.buffers = {}      # (storage, id) -> SSA name / symbol
        self.attributions = []
        self.privates = []
        self.globals = []
        self.allocas = []
        self.dirty = set()     # buffers read since the last barrier

    def fresh(self, hint="v"):
        self.counter += 1
        return "%%%s%d" % (hint, self.counter)

    def emit(self, text, indent):
        self.lines.append("  " * indent + text)

    def const(self, value, type_="index"):
        key = (value, type_)
        if key not in self.constants:
            self.constants[key] = "%%c%s_%s" % (
                str(value).replace("-", "m"), type_)
        return self.constants[key]

    def op(self, text, indent, hint="v"):
        name = self.fresh(hint)
        self.emit("%s = %s" % (name, text), indent)
        return name

    def barrier(self, indent):
        self.emit("gpu.barrier", indent)
        self.dirty.clear()

    def buffer(self, step, size, indent):
        key = (step["storage"], step["buffer"], size)
        if key not in self.buffers:
            storage, _, _ = key
            type_ = "memref<%dxi32, %s>" % (size, WG)
            if storage == "attribution":
                name = "%%wg%d" % len(self.attributions)
                self.attributions.append("%s : %s" % (name, type_))
            elif storage in ("alloca", "alloc"):
                name = "%%sh%d" % len(self.allocas)
                self.allocas.append("%s = memref.%s() : %s"
                                    % (name, storage, type_))
            else:
                symbol = "@%s_g%d" % (self.name, len(self.globals))
                self.globals.append(
                    'memref.global "private" %s : %s' % (symbol, type_))
                name = "%%gl%d" % len(self.globals)
                self.allocas.append(
                    "%s = memref.get_global %s : %s" % (name, symbol, type_))
            self.buffers[key] = (name, type_)
        name, type_ = self.buffers[key]
        if name in self.dirty:
            self.barrier(indent)
        return name, type_

    def render(self):
        plan = self.plan
        bx, by, bz = plan["block"]
        body_start = len(self.lines)
        ind = 3
        tx = self.op("gpu.thread_id x", ind, "tx")
        ty = self.op("gpu.thread_id y", ind, "ty")
        tz = self.op("gpu.thread_id z", ind, "tz")
        bidx = self.op("gpu.block_id x", ind, "bx")
        bidy = self.op("gpu.block_id y", ind, "by")
        gx = self.const(plan["grid"][0])
        row = self.op("arith.muli %s, %s : index" % (bidy, gx), ind)
        self.bid = self.op("arith.addi %s, %s : index" % (row, bidx), ind, "bid")
        plane = self.op("arith.muli %s, %s : index" % (tz, self.const(by)), ind)
        yz = self.op("arith.addi %s, %s : index" % (plane, ty), ind)
        yzx = self.op("arith.muli %s, %s : index" % (yz, self.const(bx)), ind)
        self.lin = self.op("arith.addi %s, %s : index" % (yzx, tx), ind, "lin")
        self.tx, self.ty = tx, ty
        base = self.op("arith.muli %s, %s : index"
                       % (self.bid, self.const(self.threads)), ind)
        self.gid = self.op("arith.addi %s, %s : index" % (base, self.lin), ind,
                           "gid")
        acc = self.op("memref.load %%in[%s] : memref<%dxi32>"
                      % (self.gid, self.size), ind, "x")
        for step in plan["steps"]:
            acc = self.render_step(step, acc, ind)
        self.emit("memref.store %s, %%out[%s] : memref<%dxi32>"
                  % (acc, self.gid, self.size), ind)
        self.emit("gpu.return", ind)
        body = self.lines[body_start:]
        head = ["      " + a for a in self.allocas]
        head += ["      %s = arith.constant %d : %s" % (n, v, t)
                 for (v, t), n in sorted(self.constants.items(),
                                         key=lambda kv: kv[1])]
        attrs = ""
        if self.attributions:
            attrs += " workgroup(%s)" % ", ".join(self.attributions)
        if self.privates:
            attrs += " private(%s)" % ", ".join(self.privates)
        known = ""
        if plan["known"]:
            known = " attributes {known_block_size = array<i32: %d, %d, %d>}" \
                % (bx, by, bz)
        sig = ("    gpu.func @%s(%%in: memref<%dxi32>, %%out: memref<%dxi32>, "
               "%%cnt: memref<4xi32>)%s kernel%s {"
               % (self.name, self.size, self.size, attrs, known))
        return ["    " + g for g in self.globals] + [sig] + head + body + \
            ["    }"]

    # Each step takes the running value `acc` (i32) and returns the new one.
    def render_step(self, step, acc, ind):
        return getattr(self, "step_" + step["kind"])(step, acc, ind)

    def index_of(self, step, ind):
        """The slot a thread reads in an exchange over `threads` slots."""
        t, lin, pattern = self.threads, self.lin, step["pattern"]
        bx, by, _ = self.plan["block"]
        if pattern == "butterfly" and (t < 2 or not pow2(t)):
            pattern = "clamp"
        if pattern == "transpose" and (bx != by or self.plan["block"][2] != 1):
            pattern = "reverse"
        if pattern == "neighbour":
            s = self.op("arith.addi %s, %s : index"
                        % (lin, self.const(step["shift"])), ind)
            return self.op("arith.remui %s, %s : index" % (s, self.const(t)),
                           ind)
        if pattern == "clamp":
            s = self.op("arith.addi %s, %s : index"
                        % (lin, self.const(step["shift"])), ind)
            return self.op("arith.minui %s, %s : index"
                           % (s, self.const(t - 1)), ind)
        if pattern == "butterfly":
            mask = 1 << (step["shift"] % max(1, t.bit_length() - 1))
            return self.op("arith.xori %s, %s : index"
                           % (lin, self.const(mask)), ind)
        if pattern == "broadcast":
            return self.const(step["shift"] % t)
        if pattern == "reverse":
            return self.op("arith.subi %s, %s : index"
                           % (self.const(t - 1), lin), ind)
        if pattern == "transpose":
            s = self.op("arith.muli %s, %s : index" % (self.tx, self.const(bx)),
                        ind)
            return self.op("arith.addi %s, %s : index" % (s, self.ty), ind)
        if pattern == "strided":
            s = self.op("arith.muli %s, %s : index"
                        % (lin, self.const(2 * step["shift"] + 1)), ind)
            return self.op("arith.remui %s, %s : index" % (s, self.const(t)),
                           ind)
        # runtime: the slot comes from memory.
        v = self.op("memref.load %%in[%s] : memref<%dxi32>"
                    % (self.gid, self.size), ind)
        i = self.op("arith.index_cast %s : i32 to index" % v, ind)
        return self.op("arith.remui %s, %s : index" % (i, self.const(t)), ind)

    def step_exchange(self, step, acc, ind):
        buf, type_ = self.buffer(step, self.threads, ind)
        guard = step["guard"]
        # Every slot a read may see is written first: without a guard all
        # threads write their own; with one, reads are clamped below it.
        if guard is not None and guard < self.threads:
            cond = self.op("arith.cmpi ult, %s, %s : index"
                           % (self.lin, self.const(guard)), ind)
            self.emit("scf.if %s {" % cond, ind)
            self.emit("memref.store %s, %s[%s] : %s"
                      % (acc, buf, self.lin, type_), ind + 1)
            self.emit("}", ind)
        else:
            self.emit("memref.store %s, %s[%s] : %s"
                      % (acc, buf, self.lin, type_), ind)
            guard = None
        self.barrier(ind)
        idx = self.index_of(step, ind)
        if guard is not None:
            idx = self.op("arith.minui %s, %s : index"
                          % (idx, self.const(guard - 1)), ind)
        r = self.op("memref.load %s[%s] : %s" % (buf, idx, type_), ind)
        self.dirty.add(buf)
        return self.op("arith.%s %s, %s : i32" % (step["op"], acc, r), ind)

    def step_strided_exchange(self, step, acc, ind):
        """Two elements per thread: a thread-strided loop writes slots
        lin and lin + T of a 2T buffer; the thread reads two of them."""
        t = self.threads
        buf, type_ = self.buffer(step, 2 * t, ind)
        i = self.fresh("i")
        self.emit("scf.for %s = %s to %s step %s {"
                  % (i, self.lin, self.const(2 * t), self.const(t)), ind)
        ii = self.op("arith.index_cast %s : index to i32" % i, ind + 1)
        v = self.op("arith.addi %s, %s : i32" % (acc, ii), ind + 1)
        self.emit("memref.store %s, %s[%s] : %s" % (v, buf, i, type_), ind + 1)
        self.emit("}", ind)
        self.barrier(ind)
        s1 = self.op("arith.addi %s, %s : index"
                     % (self.lin, self.const(step["shift"])), ind)
        first = self.op("arith.remui %s, %s : index" % (s1, self.const(2 * t)),
                        ind)
        second = self.op("arith.subi %s, %s : index"
                         % (self.const(2 * t - 1), self.lin), ind)
        a = self.op("memref.load %s[%s] : %s" % (buf, first, type_), ind)
        b = self.op("memref.load %s[%s] : %s" % (buf, second, type_), ind)
        self.dirty.add(buf)
        v = self.op("arith.%s %s, %s : i32" % (step["op"], acc, a), ind)
        return self.op("arith.xori %s, %s : i32" % (v, b), ind)

    def step_tree(self, step, acc, ind):
        t = self.threads
        buf, type_ = self.buffer(step, t, ind)
        self.emit("memref.store %s, %s[%s] : %s" % (acc, buf, self.lin, type_),
                  ind)
        self.barrier(ind)
        half = 1
        while half * 2 < t:
            half *= 2
        levels = half.bit_length() if t > 1 else 0
        lv = self.fresh("level")
        self.emit("scf.for %s = %s to %s step %s {"
                  % (lv, self.const(0), self.const(levels), self.const(1)), ind)
        stride = self.op("arith.shrui %s, %s : index"
                         % (self.const(half), lv), ind + 1)
        partner = self.op("arith.addi %s, %s : index" % (self.lin, stride),
                          ind + 1)
        low = self.op("arith.cmpi ult, %s, %s : index" % (self.lin, stride),
                      ind + 1)
        inside = self.op("arith.cmpi ult, %s, %s : index"
                         % (partner, self.const(t)), ind + 1)
        active = self.op("arith.andi %s, %s : i1" % (low, inside), ind + 1)
        self.emit("scf.if %s {" % active, ind + 1)
        a = self.op("memref.load %s[%s] : %s" % (buf, self.lin, type_), ind + 2)
        b = self.op("memref.load %s[%s] : %s" % (buf, partner, type_), ind + 2)
        s = self.op("arith.addi %s, %s : i32" % (a, b), ind + 2)
        self.emit("memref.store %s, %s[%s] : %s" % (s, buf, self.lin, type_),
                  ind + 2)
        self.emit("}", ind + 1)
        self.emit("gpu.barrier", ind + 1)
        self.emit("}", ind)
        self.dirty.clear()
        total = self.op("memref.load %s[%s] : %s" % (buf, self.const(0), type_),
                        ind)
        self.dirty.add(buf)
        return self.op("arith.addi %s, %s : i32" % (acc, total), ind)

    def step_shared_atomic(self, step, acc, ind):
        buf, type_ = self.buffer(step, 1, ind)
        first = self.op("arith.cmpi eq, %s, %s : index"
                        % (self.lin, self.const(0)), ind)
        self.emit("scf.if %s {" % first, ind)
        self.emit("memref.store %s, %s[%s] : %s"
                  % (self.const(0, "i32"), buf, self.const(0), type_), ind + 1)
        self.emit("}", ind)
        self.barrier(ind)
        self.op("memref.atomic_rmw addi %s, %s[%s] : (i32, %s) -> i32"
                % (acc, buf, self.const(0), type_), ind)
        self.barrier(ind)
        total = self.op("memref.load %s[%s] : %s" % (buf, self.const(0), type_),
                        ind)
        self.dirty.add(buf)
        return self.op("arith.xori %s, %s : i32" % (acc, total), ind)

    def step_all_reduce(self, step, acc, ind):
        r = self.op("gpu.all_reduce %s %s uniform {} : (i32) -> (i32)"
                    % (step["op"], acc), ind)
        return self.op("arith.addi %s, %s : i32" % (acc, r), ind)

    def step_private(self, step, acc, ind):
        size = step["size"]
        type_ = "memref<%dxi32, #gpu.address_space<private>>" % size
        if step["storage"] == "attribution":
            buf = "%%pr%d" % len(self.privates)
            self.privates.append("%s : %s" % (buf, type_))
        else:
            type_ = "memref<%dxi32>" % size
            buf = self.op("memref.alloca() : %s" % type_, ind, "pa")
        for k in range(size):
            v = self.op("arith.addi %s, %s : i32"
                        % (acc, self.const(k + 1, "i32")), ind)
            self.emit("memref.store %s, %s[%s] : %s"
                      % (v, buf, self.const(k), type_), ind)
        if step["across_barrier"]:
            self.barrier(ind)
        slot = self.op("arith.remui %s, %s : index"
                       % (self.lin, self.const(size)), ind)
        r = self.op("memref.load %s[%s] : %s" % (buf, slot, type_), ind)
        return self.op("arith.addi %s, %s : i32" % (acc, r), ind)

    def step_global_atomic(self, step, acc, ind):
        # One counter per kind of update, so that the counters' final values
        # do not depend on the order of the atomics.
        kinds = ["addi", "ori", "maxs"]
        kind = step["op"]
        slot = self.const(kinds.index(kind))
        self.op("memref.atomic_rmw %s %s, %%cnt[%s] : (i32, memref<4xi32>) "
                "-> i32" % (kind, acc, slot), ind)
        return acc

    def step_strided_loop(self, step, acc, ind):
        i = self.fresh("i")
        s = self.fresh("sum")
        r = self.fresh("r")
        self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) "
                  "-> (i32) {" % (r, i, self.lin, self.const(self.size),
                                  self.const(self.threads), s, acc), ind)
        v = self.op("memref.load %%in[%s] : memref<%dxi32>" % (i, self.size),
                    ind + 1)
        n = self.op("arith.addi %s, %s : i32" % (s, v), ind + 1)
        self.emit("scf.yield %s : i32" % n, ind + 1)
        self.emit("}", ind)
        return r

    def step_arith(self, step, acc, ind):
        v = self.op("arith.muli %s, %s : i32"
                    % (acc, self.const(step["mul"], "i32")), ind)
        li = self.op("arith.index_cast %s : index to i32" % self.lin, ind)
        v = self.op("arith.addi %s, %s : i32" % (v, li), ind)
        v = self.op("arith.addi %s, %s : i32"
                    % (v, self.const(step["add"], "i32")), ind)
        if step["clamp"] is not None:
            v = self.op("arith.minsi %s, %s : i32"
                        % (v, self.const(step["clamp"], "i32")), ind)
        return v

    def nested(self, step, acc, ind):
        """Renders the body steps of a loop/if region; returns its value."""
        for inner in step["body"]:
            acc = self.render_step(inner, acc, ind)
        return acc

    def step_uniform_for(self, step, acc, ind):
        i = self.fresh("it")
        a = self.fresh("a")
        r = self.fresh("r")
        before = set(self.dirty)
        self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) "
                  "-> (i32) {" % (r, i, self.const(0), self.const(step["trips"]),
                                  self.const(1), a, acc), ind)
        v = self.nested(step, a, ind + 1)
        # The next iteration's writes come after this one's reads: end an
        # iteration that read workgroup memory with a barrier.
        if self.dirty:
            self.emit("gpu.barrier", ind + 1)
        self.emit("scf.yield %s : i32" % v, ind + 1)
        self.emit("}", ind)
        # With zero trips, the reads before the loop are still unordered.
        self.dirty = before
        return r

    def condition(self, step, ind):
        if step["cond"] == "block":
            parity = self.op("arith.remui %s, %s : index"
                             % (self.bid, self.const(2)), ind)
            return self.op("arith.cmpi eq, %s, %s : index"
                           % (parity, self.const(0)), ind)
        return self.op("arith.cmpi ult, %s, %s : index"
                       % (self.const(step["trips"]), self.const(2)), ind)

    def step_uniform_if(self, step, acc, ind):
        cond = self.condition(step, ind)
        r = self.fresh("r")
        before = set(self.dirty)
        self.emit("%s = scf.if %s -> (i32) {" % (r, cond), ind)
        v = self.nested(step, acc, ind + 1)
        # After the if, only the reads from before it may be unordered.
        if self.dirty - before:
            self.emit("gpu.barrier", ind + 1)
        self.emit("scf.yield %s : i32" % v, ind + 1)
        self.emit("} else {", ind)
        self.emit("scf.yield %s : i32" % acc, ind + 1)
        self.emit("}", ind)
        self.dirty = before
        return r

    def step_guard(self, step, acc, ind):
        cond = self.op("arith.cmpi ult, %s, %s : index"
                       % (self.lin, self.const(step["bound"])), ind)
        r = self.fresh("r")
        self.emit("%s = scf.if %s -> (i32) {" % (r, cond), ind)
        v = self.nested(step, acc, ind + 1)
        self.emit("scf.yield %s : i32" % v, ind + 1)
        self.emit("} else {", ind)
        self.emit("scf.yield %s : i32" % acc, ind + 1)
        self.emit("}", ind)
        return r


def render_module(plans, separate=False):
    """A module with one kernel per plan and a @main running them in turn.
    The kernels share one gpu.module and @main launches them all, or
    (`separate`) each kernel has its own gpu.module, as outlining makes them,
    and its own host function, which @main calls."""
    kernels, hosts = [], []
    for plan in plans:
        k = Kernel(plan)
        host = []
        hosts.append((plan["seed"], host))
        if separate:
            kernels += ["  }", "  gpu.module @m%d {" % plan["seed"]]
        kernels += k.render()
        n, seed = k.size, plan["seed"]
        gx, gy = plan["grid"]
        bx, by, bz = plan["block"]
        s = "_%d" % seed
        host += [
            "    %%n%s = arith.constant %d : index" % (s, n),
            "    %%seed%s = arith.constant %d : i32" % (s, seed % 1000),
            "    %%hin%s = memref.alloc() : memref<%dxi32>" % (s, n),
            "    scf.for %%i%s = %%c0 to %%n%s step %%c1 {" % (s, s),
            "      %%ii%s = arith.index_cast %%i%s : index to i32" % (s, s),
            "      %%m%s = arith.muli %%ii%s, %%c37 : i32" % (s, s),
            "      %%a%s = arith.addi %%m%s, %%seed%s : i32" % (s, s, s),
            "      %%v%s = arith.remui %%a%s, %%c1009 : i32" % (s, s),
            "      memref.store %%v%s, %%hin%s[%%i%s] : memref<%dxi32>"
            % (s, s, s, n),
            "    }",
        ]
        host += [
            "    %%din%s = gpu.alloc () : memref<%dxi32>" % (s, n),
            "    %%dout%s = gpu.alloc () : memref<%dxi32>" % (s, n),
            "    %%dcnt%s = gpu.alloc () : memref<4xi32>" % s,
            "    gpu.memcpy %%din%s, %%hin%s : memref<%dxi32>, memref<%dxi32>"
            % (s, s, n, n),
            "    gpu.memset %%dout%s, %%z32 : memref<%dxi32>, i32" % (s, n),
            "    gpu.memset %%dcnt%s, %%z32 : memref<4xi32>, i32" % s,
            "    gpu.launch_func @%s::@k%d blocks in (%%c%d, %%c%d, %%c1) "
            "threads in (%%c%d, %%c%d, %%c%d) args(%%din%s : memref<%dxi32>, "
            "%%dout%s : memref<%dxi32>, %%dcnt%s : memref<4xi32>)"
            % ("m%d" % seed if separate else "kernels", seed, gx, gy,
               bx, by, bz, s, n, s, n, s),
            "    %%hout%s = memref.alloc() : memref<%dxi32>" % (s, n),
            "    %%hcnt%s = memref.alloc() : memref<4xi32>" % s,
            "    gpu.memcpy %%hout%s, %%dout%s : memref<%dxi32>, memref<%dxi32>"
            % (s, s, n, n),
            "    gpu.memcpy %%hcnt%s, %%dcnt%s : memref<4xi32>, memref<4xi32>"
            % (s, s),
            "    %%uo%s = memref.cast %%hout%s : memref<%dxi32> to memref<*xi32>"
            % (s, s, n),
            "    call @printMemrefI32(%%uo%s) : (memref<*xi32>) -> ()" % s,
            "    %%uc%s = memref.cast %%hcnt%s : memref<4xi32> to memref<*xi32>"
            % (s, s),
            "    call @printMemrefI32(%%uc%s) : (memref<*xi32>) -> ()" % s,
        ]
    sizes = {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 32, 33, 40, 48, 64, 96, 100,
             128, 160, 256}
    sizes |= {d for p in plans for d in p["block"] + p["grid"]}
    consts = ["    %%c%d = arith.constant %d : index" % (c, c)
              for c in sorted(sizes | {0})]
    consts += ["    %c37 = arith.constant 37 : i32",
               "    %c1009 = arith.constant 1009 : i32",
               "    %z32 = arith.constant 0 : i32"]
    if separate:
        functions = []
        for seed, host in hosts:
            functions += ["  func.func @run%d() {" % seed] + consts + host + \
                ["    return", "  }"]
        functions += ["  func.func @main() {"]
        functions += ["    call @run%d() : () -> ()" % seed for seed, _ in hosts]
    else:
        functions = ["  func.func @main() {"] + consts + \
            [line for _, host in hosts for line in host]
    return "\n".join(
        ["// Generated by utils/wc-fuzz.py (seeds %s)."
         % ", ".join(str(p["seed"]) for p in plans),
         "module attributes {gpu.container_module} {",
         "  gpu.module @kernels {"] + kernels +
        ["  }",
         "  func.func private @printMemrefI32(memref<*xi32>)"] + functions +
        ["    return", "  }", "}", ""])


# ---------------------------------------------------------------------------
# Running
# ---------------------------------------------------------------------------

class Runner:
    def __init__(self, args):
        self.wc_sim = args.wc_sim
        self.timeout = args.timeout
        self.max_steps = args.max_steps
        self.pipelines = [p for p in PIPELINES
                          if not args.pipelines or p[0] in args.pipelines]

    def sim(self, path, passes):
        """(status, output): status is ok, error, crash or hang."""
        cmd = [self.wc_sim, path, "--max-steps=%d" % self.max_steps]
        if passes:
            cmd.append("--pass-pipeline=builtin.module(%s)" % passes)
        rc, out, err = run(cmd, self.timeout)
        if rc is None:
            return "hang", ""
        if crashed(rc, err):
            return "crash", "exit status %d\n%s" % (rc, err)
        if rc != 0:
            # The first error and what follows it; remarks before it are the
            # passes' decisions.
            lines = err.splitlines()
            first = next((i for i, line in enumerate(lines)
                          if "error:" in line), 0)
            return "error", "\n".join(lines[first:])
        return "ok", normalise_output(out)

    def check(self, plans):
        """Findings of one module of `plans`: [(kind, pipeline, detail)]."""
        with tempfile.NamedTemporaryFile("w", suffix=".mlir",
                                         delete=False) as f:
            f.write(render_module(plans))
            path = f.name
        try:
            status, expected = self.sim(path, None)
            if status != "ok":
                # The program as written must run: a fuzzer bug, or a crash
                # of the simulator itself.
                kind = "invalid" if status == "error" else status
                return [(kind, "as written", expected)]
            findings = []
            for name, passes in self.pipelines:
                status, out = self.sim(path, passes)
                if status == "ok" and out != expected:
                    findings.append(("miscompile", name, first_difference(
                        expected, out)))
                elif status != "ok":
                    findings.append((status if status != "error" else "failure",
                                     name, out))
            return findings
        finally:
            os.unlink(path)


def first_difference(expected, actual):
    for i, (a, b) in enumerate(zip(expected.splitlines(),
                                   actual.splitlines())):
        if a != b:
            return "line %d: expected %s\n  got      %s" % (i + 1, a[:100],
                                                           b[:100])
    return "outputs of different lengths"


def isolate(runner, plans):
    """The plans of a failing batch that fail alone."""
    if len(plans) == 1:
        return plans
    failing = []
    for plan in plans:
        if runner.check([plan]):
            failing.append(plan)
    return failing or plans


def remove_step(steps, path):
    """`steps` without the step at `path` (a tuple of indices into nested
    bodies)."""
    steps = [dict(s) for s in steps]
    if len(path) == 1:
        return steps[:path[0]] + steps[path[0] + 1:]
    outer = steps[path[0]]
    outer["body"] = remove_step(outer["body"], path[1:])
    return steps


def step_paths(steps, prefix=()):
    for i, s in enumerate(steps):
        yield prefix + (i,)
        if "body" in s:
            yield from step_paths(s["body"], prefix + (i,))


def minimise(runner, plan, findings):
    """Drops steps while the same kind of finding stays."""
    kinds = {f[0] for f in findings}
    changed = True
    while changed:
        changed = False
        for path in sorted(step_paths(plan["steps"]), key=len, reverse=True):
            candidate = dict(plan)
            candidate["steps"] = remove_step(plan["steps"], path)
            if not candidate["steps"]:
                continue
            result = runner.check([candidate])
            if result and {f[0] for f in result} & kinds:
                plan, findings, changed = candidate, result, True
                break
    return plan, findings


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100,
                        help="kernels (seeds seed .. seed+count-1)")
    parser.add_argument("--batch", type=int, default=25,
                        help="kernels per module")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds a simulator run may take (a hang)")
    parser.add_argument("--max-steps", type=int, default=50_000_000,
                        help="wc-sim --max-steps of each run")
    parser.add_argument("--pipelines", default="",
                        help="comma-separated subset of: " +
                        ", ".join(p[0] for p in PIPELINES))
    parser.add_argument("--wc-sim", default=os.path.join(
        ROOT, "build", "bin", "wc-sim"))
    parser.add_argument("--out-dir", default="fuzz-findings",
                        help="where minimised reproducers go")
    parser.add_argument("--print", action="store_true",
                        help="print the module of the seeds and exit")
    args = parser.parse_args()
    args.pipelines = [p for p in args.pipelines.split(",") if p]
    unknown = set(args.pipelines) - {p[0] for p in PIPELINES}
    if unknown:
        parser.error("unknown pipelines: " + ", ".join(sorted(unknown)))

    seeds = list(range(args.seed, args.seed + args.count))
    if args.print:
        sys.stdout.write(render_module([random_kernel(s) for s in seeds]))
        return 0
    runner = Runner(args)
    batches = [[random_kernel(s) for s in seeds[i:i + args.batch]]
               for i in range(0, len(seeds), args.batch)]
    start = time.time()
    findings = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for plans, result in zip(batches, pool.map(runner.check, batches)):
            if result:
                findings.append((plans, result))
    reported = 0
    counts = {}
    for plans, result in findings:
        for plan in isolate(runner, plans):
            alone = runner.check([plan]) or result
            small, alone = minimise(runner, plan, alone)
            reported += 1
            os.makedirs(args.out_dir, exist_ok=True)
            path = os.path.join(args.out_dir, "seed-%d.mlir" % plan["seed"])
            with open(path, "w") as f:
                f.write(render_module([small]))
            for kind, pipeline, detail in alone:
                counts[kind] = counts.get(kind, 0) + 1
                print("seed %d: %s after %s\n  %s" % (
                    plan["seed"], kind, pipeline,
                    "\n  ".join(detail.strip().splitlines()[:6])))
            passes = dict(PIPELINES).get(alone[0][1])
            print("  reproduce: %s %s%s" % (
                args.wc_sim, path,
                " --pass-pipeline='builtin.module(%s)'" % passes
                if passes else ""))
    elapsed = time.time() - start
    runs = len(seeds) * (len(runner.pipelines) + 1)
    print("%d kernels (seeds %d..%d), %d pipelines, %d simulator runs in "
          "%d modules, %.0f s: %d miscompiles, %d crashes, %d hangs, "
          "%d failures, %d invalid programs"
          % (len(seeds), seeds[0], seeds[-1], len(runner.pipelines),
             runs, len(batches), elapsed, counts.get("miscompile", 0),
             counts.get("crash", 0), counts.get("hang", 0),
             counts.get("failure", 0), counts.get("invalid", 0)))
    return 1 if reported else 0


if __name__ == "__main__":
    sys.exit(main())
