#!/usr/bin/env bash
# Runs on the GPU machine after tools/gpu-check.sh (same .pack/): the stage's
# yuv420p output for the encoder, CUDA against CPU (ffv1, lossless: the files
# are compared where FFmpeg is) and under compute-sanitizer, then file to file
# with libx264 (default preset, -t lut3d 33³), --enc-path yuv against bgr,
# RUNS (3) runs each, with each run's --stats summary. Expects in .pack/:
#   even.mkv (640x480), w1080.mp4 and w2160.mp4 (H.264). Logs go to $OUT.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$top/gpu-out}; mkdir -p "$out"
source "$top/.pack/env.sh"
pk=$top/.pack; lut=$top/assets/luts/teal-orange.cube; runs=${RUNS:-3}
status=0
echo "== yuv420p output: cpu and cuda files (compared on the build machine)"
for t in none sepia "lut3d=file=$lut"; do
  for s in 1 3 8; do
    tag=$(echo "$t" | tr -c 'a-z0-9\n' _ | cut -c1-12)-$s
    for be in cpu cuda; do
      "$pk/pinstripe" -q --backend $be --no-display -t "$t" --stripes $s -c ffv1 -o "$out/yuv-$be-$tag.mkv" "$pk/even.mkv" ||
        { echo "FAIL: $be -t $t --stripes $s"; status=1; }
    done
  done
done
(cd "$out" && tar cf yuv-files.tar yuv-*.mkv && rm -f yuv-*.mkv) # one file to bring back
echo "== compute-sanitizer on the yuv420p path"
for tool in memcheck racecheck synccheck initcheck; do
  compute-sanitizer --tool $tool --error-exitcode 9 "$pk/pinstripe" -q --backend cuda --no-display \
    --frames 6 -t sepia -c ffv1 -o /tmp/san.mkv "$pk/even.mkv" >/tmp/san.txt 2>&1
  echo "$tool: exit $?, $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' /tmp/san.txt | head -n 1)"
done
echo "== file to file, libx264, -t lut3d: --enc-path yuv vs bgr"
for clip in w1080 w2160; do
  for r in $(seq "$runs"); do
    for path in yuv bgr; do
      t0=$(date +%s%N)
      "$pk/pinstripe" --backend cuda --no-display --enc-path $path -t "lut3d=file=$lut" \
        -o /tmp/o.mp4 "$pk/$clip.mp4" 2>"$out/run-$clip-$path-$r.txt" || status=1
      ms=$(( ($(date +%s%N) - t0) / 1000000 ))
      n=$(grep -o '^pinstripe: [0-9]* frames' "$out/run-$clip-$path-$r.txt" | grep -o '[0-9]*')
      echo "$clip $path run $r: $n frames in $ms ms = $(awk -v n="$n" -v ms="$ms" 'BEGIN { printf "%.1f", n * 1000 / ms }') fps"
    done
  done
  for path in yuv bgr; do echo "-- $clip $path, last run:"; grep -E 'decode|stage|display|frames in' "$out/run-$clip-$path-$runs.txt"; done
done
(cd "$out" && tar cf runs.tar run-*.txt && rm -f run-*.txt)
exit $status
