#!/usr/bin/env bash
# The short form of check.sh for the device time that was left (about 9 minutes):
# in order of what matters, each step under its own limit, every line also in
# $OUT/summary.txt as it comes:
#   test_gpu (CPU = CUDA on every OpenColorIO operation kind, cdl=, 1/3/8
#   stripes, every layout), camera= through the player CPU = CUDA = NVDEC on the
#   10-bit 2160p log clip, compute-sanitizer memcheck (direct and NVDEC),
#   pinstripe-bench --ocio one round, pinstripe-e2e with NVDEC (camera=, 2 reps),
#   test_ocio.
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
pk=.pack
sum() { echo "$*" | tee -a "$out/summary.txt"; }
sum "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
( time timeout 150 test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$? $(tail -1 "$out/test_gpu.log" | head -c 200)"
grep -E 'combinations|equal|skipped|FAIL|failed' "$out/test_gpu.log" | tail -3
clip=$pk/log2160.mkv
for cam in slog3-cine "logc3:range=legal:output=hdr-pq-1000"; do
  timeout 40 pinstripe -q --backend cpu --no-display --frames 6 -t camera=$cam -o "$out/cpu.nut" -c rawvideo $clip
  for s in 1 8; do
    timeout 40 pinstripe -q --backend cuda --stripes $s --no-display --frames 6 -t camera=$cam -o "$out/cuda.nut" -c rawvideo $clip &&
      cmp -s "$out/cpu.nut" "$out/cuda.nut" && sum "camera=$cam stripes $s: CUDA = CPU (6 frames 2160p 10-bit)" || sum "camera=$cam stripes $s: CUDA DIFFERS"
  done
  timeout 40 pinstripe -q --backend cuda --hwdec cuda --no-display --frames 6 -t camera=$cam -o "$out/hw.nut" -c rawvideo $clip &&
    cmp -s "$out/cpu.nut" "$out/hw.nut" && sum "camera=$cam --hwdec cuda (NVDEC): = CPU" || sum "camera=$cam NVDEC DIFFERS"
done
rm -f "$out"/*.nut
for hw in "" "--hwdec cuda"; do
  timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 pinstripe -q --backend cuda $hw --no-display \
    --frames 2 -t camera=slog3-cine,cdl=slope=1.1:sat=1.2 -o "$out/san.nut" -c rawvideo $clip >"$out/san.txt" 2>&1
  sum "compute-sanitizer memcheck ${hw:-direct}: rc=$? $(grep -E 'ERROR SUMMARY' "$out/san.txt" | head -1)"
done
rm -f "$out/san.nut"
timeout 90 pinstripe-bench --reps 3 --ocio 2>&1 | grep -E 'camera=|lut3d 33' | tee -a "$out/summary.txt"
timeout 90 pinstripe-e2e --reps 2 --hwdec cuda $clip --backend cuda -t camera=slog3-cine 2>&1 | tail -3 | tee -a "$out/summary.txt"
( time timeout 40 test_ocio ) >"$out/test_ocio.log" 2>&1; sum "test_ocio rc=$?"; grep -E 'every camera' "$out/test_ocio.log"
