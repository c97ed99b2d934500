#!/usr/bin/env bash
# Issue 43 (and 42's pending GPU run) on the GPU machine, from the checkout with
# .pack/ carried, in order of what matters most, each step under a time limit:
#   test_gpu      CPU = CUDA byte for byte, with the OpenColorIO steps: three
#                 camera chains (data and legal levels, a mix, second in a chain)
#                 and two CLF files (matrix, 1D and 3D tables, CDL, affine log,
#                 exponent, range; an inverse), every deep layout, 1/3/8 stripes
#   camera        the player, CPU = CUDA = NVDEC on a 10-bit 2160p HEVC log clip
#                 (log2160.mkv) and an 8-bit 1080p H.264 one, stripes 1, 3, 8
#   sanitizer     compute-sanitizer's memcheck, racecheck, initcheck, synccheck on
#                 camera=slog3-cine, the direct path and NVDEC
#   bench         pinstripe-bench --ocio (2160p stage: camera=slog3-cine against
#                 lut3d 33³), 3 rounds; pinstripe-e2e with NVDEC on log2160.mkv
#                 (camera= and lut3d), decode alone against the pipeline
#   house         pinstripe-bench --grade, the build before issue 42's move
#                 (pinstripe-bench-old, b2a8e2c) and this one, alternating
#   rest          test_live, test_ocio (the programs against OCIO, on this CPU)
set -u
out=${OUT:-/tmp/o}; mkdir -p "$out"
source .pack/env.sh
pk=.pack
sum() { echo "$*" | tee -a "$out/summary.txt"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/gpu.txt"
( time timeout 240 test_gpu ) >"$out/test_gpu.log" 2>&1; sum "test_gpu rc=$?"; tail -4 "$out/test_gpu.log"
# camera= through the player
for clip in log2160.mkv e1080.mp4; do
  for cam in slog3-cine "logc3:range=legal" "vlog:mix=0.6"; do
    timeout 60 pinstripe -q --backend cpu --no-display --frames 12 -t camera=$cam -o "$out/cpu.nut" -c rawvideo $pk/$clip || sum "cpu $clip $cam failed"
    for s in 1 3 8; do
      timeout 60 pinstripe -q --backend cuda --stripes $s --no-display --frames 12 -t camera=$cam -o "$out/cuda.nut" -c rawvideo $pk/$clip &&
        cmp "$out/cpu.nut" "$out/cuda.nut" && sum "$clip camera=$cam stripes $s: CUDA = CPU" || sum "$clip camera=$cam stripes $s: CUDA DIFFERS"
    done
    timeout 60 pinstripe -v --backend cuda --hwdec cuda --no-display --frames 12 -t camera=$cam -o "$out/hw.nut" -c rawvideo $pk/$clip 2>"$out/hw.txt" &&
      cmp "$out/cpu.nut" "$out/hw.nut" && sum "$clip camera=$cam --hwdec cuda: = CPU ($(grep -o '[0-9]* frames from NVDEC' "$out/hw.txt"))" || sum "$clip camera=$cam NVDEC DIFFERS"
  done
done
rm -f "$out"/*.nut
# compute-sanitizer
for hw in "" "--hwdec cuda"; do
  for tool in memcheck racecheck initcheck synccheck; do
    timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 pinstripe -q --backend cuda $hw --no-display \
      --frames 3 -t camera=slog3-cine -o "$out/san.nut" -c rawvideo $pk/log2160.mkv >"$out/san.txt" 2>&1
    rc=$?; sum "compute-sanitizer $tool ${hw:-direct}: rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san.txt" | head -1)"
  done
done
rm -f "$out/san.nut"
for r in 1 2 3; do pinstripe-bench --reps 3 --ocio 2>&1 | grep -E 'camera=|lut3d 33'; done | tee "$out/bench-ocio.txt"
for t in camera=slog3-cine lut3d=file=assets/luts/teal-orange.cube; do
  echo "-- e2e NVDEC log2160.mkv -t $t"
  timeout 150 pinstripe-e2e --reps 3 --hwdec cuda $pk/log2160.mkv --backend cuda -t $t 2>&1 | tail -4
done | tee "$out/e2e-nvdec.txt"
for r in 1 2; do
  for b in pinstripe-bench-old pinstripe-bench; do
    echo "-- round $r $b"; timeout 100 $b --reps 3 --grade 2>&1 | grep -E 'lut3d 33'
  done
done 2>&1 | tee "$out/bench-grade.txt"
( time timeout 120 test_live ) >"$out/test_live.log" 2>&1; sum "test_live rc=$?"; tail -3 "$out/test_live.log"
( time timeout 60 test_ocio ) >"$out/test_ocio.log" 2>&1; sum "test_ocio rc=$?"; tail -8 "$out/test_ocio.log"
