#!/usr/bin/env bash
# Tone mapping on the CPU backend (BENCHMARKS.md, "HDR"), in one run: a 1080p
# PQ HEVC Main10 clip decoded and turned into BGR by pinstripe with -t lut3d
# (33³) and tone mapping off (--tone-mapping none) and on (bt2390, the
# default), then with FFmpeg's settings (hable, 100 cd/m², gamut clipped),
# against FFmpeg's zscale + tonemap chain (hable, desat 0) to bgr24. No window,
# no pacing, no file written; runs alternate; wall time; medians.
#   tools/bench-hdr-cpu.sh [RUNS (5)] [CLIP (tools/make-hdr-clips.sh's pq1080.mkv)]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
clip=${2:-}
bin=${PINSTRIPE:-$top/build/pinstripe}
lut=$top/assets/luts/teal-orange.cube
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if [ -z "$clip" ]; then
  "$top/tools/make-hdr-clips.sh" "$tmp" >/dev/null
  clip=$tmp/pq1080.mkv
fi
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$clip")
secs() { local t0; t0=$(date +%s%N); "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }; awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }
declare -A all
names=("pinstripe lut3d, no tone map" "pinstripe lut3d + bt2390" "pinstripe hable (FFmpeg's settings)" "ffmpeg zscale+tonemap hable" "ffmpeg decode alone")
ps() { "$bin" -q --no-display --frames "$frames" --backend cpu "$@" "$clip"; }
chain="zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0,zscale=t=bt709,format=bgr24"
for r in $(seq "$runs"); do
  all[0]+="$(secs ps -t "lut3d=file=$lut" --tone-mapping none) "
  all[1]+="$(secs ps -t "lut3d=file=$lut") "
  all[2]+="$(secs ps --tone-mapping hable --target-peak 100 --gamut-mapping clip) "
  all[3]+="$(secs ffmpeg -nostdin -i "$clip" -vf "$chain" -f null -) "
  all[4]+="$(secs ffmpeg -nostdin -i "$clip" -f null -) "
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
echo "clip: $clip ($frames frames); $(nproc) cores"
for i in 0 1 2 3 4; do
  m=$(median <<<"${all[$i]}")
  printf '%-38s runs: %s median %.3f s, %.1f fps\n' "${names[$i]}" "${all[$i]}" "$m" "$(awk -v m="$m" -v n="$frames" 'BEGIN { print n / m }')"
done
