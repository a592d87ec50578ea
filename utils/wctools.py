"""Helpers shared by the scripts in utils/ and bench/ (check-cleanups.py,
check-corpus.py, wc-fuzz.py, wc-report.py, bench/suite/build.sh): running a
tool, telling a crash from a diagnostic, comparing simulator outputs, and
reading ptxas reports.

As a command, `wctools.py ptxas-summary < REPORT` prints "registers spills
smem" of a `ptxas -v` report: the most registers and shared memory of any
kernel, and the spill bytes (stores and loads) of all."""
import re
import subprocess
import sys

# What LLVM and MLIR print when a tool dies instead of reporting an error.
CRASH_MARKERS = ("Stack dump", "PLEASE submit a bug report", "LLVM ERROR",
                 "Assertion", "UNREACHABLE")
ADDRESS = re.compile(r"base@ = 0x[0-9a-fA-F]+")
MESSAGE = re.compile(r"\berror: \S")


def run(cmd, timeout):
    """Runs `cmd`; returns (exit code, or None on a timeout; stdout;
    stderr)."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %ds" % timeout
    except OSError as e:  # e.g. a binary being relinked
        return 126, "", "error: cannot run %s: %s" % (cmd[0], e)
    return proc.returncode, proc.stdout, proc.stderr


def crashed(rc, err):
    """Whether a run that exited with `rc` and printed `err` crashed."""
    return rc is not None and (rc < 0 or rc >= 128 or
                               any(m in err for m in CRASH_MARKERS))


def first_error(err):
    """The first error line of `err` (or its first line)."""
    for line in err.splitlines():
        if MESSAGE.search(line):
            return line.strip()
    lines = err.strip().splitlines()
    return lines[0] if lines else "(no message)"


def normalise_output(out):
    """A simulator's output without the simulated buffer addresses, which
    differ when a pass allocates (printMemref's `base@`)."""
    return ADDRESS.sub("base@ = 0x?", out)


def parse_ptxas_report(text):
    """{kernel: {"registers", "spill stores", "spill loads", "smem"}} of the
    output of `ptxas -v`."""
    facts, current = {}, None
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            current = m.group(1)
            facts[current] = {"registers": 0, "spill stores": 0,
                              "spill loads": 0, "smem": 0}
            continue
        if current is None:
            continue
        m = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads",
                      line)
        if m:
            facts[current]["spill stores"] = int(m.group(1))
            facts[current]["spill loads"] = int(m.group(2))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            facts[current]["registers"] = int(m.group(1))
            m = re.search(r"(\d+) bytes smem", line)
            facts[current]["smem"] = int(m.group(1)) if m else 0
    return facts


def summarise_ptxas_report(text):
    """(registers, spill bytes, smem bytes) of a whole report: the most
    registers and shared memory of its kernels, the spills of all."""
    kernels = parse_ptxas_report(text).values()
    return (max([k["registers"] for k in kernels] or [0]),
            sum(k["spill stores"] + k["spill loads"] for k in kernels),
            max([k["smem"] for k in kernels] or [0]))


if __name__ == "__main__":
    if sys.argv[1:] != ["ptxas-summary"]:
        sys.exit("usage: wctools.py ptxas-summary < PTXAS_REPORT")
    print("%d %d %d" % summarise_ptxas_report(sys.stdin.read()))
