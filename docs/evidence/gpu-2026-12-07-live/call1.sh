#!/usr/bin/env bash
# Call 1 of the 2026-12-07 (issue 52) GPU run: live grading that holds.
# test_soak at the issue's counts (10,000 live CDL changes one and three in
# flight, 1,000 't', 1,000 eq/mix, each frame against a CPU stage), test_live,
# test_gpu, the player CPU against CUDA and before (8e.. main, *-base) against
# after on cdl=, camera=, lut= chains, compute-sanitizer on a soak slice.
# Each result line also in $OUT/summary.txt as it comes.
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
cd .packA
sum() { echo "$*" | tee -a "$out/summary.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
( time timeout 240 env PINSTRIPE_SOAK=full ./test_soak ) >"$out/soak.log" 2>&1
sum "test_soak full rc=$?"; grep -E "^cuda|failed|real" "$out/soak.log" | tee -a "$out/summary.txt"
( time timeout 60 ./test_live ) >"$out/live.log" 2>&1; sum "test_live rc=$? $(grep -E '^cuda' "$out/live.log" | head -2)"
( time timeout 200 ./test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$? $(tail -2 "$out/test_gpu.log" | tr '\n' ' ')"
cdl="cdl=slope=1.1/1/0.9:offset=0.01:power=0.95:sat=1.1"
for clip in y10.mkv h264.mp4; do
  for spec in "$cdl" "$cdl,camera=slog3" "camera=slog3-cine" "lut=file=teal-orange.cube" \
              "lut3d=file=teal-orange.cube:mix=0.6" "cdl=file=c.cc,camera=clog3:output=hdr-pq-1000"; do
    for v in pinstripe pinstripe-base; do for be in cpu cuda; do
      ./$v -q --no-display --backend $be -t "$spec" --out-depth 16 -c rawvideo -o /tmp/$v-$be.nut $clip 2>/tmp/err || echo "($v $be: $(head -1 /tmp/err))"
    done; done
    c=$(cmp -s /tmp/pinstripe-cpu.nut /tmp/pinstripe-cuda.nut && echo same || echo DIFFER)
    b=$(cmp -s /tmp/pinstripe-base-cuda.nut /tmp/pinstripe-cuda.nut && echo same || echo differ)
    sum "player $clip -t $spec: cpu vs cuda $c; before vs after (cuda) $b"
  done
done
for tool in memcheck initcheck racecheck; do
  timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 env PINSTRIPE_SOAK=150 ./test_soak >"$out/san-$tool.txt" 2>&1
  sum "compute-sanitizer $tool test_soak 150: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san-$tool.txt" | tail -1)"
done
