#!/usr/bin/env bash
# The clips of BENCHMARKS.md's end-to-end tables, made with the FFmpeg CLI into
# DIR (default /tmp/clips): e1080.mp4 (300 frames of 1080p30 H.264, 4 Mb/s),
# e2160.mp4 (90 frames of 2160p30 H.264, 12 Mb/s), h2160.mp4 (the same in HEVC,
# 8 Mb/s), odd.mkv (25 frames of 641x361 FFV1), reshape.ts (below). testsrc2 with light temporal
# noise, so that the decoder has real work.
set -euo pipefail
dir=${1:-/tmp/clips}; mkdir -p "$dir"
src() { echo "testsrc2=size=$1:rate=30,noise=alls=6:allf=t"; }
ff() { ffmpeg -v error -y -f lavfi -i "$@"; }
ff "$(src 1920x1080)" -frames:v 300 -c:v libx264 -preset veryfast -b:v 4M -pix_fmt yuv420p "$dir/e1080.mp4"
ff "$(src 3840x2160)" -frames:v 90 -c:v libx264 -preset veryfast -b:v 12M -pix_fmt yuv420p "$dir/e2160.mp4"
ff "$(src 3840x2160)" -frames:v 90 -c:v libx265 -preset ultrafast -b:v 8M -pix_fmt yuv420p \
   -tag:v hvc1 -x265-params log-level=error "$dir/h2160.mp4"
ff "testsrc2=size=641x361:rate=25" -frames:v 25 -c:v ffv1 "$dir/odd.mkv"
# reshape.ts: MPEG-TS segments joined, the stream changing size and pixel format
# (tests/e2e.sh reshape): H.264 320x240 yuv420p, 642x362 yuv444p10le, 176x144
# yuv420p, 352x288 RGB (gbrp), 12 frames each
seg=$(mktemp -d)
ff "testsrc2=size=320x240:rate=25" -frames:v 12 -c:v libx264 -pix_fmt yuv420p -g 5 "$seg/0.ts"
ff "testsrc2=size=642x362:rate=25" -frames:v 12 -c:v libx264 -pix_fmt yuv444p10le -g 5 -output_ts_offset 0.48 "$seg/1.ts"
ff "mandelbrot=size=176x144:rate=25" -frames:v 12 -c:v libx264 -pix_fmt yuv420p -g 5 -output_ts_offset 0.96 "$seg/2.ts"
ff "testsrc2=size=352x288:rate=25" -frames:v 12 -c:v libx264rgb -g 5 -output_ts_offset 1.44 "$seg/3.ts"
cat "$seg"/[0-3].ts >"$dir/reshape.ts"; rm -rf "$seg"
# gray1000.nut, gray25.nut: flat gray 640x360 FFV1 at 1000 and 25 fps (tools/gpu-e2e.sh graph)
ff "color=c=gray:size=640x360:rate=1000" -frames:v 200 -pix_fmt yuv420p -c:v ffv1 "$dir/gray1000.nut"
ff "color=c=gray:size=640x360:rate=25" -frames:v 50 -pix_fmt yuv420p -c:v ffv1 "$dir/gray25.nut"
ls -l "$dir"
