#!/usr/bin/env bash
# --start/--end (issue 28, item 4): the frames of a part of a file, checked
# against a full run's (framemd5 of -c rawvideo) at the indices that ffprobe's
# timestamps put in [start, end) on the file's timeline (from its start time).
#   mp4      video only, 25 fps, a keyframe every 2 s, B-frames: 2..3.5 is frames
#            50..87, 3..4.5 frames 75..112 (25 decoded and dropped); --end past the
#            end: to the end; the output starts at 0, --copyts keeps the times
#   ts       MPEG-TS with MP2 (its seeks land late; starts at 1.47 s): frames and
#            the sound's span within one audio frame of the range
#   mkv_aac  MKV with AAC, its video starting at 0.021 s: the same
#            with --loop 0, the range again and again
#   ps_avi   MPEG-PS and AVI with B-frames (packets without a pts)
#   opengop  HEVC with open GOPs (leading pictures after a seek are never kept)
#   errors   --end not after --start, text that is no time, with --webcam, a range with
#            no frame in it: one line, exit 1
#   player   a window opens at --start and --loop 2 plays the range twice (--stats)
case_name=${1:?usage: range.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"
gop="-g 50 -keyint_min 50 -sc_threshold 0 -bf 3"
src="-f lavfi -i testsrc2=size=192x108:rate=25"
snd="-f lavfi -i sine=f=440:r=48000"

# cut START END INPUT: a run with --start/--end (more options after) equals the full
# run at the frames in [START, END) by ffprobe's timestamps
cut() {
  local a=$1 b=$2 in=$3; shift 3
  [ -e "$tmp/full.md5" ] || { expect 0 --no-display -q -an -c rawvideo -o "$tmp/full.nut" "$in"
    ff -i "$tmp/full.nut" -map 0:v -f framemd5 "$tmp/full.md5"; }
  expect 0 --no-display -q --start "$a" --end "$b" -c rawvideo -o "$tmp/cut.nut" "$@" "$in"
  ff -i "$tmp/cut.nut" -map 0:v -f framemd5 "$tmp/cut.md5"
  ffprobe -v error -show_entries format=start_time -of csv=p=0 "$in" >"$tmp/start"
  ffprobe -v error -select_streams v:0 -show_entries frame=best_effort_timestamp_time -of csv=p=0 "$in" >"$tmp/ts"
  python3 - "$a" "$b" "$tmp" "${WANT:-}" <<'PY' || fail "--start $a --end $b on $(basename "$in")"
import sys
secs = lambda t: sum(float(x) * 60 ** i for i, x in enumerate(reversed(t.split(":"))))
a, b, tmp, want = secs(sys.argv[1]), secs(sys.argv[2]), sys.argv[3], sys.argv[4]
st = float(open(tmp + "/start").read().strip() or 0)
ts = []  # (a frame without one: the last one's and a frame, 25 fps, as pinstripe and ffmpeg take it)
for l in open(tmp + "/ts"):
    if l.strip():
        v = l.strip().rstrip(",")
        ts.append(float(v) if v != "N/A" else ts[-1] + 0.04 if ts else 0)
rows = lambda f: [l.split(",")[5].strip() for l in open(f) if not l.startswith("#")]
full, cut = rows(tmp + "/full.md5"), rows(tmp + "/cut.md5")
idx = [i for i, t in enumerate(ts) if a <= t - st < b]
print("[%g, %g): frames %d..%d of %d wanted, %d written" % (a, b, idx[0], idx[-1], len(full), len(cut)))
assert len(full) == len(ts), "the full run has %d frames, ffprobe %d" % (len(full), len(ts))
if want:
    assert "%d..%d" % (idx[0], idx[-1]) == want, "ffprobe's frames are not %s" % want
assert cut == [full[i] for i in idx], "not the same frames"
PY
}
# span IN OUT A B: OUT's video starts where IN's first frame in [A, B) lies after A
# (within a frame of 0: the writer puts the video on its frame grid and shifts
# the sound with it), and its sound covers [A, B) shifted so, within one audio
# frame at each end
span() {
  ffprobe -v error -select_streams a:0 -show_entries packet=pts_time,duration_time -of csv=p=0 "$2" >"$tmp/apk"
  ffprobe -v error -select_streams v:0 -show_entries packet=pts_time -of csv=p=0 "$2" >"$tmp/vpk"
  ffprobe -v error -show_entries format=start_time -of csv=p=0 "$1" >"$tmp/start"
  ffprobe -v error -select_streams v:0 -show_entries packet=pts_time -of csv=p=0 "$1" >"$tmp/vin"
  python3 - "$tmp" "$3" "$4" <<'PY' || fail "the sound of $(basename "$2")"
import sys
tmp, a, b = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
num = lambda f: sorted(float(l.strip().rstrip(",")) for l in open(tmp + f) if l.strip())
st = float(open(tmp + "/start").read().strip() or 0)
vin = min(t - st for t in num("/vin") if a <= t - st < b) - a
v = num("/vpk")
shift = v[0] - vin
pk = [tuple(map(float, l.strip().rstrip(",").split(","))) for l in open(tmp + "/apk") if l.strip()]
first, last = pk[0][0], pk[-1][0] + pk[-1][1]
frame = max(d for _, d in pk)
print("video from %.3f s (%.3f in the range; shifted %.3f); sound %.3f..%.3f s (%.3f s of %.3f; a frame is %.3f s)"
      % (v[0], vin, shift, first, last, last - first, b - a, frame))
assert abs(shift) < 0.041, "the video does not start at 0 (within a frame: the writer's grid)"
assert abs(first - shift) <= frame + 0.001 and abs(last - shift - (b - a)) <= frame + 0.001, "the sound's span is not the range's"
PY
}

case $case_name in
mp4)
  ff $src -t 8 -pix_fmt yuv420p -c:v libx264 $gop "$tmp/in.mp4"
  WANT=50..87 cut 2 3.5 "$tmp/in.mp4"
  WANT=75..112 cut 0:03 00:00:04.5 "$tmp/in.mp4"
  WANT=188..199 cut 7.5 100 "$tmp/in.mp4"
  expect 0 --no-display -q --start 3 -c rawvideo -o "$tmp/a.nut" "$tmp/in.mp4"
  [ "$(ffprobe -v error -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$tmp/a.nut")" = 125 ] ||
    fail "--start 3 alone is not the last 125 frames"
  expect 0 --no-display -q --start 3 --end 4.5 -o "$tmp/a.mp4" "$tmp/in.mp4"
  expect 0 --no-display -q --start 3 --end 4.5 --copyts -o "$tmp/b.mp4" "$tmp/in.mp4"
  sa=$(ffprobe -v error -show_entries format=start_time -of csv=p=0 "$tmp/a.mp4")
  sb=$(ffprobe -v error -show_entries format=start_time -of csv=p=0 "$tmp/b.mp4")
  echo "start times: $sa, --copyts $sb"
  python3 -c "import sys; a, b = float('$sa'), float('$sb'); sys.exit(not (abs(a) < 0.05 and abs(b - 3) < 0.05))" ||
    fail "the output does not start at 0 ($sa), or --copyts at 3 ($sb)"
  ;;
ts)
  ff $src $snd -t 8 -pix_fmt yuv420p -c:v libx264 $gop -c:a mp2 "$tmp/in.ts"
  cut 3 4.5 "$tmp/in.ts"; cut 0.5 3 "$tmp/in.ts"
  expect 0 --no-display -q --start 2 --end 3.5 -o "$tmp/a.mkv" "$tmp/in.ts"; span "$tmp/in.ts" "$tmp/a.mkv" 2 3.5
  # --loop 0 (without end) over a range: the range again and again, the times running on
  expect 0 --no-display -q -an --loop 0 --frames 60 --start 2 --end 3 --debug-frame-hash --stats "$tmp/st.json" "$tmp/in.ts"
  python3 - "$tmp/st.json" <<'PY' || fail "--loop 0 over a range"
import json, sys
fr = json.load(open(sys.argv[1]))["frames"]
h, p = [f["hash"] for f in fr], [f["pts"] for f in fr]
print(len(fr), "frames,", len(set(h)), "pictures, steps", sorted(set(b - a for a, b in zip(p, p[1:]))))
assert len(fr) == 60 and h[:25] == h[25:50] == h[50:] + h[10:25] and len(set(h)) == 25, "not the range again"
assert len(set(b - a for a, b in zip(p, p[1:]))) == 1, "the times do not run on"
PY
  ;;
mkv_aac)
  ff $src $snd -t 8 -pix_fmt yuv420p -c:v libx264 $gop -c:a aac "$tmp/in.mkv"
  cut 3 4.5 "$tmp/in.mkv"; cut 5.3 20 "$tmp/in.mkv"
  expect 0 --no-display -q --start 3 --end 4.5 -o "$tmp/a.mp4" "$tmp/in.mkv"; span "$tmp/in.mkv" "$tmp/a.mp4" 3 4.5
  ;;
ps_avi)
  # MPEG-PS (MPEG-2) and AVI (MPEG-4 Part 2, packed B-frames): packets without a pts
  ff $src -t 6 -pix_fmt yuv420p -c:v mpeg2video -g 12 -bf 2 "$tmp/in.mpg"
  cut 2 3.5 "$tmp/in.mpg"; cut 0.5 1.03 "$tmp/in.mpg"
  rm -f "$tmp/full.md5"
  ff $src -t 6 -c:v mpeg4 -g 50 -bf 2 "$tmp/in.avi"
  cut 2 3.5 "$tmp/in.avi"; cut 0.5 1.03 "$tmp/in.avi"
  ;;
opengop)
  ff $src -t 6 -pix_fmt yuv420p -c:v libx265 \
     -x265-params keyint=50:min-keyint=50:scenecut=0:open-gop=1:bframes=3:log-level=error "$tmp/in.mkv"
  cut 1.95 2.2 "$tmp/in.mkv"; cut 2.04 4.2 "$tmp/in.mkv"
  ;;
errors)
  ff $src -t 2 -pix_fmt yuv420p "$tmp/in.mkv"
  expect 1 --no-display --start 3 --end 2 -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "--end 2 is not after --start 3"
  expect 1 --no-display --start 1 --end 1 -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "is not after"
  expect 1 --no-display --end 0 -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "--end 0 is not after --start 0"
  for bad in abc -1 1:75 1.5:20 "" 1:2:3:4 nan 0x10 1e3; do
    expect 1 --no-display --start "$bad" -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "--start: '$bad' is not a time"
  done
  expect 1 --no-display --end 2:60 -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "--end: '2:60' is not a time"
  expect 1 --webcam /dev/video9 --start 1; one_line "not with --webcam"
  [ ! -e "$tmp/x.nut" ] || fail "a refused run left an output"
  # a range that holds no frame (past the end, or between two frames): one line, exit 1, no file
  expect 1 --no-display -q --start 5 -c rawvideo -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "lies in [5, its end): nothing written"
  expect 1 --no-display -q --start 1.01 --end 1.02 -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "lies in [1.01, 1.02)"
  [ ! -e "$tmp/x.nut" ] || fail "a range without frames left a file"
  expect 0 --no-display -q --start 1.5 --end 100 -c rawvideo -o "$tmp/x.nut" "$tmp/in.mkv" # past the end: to the end
  echo "errors said in one line each"
  ;;
player)
  ff $src -t 8 -pix_fmt yuv420p -c:v libx264 $gop "$tmp/in.mp4"
  xvfb_start 640x480
  "$bin" --no-overlay --start 3 --end 4 --loop 2 --stats "$tmp/stats.json" "$tmp/in.mp4" 2>"$tmp/err"
  [ $? = 0 ] || { cat "$tmp/err"; fail "the player's run failed"; }
  python3 - "$tmp/stats.json" <<'PY' || fail "the range in the player"
import json, sys
fr = json.load(open(sys.argv[1]))["frames"]
pts = [f["pts"] for f in fr]  # (in the video's time base: a frame is pts[1] - pts[0])
step = pts[1] - pts[0]
print(len(fr), "frames shown, from frame %g, the last %g" % (pts[0] / step, pts[-1] / step))
assert pts[0] == 75 * step, "the window did not open at --start 3 (frame 75)"
assert len(fr) == 50, "--loop 2 over [3, 4) is 50 frames"
assert all(b - a == step for a, b in zip(pts, pts[1:])), "the two passes do not run on"
PY
  ;;
*) fail "unknown case $case_name" ;;
esac
