#!/usr/bin/env bash
# The least of check.sh, for the last few minutes of device time: test_gpu (CPU =
# CUDA on every OpenColorIO operation kind and cdl=), camera= through the player
# CPU = CUDA = NVDEC, compute-sanitizer memcheck. Each line in $OUT/summary.txt.
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
sum() { echo "$*" | tee -a "$out/summary.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
( time timeout 100 test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$?"; tail -3 "$out/test_gpu.log"
clip=.pack/log2160.mkv t=camera=slog3-cine,cdl=slope=1.1/1/0.9:sat=1.2
timeout 30 pinstripe -q --backend cpu --no-display --frames 4 -t $t -o "$out/cpu.nut" -c rawvideo $clip
timeout 30 pinstripe -q --backend cuda --stripes 8 --no-display --frames 4 -t $t -o "$out/cuda.nut" -c rawvideo $clip &&
  cmp -s "$out/cpu.nut" "$out/cuda.nut" && sum "$t, 4 frames 2160p 10-bit, 8 stripes: CUDA = CPU" || sum "$t: CUDA DIFFERS"
timeout 30 pinstripe -q --backend cuda --hwdec cuda --no-display --frames 4 -t $t -o "$out/hw.nut" -c rawvideo $clip &&
  cmp -s "$out/cpu.nut" "$out/hw.nut" && sum "$t --hwdec cuda (NVDEC): = CPU" || sum "$t: NVDEC DIFFERS"
rm -f "$out"/*.nut
timeout 50 compute-sanitizer --tool memcheck --error-exitcode 9 pinstripe -q --backend cuda --no-display \
  --frames 2 -t $t -o "$out/san.nut" -c rawvideo $clip >"$out/san.txt" 2>&1
sum "compute-sanitizer memcheck: rc=$? $(grep -E 'ERROR SUMMARY' "$out/san.txt" | head -1)"
rm -f "$out/san.nut"
# then, while time is left: the stage's speed, camera= against a 33³ table, one round
timeout 90 pinstripe-bench --reps 3 --ocio 2>&1 | grep -E 'camera=|lut3d 33' | tee -a "$out/summary.txt"
