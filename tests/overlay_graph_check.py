#!/usr/bin/env python3
"""The frame-time graph burned into -o (tests/e2e.sh overlay_graph; on the GPU
machine, tools/gpu-e2e.sh graph): GRAPH TEXT STATS LIVE, the first, second and
fourth raw bgr24 640x360 files (their last frame is checked), written with
--overlay from a flat gray clip: GRAPH at 1000 fps with the graph, TEXT the same
with --no-overlay-graph, LIVE at 25 fps with --live; STATS GRAPH's --stats.
Exit 0 pass, 1 fail, 77 when the build draws no overlay."""
import json, sys
W, H = 640, 360
cuda = json.load(open(sys.argv[3]))["summary"]["backend"] == "cuda"
def load(p):  # the last frame of a file of raw bgr24 frames
    with open(p, "rb") as f:
        f.seek(0, 2)
        n = f.tell()
        assert n >= W * H * 3 and n % (W * H * 3) == 0, n
        f.seek(n - W * H * 3)
        b = f.read()
    return [[tuple(b[(y * W + x) * 3:(y * W + x) * 3 + 3][::-1]) for x in range(W)] for y in range(H)]
graph, text = load(sys.argv[1]), load(sys.argv[2])
steps = {"decode": (0x3d, 0x8b, 0xff), "stage": (0x1f, 0xd1, 0xc1), "show": (0xb0, 0xb0, 0xb0)}
if cuda:  # one frame in 8 has timed events: its stage split into upload, kernel, download
    steps.update({"up": (0xff, 0x9f, 0x1c), "kernel": (0x2e, 0xcc, 0x40), "down": (0xd3, 0x5d, 0xf0)})
bg = graph[H - 1][W - 1]
assert all(p == bg for p in (graph[H - 1][0], graph[0][W - 1], text[H - 1][W - 1])), "not a flat clip"
if text == graph or all(p == bg for row in text for p in row):
    print("this build draws no overlay: skipped"); sys.exit(77)
# the graph's background: the darkest gray in the frame (the box darkened once
# more); its bounding box is the graph's area, below the text and the legend
# (its top: bars rise from the bottom, so the box's edge below it ends the area)
dark = min(p for row in graph for p in row if p[0] == p[1] == p[2])
ys = [y for y in range(H) for x in range(W) if graph[y][x] == dark]
xs = [x for y in range(H) for x in range(W) if graph[y][x] == dark]
x0, x1, y0 = min(xs), max(xs), min(ys)
y1 = next(y for y in range(y0, H) if graph[y][x0] == bg or y == H - 1)
print(f"graph area {x0},{y0} .. {x1},{y1} (background {dark})")
assert x1 - x0 >= 150 and y1 - y0 >= 20, "no graph area"
for name, rgb in steps.items():
    cols = {x for y in range(y0, y1 + 1) for x in range(x0, x1 + 1) if graph[y][x] == rgb}
    print(f"{name}: {len(cols)} columns with its colour")
    if name == "kernel":  # (a kernel on a 640x360 frame may take less than a row's time)
        continue
    assert len(cols) >= (10 if name in ("up", "down") else 20), f"no {name} bars"
    if name != "show":  # (antialiased white text can make that gray)
        assert not any(p == rgb for row in text for p in row), f"{name}'s colour without the graph"
assert any(min(p) >= 200 for row in text[:100] for p in row[:400]), "no text with --no-overlay-graph"
white = (255, 255, 255)
def line_cols(img):  # columns of the graph's area holding the white latency line
    return {x for y in range(y0, y1 + 1) for x in range(x0, x1 + 1) if img[y][x] == white}
live = load(sys.argv[4])
print(f"latency line: {len(line_cols(live))} columns live, {len(line_cols(graph))} from a file")
assert len(line_cols(live)) >= 40 and not line_cols(graph), "latency line"
