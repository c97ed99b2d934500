#!/usr/bin/env bash
# What showing a big video in a small window costs the display loop (issue 26's
# baseline and target): the player under Xvfb on a 1280x800 screen (the window
# fitted to it: 1152x648 for 16:9), a 3840x2160 clip, CPU backend, no pacing,
# with the overlay on and off, REPS runs of each, interleaved. Per run, from
# --stats: the median display_ms (the loop's work up to imshow) and present_ms
# (the key poll right after, where Qt paints), over the frames after the 10th;
# then the median of the runs, and the frames' size as the display got them.
#   tools/bench-display.sh [REPS (5)] [FRAMES (90)]
# Needs a build in build/ (PINSTRIPE picks another binary), Xvfb and FFmpeg.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
reps=${1:-5} frames=${2:-90}
bin=${PINSTRIPE:-$top/build/pinstripe}
tmp=$(mktemp -d); trap 'kill ${xvfb:-} 2>/dev/null; rm -rf "$tmp"' EXIT
ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc2=size=3840x2160:rate=30 -frames:v "$frames" \
  -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/clip.mp4"
exec 3>"$tmp/displayfd"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
for _ in $(seq 50); do [ -s "$tmp/displayfd" ] && break; sleep 0.1; done
export DISPLAY=:$(head -n 1 "$tmp/displayfd")
for r in $(seq "$reps"); do
  for mode in off on; do
    opt=(); [ $mode = off ] && opt=(--no-overlay)
    "$bin" -q -an --backend cpu --no-pacing "${opt[@]}" --stats "$tmp/$mode-$r.json" "$tmp/clip.mp4" 2>/dev/null
  done
done
python3 - "$tmp" "$reps" <<'PY'
import json, statistics as st, sys
tmp, reps = sys.argv[1], int(sys.argv[2])
for mode in ("off", "on"):
    runs = [json.load(open(f"{tmp}/{mode}-{r}.json"))["frames"][10:] for r in range(1, reps + 1)]
    size = {(f["width"], f["height"]) for run in runs for f in run}
    for key in ("display_ms", "present_ms"):
        per = [st.median(f[key] for f in run) for run in runs]
        print(f"overlay {mode:3s} {key:10s}: median of {reps} runs {st.median(per):.3f} ms "
              f"(runs: {' '.join(f'{x:.3f}' for x in per)}); frames {sorted(size)}")
PY
