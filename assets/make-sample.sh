#!/usr/bin/env bash
# Makes assets/sample.mp4, the bundled sample clip: 5 s of FFmpeg's testsrc2
# pattern and a moving colour gradient, 640x360 at 30 fps, H.264 yuv420p,
# tagged BT.601 limited range. Needs the ffmpeg command (tools/install-deps.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=640x360:rate=30:duration=5" \
  -f lavfi -i "gradients=size=640x360:rate=30:duration=5:speed=0.05" \
  -filter_complex "[0][1]blend=all_mode=normal:all_opacity=0.3,format=yuv420p" \
  -c:v libx264 -preset slow -crf 24 -pix_fmt yuv420p \
  -colorspace smpte170m -color_primaries smpte170m -color_trc smpte170m -color_range tv \
  -movflags +faststart "$here/sample.mp4"
echo "wrote $here/sample.mp4"
