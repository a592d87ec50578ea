#!/usr/bin/env python3
"""Random-kernel fuzzer of the wc passes, with the simulator as the oracle.

Each seed gives one random `gpu` kernel of the kind wc consolidates, and a
host program that fills its inputs, launches it and prints its outputs.
Kernels are of three families:

  - steps (6 in 10): 1-D, 2-D and 3-D blocks of 1..256 threads (partial
    warps included), 1-D or 2-D grids, `known_block_size` present or left
    to the launch; steps that exchange values through a buffer (write own
    slot, barrier, read a neighbour, butterfly partner, broadcast slot,
    transposed slot, reversed slot, strided slot or a slot read from
    memory; writes guarded to part of the block, reads clamped), tree
    reductions, workgroup atomics, `gpu.all_reduce`, private memory live
    across a barrier, global atomics at uniform counters, histograms
    (atomic add, or, and, min, max at addresses from the value, the
    thread, the warp, the block or a constant), stream compaction (a
    counter, or one per bucket, that each passing thread bumps, its slot
    the old value), a thread's store to its own slot read back after a
    barrier, a slot zeroed and accumulated into by its thread, a total
    zeroed by thread 0 and accumulated from the block's partials by it
    (workgroup or global memory), thread-strided loops over the input,
    and plain arithmetic; steps nested in block-uniform `scf.for` loops
    and `scf.if`s (barriers inside), or in thread guards (no barrier
    inside);
  - csr (2 in 10): whole warps mostly; each thread's loop (`scf.for`, or
    the counted `scf.while` it is) over its row of a CSR-like matrix whose
    row pointers the host gives, rows of irregular lengths (empty, short,
    over 32, over 256, over 8 per thread of the block), reducing the row's
    values by one or two of add, max, min, xor, or, and (maybe an atomic
    in the body, maybe under a thread guard), between other steps;
  - tile (2 in 10): a uniform loop over tiles that copies each thread's
    elements (one to four, and a halo) of one or two tiles from a 2-D
    source into workgroup buffers, barrier (maybe one between the
    tiles), computes from other threads' elements, barrier; steps without
    barriers around it.

Workgroup buffers are attributions, in-kernel `memref.alloca`s and
`memref.alloc`s (with an alignment or not), workgroup `memref.global`s,
`memref.view`s of a byte buffer at 16-byte offsets, or subviews of a
buffer twice the size; reused across steps or fresh.

Generated programs are race-free and deterministic (i32 arithmetic, no
atomics whose order shows: each bin of a histogram gets one kind of
update, compacted values are printed as a checksum that weighs each by its
bucket). A batch of kernels shares one module; the module runs in wc-sim
(race detector on) as written, which gives the expected output, then
after every pipeline in PIPELINES. A pipeline whose output differs, or a
tool that crashes, hangs or fails, is a finding: the batch is split to the
failing seed, whose kernel is minimised step by step (a step is dropped
while the failure stays) and written to --out-dir with the command that
reproduces it.

Examples:
  utils/wc-fuzz.py --seed 1 --count 300              # all 31 pipelines
  utils/wc-fuzz.py --seed 1000 --count 10000 -j 2    # a long run
  utils/wc-fuzz.py --seed 42 --count 1 --print       # show one kernel
  utils/wc-fuzz.py --count 100 --pipelines 'specialize*,async-copy*'
(test/Tools/fuzz.test runs seeds 1..300 after the first 13 pipelines and
seeds 301..400 after the other 18.)
"""
import argparse
import concurrent.futures
import fnmatch
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
    # Additions, `or`s, minima and maxima to a block-uniform address one
    # atomic per block (the others per warp).
    ("atomics-block", "wc-aggregate-atomics"),
    # The CSR loops (and the thread-strided ones) warp-collaborative; with
    # a grid level that takes the rows over 100 iterations.
    ("collaborate", "wc-collaborate"),
    ("collaborate-grid", "wc-collaborate{grid-range=100 grid-chunk=8}"),
    ("forward", "wc-forward-stores"),
    # The tile loops' copies by cp.async (with the next tile's prefetch).
    ("async-copy", "wc-aggregate,wc-async-copy"),
    ("specialize", "wc-specialize"),
    ("specialize-agg",
     "wc-specialize{aggregate-consumers=1 producer-warps=2}"),
    ("specialize-stages", "wc-specialize{producer-warps=2 stages=3}"),
    ("prepare", "wc-prepare"),
]
PIPELINES = [("lowered", LOWER)]
for _name, _passes in STAGES:
    PIPELINES += [(_name, _passes), (_name + "+lowered", _passes + "," + LOWER)]
# Simulator options of a pipeline's runs: the grid level's blocks take
# chunks of each other's jobs, so they run interleaved, 3 at a time.
SIM_OPTIONS = {name: ["--resident-blocks=3", "--schedule-seed=7"]
               for name in ("collaborate-grid", "collaborate-grid+lowered")}

WG = "#gpu.address_space<workgroup>"
PATTERNS = ["neighbour", "clamp", "butterfly", "broadcast", "reverse",
            "transpose", "strided", "runtime"]
REDUCE_KINDS = ["add", "xor", "or", "and", "minsi", "maxui"]


# ---------------------------------------------------------------------------
# Plans: a kernel is a block shape, a grid and a list of steps
# ---------------------------------------------------------------------------

def pow2(n):
    return n > 0 and n & (n - 1) == 0


STORAGES = ["attribution", "alloca", "alloc", "global", "aligned", "view",
            "subview"]
# Steps without a barrier: what a thread guard may hold, and what goes
# around a tile loop (wc-specialize wants the tile loop's barriers alone).
NO_BARRIER = ("arith", "global_atomic", "private", "histogram", "compact")


def random_step(rng, threads, depth=0, in_loop=False, kinds=None):
    """One step of a kernel: a dict that render_step turns into MLIR.
    `in_loop`: under a uniform loop (no stream compaction there: each
    thread pushes at most once per compaction, see step_compact)."""
    if kinds is None:
        kinds = ["exchange"] * 6 + ["strided_exchange"] * 2 + [
            "tree", "shared_atomic", "all_reduce", "private",
            "global_atomic", "strided_loop", "arith", "arith", "histogram",
            "histogram", "compact", "compact", "own_slot", "zero_accumulate",
            "fill_accumulate"]
        if depth < 2:
            kinds += ["uniform_for", "uniform_if", "guard"]
    if in_loop:
        kinds = [k for k in kinds if k != "compact"] or ["arith"]
    kind = rng.choice(kinds)
    step = {"kind": kind, "buffer": rng.randrange(3),
            "storage": rng.choice(STORAGES)}
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
    elif kind == "histogram":
        # Atomics on bins of their own (one kind of update per bin, so the
        # bins' final values do not depend on the order).
        step["op"] = rng.choice(["addi", "addi", "ori", "maxs", "mins",
                                 "andi"])
        step["bins"] = rng.choice([1, 2, 4, 8, 32])
        step["address"] = rng.choice(["value", "thread", "block",
                                      "constant", "warp"])
        step["value"] = rng.choice(["acc", "one", "thread"])
        step["guard"] = rng.randrange(1, threads + 1) \
            if rng.random() < 0.3 else None
    elif kind == "compact":
        # A counter each pushing thread bumps; its slot is the old value.
        step["bins"] = rng.choice([1, 1, 1, 2, 4])
        step["predicate"] = rng.choice([None, 2, 3, 5])
        step["by"] = rng.choice(["one", "one", "two"])
    elif kind == "own_slot":
        step["value"] = rng.choice(["constant", "constant", "acc"])
        step["constant"] = rng.randrange(-20, 100)
        step["op"] = rng.choice(["addi", "xori", "subi"])
    elif kind == "zero_accumulate":
        step["trips"] = rng.randrange(1, 5)
        step["barrier"] = rng.random() < 0.5
        step["op"] = rng.choice(["addi", "xori", "maxsi"])
        step["pattern"] = rng.choice(PATTERNS)
        step["shift"] = rng.randrange(1, max(2, threads))
    elif kind == "fill_accumulate":
        step["where"] = rng.choice(["workgroup", "global"])
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
        loop = in_loop or kind == "uniform_for"
        for _ in range(rng.randrange(1, 3)):
            if kind == "guard":
                # No barrier under a thread-dependent condition.
                s = random_step(rng, inner, depth + 1, loop, list(NO_BARRIER))
                if s["kind"] == "private":
                    s["across_barrier"] = False
            else:
                s = random_step(rng, inner, depth + 1, loop)
            body.append(s)
        step["body"] = body
    if kind == "private":
        step.setdefault("across_barrier", rng.random() < 0.7)
    return step


def random_rows(rng, rows, threads):
    """Row lengths of a CSR-like matrix: mostly short, some over a warp's
    32, a few over 256 and over the block level's 8 per thread."""
    profile = rng.choice(["mixed", "mixed", "mixed", "uniform", "one_long",
                          "empty"])
    if profile == "uniform":
        n = rng.choice([0, 1, 3, 8, 33])
        return [n] * rows
    if profile == "empty":
        return [0] * rows
    lengths, very_long = [], 0
    for _ in range(rows):
        r = rng.random()
        if profile == "one_long" or r < 0.55:
            lengths.append(rng.randrange(0, 6))
        elif r < 0.80:
            lengths.append(rng.randrange(6, 20))
        elif r < 0.93:
            lengths.append(rng.randrange(33, 80))
        elif r < 0.97:
            lengths.append(rng.randrange(100, 257))
        elif r < 0.99:
            lengths.append(rng.randrange(257, 600))
        elif very_long < 2:
            # Over the block level's threshold (8 per thread), seldom.
            very_long += 1
            lengths.append(rng.randrange(8 * threads + 1, 8 * threads + 300))
        else:
            lengths.append(rng.randrange(257, 600))
    if profile == "one_long" or rng.random() < 0.3:
        lengths[rng.randrange(rows)] = rng.randrange(8 * threads + 1,
                                                      8 * threads + 400)
    return lengths


def random_csr(rng, threads):
    """A per-thread loop over its row of a CSR-like matrix (wc-collaborate):
    bounds loaded from the row pointers, a body reducing loaded values."""
    step = {"kind": "csr",
            "reductions": [rng.choice(["addi", "addi", "maxsi", "minsi",
                                       "xori", "ori", "andi", "maxui"])
                           for _ in range(rng.choice([1, 1, 1, 2]))],
            "step": rng.choice([1, 1, 1, 1, 2]),
            "transform": rng.choice([None, None, "scale", "index",
                                     "second_load", "block"]),
            "scale": rng.choice([3, -1, 7]),
            "atomic": rng.random() < 0.15,
            "swap": rng.random() < 0.3,
            "while": rng.random() < 0.15,
            "guard": rng.randrange(0, threads + 1) if rng.random() < 0.25
            else None,
            "row": rng.choice(["gid", "gid", "gid", "reverse"]),
            "cap": rng.choice([None] * 6 + [40, 300])}
    if step["while"]:
        step["step"] = 1
    return step


TILE_BLOCKS = [[32, 1, 1], [64, 1, 1], [128, 1, 1], [256, 1, 1], [96, 1, 1],
               [16, 2, 1], [8, 4, 1], [8, 8, 1], [16, 16, 1], [32, 2, 1],
               [32, 4, 1], [16, 4, 1], [4, 4, 4], [8, 4, 2],
               [12, 4, 1], [48, 1, 1], [20, 1, 1]]


def random_tile(rng, block):
    """A uniform loop over tiles (wc-async-copy, wc-specialize): copy a tile
    from global into workgroup buffers, barrier, compute from the tile
    (other threads' elements), barrier."""
    bx, by, bz = block
    layout = "2d" if bz == 1 and rng.random() < 0.7 else "1d"
    width = bx if layout == "2d" else bx * by * bz
    elems = rng.choice([1, 1, 1, 2, 4])
    reads = []
    for _ in range(rng.randrange(1, 4)):
        reads.append({"pattern": rng.choice(
            ["own", "shift", "shift", "row", "transpose", "reverse", "halo",
             "inner"]),
            "shift": rng.randrange(1, 2 * width + 1),
            "buffer": rng.randrange(2),
            "op": rng.choice(["addi", "xori", "maxsi", "muli_add"])})
    halo = rng.choice([0, 0, 0, 1, 2, 4])
    if layout == "1d" and (by, bz) != (1, 1) and rng.random() < 0.8:
        # A halo of the linear id's elements is not a box of the tile.
        halo = 0
    return {"kind": "tile_loop", "trips": rng.choice([0, 1, 2, 2, 3, 4]),
            "layout": layout, "elems": elems,
            "buffers": rng.choice([1, 1, 2]),
            "halo": halo,
            "mid_barrier": rng.random() < 0.2,
            "skew": rng.random() < 0.15,
            "reads": reads,
            "atomic": rng.random() < 0.1,
            "storage": [rng.choice(["attribution"] * 4 + STORAGES)
                        for _ in range(2)],
            "buffer": 7}


def random_kernel(seed):
    rng = random.Random(seed)
    family = rng.choice(["steps"] * 6 + ["csr"] * 2 + ["tile"] * 2)
    if family == "steps":
        dims = rng.choice([1, 1, 1, 2, 2, 3])
        if dims == 1:
            x = rng.choice([1, 7, 32, 33, 40, 48, 64, 96, 100, 128, 160,
                            256])
            block = [x, 1, 1]
        elif dims == 2:
            block = rng.choice([[8, 8, 1], [16, 16, 1], [4, 8, 1],
                                [32, 2, 1], [6, 6, 1], [12, 5, 1],
                                [16, 4, 1]])
        else:
            block = rng.choice([[4, 4, 4], [8, 2, 2], [2, 3, 5], [8, 4, 2]])
        threads = block[0] * block[1] * block[2]
        grid = rng.choice([[1, 1], [2, 1], [3, 1], [4, 1], [2, 2], [8, 1],
                           [4, 4]])
        steps = [random_step(rng, threads)
                 for _ in range(rng.randrange(1, 5))]
        plan = {"seed": seed, "family": family, "block": block,
                "grid": grid, "known": rng.random() < 0.8, "steps": steps}
    elif family == "csr":
        block = rng.choice([[32, 1, 1], [64, 1, 1], [64, 1, 1], [128, 1, 1],
                            [32, 1, 1], [256, 1, 1], [96, 1, 1], [16, 4, 1],
                            [8, 8, 2], [32, 2, 1]] * 2 + [[48, 1, 1]])
        threads = block[0] * block[1] * block[2]
        # At most 512 rows: the host writes the matrix as constants.
        grid = rng.choice([g for g in [[1, 1], [2, 1], [3, 1], [4, 1],
                                       [2, 2], [8, 1]]
                           if g[0] * g[1] * threads <= 512])
        # Before the loop, steps without loops of their own of
        # data-dependent trip count (wc-collaborate takes the first).
        plain = ["exchange", "arith", "global_atomic", "all_reduce", "tree",
                 "private", "histogram", "own_slot", "compact"]
        steps = [random_step(rng, threads, 2, kinds=plain)
                 for _ in range(rng.choice([0, 0, 1, 2]))]
        steps.append(random_csr(rng, threads))
        steps += [random_step(rng, threads, 2)
                  for _ in range(rng.choice([0, 0, 1]))]
        blocks = grid[0] * grid[1]
        plan = {"seed": seed, "family": family, "block": block,
                "grid": grid, "known": rng.random() < 0.8, "steps": steps,
                "rows": random_rows(rng, threads * blocks, threads)}
    else:
        block = rng.choice(TILE_BLOCKS)
        grid = rng.choice([[1, 1], [2, 1], [3, 1], [2, 2], [4, 1]])
        threads = block[0] * block[1] * block[2]
        # Around the loop, steps without barriers, seldom writing global
        # memory (which keeps wc-async-copy from moving the copies).
        around = ["arith"] * 8 + list(NO_BARRIER)
        steps = [random_step(rng, threads, 2, kinds=around)
                 for _ in range(rng.choice([0, 0, 1]))]
        steps.append(random_tile(rng, block))
        steps += [random_step(rng, threads, 2, kinds=around)
                  for _ in range(rng.choice([0, 0, 1]))]
        for s in steps:
            if s["kind"] == "private":
                s["across_barrier"] = False
        plan = {"seed": seed, "family": family, "block": block,
                "grid": grid, "known": rng.random() < 0.9, "steps": steps}
    return plan


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
        self.buffers = {}      # (storage, id, shape) -> (SSA name, type)
        self.attributions = []
        self.privates = []
        self.globals = []
        self.allocas = []
        self.dirty = set()     # buffers read since the last barrier
        # Global buffers besides %in, %out and %cnt, made when a step needs
        # them (role -> size): hist (bins of atomics, filled by the host),
        # ctr (compaction counters, zeroed), comp (compacted values, zeroed;
        # the host prints an order-free checksum), rp and vals (a CSR-like
        # matrix's row pointers and values), src (a 2-D source of tiles).
        self.extra = {}
        self.view_bytes = 0    # bytes of the views' byte buffer

    def grow(self, role, n):
        """Takes n elements of the buffer `role`; returns the first."""
        base = self.extra.get(role, 0)
        self.extra[role] = base + n
        return base

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

    def buffer(self, step, shape, indent):
        """The workgroup buffer of `shape` (an int or a list) that `step`
        uses, made the first time as its storage says: an attribution, a
        memref.alloca / alloc (`aligned`: with an alignment), a workgroup
        global, a memref.view of a byte buffer at a 16-byte multiple, or a
        subview of a larger allocation. A barrier first if a thread may
        still read it."""
        if isinstance(shape, int):
            shape = [shape]
        key = (step["storage"], step["buffer"], tuple(shape))
        if key not in self.buffers:
            storage = key[0]
            dims = "x".join(str(d) for d in shape)
            type_ = "memref<%sxi32, %s>" % (dims, WG)
            elements = 1
            for d in shape:
                elements *= d
            n = len(self.buffers)
            if storage == "attribution":
                name = "%%wg%d" % len(self.attributions)
                self.attributions.append("%s : %s" % (name, type_))
            elif storage in ("alloca", "alloc"):
                name = "%%sh%d" % n
                self.allocas.append("%s = memref.%s() : %s"
                                    % (name, storage, type_))
            elif storage == "aligned":
                name = "%%sh%d" % n
                self.allocas.append("%s = memref.alloc() {alignment = 64 : "
                                    "i64} : %s" % (name, type_))
            elif storage == "view":
                offset = self.view_bytes
                self.view_bytes += (elements * 4 + 15) // 16 * 16
                name = "%%vw%d" % n
                self.allocas.append("%s = memref.view %%bytes[%s][] : "
                                    "BYTES to %s"
                                    % (name, self.const(offset), type_))
            elif storage == "subview":
                # The buffer is the second half of an allocation twice its
                # size: the second row of a 2 x shape one, or (1-D) the
                # elements n .. 2n - 1.
                parent = "%%pt%d" % n
                strides, stride = [], 1
                for d in reversed(shape):
                    strides.insert(0, stride)
                    stride *= d
                type_ = "memref<%sxi32, strided<[%s], offset: %d>, %s>" % (
                    dims, ", ".join(map(str, strides)), elements, WG)
                name = "%%sv%d" % n
                if len(shape) == 1 and self.plan["seed"] % 2:
                    ptype = "memref<%dxi32, %s>" % (2 * elements, WG)
                    view = "[%d] [%d] [1]" % (elements, elements)
                else:
                    ptype = "memref<2x%sxi32, %s>" % (dims, WG)
                    view = "[1, %s] [1, %s] [1, %s]" % (
                        ", ".join("0" for _ in shape), ", ".join(
                            str(d) for d in shape),
                        ", ".join("1" for _ in shape))
                self.allocas.append("%s = memref.alloc() : %s"
                                    % (parent, ptype))
                self.allocas.append("%s = memref.subview %s%s : %s to %s"
                                    % (name, parent, view, ptype, type_))
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

    def arguments(self):
        """The kernel's arguments: [(role, name, type)]."""
        args = [("in", "%in", "memref<%dxi32>" % self.size),
                ("out", "%out", "memref<%dxi32>" % self.size),
                ("cnt", "%cnt", "memref<4xi32>")]
        for role in ("hist", "ctr", "comp", "rp", "vals"):
            if role in self.extra:
                args.append((role, "%" + role,
                             "memref<%dxi32>" % max(1, self.extra[role])))
        if "src" in self.extra:
            rows, cols = self.src_shape
            args.append(("src", "%src", "memref<%dx%dxi32>" % (rows, cols)))
        return args

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
        for role, n in self.extra.items():
            marker = "memref<%s>" % role.upper()
            body = [line.replace(marker, "memref<%dxi32>" % max(1, n))
                    for line in body]
        head = ["      %s = arith.constant %d : %s" % (n, v, t)
                for (v, t), n in sorted(self.constants.items(),
                                        key=lambda kv: kv[1])]
        attributions = list(self.attributions)
        if self.view_bytes:
            # The views' byte buffer: an attribution or an allocation.
            btype = "memref<%dxi8, %s>" % (self.view_bytes, WG)
            if plan["seed"] % 3 == 0:
                attributions.append("%%bytes : %s" % btype)
            else:
                head.append("      %%bytes = memref.alloc() {alignment = 16 "
                            ": i64} : %s" % btype)
        head += ["      " + a.replace("BYTES", "memref<%dxi8, %s>"
                                      % (self.view_bytes, WG))
                 for a in self.allocas]
        attrs = ""
        if attributions:
            attrs += " workgroup(%s)" % ", ".join(attributions)
        if self.privates:
            attrs += " private(%s)" % ", ".join(self.privates)
        known = ""
        if plan["known"]:
            known = " attributes {known_block_size = array<i32: %d, %d, %d>}" \
                % (bx, by, bz)
        sig = ("    gpu.func @%s(%s)%s kernel%s {"
               % (self.name, ", ".join("%s: %s" % (n, t) for _, n, t in
                                       self.arguments()), attrs, known))
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

    def to_i32(self, index, ind):
        return self.op("arith.index_cast %s : index to i32" % index, ind)

    def to_index(self, value, ind):
        return self.op("arith.index_cast %s : i32 to index" % value, ind)

    def thread_guard(self, bound, ind):
        """Opens `scf.if lin < bound` (no results) unless every thread
        passes; returns whether it did."""
        if bound is None or bound >= self.threads:
            return False
        cond = self.op("arith.cmpi ult, %s, %s : index"
                       % (self.lin, self.const(bound)), ind)
        self.emit("scf.if %s {" % cond, ind)
        return True

    def step_histogram(self, step, acc, ind):
        """Global atomics at addresses uniform (a constant, the block) or
        divergent (from the value, the thread, the warp), on bins of their
        own, results unused (wc-aggregate-atomics)."""
        bins = step["bins"]
        base = self.grow("hist", bins)
        address = step["address"]
        if address == "value":
            b = self.op("arith.remui %s, %s : index"
                        % (self.to_index(acc, ind), self.const(bins)), ind)
        elif address == "thread":
            b = self.op("arith.remui %s, %s : index"
                        % (self.lin, self.const(bins)), ind)
        elif address == "warp":
            w = self.op("arith.divui %s, %s : index"
                        % (self.lin, self.const(32)), ind)
            b = self.op("arith.remui %s, %s : index" % (w, self.const(bins)),
                        ind)
        elif address == "block":
            b = self.op("arith.remui %s, %s : index"
                        % (self.bid, self.const(bins)), ind)
        else:
            b = self.const((bins - 1) // 2)
        idx = self.op("arith.addi %s, %s : index" % (b, self.const(base)), ind)
        value = {"acc": acc, "one": self.const(1, "i32")}.get(step["value"])
        if value is None:
            value = self.to_i32(self.lin, ind)
        guarded = self.thread_guard(step["guard"], ind)
        self.op("memref.atomic_rmw %s %s, %%hist[%s] : (i32, memref<HIST>) "
                "-> i32" % (step["op"], value, idx), ind + guarded)
        if guarded:
            self.emit("}", ind)
        return acc

    def step_compact(self, step, acc, ind):
        """Stream compaction: each thread whose value passes the predicate
        (all without one) takes a slot from a counter (per bin: a bucket)
        and stores a value there. The slots depend on the order of the
        atomics, the set of values in each bin does not: the host prints the
        counters and a checksum that weighs each value by its bin."""
        bins = step["bins"]
        counters = self.grow("ctr", bins)
        region = self.grow("comp", bins * self.size)
        gi = self.to_i32(self.gid, ind)
        g7 = self.op("arith.muli %s, %s : i32" % (gi, self.const(7, "i32")),
                     ind)
        value = self.op("arith.addi %s, %s : i32" % (acc, g7), ind)
        inner = ind
        if step["predicate"]:
            rem = self.op("arith.remsi %s, %s : i32"
                          % (acc, self.const(step["predicate"], "i32")), ind)
            cond = self.op("arith.cmpi eq, %s, %s : i32"
                           % (rem, self.const(0, "i32")), ind)
            self.emit("scf.if %s {" % cond, ind)
            inner += 1
        if bins == 1:
            b = self.const(0)
        else:
            b = self.op("arith.remui %s, %s : index"
                        % (self.to_index(acc, inner), self.const(bins)), inner)
        c = self.op("arith.addi %s, %s : index" % (b, self.const(counters)),
                    inner)
        by = 2 if step["by"] == "two" else 1
        old = self.op("memref.atomic_rmw addi %s, %%ctr[%s] : (i32, "
                      "memref<CTR>) -> i32" % (self.const(by, "i32"), c),
                      inner, "slot")
        slot = self.to_index(old, inner)
        if by != 1:
            slot = self.op("arith.divui %s, %s : index"
                           % (slot, self.const(by)), inner)
        start = self.op("arith.muli %s, %s : index"
                        % (b, self.const(self.size)), inner)
        at = self.op("arith.addi %s, %s : index" % (start, slot), inner)
        at = self.op("arith.addi %s, %s : index" % (at, self.const(region)),
                     inner)
        self.emit("memref.store %s, %%comp[%s] : memref<COMP>" % (value, at),
                  inner)
        if step["predicate"]:
            self.emit("}", ind)
        return acc

    def step_own_slot(self, step, acc, ind):
        """A thread stores to its own slot, a barrier, it reads its slot
        back (wc-forward-stores forwards a constant)."""
        buf, type_ = self.buffer(step, self.threads, ind)
        constant = step["value"] == "constant"
        value = self.const(step["constant"], "i32") if constant else acc
        self.emit("memref.store %s, %s[%s] : %s"
                  % (value, buf, self.lin, type_), ind)
        self.barrier(ind)
        r = self.op("memref.load %s[%s] : %s" % (buf, self.lin, type_), ind)
        self.dirty.add(buf)
        return self.op("arith.%s %s, %s : i32"
                       % (step["op"] if constant else "addi", acc, r), ind)

    def step_zero_accumulate(self, step, acc, ind):
        """Each thread zeroes its slot and accumulates into it in a loop of
        constant trip count, then the block exchanges the slots."""
        buf, type_ = self.buffer(step, self.threads, ind)
        self.emit("memref.store %s, %s[%s] : %s"
                  % (self.const(0, "i32"), buf, self.lin, type_), ind)
        if step["barrier"]:
            self.barrier(ind)
        k = self.fresh("k")
        self.emit("scf.for %s = %s to %s step %s {"
                  % (k, self.const(0), self.const(step["trips"]),
                     self.const(1)), ind)
        old = self.op("memref.load %s[%s] : %s" % (buf, self.lin, type_),
                      ind + 1)
        at = self.op("arith.addi %s, %s : index" % (self.gid, k), ind + 1)
        at = self.op("arith.remui %s, %s : index"
                     % (at, self.const(self.size)), ind + 1)
        x = self.op("memref.load %%in[%s] : memref<%dxi32>"
                    % (at, self.size), ind + 1)
        x = self.op("arith.addi %s, %s : i32" % (x, acc), ind + 1)
        new = self.op("arith.%s %s, %s : i32" % (step["op"], old, x), ind + 1)
        self.emit("memref.store %s, %s[%s] : %s"
                  % (new, buf, self.lin, type_), ind + 1)
        self.emit("}", ind)
        self.barrier(ind)
        idx = self.index_of(step, ind)
        r = self.op("memref.load %s[%s] : %s" % (buf, idx, type_), ind)
        self.dirty.add(buf)
        return self.op("arith.xori %s, %s : i32" % (acc, r), ind)

    def step_fill_accumulate(self, step, acc, ind):
        """A linalg reduction's shape: thread 0 fills a total with zero (in
        workgroup memory, or its block's element of a global buffer), the
        block stores its partials, and after a barrier thread 0 adds them
        to the total in a loop; then every thread reads the total."""
        part, ptype = self.buffer(step, self.threads, ind)
        if step["where"] == "workgroup":
            tot, ttype = self.buffer(dict(step, buffer=step["buffer"] + 3), 1,
                                     ind)
            at = self.const(0)
        else:
            tot, ttype = "%hist", "memref<HIST>"
            at = self.op("arith.addi %s, %s : index"
                         % (self.bid, self.const(self.grow("hist",
                                                           self.blocks))),
                         ind)
        first = self.op("arith.cmpi eq, %s, %s : index"
                        % (self.lin, self.const(0)), ind)
        self.emit("scf.if %s {" % first, ind)
        self.emit("memref.store %s, %s[%s] : %s"
                  % (self.const(0, "i32"), tot, at, ttype), ind + 1)
        self.emit("}", ind)
        self.barrier(ind)
        self.emit("memref.store %s, %s[%s] : %s"
                  % (acc, part, self.lin, ptype), ind)
        self.barrier(ind)
        self.emit("scf.if %s {" % first, ind)
        k = self.fresh("k")
        self.emit("scf.for %s = %s to %s step %s {"
                  % (k, self.const(0), self.const(self.threads),
                     self.const(1)), ind + 1)
        p = self.op("memref.load %s[%s] : %s" % (part, k, ptype), ind + 2)
        old = self.op("memref.load %s[%s] : %s" % (tot, at, ttype), ind + 2)
        new = self.op("arith.addi %s, %s : i32" % (old, p), ind + 2)
        self.emit("memref.store %s, %s[%s] : %s" % (new, tot, at, ttype),
                  ind + 2)
        self.emit("}", ind + 1)
        self.emit("}", ind)
        self.barrier(ind)
        r = self.op("memref.load %s[%s] : %s" % (tot, at, ttype), ind)
        self.dirty.add(part)
        if step["where"] == "workgroup":
            self.dirty.add(tot)
        return self.op("arith.xori %s, %s : i32" % (acc, r), ind)

    def step_csr(self, step, acc, ind):
        """The thread's row of a CSR-like matrix: a loop (scf.for, or the
        counted scf.while it is) from rp[row] to rp[row + 1] reducing the
        row's values, maybe under a thread guard (wc-collaborate)."""
        rows = self.plan["rows"]
        self.extra["rp"] = len(rows) + 1
        self.extra["vals"] = max(1, sum(rows))
        r = self.fresh("r")
        guard = step["guard"] is not None and step["guard"] < self.threads
        outer = ind
        if guard:
            cond = self.op("arith.cmpi ult, %s, %s : index"
                           % (self.lin, self.const(step["guard"])), ind)
            self.emit("%s = scf.if %s -> (i32) {" % (r, cond), ind)
            ind += 1
        row = self.gid
        if step["row"] == "reverse":
            row = self.op("arith.subi %s, %s : index"
                          % (self.const(self.size - 1), self.gid), ind)
        lo = self.op("memref.load %%rp[%s] : memref<RP>" % row, ind)
        row1 = self.op("arith.addi %s, %s : index" % (row, self.const(1)),
                       ind)
        hi = self.op("memref.load %%rp[%s] : memref<RP>" % row1, ind)
        lo, hi = self.to_index(lo, ind), self.to_index(hi, ind)
        if step.get("cap"):
            # At most `cap` iterations: a bound computed from both loads.
            top = self.op("arith.addi %s, %s : index"
                          % (lo, self.const(step["cap"])), ind)
            hi = self.op("arith.minsi %s, %s : index" % (hi, top), ind)
        reds = step["reductions"]
        inits = [acc] + [self.const(11 * i + 1, "i32")
                         for i in range(1, len(reds))]
        types = ", ".join(["i32"] * len(reds))
        res = self.fresh("red")
        args = [self.fresh("a") for _ in reds]
        j = self.fresh("j")
        if step["while"]:
            w = self.fresh("w")
            self.emit("%s:%d = scf.while (%s = %s, %s) : (index, %s) -> "
                      "(index, %s) {" % (
                          w, len(reds) + 1, j, lo,
                          ", ".join("%s = %s" % (a, i)
                                    for a, i in zip(args, inits)),
                          types, types), ind)
            c = self.op("arith.cmpi slt, %s, %s : index" % (j, hi), ind + 1)
            self.emit("scf.condition(%s) %s, %s : index, %s"
                      % (c, j, ", ".join(args), types), ind + 1)
            self.emit("} do {", ind)
            j2 = self.fresh("j")
            args2 = [self.fresh("a") for _ in reds]
            self.emit("^bb0(%s: index, %s):" % (
                j2, ", ".join("%s: i32" % a for a in args2)), ind)
            j, args = j2, args2
        else:
            self.emit("%s:%d = scf.for %s = %s to %s step %s iter_args(%s) "
                      "-> (%s) {" % (
                          res, len(reds), j, lo, hi, self.const(step["step"]),
                          ", ".join("%s = %s" % (a, i)
                                    for a, i in zip(args, inits)), types),
                      ind)
        body = ind + 1
        v = self.op("memref.load %%vals[%s] : memref<VALS>" % j, body)
        if step["transform"] == "scale":
            v = self.op("arith.muli %s, %s : i32"
                        % (v, self.const(step["scale"], "i32")), body)
        elif step["transform"] == "index":
            v = self.op("arith.addi %s, %s : i32" % (v, self.to_i32(j, body)),
                        body)
        elif step["transform"] == "block":
            # A value alike in the block but not in the grid (no grid
            # level then).
            v = self.op("arith.addi %s, %s : i32"
                        % (v, self.to_i32(self.bid, body)), body)
        elif step["transform"] == "second_load":
            m = self.op("arith.remui %s, %s : index"
                        % (j, self.const(self.size)), body)
            x = self.op("memref.load %%in[%s] : memref<%dxi32>"
                        % (m, self.size), body)
            v = self.op("arith.xori %s, %s : i32" % (v, x), body)
        if step["atomic"]:
            self.op("memref.atomic_rmw addi %s, %%cnt[%s] : (i32, "
                    "memref<4xi32>) -> i32" % (v, self.const(0)), body)
        news = []
        for a, kind in zip(args, reds):
            operands = (v, a) if step["swap"] else (a, v)
            news.append(self.op("arith.%s %s, %s : i32"
                                % ((kind,) + operands), body))
        if step["while"]:
            jn = self.op("arith.addi %s, %s : index" % (j, self.const(1)),
                         body)
            self.emit("scf.yield %s, %s : index, %s"
                      % (jn, ", ".join(news), types), body)
            self.emit("}", ind)
            results = ["%s#%d" % (w, i + 1) for i in range(len(reds))]
        else:
            self.emit("scf.yield %s : %s" % (", ".join(news), types), body)
            self.emit("}", ind)
            results = ["%s#%d" % (res, i) for i in range(len(reds))]
        value = results[0]
        for other in results[1:]:
            value = self.op("arith.xori %s, %s : i32" % (value, other), ind)
        if guard:
            self.emit("scf.yield %s : i32" % value, ind)
            self.emit("} else {", outer)
            self.emit("scf.yield %s : i32" % acc, outer + 1)
            self.emit("}", outer)
            return r
        return value

    def step_tile_loop(self, step, acc, ind):
        """A uniform loop over tiles: each thread copies `elems` elements
        (and a halo, threads below it) of each tile buffer from %src, a
        barrier (one between the buffers too, maybe), the thread computes
        from other threads' elements, a barrier (wc-async-copy after
        wc-aggregate, wc-specialize)."""
        bx, by, bz = self.plan["block"]
        n = self.threads
        trips, elems = step["trips"], step["elems"]
        two_d = step["layout"] == "2d"
        x, width = (self.tx, bx) if two_d else (self.lin, n)
        rows = by if two_d else 1
        halo = min(step["halo"], width)
        w0 = width * elems                 # a tile's own elements per row
        region = trips * w0 + halo         # each buffer's columns of %src
        nbuf = step["buffers"]
        cols = max(1, nbuf * region)
        cols = cols + 1 if step["skew"] else (cols + 3) // 4 * 4
        self.extra["src"] = 1
        self.src_shape = (rows * self.blocks, cols)
        shape = [rows, w0 + halo] if two_d else [w0 + halo]
        tiles = [self.buffer({"storage": step["storage"][b],
                              "buffer": step["buffer"] + b}, shape, ind)
                 for b in range(nbuf)]
        if two_d:
            first = self.op("arith.muli %s, %s : index"
                            % (self.bid, self.const(by)), ind)
            srow = self.op("arith.addi %s, %s : index" % (first, self.ty), ind)
        else:
            srow = self.bid
        stype = "memref<%dx%dxi32>" % self.src_shape

        def at(tile_index):
            return "%s, %s" % (self.ty, tile_index) if two_d else tile_index

        r, t, a = self.fresh("r"), self.fresh("t"), self.fresh("a")
        self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = %s) -> "
                  "(i32) {" % (r, t, self.const(0), self.const(trips),
                               self.const(1), a, acc), ind)
        body = ind + 1
        tw = self.op("arith.muli %s, %s : index" % (t, self.const(w0)), body)
        copied = []            # the copy's index of each thread's element
        for b, (buf, type_) in enumerate(tiles):
            base = self.op("arith.addi %s, %s : index"
                           % (tw, self.const(b * region)), body)
            for e in range(elems):
                own = self.op("arith.addi %s, %s : index"
                              % (x, self.const(e * width)), body)
                copied.append(own)
                col = self.op("arith.addi %s, %s : index" % (base, own), body)
                v = self.op("memref.load %%src[%s, %s] : %s"
                            % (srow, col, stype), body)
                self.emit("memref.store %s, %s[%s] : %s"
                          % (v, buf, at(own), type_), body)
            if halo:
                cond = self.op("arith.cmpi ult, %s, %s : index"
                               % (x, self.const(halo)), body)
                self.emit("scf.if %s {" % cond, body)
                own = self.op("arith.addi %s, %s : index"
                              % (x, self.const(w0)), body + 1)
                col = self.op("arith.addi %s, %s : index" % (base, own),
                              body + 1)
                v = self.op("memref.load %%src[%s, %s] : %s"
                            % (srow, col, stype), body + 1)
                self.emit("memref.store %s, %s[%s] : %s"
                          % (v, buf, at(own), type_), body + 1)
                self.emit("}", body)
            if step["mid_barrier"] and b + 1 < nbuf:
                self.emit("gpu.barrier", body)
        self.emit("gpu.barrier", body)
        s = a
        for read in step["reads"]:
            buf, type_ = tiles[read["buffer"] % nbuf]
            pattern, shift = read["pattern"], read["shift"]
            if pattern == "transpose" and not (two_d and bx == by):
                pattern = "reverse"
            if pattern == "row" and not two_d:
                pattern = "shift"
            if pattern == "inner":
                kk, q = self.fresh("kk"), self.fresh("q")
                out = self.fresh("inner")
                self.emit("%s = scf.for %s = %s to %s step %s iter_args(%s = "
                          "%s) -> (i32) {"
                          % (out, kk, self.const(0),
                             self.const(min(w0 + halo, 16)), self.const(1),
                             q, s), body)
                v = self.op("memref.load %s[%s] : %s" % (buf, at(kk), type_),
                            body + 1)
                m = self.op("arith.muli %s, %s : i32"
                            % (v, self.const(shift % 5 + 1, "i32")), body + 1)
                nq = self.op("arith.addi %s, %s : i32" % (q, m), body + 1)
                self.emit("scf.yield %s : i32" % nq, body + 1)
                self.emit("}", body)
                s = out
                continue
            if pattern == "own":
                # The index the copy computed (wc-specialize's consumers
                # compute it again).
                idx = at(copied[shift % len(copied)])
            elif pattern == "shift":
                p = self.op("arith.addi %s, %s : index"
                            % (x, self.const(shift)), body)
                idx = at(self.op("arith.remui %s, %s : index"
                                 % (p, self.const(w0 + halo)), body))
            elif pattern == "row":
                p = self.op("arith.addi %s, %s : index"
                            % (self.ty, self.const(shift)), body)
                yrow = self.op("arith.remui %s, %s : index"
                               % (p, self.const(by)), body)
                idx = "%s, %s" % (yrow, x)
            elif pattern == "transpose":
                idx = "%s, %s" % (self.tx, self.ty)
            elif pattern == "reverse":
                rx = self.op("arith.subi %s, %s : index"
                             % (self.const(width - 1), x), body)
                if two_d:
                    ry = self.op("arith.subi %s, %s : index"
                                 % (self.const(by - 1), self.ty), body)
                    idx = "%s, %s" % (ry, rx)
                else:
                    idx = rx
            else:  # halo: the element h to the right, h <= halo
                h = shift % (halo + 1)
                idx = at(self.op("arith.addi %s, %s : index"
                                 % (x, self.const(h)), body))
            v = self.op("memref.load %s[%s] : %s" % (buf, idx, type_), body)
            if read["op"] == "muli_add":
                m = self.op("arith.muli %s, %s : i32"
                            % (v, self.const(3, "i32")), body)
                s = self.op("arith.addi %s, %s : i32" % (s, m), body)
            else:
                s = self.op("arith.%s %s, %s : i32" % (read["op"], s, v), body)
        if step["atomic"]:
            self.op("memref.atomic_rmw addi %s, %%cnt[%s] : (i32, "
                    "memref<4xi32>) -> i32" % (s, self.const(0)), body)
        self.emit("gpu.barrier", body)
        self.emit("scf.yield %s : i32" % s, body)
        self.emit("}", ind)
        return r

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


def constant_global(symbol, n, seed, offset):
    """A host memref.global of n i32s: (37 i + seed) mod 1009 - offset."""
    return ('  memref.global "private" constant %s : memref<%dxi32> = '
            'dense<[%s]>' % (symbol, n, ", ".join(
                str((37 * i + seed) % 1009 - offset) for i in range(n))))


def print_buffer(host, device, type_, s, tag):
    """Host code copying `device` back and printing it."""
    host += [
        "    %%h%s%s = memref.alloc() : %s" % (tag, s, type_),
        "    gpu.memcpy %%h%s%s, %s : %s, %s" % (tag, s, device, type_, type_),
        "    %%u%s%s = memref.cast %%h%s%s : %s to memref<*xi32>"
        % (tag, s, tag, s, type_),
        "    call @printMemrefI32(%%u%s%s) : (memref<*xi32>) -> ()"
        % (tag, s),
    ]


CHECKSUM = """\
    %hcomp{s} = memref.alloc() : memref<{size}xi32>
    gpu.memcpy %hcomp{s}, {device} : memref<{size}xi32>, memref<{size}xi32>
    %ck{s}:3 = scf.for %b{s} = %c0 to %c{bins} step %c1
        iter_args(%sa{s} = %z32, %sx{s} = %z32, %sm{s} = %z32)
        -> (i32, i32, i32) {{
      %o{s} = arith.muli %b{s}, %c{n} : index
      %bs{s}:3 = scf.for %i{s} = %c0 to %c{n} step %c1
          iter_args(%ba{s} = %z32, %bx{s} = %sx{s}, %bm{s} = %sm{s})
          -> (i32, i32, i32) {{
        %j{s} = arith.addi %o{s}, %i{s} : index
        %v{s} = memref.load %hcomp{s}[%j{s}] : memref<{size}xi32>
        %na{s} = arith.addi %ba{s}, %v{s} : i32
        %nx{s} = arith.xori %bx{s}, %v{s} : i32
        %nm{s} = arith.maxsi %bm{s}, %v{s} : i32
        scf.yield %na{s}, %nx{s}, %nm{s} : i32, i32, i32
      }}
      %b1{s} = arith.addi %b{s}, %c1 : index
      %bi{s} = arith.index_cast %b1{s} : index to i32
      %p{s} = arith.muli %bs{s}#0, %bi{s} : i32
      %sa2{s} = arith.addi %sa{s}, %p{s} : i32
      scf.yield %sa2{s}, %bs{s}#1, %bs{s}#2 : i32, i32, i32
    }}
    %hsum{s} = memref.alloc() : memref<3xi32>
    memref.store %ck{s}#0, %hsum{s}[%c0] : memref<3xi32>
    memref.store %ck{s}#1, %hsum{s}[%c1] : memref<3xi32>
    memref.store %ck{s}#2, %hsum{s}[%c2] : memref<3xi32>
    %usum{s} = memref.cast %hsum{s} : memref<3xi32> to memref<*xi32>
    call @printMemrefI32(%usum{s}) : (memref<*xi32>) -> ()"""


def print_checksum(host, device, size, n, s):
    """Host code printing the compacted values of `device` (`size`
    elements, bins of n) as an order-free checksum: the sum of each bin's
    values weighted by the bin's number + 1, the xor and the maximum."""
    host += CHECKSUM.format(s=s + "c", device=device, size=size, n=n,
                            bins=size // n).splitlines()


def render_module(plans, separate=False):
    """A module with one kernel per plan and a @main running them in turn.
    The kernels share one gpu.module and @main launches them all, or
    (`separate`) each kernel has its own gpu.module, as outlining makes them,
    and its own host function, which @main calls."""
    kernels, hosts, host_globals = [], [], []
    sizes = {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 32, 33, 40, 48, 64, 96, 100,
             128, 160, 256}
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
        sizes.add(n)
        # Inputs are constants: (37 i + seed) mod 1009 for element i (a
        # host loop that fills them takes longer to run than to parse).
        host_globals.append(constant_global("@in_k%d" % seed, n, seed % 1000,
                                            0))
        host += [
            "    %%hin%s = memref.get_global @in_k%d : memref<%dxi32>"
            % (s, seed, n),
            "    %%din%s = gpu.alloc () : memref<%dxi32>" % (s, n),
            "    %%dout%s = gpu.alloc () : memref<%dxi32>" % (s, n),
            "    %%dcnt%s = gpu.alloc () : memref<4xi32>" % s,
            "    gpu.memcpy %%din%s, %%hin%s : memref<%dxi32>, memref<%dxi32>"
            % (s, s, n, n),
            "    gpu.memset %%dout%s, %%z32 : memref<%dxi32>, i32" % (s, n),
            "    gpu.memset %%dcnt%s, %%z32 : memref<4xi32>, i32" % s,
        ]
        args = k.arguments()
        for role, _, type_ in args[3:]:
            d = "%%d%s%s" % (role, s)
            if role == "src":
                rows, cols = k.src_shape
                symbol = "@src_k%d" % seed
                host_globals.append(
                    '  memref.global "private" constant %s : %s = '
                    'dense<[%s]>' % (symbol, type_, ", ".join(
                        "[%s]" % ", ".join(
                            str((37 * (r * cols + c) + seed) % 1009)
                            for c in range(cols)) for r in range(rows))))
                host += [
                    "    %%hsrc%s = memref.get_global %s : %s"
                    % (s, symbol, type_),
                    "    %s = gpu.alloc () : %s" % (d, type_),
                    "    gpu.memcpy %s, %%hsrc%s : %s, %s"
                    % (d, s, type_, type_),
                ]
                continue
            size = int(type_[len("memref<"):-len("xi32>")])
            sizes.update((size, size // n))
            host.append("    %s = gpu.alloc () : %s" % (d, type_))
            if role in ("ctr", "comp"):
                host.append("    gpu.memset %s, %%z32 : %s, i32" % (d, type_))
            else:
                # rp: the rows' pointers; vals, hist: (37 i + seed) mod 1009
                # less 400 (500) for element i.
                symbol = "@%s_k%d" % (role, seed)
                if role == "rp":
                    values = [0]
                    for length in plan["rows"]:
                        values.append(values[-1] + length)
                    host_globals.append(
                        '  memref.global "private" constant %s : %s = '
                        'dense<[%s]>' % (symbol, type_,
                                         ", ".join(map(str, values))))
                else:
                    host_globals.append(constant_global(
                        symbol, size, seed % 1000,
                        400 if role == "vals" else 500))
                host += [
                    "    %%h%s%s = memref.get_global %s : %s"
                    % (role, s, symbol, type_),
                    "    gpu.memcpy %s, %%h%s%s : %s, %s"
                    % (d, role, s, type_, type_),
                ]
        host += [
            "    gpu.launch_func @%s::@k%d blocks in (%%c%d, %%c%d, %%c1) "
            "threads in (%%c%d, %%c%d, %%c%d) args(%s)"
            % ("m%d" % seed if separate else "kernels", seed, gx, gy,
               bx, by, bz, ", ".join("%%d%s%s : %s" % (role, s, type_)
                                     for role, _, type_ in args)),
        ]
        print_buffer(host, "%%dout%s" % s, "memref<%dxi32>" % n, s, "out")
        print_buffer(host, "%%dcnt%s" % s, "memref<4xi32>", s, "cnt")
        for role, _, type_ in args[3:]:
            d = "%%d%s%s" % (role, s)
            if role in ("hist", "ctr"):
                print_buffer(host, d, type_, s, "r" + role)
            elif role == "comp":
                print_checksum(host, d, int(type_[len("memref<"):-len(
                    "xi32>")]), n, s)
    sizes |= {d for p in plans for d in p["block"] + p["grid"]}
    consts = ["    %%c%d = arith.constant %d : index" % (c, c)
              for c in sorted(sizes | {0})]
    consts += ["    %z32 = arith.constant 0 : i32"]
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
        ["  }"] + host_globals +
        ["  func.func private @printMemrefI32(memref<*xi32>)"] + functions +
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
                          if not args.pipelines or any(
                              fnmatch.fnmatchcase(p[0], pattern)
                              for pattern in args.pipelines)]

    def sim(self, path, passes, name=None):
        """(status, output): status is ok, error, crash or hang."""
        cmd = [self.wc_sim, path, "--max-steps=%d" % self.max_steps]
        if passes:
            cmd.append("--pass-pipeline=builtin.module(%s)" % passes)
        cmd += SIM_OPTIONS.get(name, [])
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
                status, out = self.sim(path, passes, name)
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
                        help="comma-separated subset of (shell patterns, "
                        "e.g. 'specialize*'): " +
                        ", ".join(p[0] for p in PIPELINES))
    parser.add_argument("--wc-sim", default=os.path.join(
        ROOT, "build", "bin", "wc-sim"))
    parser.add_argument("--out-dir", default="fuzz-findings",
                        help="where minimised reproducers go")
    parser.add_argument("--print", action="store_true",
                        help="print the module of the seeds and exit")
    args = parser.parse_args()
    args.pipelines = [p for p in args.pipelines.split(",") if p]
    unknown = {pattern for pattern in args.pipelines
               if not fnmatch.filter([p[0] for p in PIPELINES], pattern)}
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
            print("  reproduce: %s %s%s%s" % (
                args.wc_sim, path,
                " --pass-pipeline='builtin.module(%s)'" % passes
                if passes else "",
                "".join(" " + o for o in SIM_OPTIONS.get(alone[0][1], []))))
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
