#!/usr/bin/env python3
"""Draw a pinstripe --trace as an SVG timeline (Python standard library only).

    tools/trace-svg.py TRACE.json -o timeline.svg [--frames 4] [--start N] [--title TEXT]
                       [--width 1000] [--threads]

One lane per CUDA stream (or CPU worker), each stripe's upload, kernel and
download drawn in its own colour and labelled with its frame number, over a
time axis in microseconds. --frames frames are drawn, starting at frame
--start (default: the middle of the trace, where the pipeline is steady).
--threads adds the decode thread, the stage's submit-to-done span and the
display loop above the streams. Exit 0, 2 on bad usage or a trace without
stripe spans (run pinstripe with --trace, which times every frame).
"""
import argparse
import json
import sys
from xml.sax.saxutils import escape

COLOURS = {"upload": "#3b7dd8", "kernel": "#e8913a", "download": "#3aa55d",
           "stripe": "#8a6fd1", "bands": "#8a6fd1", "decode": "#9a9a9a", "stage": "#c9c9c9", "show": "#6c6c6c"}
LANE_H, GAP, LEFT, TOP, AXIS_H, LEGEND_H = 26, 6, 150, 34, 34, 26


def load(path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"trace-svg: cannot read '{path}': {e}")
    events = doc.get("traceEvents", doc) if isinstance(doc, dict) else doc
    names, spans = {}, []
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            names[e["tid"]] = e["args"]["name"]
        elif e.get("ph") == "X":
            spans.append(e)
    backend = doc.get("otherData", {}).get("backend", "?") if isinstance(doc, dict) else "?"
    return names, spans, backend


def nice_step(span_us, ticks=8):
    raw = span_us / ticks
    mag = 10 ** len(str(int(raw))) / 10 if raw >= 1 else 1
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("trace")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--frames", type=int, default=4)
    ap.add_argument("--start", type=int, default=None)
    ap.add_argument("--title", default=None)
    ap.add_argument("--width", type=int, default=1000)
    ap.add_argument("--threads", action="store_true")
    a = ap.parse_args()
    if a.frames < 1 or a.width < 300:
        sys.exit("trace-svg: --frames must be 1 or more and --width 300 or more")
    names, spans, backend = load(a.trace)
    stripe_spans = [e for e in spans if e.get("tid", 0) >= 100]
    if not stripe_spans:
        print(f"trace-svg: '{a.trace}' has no stripe spans", file=sys.stderr)
        return 2
    frames = sorted({e["args"]["frame"] for e in stripe_spans})
    start = a.start if a.start is not None else frames[len(frames) // 2]
    want = set(range(start, start + a.frames))
    lanes = sorted({e["tid"] for e in stripe_spans})
    if a.threads:
        lanes = [t for t in (1, 2, 3) if any(e["tid"] == t for e in spans)] + lanes
    shown = [e for e in spans if e["args"].get("frame") in want and e["tid"] in lanes]
    shown = [e for e in shown if e["tid"] >= 100 or a.threads]
    if not shown:
        print(f"trace-svg: no spans for frames {start}..{start + a.frames - 1}", file=sys.stderr)
        return 2
    t0 = min(e["ts"] for e in shown)
    t1 = max(e["ts"] + e["dur"] for e in shown)
    span = max(t1 - t0, 1.0)
    plot_w = a.width - LEFT - 20
    x = lambda t: LEFT + (t - t0) / span * plot_w
    height = TOP + len(lanes) * (LANE_H + GAP) + AXIS_H + LEGEND_H
    title = a.title or f"pinstripe --trace ({backend}): frames {start}..{start + a.frames - 1}"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{a.width}" height="{height}" '
           f'viewBox="0 0 {a.width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{a.width}" height="{height}" fill="white"/>',
           f'<text x="10" y="20" font-size="14" font-weight="bold">{escape(title)}</text>']
    for i, tid in enumerate(lanes):
        y = TOP + i * (LANE_H + GAP)
        out.append(f'<rect x="{LEFT}" y="{y}" width="{plot_w}" height="{LANE_H}" fill="#f4f4f4"/>')
        out.append(f'<text x="{LEFT - 8}" y="{y + LANE_H / 2 + 4}" text-anchor="end">'
                   f'{escape(names.get(tid, str(tid)))}</text>')
        for e in (e for e in shown if e["tid"] == tid):
            ex, ew = x(e["ts"]), max(e["dur"] / span * plot_w, 0.5)
            col = COLOURS.get(e["name"], "#444")
            label = f'frame {e["args"]["frame"]}' + (f', stripe {e["args"]["stripe"]}' if "stripe" in e["args"] else "")
            out.append(f'<rect x="{ex:.2f}" y="{y + 2}" width="{ew:.2f}" height="{LANE_H - 4}" '
                       f'fill="{col}" stroke="white" stroke-width="0.5"><title>{escape(e["name"])}: '
                       f'{escape(label)}, {e["dur"]:.1f} µs</title></rect>')
            if ew > 16:
                out.append(f'<text x="{ex + ew / 2:.2f}" y="{y + LANE_H / 2 + 4}" text-anchor="middle" '
                           f'fill="white" font-size="10">{e["args"]["frame"]}</text>')
    ay = TOP + len(lanes) * (LANE_H + GAP) + 4
    out.append(f'<line x1="{LEFT}" y1="{ay}" x2="{LEFT + plot_w}" y2="{ay}" stroke="black"/>')
    step = nice_step(span)
    k = 0
    while k * step <= span + 1e-9:
        tx = x(t0 + k * step)
        out.append(f'<line x1="{tx:.2f}" y1="{ay}" x2="{tx:.2f}" y2="{ay + 5}" stroke="black"/>')
        out.append(f'<text x="{tx:.2f}" y="{ay + 17}" text-anchor="middle">{k * step:g}</text>')
        k += 1
    out.append(f'<text x="{LEFT - 8}" y="{ay + 17}" text-anchor="end">µs</text>')
    ly = ay + AXIS_H
    lx = LEFT
    kinds = [n for n in ("upload", "kernel", "download", "stripe", "decode", "stage", "show")
             if any(e["name"] == n for e in shown)]
    for n in kinds:
        out.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{COLOURS[n]}"/>')
        out.append(f'<text x="{lx + 16}" y="{ly}">{n}</text>')
        lx += 90
    out.append("</svg>")
    try:
        with open(a.output, "w") as f:
            f.write("\n".join(out) + "\n")
    except OSError as e:
        print(f"trace-svg: cannot write '{a.output}': {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
