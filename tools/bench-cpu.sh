#!/usr/bin/env bash
# The CPU backend against FFmpeg doing the same work, in one run (BENCHMARKS.md,
# "The CPU backend"): decode a 1080p H.264 clip and turn it into BGR, plain
# (-t none vs -pix_fmt bgr24), inverted (-t invert vs negate) and through a 33³
# look (-t lut3d vs the lut3d filter, tetrahedral). No window, no pacing, no
# file written; runs alternate between the tools; wall time of each; medians.
#   tools/bench-cpu.sh [RUNS (5)] [CLIP (made: 300 frames of 1080p30 H.264)] [pinstripe options...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
clip=${2:-}
shift $(($# < 2 ? $# : 2))
bin=${PINSTRIPE:-$top/build/pinstripe}
lut=$top/assets/luts/teal-orange.cube
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
if [ -z "$clip" ]; then
  clip=$tmp/in.mp4
  ffmpeg -hide_banner -v error -nostdin -f lavfi -i "testsrc2=size=1920x1080:rate=30" \
    -frames:v 300 -c:v libx264 -preset veryfast -pix_fmt yuv420p "$clip"
fi
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$clip")
secs() { local t0; t0=$(date +%s%N); "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }; awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.3f", (b - a) / 1e9 }'; }
declare -A all
names=(none invert lut3d)
ffargs=("-pix_fmt bgr24" "-vf negate -pix_fmt bgr24" "-vf lut3d=file=$lut:interp=tetrahedral -pix_fmt bgr24")
psargs=("none" "invert" "lut3d=file=$lut")
for r in $(seq "$runs"); do
  for i in 0 1 2; do
    # shellcheck disable=SC2086
    all[ff_$i]+="$(secs ffmpeg -nostdin -i "$clip" ${ffargs[$i]} -f null -) "
    all[ps_$i]+="$(secs "$bin" -q --no-display --frames "$frames" --backend cpu -t "${psargs[$i]}" "$@" "$clip") "
  done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
echo "clip: $clip ($frames frames); $(nproc) cores; pinstripe options: --backend cpu $*"
for i in 0 1 2; do
  f=$(median <<<"${all[ff_$i]}") p=$(median <<<"${all[ps_$i]}")
  printf '%-7s ffmpeg runs: %s median %.3f s | pinstripe runs: %s median %.3f s | pinstripe/ffmpeg speed %.2fx\n' \
    "${names[$i]}" "${all[ff_$i]}" "$f" "${all[ps_$i]}" "$p" "$(awk -v f="$f" -v p="$p" 'BEGIN { print f / p }')"
done
