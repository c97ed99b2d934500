#!/usr/bin/env bash
# Colour at full depth, end to end (`depth.sh CASE`): pinstripe's files read
# back by plain ffmpeg, against double-precision maths (tests/depth_check.py,
# Debian's numpy under /usr/bin/python3) or FFmpeg's own lut3d. Clips are made
# at test time. Needs PINSTRIPE, ffmpeg. Exit 0 pass, 1 fail, 77 skip.
set -uo pipefail
case_name=${1:?usage: depth.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"
check() { /usr/bin/python3 "$(dirname "$0")/depth_check.py" "$@"; }
/usr/bin/python3 -c 'import numpy' 2>/dev/null || { echo "no numpy for /usr/bin/python3 (tools/install-deps.sh installs it): skipped"; exit 77; }
backend=${DEPTH_BACKEND:-cpu}
W=1024 H=64
CHAIN="eq=contrast=1.4:gamma=1.5,hue=degrees=30:saturation=1.2,lut3d=file=$tmp/curve.cube"

# a gray ramp at DEPTH bits as an ffv1 clip (2 frames, BT.709 limited)
ramp_clip() { # depth pix_fmt chroma out
  check ramp "$tmp/ramp.yuv" "$1" $W $H "$3" || fail "ramp"
  ff -f rawvideo -pix_fmt "$2" -s ${W}x$H -r 25 -i "$tmp/ramp.yuv" -frames:v 2 \
     -color_primaries bt709 -color_trc bt709 -colorspace bt709 -color_range tv -c:v ffv1 "$4"
}

case $case_name in
ramp10) # 10-bit ramp, three-step chain, written at 10 bits: one rounding
  check lut "$tmp/curve.cube" 33 curve || fail "lut"
  ramp_clip 10 yuv420p10le 420 "$tmp/r10.mkv"
  expect 0 -q --no-display --backend $backend -t "$CHAIN" -c ffv1 -o "$tmp/o10.mkv" "$tmp/r10.mkv"
  [ "$(ffprobe -v error -show_entries stream=pix_fmt -of csv=p=0 "$tmp/o10.mkv")" = yuv420p10le ] ||
    fail "not written at 10 bits: $(ffprobe -v error -show_entries stream=pix_fmt -of csv=p=0 "$tmp/o10.mkv")"
  ff -i "$tmp/o10.mkv" -f rawvideo -pix_fmt yuv420p10le "$tmp/o10.yuv"
  check chain "$tmp/o10.yuv" 10 $W $H "$tmp/curve.cube" 90 || fail "10-bit chain against the model"
  ;;
ramp8) # the same for an 8-bit source into an 8-bit file: max error 1 LSB
  check lut "$tmp/curve.cube" 33 curve || fail "lut"
  ramp_clip 8 yuv420p 420 "$tmp/r8.mkv"
  for d in ordered no; do
    expect 0 -q --no-display --backend $backend --dither $d -t "$CHAIN" -c ffv1 -o "$tmp/o8$d.mkv" "$tmp/r8.mkv"
    ff -i "$tmp/o8$d.mkv" -f rawvideo -pix_fmt yuv420p "$tmp/o8.yuv"
    check chain "$tmp/o8.yuv" 8 $W $H "$tmp/curve.cube" 90 || fail "8-bit chain (dither $d) against the model"
  done
  ;;
lut16) # lut3d on a 16-bit RGB source against FFmpeg's lut3d on rgb48le, every interpolation
  check lut "$tmp/mix.cube" 17 mix || fail "lut"
  check rgb16 "$tmp/s.gbrp" 256 64 16 || fail "samples"
  ff -f rawvideo -pix_fmt gbrp16le -s 256x64 -r 25 -i "$tmp/s.gbrp" -c:v ffv1 "$tmp/s16.mkv"
  for i in nearest trilinear tetrahedral; do
    expect 0 -q --no-display --backend $backend -t "lut3d=file=$tmp/mix.cube:interp=$i" \
      -c rawvideo -o "$tmp/o.nut" "$tmp/s16.mkv"
    ff -i "$tmp/o.nut" -f rawvideo -pix_fmt rgb48le "$tmp/got.raw"
    ff -i "$tmp/s16.mkv" -vf "format=rgb48le,lut3d=file=$tmp/mix.cube:interp=$i" -f rawvideo -pix_fmt rgb48le "$tmp/ref.raw"
    echo -n "$i: "
    check close "$tmp/got.raw" "$tmp/ref.raw" 2 || fail "lut3d $i differs from FFmpeg's by more than 2 at 16 bits"
  done
  ;;
identity) # an identity LUT is exact at 8, 10 and 16 bits (interpolated: nearest snaps to the grid)
  check lut "$tmp/id.cube" 33 identity || fail "lut"
  for d in 10 16; do
    check rgb16 "$tmp/s.gbrp" 256 64 $d || fail "samples"
    ff -f rawvideo -pix_fmt gbrp${d}le -s 256x64 -r 25 -i "$tmp/s.gbrp" -c:v ffv1 "$tmp/s$d.mkv"
    for i in trilinear tetrahedral; do
      expect 0 -q --no-display --backend $backend -t "lut3d=file=$tmp/id.cube:interp=$i" -c rawvideo -o "$tmp/o.nut" "$tmp/s$d.mkv"
      ff -i "$tmp/o.nut" -f rawvideo -pix_fmt rgb48le "$tmp/got.raw"
      check identity "$tmp/s.gbrp" "$tmp/got.raw" 256 64 $d || fail "identity $i at $d bits"
    done
  done
  ff -f lavfi -i "testsrc2=s=256x64:d=0.08:r=25" -pix_fmt bgr24 -c:v rawvideo "$tmp/s8.nut"
  for i in trilinear tetrahedral; do
    expect 0 -q --no-display --backend $backend -t "lut3d=file=$tmp/id.cube:interp=$i" -c rawvideo -o "$tmp/o8.nut" "$tmp/s8.nut"
    cmp -s <(ffmpeg -v error -i "$tmp/s8.nut" -f rawvideo -pix_fmt bgr24 -) <(ffmpeg -v error -i "$tmp/o8.nut" -f rawvideo -pix_fmt bgr24 -) ||
      fail "identity $i at 8 bits changes the picture"
  done
  echo "identity: exact at 8 bits"
  ;;
dither) # a 10-bit ramp shown as 8-bit BGR: dithered means track the input, no bands
  ramp_clip 10 yuv444p10le 444 "$tmp/r10.mkv"
  expect 0 -q --no-display --backend $backend --dither no -c rawvideo --out-depth 8 -o "$tmp/no.nut" "$tmp/r10.mkv"
  ff -i "$tmp/no.nut" -f rawvideo -pix_fmt bgr24 "$tmp/no.bgr"
  for d in ordered blue; do
    expect 0 -q --no-display --backend $backend --dither $d -c rawvideo --out-depth 8 -o "$tmp/$d.nut" "$tmp/r10.mkv"
    ff -i "$tmp/$d.nut" -f rawvideo -pix_fmt bgr24 "$tmp/$d.bgr"
    echo -n "$d: "
    check dither "$tmp/$d.bgr" "$tmp/no.bgr" $W $H 10 || fail "dither $d"
  done
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "ok: $case_name"
