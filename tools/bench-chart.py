#!/usr/bin/env python3
"""Draw pinstripe-bench's table as an SVG bar chart of "x bound" (standard library only).

    tools/bench-chart.py BENCH_LOG -o chart.svg [--match REGEX] [--title TEXT]

Reads the first table pinstripe-bench printed in BENCH_LOG (the rows with a
"×bound" figure), keeps those whose case matches --match (default: the stage,
NPP and the copy bound), and draws one horizontal bar per case: time per
frame over the copy bound measured in the same run, 1.0 marked. Exit 0, 2 on
bad usage or no rows.
"""
import argparse
import re
import sys
from xml.sax.saxutils import escape


def rows(path, match):
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        sys.exit(f"bench-chart: cannot read '{path}': {e}")
    out, started = [], False
    for line in lines:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] == "case":
            if started:
                break  # the first table only
            started = True
            continue
        if started and len(cells) == 5 and re.search(match, cells[0]):
            try:
                out.append((cells[0], float(cells[4])))
            except ValueError:
                pass
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("log")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--match", default=r"stage|NPP|copy bound")
    ap.add_argument("--title", default="pinstripe-bench: time a frame over the copy bound")
    a = ap.parse_args()
    data = rows(a.log, a.match)
    if not data:
        print(f"bench-chart: no ×bound rows matching '{a.match}' in '{a.log}'", file=sys.stderr)
        return 2
    left, bar_h, gap, top, width = 330, 16, 6, 34, 900
    lo, hi = 0.9, max(1.5, max(v for _, v in data) * 1.05)
    plot_w = width - left - 60
    x = lambda v: left + (min(max(v, lo), hi) - lo) / (hi - lo) * plot_w
    height = top + len(data) * (bar_h + gap) + 40
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="10" y="20" font-size="14" font-weight="bold">{escape(a.title)}</text>']
    for i, (name, v) in enumerate(data):
        y = top + i * (bar_h + gap)
        col = "#e8913a" if "NPP" in name else "#9a9a9a" if "bound" in name else "#3b7dd8"
        svg.append(f'<text x="{left - 8}" y="{y + bar_h - 4}" text-anchor="end">{escape(name)}</text>')
        svg.append(f'<rect x="{left}" y="{y}" width="{x(v) - left:.1f}" height="{bar_h}" fill="{col}"/>')
        svg.append(f'<text x="{x(v) + 4:.1f}" y="{y + bar_h - 4}">{v:.3f}</text>')
    ay = top + len(data) * (bar_h + gap) + 4
    svg.append(f'<line x1="{left}" y1="{ay}" x2="{left + plot_w}" y2="{ay}" stroke="black"/>')
    t = lo
    while t <= hi + 1e-9:
        svg.append(f'<line x1="{x(t):.1f}" y1="{top - 4}" x2="{x(t):.1f}" y2="{ay + 4}" '
                   f'stroke="{"black" if abs(t - 1) < 1e-9 else "#dddddd"}"/>')
        svg.append(f'<text x="{x(t):.1f}" y="{ay + 16}" text-anchor="middle">{t:.1f}×</text>')
        t = round(t + 0.1, 6)
    svg.append("</svg>")
    try:
        with open(a.output, "w") as f:
            f.write("\n".join(svg) + "\n")
    except OSError as e:
        print(f"bench-chart: cannot write '{a.output}': {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
