#!/usr/bin/env bash
# Grading tools in the player (issue 27), end to end (`grade.sh CASE`): live
# adjustment with mpv's keys under Xvfb against a run of the chain printed at
# quit; memory flat over many gamma presses; --compare split in -o against
# runs with and without the look, and its keys and mouse in a window; stills
# (key g) against -o's frames. Clips are made at test time.
# Needs PINSTRIPE, ffmpeg, Xvfb and xdotool (else skipped). Exit 0 pass, 1 fail, 77 skip.
set -uo pipefail
case_name=${1:?usage: grade.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"

# VmRSS of $pid in KiB
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }
# after b: its own line (the files, or why not; a bake takes ~10 s under TSan), then q
kept_then_q() {
  for _ in $(seq 600); do grep -Eq "pinstripe: b: .*(\.cube, the chain|not baked)" "$tmp/err" && break; sleep 0.2; done
  finish q
}

case $case_name in
live_keys)
  # 2 three times and 8 once: every frame shown with the final look (its
  # generation in --stats) equals, by hash, the same frame of a run with the
  # chain printed at quit; the overlay's note is not in the frames (--no-overlay)
  xvfb_start 1280x800
  ff -f lavfi -i "testsrc2=size=320x240:rate=25" -t 12 -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/in.mp4"
  start -an --no-overlay --debug-frame-hash --stats "$tmp/s.json" -t "gray,eq=gamma=1.2" "$tmp/in.mp4"
  xdotool key --delay 100 --window "$wid" 2 2 2 8 2>/dev/null; sleep 4; finish q
  cp "$tmp/err" "$tmp/window.err"
  chain=$(sed -n "s/^pinstripe: the chain at quit: -t '\(.*\)'$/\1/p" "$tmp/err")
  [ "$chain" = "gray,eq=contrast=1.15:saturation=1.05:gamma=1.2" ] || { cat "$tmp/err" >&2; fail "printed chain '$chain'"; }
  expect 0 --no-display --debug-frame-hash --frames 300 --stats "$tmp/r.json" -t "$chain" "$tmp/in.mp4"
  python3 - "$tmp/s.json" "$tmp/r.json" "$chain" <<'PY' || fail "frames of the final look differ from the printed chain's"
import json, sys
s, r = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert s["summary"]["chain"] == sys.argv[3], s["summary"]["chain"]
last = max(f["gen"] for f in s["frames"])
final = [f for f in s["frames"] if f["gen"] == last]
ref = {f["index"]: f["hash"] for f in r["frames"]}
gens = sorted(set(f["gen"] for f in s["frames"]))
print("generations", gens, "final", last, "frames of it", len(final))
assert last == 4 and len(gens) == 5, "four changes expected"
assert len(final) >= 20, "fewer than 20 frames of the final look"
bad = [f["index"] for f in final if f["hash"] != ref[f["index"]]]
assert not bad, f"{len(bad)} frames differ, e.g. {bad[:5]}"
first = [f for f in s["frames"] if f["gen"] == 0]
assert first and all(f["hash"] != ref[f["index"]] for f in first[:5]), "the first look equals the last"
PY
  # with the overlay off each press is said once (no other key repeats it)
  [ "$(grep -c 'pinstripe: contrast' "$tmp/window.err")" = 3 ] && [ "$(grep -c 'pinstripe: saturation' "$tmp/window.err")" = 1 ] ||
    { cat "$tmp/window.err" >&2; fail "each adjustment said once"; }
  # ten presses at once (no delay between them): highgui's window keeps one key
  # a wait, the shim queues the others; every press counts
  start -an --no-overlay -t gray "$tmp/in.mp4"
  xdotool key --delay 0 --window "$wid" $(printf '2 %.0s' $(seq 10)) 2>/dev/null
  for _ in $(seq 20); do [ "$(grep -c 'pinstripe: contrast' "$tmp/err")" = 10 ] && break; sleep 0.5; done
  finish q
  grep -q "the chain at quit: -t 'gray,eq=contrast=1.5'$" "$tmp/err" || { cat "$tmp/err" >&2; fail "ten presses at once"; }
  # keys, then the window's close button at once, the display slow: the run ends
  # (a wait that returned a key used to miss the close, and a new window came up)
  start -an --no-overlay --debug-display-delay 200 -t gray "$tmp/in.mp4"
  xdotool key --delay 0 --window "$wid" 2 2 2 2 2 2>/dev/null
  python3 "$(dirname "$0")/wm_close.py" "$wid" || fail "wm_close.py"
  for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  kill -0 $pid 2>/dev/null && { kill -9 $pid; fail "the close button after keys was ignored"; }
  wait $pid || fail "closed after keys: exit $?"
  # an HDR source: h (the next tone-mapping curve) is a new generation too, and the
  # line at quit gives the curve with the chain: its frames are the last generation's
  # (not under a sanitizer: the same threads as above, for CI's time)
  [ -z "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ] || { echo "PASS $case_name (HDR part left out)"; exit 0; }
  ff -f lavfi -i "testsrc2=size=320x180:rate=25" -t 12 -pix_fmt yuv420p10le -color_primaries bt2020 \
     -color_trc smpte2084 -colorspace bt2020nc -c:v ffv1 "$tmp/pq.mkv"
  start -an --no-overlay --debug-frame-hash --stats "$tmp/s.json" -t gray "$tmp/pq.mkv"
  xdotool key --delay 100 --window "$wid" 2 h 2>/dev/null; sleep 4; finish q
  line=$(sed -n "s/^pinstripe: the chain at quit: //p" "$tmp/err")
  [ "$line" = "-t 'gray,eq=contrast=1.05' --tone-mapping hable" ] || { cat "$tmp/err" >&2; fail "the line at quit: '$line'"; }
  expect 0 --no-display --debug-frame-hash --frames 300 --stats "$tmp/r.json" -t gray,eq=contrast=1.05 \
    --tone-mapping hable "$tmp/pq.mkv"
  python3 - "$tmp/s.json" "$tmp/r.json" <<'PY' || fail "frames after h differ from the line's run"
import json, sys
s, r = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
ref = {f["pts"]: f["hash"] for f in r["frames"]}
final = [f for f in s["frames"] if f["gen"] == 2]
print("HDR: generations", sorted(set(f["gen"] for f in s["frames"])), "frames of the last", len(final))
assert len(final) >= 20 and all(f["hash"] == ref[f["pts"]] for f in final)
PY
  ;;
live_gamma)
  # 200 gamma presses (up 120, down 80: a new value each time) keep running
  # with memory flat: no table per value (each would be 48 KiB), no failure.
  # Not under a sanitizer (its quarantine grows memory by design)
  [ -z "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ] || { echo "under a sanitizer: skipped"; exit 77; }
  xvfb_start 1280x800
  ff -f lavfi -i "testsrc2=size=320x240:rate=25" -t 20 -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/in.mp4"
  start -an --no-overlay "$tmp/in.mp4"
  xdotool key --delay 15 --window "$wid" $(printf '6 %.0s' $(seq 20)) 2>/dev/null; sleep 1
  before=$(rss)
  xdotool key --delay 15 --window "$wid" $(printf '6 %.0s' $(seq 100)) $(printf '5 %.0s' $(seq 80)) 2>/dev/null
  sleep 1; after=$(rss)
  echo "VmRSS after 20 presses ${before} KiB, after 200 ${after} KiB"
  finish q
  grep -q "the chain at quit: -t 'eq=gamma=3'$" "$tmp/err" || { cat "$tmp/err" >&2; fail "chain at quit"; }
  [ $((after - before)) -lt 2048 ] || fail "memory grew by $((after - before)) KiB over 180 presses"
  ;;
compare_file)
  # --compare split into -o (rawvideo, bgr24): left of the line each pixel is a
  # -t none run's, right of it the look's, byte for byte; the line is white;
  # for a chain and for lut3d, at the default split and at F = 0.3331
  ff -f lavfi -i "testsrc2=size=322x182:rate=25" -t 1 -pix_fmt yuv420p "$tmp/in.mkv"
  lut=$(dirname "$0")/../assets/luts/teal-orange.cube
  expect 0 -q --no-display -t none -o "$tmp/none.nut" -c rawvideo "$tmp/in.mkv"
  for t in "eq=contrast=1.4:gamma=1.3,hue=degrees=40" "lut3d=file=$lut"; do
    for f in "" "=0.3331"; do
      expect 0 -q --no-display -t "$t" -o "$tmp/look.nut" -c rawvideo "$tmp/in.mkv"
      expect 0 -q --no-display -t "$t" --compare "split$f" -o "$tmp/cmp.nut" -c rawvideo "$tmp/in.mkv"
      for n in none look cmp; do ff -i "$tmp/$n.nut" -f rawvideo -pix_fmt bgr24 "$tmp/$n.bgr"; done
      python3 - "$tmp" 322 182 "${f#=}" "$t" <<'PY' || fail "--compare split$f -t $t"
import math, sys
d, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
f = float(sys.argv[4] or 0.5)
none, look, cmp = (open(f"{d}/{n}.bgr", "rb").read() for n in ("none", "look", "cmp"))
assert len(none) == len(look) == len(cmp) == 25 * w * h * 3
split, bad = math.floor(f * w), 0
for r in range(25 * h):
    row = r * w * 3
    bad += cmp[row:row + 3 * split] != none[row:row + 3 * split]
    bad += cmp[row + 3 * split + 3:row + 3 * w] != look[row + 3 * split + 3:row + 3 * w]
    bad += cmp[row + 3 * split:row + 3 * split + 3] != b"\xff\xff\xff"
print(f"split at column {split} of {w}: {bad} rows wrong of {25 * h}")
assert bad == 0 and none != look
PY
    done
  done
  # bad values: one line, exit 1
  for v in split=2 split=-0.1 split=nan split=inf split=0x1 spilt "split=0.5 "; do
    expect 1 --no-display --compare "$v" -o "$tmp/x.nut" "$tmp/in.mkv"; one_line "--compare"
  done
  ;;
compare_keys)
  # under Xvfb: c toggles the split, ] moves it right, a drag moves it; read
  # from the window: left of the line the clip's colour, right of it gray (-t gray)
  xvfb_start 1280x800
  ff -f lavfi -i "color=c=0xd04020:size=400x240:rate=25" -t 15 -pix_fmt yuv420p "$tmp/in.mkv"
  # (--loop 0: under a sanitizer the probes' waits can outlast the clip)
  start -an --no-overlay --loop 0 -t gray --compare split "$tmp/in.mkv"
  eval "$(xdotool getwindowgeometry --shell "$wid")"
  probe() { # $1: a name; the colours at a quarter and three quarters across the picture
    shot "$tmp/$1.rgb"
    python3 - "$tmp/$1.rgb" $X $Y $WIDTH $HEIGHT "$1" <<'PY'
import sys
b = open(sys.argv[1], "rb").read()
x, y, w, h = map(int, sys.argv[2:6])
px = lambda cx: tuple(b[((y + h // 2) * 1280 + x + cx) * 3:((y + h // 2) * 1280 + x + cx) * 3 + 3])
grey = lambda p: max(p) - min(p) <= 4
print(sys.argv[6], "quarter", px(w // 4), "three quarters", px(3 * w // 4))
print("".join("g" if grey(px(c)) else "c" for c in (w // 4, 3 * w // 4)))
PY
  }
  # each state is waited for (up to 15 s: slow under the sanitizers), never assumed after a sleep
  wait_for() { # $1: a name, $2: the expected letters, $3: what failed
    for _ in $(seq 15); do
      got=$(probe "$1" | tail -1); [ "$got" = "$2" ] && return 0; sleep 1
    done
    fail "$3: '$got', expected $2"
  }
  wait_for split cg "split (colour | gray)"
  xdotool key --window "$wid" c 2>/dev/null
  wait_for off gg "c (off: gray | gray)"
  xdotool key --window "$wid" c bracketright bracketright bracketright bracketright bracketright \
    bracketright 2>/dev/null
  wait_for moved cc "c, ] x6 (F = 0.8: colour | colour)"
  xdotool mousemove --window "$wid" $((WIDTH * 8 / 10)) $((HEIGHT / 2)) mousedown 1 sleep 0.2 \
    mousemove --window "$wid" $((WIDTH / 2)) $((HEIGHT / 2)) sleep 0.2 \
    mousemove --window "$wid" $((WIDTH / 10)) $((HEIGHT / 2)) sleep 0.2 mouseup 1 2>/dev/null
  wait_for dragged gg "dragged to 0.1 (gray | gray)"
  finish q
  ;;
still)
  # key g in a window smaller than the video (the stage resamples), with the
  # overlay on, then zoomed: each PNG, decoded by ffmpeg, equals frame `index`
  # (from its line) of a --no-display -c rawvideo run, byte for byte
  xvfb_start 1280x800
  ff -f lavfi -i "testsrc2=size=640x360:rate=25" -t 10 -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/in.mp4"
  mkdir -p "$tmp/shots"
  start -an --window-size 320x180 -t sepia --compare split=0.3 --screenshot-dir "$tmp/shots" "$tmp/in.mp4"
  xdotool key --window "$wid" g 2>/dev/null; sleep 1
  xdotool key --window "$wid" z 2>/dev/null; sleep 1; xdotool key --window "$wid" g 2>/dev/null; sleep 1
  finish q
  mv "$tmp/err" "$tmp/window.err"; grep "still:" "$tmp/window.err"
  [ "$(grep -c "still: $tmp/shots/in-[0-9]*.png (frame [0-9]*, [0-9.]* s)" "$tmp/window.err")" = 2 ] ||
    { cat "$tmp/window.err" >&2; fail "two still lines expected"; }
  expect 0 -q --no-display -t sepia --compare split=0.3 -o "$tmp/ref.nut" -c rawvideo "$tmp/in.mp4"
  ff -i "$tmp/ref.nut" -f rawvideo -pix_fmt rgb24 "$tmp/ref.rgb"
  sed -n "s/.*still: \(.*\) (frame \([0-9]*\), .*/\1 \2/p" "$tmp/window.err" >"$tmp/stills"
  [ "$(wc -l <"$tmp/stills")" = 2 ] || fail "two stills expected"
  while read -r png index; do
    ff -i "$png" -f rawvideo -pix_fmt rgb24 "$tmp/still.rgb"
    python3 - "$tmp/still.rgb" "$tmp/ref.rgb" "$index" <<'PY' || fail "$png is not frame $index"
import sys
still, ref, i = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read(), int(sys.argv[3])
n = 640 * 360 * 3
print("still of frame", i, len(still), "bytes; equal:", still == ref[i * n:(i + 1) * n])
assert len(still) == n and still == ref[i * n:(i + 1) * n]
PY
  done <"$tmp/stills"
  expect 1 --no-display --screenshot-dir "$tmp/none" -o "$tmp/x.nut" "$tmp/in.mp4"; one_line "--screenshot-dir"
  expect 1 --no-display --screenshot-dir "$tmp/in.mp4" -o "$tmp/x.nut" "$tmp/in.mp4"; one_line "not a directory"
  # g while paused, then quit before a step: said, not lost in silence
  start -an --no-overlay --screenshot-dir "$tmp/shots" "$tmp/in.mp4"
  xdotool key --delay 300 --window "$wid" space g 2>/dev/null; sleep 0.5; finish q
  grep -q "still: not taken" "$tmp/err" || { cat "$tmp/err" >&2; fail "a still asked for while paused, then quit"; }
  ;;
cdl_keys)
  # the CDL keys (issue 44): k/j choose, ',' '.' step; the chain said at quit;
  # each press said once (overlay off); then b: the .cc read back by cdl=file=
  # gives the same 16-bit bytes as the printed step, the .cube is --bake-lut's
  # table for the same chain and input (numbers equal) and FFmpeg's lut3d reads
  # it; and b on a PQ source bakes for PQ (tone-mapped, as --bake-lut does)
  xvfb_start 1280x800
  ff -f lavfi -i "testsrc2=size=320x240:rate=25" -t 12 -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/in.mp4"
  mkdir -p "$tmp/keep"
  start -an --no-overlay --screenshot-dir "$tmp/keep" -t "eq=contrast=1.1" "$tmp/in.mp4"
  xdotool key --delay 80 --window "$wid" period k k k k k comma k k k k period period j j j j j j period \
    j j j j period b 2>/dev/null
  kept_then_q
  mv "$tmp/err" "$tmp/window.err"
  want="cdl=slope=1.02/1.02/1.04:offset=-0.005/0/0:power=1.04/1/1:sat=1.05,eq=contrast=1.1"
  grep -q "the chain at quit: -t '$want'$" "$tmp/window.err" || { cat "$tmp/window.err" >&2; fail "the chain at quit"; }
  [ "$(grep -c 'pinstripe: CDL' "$tmp/window.err")" = 25 ] || { cat "$tmp/window.err" >&2; fail "each CDL key said once"; }
  grep "pinstripe: b: " "$tmp/window.err"
  cube=$(sed -n "s/^pinstripe: b: \([^ ]*\.cube\), the chain (65^3, SDR in, SDR out; .*/\1/p" "$tmp/window.err")
  cc=$(sed -n "s/^pinstripe: b: .*; \([^ ]*\.cc\), its CDL decision$/\1/p" "$tmp/window.err")
  [[ "$cube" == "$tmp/keep/in-"[0-9][0-9][0-9][0-9][0-9][0-9].cube && "$cc" == "${cube%.cube}.cc" ]] ||
    fail "b's files: '$cube' '$cc'"
  [ "$(ls "$tmp/keep" | wc -l)" = 2 ] || fail "b left $(ls "$tmp/keep")"
  expect 0 -q --no-display -t "$want" --out-depth 16 -c rawvideo -o "$tmp/a.nut" --frames 5 "$tmp/in.mp4"
  expect 0 -q --no-display -t "cdl=file=$cc,eq=contrast=1.1" --out-depth 16 -c rawvideo -o "$tmp/b.nut" --frames 5 "$tmp/in.mp4"
  cmp "$tmp/a.nut" "$tmp/b.nut" || fail "the .cc read back differs from the printed step"
  expect 0 --bake-lut "$tmp/ref.cube" -t "$want" "$tmp/in.mp4"
  cmp <(grep -v '^#\|^TITLE' "$tmp/ref.cube") <(grep -v '^#\|^TITLE' "$cube") || fail "b's .cube is not --bake-lut's"
  ff -i "$tmp/in.mp4" -vf "lut3d=file=$cube:interp=tetrahedral" -frames:v 2 -f null - || fail "FFmpeg cannot read $cube"
  ;;
cdl_bake_hdr)
  # b where PQ is involved (issue 44; cdl_keys' second half, a test of its own so
  # that the two run side by side): on a PQ source it bakes for PQ (tone-mapped, as
  # --bake-lut does), its .cc read back gives the same bytes; on a chain that makes
  # PQ itself it bakes for the SDR source; and t while -o writes that PQ
  xvfb_start 1280x800
  ff -f lavfi -i "testsrc2=size=320x240:rate=25" -t 12 -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/in.mp4"
  mkdir -p "$tmp/keep"
  # a PQ source: b bakes for it as the window shows it (tone-mapped)
  ff -f lavfi -i "testsrc2=size=320x240:rate=25" -t 8 -pix_fmt yuv420p10le -c:v libx264 -preset ultrafast \
     -color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc "$tmp/pq.mp4"
  rm -f "$tmp/keep"/*
  start -an --no-overlay --screenshot-dir "$tmp/keep" -t "cdl=sat=1.2" "$tmp/pq.mp4"
  xdotool key --window "$wid" b 2>/dev/null; kept_then_q
  grep -q "pinstripe: b: .*\.cube, the chain (65^3, PQ in, SDR out (tone-mapped, as the window shows it); " "$tmp/err" ||
    { cat "$tmp/err" >&2; fail "b on a PQ source"; }
  expect 0 --bake-lut "$tmp/ref.cube" -t "cdl=sat=1.2" "$tmp/pq.mp4"
  cmp <(grep -v '^#\|^TITLE' "$tmp/ref.cube") <(grep -v '^#\|^TITLE' "$tmp/keep"/pq-*.cube) || fail "b's PQ .cube is not --bake-lut's"
  # its .cc (power 1: OpenColorIO's optimizer makes other operations of it, for
  # numbers as for a file) read back gives the same bytes
  expect 0 -q --no-display -t "cdl=sat=1.2" --out-depth 16 -c rawvideo -o "$tmp/a.nut" --frames 3 "$tmp/pq.mp4"
  expect 0 -q --no-display -t "cdl=file=$(ls "$tmp/keep"/pq-*.cc)" --out-depth 16 -c rawvideo -o "$tmp/b.nut" --frames 3 "$tmp/pq.mp4"
  cmp "$tmp/a.nut" "$tmp/b.nut" || fail "the PQ run's .cc read back differs from cdl=sat=1.2"
  # a chain that makes PQ itself (camera=…:output=hdr-pq-1000) on this SDR source:
  # b bakes for the source (SDR in), tone-mapped as the window shows it
  rm -f "$tmp/keep"/*
  cam="camera=slog3-cine:output=hdr-pq-1000"
  start -an --no-overlay --screenshot-dir "$tmp/keep" -t "$cam" "$tmp/in.mp4"
  xdotool key --window "$wid" b 2>/dev/null; kept_then_q
  grep -q "pinstripe: b: .*\.cube, the chain (65^3, SDR in, SDR out (tone-mapped, as the window shows it); .*; no .cc: the chain has no cdl= step of numbers" "$tmp/err" ||
    { cat "$tmp/err" >&2; fail "b on a chain that makes PQ"; }
  [ "$(ls "$tmp/keep" | wc -l)" = 1 ] || fail "b without a CDL step left $(ls "$tmp/keep")"
  expect 0 --bake-lut "$tmp/ref.cube" -t "$cam" "$tmp/in.mp4"
  cmp <(grep -v '^#\|^TITLE' "$tmp/ref.cube") <(grep -v '^#\|^TITLE' "$tmp/keep"/in-*.cube) || fail "b's .cube of $cam"
  # and while -o writes that PQ, t passes the looks that make SDR (their frames
  # would be under PQ tags): back to -t itself, said
  start -an --no-overlay -t "$cam" -c ffv1 -o "$tmp/pq.mkv" "$tmp/in.mp4"
  xdotool key --delay 300 --window "$wid" t 2>/dev/null; sleep 1
  finish q
  grep -q "look 1 of [0-9]*: $cam (passed: .* makes SDR, and the file being written is PQ)" "$tmp/err" ||
    { cat "$tmp/err" >&2; fail "t while -o writes PQ"; }
  ;;
scope_counts)
  # --debug-scope's counts against counts made here, with numpy, from the frames
  # -o wrote (rawvideo) by the README's formulas: testsrc2, the bundled H.264
  # sample, a picture wider than the 720 columns (bins), and a 16-bit output
  # (1024 levels) of a 10-bit source; with --compare too
  /usr/bin/python3 -c 'import numpy' 2>/dev/null || { echo "no numpy for /usr/bin/python3: skipped"; exit 77; }
  ff -f lavfi -i "testsrc2=size=320x240:rate=25" -t 0.2 -pix_fmt yuv420p "$tmp/src.mkv"
  ff -f lavfi -i "mandelbrot=size=1282x360:rate=25" -t 0.2 -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/wide.mp4"
  ff -f lavfi -i "testsrc2=size=400x224:rate=25" -t 0.2 -pix_fmt yuv420p10le -c:v ffv1 "$tmp/deep.mkv"
  sample=$(dirname "$0")/../assets/sample.mp4
  run=0
  for c in "src.mkv:320:240::-t sepia" "SAMPLE:640:360::--frames 6 -t eq=contrast=1.3:saturation=1.4" \
           "wide.mp4:1282:360::--compare split=0.4 -t invert" "deep.mkv:400:224:16:-t eq=gamma=1.3"; do
    IFS=: read -r clip w h depth args <<<"$c"
    [ "$clip" = SAMPLE ] && clip=$sample || clip=$tmp/$clip
    fmt=bgr24; [ -n "$depth" ] && fmt=rgb48le
    # shellcheck disable=SC2086
    expect 0 -q --no-display $args ${depth:+--out-depth $depth} --debug-scope "$tmp/counts.jsonl" \
      -o "$tmp/out.nut" -c rawvideo "$clip"
    ff -i "$tmp/out.nut" -f rawvideo -pix_fmt $fmt "$tmp/out.raw"
    /usr/bin/python3 - "$tmp/counts.jsonl" "$tmp/out.raw" "$w" "$h" "$fmt" <<'PY' || fail "scope counts of $clip ($args)"
import json, sys
import numpy as np
jl, raw, w, h, fmt = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
wide = fmt == "rgb48le"
a = np.frombuffer(open(raw, "rb").read(), np.uint16 if wide else np.uint8).reshape(-1, h, w, 3).astype(np.int64)
recs = [json.loads(l) for l in open(jl)]
assert len(recs) == len(a), f"{len(recs)} count lines for {len(a)} frames"
bad = 0
for rec in recs:
    f = a[rec["index"]]
    if wide:  # R, G, B: 16 bits to 10
        r, g, b = f[..., 0] >> 6, f[..., 1] >> 6, f[..., 2] >> 6
    else:     # B, G, R: 8 bits to 10, s10 = (s·1023 + 127) / 255
        s10 = lambda s: (s * 1023 + 127) // 255
        r, g, b = s10(f[..., 2]), s10(f[..., 1]), s10(f[..., 0])
    y = (13933 * r + 46871 * g + 4732 * b + 32768) >> 16
    levels, shift = (1024, 0) if wide else (256, 2)
    cols = min(w, 720)
    x = np.broadcast_to(np.arange(w), (h, w))
    col = x * cols // w
    n = cols * levels
    cnt = lambda idx, k: np.bincount(idx.ravel(), minlength=k)
    uv = lambda d, c: np.clip(128 + ((d * c + 32768) >> 16), 0, 255)
    want = {"wave": cnt((y >> shift) * cols + col, n),
            "parade": np.concatenate([cnt((c >> shift) * cols + col, n) for c in (r, g, b)]),
            "vector": cnt(uv(r - y, 10333) * 256 + uv(b - y, 8769), 65536),
            "hist": np.concatenate([cnt(c >> shift, levels) for c in (r, g, b)])}
    assert rec["levels"] == levels and rec["cols"] == cols and rec["width"] == w, rec
    for k, t in want.items():
        got = np.zeros_like(t)
        for i, c in rec[k]:
            got[i] = c
        if not np.array_equal(got, t):
            bad += 1
            print("frame", rec["index"], k, "differs by", int(np.abs(got - t).sum()), "counts")
print(f"{len(recs)} frames {w}x{h} {fmt}: every scope's counts equal ({bad} tables differ)")
sys.exit(1 if bad else 0)
PY
    run=$((run + 1))
  done
  [ "$run" = 4 ] || fail "not every clip was checked"
  # bad values: one line, exit 1
  for v in bogus "waveform," "" "waveform,,parade" "Waveform"; do
    expect 1 --no-display --scope "$v" -o "$tmp/x.nut" "$tmp/src.mkv"; one_line "--scope"
  done
  ;;
scope_keys)
  # under Xvfb, a still picture: w cycles off → waveform → parade → vectorscope →
  # histogram → off; each scope darkens and draws in the window's top-right
  # corner and nowhere else (the shots are kept in $tmp)
  xvfb_start 1280x800
  ff -f lavfi -i "testsrc2=size=960x540:rate=1" -frames:v 1 "$tmp/still.png"
  ff -loop 1 -i "$tmp/still.png" -t 12 -r 10 -pix_fmt yuv420p -c:v libx264 -preset ultrafast -qp 0 "$tmp/still.mp4"
  # (looped, so that a slow run under the sanitizers can't reach the end; each shot is
  # taken once the screen has changed since the last, up to 15 s after the key)
  start -an --no-overlay --loop 0 "$tmp/still.mp4"
  eval "$(xdotool getwindowgeometry --shell "$wid")"
  shot "$tmp/off.rgb"
  prev="$tmp/off.rgb"
  for s in waveform parade vectorscope histogram off2; do
    xdotool key --window "$wid" w 2>/dev/null
    for _ in $(seq 30); do
      sleep 0.5; shot "$tmp/$s.rgb"; cmp -s "$tmp/$s.rgb" "$prev" || break
    done
    sleep 0.5; shot "$tmp/$s.rgb"; prev="$tmp/$s.rgb"
  done
  finish q
  /usr/bin/python3 - "$tmp" $X $Y $WIDTH $HEIGHT <<'PY' || fail "key w"
import sys
import numpy as np
d, x, y, w, h = sys.argv[1], *map(int, sys.argv[2:6])
load = lambda n: np.frombuffer(open(f"{d}/{n}.rgb", "rb").read(), np.uint8).reshape(800, 1280, 3)[y:y + h, x:x + w].astype(int)
off = load("off")
for n in ("waveform", "parade", "vectorscope", "histogram"):
    diff = np.abs(load(n) - off).max(axis=2) > 8
    ys, xs = np.nonzero(diff)
    print(n, "changed pixels:", len(ys), "in x", xs.min() if len(xs) else None, "..", xs.max() if len(xs) else None,
          "y", ys.min() if len(ys) else None, "..", ys.max() if len(ys) else None)
    assert len(ys) > 0.03 * w * h, "nothing drawn"
    assert xs.min() > w // 2 and ys.max() < h * 3 // 4, "drawn outside the top-right corner"
assert np.abs(load("off2") - off).max() <= 8, "w after histogram did not turn the scopes off"
names = ("waveform", "parade", "vectorscope", "histogram")
for i, a in enumerate(names):
    for b in names[i + 1:]:
        assert (np.abs(load(a) - load(b)).max(axis=2) > 8).sum() > 0.01 * w * h, f"{a} and {b} look the same"
PY
  # each step of the cycle shows what --scope of that name shows (the cycle's order)
  for s in waveform parade vectorscope histogram; do
    start -an --no-overlay --loop 0 --scope "$s" "$tmp/still.mp4"
    for _ in $(seq 30); do
      shot "$tmp/ref.rgb"; cmp -s "$tmp/ref.rgb" "$tmp/$s.rgb" && break; sleep 0.5
    done
    finish q
    cmp -s "$tmp/ref.rgb" "$tmp/$s.rgb" || fail "w's step $s does not show what --scope $s shows"
  done
  # a flat grey picture: its waveform is one bright line across, at its level
  # (the picture's columns run across the scope, its levels up)
  ff -f lavfi -i "color=c=0x808080:size=960x540:rate=10" -t 8 -pix_fmt yuv420p -c:v libx264 -preset ultrafast -qp 0 "$tmp/grey.mp4"
  start -an --no-overlay --scope waveform "$tmp/grey.mp4"; shot "$tmp/grey.rgb"; finish q
  /usr/bin/python3 - "$tmp/grey.rgb" $X $Y $WIDTH $HEIGHT <<'PY' || fail "the waveform of a flat grey picture"
import sys
import numpy as np
x, y, w, h = map(int, sys.argv[2:6])
a = np.frombuffer(open(sys.argv[1], "rb").read(), np.uint8).reshape(800, 1280, 3)[y:y + h, x:x + w].astype(int)
box = a[: h // 2, w // 2:]
ys, xs = np.nonzero(box[..., 1] > 200)  # the plotted (green-white) points
print("bright points", len(ys), "rows", ys.min(), "..", ys.max(), "columns", xs.min(), "..", xs.max())
assert len(ys) > 100 and ys.max() - ys.min() <= 4 and xs.max() - xs.min() > 100, "not a line across"
PY
  # and its parade three lines, red, green and blue, left to right, at the same level
  start -an --no-overlay --scope parade "$tmp/grey.mp4"; shot "$tmp/greyp.rgb"; finish q
  /usr/bin/python3 - "$tmp/greyp.rgb" $X $Y $WIDTH $HEIGHT <<'PY' || fail "the parade of a flat grey picture"
import sys
import numpy as np
x, y, w, h = map(int, sys.argv[2:6])
a = np.frombuffer(open(sys.argv[1], "rb").read(), np.uint8).reshape(800, 1280, 3)[y:y + h, x:x + w].astype(int)
box = a[: h // 2, w // 2:]
spans = []
for ch, name in enumerate(("red", "green", "blue")):
    others = np.delete(box, ch, axis=2).max(axis=2)
    ys, xs = np.nonzero((box[..., ch] > 200) & (others < 200))
    print(name, "points", len(ys), "rows", ys.min() if len(ys) else None, "..", ys.max() if len(ys) else None,
          "columns", xs.min() if len(xs) else None, "..", xs.max() if len(xs) else None)
    assert len(ys) > 30 and ys.max() - ys.min() <= 4 and xs.max() - xs.min() > 30, f"no {name} line across"
    spans.append((xs.min(), xs.max(), np.median(ys)))
assert spans[0][1] < spans[1][0] and spans[1][1] < spans[2][0], "the panels are not red, green, blue from the left"
assert max(s[2] for s in spans) - min(s[2] for s in spans) <= 2, "the three lines are not at one level"
PY
  ;;
*) fail "unknown case '$case_name'" ;;
esac
echo "PASS $case_name"
