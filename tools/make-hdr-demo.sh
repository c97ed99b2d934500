#!/usr/bin/env bash
# docs/hdr-before-after.png, the README's HDR picture: a synthetic HDR scene
# (a sky ramp to a 4,000 cd/m² sun, colour patches at 100, 400 and 1,000 cd/m²,
# BT.2020 primaries beyond BT.709's) as a PQ HEVC Main10 clip with its
# metadata, shown three ways side by side: the signal as an SDR picture (what
# pinstripe showed before issue 24, now --tone-mapping none), pinstripe's
# default (bt2390 to 203 cd/m², gamut compressed), FFmpeg's zscale + tonemap
# (hable, desat 0, npl 100). Needs PINSTRIPE (the binary), ffmpeg with zscale
# and libx265, /usr/bin/python3 with numpy.  tools/make-hdr-demo.sh [OUT.png]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/docs/hdr-before-after.png}
bin=${PINSTRIPE:-$top/build/pinstripe}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
W=480 H=270
/usr/bin/python3 - "$tmp/scene.yuv" $W $H <<'PY'
import sys
import numpy as np
out, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
y, x = np.mgrid[0:h, 0:w] / np.array([h - 1, w - 1])[:, None, None]
# linear light in cd/m², BT.2020 RGB: a sky from 20 to 1500 cd/m² above a dim ground
sky = np.stack([0.55 + 0.2 * x, 0.7 + 0.1 * x, np.ones_like(x)]) * (20 + 1480 * (1 - y) ** 3)
ground = np.stack([0.35 + 0 * x, 0.28 + 0 * x, 0.18 + 0 * x]) * (8 + 30 * x)
rgb = np.where(y < 0.55, sky, ground)
# the sun: 4,000 cd/m² with a glow
d = np.hypot((x - 0.8) * w / h, y - 0.2)
rgb += np.array([1.0, 0.95, 0.85])[:, None, None] * (4000 * (d < 0.05) + 900 * np.exp(-d / 0.06))
# patches: red, green, blue, skin, foliage, BT.2020 cyan at 100, 400, 1000 cd/m²
cols = [(1, 0.05, 0.05), (0.05, 1, 0.05), (0.05, 0.05, 1), (0.8, 0.55, 0.42), (0.2, 0.45, 0.1), (0.02, 0.8, 0.8)]
for i, c in enumerate(cols):
    for j, lum in enumerate((100, 400, 1000)):
        x0, y0 = int((0.05 + 0.15 * i) * w), int((0.62 + 0.12 * j) * h)
        rgb[:, y0:y0 + int(0.09 * h), x0:x0 + int(0.12 * w)] = np.array(c)[:, None, None] * lum / max(c)
rgb = np.clip(rgb, 0, 10000)
m1, m2, c1, c2, c3 = 2610 / 16384, 2523 / 4096 * 128, 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
p = np.power(rgb / 10000, m1)
e = np.power((c1 + c2 * p) / (1 + c3 * p), m2)  # PQ's inverse EOTF
kr, kb = 0.2627, 0.0593
Y = kr * e[0] + (1 - kr - kb) * e[1] + kb * e[2]
planes = [64 + 876 * Y, 512 + 896 * (e[2] - Y) / (2 * (1 - kb)), 512 + 896 * (e[0] - Y) / (2 * (1 - kr))]
np.stack([np.clip(np.round(q), 0, 1023) for q in planes]).astype('<u2').tofile(out)
PY
ff() { ffmpeg -hide_banner -v error -nostdin -y "$@"; }
ff -f rawvideo -pix_fmt yuv444p10le -s ${W}x$H -r 25 -i "$tmp/scene.yuv" -frames:v 1 -pix_fmt yuv420p10le \
   -c:v libx265 -crf 8 -x265-params "log-level=error:master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(40000000,50):max-cll=4000,400" \
   -color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc -color_range tv "$tmp/scene.mkv"
"$bin" -q --no-display --tone-mapping none -c rawvideo -o "$tmp/before.nut" "$tmp/scene.mkv"
"$bin" -q --no-display -c rawvideo -o "$tmp/after.nut" "$tmp/scene.mkv"
ff -i "$tmp/scene.mkv" -vf "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0,zscale=t=bt709,format=gbrp" -c:v rawvideo "$tmp/ffmpeg.nut"
ff -i "$tmp/before.nut" -i "$tmp/after.nut" -i "$tmp/ffmpeg.nut" \
   -filter_complex "[0]format=rgb24[a];[1]format=rgb24[b];[2]format=rgb24[c];[a][b][c]hstack=inputs=3" -frames:v 1 "$out"
echo "wrote $out"
