#!/usr/bin/env bash
# Builds pinstripe and plays the bundled sample with the sepia transform and
# the frame-time overlay. Without a display it writes the processed clip to
# out/sample-sepia.mp4 instead and says so.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
"$top/tools/build.sh" "$top/build" >/dev/null
bin=$top/build/pinstripe
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  echo "playing assets/sample.mp4 (q or Esc quits, o toggles the overlay)"
  exec "$bin" -t sepia "$top/assets/sample.mp4"
fi
mkdir -p "$top/out"
"$bin" --no-display -t sepia -o "$top/out/sample-sepia.mp4" "$top/assets/sample.mp4"
echo "no display here: wrote the processed sample to $top/out/sample-sepia.mp4"
