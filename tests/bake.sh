#!/usr/bin/env bash
# --bake-lut (issue 44): the -t chain written as a .cube, read the way other
# tools read it (FFmpeg's lut3d, tetrahedral, on a 10-bit RGB clip), against
# pinstripe's own chain at 16 bits: within the error --bake-lut prints plus 1
# LSB10 (FFmpeg's lut3d truncates at 10 bits: an identity cube moves samples by
# up to 1.008 LSB10)
#   sdr     eq + hue + cdl on an SDR clip (65³, and 17³)
#   hdr     a PQ clip: the tone map baked in (bt2390 to 203 cd/m²), with a look
#   errors  --bake-size out of range, an extension no writer takes, a folder
#           that does not exist, a bad -t, no INPUT: one line, exit 1, no file
case_name=${1:?usage: bake.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"
py=/usr/bin/python3
$py -c 'import numpy' 2>/dev/null || { echo "no numpy: skipped"; exit 77; }
# bake for $clip with -t $1 at --bake-size $2, apply with FFmpeg, compare with
# pinstripe's own 16-bit output
through() {
  expect 0 -t "$1" --bake-size "$2" --bake-lut "$tmp/b.cube" "$clip"
  grep -q "max [0-9.]* LSB10$" "$tmp/out" || fail "--bake-lut's line: $(cat "$tmp/out")"
  max=$(grep -o 'max [0-9.]* LSB10$' "$tmp/out" | cut -d' ' -f2)
  ffmpeg -v error -y -i "$clip" -vf "lut3d=file=$tmp/b.cube:interp=tetrahedral" -f rawvideo -pix_fmt gbrp10le \
    "$tmp/ff.raw" || fail "FFmpeg's lut3d does not take the .cube"
  expect 0 -q --no-display -t "$1" --out-depth 16 -c rawvideo -o "$tmp/p.nut" "$clip"
  ff -i "$tmp/p.nut" -f rawvideo -pix_fmt gbrp16le "$tmp/p.raw"
  $py - "$tmp/ff.raw" "$tmp/p.raw" "$max" "$1 at $2" <<'PY' || fail "-t $1 --bake-size $2: FFmpeg's lut3d off the chain"
import sys, numpy as np
a = np.fromfile(sys.argv[1], "<u2").astype(float)
b = np.fromfile(sys.argv[2], "<u2").astype(float) / 65535 * 1023
d, bound = np.abs(a - b), float(sys.argv[3]) + 1.0
print(f"{sys.argv[4]}: FFmpeg's lut3d against the chain: max {d.max():.3f}, p99 {np.percentile(d, 99):.3f}, "
      f"mean {d.mean():.3f} LSB10 (bound: printed max + 1 = {bound:.2f})")
sys.exit(0 if d.max() <= bound else 1)
PY
}
case $case_name in
sdr)
  clip=$tmp/g10.mkv
  ff -f lavfi -i testsrc2=size=320x240:rate=25 -frames:v 2 -pix_fmt gbrp10le -c:v ffv1 "$clip"
  t='eq=contrast=1.2:saturation=1.3,hue=degrees=20,cdl=slope=1.1/1/0.9:offset=-0.02:power=1.1:sat=1.2'
  through "$t" 65
  through "$t" 17
  ;;
hdr)
  clip=$tmp/pq.mkv
  ff -f lavfi -i testsrc2=size=320x240:rate=25 -frames:v 2 -pix_fmt gbrp10le -c:v ffv1 \
     -color_primaries bt2020 -color_trc smpte2084 -colorspace rgb "$clip"
  through "lut3d=file=$(dirname "$0")/../assets/luts/teal-orange.cube" 65
  grep -q '(PQ)' "$tmp/b.cube" || fail "the .cube does not say it was baked for PQ"
  ;;
errors)
  clip=$tmp/g10.mkv
  ff -f lavfi -i testsrc2=size=64x48:rate=25 -frames:v 1 -pix_fmt gbrp10le -c:v ffv1 "$clip"
  for bad in "--bake-size 1 --bake-lut $tmp/x.cube" "--bake-size 130 --bake-lut $tmp/x.cube" \
             "--bake-lut $tmp/x.3dl" "--bake-lut $tmp/no/such/dir/x.cube" "-t eq=contrst=2 --bake-lut $tmp/x.cube" \
             "-t cdl=power=0 --bake-lut $tmp/x.cube"; do
    # shellcheck disable=SC2086
    expect 1 $bad "$clip"
    [ "$(wc -l <"$tmp/err")" = 1 ] || fail "$bad: not one line: $(cat "$tmp/err")"
    ls "$tmp" | grep -q '^x\.' && fail "$bad: a file was left behind"
  done
  expect 1 --bake-lut "$tmp/x.cube"
  [ -e "$tmp/x.cube" ] && fail "no INPUT: a file was written"
  expect 2 --bake-lut "$tmp/x.cube" "$tmp/missing.mkv"
  [ "$(wc -l <"$tmp/err")" = 1 ] && [ ! -e "$tmp/x.cube" ] || fail "a missing input: $(cat "$tmp/err")"
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "bake.sh $case_name: ok"
