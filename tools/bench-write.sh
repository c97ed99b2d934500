#!/usr/bin/env bash
# File-to-file on the CPU backend against FFmpeg doing the same work, in one run
# (BENCHMARKS.md, "Writing a file"): a 1080p H.264 clip with AAC sound, -t lut3d
# with a 33³ look (tetrahedral), libx264 at its default preset, the sound copied;
# pinstripe also with -an, and with --enc-path bgr (BGR from the stage, swscale to 4:2:0).
# Runs alternate between the tools; prints each run's seconds and the medians.
#   tools/bench-write.sh [RUNS (3)] [FRAMES (300)]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-3} frames=${2:-300}
bin=${PINSTRIPE:-$top/build/pinstripe}
lut=$top/assets/luts/teal-orange.cube
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ffmpeg -hide_banner -v error -nostdin -f lavfi -i "testsrc2=size=1920x1080:rate=30" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000" -frames:v "$frames" -t $((frames / 30)) \
  -c:v libx264 -preset veryfast -c:a aac "$tmp/in.mp4"
secs() { local t0; t0=$(date +%s%N); "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }; awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.2f", (b - a) / 1e9 }'; }
declare -A all
for r in $(seq "$runs"); do
  all[ffmpeg]+="$(secs ffmpeg -nostdin -y -i "$tmp/in.mp4" -vf "lut3d=file=$lut:interp=tetrahedral" -c:v libx264 -c:a copy "$tmp/ff.mp4") "
  all[pinstripe]+="$(secs "$bin" -q --no-display --backend cpu -t "lut3d=file=$lut" -o "$tmp/ps.mp4" "$tmp/in.mp4") "
  all[pinstripe_an]+="$(secs "$bin" -q --no-display --backend cpu -an -t "lut3d=file=$lut" -o "$tmp/ps-an.mp4" "$tmp/in.mp4") "
  all[pinstripe_bgr]+="$(secs "$bin" -q --no-display --backend cpu --enc-path bgr -t "lut3d=file=$lut" -o "$tmp/ps-bgr.mp4" "$tmp/in.mp4") "
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
m_ff=$(median <<<"${all[ffmpeg]}")
for k in ffmpeg pinstripe pinstripe_an pinstripe_bgr; do
  m=$(median <<<"${all[$k]}")
  awk -v k="$k" -v r="${all[$k]}" -v m="$m" -v f="$frames" -v ff="$m_ff" \
    'BEGIN { printf "%-14s runs: %smedian %.2f s = %.1f fps (%.2fx ffmpeg)\n", k, r, m, f / m, ff / m }'
done
