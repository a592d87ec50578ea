"""Helpers shared by the check scripts in utils/ (check-cleanups.py,
check-corpus.py, wc-fuzz.py): running a tool, telling a crash from a
diagnostic, and comparing simulator outputs."""
import re
import subprocess

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
