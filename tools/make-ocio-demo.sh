#!/usr/bin/env bash
# docs/ocio-camera.png, the colour-management picture of the README: a testsrc2
# frame made into S-Log3 (S-Gamut3.Cine) footage through OpenColorIO's inverse of
# the camera chain (what the camera would have recorded for that picture on a
# Rec.709 display), shown as shot (left) and through -t camera=slog3-cine (right).
#   tools/make-ocio-demo.sh [OUT.png]   (needs /usr/bin/python3 with PyOpenColorIO, numpy)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/docs/ocio-camera.png}
bin=${PINSTRIPE:-$top/build/pinstripe}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
w=640 h=360
ffmpeg -v error -f lavfi -i "testsrc2=size=${w}x$h:rate=1" -frames:v 1 -f rawvideo -pix_fmt rgb48le "$tmp/display.raw"
/usr/bin/python3 - "$tmp" $w $h <<'PY'
import sys, numpy as np, PyOpenColorIO as O
d, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
O.SetLoggingLevel(O.LOGGING_LEVEL_NONE)
rgb = np.fromfile(f"{d}/display.raw", "<u2").reshape(-1, 3).astype(np.float32) / 65535
g = O.GroupTransform()
for s in ("SONY_SLOG3-SGAMUT3.CINE_to_ACES2065-1", "ACES-OUTPUT - ACES2065-1_to_CIE-XYZ-D65 - SDR-VIDEO_1.0",
          "DISPLAY - CIE-XYZ-D65_to_REC.1886-REC.709"):
    g.appendTransform(O.BuiltinTransform(s))
g.setDirection(O.TRANSFORM_DIR_INVERSE)
# the display's range kept off its very ends, which the inverse sends far out
rgb = np.ascontiguousarray(0.02 + 0.96 * rgb)
O.Config.CreateRaw().getProcessor(g).getDefaultCPUProcessor().applyRGB(rgb)
log = np.clip(rgb, 0, 1)
(np.round(log * 65535).astype("<u2")).tofile(f"{d}/log.raw")
PY
ffmpeg -v error -f rawvideo -pix_fmt rgb48le -s ${w}x$h -i "$tmp/log.raw" -c:v ffv1 -pix_fmt gbrp16le "$tmp/log.mkv"
"$bin" -q --no-display -t camera=slog3-cine --out-depth 16 -c ffv1 -o "$tmp/graded.mkv" "$tmp/log.mkv"
ffmpeg -v error -y -i "$tmp/log.mkv" -i "$tmp/graded.mkv" \
  -filter_complex "[0:v]format=rgb24[a];[1:v]format=rgb24[b];[a][b]hstack=inputs=2" -frames:v 1 "$out"
echo "wrote $out"
