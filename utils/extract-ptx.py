#!/usr/bin/env python3
"""Prints the PTX (or other text) assembly held by the gpu.binary ops of an
MLIR file, one object after another, each preceded by `// gpu.binary @name`.

Usage: extract-ptx.py [FILE]    (reads standard input without FILE)
"""
import re
import sys


def unescape(text):
    """Undoes MLIR's string escaping (\\XX hex bytes, \\\\ and \\")."""
    out = bytearray()
    i = 0
    raw = text.encode("utf-8")
    while i < len(raw):
        c = raw[i]
        if c == 0x5C and i + 1 < len(raw):  # backslash
            nxt = raw[i + 1:i + 3]
            if re.fullmatch(rb"[0-9A-Fa-f]{2}", nxt):
                out.append(int(nxt, 16))
                i += 3
                continue
            out.append(raw[i + 1])
            i += 2
            continue
        out.append(c)
        i += 1
    return out.decode("utf-8", errors="replace")


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    found = 0
    for binary in re.finditer(r"gpu\.binary @(\S+)\s+(?:<[^>]*>\s*)?\[(.*?)\]\s*$", text,
                              re.MULTILINE | re.DOTALL):
        name, objects = binary.group(1), binary.group(2)
        for asm in re.finditer(r'assembly = "((?:[^"\\]|\\.)*)"', objects):
            print("// gpu.binary @" + name)
            print(unescape(asm.group(1)))
            found += 1
    if not found:
        sys.stderr.write("extract-ptx: no gpu.binary with an assembly string\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
