#!/usr/bin/env bash
# Batches on GNU parallel (issue 28, item 7): tools/batch.sh, -j 2, over four
# clips and one that cannot be opened: four outputs, each the same frames as a
# single run's; the bad one's task fails with a line naming it (exit 2, in the
# joblog), the others finish, no .part file is left; run again alone it fails
# the same way, a good one alone succeeds.
case_name=${1:?usage: batch.sh CASE}
source "$(dirname "$0")/e2e-lib.sh"
batch=$(dirname "$0")/../tools/batch.sh

case $case_name in
parallel)
  command -v parallel >/dev/null || fail "no GNU parallel (tools/install-deps.sh installs it)"
  for i in 1 2 3 4; do
    ff -f lavfi -i "testsrc2=size=$((160 + 32 * i))x$((96 + 16 * i)):rate=25" -t 1 -pix_fmt yuv420p \
       -c:v libx264 -preset ultrafast "$tmp/clip$i.mp4"
  done
  head -c 5000 /dev/urandom >"$tmp/broken.mp4"
  opts="-t eq=contrast=1.2,sepia -c rawvideo"
  PINSTRIPE=$bin "$batch" -j 2 -e nut "$tmp/res" "$opts" "$tmp"/clip1.mp4 "$tmp"/clip2.mp4 "$tmp/broken.mp4" \
    "$tmp"/clip3.mp4 "$tmp"/clip4.mp4 2>"$tmp/batch.err"
  rc=$?; cat "$tmp/batch.err"
  [ $rc = 1 ] || fail "batch exit $rc, expected 1 (one task failed)"
  grep -q "FAILED '$tmp/broken.mp4' (pinstripe exit 2)" "$tmp/batch.err" || fail "the failed task is not named"
  awk -F'\t' 'NR > 1 && $7 == 2' "$tmp/res/batch.log" | grep -q broken.mp4 || fail "the joblog has no exit 2 for broken.mp4"
  ls "$tmp/res"/*.part.* 2>/dev/null && fail "a .part file was left"
  for i in 1 2 3 4; do
    expect 0 -q --no-display $opts -o "$tmp/one$i.nut" "$tmp/clip$i.mp4"
    a=$(ffmpeg -v error -i "$tmp/res/clip$i.nut" -f framemd5 - | grep -v '^#') || fail "clip$i.nut does not read back"
    b=$(ffmpeg -v error -i "$tmp/one$i.nut" -f framemd5 - | grep -v '^#')
    [ -n "$a" ] && [ "$a" = "$b" ] || fail "clip$i: the batch's frames differ from a single run's"
    tail -n 1 "$tmp/res/clip$i.progress.json" | grep -q '"done":true,"status":0' || fail "clip$i: no done line"
  done
  [ "$(ls "$tmp/res"/*.nut | wc -l)" = 4 ] || fail "expected 4 outputs"
  PINSTRIPE=$bin "$batch" "$tmp/res" "$opts" "$tmp/broken.mp4" 2>/dev/null && fail "broken.mp4 alone succeeded"
  rm "$tmp/res/clip2.nut"
  PINSTRIPE=$bin "$batch" -e nut "$tmp/res" "$opts" "$tmp/clip2.mp4" 2>/dev/null || fail "clip2.mp4 alone failed"
  [ -s "$tmp/res/clip2.nut" ] || fail "clip2.mp4 alone: no output"
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "PASS $case_name"
