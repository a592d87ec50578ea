#!/usr/bin/env python3
"""Generates benchmark programs from kernels of the repository's MLIR
programs (the integration suite and the examples, modelled on the
Warp-Consolidation paper's suite) at sizes that fill an H100. Inputs are
pseudo-random, from a seed drawn when the programs are generated (every
variant of a kernel shares it). The host loop takes 60 samples, each the GPU
time (CUDA events, wcTimerStart and wcTimerStopMs of the wc runtime) of 20
back-to-back launches, prints the seconds per launch of each sample, then a
checksum of the last kernel argument's buffer (or of the argument the
spec's `checksum` option names), so that the variants' outputs
can be compared. Where the buffers fit in L2 several times over, the launches
of a sample rotate through copies of them (rotations()).

A benchmark is (source file relative to the repository, {old: new} text
substitutions in its gpu.module, launch text, kernel arguments). A kernel
argument is a buffer type (a static memref, filled with random values), a
pair (static buffer type, the kernel's memref type it is cast to), or a
scalar ("index", value). An optional fifth element holds options:
{"rotate": False} keeps the launches on one copy of the buffers (to measure
a kernel with its data resident in L2).
"""
import os
import random
import subprocess
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.join(HERE, "..", "..")

MAIN = """
  func.func private @wcTimerStart()
  func.func private @wcTimerStopMs() -> f64
  func.func private @printF64(f64)
  func.func private @printNewline()
  func.func private @printI64(i64)
  func.func @printChecksum(%v: i64) {
    func.call @printI64(%v) : (i64) -> ()
    func.call @printNewline() : () -> ()
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %c60 = arith.constant {samples} : index
    %c256 = arith.constant 256 : index
    %c4096 = arith.constant 4096 : index
    %c8192 = arith.constant 8192 : index
    %c16384 = arith.constant 16384 : index
    %c32768 = arith.constant 32768 : index
    %c65536 = arith.constant 65536 : index
    %c131072 = arith.constant 131072 : index
    %c262144 = arith.constant 262144 : index
    %c128 = arith.constant 128 : index
    %seed = arith.constant {seed} : i32
    %lcg_a = arith.constant 1103515245 : i32
    %lcg_c = arith.constant 12345 : i32
    %c16_i32 = arith.constant 16 : i32
    %c15_i32 = arith.constant 15 : i32
    %state0 = memref.alloca() : memref<i32>
    memref.store %seed, %state0[] : memref<i32>
{allocs}
    %c20 = arith.constant {launches} : index
    %crotations = arith.constant {rotations} : index
    %launchesMs = arith.constant {launches_ms} : f64
    scf.for %i = %c0 to %c60 step %c1 {
      func.call @wcTimerStart() : () -> ()
      scf.for %j = %c0 to %c20 step %crotations {
{launches_of_a_rotation}      }
      %elapsed = func.call @wcTimerStopMs() : () -> f64
      %dt = arith.divf %elapsed, %launchesMs : f64
      func.call @printF64(%dt) : (f64) -> ()
      func.call @printNewline() : () -> ()
    }
{checksum}
    return
  }
}
"""

SHAPE = re.compile(r"memref<((?:\d+x)+)(i32|f32)>")


def loops(shape, body, indent="    "):
    """Nested scf.for loops over `shape` around `body` (which uses %i0..)."""
    text, ind = "", indent
    for d, extent in enumerate(shape):
        text += "%s%%n%d_{id} = arith.constant %d : index\n" % (ind, d, extent)
        text += ("%sscf.for %%i%d = %%c0 to %%n%d_{id} step %%c1 {\n"
                 % (ind, d, d))
        ind += "  "
    for line in body:
        text += ind + line + "\n"
    for d in range(len(shape)):
        ind = ind[:-2]
        text += ind + "}\n"
    return text


def fill(i, mtype):
    """Allocates device buffer %d<i>, fills a host copy with the LCG."""
    extents, element = SHAPE.match(mtype).groups()
    shape = [int(e) for e in extents.rstrip("x").split("x")]
    idx = ", ".join("%%i%d" % d for d in range(len(shape)))
    body = ["%s = memref.load %%state0[] : memref<i32>" % "%x",
            "%xa = arith.muli %x, %lcg_a : i32",
            "%xn = arith.addi %xa, %lcg_c : i32",
            "memref.store %xn, %state0[] : memref<i32>",
            "%xs = arith.shrui %xn, %c16_i32 : i32",
            "%v = arith.andi %xs, %c15_i32 : i32"]
    if element == "f32":
        body += ["%vf = arith.sitofp %v : i32 to f32",
                 "memref.store %%vf, %%h%d[%s] : %s" % (i, idx, mtype)]
    else:
        body += ["memref.store %%v, %%h%d[%s] : %s" % (i, idx, mtype)]
    text = "    %%h%d = memref.alloc() : %s\n" % (i, mtype)
    text += loops(shape, body).replace("{id}", "f%d" % i)
    text += "    %%d%d = gpu.alloc () : %s\n" % (i, mtype)
    text += "    gpu.memcpy %%d%d, %%h%d : %s, %s\n" % (i, i, mtype, mtype)
    return text


def checksum(i, mtype):
    """Copies buffer %d<i> back and prints a hash of its bits."""
    extents, element = SHAPE.match(mtype).groups()
    shape = [int(e) for e in extents.rstrip("x").split("x")]
    idx = ", ".join("%%i%d" % d for d in range(len(shape)))
    body = ["%%e = memref.load %%h%d[%s] : %s" % (i, idx, mtype)]
    if element == "f32":
        body += ["%eb = arith.bitcast %e : f32 to i32"]
    else:
        body += ["%eb = arith.addi %e, %c0_i32 : i32"]
    body += ["%ew = arith.extui %eb : i32 to i64",
             "%acc = memref.load %hash[] : memref<i64>",
             "%m = arith.muli %acc, %c31_i64 : i64",
             "%n = arith.addi %m, %ew : i64",
             "memref.store %n, %hash[] : memref<i64>"]
    text = "    gpu.memcpy %%h%d, %%d%d : %s, %s\n" % (i, i, mtype, mtype)
    text += "    %c0_i32 = arith.constant 0 : i32\n"
    text += "    %c31_i64 = arith.constant 31 : i64\n"
    text += "    %c0_i64 = arith.constant 0 : i64\n"
    text += "    %hash = memref.alloca() : memref<i64>\n"
    text += "    memref.store %c0_i64, %hash[] : memref<i64>\n"
    text += loops(shape, body).replace("{id}", "s%d" % i)
    text += "    %total = memref.load %hash[] : memref<i64>\n"
    text += "    func.call @printChecksum(%total) : (i64) -> ()\n"
    return text


def element_count(mtype):
    """The number of elements of a static memref type."""
    extents, _ = SHAPE.match(mtype).groups()
    count = 1
    for extent in extents.rstrip("x").split("x"):
        count *= int(extent)
    return count


L2_BYTES = 50 * 1000 * 1000


def rotations(nbytes, launches):
    """How many copies of its buffers the launches of a sample rotate
    through: the smallest divisor of `launches` whose copies hold at least 4
    times the H100's L2, or `launches` (so that a kernel whose data fits in
    L2 is not timed on an L2 warmed by the previous launch). The CUDA twins
    do the same (bench/suite/cuda/harness.h, wcRotations)."""
    for copies in range(1, launches):
        if launches % copies == 0 and copies * nbytes >= 4 * L2_BYTES:
            return copies
    return launches


def produce(text, passes, sizes):
    """The program a producer pipeline (`passes`, wc-opt arguments: the
    transform interpreter, parallel-loop mapping, ...) makes of `text` after
    the `sizes` substitutions (the benchmark's shapes): kernels generated
    the way a compiler stack would, not written here."""
    for old, new in sizes.items():
        text = text.replace(old, new)
    wcopt = os.path.join(REPO, "build", "bin", "wc-opt")
    return subprocess.run([wcopt, "-", *passes, "-o", "-"], input=text,
                          capture_output=True, text=True, check=True).stdout


def generate(name, spec, outdir, seed, samples=60, launches=20):
    """Writes OUTDIR/NAME.mlir: the kernel of `spec` in the timing harness
    (`samples` samples of `launches` launches; the defaults are what the
    reports expect, fewer make quick runs, e.g. under compute-sanitizer)."""
    source, subs, launch, arguments = spec[:4]
    options = spec[4] if len(spec) > 4 else {}
    text = open(os.path.join(REPO, source)).read()
    if "produce" in options:
        text = produce(text, options["produce"], options.get("sizes", {}))
    start = text.index("  gpu.module @")
    kernels = text[start:text.index("  func.func private @print")]
    for old, new in subs.items():
        kernels = kernels.replace(old, new)
    allocs, buffers = [], []
    for i, argument in enumerate(arguments):
        if isinstance(argument, tuple) and argument[0] == "index":
            allocs.append("    %%s%d = arith.constant %d : index\n"
                          % (i, argument[1]))
            continue
        mtype, ktype = (argument if isinstance(argument, tuple)
                        else (argument, argument))
        allocs.append(fill(i, mtype))
        buffers.append((i, mtype))
        if ktype != mtype:
            allocs.append("    %%k%d = memref.cast %%d%d : %s to %s\n"
                          % (i, i, mtype, ktype))
    # The buffer the checksum reads: the last, or the argument that the
    # option `checksum` names (the output of a kernel whose last arguments
    # are inputs).
    last, last_type = buffers[-1]
    if "checksum" in options:
        last, last_type = next(b for b in buffers if b[0] == options["checksum"])
    # Copies of every buffer (equal to it: copied on the device) for the
    # launches to rotate through; launch j of a sample uses copy
    # j % copies, and the checksum reads copy 0.
    copies = (rotations(sum(4 * element_count(t) for _, t in buffers),
                        launches)
              if options.get("rotate", True) else 1)
    calls = []
    for copy in range(copies):
        copy_args = []
        for i, argument in enumerate(arguments):
            if isinstance(argument, tuple) and argument[0] == "index":
                copy_args.append("%%s%d : index" % i)
                continue
            mtype, ktype = (argument if isinstance(argument, tuple)
                            else (argument, argument))
            value = "%%d%d" % i if copy == 0 else "%%d%d_%d" % (i, copy)
            if copy != 0:
                allocs.append("    %s = gpu.alloc () : %s\n" % (value, mtype))
                allocs.append("    gpu.memcpy %s, %%d%d : %s, %s\n"
                              % (value, i, mtype, mtype))
            if ktype != mtype:
                cast = "%%k%d" % i if copy == 0 else "%%k%d_%d" % (i, copy)
                if copy != 0:
                    allocs.append("    %s = memref.cast %s : %s to %s\n"
                                  % (cast, value, mtype, ktype))
                value = cast
            copy_args.append("%s : %s" % (value, ktype))
        calls.append("        gpu.launch_func %s args(%s)\n"
                     % (launch, ", ".join(copy_args)))
    program = ("// Generated by bench/lib/benchgen.py from %s\n"
               "module attributes {gpu.container_module} {\n" % source +
               kernels +
               MAIN.replace("{allocs}", "".join(allocs))
                   .replace("{seed}", str(seed))
                   .replace("{samples}", str(samples))
                   .replace("{launches_ms}", "%.1f" % (launches * 1000.0))
                   .replace("{launches}", str(launches))
                   .replace("{rotations}", str(copies))
                   .replace("{launches_of_a_rotation}", "".join(calls))
                   .replace("{checksum}", checksum(last, last_type)))
    path = os.path.join(outdir, name + ".mlir")
    with open(path, "w") as f:
        f.write(program)
    return path


def main(benches, argv):
    """gen.py OUTDIR [SEED [SAMPLES LAUNCHES]]: writes every program, prints
    their paths."""
    outdir = argv[1]
    seed = int(argv[2]) if len(argv) > 2 else random.randrange(1, 2**31)
    samples = int(argv[3]) if len(argv) > 3 else 60
    launches = int(argv[4]) if len(argv) > 4 else 20
    os.makedirs(outdir, exist_ok=True)
    # BENCH_ONLY=a,b limits the programs to those named.
    only = [n for n in os.environ.get("BENCH_ONLY", "").split(",") if n]
    for name, spec in benches.items():
        if only and name not in only:
            continue
        print(generate(name, spec, outdir, seed, samples, launches))
