#!/usr/bin/env bash
# Grading tools in the player (issue 27), end to end (`grade.sh CASE`): live
# adjustment with mpv's keys under Xvfb against a run of the chain printed at
# quit; memory flat over many gamma presses. Clips are made at test time.
# Needs PINSTRIPE, ffmpeg, Xvfb and xdotool (else skipped). Exit 0 pass, 1 fail, 77 skip.
set -uo pipefail
case_name=${1:?usage: grade.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"

# VmRSS of $pid in KiB
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status"; }

case $case_name in
live_keys)
  # 2 three times and 8 once: every frame shown with the final look (its
  # generation in --stats) equals, by hash, the same frame of a run with the
  # chain printed at quit; the overlay's note is not in the frames (--no-overlay)
  xvfb_start 1280x800
  ff -f lavfi -i "testsrc2=size=320x240:rate=25" -t 30 -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/in.mp4"
  start -an --no-overlay --debug-frame-hash --stats "$tmp/s.json" -t "gray,eq=gamma=1.2" "$tmp/in.mp4"
  xdotool key --delay 100 --window "$wid" 2 2 2 8 2>/dev/null; sleep 2.5; finish q
  chain=$(sed -n "s/^pinstripe: the chain at quit: -t '\(.*\)'$/\1/p" "$tmp/err")
  [ "$chain" = "gray,eq=contrast=1.15:saturation=1.05:gamma=1.2" ] || { cat "$tmp/err" >&2; fail "printed chain '$chain'"; }
  expect 0 --no-display --debug-frame-hash --frames 750 --stats "$tmp/r.json" -t "$chain" "$tmp/in.mp4"
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
  ;;
live_gamma)
  # 200 gamma presses (up 120, down 80: a new value each time) keep running
  # with memory flat: no table per value (each would be 48 KiB), no failure.
  # Not under a sanitizer (its quarantine grows memory by design)
  [ -z "${ASAN_OPTIONS:-}${TSAN_OPTIONS:-}" ] || { echo "under a sanitizer: skipped"; exit 77; }
  xvfb_start 1280x800
  ff -f lavfi -i "testsrc2=size=320x240:rate=25" -t 60 -pix_fmt yuv420p -c:v libx264 -preset ultrafast "$tmp/in.mp4"
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
*) fail "unknown case '$case_name'" ;;
esac
echo "PASS $case_name"
