#!/usr/bin/env python3
"""STYLE's layout in colour/, gpu/, ocio/, cpu/ and stage/ (issue 52): no line over
100 columns (characters, not bytes), no function over 80 lines, counted from the
line of its opening brace (in the first column) to its closing one, and every
file as clang-format writes it (the root's .clang-format; tools/install-deps.sh
installs clang-format).
Usage: check-layout.py [ROOT]; exits 1 listing what is over or not so written, 0
when nothing is."""
import glob
import os
import shutil
import subprocess
import sys

DIRS = ["colour", "gpu", "ocio", "cpu", "stage"]
EXTS = (".c", ".h", ".cu", ".cuh", ".cpp", ".inc")
COLUMNS, LINES = 100, 80


def check(path):
    bad = []
    text = open(path, encoding="utf-8").read().split("\n")
    start = None
    for i, line in enumerate(text):
        if len(line) > COLUMNS:
            bad.append("%s:%d: %d columns" % (path, i + 1, len(line)))
        if line.startswith("{"):
            start = i
        elif line.startswith("}") and start is not None:
            if i - start + 1 > LINES:
                name = next((text[j] for j in range(start - 1, -1, -1) if "(" in text[j]), "?")
                bad.append("%s:%d: a function of %d lines: %s" % (path, start + 1, i - start + 1,
                                                                 name.strip()))
            start = None
    return bad


def formatted(path):
    """[] when clang-format leaves the file as it is, else one line saying so"""
    out = subprocess.run(["clang-format", path], capture_output=True)
    with open(path, "rb") as fh:
        same = out.returncode == 0 and out.stdout == fh.read()
    return [] if same else ["%s: not as clang-format writes it (clang-format -i %s)" % (path, path)]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    bad, n = [], 0
    if not shutil.which("clang-format"):
        print("no clang-format (tools/install-deps.sh installs it)")
        return 1
    for d in DIRS:
        for path in sorted(glob.glob(os.path.join(root, d, "**", "*"), recursive=True)):
            if path.endswith(EXTS):
                n += 1
                bad += check(path) + formatted(path)
    for b in bad:
        print(b)
    print("%d files, %d over" % (n, len(bad)))
    return 1 if bad or n == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
