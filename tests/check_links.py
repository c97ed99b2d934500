#!/usr/bin/env python3
"""Every link of every Markdown file in the repository resolves (issue 42).

    check_links.py SOURCE_DIR

Reads each *.md file git tracks (or, outside a checkout, every *.md below
SOURCE_DIR but build folders), takes its inline links and images
`[text](target)` and reference definitions `[id]: target` outside code, and
checks that each relative target exists (a file or folder, from the file's own
folder) and that a `#fragment` names a heading of the file it points to (GitHub's
anchors: lower case, punctuation dropped, spaces to hyphens). The evidence the
figures cite is checked too: every repository path written as code (`docs/…`,
`tools/…`, a source file in its room) and every `docs/…` path in the prose
must exist, from the repository's top. Web links are not fetched. Prints each broken link as FILE:LINE: TARGET (why) and exits 1 when there
is one.
"""
import os
import re
import subprocess
import sys
import urllib.parse

INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
TOPS = ("app|report|options|io|decode|writer|stage|cpu|gpu|colour|scope|look|display|audio|"
        "docs|tools|tests|bench|assets|shared")
CODEPATH = re.compile(r"`((?:" + TOPS + r")/[\w./-]*)`")
DOCSPATH = re.compile(r"(?<![\w/.-])(docs/[\w./-]*\w/?)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


def markdown_files(top):
    try:
        out = subprocess.run(["git", "-C", top, "ls-files", "-z", "--", "*.md"],
                             capture_output=True, text=True, check=True).stdout
        files = [f for f in out.split("\0") if f]
        if files:
            return sorted(files)
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for root, dirs, names in os.walk(top):
        dirs[:] = [d for d in dirs if not d.startswith(("build", ".git"))]
        found += [os.path.relpath(os.path.join(root, n), top) for n in names if n.endswith(".md")]
    return sorted(found)


def prose_lines(text, keep_code=False):
    """(line number, line) outside fenced code, with inline code spans blanked
    (kept with keep_code)."""
    fence = None
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^\s{0,3}(`{3,}|~{3,})", line)
        if m:
            if fence is None:
                fence = m.group(1)[0] * 3
            elif m.group(1).startswith(fence):
                fence = None
            continue
        if fence is None:
            yield n, line if keep_code else re.sub(r"(`+)(.+?)\1", lambda c: " " * len(c.group(0)), line)


def slug(heading):
    h = re.sub(r"`|\*\*|__", "", heading)
    h = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", h)  # a link in a heading: its text
    h = h.strip().lower()
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


_anchors = {}


def anchors(path):
    if path not in _anchors:
        seen, out = {}, set()
        with open(path, encoding="utf-8", errors="replace") as fh:
            for _, line in prose_lines(fh.read(), keep_code=True):  # (a heading's code is in its anchor)
                m = HEADING.match(line)
                if m:
                    s = slug(m.group(2))
                    k = seen.get(s, 0)
                    out.add(s if k == 0 else f"{s}-{k}")
                    seen[s] = k + 1
        _anchors[path] = out
    return _anchors[path]


def check(top, rel):
    bad = []
    full = os.path.join(top, rel)
    with open(full, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    for n, line in prose_lines(text):
        targets = [m.group(1) for m in INLINE.finditer(line)]
        m = REFDEF.match(line)
        if m:
            targets.append(m.group(1))
        for t in targets:
            if re.match(r"^[a-z][a-z0-9+.-]*:", t, re.I):  # http:, https:, mailto:
                continue
            path, _, frag = t.partition("#")
            path = urllib.parse.unquote(path)
            dest = os.path.normpath(os.path.join(os.path.dirname(full), path)) if path else full
            if not os.path.exists(dest):
                bad.append(f"{rel}:{n}: {t} (no such file)")
            elif not os.path.realpath(dest).startswith(os.path.realpath(top) + os.sep):
                bad.append(f"{rel}:{n}: {t} (outside the repository)")
            elif frag and dest.endswith(".md") and frag.lower() not in anchors(dest):
                bad.append(f"{rel}:{n}: {t} (no heading #{frag} in {os.path.relpath(dest, top)})")
    for n, line in prose_lines(text, keep_code=True):
        paths = set(CODEPATH.findall(line)) | set(DOCSPATH.findall(line))
        for p in paths:
            if p.startswith("shared/") or re.search(r"[*{}]|\.\.\.|…", p):
                continue  # the steering repo's, or a pattern
            if not os.path.exists(os.path.join(top, p.rstrip("/"))):
                bad.append(f"{rel}:{n}: {p} (no such path in the repository)")
    return bad, len(targets)


def main():
    if len(sys.argv) != 2:
        print("usage: check_links.py SOURCE_DIR", file=sys.stderr)
        return 2
    top = os.path.abspath(sys.argv[1])
    files = markdown_files(top)
    bad, links = [], 0
    for rel in files:
        b, _ = check(top, rel)
        bad += b
        with open(os.path.join(top, rel), encoding="utf-8", errors="replace") as fh:
            links += sum(len(INLINE.findall(l)) + bool(REFDEF.match(l)) for _, l in prose_lines(fh.read()))
    for b in bad:
        print("FAIL:", b)
    if not files:
        print("FAIL: no Markdown files found in", top)
        return 1
    if bad:
        return 1
    print(f"check_links: {links} links in {len(files)} Markdown files, every one resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
