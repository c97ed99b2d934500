#!/usr/bin/env bash
# The HDR clips tools/gpu-hdr.sh runs on (and BENCHMARKS.md's HDR runs), each
# tagged as a phone or a grading suite tags them, with mastering display and
# light levels (HEVC SEI):
#   pq1080.mkv   90 frames of 1080p30 HEVC Main10, PQ, BT.2020 (4:2:0)
#   pq2160.mkv   12 frames of 2160p30 HEVC Main10, PQ, BT.2020 (4:2:0)
#   hlg422.mkv   6 frames of 641x361 yuv422p10le HLG BT.2020 (ffv1; odd sizes)
#   pq444p3.mkv  6 frames of 320x241 yuv444p12le PQ, P3-D65 primaries (ffv1)
#   tools/make-hdr-clips.sh DIR
set -euo pipefail
dir=${1:?usage: make-hdr-clips.sh DIR}
mkdir -p "$dir"
ff() { ffmpeg -hide_banner -v error -nostdin -y "$@"; }
x265="log-level=error:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400"
pq="-color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc -color_range tv"
# testsrc2's colours as a PQ signal up to 0.9 (3,900 cd/m²)
look="lutrgb=r='val*0.85+13':g='val*0.85+13':b='val*0.85+13'"
ff -f lavfi -i testsrc2=s=1920x1080:r=30 -frames:v 90 -vf "$look" -c:v libx265 -preset ultrafast \
   -pix_fmt yuv420p10le -x265-params "$x265" $pq "$dir/pq1080.mkv"
ff -f lavfi -i testsrc2=s=3840x2160:r=30 -frames:v 12 -vf "$look" -c:v libx265 -preset ultrafast \
   -pix_fmt yuv420p10le -x265-params "$x265" $pq "$dir/pq2160.mkv"
ff -f lavfi -i testsrc2=s=641x361:r=25 -frames:v 6 -pix_fmt yuv422p10le -c:v ffv1 \
   -color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc "$dir/hlg422.mkv"
ff -f lavfi -i testsrc2=s=320x241:r=25 -frames:v 6 -pix_fmt yuv444p12le -c:v ffv1 \
   -color_primaries smpte432 -color_trc smpte2084 -colorspace bt2020nc "$dir/pq444p3.mkv"
