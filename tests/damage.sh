#!/usr/bin/env bash
# The damaged-file campaign (issue 13): clips made here with FFmpeg in several
# codecs and containers, each case a copy damaged one way (bytes flipped, the
# file cut short, runs of bytes overwritten) from its own seed, played by
# pinstripe into a raw file with a time limit. A case passes when pinstripe
# does not crash, hang or draw a sanitizer report, and either exits 0 having
# written at least the frames `ffprobe -count_frames` decodes from the damaged
# file, or exits 2 with one line when FFmpeg decodes nothing either.
#
#   tests/damage.sh [--cases N (100)] [--seed S (1)] [--jobs J (1)] [--timeout SEC (60)]
#                   [--report FILE] [--keep DIR] [--ci] PINSTRIPE
#
# --ci: ctest's slice, two at a time: cases 21-40 in the plain build, 1-20 under
# AddressSanitizer+UBSan (ASAN_OPTIONS set), 10 under ThreadSanitizer (CI's
# time is bounded; the 2,000-case run in BENCHMARKS.md is under ASan).
# Case k uses seed S+k; `--cases 1 --seed X --keep DIR` replays case X and keeps
# its files. Exit 0 when every case passed, 1 otherwise (each failure on a line).
set -uo pipefail
cases=100 seed=1 jobs=1 limit=60 report= keep=
while [ $# -gt 1 ]; do
  case $1 in
  --cases) cases=$2; shift 2 ;;
  --seed) seed=$2; shift 2 ;;
  --jobs) jobs=$2; shift 2 ;;
  --timeout) limit=$2; shift 2 ;;
  --report) report=$2; shift 2 ;;
  --keep) keep=$2; shift 2 ;;
  --ci) jobs=2; cases=20 seed=21; [ -z "${ASAN_OPTIONS:-}" ] || seed=1; [ -z "${TSAN_OPTIONS:-}" ] || cases=10 seed=1
        shift ;;
  *) echo "damage.sh: unknown option $1" >&2; exit 64 ;;
  esac
done
bin=${1:?usage: damage.sh [options] PINSTRIPE}
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || { echo "no ffmpeg: skipped"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
work=${keep:-$tmp}; mkdir -p "$work"

# The clips: 160x120, 45 frames at 15 fps, a keyframe every 15, each codec the
# encoder exists for.
encoders=$(ffmpeg -hide_banner -encoders 2>/dev/null)
have() { grep -q " $1 " <<<"$encoders"; }
src=(-f lavfi -i "testsrc2=size=160x120:rate=15" -frames:v 45)
clips=()
mk() { local name=$1; shift; ffmpeg -hide_banner -v error -nostdin -y "${src[@]}" "$@" "$tmp/$name" && clips+=("$name"); }
have libx264 && mk h264.mp4 -c:v libx264 -g 15 -pix_fmt yuv420p -movflags +faststart
have mpeg4 && mk mpeg4.avi -c:v mpeg4 -g 15 -q:v 4
have mjpeg && mk mjpeg.avi -c:v mjpeg -q:v 4 -pix_fmt yuvj420p
have libvpx-vp9 && mk vp9.webm -c:v libvpx-vp9 -g 15 -b:v 200k -deadline realtime -cpu-used 8
have libx265 && mk hevc.mkv -c:v libx265 -g 15 -x265-params log-level=error
have prores_ks && mk prores.mov -c:v prores_ks -profile:v 0
[ ${#clips[@]} -gt 0 ] || { echo "damage.sh: no encoder made a clip" >&2; exit 1; }

count_frames() { # frames FFmpeg decodes from $1 (0 when it decodes nothing)
  local n
  n=$(ffprobe -v quiet -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$1" 2>/dev/null | head -n 1)
  n=${n%%,*} # "45," when the stream has side data
  [[ $n =~ ^[0-9]+$ ]] && echo "$n" || echo 0
}

# One case: damage a copy, count FFmpeg's frames, play it; print the verdict line.
one() {
  local s=$1 dir="$work/case-$1"
  mkdir -p "$dir"
  local clip kind
  read -r clip kind < <(python3 - "$s" "$tmp" "$dir/in" "${clips[@]}" <<'PY'
import os, random, sys
seed, tmp, out, clips = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
r = random.Random(seed)
clip = clips[r.randrange(len(clips))]
d = bytearray(open(os.path.join(tmp, clip), "rb").read())
kind = r.choice(["flip", "cut", "run"])
if kind == "flip":      # 1..24 single bits anywhere
    for _ in range(r.randint(1, 24)):
        p = r.randrange(len(d)); d[p] ^= 1 << r.randrange(8)
    what = "flip"
elif kind == "cut":     # cut short anywhere from 2% to 99%
    d = d[: max(1, int(len(d) * r.uniform(0.02, 0.99)))]
else:                   # 1..4 runs of 8..2048 random bytes
    for _ in range(r.randint(1, 4)):
        n = r.randint(8, 2048); p = r.randrange(max(1, len(d) - n))
        d[p:p + n] = bytes(r.randrange(256) for _ in range(min(n, len(d) - p)))
ext = clip.rsplit(".", 1)[1]
open(out + "." + ext, "wb").write(d)
print(clip, kind)
PY
  )
  local in="$dir/in.${clip##*.}" ref rc frames=0 verdict=ok why=
  ref=$(count_frames "$in")
  timeout -k 5 "$limit" "$bin" --no-display --backend cpu -c rawvideo -o "$dir/out.nut" "$in" \
    >"$dir/stdout" 2>"$dir/stderr"
  rc=$?
  [ -s "$dir/out.nut" ] && frames=$(count_frames "$dir/out.nut")
  if grep -qE "ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: UndefinedBehaviorSanitizer" "$dir/stderr"; then
    verdict=FAIL why="sanitizer report"
  elif [ $rc = 124 ] || [ $rc = 137 ]; then
    verdict=FAIL why="hung (killed after ${limit}s)"
  elif [ $rc -ge 128 ]; then
    verdict=FAIL why="crashed (exit $rc)"
  elif [ $rc = 0 ]; then
    [ "$frames" -ge "$ref" ] || { verdict=FAIL why="wrote $frames frames, FFmpeg decodes $ref"; }
  elif [ $rc = 2 ]; then
    local lines; lines=$(grep -c "^pinstripe: " "$dir/stderr")
    [ "$ref" = 0 ] || { verdict=FAIL why="exit 2, but FFmpeg decodes $ref frames"; }
    [ "$lines" -ge 1 ] || { verdict=FAIL why="exit 2 without a line saying why"; }
  else
    verdict=FAIL why="exit $rc: $(grep "^pinstripe: " "$dir/stderr" | grep -v " frames in " | tail -n 1)"
  fi
  printf 'seed %s %s %s ffmpeg %s frames, pinstripe exit %s, %s frames: %s %s\n' \
    "$s" "$clip" "$kind" "$ref" "$rc" "$frames" "$verdict" "$why"
  [ -n "$keep" ] || rm -rf "$dir"
}

export -f one count_frames
export tmp work keep bin limit
export clips_list="${clips[*]}"
log=$tmp/log
seq "$seed" $((seed + cases - 1)) |
  xargs -P "$jobs" -I{} bash -c 'clips=($clips_list); one "$@"' _ {} >"$log"
[ -z "$report" ] || sort -n -k2 "$log" >"$report"
failed=$(grep -c ": FAIL" "$log")
grep ": FAIL" "$log" | sort -n -k2
echo "damage: $cases cases (seeds $seed..$((seed + cases - 1)); clips: ${clips[*]}): $((cases - failed)) passed, $failed failed;" \
  "exit 0 in $(grep -c "pinstripe exit 0," "$log"), exit 2 in $(grep -c "pinstripe exit 2," "$log")"
[ "$failed" = 0 ]
