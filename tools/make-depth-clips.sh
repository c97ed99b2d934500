#!/usr/bin/env bash
# The deep clips tools/gpu-depth.sh runs on (and BENCHMARKS.md's 10-bit runs):
#   hevc10.mkv  30 frames of 1080p30 HEVC Main10 (yuv420p10le, BT.709 tags)
#   p422.mkv    8 frames of 641x361 yuv422p10le (ffv1; odd sizes)
#   g12.mkv     8 frames of 320x241 gbrp12le (ffv1)
#   y16.mkv     8 frames of 256x130 yuv444p16le (ffv1)
#   tools/make-depth-clips.sh DIR
set -euo pipefail
dir=${1:?usage: make-depth-clips.sh DIR}
mkdir -p "$dir"
ff() { ffmpeg -hide_banner -v error -nostdin -y "$@"; }
ff -f lavfi -i testsrc2=s=1920x1080:r=30 -frames:v 30 -c:v libx265 -preset ultrafast \
   -pix_fmt yuv420p10le -x265-params log-level=error \
   -color_primaries bt709 -color_trc bt709 -colorspace bt709 "$dir/hevc10.mkv"
ff -f lavfi -i testsrc2=s=641x361:r=25 -frames:v 8 -pix_fmt yuv422p10le -c:v ffv1 "$dir/p422.mkv"
ff -f lavfi -i testsrc2=s=320x241:r=25 -frames:v 8 -pix_fmt gbrp12le -c:v ffv1 "$dir/g12.mkv"
ff -f lavfi -i testsrc2=s=256x130:r=25 -frames:v 8 -pix_fmt yuv444p16le -c:v ffv1 "$dir/y16.mkv"
