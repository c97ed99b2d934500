#!/usr/bin/env bash
# The clips of issue 25's GPU checks (tools/gpu-p010.sh) and BENCHMARKS.md's
# 10-bit table, made with the FFmpeg CLI into DIR (default /tmp/clips10).
# testsrc2 with light temporal noise, so that the decoders have real work.
#   m10_2160.mkv  2160p30 HEVC Main10, PQ BT.2020 with mastering display and
#                 light levels (SEI), 6 Mb/s, FRAMES2160 frames (default 480)
#   hlg_1080.mkv  1080p30 HEVC Main10, HLG BT.2020, 3 Mb/s, FRAMES1080 (600)
#   m10_odd.mkv   642x362 HEVC Main10 PQ, 10 frames (odd sizes: not multiples of 8)
#   m12_odd.mkv   642x362 HEVC Main12 (yuv420p12le) PQ, 10 frames
#   vp9p2_odd.webm 642x362 VP9 profile 2 (yuv420p10le) HLG, 10 frames
#   av1_odd.mkv   642x362 AV1 Main 10-bit (SVT-AV1) PQ, 10 frames
#   av1_444.mkv   642x362 AV1 High 4:4:4 10-bit (libaom) PQ, 4 frames: NVDEC has
#                 no 4:4:4 AV1, so --hwdec cuda falls back to software decoding
#   tools/make-10bit-clips.sh [DIR]
set -euo pipefail
dir=${1:-/tmp/clips10}; mkdir -p "$dir"
ff() { ffmpeg -hide_banner -v error -nostdin -y "$@"; }
src() { echo "testsrc2=size=$1:rate=30,noise=alls=6:allf=t"; }
x265="log-level=error:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400"
pq="-color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc -color_range tv"
hlg="-color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc -color_range tv"
ff -f lavfi -i "$(src 3840x2160)" -frames:v "${FRAMES2160:-480}" -c:v libx265 -preset ultrafast \
   -b:v 6M -pix_fmt yuv420p10le -x265-params "$x265" $pq "$dir/m10_2160.mkv"
ff -f lavfi -i "$(src 1920x1080)" -frames:v "${FRAMES1080:-600}" -c:v libx265 -preset ultrafast \
   -b:v 3M -pix_fmt yuv420p10le -x265-params log-level=error $hlg "$dir/hlg_1080.mkv"
ff -f lavfi -i "$(src 642x362)" -frames:v 10 -c:v libx265 -preset ultrafast \
   -pix_fmt yuv420p10le -x265-params "$x265" $pq "$dir/m10_odd.mkv"
ff -f lavfi -i "$(src 642x362)" -frames:v 10 -c:v libx265 -preset ultrafast \
   -pix_fmt yuv420p12le -x265-params "$x265" $pq "$dir/m12_odd.mkv"
ff -f lavfi -i "$(src 642x362)" -frames:v 10 -c:v libvpx-vp9 -profile:v 2 -deadline realtime \
   -cpu-used 8 -pix_fmt yuv420p10le $hlg "$dir/vp9p2_odd.webm"
SVT_LOG=1 ff -f lavfi -i "$(src 642x362)" -frames:v 10 -c:v libsvtav1 -preset 12 \
   -pix_fmt yuv420p10le $pq "$dir/av1_odd.mkv"
ff -f lavfi -i "$(src 642x362)" -frames:v 4 -c:v libaom-av1 -cpu-used 8 -crf 40 \
   -pix_fmt yuv444p10le $pq "$dir/av1_444.mkv"
ls -l "$dir"
