#!/usr/bin/env bash
# Makes docs/player-overlay.png: the player with its overlay and frame-time
# graph during a real run under Xvfb (a 1920x1080 screen: the 1080p window is
# fitted to 90% of it), the window grabbed from the screen with FFmpeg's
# x11grab and scaled to 1280 wide. The run: a 1080p60 clip with -t sepia and a display
# made 6 ms slower per frame (--debug-display-delay, so that the show bars are
# seen), paused for a second, then a seek 10 s ahead (the decoder starts again
# at a keyframe), then a switch to a 33³ LUT (key t), grabbed 1.5 s later.
# Needs a build in build/.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d); trap 'kill ${xvfb:-} ${pid:-} 2>/dev/null; rm -rf "$tmp"' EXIT
ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc2=size=1920x1080:rate=60:duration=30 \
  -pix_fmt yuv420p -c:v libx264 -preset ultrafast -g 120 "$tmp/clip.mp4"
exec 3>"$tmp/displayfd"
Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
for _ in $(seq 50); do [ -s "$tmp/displayfd" ] && break; sleep 0.1; done
export DISPLAY=:$(head -n 1 "$tmp/displayfd")
"$top/build/pinstripe" -an -t sepia --debug-display-delay 6 "$tmp/clip.mp4" 2>/dev/null & pid=$!
wid=$(xdotool search --sync --name '^pinstripe$' | head -n 1)
sleep 2
key() { xdotool key --window "$wid" "$@" 2>/dev/null; }
key space; sleep 1; key space; sleep 0.7
key Right; sleep 0.6
key t t t t t; sleep 1.5 # sepia → none, gray, invert, sepia, first LUT
eval "$(xdotool getwindowgeometry --shell "$wid")" # the window alone
mkdir -p "$top/docs"
ffmpeg -hide_banner -loglevel error -y -f x11grab -draw_mouse 0 -video_size 1920x1080 -i "$DISPLAY" \
  -frames:v 1 -vf "crop=$WIDTH:$HEIGHT:$X:$Y,scale=1280:-2" "$top/docs/player-overlay.png"
echo "wrote $top/docs/player-overlay.png"
