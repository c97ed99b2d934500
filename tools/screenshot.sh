#!/usr/bin/env bash
# Makes docs/player-overlay.png: the player with its overlay on a 1080p clip
# (FFmpeg's testsrc2 with -t sepia), shown under Xvfb and grabbed from the
# screen with FFmpeg's x11grab, scaled to 1280 wide. Needs a build in build/.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d); trap 'kill ${xvfb:-} ${pid:-} 2>/dev/null; rm -rf "$tmp"' EXIT
ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc2=size=1920x1080:rate=30:duration=20 \
  -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/clip.mp4"
exec 3>"$tmp/displayfd"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
for _ in $(seq 50); do [ -s "$tmp/displayfd" ] && break; sleep 0.1; done
export DISPLAY=:$(head -n 1 "$tmp/displayfd")
"$top/build/pinstripe" -t sepia "$tmp/clip.mp4" 2>/dev/null & pid=$!
xdotool search --sync --name '^pinstripe$' >/dev/null
sleep 4
mkdir -p "$top/docs"
ffmpeg -hide_banner -loglevel error -y -f x11grab -video_size 1920x1080 -i "$DISPLAY" \
  -frames:v 1 -vf scale=1280:-2 "$top/docs/player-overlay.png"
echo "wrote $top/docs/player-overlay.png"
