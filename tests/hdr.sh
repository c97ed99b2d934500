#!/usr/bin/env bash
# HDR sources, end to end (`hdr.sh CASE`): PQ and HLG clips made at test time
# with libx265 (10-bit, lossless where the maths is checked, tagged), tone-mapped
# by pinstripe and read back by plain ffmpeg, against FFmpeg's zscale + tonemap
# chain and against the published formulas in double precision
# (tests/hdr_check.py). Needs PINSTRIPE, ffmpeg (zscale, libx265). Exit 0 pass,
# 1 fail, 77 skip.
set -uo pipefail
case_name=${1:?usage: hdr.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"
check() { /usr/bin/python3 "$(dirname "$0")/hdr_check.py" "$@"; }
/usr/bin/python3 -c 'import numpy' 2>/dev/null || { echo "no numpy for /usr/bin/python3 (tools/install-deps.sh installs it): skipped"; exit 77; }
grep -q ' zscale ' <<<"$(ffmpeg -hide_banner -filters 2>/dev/null)" || { echo "ffmpeg has no zscale: skipped"; exit 77; }
backend=${HDR_BACKEND:-cpu}
X265="log-level=error:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,50):max-cll=1000,400"
PQ_TAGS="-color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc -color_range tv"
HLG_TAGS="-color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc -color_range tv"

# testsrc2 in RGB kept inside [0.05, 0.9] as a PQ signal in BT.2020, FMT (yuv444p10le
# lossless or yuv420p10le), 3 frames
testsrc_pq() { # fmt out
  local lossless=""; [ "$1" = yuv444p10le ] && lossless="lossless=1:"
  ff -f lavfi -i testsrc2=s=320x180:r=25:d=0.12 -vf "lutrgb=r='val*0.85+13':g='val*0.85+13':b='val*0.85+13',format=gbrpf32le,zscale=m=bt2020nc:r=tv,format=$1" \
     -c:v libx265 -x265-params "$lossless$X265" $PQ_TAGS "$2"
}
# a pattern from hdr_check.py (W×H 10-bit 4:4:4 planes) as a lossless libx265 clip
pattern() { # kind tags out
  check clip "$tmp/p.yuv" 256 16 "$1" || fail "pattern"
  ff -f rawvideo -pix_fmt yuv444p10le -s 256x16 -r 25 -i "$tmp/p.yuv" -frames:v 2 -c:v libx265 \
     -x265-params "lossless=1:$X265" $2 "$3"
}
# FFmpeg's chain to 8-bit gbrp: linear light at npl 100, BT.709 primaries, tonemap
# (desat 0, peak 10 = 1000 cd/m²), BT.1886's inverse (zscale's t=bt709 on output)
ffmpeg_chain() { # in curve out
  ff -i "$1" -vf "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=$2:desat=0:peak=10,zscale=t=bt709,format=gbrp" -f rawvideo "$3"
}
# pinstripe with FFmpeg's settings (100 cd/m² white, 1000 cd/m² peak, clip the gamut)
pin_gbrp() { # in curve out
  expect 0 -q --no-display --backend $backend --tone-mapping "$2" --target-peak 100 --hdr-peak 1000 \
    --gamut-mapping clip --dither no -c rawvideo -o "$tmp/o.nut" "$1"
  ff -i "$tmp/o.nut" -f rawvideo -pix_fmt gbrp "$3"
}
tags() { ffprobe -v error -select_streams v:0 -show_entries stream=color_space,color_transfer,color_primaries -of default=nw=1:nk=1 "$1" | head -3 | paste -sd, -; }

case $case_name in
pq_vs_ffmpeg) # 4:4:4 PQ: hable, reinhard, mobius against FFmpeg's chain, ≥ 45 dB
  testsrc_pq yuv444p10le "$tmp/pq.mkv"
  for c in hable reinhard mobius; do
    ffmpeg_chain "$tmp/pq.mkv" $c "$tmp/ref.gbrp"
    pin_gbrp "$tmp/pq.mkv" $c "$tmp/got.gbrp"
    echo -n "$c: "; check psnr "$tmp/got.gbrp" "$tmp/ref.gbrp" 45 || fail "PQ $c against FFmpeg"
  done
  ;;
pq420) # 4:2:0 PQ: the chroma upsampler decides more than the curve: ≥ 30 dB
  testsrc_pq yuv420p10le "$tmp/pq.mkv"
  for c in hable mobius; do
    ffmpeg_chain "$tmp/pq.mkv" $c "$tmp/ref.gbrp"
    pin_gbrp "$tmp/pq.mkv" $c "$tmp/got.gbrp"
    echo -n "$c: "; check psnr "$tmp/got.gbrp" "$tmp/ref.gbrp" 30 || fail "PQ 4:2:0 $c against FFmpeg"
  done
  ;;
hlg) # HLG against BT.2100 (luminance OOTF, 1000 cd/m², gamma 1.2): 1%; greys against FFmpeg's mobius: 45 dB
  pattern hlg "$HLG_TAGS" "$tmp/hlg.mkv"
  expect 0 -q --no-display --backend $backend --tone-mapping clip --target-peak 1000 --hdr-peak 1000 \
    --gamut-mapping clip --out-depth 16 -c rawvideo -o "$tmp/o.nut" "$tmp/hlg.mkv"
  ff -i "$tmp/o.nut" -frames:v 1 -f rawvideo -pix_fmt rgb48le "$tmp/got.rgb48"
  check hlg "$tmp/got.rgb48" "$tmp/p.yuv" 256 16 || fail "HLG against BT.2100's formulas"
  pattern grey "$HLG_TAGS" "$tmp/grey.mkv"
  ffmpeg_chain "$tmp/grey.mkv" mobius "$tmp/ref.gbrp"
  pin_gbrp "$tmp/grey.mkv" mobius "$tmp/got.gbrp"
  echo -n "greys, mobius: "; check psnr "$tmp/got.gbrp" "$tmp/ref.gbrp" 45 || fail "HLG greys against FFmpeg"
  ;;
bt2390) # the EETF on a PQ grey ramp, 1000 → 100 cd/m² (and 4000 → 203): 1% of BT.2390's formulas
  pattern grey "$PQ_TAGS" "$tmp/grey.mkv"
  for peaks in "1000 100" "4000 203"; do
    set -- $peaks
    expect 0 -q --no-display --backend $backend --target-peak $2 --hdr-peak $1 --out-depth 16 \
      -c rawvideo -o "$tmp/o.nut" "$tmp/grey.mkv"
    ff -i "$tmp/o.nut" -frames:v 1 -f rawvideo -pix_fmt rgb48le "$tmp/got.rgb48"
    check eetf "$tmp/got.rgb48" "$tmp/p.yuv" 256 16 $1 $2 || fail "bt2390 $1 -> $2 against the EETF"
  done
  # every curve keeps a ramp rising, also from a source no brighter than the target
  # (FFmpeg's mobius turns black there) and with mobius's knee near its limit
  for spec in "bt2390 100" "hable 100" "reinhard 100" "mobius 100" "clip 100" "mobius 1000 --tone-mapping-param 0.999"; do
    set -- $spec
    c=$1 peak=$2; shift 2
    expect 0 -q --no-display --backend $backend --tone-mapping $c --hdr-peak $peak "$@" --out-depth 16 -c rawvideo -o "$tmp/o.nut" "$tmp/grey.mkv"
    ff -i "$tmp/o.nut" -frames:v 1 -f rawvideo -pix_fmt rgb48le "$tmp/got.rgb48"
    echo -n "$c from $peak cd/m2 $*: "; check rising "$tmp/got.rgb48" 256 16 || fail "$c from $peak cd/m2 $*: the ramp falls"
  done
  ;;
sdr_untouched) # an SDR source is never tone-mapped: the same bytes whatever the curve; tags as before
  for fmt in yuv420p yuv420p10le; do
    ff -f lavfi -i testsrc2=s=160x90:r=25:d=0.12 -pix_fmt $fmt -color_primaries bt709 -color_trc bt709 \
       -colorspace bt709 -c:v ffv1 "$tmp/sdr.mkv"
    for c in none bt2390 hable; do
      expect 0 -q --no-display --backend $backend --tone-mapping $c --hdr-peak 4000 -c rawvideo -o "$tmp/$c.nut" "$tmp/sdr.mkv"
      ffmpeg -hide_banner -loglevel error -i "$tmp/$c.nut" -f framemd5 - | grep -v '^#' >"$tmp/$c.md5"
    done
    cmp -s "$tmp/none.md5" "$tmp/bt2390.md5" && cmp -s "$tmp/none.md5" "$tmp/hable.md5" ||
      fail "$fmt SDR: frames differ with tone mapping asked for"
  done
  ;;
files) # tone-mapped files are BT.709 SDR; --tone-mapping none keeps HDR: tags and metadata
  testsrc_pq yuv420p10le "$tmp/pq.mkv"
  expect 0 -q --no-display --backend $backend -c libx265 --enc-opt x265-params=log-level=error -o "$tmp/sdr.mkv" "$tmp/pq.mkv"
  [ "$(tags "$tmp/sdr.mkv")" = "bt709,bt709,bt709" ] || fail "tone-mapped file tagged $(tags "$tmp/sdr.mkv")"
  ffprobe -v error -show_frames -read_intervals %+#1 "$tmp/sdr.mkv" | grep -q "Mastering display" &&
    fail "tone-mapped file keeps the HDR mastering display"
  for spec in "libx265 mkv" "libx265 mp4" "ffv1 mkv"; do
    set -- $spec
    out="$tmp/hdr-$1.$2"
    expect 0 -q --no-display --backend $backend --tone-mapping none -c $1 \
      --enc-opt "$([ $1 = libx265 ] && echo x265-params=log-level=error || echo slices=4)" -o "$out" "$tmp/pq.mkv"
    [ "$(tags "$out")" = "bt2020nc,smpte2084,bt2020" ] || fail "$1 in $2: tagged $(tags "$out")"
    [ "$(ffprobe -v error -select_streams v:0 -show_entries stream=pix_fmt -of default=nw=1:nk=1 "$out")" = yuv420p10le ] || fail "$1 in $2: not 10-bit"
    meta=$( (ffprobe -v error -show_frames -read_intervals %+#1 "$out"; ffprobe -v error -show_streams "$out") 2>&1)
    if [ $1 = libx265 ] || [ $2 = mkv ]; then
      grep -Eq "max_luminance=(10000000/10000|1000/1)$" <<<"$meta" || fail "$1 in $2: no mastering display ($meta)"
      grep -q "max_content=1000" <<<"$meta" || fail "$1 in $2: no content light level"
    fi
    echo "$1 in $2: $(tags "$out"), mastering display and light level kept"
  done
  ;;
errors) # bad values: one line, exit 1
  ff -f lavfi -i testsrc2=s=64x36:r=25:d=0.08 -c:v ffv1 "$tmp/c.mkv"
  expect 1 --target-peak 0 --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "--target-peak"
  expect 1 --hdr-peak -5 --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "--hdr-peak"
  expect 1 --hdr-peak abc --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "--hdr-peak"
  expect 1 --hdr-peak 0.5 --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "1..10000"
  expect 1 --target-peak 0x10 --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "--target-peak"
  expect 1 --target-peak nan --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "--target-peak"
  expect 1 --tone-mapping mobius --tone-mapping-param 0.9999 --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "[0,0.999]"
  expect 1 --tone-mapping filmic --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "bt2390|hable"
  expect 1 --tone-mapping hable --tone-mapping-param 0.5 --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "not taken"
  expect 1 --tone-mapping reinhard --tone-mapping-param 2 --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "(0,1)"
  expect 1 --gamut-mapping warp --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "--gamut-mapping"
  expect 1 --lut-space scene --no-display -o "$tmp/x.mkv" "$tmp/c.mkv"; one_line "--lut-space"
  ;;
*) fail "unknown case $case_name" ;;
esac
echo PASS
