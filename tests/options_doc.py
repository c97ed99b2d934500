#!/usr/bin/env python3
"""docs/options.md says every option as `pinstripe --help` prints it (issue 53):
each option line of --help's "options:" section (its first line, the leading
indent taken off) is a line of the doc's block, so an option added to --help and
not to the doc, or changed in one only, fails here.
Usage: options_doc.py PINSTRIPE DOCS/OPTIONS.MD"""
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    helptext = subprocess.run([sys.argv[1], "--help"], capture_output=True, text=True).stdout
    lines = helptext.split("\n")
    if "options:" not in lines:
        print("no options: section in --help")
        return 1
    a = lines.index("options:") + 1
    opts = []
    for line in lines[a:]:
        if line.startswith("transforms"):
            break
        s = line[2:] if line.startswith("  ") else line
        if s.lstrip().startswith("-"):  # an option's first line (not a continuation)
            opts.append(s.rstrip())
    doc = set(l.rstrip() for l in open(sys.argv[2], encoding="utf-8").read().split("\n"))
    missing = [o for o in opts if o not in doc]
    for o in missing:
        print("not in docs/options.md as --help has it:", o)
    print("%d options, %d not in the doc" % (len(opts), len(missing)))
    return 1 if missing or not opts else 0


if __name__ == "__main__":
    sys.exit(main())
