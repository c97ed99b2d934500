#!/usr/bin/env bash
# What check-short.sh leaves out of check.sh, for a second call on the same
# machine: compute-sanitizer racecheck, initcheck and synccheck (direct and
# NVDEC), the 8-bit 1080p H.264 clip through camera= (CPU = CUDA = NVDEC),
# issue 42's A/B (pinstripe-bench --grade, b2a8e2c against this build), and
# test_live. Every line also in $OUT/summary.txt as it comes.
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
pk=.pack
sum() { echo "$*" | tee -a "$out/summary.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
for hw in "" "--hwdec cuda"; do
  for tool in racecheck initcheck synccheck; do
    timeout 100 compute-sanitizer --tool $tool --error-exitcode 9 pinstripe -q --backend cuda $hw --no-display \
      --frames 2 -t camera=slog3-cine -o "$out/san.nut" -c rawvideo $pk/log2160.mkv >"$out/san.txt" 2>&1
    rc=$?; sum "compute-sanitizer $tool ${hw:-direct}: rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san.txt" | head -1)"
  done
done
rm -f "$out/san.nut"
for cam in slog3-cine "vlog:mix=0.6"; do
  timeout 40 pinstripe -q --backend cpu --no-display --frames 12 -t camera=$cam -o "$out/cpu.nut" -c rawvideo $pk/e1080.mp4
  timeout 40 pinstripe -q --backend cuda --stripes 3 --no-display --frames 12 -t camera=$cam -o "$out/cuda.nut" -c rawvideo $pk/e1080.mp4 &&
    cmp -s "$out/cpu.nut" "$out/cuda.nut" && sum "e1080.mp4 camera=$cam stripes 3: CUDA = CPU" || sum "e1080.mp4 camera=$cam CUDA DIFFERS"
  timeout 40 pinstripe -q --backend cuda --hwdec cuda --no-display --frames 12 -t camera=$cam -o "$out/hw.nut" -c rawvideo $pk/e1080.mp4 &&
    cmp -s "$out/cpu.nut" "$out/hw.nut" && sum "e1080.mp4 camera=$cam NVDEC: = CPU" || sum "e1080.mp4 camera=$cam NVDEC DIFFERS"
done
rm -f "$out"/*.nut
for r in 1 2; do
  for b in pinstripe-bench-old pinstripe-bench; do
    echo "-- round $r $b"; timeout 80 $b --reps 3 --grade 2>&1 | grep -E 'lut3d 33'
  done
done 2>&1 | tee "$out/bench-grade.txt"
( time timeout 100 test_live ) >"$out/test_live.log" 2>&1; sum "test_live rc=$?"; tail -3 "$out/test_live.log"
