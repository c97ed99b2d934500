#!/usr/bin/env bash
# --bake-lut (issue 44): the -t chain written as a .cube or .clf, read the way other
# tools read it (FFmpeg's lut3d, tetrahedral, on a 10-bit RGB clip), against
# pinstripe's own chain at 16 bits: within the error --bake-lut prints plus 1
# LSB10 (FFmpeg's lut3d truncates at 10 bits: an identity cube moves samples by
# up to 1.008 LSB10)
#   sdr     eq + hue + cdl on an SDR clip (65³, and 17³)
#   hdr     a PQ clip: the tone map baked in (bt2390 to 203 cd/m²), with a look
#   clf     camera=slog3-cine as a .clf (a shaper, then the cube) read back by
#           OpenColorIO within the printed error; its p99 below a plain .cube's
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
  grep -q 'PQ in, SDR out (tone-mapped' "$tmp/b.cube" || fail "the .cube does not say it was baked for PQ"
  ;;
clf)
  # camera=slog3-cine as a .clf (a shaper, then the cube) read back by OCIO, on
  # every 8th 10-bit code (the grid --bake-lut measures on): within the printed
  # max (+ 0.05 for the 16-bit rounding of the input and output); its p99 below
  # a plain 65³ .cube's over the same log signal
  $py -c 'import PyOpenColorIO' 2>/dev/null || { echo "no PyOpenColorIO: skipped"; exit 77; }
  w=2048 h=1024
  $py - "$tmp/grid.raw" <<'PY'
import sys, numpy as np
k = (4 + 8 * np.arange(128)) / 1023
r, g, b = np.meshgrid(k, k, k, indexing="ij")
planes = [np.round(c.reshape(-1) * 65535).astype("<u2") for c in (g, b, r)]  # gbrp16: G, B, R planes
with open(sys.argv[1], "wb") as f:
    for p in planes:
        f.write(p.tobytes())
PY
  clip=$tmp/grid.mkv
  ff -f rawvideo -pix_fmt gbrp16le -s ${w}x$h -i "$tmp/grid.raw" -c:v ffv1 "$clip"
  expect 0 -t camera=slog3-cine --bake-lut "$tmp/c.cube" "$clip"
  cube_p99=$(grep -o 'p99 [0-9.]*' "$tmp/out" | cut -d' ' -f2)
  expect 0 -t camera=slog3-cine --bake-lut "$tmp/c.clf" "$clip"
  max=$(grep -o 'max [0-9.]* LSB10$' "$tmp/out" | cut -d' ' -f2)
  clf_p99=$(grep -o 'p99 [0-9.]*' "$tmp/out" | cut -d' ' -f2)
  echo "camera=slog3-cine: .cube p99 $cube_p99, .clf p99 $clf_p99, .clf max $max LSB10"
  awk -v a="$clf_p99" -v b="$cube_p99" 'BEGIN { exit !(a < b) }' || fail ".clf's p99 $clf_p99 not below the .cube's $cube_p99"
  expect 0 -q --no-display -t camera=slog3-cine --out-depth 16 -c rawvideo -o "$tmp/p.nut" "$clip"
  ff -i "$tmp/p.nut" -f rawvideo -pix_fmt rgb48le "$tmp/p.raw"
  $py "$(dirname "$0")/ocio_check.py" compare rgb "$tmp/grid.raw" "$tmp/p.raw" $w $h "file=$tmp/c.clf" \
    "$(awk -v m="$max" 'BEGIN { print m + 0.05 }')" 100 || fail "OpenColorIO reading the .clf: off the chain by more than printed"
  ;;
errors)
  clip=$tmp/g10.mkv
  ff -f lavfi -i testsrc2=size=64x48:rate=25 -frames:v 1 -pix_fmt gbrp10le -c:v ffv1 "$clip"
  for bad in "--bake-size 1 --bake-lut $tmp/x.cube" "--bake-size 130 --bake-lut $tmp/x.cube" \
             "--bake-lut $tmp/x.3dl" "--bake-lut $tmp/no/such/dir/x.cube" "-t eq=contrst=2 --bake-lut $tmp/x.cube" \
             "-t cdl=power=0 --bake-lut $tmp/x.cube" \
             "--bake-lut $tmp/x.cube" "-t none --bake-lut $tmp/x.cube"; do
    # (no -t, or a chain of no step, on this SDR clip: nothing to bake)
    # shellcheck disable=SC2086
    expect 1 $bad "$clip"
    [ "$(wc -l <"$tmp/err")" = 1 ] || fail "$bad: not one line: $(cat "$tmp/err")"
    ls "$tmp" | grep -q '^x\.' && fail "$bad: a file was left behind"
  done
  expect 1 --bake-lut "$tmp/x.cube"
  [ -e "$tmp/x.cube" ] && fail "no INPUT: a file was written"
  # the input itself as the table, -o with it: refused, the input intact
  cp "$clip" "$tmp/same.cube"
  expect 1 -t gray --bake-lut "$tmp/same.cube" "$tmp/same.cube"
  cmp -s "$clip" "$tmp/same.cube" || fail "--bake-lut over its own input changed it"
  expect 1 -t gray --bake-lut "$tmp/x.cube" -o "$tmp/x.mkv" "$clip"
  [ -e "$tmp/x.cube" ] || [ -e "$tmp/x.mkv" ] && fail "--bake-lut with -o wrote something"
  # a name with a newline and a non-ASCII byte: the header stays one line of ASCII
  cp "$clip" "$tmp/"$'odd\nLUT_3D_SIZE 3\xe9.mkv'
  expect 0 -t gray --bake-size 5 --bake-lut "$tmp/odd.cube" "$tmp/"$'odd\nLUT_3D_SIZE 3\xe9.mkv'
  [ "$(grep -c '^LUT_3D_SIZE' "$tmp/odd.cube")" = 1 ] && ! LC_ALL=C grep -q $'[\x80-\xff]' "$tmp/odd.cube" ||
    fail "a file name broke the .cube's header"
  ffmpeg -v error -i "$clip" -vf "lut3d=file=$tmp/odd.cube" -f null - || fail "FFmpeg refuses the .cube"
  rm -f "$tmp/odd.cube"
  # a signal while a large table is written: nothing left but what was there
  "$bin" -t eq=contrast=1.2 --bake-size 129 --bake-lut "$tmp/big.cube" "$clip" >/dev/null 2>&1 &
  pid=$!; sleep 0.5; kill -INT $pid; wait $pid
  ls "$tmp" | grep -q '\.part' && fail "a signal left a .part file"
  rm -f "$tmp/big.cube"
  expect 2 --bake-lut "$tmp/x.cube" "$tmp/missing.mkv"
  [ "$(wc -l <"$tmp/err")" = 1 ] && [ ! -e "$tmp/x.cube" ] || fail "a missing input: $(cat "$tmp/err")"
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "bake.sh $case_name: ok"
