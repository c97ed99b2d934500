#!/usr/bin/env bash
# What the overlay costs the display, per frame: the player under Xvfb (a
# 1920x1080 screen) on a 1080p clip, pixel for pixel (--window-scale 1), no
# pacing, CPU backend, with the overlay off, text alone and text + graph,
# REPS runs of each, interleaved; --stats' display_ms (draw the overlay, show
# the frame) median per run, then the median of those per mode and the
# differences (text − off, graph − text: what the graph adds).
#   tools/bench-overlay.sh [REPS (5)] [FRAMES (300)]
# Needs a build in build/ (PINSTRIPE picks another binary), Xvfb and FFmpeg.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
reps=${1:-5} frames=${2:-300}
bin=${PINSTRIPE:-$top/build/pinstripe}
tmp=$(mktemp -d); trap 'kill ${xvfb:-} 2>/dev/null; rm -rf "$tmp"' EXIT
ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc2=size=1920x1080:rate=30 -frames:v "$frames" \
  -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/clip.mp4"
exec 3>"$tmp/displayfd"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
for _ in $(seq 50); do [ -s "$tmp/displayfd" ] && break; sleep 0.1; done
export DISPLAY=:$(head -n 1 "$tmp/displayfd")
for r in $(seq "$reps"); do
  for mode in off text graph; do
    opt=(); [ $mode = off ] && opt=(--no-overlay); [ $mode = text ] && opt=(--no-overlay-graph)
    "$bin" -q -an --backend cpu --no-pacing --window-scale 1 "${opt[@]}" --stats "$tmp/$mode-$r.json" \
      "$tmp/clip.mp4" 2>/dev/null
  done
done
python3 - "$tmp" "$reps" <<'PY'
import json, statistics as st, sys
tmp, reps = sys.argv[1], int(sys.argv[2])
med = {}
for mode in ("off", "text", "graph"):
    runs = [st.median(f["display_ms"] for f in json.load(open(f"{tmp}/{mode}-{r}.json"))["frames"][30:])
            for r in range(1, reps + 1)]
    med[mode] = st.median(runs)
    print(f"{mode:5s}: display ms per frame, median of {reps} runs {med[mode]:.3f} (runs: {' '.join(f'{x:.3f}' for x in runs)})")
print(f"text costs {med['text'] - med['off']:+.3f} ms a frame; the graph adds {med['graph'] - med['text']:+.3f} ms")
PY
